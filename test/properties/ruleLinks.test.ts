// Properties of rulesForReason and rulesForViolation (src/errors/ruleLinks.ts): the rule links a
// tool shows beside an error. Whatever they are given they answer rule IDs that RULES.md lists,
// never none; every catalogued reason names the rule of its status (the named reasons' table or
// the 422 denials', read from RULES.md's own rows, not from the catalogue); and every violation the
// library's validators write, on requests with one place corrupted, links to a rule of its own
// (not only the fallback), except at the fields the spec gives no rule.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { runsOf } from 'shipper-rules-testkit'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { REASON_CODES } from '../../src/errors/catalogue.js'
import { rulesForReason, rulesForViolation } from '../../src/errors/ruleLinks.js'
import { VIOLATION_CODES } from '../../src/errors/violation.js'
import { validateAppointmentRequirement } from '../../src/rules/appointment.js'
import { validateCreateShipment, validateQuoteRequest } from '../../src/rules/requests.js'
import { validateGpsData } from '../../src/rules/tracking.js'
import { requirementArb } from '../../src/arbitraries/appointment.js'
import { corruptedArb } from '../../src/arbitraries/corruption.js'
import { fullCreateArb } from '../../src/arbitraries/dispatch.js'
import { quoteRequestArb } from '../../src/arbitraries/quote.js'
import { gpsArb } from '../../src/arbitraries/tracking.js'

const rulesText = readFileSync(join(import.meta.dirname, '..', '..', 'spec', 'RULES.md'), 'utf8')
const rows = [...rulesText.matchAll(/^\| ([A-Z]+-\d{2}) \| [^|]+ \| ([^|]+) \|/gm)].map((m) => ({ id: m[1]!, text: m[2]! }))
const RULE_IDS = new Set(rows.map((r) => r.id))
/** The rule whose sentence lists a reason code: the status table of the named reasons, or the 422 denials. */
const ruleListing = (reason: string): string | undefined => rows.find((r) => /^ERR-0[23]$/.test(r.id) && new RegExp(`\\b${reason}\\b`).test(r.text))?.id

/** Fields the spec gives no rule of their own (free text with no limit in RULES.md, the payload as a whole). */
const NO_RULE_OF_THEIR_OWN = /^(|(pickupAddress|deliveryAddress)\.(address2|notes)|poNumber|refNumber|now)$/

const linksOk = (rules: ReadonlyArray<string>): void => {
  expect(rules.length).toBeGreaterThan(0)
  for (const id of rules) expect(RULE_IDS.has(id), id).toBe(true)
  expect(new Set(rules).size).toBe(rules.length)
}

describe('rule links: total, and only IDs that RULES.md lists', () => {
  it('any value as a code and a field, or as a reason, gives a non-empty list of known rule IDs', () => {
    expect(RULE_IDS.size).toBeGreaterThan(100)
    fc.assert(
      fc.property(fc.anything(), fc.oneof(fc.anything(), fc.string(), fc.constantFrom('pickupAddress.zipCode', 'orderComponents[2].poundsWeight', 'appointments.pickup.channel', '__proto__', 'constructor.name')), fc.anything(), (code, field, reason) => {
        linksOk(rulesForViolation(code, field))
        linksOk(rulesForReason(reason))
      }),
      { numRuns: runsOf(300) },
    )
  })
  it('an array index does not change a field\'s rules', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(VIOLATION_CODES)), fc.nat(99), fc.constantFrom('poundsWeight', 'dimensions.width', 'palletCount', 'freightClass'), (code, i, rest) => {
        expect(rulesForViolation(code, `orderComponents[${i}].${rest}`)).toEqual(rulesForViolation(code, `orderComponents[0].${rest}`))
      }),
      { numRuns: runsOf(100) },
    )
  })
})

describe('rule links of reasons: each names the rule of its status', () => {
  it('every catalogued reason listed by a status rule names that rule; the others name a rule too', () => {
    for (const reason of REASON_CODES) {
      const rules = rulesForReason(reason)
      linksOk(rules)
      const listing = ruleListing(reason)
      if (listing !== undefined) expect(rules, reason).toContain(listing)
    }
    expect(REASON_CODES.filter((r) => ruleListing(r) !== undefined).length).toBe(8 + 14)
  })
  it('a string that is not a reason code gives the fallback only', () => {
    fc.assert(
      fc.property(fc.string().filter((s) => !(REASON_CODES as ReadonlyArray<string>).includes(s)), (s) => {
        expect(rulesForReason(s)).toEqual(['ERR-01'])
      }),
      { numRuns: runsOf(100) },
    )
  })
})

describe('rule links of violations: what the validators write links to a rule of its own', () => {
  const violationsOf = (answer: unknown): ReadonlyArray<{ field: string; code: string }> => {
    const a = answer as { _tag: string; left?: { violations?: ReadonlyArray<{ field: string; code: string }> } | ReadonlyArray<{ field: string; code: string }> }
    if (a._tag !== 'Left' || a.left === undefined) return []
    return Array.isArray(a.left) ? a.left : ((a.left as { violations?: ReadonlyArray<{ field: string; code: string }> }).violations ?? [])
  }
  const now = DateTime.fromISO('2026-03-02T12:00:00Z', { zone: 'utc' })
  const cases = [
    ['create', fullCreateArb, (i: unknown) => validateCreateShipment(i)],
    ['quote', quoteRequestArb, (i: unknown) => validateQuoteRequest(i)],
    ['appointment requirement', requirementArb, (i: unknown) => validateAppointmentRequirement(i)],
    ['GPS data', gpsArb, (i: unknown) => validateGpsData(i, now)],
  ] as const
  for (const [name, arb, validate] of cases) {
    it(`${name}: every violation of a request with one place corrupted links to a rule beyond the fallback`, () => {
      let seen = 0
      fc.assert(
        fc.property(corruptedArb(arb as fc.Arbitrary<unknown>), (c) => {
          for (const v of violationsOf(validate(c.input))) {
            seen++
            const rules = rulesForViolation(v.code, v.field)
            linksOk(rules)
            if (!NO_RULE_OF_THEIR_OWN.test(v.field)) expect(rules, `${v.code} at ${v.field}`).not.toEqual(['ERR-01'])
          }
        }),
        { numRuns: runsOf(200) },
      )
      expect(seen).toBeGreaterThan(0)
    })
  }
  it('fields of the spec land on their rules (examples read from RULES.md\'s sentences)', () => {
    const sentence = (id: string): string => rows.find((r) => r.id === id)!.text
    expect(sentence('ADDR-04')).toContain('zipCode')
    expect(rulesForViolation('pattern', 'deliveryAddress.zipCode')).toEqual(['ADDR-04'])
    expect(sentence('ADDR-08')).toContain('phoneNumber')
    expect(rulesForViolation('required', 'pickupAddress.phoneNumber')).toEqual(['ADDR-08'])
    expect(sentence('FRT-01')).toContain('palletCount')
    expect(rulesForViolation('out_of_range', 'orderComponents[1].palletCount')).toEqual(['FRT-01'])
    expect(sentence('APT-06')).toContain('leadTimeHours')
    expect(rulesForViolation('out_of_range', 'appointments.delivery.leadTimeHours')).toEqual(['APT-06', 'CRT-07'])
    expect(sentence('TRK-02')).toContain('heading')
    expect(rulesForViolation('out_of_range', 'heading')).toEqual(['TRK-02'])
  })
})
