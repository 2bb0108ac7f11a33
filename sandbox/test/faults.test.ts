// The server broken on purpose. A SIGKILL in the middle of a stream of creates: after a restart on
// the same data (PGlite directory or PostgreSQL schema), every create that was answered 200 is
// there exactly once with all its parts (the order, its components, its Idempotency-Key record),
// and nothing half-written is visible. A database that is not there at start: a clear message and
// exit code 1, never a hang.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from 'node:net'
import { limitMs, SANDBOX_BIN as BIN, startSandbox, type StartSandboxOptions } from 'shipper-rules-testkit'
import { afterAll, describe, expect, it } from 'vitest'
import { openStore, type StoreOptions } from '../src/db/store.js'
import { createBody, freshStoreOptions, removeStore } from './support/harness.js'

const storeOptions = freshStoreOptions()
afterAll(() => removeStore(storeOptions))

/** How the CLI reaches `options`' database: its data directory, or DATABASE_URL with the schema on its search path. */
const cliTarget = (options: StoreOptions): StartSandboxOptions => {
  const env = { ...process.env }
  delete env['DATABASE_URL']
  if (options.databaseUrl === undefined) return { dataDir: options.dataDir!, env }
  const url = new URL(options.databaseUrl)
  url.searchParams.set('options', `-c search_path=${options.schema}`)
  return { env: { ...env, DATABASE_URL: url.toString() } }
}

const components = [
  { palletCount: 2, poundsWeight: 900, dimensions: { length: 48, width: 40, height: 48 } },
  { palletCount: 1, poundsWeight: 400, freightClass: '70' },
  { palletCount: 3, poundsWeight: 1500, description: 'Canned goods' },
]

describe('faults', () => {
  it('SIGKILL mid-stream: every acknowledged create is there once and whole after a restart; nothing half-written', async () => {
    // the schema (PostgreSQL) must exist before the CLI puts it on its search path
    await (await openStore(storeOptions)).close()
    const target = cliTarget(storeOptions)
    const first = await startSandbox(target)
    const headers = { authorization: `Bearer ${first.token}`, 'x-service-api-key': first.apiKey, 'content-type': 'application/json' }
    const acknowledged = new Map<string, { orderNumber: string; text: string; body: string }>()
    let inFlight = 0
    let killed = false
    const worker = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const key = `fault-${w}-${i}`
        const body = JSON.stringify(createBody({ orderComponents: components, description: `Fault test ${w}/${i}`, referenceNumbers: [key] }))
        inFlight++
        try {
          const r = await fetch(`${first.baseUrl}/v1/shipper/shipment`, { method: 'POST', headers: { ...headers, 'idempotency-key': key }, body })
          const text = await r.text()
          if (r.status === 200) acknowledged.set(key, { orderNumber: JSON.parse(text).orderNumber, text, body })
        } catch {
          // the connection died with the server: not acknowledged
        } finally {
          inFlight--
        }
      }
    }
    const workers = Array.from({ length: 8 }, (_, w) => worker(w))
    // kill once enough creates were answered, while eight more are in flight
    const started = Date.now()
    while (acknowledged.size < 60 && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 20))
    const exited = new Promise((resolve) => first.child.once('exit', (_code, signal) => resolve(signal)))
    // the kill comes mid-stream: creates sent and not yet answered to the client (their answers may
    // still reach it from the socket's buffers, so this is counted here, not from the outcomes)
    const inFlightAtKill = inFlight
    first.child.kill('SIGKILL')
    killed = true
    expect(await exited).toBe('SIGKILL')
    await Promise.all(workers)
    expect(acknowledged.size).toBeGreaterThanOrEqual(60)
    expect(inFlightAtKill).toBeGreaterThan(0)

    // a restart on what the killed process left opens cleanly
    const second = await startSandbox(target)
    try {
      const auth = { authorization: `Bearer ${second.token}`, 'x-service-api-key': second.apiKey }
      for (const [key, ack] of acknowledged) {
        const read = await fetch(`${second.baseUrl}/v1/shipper/shipment/${ack.orderNumber}`, { headers: auth })
        expect(read.status).toBe(200)
        expect(await read.json()).toEqual(JSON.parse(ack.text))
        // the Idempotency-Key record was written with the order: the retry replays it
        const replay = await fetch(`${second.baseUrl}/v1/shipper/shipment`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': key }, body: ack.body })
        expect(replay.status).toBe(200)
        expect(await replay.text()).toBe(ack.text)
      }
      // and it works: a new create is answered
      const fresh = await fetch(`${second.baseUrl}/v1/shipper/shipment`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(createBody()) })
      expect(fresh.status).toBe(200)
    } finally {
      expect(await second.stop()).toBe(0)
    }

    // the database itself, read directly after the server stopped
    const store = await openStore(storeOptions)
    try {
      const orders = await store.query<{ order_number: string; request: { orderComponents: unknown[]; referenceNumbers?: string[] }; charges: unknown[] }>(
        "SELECT order_number, request, charges FROM orders WHERE request->>'description' LIKE 'Fault test %'",
      )
      const byNumber = new Map<string, number>()
      for (const o of orders) byNumber.set(o.order_number, (byNumber.get(o.order_number) ?? 0) + 1)
      for (const ack of acknowledged.values()) expect(byNumber.get(ack.orderNumber), ack.orderNumber).toBe(1)
      // every order the database holds is whole: three components, its charges, its key record
      const keys = await store.query<{ idempotency_key: string; response: string }>("SELECT idempotency_key, response FROM idempotency_keys WHERE idempotency_key LIKE 'fault-%'")
      const keyed = new Map(keys.map((k) => [JSON.parse(k.response).orderNumber as string, k.idempotency_key]))
      for (const o of orders) {
        expect(o.request.orderComponents).toHaveLength(3)
        expect(o.charges.length).toBeGreaterThan(0)
        expect(keyed.get(o.order_number)).toBe(o.request.referenceNumbers?.[0])
      }
      // no key answers an order that is not there, and no key made two orders
      expect(keys.length).toBe(orders.length)
      // at most the eight requests in flight when the server died were stored without an answer
      expect(orders.length - acknowledged.size).toBeGreaterThanOrEqual(0)
      expect(orders.length - acknowledged.size).toBeLessThanOrEqual(8)
    } finally {
      await store.close()
    }
  }, Math.max(180_000, limitMs(2 * 180_000 + 60_000))) // two starts

  it('a database that is not there at start: a message and exit code 1 within seconds, never a hang', async () => {
    // PostgreSQL: a port nobody listens on
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port
        s.close(() => resolve(p))
      })
    })
    const env = { ...process.env, DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` }
    const pg = await runCli(['--port', '0'], env)
    expect(pg.code).toBe(1)
    expect(pg.stderr).toMatch(/^shipper-rules-sandbox: .*(ECONNREFUSED|connect)/m)
    expect(pg.ms).toBeLessThan(20_000)

    // PGlite: a data directory that cannot be created (its parent is a file)
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-fault-'))
    try {
      writeFileSync(join(dir, 'file'), 'not a directory')
      const noDb = { ...process.env }
      delete noDb['DATABASE_URL']
      const lite = await runCli(['--port', '0', '--data', join(dir, 'file', `data-${randomBytes(3).toString('hex')}`)], noDb)
      expect(lite.code).toBe(1)
      expect(lite.stderr).toMatch(/^shipper-rules-sandbox: /m)
      expect(lite.stderr).not.toMatch(/listening on/)
      expect(lite.ms).toBeLessThan(20_000)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})

const runCli = (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string; ms: number }> =>
  new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(process.execPath, [BIN, '--quiet', ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')))
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr, ms: Date.now() - started })
    })
  })
