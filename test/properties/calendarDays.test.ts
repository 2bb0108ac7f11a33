import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { civilDate, dayNumber, weekday, weekdaysThrough } from '../../src/rules/calendarDays.js'

// Oracle: JavaScript's own proleptic Gregorian calendar in UTC.
const DAY = 86_400_000
const dayArb = fc.integer({ min: -1_000_000, max: 1_000_000 })

describe('QTE-03 calendar-day arithmetic', () => {
  it('dayNumber and civilDate agree with Date.UTC and are inverse to each other', () => {
    fc.assert(
      fc.property(dayArb, (n) => {
        const d = new Date(n * DAY)
        const c = civilDate(n)
        expect(c).toEqual({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() })
        expect(dayNumber(c)).toBe(n)
      }),
    )
  })
  it('weekday agrees with Date.getUTCDay (ISO: Monday 1 … Sunday 7)', () => {
    fc.assert(
      fc.property(dayArb, (n) => {
        expect(weekday(n)).toBe(((new Date(n * DAY).getUTCDay() + 6) % 7) + 1)
      }),
    )
  })
  it('the weekday count steps by one exactly on Monday to Friday', () => {
    fc.assert(
      fc.property(dayArb, (n) => {
        expect(weekdaysThrough(n) - weekdaysThrough(n - 1)).toBe(weekday(n) <= 5 ? 1 : 0)
      }),
    )
  })
  it('around the ends of the 400-year cycles and of the centuries (29 February 2000, 1 March 2100, 28 February 1900), dayNumber and civilDate agree with Date.UTC', () => {
    // A random day is the last of a 400-year cycle (29 February of a year divisible by 400) once in
    // 146,097: the walk below visits every day within three of each cycle's and century's end.
    fc.assert(
      fc.property(fc.integer({ min: -25, max: 25 }), (k) => {
        const cycleEnd = 11_016 + 146_097 * k // 29 February 2000, then 400 years (146,097 days) apart
        for (const end of [cycleEnd, cycleEnd + 36524, cycleEnd + 2 * 36524, cycleEnd - 36524]) {
          for (let n = end - 3; n <= end + 3; n++) {
            const d = new Date(n * DAY)
            const c = civilDate(n)
            expect(c, `day ${n}`).toEqual({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() })
            expect(dayNumber(c)).toBe(n)
          }
        }
      }),
    )
  })
})
