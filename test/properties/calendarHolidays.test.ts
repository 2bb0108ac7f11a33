import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { civilDate, dayNumber } from '../../src/rules/calendarDays.js'
import { CARRIER_HOLIDAYS, observedDay, ruleCounter, US_FEDERAL_HOLIDAYS } from '../../src/rules/calendarHolidays.js'
import { observedHolidayOracle } from '../oracles/calendar.js'

const yearArb = fc.integer({ min: 1900, max: 2200 })
const calendars = [
  ['carrier', CARRIER_HOLIDAYS],
  ['us-federal', US_FEDERAL_HOLIDAYS],
] as const

describe('QTE-04 holiday calendars', () => {
  it('every observed day of a year is a weekday the oracle calls a holiday, and the oracle finds no other', () => {
    fc.assert(
      fc.property(yearArb, fc.constantFrom(...calendars), (year, [name, rules]) => {
        const mine = new Set(rules.map((r) => observedDay(r, year)).filter((d): d is number => d !== undefined))
        // oracle: every day of the year (and the Dec 31 before, where New Year's Day may be observed)
        const start = DateTime.utc(year, 1, 1).minus({ days: 1 })
        const found = new Set<number>()
        for (let d = start; d.year <= year; d = d.plus({ days: 1 })) {
          if (observedHolidayOracle(d, name)) found.add(dayNumber({ year: d.year, month: d.month, day: d.day }))
        }
        // a Dec 31 found before the year belongs to this year only if it is this year's New Year's Day shift
        const prevDec31 = dayNumber({ year: year - 1, month: 12, day: 31 })
        if (found.has(prevDec31) && !mine.has(prevDec31)) found.delete(prevDec31)
        // this year's Dec 31 may be next year's New Year's Day observed
        const dec31 = dayNumber({ year, month: 12, day: 31 })
        if (found.has(dec31) && !mine.has(dec31)) found.delete(dec31)
        expect([...mine].sort((a, b) => a - b)).toEqual([...found].sort((a, b) => a - b))
      }),
    )
  })
  it('the holiday count steps by one exactly on observed holidays (constant-work counting agrees with the list)', () => {
    fc.assert(
      fc.property(fc.integer({ min: dayNumber({ year: 1950, month: 1, day: 1 }), max: dayNumber({ year: 2150, month: 1, day: 1 }) }), fc.constantFrom(...calendars), (n, [name, rules]) => {
        const count = ruleCounter(rules)
        const c = civilDate(n)
        const isHoliday = observedHolidayOracle(DateTime.utc(c.year, c.month, c.day), name)
        expect(count(n) - count(n - 1)).toBe(isHoliday ? 1 : 0)
      }),
    )
  })
  it('Juneteenth is a federal holiday from 2021 only; the carrier calendar has six holidays a year', () => {
    fc.assert(
      fc.property(yearArb, (year) => {
        const juneteenth = US_FEDERAL_HOLIDAYS.find((r) => r.name.startsWith('Juneteenth'))!
        expect(observedDay(juneteenth, year) !== undefined).toBe(year >= 2021)
        expect(CARRIER_HOLIDAYS.map((r) => observedDay(r, year)).filter((d) => d !== undefined)).toHaveLength(6)
      }),
    )
  })
})
