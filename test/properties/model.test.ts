import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { Cents, OrderNumber } from '../../src/model/brands.js'
import { DateTimeString } from '../../src/model/time.js'

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

describe('ID-01 order numbers', () => {
  it('an order number is accepted exactly when it is five alphanumeric characters (oracle: character membership)', () => {
    const candidate = fc.oneof(fc.string({ minLength: 3, maxLength: 7 }), fc.stringMatching(/^[A-Za-z0-9]{4,6}$/))
    fc.assert(
      fc.property(candidate, (s) => {
        const expected = s.length === 5 && [...s].every((c) => ALNUM.includes(c))
        expect(isRight(OrderNumber.decode(s))).toBe(expected)
      }),
    )
  })
})

describe('ID-02 money in cents', () => {
  it('an amount is accepted exactly when it is a safe integer: never fractional dollars, never beyond 2^53', () => {
    const candidate = fc.oneof(
      fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
      fc.maxSafeInteger(),
      fc.maxSafeInteger().map((n) => -n),
      fc.double(),
      fc.constantFrom(2 ** 53, -(2 ** 53), 19.99, 0.5, Number.NaN, Number.POSITIVE_INFINITY),
    )
    fc.assert(
      fc.property(candidate, (n) => {
        const exact = Number.isInteger(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER
        expect(isRight(Cents.decode(n))).toBe(exact)
      }),
    )
  })
  it('a numeric string is not an amount', () => {
    fc.assert(fc.property(fc.integer(), (n) => {
      expect(isRight(Cents.decode(String(n)))).toBe(false)
    }))
  })
})

describe('ID-03 timestamps', () => {
  const instantArb = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) })
  const offsetArb = fc.integer({ min: -12 * 60, max: 14 * 60 }).map((m) => m - (m % 15))
  it('every ISO 8601 date-time with Z or an offset decodes unchanged', () => {
    fc.assert(
      fc.property(instantArb, offsetArb, (ms, offset) => {
        const iso = DateTime.fromMillis(ms, { zone: offset === 0 ? 'utc' : `UTC${offset > 0 ? '+' : '-'}${Math.floor(Math.abs(offset) / 60)}:${String(Math.abs(offset) % 60).padStart(2, '0')}` }).toISO()!
        const r = DateTimeString.decode(iso)
        expect(isRight(r) && r.right).toBe(iso)
      }),
    )
  })
  it('a date-time without a zone designator, or a bare date, is rejected', () => {
    fc.assert(
      fc.property(instantArb, (ms) => {
        const dt = DateTime.fromMillis(ms, { zone: 'utc' })
        expect(isRight(DateTimeString.decode(dt.toISO({ includeOffset: false })!))).toBe(false)
        expect(isRight(DateTimeString.decode(dt.toISODate()!))).toBe(false)
      }),
    )
  })
})
