// `shipper-rules-sandbox logs tail` (issue 34): a company's request log, live, one line per request,
// with the console's filters, read from the stream of any sandbox process on the same database.
//
// Two processes on one database: with DATABASE_URL set (PostgreSQL; .ci/run sets it for the
// sandbox suite), two sandbox processes A and B share it, requests go to A and `logs tail` reads B:
// what A logged reaches the tail through the database. Without it (PGlite: two processes cannot
// share a data directory, see db/dataDirLock.ts) the same runs with ONE sandbox, A serving both the
// requests and the tail (in the test's process: a CLI start on PGlite costs 10 s more); the path
// from the table to the tail is the same, and `logs tail` is the command line in both.
import { spawn } from 'node:child_process'
import { limitMs, SANDBOX_BIN, startSandbox } from 'shipper-rules-testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { removeStore, startSandbox as startInProcess } from './support/harness.js'

const onPostgres = (process.env['DATABASE_URL'] ?? '') !== ''

/** A running sandbox as this file uses it: its URL, a company's credentials, and how to stop it. */
interface Side {
  readonly baseUrl: string
  readonly token: string
  readonly apiKey: string
  readonly stop: () => Promise<unknown>
}
let a: Side
let b: Side

beforeAll(async () => {
  if (onPostgres) {
    // two processes; each reads DATABASE_URL itself: the same database and schema for both
    a = await startSandbox({})
    b = await startSandbox({})
  } else {
    const sandbox = await startInProcess()
    const company = await sandbox.company('Tail Co')
    a = b = { baseUrl: sandbox.base, token: company.token, apiKey: company.apiKey, stop: async () => (await sandbox.stop(), removeStore(sandbox.storeOptions)) }
  }
}, limitMs(360_000))

afterAll(async () => {
  if (b !== undefined && b !== a) await b.stop()
  await a?.stop()
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Runs the command line to its end without blocking this process (the sandbox may be in it): exit code and standard error. */
const cli = (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv): Promise<{ status: number | null; stderr: string }> =>
  new Promise((done) => {
    const child = spawn(process.execPath, [SANDBOX_BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'], env })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c))
    child.once('close', (status) => done({ status, stderr }))
  })

describe('logs tail', () => {
  it(`prints the requests sent to ${onPostgres ? 'process A, read from process B on the same PostgreSQL' : 'the sandbox (one process: PGlite)'}, live, only those its filters keep`, async () => {
    const tail = spawn(process.execPath, [SANDBOX_BIN, 'logs', 'tail', '--base-url', b.baseUrl, '--token', a.token, '--api-key', a.apiKey, '--status', '4xx', '--path', '/v1/shipper/shipment/'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    tail.stdout.setEncoding('utf8').on('data', (c: string) => (out += c))
    tail.stderr.setEncoding('utf8').on('data', (c: string) => (err += c))
    const exited = new Promise<number | null>((done) => tail.once('exit', (code) => done(code)))
    const headers = { authorization: `Bearer ${a.token}`, 'x-service-api-key': a.apiKey }
    try {
      // the tail sees what arrives after its stream opened: send a pair until a line shows up
      const deadline = Date.now() + limitMs(60_000)
      while (!out.includes('ZZ9Z9')) {
        if (Date.now() > deadline) throw new Error(`no line from logs tail; stderr: ${err}`)
        expect((await fetch(`${a.baseUrl}/sandbox/clock`, { headers })).status).toBe(200)
        expect((await fetch(`${a.baseUrl}/v1/shipper/shipment/ZZ9Z9/tracking`, { headers })).status).toBe(404)
        await sleep(150)
      }
      const lines = out.trim().split('\n')
      for (const line of lines) expect(line).toMatch(/^\S+Z\s+GET\s+404\s+\/v1\/shipper\/shipment\/ZZ9Z9\/tracking\s+shipment_not_found\s+\d+\.\d ms\s+#\d+$/)
      expect(out).not.toContain('/sandbox/clock')
    } finally {
      tail.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
  }, limitMs(120_000))

  it('without credentials it says what it needs (exit 2); refused credentials print the ProblemDetail (exit 1)', async () => {
    // none of the banner's exports ($SANDBOX, $TOKEN, $KEY) to fall back on
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !['SANDBOX', 'TOKEN', 'KEY'].includes(name)))
    const missing = await cli(['logs', 'tail', '--base-url', a.baseUrl], env)
    expect(missing.status).toBe(2)
    expect(missing.stderr).toContain('logs tail needs')
    const refused = await cli(['logs', 'tail', '--base-url', a.baseUrl, '--token', 'nope', '--api-key', a.apiKey], env)
    expect(refused.status).toBe(1)
    expect(refused.stderr).toContain('401')
    expect(refused.stderr).toContain('unauthorized')
    const badFilter = await cli(['logs', 'tail', '--base-url', a.baseUrl, '--token', a.token, '--api-key', a.apiKey, '--status', 'teapot'], env)
    expect(badFilter.status).toBe(1)
    expect(badFilter.stderr).toContain('validation_failed')
  }, limitMs(60_000))
})
