// Idempotency-Key on shipment create (CRT-10), decided by the library, and written with the order
// in one statement only if the key is still as the create read it (no lock held across the
// decision): 50 parallel creates with one key make one shipment and 50 identical answers, also
// when the key's record has expired and they race to replace it, and when their bodies differ; a
// replay returns the original response whatever happened since; the key is free after 24 hours by
// the sandbox clock; keys are per company. Parallel changes of one order's state each see the
// state the one before left (the order's version).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBody, quoteBody, removeStore, startSandbox, type Credentials, type Sandbox } from './support/harness.js'

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

  it('50 parallel creates on one expired key: one new shipment, 50 identical answers', async () => {
    const first = await sandbox.call('POST', '/v1/shipper/shipment', { as: globex, body: createBody(), headers: { 'idempotency-key': 'expired-race' } })
    expect(first.status).toBe(200)
    await sandbox.call('POST', '/sandbox/clock', { as: globex, body: { hours: 24, minutes: 1 } })
    const before = await countOrders(globex.companyId)
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => sandbox.call('POST', '/v1/shipper/shipment', { as: globex, body: createBody({ description: 'After expiry' }), headers: { 'idempotency-key': 'expired-race' } })),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200))
    expect(new Set(answers.map((a) => a.bytes.toString('utf8'))).size).toBe(1)
    expect(answers[0]?.json.orderNumber).not.toBe(first.json.orderNumber)
    expect(await countOrders(globex.companyId)).toBe(before + 1)
  })

  it('40 parallel creates with one key and two bodies: one shipment; its body is answered 200, the other 409', async () => {
    const before = await countOrders(acme.companyId)
    const bodies = [createBody({ description: 'Body A' }), createBody({ description: 'Body B' })]
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: bodies[i % 2], headers: { 'idempotency-key': 'two-bodies' } })),
    )
    expect(await countOrders(acme.companyId)).toBe(before + 1)
    const ok = answers.filter((a) => a.status === 200)
    expect(new Set(ok.map((a) => a.bytes.toString('utf8'))).size).toBe(1)
    const winner = answers.findIndex((a) => a.status === 200) % 2
    answers.forEach((a, i) => expect(a.status).toBe(i % 2 === winner ? 200 : 409))
  })

  it('parallel confirms and cancels of one order: one chain of states, each change from the state the one before left', async () => {
    const quote = await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody() })
    const order = (await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ quoteId: quote.json.id }) })).json.orderNumber as string
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => sandbox.call('PUT', `/v1/shipper/shipment/${order}/${i % 3 === 2 ? 'cancel' : 'confirm'}`, { as: acme })))
    const transitions = await sandbox.store.query<{ from_status: string; to_status: string }>(
      'SELECT t.from_status, t.to_status FROM order_transitions t JOIN orders o ON o.id = t.order_id WHERE o.order_number = $1 ORDER BY t.at, t.to_status',
      [order],
    )
    // each state is left at most once, every change starts where the previous one ended, and the
    // order ends where the last change left it
    expect(new Set(transitions.map((t) => t.from_status)).size).toBe(transitions.length)
    for (let i = 1; i < transitions.length; i++) expect(transitions[i]?.from_status).toBe(transitions[i - 1]?.to_status)
    expect(transitions[0]?.from_status).toBe('INITIALIZED')
    const status = (await sandbox.call('GET', `/v1/shipper/shipment/${order}`, { as: acme })).json.orderStatus
    expect(status).toBe(transitions.at(-1)?.to_status)
    // as many successful answers as changes written (a confirm of a confirmed order is refused)
    expect(answers.filter((a) => a.status === 200).length).toBe(transitions.length)
    // the refusals: a change the state it met does not allow
    for (const a of answers.filter((a) => a.status !== 200)) expect([a.status, a.json.reason]).toSatisfy(([status, reason]) => status === 400 && ['invalid_transition', 'order_not_cancellable'].includes(reason as string))
    expect(transitions.length).toBeGreaterThan(0)
  })

  it('without a key every create is a new shipment with its own unique order number', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => sandbox.call('POST', '/v1/shipper/shipment', { as: globex, body: createBody() })))
    expect(new Set(answers.map((a) => a.json.orderNumber)).size).toBe(20)
    expect(sandbox.openApiFailures).toEqual([])
  })
})
