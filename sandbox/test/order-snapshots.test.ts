// A confirm or cancel of an order this server created and nobody changed since is one statement
// (shared/orderAccess.ts, OrderSnapshots): the server decides from what it wrote, and writes only if
// the order's version is still the one it wrote. Whatever happened to the order since (another
// process changed it, another company asks, the answer is a refusal) is decided from a read, and
// the answers are the ones a read gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Store } from '../src/db/store.js'
import { Newest } from '../src/shared/newest.js'
import { createBody, quoteBody, removeStore, startSandbox, type Credentials, type Sandbox } from './support/harness.js'

let sandbox: Sandbox
let acme: Credentials
let globex: Credentials
/** The statements the server sent, in order (the store wrapped). */
const sent: string[] = []
const counting = (store: Store): Store =>
  Object.assign(Object.create(store) as Store, {
    query: (sql: string, params?: ReadonlyArray<unknown>) => {
      sent.push(sql)
      return store.query(sql, params)
    },
    transaction: <T>(fn: Parameters<Store['transaction']>[0]) => {
      sent.push('BEGIN')
      return store.transaction(fn) as Promise<T>
    },
  })

beforeAll(async () => {
  sandbox = await startSandbox(undefined, {}, counting)
  acme = await sandbox.company('Acme Freight Buyers')
  globex = await sandbox.company('Globex Shipping')
})
afterAll(async () => {
  await sandbox.stop()
  removeStore(sandbox.storeOptions)
})

/** An order created by acme on its quote (no saved place, no appointment). */
const create = async (): Promise<string> => {
  const quote = await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody() })
  expect(quote.status).toBe(200)
  const created = await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ quoteId: (quote.json as { id: string }).id }) })
  expect(created.status).toBe(200)
  return (created.json as { orderNumber: string }).orderNumber
}
/** The order's statements of one request: `run` sends it, the result is what it sent to the database. */
const statementsOf = async <T>(run: () => Promise<T>): Promise<{ readonly result: T; readonly statements: ReadonlyArray<string> }> => {
  // the company's time offset and credentials are read once and kept: warm them first
  await sandbox.call('GET', '/v1/shipper/shipment/XXXXX', { as: acme, unchecked: 'a 404 that only warms the caches' })
  const from = sent.length
  const result = await run()
  return { result, statements: sent.slice(from) }
}
const statusOf = async (orderNumber: string): Promise<unknown> => (await sandbox.store.query<{ status: string }>('SELECT status FROM orders WHERE order_number = $1', [orderNumber]))[0]?.status

describe('confirm and cancel of an order this server created', () => {
  it('confirm: one statement, the conditional update', async () => {
    const order = await create()
    const { result, statements } = await statementsOf(() => sandbox.call('PUT', `/v1/shipper/shipment/${order}/confirm`, { as: acme }))
    expect(result.status).toBe(200)
    expect((result.json as { orderStatus: string }).orderStatus).toBe('CONFIRMED')
    expect(await statusOf(order)).toBe('CONFIRMED')
    expect(statements).toHaveLength(1)
    expect(statements[0]).toMatch(/UPDATE orders SET .* AND version = /s)
    // the snapshot was used once: a second confirm reads the order and answers as a read says
    const again = await statementsOf(() => sandbox.call('PUT', `/v1/shipper/shipment/${order}/confirm`, { as: acme }))
    expect(again.result.status).toBe(400)
    expect(again.statements.length).toBeGreaterThanOrEqual(1)
    expect(again.statements[0]).toMatch(/^SELECT/)
  })

  it('cancel: one statement too', async () => {
    const order = await create()
    const { result, statements } = await statementsOf(() => sandbox.call('PUT', `/v1/shipper/shipment/${order}/cancel`, { as: acme }))
    expect(result.status).toBe(200)
    expect(await statusOf(order)).toBe('CANCELLED')
    expect(statements).toHaveLength(1)
  })

  it('an order changed since (as another process would: the version bumped) is read again, and the answer is the read one', async () => {
    const order = await create()
    // another process cancels it: every writer bumps the version
    await sandbox.store.query("UPDATE orders SET status = 'CANCELLED', version = version + 1 WHERE order_number = $1", [order])
    const { result, statements } = await statementsOf(() => sandbox.call('PUT', `/v1/shipper/shipment/${order}/confirm`, { as: acme }))
    expect(await statusOf(order)).toBe('CANCELLED')
    // the answer a read gives: the same refusal as a second confirm's, which has no snapshot left
    const read = await sandbox.call('PUT', `/v1/shipper/shipment/${order}/confirm`, { as: acme })
    expect(result.status).toBe(400)
    expect(result.status).toBe(read.status)
    const { instance: _i, ...problem } = result.json as Record<string, unknown>
    const { instance: _j, ...readProblem } = read.json as Record<string, unknown>
    expect(problem).toEqual(readProblem)
    // the guarded update wrote nothing, then the read decided
    expect(statements[0]).toMatch(/UPDATE orders/)
    expect(statements[1]).toMatch(/^SELECT/)
  })

  it("another company's confirm is decided from a read (403/404 as ever), and changes nothing", async () => {
    const order = await create()
    const foreign = await sandbox.call('PUT', `/v1/shipper/shipment/${order}/confirm`, { as: globex })
    expect([403, 404]).toContain(foreign.status)
    expect(await statusOf(order)).toBe('INITIALIZED')
    const own = await sandbox.call('PUT', `/v1/shipper/shipment/${order}/confirm`, { as: acme })
    expect(own.status).toBe(200)
  })
})

describe('Newest: what a server remembers of what it wrote', () => {
  it('keeps the newest max by key (writing a key again makes it the newest), and take forgets what it gives', () => {
    class Kept extends Newest<number> {
      put(key: string, value: number) {
        this.keep(key, value)
      }
    }
    const kept = new Kept(3)
    for (const [k, v] of [['a', 1], ['b', 2], ['c', 3]] as const) kept.put(k, v)
    kept.put('a', 10)
    kept.put('d', 4)
    expect(kept.get('b')).toBeUndefined()
    expect([kept.get('a'), kept.get('c'), kept.get('d')]).toEqual([10, 3, 4])
    expect(kept.take('c')).toBe(3)
    expect(kept.take('c')).toBeUndefined()
    expect(kept.get('c')).toBeUndefined()
  })
})
