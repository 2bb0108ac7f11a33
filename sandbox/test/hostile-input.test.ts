// Input the database cannot hold (issue 24, item 4), over real HTTP: a NUL or a lone surrogate in
// any text of a quote, a create, a saved address, an appointment requirement or a company name, in
// a query or path parameter, an Idempotency-Key past its limit, a date past 9999: each is the
// library's 400 with a violation at the field's path (the library's wire-text rule, code
// `encoding`, where the text itself is at fault), never a 500, and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBody, freshStoreOptions, operatorHeaders, pickup, quoteBody, removeStore, startSandbox, type Answer, type Credentials, type Sandbox } from './support/harness.js'

const storeOptions = freshStoreOptions()
let sandbox: Sandbox
let acme: Credentials

beforeAll(async () => {
  sandbox = await startSandbox(storeOptions)
  acme = await sandbox.company('Acme Freight Buyers')
})
afterAll(async () => {
  await sandbox.stop()
  removeStore(storeOptions)
})

const HOSTILE = ['a\u0000b', '\ud800', 'x\udc00y', '\ude00\ud83d'] as const

/** Every string leaf of a JSON value, as a path of segments. */
const stringPaths = (value: unknown, path: ReadonlyArray<string | number> = []): Array<ReadonlyArray<string | number>> => {
  if (typeof value === 'string') return [path]
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]))
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]))
  return []
}

const withLeaf = (value: unknown, path: ReadonlyArray<string | number>, leaf: string): unknown => {
  if (path.length === 0) return leaf
  const [head, ...rest] = path
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? withLeaf(v, rest, leaf) : v))
  const o = value as Record<string, unknown>
  return { ...o, [head as string]: withLeaf(o[head as string], rest, leaf) }
}

const render = (path: ReadonlyArray<string | number>): string => path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('')

const expectRefused = (r: Answer, field: string, context: string): void => {
  expect(r.status, context).toBe(400)
  expect(r.json.reason, context).toBe('validation_failed')
  expect(r.json.violations.map((v: { field: string }) => v.field), context).toContain(field)
}

/** A create request with every free-text field the spec has, filled. */
const fullCreate = () =>
  createBody({
    pickupAddress: { ...pickup, address2: 'Dock 4', email: 'dock@lakeside.example', phoneExtension: '12', appointmentRequired: true },
    orderComponents: [{ palletCount: 2, poundsWeight: 900, description: 'Canned goods', nmfcCode: '123456', packagingType: 'PALLET', dimensions: { length: 48, width: 40, height: 48 } }],
    instructions: 'Call ahead',
    refNumber: 'BOL-7',
    poNumber: 'PO-7',
    referenceNumbers: ['R-1', 'R-2'],
    shipperDispatch: { name: 'Dispatch desk', email: 'dispatch@lakeside.example', phone: '+18475550100', scac: 'ABCD' },
    appointments: { pickup: { channel: 'EMAIL', leadTimeHours: 24, instructions: 'Dock 4', referenceNumbers: ['A-1'], contacts: [{ name: 'Dock desk', email: 'dock@lakeside.example', role: 'dock' }] } },
  })

describe('text the database cannot hold is the library 400, at its field', () => {
  it('every string of a quote request and of a create request, with a NUL or a lone surrogate', async () => {
    expect((await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody({ customerReference: 'REF-1' }) })).status).toBe(200)
    expect((await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: fullCreate() })).status).toBe(200)
    const before = (await sandbox.store.query<{ n: unknown }>('SELECT count(*) AS n FROM orders'))[0]?.n
    const quote = quoteBody({ customerReference: 'REF-1', pickupAddress: { zipCode: '60018', name: 'Lakeside', city: 'Des Plaines' } })
    let tried = 0
    for (const [endpoint, body] of [['/v1/shipper/quote', quote], ['/v1/shipper/shipment', fullCreate()]] as const) {
      for (const path of stringPaths(body)) {
        for (const hostile of HOSTILE) {
          const r = await sandbox.call('POST', endpoint, { as: acme, body: withLeaf(body, path, hostile) })
          expectRefused(r, render(path), `${endpoint} ${render(path)} = ${JSON.stringify(hostile)}`)
          tried++
        }
      }
    }
    expect(tried).toBeGreaterThan(150)
    expect((await sandbox.store.query<{ n: unknown }>('SELECT count(*) AS n FROM orders'))[0]?.n).toEqual(before)
    expect(sandbox.openApiFailures).toEqual([])
  })

  it('a saved address, an appointment PUT and a company name', async () => {
    const address = { ...pickup, address2: 'Dock 4', defaultAccessorials: { appointment: { channel: 'PHONE', instructions: 'Ring', contacts: [{ name: 'Desk', phone: '+18475550100' }] } } }
    expect((await sandbox.call('POST', '/sandbox/addresses', { as: acme, body: address })).status).toBe(201)
    for (const path of stringPaths(address)) {
      for (const hostile of HOSTILE) expectRefused(await sandbox.call('POST', '/sandbox/addresses', { as: acme, body: withLeaf(address, path, hostile) }), render(path), render(path))
    }
    const order = (await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody() })).json.orderNumber
    const requirement = { channel: 'EMAIL', instructions: 'Dock 4', referenceNumbers: ['A-1'], contacts: [{ name: 'Desk', email: 'desk@acme.example', role: 'dock' }] }
    for (const path of stringPaths(requirement)) {
      for (const hostile of HOSTILE) {
        const r = await sandbox.call('PUT', `/v1/shipper/shipment/${order}/appointment/PICKUP`, { as: acme, body: withLeaf(requirement, path, hostile) })
        expect(r.status, render(path)).toBe(400)
        expect(JSON.stringify(r.json.violations), render(path)).toContain('"encoding"')
      }
    }
    for (const hostile of HOSTILE) {
      const r = await sandbox.call('POST', '/sandbox/companies', { headers: operatorHeaders(), body: { name: `Acme${hostile}` } })
      expectRefused(r, 'name', JSON.stringify(hostile))
    }
  })

  it('query and path parameters: ?reference=%00, ?orderNumber=%00, a NUL or a lone surrogate in a path', async () => {
    for (const reference of ['%00', 'a%00b']) {
      const r = await sandbox.call('GET', `/v1/shipper/quotes/by-reference?reference=${reference}`, { as: acme })
      expectRefused(r, 'reference', reference)
    }
    // the UTF-8 form of a surrogate is no UTF-8: the query parser reads it as U+FFFD, a reference nobody has
    expect((await sandbox.call('GET', '/v1/shipper/quotes/by-reference?reference=%ED%A0%80', { as: acme })).status).toBe(404)
    expect((await sandbox.call('GET', '/sandbox/outbox?orderNumber=%00', { as: acme })).status).toBe(400)
    for (const path of ['/v1/shipper/shipment/A%00B12', '/v1/shipper/quote/%00', '/sandbox/addresses/addr_%00', '/v1/shipper/shipment/%ED%A0%80/tracking', '/sandbox/orders/%00/events']) {
      const r = await sandbox.call(path.endsWith('events') ? 'POST' : 'GET', path, { as: acme, ...(path.endsWith('events') ? { body: { event: 'ACCEPT' } } : {}) })
      expect([400, 404], path).toContain(r.status)
      expect(r.contentType, path).toContain('application/problem+json')
    }
  })

  it('an Idempotency-Key of 3,200 characters, or with a character outside visible ASCII, is 400 at Idempotency-Key; 255 is accepted', async () => {
    for (const key of ['k'.repeat(3_200), 'k'.repeat(256), 'two words', 'caf\u00e9']) {
      expectRefused(await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody(), headers: { 'idempotency-key': key } }), 'Idempotency-Key', key.slice(0, 20))
    }
    const ok = await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody(), headers: { 'idempotency-key': 'k'.repeat(255) } })
    expect(ok.status).toBe(200)
    const replay = await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody(), headers: { 'idempotency-key': 'k'.repeat(255) } })
    expect(replay.bytes.equals(ok.bytes)).toBe(true)
  })

  it('dates the database cannot hold: a pickup on 9999-12-31 has no ETA (not a 500); a year past 9999 is 400', async () => {
    const last = await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ requiredPickupDate: '9999-12-31T23:59:59Z' }) })
    expect(last.status).toBe(200)
    const quote = await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody({ requiredPickupDate: '9999-12-31T23:59:59Z' }) })
    expect(quote.status).toBe(200)
    expect(quote.json.estimatedDeliveryDate).toBeNull()
    expect(quote.json.transitDays).toBeNull()
    expect((await sandbox.call('GET', `/v1/shipper/shipment/${last.json.orderNumber}/tracking`, { as: acme })).status).toBe(200)
    for (const date of ['+010000-01-01T00:00:00Z', '10000-01-01T00:00:00Z']) {
      expectRefused(await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ requiredPickupDate: date }) }), 'requiredPickupDate', date)
    }
    expect(sandbox.openApiFailures).toEqual([])
  })
})
