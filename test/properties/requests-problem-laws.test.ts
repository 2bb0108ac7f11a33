// Laws for the problems of src/rules/requests.ts that the mutation run (docs/mutation.md) found
// unpinned: a body that is not an object; the fields named when top-level members have the wrong
// type, and the detail's count and plural; appointments and dispatch that are not objects or not
// allowed; the date order; the 422 of pallet limits in the singular and plural. The fast path and
// the reference answer the same (CRT-01 … CRT-10, QTE-01, FRT-04, FRT-05).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validateCreateShipment, validateCreateShipmentReference, validateQuoteRequest, validateQuoteRequestReference } from '../../src/rules/requests.js'
import { requirementArb } from '../../src/arbitraries/appointment.js'
import { createArb } from '../../src/arbitraries/requests.js'

const jsonWord = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)
const VALIDATORS = [validateCreateShipment, validateCreateShipmentReference, validateQuoteRequest, validateQuoteRequestReference] as const
const createBoth = (body: unknown) => {
  const fast = validateCreateShipment(body)
  expect(validateCreateShipmentReference(body)).toStrictEqual(fast)
  return fast
}
const problemOf = (r: ReturnType<typeof validateCreateShipment>) => {
  expect(r._tag).toBe('Left')
  return (r as { readonly left: { status: number; reason: string; detail: string; violations?: ReadonlyArray<{ field: string; entity: string | null; code: string; reason: string }> } }).left
}

describe('CRT-01 / QTE-01 a body that is not an object', () => {
  it('one violation at the root: required when absent, else type naming what it got; detail in the singular', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.boolean(), fc.array(fc.integer(), { maxLength: 2 })), (body) => {
        for (const validate of VALIDATORS) {
          const p = problemOf(validate(body) as never)
          expect([p.status, p.reason, p.detail]).toEqual([400, 'validation_failed', 'The request has 1 invalid field.'])
          expect(p.violations).toEqual([{ field: '', entity: null, code: body === undefined ? 'required' : 'type', reason: `must be a JSON object, got ${jsonWord(body)}` }])
        }
      }),
    )
  })
})

const TEXT_FIELDS = ['description', 'quoteId', 'poNumber', 'refNumber', 'instructions', 'requiredPickupDate', 'requiredDeliveryBy'] as const

describe('CRT-01 … CRT-04 top-level members of the wrong type', () => {
  it('each is named once, at its own field, entity null; the detail counts them, in the plural from two', () => {
    fc.assert(
      fc.property(createArb, fc.subarray([...TEXT_FIELDS], { minLength: 1 }), fc.constantFrom<unknown>(7, true, ['x'], { v: 1 }), (body, fields, wrong) => {
        const bad: Record<string, unknown> = { ...body }
        for (const f of fields) bad[f] = wrong
        const p = problemOf(createBoth(bad))
        const named = (p.violations ?? []).map((v) => v.field)
        expect(new Set(named)).toEqual(new Set(fields))
        expect(named).toHaveLength(fields.length)
        for (const v of p.violations ?? []) expect([v.entity, v.code]).toEqual([null, 'type'])
        expect(p.detail).toBe(`The request has ${fields.length} invalid field${fields.length === 1 ? '' : 's'}.`)
      }),
    )
  })

  it('requiredDeliveryBy before requiredPickupDate is a mismatch at requiredDeliveryBy; the same instant is accepted', () => {
    fc.assert(
      fc.property(createArb, fc.integer({ min: 1, max: 10_000 }), (body, minutes) => {
        const pickup = Date.UTC(2026, 11, 1, 12)
        const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z')
        const early = { ...body, requiredPickupDate: iso(pickup), requiredDeliveryBy: iso(pickup - minutes * 60_000) }
        expect(problemOf(createBoth(early)).violations).toEqual([{ field: 'requiredDeliveryBy', entity: null, code: 'mismatch', reason: 'must not be before requiredPickupDate' }])
        expect(createBoth({ ...body, requiredPickupDate: iso(pickup), requiredDeliveryBy: iso(pickup) })._tag).toBe('Right')
      }),
    )
  })
})

describe('CRT-07 / CRT-08 appointments and dispatch', () => {
  it('appointments that are not an object; an appointment at a stop that does not require one', () => {
    fc.assert(
      fc.property(createArb, fc.constantFrom<unknown>(7, 'pickup', [], null), fc.constantFrom<'pickup' | 'delivery'>('pickup', 'delivery'), requirementArb, (body, notObject, stop, requirement) => {
        expect(problemOf(createBoth({ ...body, appointments: notObject })).violations).toEqual([
          { field: 'appointments', entity: 'appointment', code: 'type', reason: `must be an object { pickup, delivery }, got ${jsonWord(notObject)}` },
        ])
        const address = { ...(body[`${stop}Address`] as Record<string, unknown>), appointmentRequired: false }
        const { appointments: _, ...rest } = body
        const p = problemOf(createBoth({ ...rest, [`${stop}Address`]: address, appointments: { [stop]: requirement } }))
        expect(p.violations).toEqual([{ field: `appointments.${stop}`, entity: 'appointment', code: 'not_allowed', reason: `may be set only when ${stop}Address.appointmentRequired is true` }])
      }),
    )
  })

  it('a dispatch that is not an object, or has neither an email nor a phone', () => {
    fc.assert(
      fc.property(createArb, fc.constantFrom<unknown>(7, 'Dispatch', [], null), (body, notObject) => {
        expect(problemOf(createBoth({ ...body, shipperDispatch: notObject })).violations).toEqual([
          { field: 'shipperDispatch', entity: 'shipperDispatch', code: 'type', reason: `must be an object, got ${jsonWord(notObject)}` },
        ])
        expect(problemOf(createBoth({ ...body, shipperDispatch: { name: 'Dispatch desk' } })).violations).toEqual([
          { field: 'shipperDispatch', entity: 'shipperDispatch', code: 'required', reason: 'needs an email or a phone (at least one)' },
        ])
      }),
    )
  })
})

describe('FRT-04 / FRT-05 pallet limits are a 422, counted in the detail', () => {
  it('one over: "1 pallet limit is exceeded."; two: "2 pallet limits are exceeded."; with a shape violation too, a 400 counting all', () => {
    fc.assert(
      fc.property(createArb, fc.integer({ min: 1, max: 2 }), (body, n) => {
        const heavy = { palletCount: 1, poundsWeight: 9_000 }
        const over = { ...body, orderComponents: Array.from({ length: n }, () => heavy) }
        const p = problemOf(createBoth(over))
        expect([p.status, p.reason, p.detail]).toEqual([422, 'pallet_invalid', n === 1 ? '1 pallet limit is exceeded.' : '2 pallet limits are exceeded.'])
        const both = problemOf(createBoth({ ...over, poNumber: 7 }))
        expect([both.status, both.detail]).toEqual([400, `The request has ${n + 1} invalid fields.`])
      }),
    )
  })
})
