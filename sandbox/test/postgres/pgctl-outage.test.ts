// PostgreSQL itself stopped and started again under load, by `pg_ctl stop -m fast` and then by
// `pg_ctl stop -m immediate`. The cluster's backends end their connections (57P01, or the socket
// just closes), including connections checked out in the middle of a transaction: the server
// process must live through it, answer every request while the database is away with the 500
// ProblemDetail saying so (Retry-After), and serve again by itself once the database is back.
//
// It needs a cluster it may stop: SANDBOX_PG_CTL, a shell command prefix to which `stop -m fast -w`,
// `start -w` and `status` are appended, naming the cluster of DATABASE_URL with everything its
// start needs, e.g.
//   SANDBOX_PG_CTL="runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl -D /tmp/pg/data -l /tmp/pg/server.log -o '-p 55432 -k /tmp -c listen_addresses=127.0.0.1'"
// vitest.config.ts includes this file only when SANDBOX_PG_CTL is set (a test must never stop a
// PostgreSQL server nobody handed it), and .ci/run sets it for its throwaway cluster. The server
// under test is the CLI in a process of its own, so that a crash shows as an exit.
import { spawn, type ChildProcess } from 'node:child_process'
import { startSandbox, type RunningSandbox } from 'shipper-rules-testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type StoreOptions } from '../../src/db/store.js'
import { createBody, freshStoreOptions, quoteBody } from '../support/harness.js'

const PG_CTL = process.env['SANDBOX_PG_CTL'] ?? ''

/** Runs `$SANDBOX_PG_CTL <args>` through the shell; its exit code and output. */
const pgCtl = (args: string): Promise<{ code: number | null; output: string }> =>
  new Promise((resolve) => {
    const child = spawn('sh', ['-c', `${PG_CTL} ${args}`], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')))
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')))
    // 'exit', not 'close': a postmaster started without -l would keep the pipes open
    child.once('exit', (code) => resolve({ code, output }))
  })

const pgCtlOk = async (args: string): Promise<void> => {
  const r = await pgCtl(args)
  if (r.code !== 0) throw new Error(`${PG_CTL} ${args}: exit ${r.code}: ${r.output}`)
}

/** How the CLI reaches `options`' schema: DATABASE_URL with the schema on its search path. */
const cliEnv = (options: StoreOptions): NodeJS.ProcessEnv => {
  const url = new URL(options.databaseUrl!)
  url.searchParams.set('options', `-c search_path=${options.schema}`)
  return { ...process.env, DATABASE_URL: url.toString() }
}

const until = async (what: string, done: () => boolean, limitMs: number): Promise<void> => {
  const started = Date.now()
  while (!done()) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms: ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const storeOptions = freshStoreOptions()
let server: RunningSandbox | undefined
let serverOutput = ''

beforeAll(async () => {
  if (PG_CTL === '') throw new Error('SANDBOX_PG_CTL is not set: this file stops and starts the PostgreSQL cluster it names (see its header)')
  if (storeOptions.databaseUrl === undefined) throw new Error('DATABASE_URL is not set: this file needs the PostgreSQL server that SANDBOX_PG_CTL controls')
  // the schema must exist (and be migrated) before the CLI puts it on its search path
  await (await openStore(storeOptions)).close()
  const started = await startSandbox({ env: cliEnv(storeOptions) })
  server = started
  started.child.stderr!.on('data', (c: Buffer) => (serverOutput += c.toString('utf8')))
})

afterAll(async () => {
  // later test files need the cluster: start it again whatever happened here
  if (PG_CTL !== '' && (await pgCtl('status')).code === 3) await pgCtlOk('start -w')
  if (server !== undefined && server.child.exitCode === null && server.child.signalCode === null) expect(await server.stop()).toBe(0)
})

type Phase = 'up' | 'stopping' | 'down' | 'starting' | 'back'
interface Answer {
  readonly phase: Phase // when the request was sent
  readonly what: string
  readonly status: number | 'no answer'
  readonly unavailable: boolean // a 500 ProblemDetail saying the database is unavailable, with Retry-After
  readonly text: string
}

/**
 * A few clients cycling quote → create → confirm until told to stop (or a bounded number of
 * requests each); every answer is recorded with the phase of the outage its request was sent in.
 */
const load = (base: string, key: string, token: string) => {
  let phase: Phase = 'up'
  let running = true
  const answers: Answer[] = []
  const headers = { authorization: `Bearer ${token}`, 'x-service-api-key': key, 'content-type': 'application/json' }
  const call = async (what: string, method: string, path: string, body?: unknown): Promise<Answer> => {
    const sentIn = phase
    let answer: Answer
    try {
      const r = await fetch(`${base}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) })
      const text = await r.text()
      const unavailable =
        r.status === 500 &&
        /^application\/problem\+json/.test(r.headers.get('content-type') ?? '') &&
        r.headers.get('retry-after') !== null &&
        /database is unavailable/.test((JSON.parse(text) as { detail?: string }).detail ?? '')
      answer = { phase: sentIn, what, status: r.status, unavailable, text: text.slice(0, 300) }
    } catch (e) {
      answer = { phase: sentIn, what, status: 'no answer', unavailable: false, text: String(e) }
    }
    answers.push(answer)
    // while the database is away, pace the retries a little (the answer says Retry-After)
    if (answer.status !== 200) await new Promise((r) => setTimeout(r, 100))
    return answer
  }
  const worker = async (w: number) => {
    for (let i = 0; running && i < 1_500; i++) {
      const quote = await call('quote', 'POST', '/v1/shipper/quote', quoteBody({ customerReference: `pgctl-${w}-${i}` }))
      if (quote.status !== 200) continue
      const created = await call('create', 'POST', '/v1/shipper/shipment', createBody({ quoteId: JSON.parse(quote.text).id, description: `pg_ctl ${w}/${i}` }))
      if (created.status !== 200) continue
      await call('confirm', 'PUT', `/v1/shipper/shipment/${JSON.parse(created.text).orderNumber}/confirm`)
    }
  }
  const workers = Array.from({ length: 4 }, (_, w) => worker(w))
  return {
    answers,
    setPhase: (next: Phase) => void (phase = next),
    count: (p: (a: Answer) => boolean) => answers.filter(p).length,
    stop: async () => {
      running = false
      await Promise.all(workers)
    },
  }
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null

/**
 * One outage under load: creates answered, the cluster stopped in `mode`, answers while it is down,
 * the cluster started, a create answered again; then every answer checked.
 */
const outage = async (mode: 'fast' | 'immediate') => {
  const { child, baseUrl: base, apiKey: key, token } = server!
  expect(alive(child), `the server exited (${child.exitCode ?? child.signalCode}):\n${serverOutput}`).toBe(true)
  const traffic = load(base, key, token)
  try {
    // the load is running: a few creates answered before the stop
    await until('10 creates before the stop', () => traffic.count((a) => a.what === 'create' && a.status === 200) >= 10, 60_000)

    traffic.setPhase('stopping')
    await pgCtlOk(`stop -m ${mode} -w`)
    traffic.setPhase('down')
    // requests sent while the cluster is down are answered, by the live server
    await until('8 answers while the database is down', () => traffic.count((a) => a.phase === 'down') >= 8 || !alive(child), 60_000)
    expect(alive(child), `the server exited (${child.exitCode ?? child.signalCode}):\n${serverOutput}`).toBe(true)

    traffic.setPhase('starting')
    await pgCtlOk('start -w')
    traffic.setPhase('back')
    // it serves again by itself: a create sent after the restart succeeds
    await until('a create succeeds after the restart', () => traffic.count((a) => a.phase === 'back' && a.what === 'create' && a.status === 200) >= 1 || !alive(child), 60_000)
    expect(alive(child), `the server exited (${child.exitCode ?? child.signalCode}):\n${serverOutput}`).toBe(true)
  } finally {
    await traffic.stop()
  }

  // every answer is a success or the 500 saying the database is unavailable, with Retry-After
  // (never a dropped connection, never another error); while the cluster was down, only the latter
  const odd = traffic.answers.filter((a) => a.status !== 200 && !a.unavailable)
  expect(odd, JSON.stringify(odd.slice(0, 5), null, 2)).toEqual([])
  const down = traffic.answers.filter((a) => a.phase === 'down')
  expect(down.length).toBeGreaterThanOrEqual(8)
  for (const a of down) expect(a.unavailable, `${a.what} ${a.status} ${a.text}`).toBe(true)
  // successes on both sides of the outage
  expect(traffic.count((a) => a.phase === 'up' && a.status === 200)).toBeGreaterThan(0)
  expect(traffic.count((a) => a.phase === 'back' && a.status === 200)).toBeGreaterThan(0)
  expect(alive(child)).toBe(true)
}

describe('PostgreSQL stopped and started again by pg_ctl, under load', () => {
  // three outages per mode: a connection ended between two statements of a transaction (the case
  // that ended the process) happens in some outages, not in every one
  for (const mode of ['fast', 'immediate'] as const) {
    it(`pg_ctl stop -m ${mode}, three times: the server lives, answers 500 with Retry-After while the database is away, and serves again by itself`, async () => {
      for (let round = 0; round < 3; round++) await outage(mode)
    }, 600_000)
  }
})
