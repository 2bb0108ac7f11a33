// Laws for src/rules/confirm.ts that the mutation run (docs/mutation.md) showed missing:
// checkQuoteForShipment (CRT-05) against an oracle over any combination of changes to the
// shipment (ZIP code, country, liftgate and inside flags per stop, a pallet group added or
// reweighed), at any age of the quote including the exact end of its validity and an invalid
// clock, with one distinct, non-empty detail per outcome.
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { checkQuoteForShipment } from '../../src/rules/confirm.js'
import { validateCreateShipment, type NormalizedCreateShipment } from '../../src/rules/requests.js'
import { createArb } from '../../src/arbitraries/requests.js'
import { leftOf, rightOf } from '../support/either.js'
import { QUOTE_CREATED, quoteFor } from '../support/quotes.js'

const VALID_MS = 48 * 3_600_000
const created = QUOTE_CREATED


type Stop = 'pickupAddress' | 'deliveryAddress'
type Field = 'zipCode' | 'country' | 'liftgateRequired' | 'insideRequired'
const CHANGES = ['zipCode', 'country', 'liftgateRequired', 'insideRequired'] as const

const changeField = (r: NormalizedCreateShipment, stop: Stop, field: Field): NormalizedCreateShipment => {
  const a = r[stop] as unknown as Record<string, unknown>
  const v = a[field]
  const next =
    field === 'zipCode' ? (v === '00501' ? '00502' : '00501') : field === 'country' ? (v === undefined ? 'US' : undefined) : v !== true
  const changed: Record<string, unknown> = { ...a }
  if (next === undefined) delete changed[field]
  else changed[field] = next
  return { ...r, [stop]: changed } as NormalizedCreateShipment
}

describe('CRT-05 checkQuoteForShipment agrees with an oracle', () => {
  it('company, then validity (ending exactly at 48 hours, an invalid clock never valid), then exactly the changed fields', () => {
    const details = new Map<string, Set<string>>()
    fc.assert(
      fc.property(
        createArb,
        fc.subarray([...(['pickupAddress', 'deliveryAddress'] as const).flatMap((s) => CHANGES.map((f) => [s, f] as const))], { maxLength: 3 }),
        fc.constantFrom('none', 'added', 'reweighed'),
        fc.oneof(fc.integer({ min: 0, max: VALID_MS + 1000 }), fc.constantFrom(VALID_MS - 1, VALID_MS, VALID_MS + 1), fc.constant(Number.NaN)),
        fc.constantFrom('acme', 'globex'),
        (body, changes, groups, age, owner) => {
          let request = rightOf(validateCreateShipment(body))
          for (const [stop, field] of changes) request = changeField(request, stop, field)
          if (groups === 'added') request = { ...request, orderComponents: [...request.orderComponents, request.orderComponents[0]!] } as NormalizedCreateShipment
          if (groups === 'reweighed') {
            request = { ...request, orderComponents: request.orderComponents.map((c, i) => (i === 0 ? { ...c, poundsWeight: c.poundsWeight + 1 } : c)) } as NormalizedCreateShipment
          }
          const now = Number.isNaN(age) ? DateTime.invalid('test clock') : created.plus({ milliseconds: age })
          const quote = quoteFor(body, owner)
          const r = checkQuoteForShipment(quote, request, { companyId: 'acme', now })
          let outcome: string
          if (owner !== 'acme') {
            const p = leftOf(r)
            expect([p.status, p.reason]).toEqual([403, 'forbidden'])
            outcome = 'company'
          } else if (Number.isNaN(age) || age >= VALID_MS) {
            const p = leftOf(r)
            expect([p.status, p.reason]).toEqual([400, 'quote_expired'])
            outcome = 'expired'
          } else {
            const fields = [...changes.map(([s, f]) => `${s}.${f}`), ...(groups === 'none' ? [] : ['orderComponents'])].sort()
            if (fields.length === 0) {
              expect(rightOf(r)).toBe(quote)
              return
            }
            const p = leftOf(r)
            expect([p.status, p.reason]).toEqual([400, 'quote_mismatch'])
            expect(p.violations?.map((v) => v.field).sort()).toEqual(fields)
            for (const v of p.violations ?? []) {
              expect(v.code).toBe('mismatch')
              expect(v.entity).toBe(v.field.split('.')[0])
              expect(v.reason.trim().length).toBeGreaterThan(0)
            }
            outcome = 'mismatch'
          }
          const p = leftOf(r)
          expect(p.detail.trim().length).toBeGreaterThan(0)
          details.set(outcome, (details.get(outcome) ?? new Set()).add(p.detail))
        },
      ),
    )
    const sets = [...details.values()]
    for (const s of sets) expect(s.size).toBe(1)
    expect(new Set(sets.flatMap((s) => [...s])).size).toBe(sets.length)
  })
})
