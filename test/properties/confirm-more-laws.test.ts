// More laws for src/rules/confirm.ts (ORD-02, QTE-06, APT-11) that the mutation analysis found
// unpinned: the quote_required refusal in its words; a stored request that fails validation is
// refused with exactly the validator's problem when no appointment is missing, and with its
// violations followed by the missing appointments' otherwise; a quote's validity read from the
// configuration given; one pallet group more or fewer than the quote is a mismatch.
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { makeConfig } from '../../src/config.js'
import { problemFor } from '../../src/errors/problem.js'
import { checkQuoteForShipment, validateConfirm } from '../../src/rules/confirm.js'
import { validateCreateShipment } from '../../src/rules/requests.js'
import { fullCreateArb } from '../../src/arbitraries/dispatch.js'
import { rightOf } from '../support/either.js'

const QUOTE_ID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301'

describe('ORD-02 validateConfirm', () => {
  it('without a quote id (absent, null, blank): quote_required in its words', () => {
    fc.assert(
      fc.property(fullCreateArb, fc.constantFrom<string | null | undefined>(undefined, null, '', '  '), (request, quoteId) => {
        expect(validateConfirm({ status: 'INITIALIZED', quoteId, request })).toStrictEqual({
          _tag: 'Left',
          left: problemFor('quote_required', 'An order is confirmed only with an associated quote.'),
        })
      }),
    )
  })

  it("a request that fails validation: the validator's problem itself when no appointment is missing, else its violations then the missing appointment's", () => {
    fc.assert(
      fc.property(fullCreateArb, fc.constantFrom('description', 'orderComponents', 'pickupAddress'), fc.boolean(), (body, broken, placeRequired) => {
        // no stop's address asks for an appointment and none is sent; the place may ask at pickup
        const { appointments: _sent, ...rest } = body
        const request = {
          ...rest,
          pickupAddress: { ...(body['pickupAddress'] as object), appointmentRequired: false },
          deliveryAddress: { ...(body['deliveryAddress'] as object), appointmentRequired: false },
          [broken]: 7,
        }
        const validated = validateCreateShipment(request)
        const r = validateConfirm({ status: 'INITIALIZED', quoteId: QUOTE_ID, request, placeAppointmentRequired: { pickup: placeRequired } })
        expect(validated._tag).toBe('Left')
        expect(r._tag).toBe('Left')
        if (r._tag !== 'Left' || validated._tag !== 'Left') return
        if (!placeRequired) expect(r.left).toStrictEqual(validated.left)
        else {
          const first = validated.left.violations ?? []
          expect(r.left.violations?.slice(0, first.length)).toStrictEqual(first)
          expect(r.left.violations?.slice(first.length).map((v) => v.field)).toStrictEqual(['appointments.pickup'])
        }
      }),
    )
  })
})

describe('QTE-06 checkQuoteForShipment', () => {
  it("a quote's validity is the configuration's; one pallet group more or fewer than quoted is a mismatch at orderComponents", () => {
    fc.assert(
      fc.property(fullCreateArb, fc.integer({ min: 1, max: 96 }), fc.integer({ min: -2, max: 2 }), fc.constantFrom('same', 'more', 'fewer'), (body, hours, minutes, groups) => {
        const config = rightOf(makeConfig({ quoteValidityHours: hours }))
        const request = rightOf(validateCreateShipment(body))
        const created = DateTime.fromISO('2026-11-20T12:00:00Z', { zone: 'utc' })
        const now = created.plus({ hours, minutes })
        const first = request.orderComponents[0]!
        const sent =
          groups === 'same' ? request
          : groups === 'more' ? { ...request, orderComponents: [...request.orderComponents, first] }
          : { ...request, orderComponents: request.orderComponents.slice(1) }
        fc.pre(sent.orderComponents.length > 0)
        const quote = { id: 'q', companyId: 'acme', createdAt: created, open: true, quotedPriceInCents: 100, request }
        const r = checkQuoteForShipment(quote, sent, { companyId: 'acme', now, config })
        if (minutes >= 0) expect(r._tag === 'Left' && r.left.reason).toBe('quote_expired')
        else if (groups === 'same') expect(r).toStrictEqual({ _tag: 'Right', right: quote })
        else expect(r._tag === 'Left' && r.left.violations?.map((v) => [v.field, v.code])).toStrictEqual([['orderComponents', 'mismatch']])
      }),
    )
  })
})
