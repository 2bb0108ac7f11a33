// End to end over real HTTP: the whole lifecycle for two companies (quote, create, confirm, drive
// to DELIVERED, track, invoice, documents), the isolation between them, and every response
// checked against the generated OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PDFDocument } from 'pdf-lib'
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

const lifecycle = async (as: Credentials, reference: string) => {
  const quote = await sandbox.call('POST', '/v1/shipper/quote', { as, body: quoteBody({ customerReference: reference, pickupAddress: { zipCode: '60018', insideRequired: true } }) })
  expect(quote.status).toBe(200)
  expect(quote.json.quotedPriceInCents).toBeGreaterThan(7_500)
  expect(quote.json.transitDays).toBe(2) // 1,293 km at 800 km a business day
  const created = await sandbox.call('POST', '/v1/shipper/shipment', {
    as,
    body: createBody({ quoteId: quote.json.id, pickupAddress: { ...createBody().pickupAddress, insideRequired: true }, refNumber: 'BOL-1', poNumber: 'PO-7' }),
  })
  expect(created.status).toBe(200)
  expect(created.json).toMatchObject({ orderStatus: 'INITIALIZED', companyId: as.companyId, totalPriceInCents: quote.json.quotedPriceInCents })
  expect(created.json.orderNumber).toMatch(/^[A-Za-z0-9]{5}$/)
  const order = created.json.orderNumber as string
  const confirmed = await sandbox.call('PUT', `/v1/shipper/shipment/${order}/confirm`, { as })
  expect(confirmed.json.orderStatus).toBe('CONFIRMED')
  for (const [event, status] of [['ACCEPT', 'ACCEPTED'], ['ASSIGN', 'ASSIGNED'], ['PICK_UP', 'PICKED_UP']] as const) {
    const r = await sandbox.call('POST', `/sandbox/orders/${order}/events`, { as, body: { event } })
    expect(r.status).toBe(200)
    expect(r.json.orderStatus).toBe(status)
  }
  return { quote: quote.json, order }
}

describe('the lifecycle, for two companies', () => {
  it('quote → create → confirm → accept → assign → pick up → track → deliver → invoice → documents', async () => {
    const a = await lifecycle(acme, 'LOAD-A')
    const g = await lifecycle(globex, 'LOAD-A') // the same customer reference in another company

    // tracking without include: no location; with it, a moving estimate along the route
    const plain = await sandbox.call('GET', `/v1/shipper/shipment/${a.order}/tracking`, { as: acme })
    expect(plain.status).toBe(200)
    expect(plain.json.orderStatus).toBe('PICKED_UP')
    expect(plain.json.location).toBeUndefined()
    await sandbox.call('POST', '/sandbox/clock', { as: acme, body: { hours: 6 } })
    const early = await sandbox.call('GET', `/v1/shipper/shipment/${a.order}/tracking?include=location`, { as: acme })
    expect(early.json.location.isSignificantlyDelayed).toBe(false)
    expect(early.json.location.statusDescription).toMatch(/^In transit near .+, [A-Z]{2}; expected /)
    await sandbox.call('POST', '/sandbox/clock', { as: acme, body: { hours: 6 } })
    const later = await sandbox.call('GET', `/v1/shipper/shipment/${a.order}/tracking?include=location`, { as: acme })
    // moving south-west from Chicago towards Dallas
    expect(later.json.location.center.latitude).toBeLessThan(early.json.location.center.latitude)

    // a late truck and an off-route truck are flagged by the library (twelve hours into its trip
    // by globex's own clock, which acme's moves did not touch)
    await sandbox.call('POST', '/sandbox/clock', { as: globex, body: { hours: 12 } })
    await sandbox.call('POST', `/sandbox/orders/${g.order}/simulation`, { as: globex, body: { delayMinutes: 300 } })
    const late = await sandbox.call('GET', `/v1/shipper/shipment/${g.order}/tracking?include=location`, { as: globex })
    expect(late.json.location.isSignificantlyDelayed).toBe(true)
    expect(late.json.location.delayMessage).not.toBe('')
    await sandbox.call('POST', `/sandbox/orders/${g.order}/simulation`, { as: globex, body: { offRouteKm: 120 } })
    const off = await sandbox.call('GET', `/v1/shipper/shipment/${g.order}/tracking?include=location`, { as: globex })
    expect(off.json.location.isSignificantlyDelayed).toBe(true)

    // the invoice only once delivered
    const early400 = await sandbox.call('GET', `/v1/shipper/shipment/${a.order}/invoice`, { as: acme })
    expect(early400.status).toBe(400)
    expect(early400.json.reason).toBe('invoice_not_available')
    for (const [who, order] of [[acme, a.order], [globex, g.order]] as const) {
      const delivered = await sandbox.call('POST', `/sandbox/orders/${order}/events`, { as: who, body: { event: 'DELIVER' } })
      expect(delivered.json.orderStatus).toBe('DELIVERED')
    }
    const invoice = await sandbox.call('GET', `/v1/shipper/shipment/${a.order}/invoice`, { as: acme })
    expect(invoice.status).toBe(200)
    expect(invoice.json.totalChargesInCents).toBe(a.quote.quotedPriceInCents)
    expect(invoice.json.charges.map((c: { chargeType: string }) => c.chargeType)).toEqual(['BASE_FREIGHT', 'FUEL_SURCHARGE', 'INSIDE_SERVICE'])
    expect(invoice.json.charges.find((c: { chargeType: string }) => c.chargeType === 'INSIDE_SERVICE').amountInCents).toBe(7_500)
    expect(invoice.json).toMatchObject({ orderNumber: a.order, refNumber: 'BOL-1', poNumber: 'PO-7', totalWeight: 1800, totalPieces: 2 })
    const tracked = await sandbox.call('GET', `/v1/shipper/shipment/${a.order}/tracking?include=location`, { as: acme })
    expect(tracked.json.orderStatus).toBe('DELIVERED')
    expect(typeof tracked.json.actualDeliveryDate).toBe('string')

    // every document as a real PDF behind a signed link
    for (const type of ['BILL_OF_LADING', 'SHIPPING_LABEL', 'INVOICE', 'POD']) {
      const doc = await sandbox.call('GET', `/v1/shipper/shipment/${a.order}/document/${type}`, { as: acme })
      expect(doc.status).toBe(200)
      expect(doc.json).toMatchObject({ filename: `${a.order}-${type}.pdf`, fileType: 'application/pdf' })
      const link = new URL(doc.json.downloadLink)
      const file = await sandbox.call('GET', `${link.pathname}${link.search}`)
      expect(file.status).toBe(200)
      expect(file.contentType).toBe('application/pdf')
      const pdf = await PDFDocument.load(file.bytes)
      expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1)
      expect(pdf.getTitle()).toContain(a.order)
      // a tampered signature is refused, and the link expires by the sandbox clock
      // (the first character of the signature changed to another one: never to itself)
      const tamperedSearch = link.search.replace(/signature=(.)/, (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`)
      expect(tamperedSearch).not.toBe(link.search)
      const tampered = await sandbox.call('GET', `${link.pathname}${tamperedSearch}`)
      expect(tampered.status).toBe(403)
      expect(tampered.contentType).toContain('application/problem+json')
    }
    const doc = await sandbox.call('GET', `/v1/shipper/shipment/${a.order}/document/BILL_OF_LADING`, { as: acme })
    await sandbox.call('POST', '/sandbox/clock', { as: acme, body: { minutes: 16 } })
    const expired = await sandbox.call('GET', new URL(doc.json.downloadLink).pathname + new URL(doc.json.downloadLink).search)
    expect(expired.status).toBe(403)
    expect(expired.json.detail).toMatch(/expired/)

    // isolation: each company sees only its own orders and quotes
    for (const [who, other] of [[acme, g.order], [globex, a.order]] as const) {
      for (const path of [`/v1/shipper/shipment/${other}`, `/v1/shipper/shipment/${other}/tracking`, `/v1/shipper/shipment/${other}/invoice`, `/v1/shipper/shipment/${other}/document/POD`]) {
        const r = await sandbox.call('GET', path, { as: who })
        expect(r.status, path).toBe(403)
        expect(r.json.reason).toBe('forbidden')
      }
      expect((await sandbox.call('PUT', `/v1/shipper/shipment/${other}/cancel`, { as: who })).status).toBe(403)
      expect((await sandbox.call('POST', `/sandbox/orders/${other}/events`, { as: who, body: { event: 'DELIVER' } })).status).toBe(403)
    }
    expect((await sandbox.call('GET', `/v1/shipper/quote/${g.quote.id}`, { as: acme })).status).toBe(403)
    const mine = await sandbox.call('GET', '/v1/shipper/quotes/by-reference?reference=LOAD-A', { as: acme })
    expect(mine.json).toMatchObject({ quoteId: a.quote.id, customerReference: 'LOAD-A' })
    const theirs = await sandbox.call('GET', '/v1/shipper/quotes/by-reference?reference=LOAD-A', { as: globex })
    expect(theirs.json.quoteId).toBe(g.quote.id)
  })

  it('a quote is valid two days by the sandbox clock, and matchable inside its 48 hours', async () => {
    const quote = await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody({ customerReference: 'EXPIRY' }) })
    expect((await sandbox.call('GET', '/v1/shipper/quotes/by-reference?reference=EXPIRY', { as: acme })).json.matchable).toBe(true)
    await sandbox.call('POST', '/sandbox/clock', { as: acme, body: { days: 2 } })
    expect((await sandbox.call('GET', '/v1/shipper/quotes/by-reference?reference=EXPIRY', { as: acme })).json.matchable).toBe(false)
    const late = await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ quoteId: quote.json.id }) })
    expect(late.status).toBe(400)
    expect(late.json.reason).toBe('quote_expired')
  })

  it('without a quote the order is re-priced at the tariff, and confirming it needs a quote', async () => {
    const created = await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody() })
    expect(created.status).toBe(200)
    const quote = await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody() })
    expect(created.json.totalPriceInCents).toBe(quote.json.quotedPriceInCents)
    const inside = await sandbox.call('GET', `/sandbox/orders/${created.json.orderNumber}`, { as: acme })
    expect(inside.json).toMatchObject({ quoteId: null, pricing: { repriced: true, reason: 'no_quote', differenceInCents: null, flagForOperations: true } })
    expect((await sandbox.call('GET', `/sandbox/orders/${created.json.orderNumber}`, { as: globex })).status).toBe(403)
    const confirm = await sandbox.call('PUT', `/v1/shipper/shipment/${created.json.orderNumber}/confirm`, { as: acme })
    expect(confirm.status).toBe(400)
    expect(confirm.json.reason).toBe('quote_required')
    const cancel = await sandbox.call('PUT', `/v1/shipper/shipment/${created.json.orderNumber}/cancel`, { as: acme })
    expect(cancel.json.orderStatus).toBe('CANCELLED')
  })

  it('serves the OpenAPI document, and every /v1/shipper response of this file matched it', async () => {
    const doc = await sandbox.call('GET', '/api-docs/shipper-v1')
    expect(doc.json.openapi).toBe('3.1.0')
    expect(doc.json.info.version).toBe('1.2.0')
    expect(sandbox.checked.count).toBeGreaterThanOrEqual(35)
    expect(sandbox.openApiFailures).toEqual([])
  })
})
