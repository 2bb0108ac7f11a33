// Every error status of the spec's table reached over HTTP, each body the library's ProblemDetail
// (application/problem+json), including what the framework would otherwise answer itself; and
// every 422 reason provoked by its published trigger value, on quote create and shipment create.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readProblemDetail, REASON_CATALOGUE, isRight } from 'shipper-rules'
import { issueToken, loadSecrets } from '../src/auth/credentials.js'
import { TRIGGER_ZIPS } from '../src/pricing/tariff.js'
import { createBody, quoteBody, removeStore, startSandbox, type Answer, type Credentials, type Sandbox } from './support/harness.js'

let sandbox: Sandbox
let acme: Credentials
let globex: Credentials
const seen = new Set<number>()

beforeAll(async () => {
  sandbox = await startSandbox(undefined, { bodyLimit: 64 * 1024 })
  acme = await sandbox.company('Acme Freight Buyers')
  globex = await sandbox.company('Globex Shipping')
})
afterAll(async () => {
  await sandbox.stop()
  removeStore(sandbox.storeOptions)
})

/** The answer is the library's ProblemDetail with this status and reason. */
const expectProblem = (answer: Answer, status: number, reason: string) => {
  expect(answer.status).toBe(status)
  expect(answer.contentType).toMatch(/^application\/problem\+json/)
  expect(answer.json.reason).toBe(reason)
  expect(answer.json.type).toBe(`tag:shipper-rules,2026:problem:${reason}`)
  expect(isRight(readProblemDetail(answer.json))).toBe(true)
  seen.add(status)
}

describe('errors', () => {
  it('400: validation, malformed JSON, quote id and order number formats, state rules', async () => {
    const invalid = await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ description: '', deliveryAddress: { ...createBody().deliveryAddress, zipCode: '949' } }) })
    expectProblem(invalid, 400, 'validation_failed')
    expect(invalid.json.violations.map((v: { field: string }) => v.field).sort()).toEqual(['deliveryAddress.zipCode', 'description'])
    const foreign = await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody({ deliveryAddress: { zipCode: '75201', country: 'CA' } }) })
    expectProblem(foreign, 400, 'validation_failed')
    expectProblem(await sandbox.call('POST', '/v1/shipper/quote', { as: acme, raw: '{"pickupAddress": ', headers: { 'content-type': 'application/json' } }), 400, 'bad_request')
    expectProblem(await sandbox.call('GET', '/v1/shipper/quote/not-a-uuid', { as: acme }), 400, 'invalid_quote_id')
    expectProblem(await sandbox.call('GET', '/v1/shipper/shipment/ABC', { as: acme }), 400, 'validation_failed')
    expectProblem(await sandbox.call('GET', '/v1/shipper/quotes/by-reference', { as: acme }), 400, 'validation_failed')
    expectProblem(await sandbox.call('GET', '/v1/shipper/shipment/AAAAA/document/RECEIPT', { as: acme }), 400, 'validation_failed')
    const order = (await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody() })).json.orderNumber
    expectProblem(await sandbox.call('GET', `/v1/shipper/shipment/${order}/tracking?include=route`, { as: acme }), 400, 'validation_failed')
    expectProblem(await sandbox.call('GET', `/v1/shipper/shipment/${order}/invoice`, { as: acme }), 400, 'invoice_not_available')
    expectProblem(await sandbox.call('POST', `/sandbox/orders/${order}/events`, { as: acme, body: { event: 'DELIVER' } }), 400, 'invalid_transition')
    await sandbox.call('PUT', `/v1/shipper/shipment/${order}/cancel`, { as: acme })
    expectProblem(await sandbox.call('PUT', `/v1/shipper/shipment/${order}/cancel`, { as: acme }), 400, 'order_not_cancellable')
    expectProblem(await sandbox.call('PUT', `/v1/shipper/shipment/${order}/confirm`, { as: acme }), 400, 'invalid_transition')
    const quote = (await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody() })).json
    const mismatch = await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ quoteId: quote.id, orderComponents: [{ palletCount: 3, poundsWeight: 900 }] }) })
    expectProblem(mismatch, 400, 'quote_mismatch')
  })

  it('401: no bearer token, a forged one, one without the shipper scope', async () => {
    expectProblem(await sandbox.call('POST', '/v1/shipper/quote', { body: quoteBody() }), 401, 'unauthorized')
    expectProblem(await sandbox.call('GET', '/v1/shipper/shipment/AAAAA', { headers: { authorization: `Bearer ${acme.token}x`, 'x-service-api-key': acme.apiKey } }), 401, 'unauthorized')
    expectProblem(await sandbox.call('GET', '/v1/shipper/shipment/AAAAA', { headers: { authorization: 'Basic abc', 'x-service-api-key': acme.apiKey } }), 401, 'unauthorized')
    // a token the sandbox itself signed, valid in every other way, without the shipper scope
    const secrets = await loadSecrets(sandbox.store)
    const reader = await issueToken(secrets, { subject: 'usr_reader', companyIds: [acme.companyId], scope: 'reader' })
    expectProblem(await sandbox.call('POST', '/v1/shipper/quote', { body: quoteBody(), headers: { authorization: `Bearer ${reader}`, 'x-service-api-key': acme.apiKey } }), 401, 'unauthorized')
    // the same token with the scope is accepted: only the scope made the difference
    const shipper = await issueToken(secrets, { subject: 'usr_reader', companyIds: [acme.companyId] })
    expect((await sandbox.call('POST', '/v1/shipper/quote', { body: quoteBody(), headers: { authorization: `Bearer ${shipper}`, 'x-service-api-key': acme.apiKey } })).status).toBe(200)
  })

  it('403: no or unknown API key, a user of another company, a quote of another company', async () => {
    expectProblem(await sandbox.call('POST', '/v1/shipper/quote', { body: quoteBody(), headers: { authorization: `Bearer ${acme.token}` } }), 403, 'forbidden')
    expectProblem(await sandbox.call('POST', '/v1/shipper/quote', { body: quoteBody(), headers: { authorization: `Bearer ${acme.token}`, 'x-service-api-key': 'sk_sandbox_nope' } }), 403, 'forbidden')
    expectProblem(await sandbox.call('POST', '/v1/shipper/quote', { body: quoteBody(), headers: { authorization: `Bearer ${acme.token}`, 'x-service-api-key': globex.apiKey } }), 403, 'forbidden')
    const theirs = (await sandbox.call('POST', '/v1/shipper/quote', { as: globex, body: quoteBody() })).json
    expectProblem(await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ quoteId: theirs.id }) }), 403, 'forbidden')
    // with an Idempotency-Key too (the create then writes first, from the quote this server kept): still refused, and the key stays free
    expectProblem(await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ quoteId: theirs.id }), headers: { 'idempotency-key': 'their-quote' } }), 403, 'forbidden')
    expect((await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody(), headers: { 'idempotency-key': 'their-quote' } })).status).toBe(200)
    // a revoked key: accepted (and remembered by the server) before, refused at once after
    const spare = await sandbox.company('Acme Freight Buyers')
    expect((await sandbox.call('POST', '/v1/shipper/quote', { as: spare, body: quoteBody() })).status).toBe(200)
    expect((await sandbox.call('POST', '/sandbox/keys/revoke', { as: spare })).json).toEqual({ companyId: acme.companyId, revoked: true })
    expectProblem(await sandbox.call('POST', '/v1/shipper/quote', { as: spare, body: quoteBody() }), 403, 'forbidden')
    expect((await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody() })).status).toBe(200)
  })

  it('404: unknown shipment, quote, reference, document, route', async () => {
    expectProblem(await sandbox.call('GET', '/v1/shipper/shipment/ZZZZZ', { as: acme }), 404, 'shipment_not_found')
    expectProblem(await sandbox.call('GET', '/v1/shipper/quote/7d444840-9dc0-11d1-b245-5ffdce74fad2', { as: acme }), 404, 'quote_not_found')
    expectProblem(await sandbox.call('GET', '/v1/shipper/quotes/by-reference?reference=NOPE', { as: acme }), 404, 'quote_not_found')
    const order = (await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody() })).json.orderNumber
    expectProblem(await sandbox.call('GET', `/v1/shipper/shipment/${order}/document/POD`, { as: acme }), 404, 'document_not_found')
    expectProblem(await sandbox.call('GET', '/v2/anything'), 404, 'not_found')
    expectProblem(await sandbox.call('DELETE', '/v1/shipper/quote'), 404, 'not_found')
  })

  it('409: an Idempotency-Key reused with a different body', async () => {
    const headers = { 'idempotency-key': 'conflict-1' }
    expect((await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody(), headers })).status).toBe(200)
    expectProblem(await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ description: 'Other' }), headers }), 409, 'idempotency_key_conflict')
  })

  it('413 and 415: an oversized body, a body that is not JSON', async () => {
    expectProblem(await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody({ customerReference: 'x'.repeat(70 * 1024) }) }), 413, 'file_too_large')
    expectProblem(await sandbox.call('POST', '/v1/shipper/quote', { as: acme, raw: 'zip=60018', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, 'unsupported_media_type')
    expectProblem(await sandbox.call('POST', '/v1/shipper/quote', { as: acme, raw: 'hello', headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type')
  })

  it('422: every denial reason by its trigger ZIP code, on quote and on create; pallet limits by the library', async () => {
    const catalogued = Object.entries(REASON_CATALOGUE).filter(([, v]) => (v as { status: number }).status === 422).map(([k]) => k)
    const triggered = TRIGGER_ZIPS.map(([, reason]) => reason)
    expect([...triggered, 'pallet_invalid'].sort()).toEqual([...catalogued].sort())
    for (const [zip, reason] of TRIGGER_ZIPS) {
      expectProblem(await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody({ deliveryAddress: { zipCode: zip } }) }), 422, reason)
      expectProblem(await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ pickupAddress: { ...createBody().pickupAddress, zipCode: zip } }) }), 422, reason)
    }
    // the README's trigger table is this table
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const rows = [...readme.matchAll(/^\| `(\d{5})` \| `([a-z_]+)` \|/gm)].map((m) => [m[1], m[2]])
    expect(rows).toEqual(TRIGGER_ZIPS.map(([zip, reason]) => [zip, reason]))
    const heavy = await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody({ orderComponents: [{ palletCount: 1, poundsWeight: 3001 }] }) })
    expectProblem(heavy, 422, 'pallet_invalid')
    expect(heavy.json.violations[0].reason).toMatch(/3000/)
  })

  it('500: a stored state outside the spec is the server data at fault, as the library decides', async () => {
    const order = (await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody() })).json.orderNumber
    await sandbox.store.query("UPDATE orders SET status = 'TELEPORTED' WHERE order_number = $1", [order])
    expectProblem(await sandbox.call('GET', `/v1/shipper/shipment/${order}/tracking`, { as: acme }), 500, 'internal_error')
  })

  it('reached every status of the spec table, and every answer matched the OpenAPI document', () => {
    expect([...seen].sort()).toEqual([400, 401, 403, 404, 409, 413, 415, 422, 500])
    expect(sandbox.openApiFailures).toEqual([])
  })
})
