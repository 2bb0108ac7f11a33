import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '../../src/model/orderStatuses.js'
import { checkQuoteForShipment, validateConfirm } from '../../src/rules/confirm.js'
import { validateCreateShipment } from '../../src/rules/requests.js'
import { requirementArb } from '../../src/arbitraries/appointment.js'
import { createArb } from '../../src/arbitraries/requests.js'
import { leftOf, rightOf } from '../support/either.js'
import { QUOTE_CREATED, QUOTE_ID, quoteFor } from '../support/quotes.js'


describe('ORD-03 and CNF-01 … CNF-04 confirmation', () => {
  it('a valid INITIALIZED order with a quote and its appointments confirms, with the normalized request', () => {
    fc.assert(
      fc.property(createArb, (request) => {
        const r = rightOf(validateConfirm({ status: 'INITIALIZED', quoteId: QUOTE_ID, request }))
        expect(r.status).toBe('CONFIRMED')
        expect(r.request).toEqual(rightOf(validateCreateShipment(request)))
      }),
    )
  })
  it('from any other state it is 400 invalid_transition; without a quote 400 quote_required', () => {
    fc.assert(
      fc.property(createArb, fc.constantFrom(...ORDER_STATUSES.filter((s) => s !== 'INITIALIZED')), fc.constantFrom(undefined, null, '', ' '), (request, status, noQuote) => {
        expect([leftOf(validateConfirm({ status, quoteId: QUOTE_ID, request })).reason]).toEqual(['invalid_transition'])
        expect(leftOf(validateConfirm({ status: 'INITIALIZED', quoteId: noQuote, request })).reason).toBe('quote_required')
      }),
    )
  })
  it('a stop that requires an appointment and has none at any level blocks with 400 naming it; place-level data unblocks', () => {
    fc.assert(
      fc.property(createArb, fc.constantFrom('pickup', 'delivery') as fc.Arbitrary<'pickup' | 'delivery'>, requirementArb, (body, stop, req) => {
        // remove only this stop's inline entry (the other stop keeps what it needs)
        const inline = { ...((body['appointments'] as Record<string, unknown> | undefined) ?? {}) }
        delete inline[stop]
        const rest = { ...body, appointments: inline }
        const request = { ...rest, [`${stop}Address`]: { ...(body[`${stop}Address`] as object), appointmentRequired: true } }
        const blocked = leftOf(validateConfirm({ status: 'INITIALIZED', quoteId: QUOTE_ID, request }))
        expect(blocked.status).toBe(400)
        expect(blocked.violations?.map((v) => v.field)).toContain(`appointments.${stop}`)
        const placed = validateConfirm({ status: 'INITIALIZED', quoteId: QUOTE_ID, request, placeAppointments: { [stop]: req } })
        const placedFields = placed._tag === 'Left' ? (placed.left.violations ?? []).map((v) => v.field) : []
        expect(placedFields).not.toContain(`appointments.${stop}`)
        expect(placed._tag).toBe('Right')
        const placeFlag = leftOf(validateConfirm({ status: 'INITIALIZED', quoteId: QUOTE_ID, request: rest, placeAppointmentRequired: { [stop]: true } }))
        expect(placeFlag.violations?.map((v) => v.field)).toContain(`appointments.${stop}`)
      }),
    )
  })
})

describe('CRT-05 the quote behind a shipment', () => {
  const created = QUOTE_CREATED
  it('the same lane and freight, in any order of pallet groups, within 48 hours matches', () => {
    fc.assert(
      fc.property(createArb, fc.integer({ min: 0, max: 48 * 3_600_000 - 1 }), (body, age) => {
        const request = rightOf(validateCreateShipment(body))
        const reversed = { ...request, orderComponents: [...request.orderComponents].reverse() }
        expect(checkQuoteForShipment(quoteFor(body), reversed, { companyId: 'acme', now: created.plus({ milliseconds: age }) })._tag).toBe('Right')
      }),
    )
  })
  it('another company’s quote is 403; from 48 hours on it is 400 quote_expired', () => {
    fc.assert(
      fc.property(createArb, fc.integer({ min: 0, max: 1000 }), (body, extraHours) => {
        const request = rightOf(validateCreateShipment(body))
        expect(leftOf(checkQuoteForShipment(quoteFor(body, 'globex'), request, { companyId: 'acme', now: created })).status).toBe(403)
        const late = leftOf(checkQuoteForShipment(quoteFor(body), request, { companyId: 'acme', now: created.plus({ hours: 48 + extraHours }) }))
        expect([late.status, late.reason]).toEqual([400, 'quote_expired'])
      }),
    )
  })
  it('a different ZIP code, liftgate flag or pallet weight is 400 quote_mismatch saying what differs', () => {
    fc.assert(
      fc.property(createArb, fc.constantFrom('zip', 'liftgate', 'weight'), (body, what) => {
        const request = rightOf(validateCreateShipment(body))
        const changed =
          what === 'zip'
            ? { ...request, deliveryAddress: { ...request.deliveryAddress, zipCode: request.deliveryAddress.zipCode === '00501' ? '00502' : '00501' } }
            : what === 'liftgate'
              ? { ...request, pickupAddress: { ...request.pickupAddress, liftgateRequired: request.pickupAddress.liftgateRequired !== true } }
              : { ...request, orderComponents: request.orderComponents.map((c, i) => (i === 0 ? { ...c, poundsWeight: c.poundsWeight + 1 } : c)) }
        const p = leftOf(checkQuoteForShipment(quoteFor(body), changed as typeof request, { companyId: 'acme', now: created }))
        expect([p.status, p.reason]).toEqual([400, 'quote_mismatch'])
        expect(p.violations?.map((v) => v.field)).toEqual([{ zip: 'deliveryAddress.zipCode', liftgate: 'pickupAddress.liftgateRequired', weight: 'orderComponents' }[what]])
      }),
    )
  })
})
