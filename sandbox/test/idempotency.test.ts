// Idempotency-Key on shipment create (CRT-10), decided by the library under a per-key database
// lock: 50 parallel creates with one key make one shipment and 50 identical answers; a replay
// returns the original response whatever happened since; the key is free after 24 hours by the
// sandbox clock; keys are per company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBody, removeStore, startSandbox, type Credentials, type Sandbox } from './support/harness.js'

let sandbox: Sandbox
let acme: Credentials
let globex: Credentials

beforeAll(async () => {
  sandbox = await startSandbox()
  acme = await sandbox.company('Acme Freight Buyers')
  globex = await sandbox.company('Globex Shipping')
})
afterAll(async () => {
  await sandbox.stop()
  removeStore(sandbox.storeOptions)
})

const countOrders = async (companyId: string): Promise<number> =>
  Number((await sandbox.store.query<{ n: unknown }>('SELECT count(*) AS n FROM orders WHERE company_id = $1', [companyId]))[0]?.n)

describe('CRT-10 Idempotency-Key', () => {
  it('50 parallel creates with one key: one shipment, 50 identical answers', async () => {
    const before = await countOrders(acme.companyId)
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody(), headers: { 'idempotency-key': 'race-50' } })),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200))
    expect(new Set(answers.map((a) => a.bytes.toString('utf8'))).size).toBe(1)
    expect(await countOrders(acme.companyId)).toBe(before + 1)
  })

  it('a replay returns the original response, even after the order moved on; key order and spacing do not matter', async () => {
    const body = createBody({ poNumber: 'PO-1' })
    const first = await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body, headers: { 'idempotency-key': 'replay-1' } })
    await sandbox.call('PUT', `/v1/shipper/shipment/${first.json.orderNumber}/cancel`, { as: acme })
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(body).reverse()), null, 2)
    const again = await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, raw: reordered, headers: { 'idempotency-key': 'replay-1', 'content-type': 'application/json' } })
    expect(again.status).toBe(200)
    expect(again.json).toEqual(first.json)
    expect(again.json.orderStatus).toBe('INITIALIZED')
  })

  it('the key is free again 24 hours later by the sandbox clock, and each company has its own keys', async () => {
    const first = await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody(), headers: { 'idempotency-key': 'window' } })
    const other = await sandbox.call('POST', '/v1/shipper/shipment', { as: globex, body: createBody({ description: 'Different' }), headers: { 'idempotency-key': 'window' } })
    expect(other.status).toBe(200)
    expect(other.json.orderNumber).not.toBe(first.json.orderNumber)
    await sandbox.call('POST', '/sandbox/clock', { as: acme, body: { hours: 23, minutes: 59 } })
    const inside = await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ description: 'Changed' }), headers: { 'idempotency-key': 'window' } })
    expect(inside.status).toBe(409)
    await sandbox.call('POST', '/sandbox/clock', { as: acme, body: { minutes: 1 } })
    const after = await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ description: 'Changed' }), headers: { 'idempotency-key': 'window' } })
    expect(after.status).toBe(200)
    expect(after.json.orderNumber).not.toBe(first.json.orderNumber)
  })

  it('without a key every create is a new shipment with its own unique order number', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => sandbox.call('POST', '/v1/shipper/shipment', { as: globex, body: createBody() })))
    expect(new Set(answers.map((a) => a.json.orderNumber)).size).toBe(20)
    expect(sandbox.openApiFailures).toEqual([])
  })
})
