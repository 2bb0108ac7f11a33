// What a valid request normalizes to, member by member, against the part validators as oracles
// (CRT-01 … CRT-08, QTE-01), on both the exported validator and the reference path:
// - the addresses are normalizeAddress's, the pallet groups inspectComponents', each appointment
//   validateAppointmentRequirement's, under the liftgate limits exactly when a stop asks for one;
// - every optional text member sent is kept as sent (quoteId lower-cased), every one not sent is
//   absent (not present as undefined); the body's members come in no other way;
// - each fault of the dispatch contact is reported at its own field.
import fc from 'fast-check'
import type { Either } from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { normalizeAddress } from '../../src/rules/address.js'
import { validateAppointmentRequirement } from '../../src/rules/appointment.js'
import { inspectComponents } from '../../src/rules/freightComponents.js'
import { validateCreateShipment, validateCreateShipmentReference, validateQuoteRequest, validateQuoteRequestReference } from '../../src/rules/requests.js'
import { fullCreateArb } from '../../src/arbitraries/dispatch.js'
import { quoteRequestArb } from '../../src/arbitraries/quote.js'
import { rightOf } from '../support/either.js'

const right = <A>(r: Either<unknown, A>): A => rightOf(r)
/** The addresses and pallet groups of a normalized request, against normalizeAddress and inspectComponents (liftgate limits when a stop asks). */
const expectParts = (v: Record<string, unknown>, body: Record<string, unknown>, purpose: 'shipment' | 'quote'): void => {
  const pickup = body['pickupAddress'] as Record<string, unknown>
  const delivery = body['deliveryAddress'] as Record<string, unknown>
  expect(v['pickupAddress']).toStrictEqual(right(normalizeAddress(pickup, { purpose })))
  expect(v['deliveryAddress']).toStrictEqual(right(normalizeAddress(delivery, { purpose })))
  const liftgate = pickup['liftgateRequired'] === true || delivery['liftgateRequired'] === true
  expect(v['orderComponents']).toStrictEqual(right(inspectComponents(body['orderComponents'], { liftgate })).components.map((c) => c.component))
}
const uuidArb = fc.uuid().chain((u) => fc.constantFrom(u, u.toUpperCase()))
const OPTIONAL_CREATE = ['quoteId', 'poNumber', 'refNumber', 'instructions', 'referenceNumbers', 'requiredPickupDate', 'requiredDeliveryBy', 'appointments', 'shipperDispatch'] as const

describe('CRT-01 … CRT-08 a valid create request, member by member', () => {
  it('addresses, groups and appointments as their validators give them; optional members as sent or absent', () => {
    fc.assert(
      fc.property(
        fullCreateArb,
        fc.option(uuidArb, { nil: undefined }),
        fc.option(fc.array(fc.constantFrom('PO-1', 'BOL 7', 'x'), { minLength: 1, maxLength: 3 }), { nil: undefined }),
        fc.boolean(),
        (base, quoteId, referenceNumbers, reference) => {
          const body: Record<string, unknown> = { ...base }
          if (quoteId !== undefined) body['quoteId'] = quoteId
          if (referenceNumbers !== undefined) body['referenceNumbers'] = referenceNumbers
          const v = right<Record<string, unknown>>((reference ? validateCreateShipmentReference : validateCreateShipment)(body) as Either<unknown, Record<string, unknown>>)
          expectParts(v, body, 'shipment')
          expect(v['description']).toBe(body['description'])
          for (const key of OPTIONAL_CREATE) {
            expect(key in v).toBe(body[key] !== undefined)
            if (body[key] === undefined) continue
            if (key === 'quoteId') expect(v[key]).toBe((body[key] as string).toLowerCase())
            else if (key === 'appointments') {
              const sent = body[key] as Record<string, unknown>
              const got = v[key] as Record<string, unknown>
              for (const stop of ['pickup', 'delivery']) {
                expect(stop in got).toBe(sent[stop] !== undefined)
                if (sent[stop] !== undefined) expect(got[stop]).toStrictEqual(right(validateAppointmentRequirement(sent[stop])))
              }
            } else if (key !== 'shipperDispatch') expect(v[key]).toStrictEqual(body[key])
          }
          expect(Object.keys(v).every((k) => k in body)).toBe(true)
        },
      ),
    )
  })

  it('a pallet over the liftgate limits but within the standard ones is accepted exactly when neither stop asks for a liftgate', () => {
    fc.assert(
      fc.property(fullCreateArb, fc.boolean(), fc.boolean(), (base, atPickup, atDelivery) => {
        const pickup = { ...(base['pickupAddress'] as object), liftgateRequired: atPickup }
        const delivery = { ...(base['deliveryAddress'] as object), liftgateRequired: atDelivery }
        const body = { ...base, pickupAddress: pickup, deliveryAddress: delivery, orderComponents: [{ palletCount: 1, poundsWeight: 2800 }] }
        const r = validateCreateShipment(body)
        expect(r._tag).toBe(atPickup || atDelivery ? 'Left' : 'Right')
        if (r._tag === 'Left') expect(r.left.violations?.map((x) => x.field)).toStrictEqual(['orderComponents[0].poundsWeight'])
      }),
    )
  })

  it('each fault of the dispatch contact at its own field', () => {
    const FAULTS: ReadonlyArray<readonly [Record<string, unknown>, ReadonlyArray<string>]> = [
      [{ email: 'ops@example.com' }, ['shipperDispatch.name']],
      [{ name: ' ', email: 'ops@example.com' }, ['shipperDispatch.name']],
      [{ name: 'Night desk', email: 'not an email' }, ['shipperDispatch.email']],
      [{ name: 'Night desk', phone: '555' }, ['shipperDispatch.phone']],
      [{ name: 'Night desk', phone: '+13125550100', scac: 'toolong' }, ['shipperDispatch.scac']],
      [{ name: 'Night desk' }, ['shipperDispatch']],
    ]
    fc.assert(
      fc.property(fullCreateArb, fc.constantFrom(...FAULTS), fc.boolean(), (base, [dispatch, fields], reference) => {
        const r = (reference ? validateCreateShipmentReference : validateCreateShipment)({ ...base, shipperDispatch: dispatch })
        expect(r._tag === 'Left' && r.left.violations?.map((x) => [x.field, x.entity])).toStrictEqual(fields.map((f) => [f, 'shipperDispatch']))
      }),
    )
  })
})

describe('QTE-01 a valid quote request, member by member', () => {
  it('addresses and groups as their validators give them; requiredPickupDate, shipmentMode and customerReference as sent or absent', () => {
    fc.assert(
      fc.property(quoteRequestArb, fc.option(fc.constantFrom('ltl', 'ftl'), { nil: undefined }), fc.option(fc.constantFrom('LOAD-1', ''), { nil: undefined }), fc.boolean(), (base, shipmentMode, customerReference, reference) => {
        const body: Record<string, unknown> = { ...base }
        if (shipmentMode !== undefined) body['shipmentMode'] = shipmentMode
        if (customerReference !== undefined) body['customerReference'] = customerReference
        const v = right<Record<string, unknown>>((reference ? validateQuoteRequestReference : validateQuoteRequest)(body) as Either<unknown, Record<string, unknown>>)
        expectParts(v, body, 'quote')
        for (const key of ['requiredPickupDate', 'shipmentMode', 'customerReference']) {
          expect(key in v).toBe(body[key] !== undefined)
          if (body[key] !== undefined) expect(v[key]).toBe(body[key])
        }
      }),
    )
  })
})
