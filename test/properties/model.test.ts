import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { Cents, OrderNumber } from '../../src/model/brands.js'
import { instantOf } from '../../src/internal/instant.js'
import { DateTimeString, isDateTimeString } from '../../src/model/time.js'

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
  it('the instant a wire timestamp names, by arithmetic, is the one luxon parses, for every form the pattern admits', () => {
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'))
    const stampArb = fc
      .record({
        year: fc.integer({ min: 1, max: 9999 }).map((n) => String(n).padStart(4, '0')),
        month: fc.integer({ min: 1, max: 12 }),
        day: fc.integer({ min: 1, max: 31 }),
        hour: two(23),
        minute: two(59),
        seconds: fc.option(fc.tuple(two(59), fc.option(fc.stringMatching(/^\d{1,9}$/), { nil: undefined })), { nil: undefined }),
        zone: fc.oneof(fc.constant('Z'), fc.tuple(fc.constantFrom('+', '-'), two(23), two(59), fc.constantFrom(':', '')).map(([s, h, m, c]) => `${s}${h}${c}${m}`)),
      })
      .map((r) => {
        // clamp the day into the month (leap years included) so every stamp names a real day
        const y = Number(r.year)
        const last = [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][r.month - 1]!
        const sec = r.seconds === undefined ? '' : `:${r.seconds[0]}${r.seconds[1] === undefined ? '' : `.${r.seconds[1]}`}`
        return `${r.year}-${String(r.month).padStart(2, '0')}-${String(Math.min(r.day, last)).padStart(2, '0')}T${r.hour}:${r.minute}${sec}${r.zone}`
      })
    fc.assert(
      fc.property(stampArb, (s) => {
        expect(isDateTimeString(s)).toBe(true)
        expect(instantOf(s)).toBe(DateTime.fromISO(s, { setZone: true }).toMillis())
      }),
    )
  })
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
