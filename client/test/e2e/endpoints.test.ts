// Every method and helper of the client over real HTTP, against the sandbox CLI the globalSetup
// started (PGlite in `npm test`, PostgreSQL when DATABASE_URL is set), with a company of this
// file's own. The tests run in order and share the orders they make: a quote, a shipment booked on
// it, confirmed, accepted, driven to DELIVERED, invoiced. What the server saw (User-Agent,
// X-Request-Id, credentials) is read from a recording fetch passed as the client's `fetch`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { limitMs } from 'shipper-rules-testkit'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { CLIENT_VERSION, createShipperClient, isShipperError, taskEitherClient, type ShipperClient } from 'shipper-rules-client'
import { createShipperClient as createNodeClient } from 'shipper-rules-client/node'
import { companyHeaders, createBody, event, marker, newCompany, orderDetails, quoteBody, rawCall, type Credentials } from '../support/sandbox.js'

const base = inject('base')
const operatorToken = inject('operatorToken')

interface Seen {
  readonly method: string
  readonly url: string
  readonly headers: Headers
  status?: number
  /** The X-Request-Id of the server's answer. */
  answeredRequestId?: string | null
}

/** A fetch that records each request the client sends and the answer's status and request id, then lets it through. */
const recordingFetch = (seen: Seen[]): typeof globalThis.fetch =>
  async (input, init) => {
    const request = input instanceof Request ? input : undefined
    const headers = new Headers(request?.headers)
    new Headers(init?.headers).forEach((value, name) => headers.set(name, value))
    const entry: Seen = {
      method: (init?.method ?? request?.method ?? 'GET').toUpperCase(),
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      headers,
    }
    seen.push(entry)
    const response = await globalThis.fetch(input, init)
    entry.status = response.status
    entry.answeredRequestId = response.headers.get('x-request-id')
    return response
  }

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46] // %PDF
const isPdf = (bytes: Uint8Array): boolean => PDF_MAGIC.every((b, i) => bytes[i] === b)

/** The error a promise rejects with (fails the test when it resolves). */
const rejection = async (promise: Promise<unknown>): Promise<any> => {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail, it resolved')
}

let creds: Credentials
let other: Credentials
let client: ShipperClient
let otherClient: ShipperClient
const seen: Seen[] = []
let dir: string

// shared by the tests below, in order
const reference = marker('LOAD')
let quote: { id: string; quotedPriceInCents: number }
let orderNumber: string
let pdfBytes: Uint8Array

const shipmentBody = () => createBody({ refNumber: marker('BOL') })

beforeAll(async () => {
  creds = await newCompany(base, operatorToken, 'Client E2E Shipper')
  other = await newCompany(base, operatorToken, 'Client E2E Other')
  client = createShipperClient({ baseUrl: base, token: creds.token, apiKey: creds.apiKey, fetch: recordingFetch(seen), userAgent: 'client-e2e/1' })
  otherClient = createShipperClient({ baseUrl: base, token: other.token, apiKey: other.apiKey })
  dir = mkdtempSync(join(tmpdir(), 'client-e2e-files-'))
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('quotes', () => {
  it('create, get and byReference agree on the quote made under a customer reference', async () => {
    const created = await client.quotes.create(quoteBody({ customerReference: reference }))
    expect(created.quotedPriceInCents).toBeGreaterThan(0)
    quote = { id: created.id, quotedPriceInCents: created.quotedPriceInCents }
    const read = await client.quotes.get(created.id)
    expect(read.id).toBe(created.id)
    expect(read.quotedPriceInCents).toBe(created.quotedPriceInCents)
    const byReference = await client.quotes.byReference(reference)
    expect(byReference).toMatchObject({ quoteId: created.id, customerReference: reference, matchable: true })
  })
})

describe('shipments', () => {
  it('create on the quote; a replay with the same idempotencyKey answers the same order', async () => {
    const key = `e2e-${marker('KEY')}`
    const body = { ...shipmentBody(), quoteId: quote.id }
    const first = await client.shipments.create(body, { idempotencyKey: key })
    expect(first.orderStatus).toBe('INITIALIZED')
    expect(first.totalPriceInCents).toBe(quote.quotedPriceInCents)
    const again = await client.shipments.create(body, { idempotencyKey: key })
    expect(again.orderNumber).toBe(first.orderNumber)
    expect(again.id).toBe(first.id)
    // both attempts sent the caller's key
    const creates = seen.filter((s) => s.method === 'POST' && s.url.endsWith('/v1/shipper/shipment'))
    expect(creates.slice(-2).map((s) => s.headers.get('idempotency-key'))).toEqual([key, key])
    orderNumber = first.orderNumber
    expect((await orderDetails(base, creds, orderNumber))?.quoteId).toBe(quote.id)
  })

  it('create without a quote (re-priced by the server), then cancel it', async () => {
    const created = await client.shipments.create(shipmentBody())
    expect((await orderDetails(base, creds, created.orderNumber))?.quoteId).toBeNull()
    const cancelled = await client.shipments.cancel(created.orderNumber)
    expect(cancelled.orderNumber).toBe(created.orderNumber)
    expect(cancelled.orderStatus).toBe('CANCELLED')
    expect((await client.shipments.get(created.orderNumber)).orderStatus).toBe('CANCELLED')
  })

  it('two creates without a key are two orders (a key is generated per call)', async () => {
    const body = shipmentBody()
    const a = await client.shipments.create(body)
    const b = await client.shipments.create(body)
    expect(a.orderNumber).not.toBe(b.orderNumber)
    const keys = seen.filter((s) => s.method === 'POST' && s.url.endsWith('/v1/shipper/shipment')).slice(-2).map((s) => s.headers.get('idempotency-key'))
    expect(keys[0]).toBeTruthy()
    expect(keys[0]).not.toBe(keys[1])
  })

  it('get answers the order as created', async () => {
    const read = await client.shipments.get(orderNumber)
    expect(read).toMatchObject({ orderNumber, orderStatus: 'INITIALIZED', companyId: creds.companyId })
  })
})

describe('documents', () => {
  it('get gives a pre-signed link; download fetches the PDF behind it, without the credentials', async () => {
    const document = await client.documents.get(orderNumber, 'BILL_OF_LADING')
    expect(document.downloadLink).toContain(`/sandbox/downloads/${orderNumber}/`)
    const before = seen.length
    const downloaded = await client.documents.download(orderNumber, 'BILL_OF_LADING')
    expect(isPdf(downloaded.bytes)).toBe(true)
    expect(downloaded.contentType).toContain('application/pdf')
    expect(downloaded.document.filename).toBe(document.filename)
    // the link is its own credential: the token and key never go with it
    const linkCalls = seen.slice(before).filter((s) => s.url.includes('/sandbox/downloads/'))
    expect(linkCalls).toHaveLength(1)
    expect(linkCalls[0]!.headers.get('authorization')).toBeNull()
    expect(linkCalls[0]!.headers.get('x-service-api-key')).toBeNull()
    pdfBytes = downloaded.bytes
  })

  it('a document that does not exist yet is a ProblemError document_not_found', async () => {
    const error = await rejection(client.documents.get(orderNumber, 'INVOICE'))
    expect(isShipperError(error)).toBe(true)
    expect(error).toMatchObject({ kind: 'problem', status: 404, reason: 'document_not_found', retryable: false })
  })
})

describe('appointments before acceptance', () => {
  it('get and put the delivery requirement', async () => {
    const initial = await client.appointments.get(orderNumber, 'DELIVERY')
    expect(initial._merged).toBeDefined()
    const put = await client.appointments.put(orderNumber, 'DELIVERY', { channel: 'PHONE', leadTimeHours: 48, contacts: [{ name: 'Ann Lee', phone: '+12145550100' }], instructions: 'Call one hour ahead' })
    expect(put).toMatchObject({ channel: 'PHONE', leadTimeHours: 48, instructions: 'Call one hour ahead' })
    expect((await client.appointments.get(orderNumber, 'DELIVERY')).instructions).toBe('Call one hour ahead')
  })

  it('uploadDocument takes a Blob, a Uint8Array and (node entry) a file path; deleteDocument removes one', async () => {
    const fromBlob = await client.appointments.uploadDocument(orderNumber, 'DELIVERY', 'PACKING_SLIP', new Blob([new Uint8Array(pdfBytes)], { type: 'application/pdf' }), { filename: 'slip.pdf', contentType: 'application/pdf' })
    expect(fromBlob).toMatchObject({ stop: 'DELIVERY', type: 'PACKING_SLIP', contentType: 'application/pdf', sizeBytes: pdfBytes.length })
    const fromBytes = await client.appointments.uploadDocument(orderNumber, 'PICKUP', 'CUSTOMER_BOL', pdfBytes, { filename: 'bol.pdf', contentType: 'application/pdf' })
    expect(fromBytes).toMatchObject({ stop: 'PICKUP', type: 'CUSTOMER_BOL', sizeBytes: pdfBytes.length })
    const path = join(dir, 'customer-bol.pdf')
    writeFileSync(path, pdfBytes)
    const nodeClient = createNodeClient({ baseUrl: base, token: creds.token, apiKey: creds.apiKey })
    const fromPath = await nodeClient.appointments.uploadDocument(orderNumber, 'DELIVERY', 'CUSTOMER_BOL', path, { filename: 'customer-bol.pdf', contentType: 'application/pdf' })
    expect(fromPath).toMatchObject({ stop: 'DELIVERY', type: 'CUSTOMER_BOL', filename: 'customer-bol.pdf', sizeBytes: pdfBytes.length })
    await expect(client.appointments.deleteDocument(orderNumber, 'PICKUP', 'CUSTOMER_BOL')).resolves.toBeUndefined()
    // DELETE is idempotent: a second one answers the same
    await expect(client.appointments.deleteDocument(orderNumber, 'PICKUP', 'CUSTOMER_BOL')).resolves.toBeUndefined()
  })

  it('the appointment PDF does not exist before the carrier accepts', async () => {
    const error = await rejection(client.appointments.pdf(orderNumber, 'DELIVERY'))
    expect(error).toMatchObject({ kind: 'problem', status: 404, reason: 'appointment_pdf_not_generated' })
  })
})

describe('confirm, acceptance, tracking to DELIVERED, invoice', () => {
  it('confirm', async () => {
    const confirmed = await client.shipments.confirm(orderNumber)
    expect(confirmed).toMatchObject({ orderNumber, orderStatus: 'CONFIRMED' })
  })

  it('after ACCEPT: a put needs the override with a reason; the PDF exists', async () => {
    await event(base, creds, orderNumber, 'ACCEPT')
    const locked = await rejection(client.appointments.put(orderNumber, 'DELIVERY', { channel: 'PHONE', instructions: 'Use dock 7' }))
    expect(locked).toMatchObject({ kind: 'problem', status: 409, reason: 'order_accepted_appointment_locked', retryable: false })
    const reason = `Dock 4 closed; use dock 7 (${marker('R')})`
    const changed = await client.appointments.put(orderNumber, 'DELIVERY', { channel: 'PHONE', instructions: 'Use dock 7' }, { confirmChangeAfterAcceptance: true, changeReason: reason })
    expect(changed.instructions).toBe('Use dock 7')
    const outbox = await fetch(`${base}/sandbox/outbox?orderNumber=${orderNumber}`, { headers: companyHeaders(creds) }).then((r) => r.json() as Promise<{ messages: Array<{ changeReason: string }> }>)
    expect(outbox.messages.map((m) => m.changeReason)).toContain(reason)
    const pdf = await client.appointments.pdf(orderNumber, 'DELIVERY')
    expect(isPdf(pdf.bytes)).toBe(true)
    expect(pdf.contentType).toContain('application/pdf')
    // documents are locked from ACCEPTED on: the DELETE reaches the server and is refused
    const lockedDelete = await rejection(client.appointments.deleteDocument(orderNumber, 'DELIVERY', 'PACKING_SLIP'))
    expect(lockedDelete).toMatchObject({ kind: 'problem', status: 409 })
  })

  it('waitForStatus reaches DELIVERED while the carrier moves the order; tracking with and without location', async () => {
    const limit = limitMs(60_000)
    const waiting = client.waitForStatus(orderNumber, 'DELIVERED', { intervalMs: 50, maxIntervalMs: 250, timeoutMs: limit })
    const before = await client.tracking.get(orderNumber)
    expect(before.orderNumber).toBe(orderNumber)
    expect(before.orderStatus).toBe('ACCEPTED')
    expect(before.location).toBeUndefined()
    await event(base, creds, orderNumber, 'ASSIGN')
    await event(base, creds, orderNumber, 'PICK_UP')
    // six hours on the company's clock: the simulated truck is on the road
    const clock = await fetch(`${base}/sandbox/clock`, { method: 'POST', headers: { ...companyHeaders(creds), 'content-type': 'application/json' }, body: JSON.stringify({ hours: 6 }) })
    expect(clock.status).toBe(200)
    const moving = await client.tracking.get(orderNumber, { location: true })
    expect(moving.orderStatus).toBe('PICKED_UP')
    expect(moving.location).toBeDefined()
    const withoutLocation = await client.tracking.get(orderNumber)
    expect(withoutLocation.location).toBeUndefined()
    await event(base, creds, orderNumber, 'DELIVER')
    const delivered = await waiting
    expect(delivered.orderStatus).toBe('DELIVERED')
    // the poll asked for no location
    const polls = seen.filter((s) => s.url.includes(`/shipment/${orderNumber}/tracking`))
    expect(polls.length).toBeGreaterThan(0)
    expect(polls.filter((s) => s.url.includes('include=location'))).toHaveLength(1)
  })

  it('waitForStatus with a predicate resolves at once when it already holds', async () => {
    const t = await client.waitForStatus(orderNumber, (tracking) => tracking.orderStatus === 'DELIVERED', { intervalMs: 50, timeoutMs: limitMs(30_000) })
    expect(t.orderStatus).toBe('DELIVERED')
  })

  it('waitForStatus ends with an unreachable error on a cancelled order', async () => {
    const created = await client.shipments.create(shipmentBody())
    await client.shipments.cancel(created.orderNumber)
    const error = await rejection(client.waitForStatus(created.orderNumber, 'DELIVERED', { intervalMs: 50, timeoutMs: limitMs(30_000) }))
    expect(error).toMatchObject({ kind: 'unreachable', retryable: false, status: 'CANCELLED' })
  })

  it('the invoice, and the INVOICE and POD documents as PDFs', async () => {
    const invoice = await client.invoices.get(orderNumber)
    expect(invoice.orderNumber).toBe(orderNumber)
    expect(invoice.totalChargesInCents).toBe(quote.quotedPriceInCents)
    for (const type of ['INVOICE', 'POD'] as const) {
      const downloaded = await client.documents.download(orderNumber, type)
      expect(isPdf(downloaded.bytes)).toBe(true)
    }
  })
})

describe('tender', () => {
  it('a matchable quote under the reference: booked on it (basis quote)', async () => {
    const ref = marker('TENDER')
    const q = await client.quotes.create(quoteBody({ customerReference: ref }))
    const result = await client.tender(shipmentBody(), { reference: ref })
    expect(result.basis).toBe('quote')
    expect(result.quote).toMatchObject({ quoteId: q.id, matchable: true })
    expect(result.quotedPriceInCents).toBe(q.quotedPriceInCents)
    expect(result.priceDifferenceInCents).toBe(result.shipment.totalPriceInCents - q.quotedPriceInCents)
    expect((await orderDetails(base, creds, result.shipment.orderNumber))?.quoteId).toBe(q.id)
  })

  it('no quote under the reference: booked without one (basis repriced)', async () => {
    const result = await client.tender(shipmentBody(), { reference: marker('NOQUOTE') })
    expect(result.basis).toBe('repriced')
    expect(result.quote).toBeNull()
    expect(result.quotedPriceInCents).toBeNull()
    expect(result.priceDifferenceInCents).toBeNull()
    expect((await orderDetails(base, creds, result.shipment.orderNumber))?.quoteId).toBeNull()
  })
})

describe('errors', () => {
  it('a ProblemError shipment_not_found carries the request id the server answered with', async () => {
    const error = await rejection(client.shipments.get('00000'))
    expect(error).toMatchObject({ kind: 'problem', status: 404, reason: 'shipment_not_found', retryable: false, operation: 'getShipment', attempts: 1 })
    expect(error.problem.reason).toBe('shipment_not_found')
    const last = seen.at(-1)!
    expect(last.url).toContain('/v1/shipper/shipment/00000')
    expect(typeof last.answeredRequestId).toBe('string')
    expect(error.requestId).toBe(last.answeredRequestId)
    expect(error.requestId).toBe(last.headers.get('x-request-id'))
  })

  it('a caller-given requestId is sent and answered back', async () => {
    const requestId = `e2e.${marker('RID')}`
    const error = await rejection(client.shipments.get('00000', { requestId }))
    expect(error.requestId).toBe(requestId)
    expect(seen.at(-1)!.headers.get('x-request-id')).toBe(requestId)
    expect(seen.at(-1)!.answeredRequestId).toBe(requestId)
  })

  it('a RequestInvalidError holds what the server answers for the same body', async () => {
    const bad = quoteBody({ pickupAddress: { zipCode: 'ABC' }, orderComponents: [{ palletCount: 0, poundsWeight: 900, dimensions: { length: 48, width: 40, height: 48 } }] })
    const before = seen.length
    const refused = await rejection(client.quotes.create(bad))
    expect(refused).toMatchObject({ kind: 'invalid_request', retryable: false, operation: 'createQuote' })
    expect(seen.length).toBe(before) // nothing was sent
    const unvalidated = createShipperClient({ baseUrl: base, token: creds.token, apiKey: creds.apiKey, validate: false })
    const answered = await rejection(unvalidated.quotes.create(bad))
    expect(answered.kind).toBe('problem')
    const raw = await rawCall(base, creds, 'POST', '/v1/shipper/quote', bad)
    const fields = (violations: ReadonlyArray<{ field: string; code: string }> | undefined) => (violations ?? []).map((v) => `${v.field} ${v.code}`).sort()
    expect(raw.status).toBe(400)
    for (const problem of [refused.problem, answered.problem]) {
      expect(problem.status).toBe(raw.json.status)
      expect(problem.reason).toBe(raw.json.reason)
      expect(fields(problem.violations)).toEqual(fields(raw.json.violations))
    }
    expect(fields(raw.json.violations).length).toBeGreaterThan(1)
  })

  it("another company's order is not visible", async () => {
    const error = await rejection(otherClient.shipments.get(orderNumber))
    const raw = await rawCall(base, other, 'GET', `/v1/shipper/shipment/${orderNumber}`)
    expect([403, 404]).toContain(raw.status)
    expect(error).toMatchObject({ kind: 'problem', status: raw.status, reason: raw.json.reason })
    const tracking = await rejection(otherClient.tracking.get(orderNumber))
    expect(tracking.kind).toBe('problem')
    const appointment = await rejection(otherClient.appointments.get(orderNumber, 'DELIVERY'))
    expect(appointment).toMatchObject({ kind: 'problem', status: 404, reason: 'order_not_found' })
  })
})

describe('the TaskEither form', () => {
  it('a Right with the shipment, a Left with the ProblemError', async () => {
    const te = taskEitherClient(client)
    const right = await te.shipments.get(orderNumber)()
    expect(right._tag).toBe('Right')
    if (right._tag === 'Right') expect(right.right.orderNumber).toBe(orderNumber)
    const left = await te.shipments.get('00000')()
    expect(left._tag).toBe('Left')
    if (left._tag === 'Left') expect(left.left).toMatchObject({ kind: 'problem', reason: 'shipment_not_found' })
  })
})

describe('what every request carried', () => {
  it('both credentials, the User-Agent naming the client, a request id; attempt ids are unique', () => {
    const api = seen.filter((s) => s.url.startsWith(`${base}/v1/shipper/`))
    expect(api.length).toBeGreaterThan(20)
    for (const s of api) {
      expect(s.headers.get('authorization')).toBe(`Bearer ${creds.token}`)
      expect(s.headers.get('x-service-api-key')).toBe(creds.apiKey)
      expect(s.headers.get('user-agent')).toBe(`shipper-rules-client/${CLIENT_VERSION} client-e2e/1`)
      expect(s.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._~-]{1,64}$/)
      // the server keeps an id of that alphabet and length as sent
      expect(s.answeredRequestId).toBe(s.headers.get('x-request-id'))
    }
    const ids = api.map((s) => s.headers.get('x-request-id'))
    expect(new Set(ids).size).toBe(ids.length)
    expect(CLIENT_VERSION).toBe('0.1.0')
  })
})
