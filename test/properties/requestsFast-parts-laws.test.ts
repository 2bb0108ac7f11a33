// The fast readers of the request parts (src/rules/requestsFast.ts; APT-01 … APT-06, CRT-08,
// QTE-01) held to their reference readers where they are easiest to get wrong:
// - a member inherited rather than own (of a requirement, a contact or a dispatch contact) is not
//   read: the answer is that of the object without it, and the fast reader either gives that
//   answer or gives up;
// - the lists and the portal URL at and one past their limits; empty lists are dropped;
// - a valid dispatch contact is kept as sent, in a create request too;
// - a quote request's pallets are judged against the liftgate limits exactly when a stop asks.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LIMITS } from '../../src/model/patterns.js'
import { validateAppointmentRequirement } from '../../src/rules/appointment.js'
import { validateCreateShipment, validateQuoteRequest } from '../../src/rules/requests.js'
import { fastDispatch, fastRequirement } from '../../src/rules/requestsFast.js'
import { contactArb, requirementArb } from '../../src/arbitraries/appointment.js'
import { dispatchArb, fullCreateArb } from '../../src/arbitraries/dispatch.js'
import { quoteRequestArb } from '../../src/arbitraries/quote.js'
import { rightOf } from '../support/either.js'

/** `o` with its member `key` moved to its prototype. */
const inheriting = (o: Record<string, unknown>, key: string): Record<string, unknown> => {
  const { [key]: moved, ...rest } = o
  return Object.assign(Object.create({ [key]: moved }) as Record<string, unknown>, rest)
}
const without = (o: Record<string, unknown>, key: string): Record<string, unknown> => {
  const { [key]: _gone, ...rest } = o
  return rest
}

describe('APT-01 … APT-06 the fast requirement reader', () => {
  it('an inherited member of the requirement or of one of its contacts is not read, by either reader', () => {
    fc.assert(
      fc.property(requirementArb, fc.nat(), fc.nat(), fc.boolean(), (req, n, m, inContact) => {
        let odd: Record<string, unknown>
        let plain: Record<string, unknown>
        const contacts = req['contacts'] as Array<Record<string, unknown>> | undefined
        if (inContact && contacts !== undefined && contacts.length > 0) {
          const i = n % contacts.length
          const keys = Object.keys(contacts[i]!)
          const key = keys[m % keys.length]!
          odd = { ...req, contacts: contacts.map((c, k) => (k === i ? inheriting(c, key) : c)) }
          plain = { ...req, contacts: contacts.map((c, k) => (k === i ? without(c, key) : c)) }
        } else {
          const keys = Object.keys(req)
          const key = keys[n % keys.length]!
          odd = inheriting(req, key)
          plain = without(req, key)
        }
        const want = validateAppointmentRequirement(plain)
        expect(validateAppointmentRequirement(odd)).toStrictEqual(want)
        const fast = fastRequirement(odd)
        if (fast !== undefined) expect({ _tag: 'Right', right: fast }).toStrictEqual(want)
      }),
    )
  })

  it('at most 20 contacts, 10 reference numbers and a 512-character portal URL: taken at the limit, given up one past it; empty lists dropped', () => {
    const urlOf = (n: number): string => {
      const head = 'https://portal.example.com/'
      return head + 'a'.repeat(n - head.length)
    }
    fc.assert(
      fc.property(contactArb, fc.constantFrom('contacts', 'referenceNumbers', 'portalUrl', 'empty'), fc.boolean(), (contact, what, over) => {
        const req: Record<string, unknown> =
          what === 'contacts' ? { channel: 'PHONE', contacts: Array.from({ length: LIMITS.appointmentContactsMax + (over ? 1 : 0) }, () => contact) }
          : what === 'referenceNumbers' ? { channel: 'EMAIL', referenceNumbers: Array.from({ length: LIMITS.appointmentReferenceNumbersMax + (over ? 1 : 0) }, (_, i) => `REF-${i}`) }
          : what === 'portalUrl' ? { channel: 'PORTAL', portalUrl: urlOf(LIMITS.portalUrlMaxLength + (over ? 1 : 0)) }
          : { channel: 'PHONE', ...(over ? { contacts: [] } : { referenceNumbers: [] }) }
        const ref = validateAppointmentRequirement(req)
        const fast = fastRequirement(req)
        if (what === 'empty') {
          expect(ref).toStrictEqual({ _tag: 'Right', right: { channel: 'PHONE' } })
          expect(fast).toStrictEqual({ channel: 'PHONE' })
        } else if (over) {
          expect(ref._tag).toBe('Left')
          expect(fast).toBeUndefined()
        } else {
          expect(fast).toStrictEqual(rightOf(ref))
          expect(fast).toStrictEqual(req)
        }
      }),
    )
  })
})

describe('CRT-08 the dispatch contact', () => {
  it('a valid one is kept as sent, alone and in a create request; an inherited member is not read', () => {
    fc.assert(
      fc.property(dispatchArb, fullCreateArb, fc.nat(), (d, body, n) => {
        expect(fastDispatch(d)).toStrictEqual(d)
        expect(rightOf(validateCreateShipment({ ...body, shipperDispatch: d })).shipperDispatch).toStrictEqual(d)
        const keys = Object.keys(d)
        const key = keys[n % keys.length]!
        const odd = inheriting(d, key)
        const fast = fastDispatch(odd)
        if (fast !== undefined) expect(fast).toStrictEqual(without(d, key))
        expect(validateCreateShipment({ ...body, shipperDispatch: odd })).toStrictEqual(validateCreateShipment({ ...body, shipperDispatch: without(d, key) }))
      }),
    )
  })
})

describe('QTE-01 a quote request and the liftgate', () => {
  it('a pallet over the liftgate limits but within the standard ones is accepted exactly when neither stop asks for a liftgate', () => {
    fc.assert(
      fc.property(quoteRequestArb, fc.boolean(), fc.boolean(), (base, atPickup, atDelivery) => {
        const pickup = { ...(base['pickupAddress'] as object), liftgateRequired: atPickup }
        const delivery = { ...(base['deliveryAddress'] as object), liftgateRequired: atDelivery }
        const r = validateQuoteRequest({ ...base, pickupAddress: pickup, deliveryAddress: delivery, orderComponents: [{ palletCount: 1, poundsWeight: 2800 }] })
        expect(r._tag).toBe(atPickup || atDelivery ? 'Left' : 'Right')
        if (r._tag === 'Left') expect(r.left.violations?.map((x) => x.field)).toStrictEqual(['orderComponents[0].poundsWeight'])
      }),
    )
  })
})
