// Laws for src/rules/invoice.ts, the quote validity of src/rules/quotes.ts and the location part of
// src/rules/trackingStatus.ts that the mutation analysis (docs/mutation.md) found unexercised: the
// invoice refusal names the state whatever it is; the order's references appear only when stored;
// a quote's expiry and matchability at their boundary and with clocks that cannot be read; and
// why the location is unavailable (INV-01 … INV-04, QTE-05, TRK-03, TRK-06).
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { buildInvoice } from '../../src/rules/invoice.js'
import { deliveredOrder, DOCK } from '../support/invoiceOrder.js'
import { isQuoteMatchable, newestQuoteByReference, quoteExpiresAt } from '../../src/rules/quotes.js'
import { buildTracking, type TrackingFacts } from '../../src/rules/trackingStatus.js'

const HOUR = 3_600_000
const T0 = Date.UTC(2026, 10, 23, 14, 0, 0)
const at = (ms: number): DateTime => DateTime.fromMillis(ms, { zone: 'utc' })

const ADDRESS = { ...DOCK, openTime: '08:00', closeTime: '16:00' }
const ORDER = deliveredOrder({
  pickupAddress: ADDRESS,
  deliveryAddress: ADDRESS,
  components: [{ palletCount: 1, poundsWeight: 500, dimensions: { length: 40, width: 48, height: 60 }, freightClass: '100' }],
})

describe('INV-01 the refusal names the state, whatever it is', () => {
  it('a string as written, null, and the type of anything else', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string().filter((s) => s !== 'DELIVERED'), fc.constant(null), fc.constant(undefined), fc.integer(), fc.boolean()), (status) => {
        const r = buildInvoice({ ...ORDER, status } as never, [], { invoiceDate: '2026-11-22' })
        const named = typeof status === 'string' ? status : status === null ? 'null' : typeof status
        expect(r._tag === 'Left' && [r.left.status, r.left.reason, r.left.detail]).toEqual([400, 'invoice_not_available', `An invoice exists only for a delivered shipment; this one is ${named}.`])
      }),
    )
  })

  it('poNumber and refNumber appear exactly when stored', () => {
    fc.assert(
      fc.property(fc.option(fc.constantFrom('PO-1', 'PO-88123'), { nil: undefined }), fc.option(fc.constantFrom('R-1', 'REF 2'), { nil: undefined }), (poNumber, refNumber) => {
        const order = { ...ORDER, ...(poNumber === undefined ? {} : { poNumber }), ...(refNumber === undefined ? {} : { refNumber }) }
        const r = buildInvoice(order as never, [], { invoiceDate: '2026-11-22' })
        expect(r._tag).toBe('Right')
        if (r._tag !== 'Right') return
        expect(Object.hasOwn(r.right, 'poNumber')).toBe(poNumber !== undefined)
        expect(Object.hasOwn(r.right, 'refNumber')).toBe(refNumber !== undefined)
        if (poNumber !== undefined) expect(r.right.poNumber).toBe(poNumber)
        if (refNumber !== undefined) expect(r.right.refNumber).toBe(refNumber)
      }),
    )
  })
})

describe('QTE-05 a quote\'s validity', () => {
  it('expires 48 hours after its creation; matchable before, not at or after, and never with a clock that cannot be read', () => {
    fc.assert(
      fc.property(fc.integer({ min: -HOUR, max: 60 * HOUR }), fc.integer({ min: 1, max: 1_000_000 }), (offset, price) => {
        const createdAt = at(T0)
        expect(quoteExpiresAt(createdAt).toMillis()).toBe(T0 + 48 * HOUR)
        expect(quoteExpiresAt(DateTime.invalid('unreadable')).isValid).toBe(false)
        const quote = { createdAt, open: true, quotedPriceInCents: price }
        expect(isQuoteMatchable(quote, at(T0 + offset))).toBe(offset < 48 * HOUR)
        expect(isQuoteMatchable(quote, DateTime.invalid('unreadable'))).toBe(false)
        expect(isQuoteMatchable(quote, T0 as never)).toBe(false)
        expect(isQuoteMatchable({ ...quote, createdAt: DateTime.invalid('unreadable') }, at(T0))).toBe(false)
      }),
    )
  })

  it('quotes that are not a list are not read: the 400 with one type violation at the root', () => {
    fc.assert(
      fc.property(fc.constantFrom<unknown>('quotes', { 0: {}, length: 1 }, null, 7), (quotes) => {
        const r = newestQuoteByReference(quotes as never, { companyId: 'acme', reference: 'PO-1' })
        expect(r._tag === 'Left' && [r.left.status, r.left.violations]).toEqual([400, [{ field: '', entity: null, code: 'type', reason: 'could not be read: the input is not of the documented type' }]])
      }),
    )
  })
})

const FACTS: TrackingFacts = {
  id: 'ord_1',
  orderNumber: 'A1B2C',
  status: 'IN_TRANSIT',
  actualPickupDate: at(T0),
  predictedDelivery: at(T0 + 30 * HOUR),
  origin: { latitude: 41.88, longitude: -87.63 },
  destination: { latitude: 32.78, longitude: -96.8 },
  deliveryZone: 'America/Chicago',
  pings: [],
}

describe('TRK-03 / TRK-06 why the location is unavailable', () => {
  it('no predicted delivery, or an unknown end of the route: the unavailable estimate saying so', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.constantFrom<'origin' | 'destination'>('origin', 'destination'), fc.constantFrom(null, undefined), (hours, end, missing) => {
        const now = at(T0 + hours * HOUR)
        const noEta = buildTracking({ ...FACTS, predictedDelivery: null }, { include: { location: true }, now })
        expect(noEta._tag === 'Right' && noEta.right.location?.delayMessage).toBe('No position estimate: the delivery date is not predicted yet.')
        const noEnd = buildTracking({ ...FACTS, [end]: missing }, { include: { location: true }, now })
        expect(noEnd._tag === 'Right' && noEnd.right.location?.delayMessage).toBe('No position estimate: the pickup or delivery position is not known.')
      }),
    )
  })

  it('a placeOf that is not a function names no place: no status sentence; one that names a place adds it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.constantFrom<unknown>(undefined, 'Joliet', { city: 'Joliet', state: 'IL' }), (hours, notAFunction) => {
        const now = at(T0 + hours * HOUR)
        const none = buildTracking(FACTS, { include: { location: true }, now, placeOf: notAFunction as never })
        // a Right with a location, only without the sentence (a Left or a missing location must fail here)
        expect(none._tag).toBe('Right')
        const location = none._tag === 'Right' ? none.right.location : undefined
        expect(location).toBeDefined()
        expect(Object.hasOwn(location ?? { statusDescription: 'missing location' }, 'statusDescription')).toBe(false)
        const named = buildTracking(FACTS, { include: { location: true }, now, placeOf: () => ({ city: 'Joliet', state: 'IL' }) })
        expect(named._tag === 'Right' && named.right.location?.statusDescription).toMatch(/ near Joliet, IL; expected /)
      }),
    )
  })
})
