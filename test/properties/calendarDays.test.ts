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
})
