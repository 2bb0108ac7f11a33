// PostgreSQL going away while the server runs (this folder needs the PostgreSQL server of
// DATABASE_URL; vitest.config.ts includes it only then, and .ci/run runs it on Debian's
// PostgreSQL). The server reaches the database through a TCP relay this test controls: cut (every
// connection reset, new ones refused), then black-holed (connections accepted, nothing answered),
// then restored. While the database is away every request is answered, promptly, by a 500
// ProblemDetail with Retry-After, never a hang; once it is back the server recovers by itself, and
// nothing a failed request tried to write is there.
import { createServer, connect, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBody, freshStoreOptions, startSandbox, type Answer, type Credentials, type Sandbox } from '../support/harness.js'

type Mode = 'up' | 'down' | 'blackhole'

/** A TCP relay to the database whose behaviour the test switches. */
const relay = async (target: { host: string; port: number }) => {
  let mode: Mode = 'up'
  const sockets = new Set<Socket>()
  const server: Server = createServer((client) => {
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    client.on('error', () => undefined)
    if (mode === 'down') return void client.destroy()
    if (mode === 'blackhole') return // accepted, never answered
    const upstream = connect(target.port, target.host)
    sockets.add(upstream)
    upstream.on('close', () => {
      sockets.delete(upstream)
      client.destroy()
    })
    upstream.on('error', () => client.destroy())
    client.on('close', () => upstream.destroy())
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as { port: number }).port,
    set(next: Mode) {
      mode = next
      if (next !== 'up') for (const s of sockets) s.destroy()
    },
    close: () => {
      for (const s of sockets) s.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

const direct = freshStoreOptions()
let proxy: Awaited<ReturnType<typeof relay>>
let sandbox: Sandbox
let acme: Credentials

beforeAll(async () => {
  const url = new URL(direct.databaseUrl!)
  proxy = await relay({ host: url.hostname, port: Number(url.port || 5432) })
  url.host = `127.0.0.1:${proxy.port}`
  sandbox = await startSandbox({ databaseUrl: url.toString(), schema: direct.schema! })
  acme = await sandbox.company('Acme Freight Buyers')
})
afterAll(async () => {
  proxy.set('up')
  await sandbox.stop()
  await proxy.close()
})

/** The answer and how long it took. */
const timed = async (f: () => Promise<Answer>): Promise<{ answer: Answer; ms: number }> => {
  const started = Date.now()
  const answer = await f()
  return { answer, ms: Date.now() - started }
}

const expectUnavailable = ({ answer, ms }: { answer: Answer; ms: number }, withinMs: number) => {
  expect(answer.status).toBe(500)
  expect(answer.contentType).toMatch(/^application\/problem\+json/)
  expect(answer.json.reason).toBe('internal_error')
  expect(answer.json.detail).toMatch(/database is unavailable/)
  expect(ms).toBeLessThan(withinMs)
}

describe('the database goes away and comes back', () => {
  it('answers 500 ProblemDetails promptly while it is away, recovers by itself, keeps nothing half-done', async () => {
    const before = await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ description: 'Before the outage' }) })
    expect(before.status).toBe(200)

    // cut: connections reset, new ones refused
    proxy.set('down')
    const read = await timed(() => sandbox.call('GET', `/v1/shipper/shipment/${before.json.orderNumber}`, { as: acme }))
    expectUnavailable(read, 10_000)
    const write = await timed(() => sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ description: 'During the outage' }) }))
    expectUnavailable(write, 10_000)
    expect(write.answer.json).toBeDefined()

    // black hole: the connection attempt is accepted and never answered; the 5 s connection timeout ends it
    proxy.set('blackhole')
    const stalled = await Promise.all(Array.from({ length: 5 }, () => timed(() => sandbox.call('GET', `/v1/shipper/shipment/${before.json.orderNumber}`, { as: acme }))))
    for (const s of stalled) expectUnavailable(s, 15_000)

    // back: the pool reconnects without a restart
    proxy.set('up')
    let answer: Answer | undefined
    for (let i = 0; i < 20 && answer?.status !== 200; i++) {
      answer = await sandbox.call('GET', `/v1/shipper/shipment/${before.json.orderNumber}`, { as: acme })
      if (answer.status !== 200) await new Promise((r) => setTimeout(r, 250))
    }
    expect(answer?.status).toBe(200)
    expect(answer?.json).toEqual(before.json)
    const after = await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ description: 'After the outage' }) })
    expect(after.status).toBe(200)

    // what was refused was not written
    const stored = await sandbox.store.query<{ d: string }>("SELECT request->>'description' AS d FROM orders ORDER BY created_at, d")
    expect(stored.map((r) => r.d).sort()).toEqual(['After the outage', 'Before the outage'])
    expect(sandbox.openApiFailures).toEqual([])
  }, 120_000)
})
