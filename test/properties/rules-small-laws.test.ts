// Laws for small modules of src/rules/ that the mutation run (docs/mutation.md) showed missing:
// the civil-date arithmetic against the proleptic Gregorian calendar of Date (CAL), the
// territory canonicalization table (ADDR-07), and the idempotency window and its failure
// values (IDM).
import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { civilDate, dayNumber } from '../../src/rules/calendarDays.js'
import { canonicalTerritory, US_TERRITORIES } from '../../src/rules/country.js'
import { canonicalJson, decideIdempotency } from '../../src/rules/idempotency.js'
import { defaultConfig } from '../../src/config.js'
import { deepFreeze } from '../arbitraries/freeze.js'

const DAY_MS = 86_400_000

describe('CAL civil dates agree with the Gregorian calendar of Date', () => {
  it('civilDate(n) is the UTC date of day n after 1970-01-01, and dayNumber inverts it, over ±100,000 years', () => {
    const eraEdges = fc.integer({ min: -250, max: 250 }).chain((era) =>
      fc.integer({ min: -2, max: 2 }).map((d) => era * 146_097 - 719_468 + d),
    )
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -36_500_000, max: 36_500_000 }), fc.integer({ min: -1_000_000, max: 1_000_000 }), eraEdges), (n) => {
        const d = civilDate(n)
        if (Math.abs(n) <= 100_000_000) {
          const date = new Date(n * DAY_MS)
          expect(d).toEqual({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() })
        }
        expect(dayNumber(d)).toBe(n)
      }),
    )
  })
})

describe('ADDR-07 canonicalTerritory', () => {
  it('US with a territory as state becomes that territory; a territory keeps no state or its own code and refuses any other', () => {
    fc.assert(
      fc.property(fc.constantFrom(...US_TERRITORIES), fc.oneof(fc.constant(undefined), fc.constantFrom(...US_TERRITORIES, 'IL', 'NY', 'ON')), (t, state) => {
        expect(canonicalTerritory(t, undefined)).toEqual({ country: t, state: undefined })
        expect(canonicalTerritory(t, t)).toEqual({ country: t, state: t })
        expect(canonicalTerritory(t, state)).toEqual(state === undefined || state === t ? { country: t, state } : null)
        const us = canonicalTerritory('US', state)
        expect(us).toEqual(state !== undefined && (US_TERRITORIES as ReadonlyArray<string>).includes(state) ? { country: state, state } : { country: 'US', state })
      }),
    )
  })
})

describe('IDM idempotency window', () => {
  const hours = defaultConfig.idempotencyWindowHours
  const t0 = DateTime.fromMillis(1_700_000_000_000, { zone: 'utc' })

  it('within the window the same body replays and another conflicts (the detail names the window); from its end on, a request is new', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: hours * 3_600_000 + 10 }), fc.constantFrom(hours * 3_600_000 - 1, hours * 3_600_000, hours * 3_600_000 + 1)),
        fc.jsonValue(),
        fc.jsonValue(),
        (elapsed, body, other) => {
          const stored = deepFreeze({ body, createdAt: t0, response: { ok: 1 } })
          const now = t0.plus({ milliseconds: elapsed })
          const inside = elapsed < hours * 3_600_000
          const same = decideIdempotency(stored, { body: structuredClone(body), now })
          expect(same.kind).toBe(inside ? 'replay' : 'new')
          if (same.kind === 'replay') expect(same.response).toBe(stored.response)
          const differs = canonicalJson(body) !== canonicalJson(other)
          const d = decideIdempotency(stored, { body: other, now })
          expect(d.kind).toBe(!inside ? 'new' : differs ? 'conflict' : 'replay')
          if (d.kind === 'conflict') {
            expect(d.problem.reason).toBe('idempotency_key_conflict')
            expect(d.problem.detail).toContain(`${hours} hours`)
          }
        },
      ),
    )
  })

  it('no stored record (null or undefined) is new; an invalid instant on either side is new; a record it cannot read is a conflict', () => {
    const now = t0.plus({ hours: 1 })
    expect(decideIdempotency(null, { body: 1, now })).toEqual({ kind: 'new' })
    expect(decideIdempotency(undefined as never, { body: 1, now })).toEqual({ kind: 'new' })
    const invalid = DateTime.invalid('test')
    expect(decideIdempotency({ body: 1, createdAt: invalid, response: 0 }, { body: 1, now }).kind).toBe('new')
    expect(decideIdempotency({ body: 1, createdAt: t0, response: 0 }, { body: 1, now: invalid }).kind).toBe('new')
    const hostile = {
      get body(): unknown {
        throw new Error('hostile read')
      },
      createdAt: t0,
      response: 0,
    }
    const d = decideIdempotency(hostile, { body: 1, now })
    expect(d.kind).toBe('conflict')
    if (d.kind === 'conflict') {
      expect(d.problem.reason).toBe('idempotency_key_conflict')
      expect(d.problem.status).toBe(409)
    }
  })

  it('canonicalJson of what JSON cannot hold is the text null', () => {
    for (const v of [undefined, () => 1, Symbol('s')]) expect(canonicalJson(v)).toBe(JSON.stringify(null))
  })
})
