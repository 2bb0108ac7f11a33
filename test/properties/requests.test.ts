import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { CreateShipmentRequest } from '../../src/model/shipment.js'
import { QuoteRequest } from '../../src/model/quote.js'
import { validateCreateShipment, validateQuoteRequest } from '../../src/rules/requests.js'
import { CORRUPTIONS, zipArb } from '../../src/arbitraries/address.js'
import { requirementArb } from '../../src/arbitraries/appointment.js'
import { componentWithin, DEFAULT_BOUNDS } from '../../src/arbitraries/components.js'
import { createArb } from '../../src/arbitraries/requests.js'
import { deepFreeze } from '../arbitraries/freeze.js'
import { leftOf, rightOf } from '../support/either.js'

/** Corruptions of one field anywhere in a create request, with the path they hit. */
const corruptedCreateArb = createArb.chain((body) =>
  fc.oneof(
    fc.tuple(fc.constantFrom('pickupAddress', 'deliveryAddress'), fc.constantFrom('zipCode', 'phoneNumber', 'email', 'openTime', 'country')).chain(([which, field]) =>
      fc.constantFrom(...CORRUPTIONS[field]!).map((v) => ({ input: { ...body, [which]: { ...(body[which] as object), [field]: v } }, path: `${which}.${field}` })),
    ),
    fc.constantFrom(['description', '   '], ['quoteId', 'Q-1'], ['instructions', 'x'.repeat(2001)], ['requiredPickupDate', '2026-11-24'], ['poNumber', 7]).map(([k, v]) => ({ input: { ...body, [k as string]: v }, path: k as string })),
    fc.nat(9).map((n) => {
      const list = body['orderComponents'] as Array<Record<string, unknown>>
      const i = n % list.length
      return { input: { ...body, orderComponents: list.map((c, j) => (j === i ? { ...c, palletCount: 'two' } : c)) }, path: `orderComponents[${i}].palletCount` }
    }),
    fc.constant({ input: { ...body, shipperDispatch: { name: 'Desk' } }, path: 'shipperDispatch' }),
  ),
)

describe('CRT-01 … CRT-09 and ORD-02 create requests', () => {
  it('every generated request is valid, normalization is idempotent, and the result decodes through the wire codec', () => {
    fc.assert(
      fc.property(createArb, (body) => {
        const once = rightOf(validateCreateShipment(body))
        expect(rightOf(validateCreateShipment(once))).toEqual(once)
        const decoded = CreateShipmentRequest.decode(once)
        expect(isRight(decoded)).toBe(true)
      }),
    )
  })
  it('companyId in the input never appears in the output (CRT-09)', () => {
    fc.assert(
      fc.property(createArb, (body) => {
        expect(JSON.stringify(rightOf(validateCreateShipment(body)))).not.toContain('someone-else')
        expect('companyId' in rightOf(validateCreateShipment(body))).toBe(false)
      }),
    )
  })
  it('corrupting one field gives a violation at exactly that path (400)', () => {
    fc.assert(
      fc.property(corruptedCreateArb, ({ input, path }) => {
        const p = leftOf(validateCreateShipment(input))
        expect(p.status).toBe(400)
        expect(p.violations?.map((v) => v.field)).toEqual([path])
      }),
    )
  })
  it('a shape error and a pallet limit together give 400 listing both; the limit alone gives 422', () => {
    fc.assert(
      fc.property(createArb, (body) => {
        const heavy = [...(body['orderComponents'] as unknown[]), { palletCount: 1, poundsWeight: 99_999 }]
        const limitOnly = leftOf(validateCreateShipment({ ...body, orderComponents: heavy }))
        expect([limitOnly.status, limitOnly.reason]).toEqual([422, 'pallet_invalid'])
        const both = leftOf(validateCreateShipment({ ...body, description: '', orderComponents: heavy }))
        expect(both.status).toBe(400)
        expect(both.violations?.map((v) => v.field).sort()).toEqual(['description', `orderComponents[${heavy.length - 1}].poundsWeight`].sort())
      }),
    )
  })
  it('an appointments entry is allowed only for a stop whose address requires one (CRT-07)', () => {
    fc.assert(
      fc.property(createArb, requirementArb, (body, req) => {
        const input = { ...body, pickupAddress: { ...(body['pickupAddress'] as object), appointmentRequired: false }, appointments: { pickup: req } }
        expect(leftOf(validateCreateShipment(input)).violations?.map((v) => [v.field, v.code])).toEqual([['appointments.pickup', 'not_allowed']])
      }),
    )
  })
  it('no input throws; arguments are never mutated', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), createArb, corruptedCreateArb.map((c) => c.input)), (body) => {
        const before = structuredClone(body)
        expect(['Left', 'Right']).toContain(validateCreateShipment(deepFreeze(body))._tag)
        expect(['Left', 'Right']).toContain(validateQuoteRequest(body)._tag)
        expect(body).toEqual(before)
      }),
    )
  })
})

describe('QTE-01 quote requests', () => {
  it('addresses need only a zipCode; the result decodes through the wire codec; shipmentMode is exactly ltl or ftl (strict: LTL, Ltl, " ltl" are 400)', () => {
    fc.assert(
      fc.property(zipArb, zipArb, fc.array(componentWithin(DEFAULT_BOUNDS).map((c) => c.wire), { minLength: 1, maxLength: 5 }), fc.option(fc.constantFrom('ltl', 'ftl', 'LTL', 'Ftl', ' ltl', ''), { nil: undefined }), (a, b, orderComponents, mode) => {
        const r = validateQuoteRequest({ pickupAddress: { zipCode: a }, deliveryAddress: { zipCode: b }, orderComponents, ...(mode === undefined ? {} : { shipmentMode: mode }) })
        if (mode === undefined || mode === 'ltl' || mode === 'ftl') {
          expect(rightOf(r).shipmentMode).toBe(mode)
          expect(isRight(QuoteRequest.decode(rightOf(r)))).toBe(true)
        } else {
          expect(leftOf(r).violations?.map((v) => [v.field, v.code])).toEqual([['shipmentMode', 'pattern']])
        }
      }),
    )
  })
  it('a bad zipCode or shipmentMode is 400 at its path', () => {
    fc.assert(
      fc.property(zipArb, fc.constantFrom('00000', '1234', 'abcde'), fc.constantFrom('air', 'LTLX', 3), (good, bad, mode) => {
        const p = leftOf(validateQuoteRequest({ pickupAddress: { zipCode: bad }, deliveryAddress: { zipCode: good }, orderComponents: [{ palletCount: 1, poundsWeight: 100 }], shipmentMode: mode }))
        expect(p.violations?.map((v) => v.field)).toEqual(['pickupAddress.zipCode', 'shipmentMode'])
      }),
    )
  })
})
