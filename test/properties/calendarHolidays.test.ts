import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { civilDate, dayNumber } from '../../src/rules/calendarDays.js'
import { CARRIER_HOLIDAYS, CARRIER_HOLIDAYS_WITH_NEW_YEARS_EVE, civilYear, observedDay, ruleCounter, US_FEDERAL_HOLIDAYS, type HolidayRule } from '../../src/rules/calendarHolidays.js'
import { observedHolidayOracle, type OracleCalendar } from '../oracles/calendar.js'

const yearArb = fc.integer({ min: 1900, max: 2200 })
const calendars: ReadonlyArray<readonly [OracleCalendar, ReadonlyArray<HolidayRule>]> = [
  ['carrier', CARRIER_HOLIDAYS],
  ['carrier-new-years-eve', CARRIER_HOLIDAYS_WITH_NEW_YEARS_EVE],
  ['us-federal', US_FEDERAL_HOLIDAYS],
]
const iso = (n: number): string => {
  const c = civilDate(n)
  return `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`
}

describe('QTE-04 holiday calendars', () => {
  it('the year the counter looks a day up in is civilDate\'s year: every day within two of each new year, 1600–2600, and any day', () => {
    // The year is estimated from the mean year and corrected by one either way; the estimate is off
    // only near a new year, which a random day rarely is, so those days are walked.
    for (let year = 1600; year <= 2600; year++) {
      const first = dayNumber({ year, month: 1, day: 1 })
      for (let n = first - 2; n <= first + 2; n++) expect(civilYear(n), `day ${n}`).toBe(civilDate(n).year)
    }
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (n) => {
        expect(civilYear(n)).toBe(civilDate(n).year)
      }),
    )
  })
  it('every observed day of a year is a weekday the oracle calls a holiday, and the oracle finds no other', () => {
    fc.assert(
      fc.property(yearArb, fc.constantFrom(...calendars), (year, [name, rules]) => {
        const mine = new Set(rules.map((r) => observedDay(r, year)).filter((d): d is number => d !== undefined))
        // oracle: every day of the year, and the days around it where a holiday of this year may be
        // observed (New Year's Day on Dec 31 before; New Year's Eve on Jan 2 after)
        const found = new Set<number>()
        for (let d = DateTime.utc(year, 1, 1).minus({ days: 1 }); d <= DateTime.utc(year + 1, 1, 2); d = d.plus({ days: 1 })) {
          if (observedHolidayOracle(d, name)) found.add(dayNumber({ year: d.year, month: d.month, day: d.day }))
        }
        // the edge days belong to this year only when one of its rules lands there
        for (const edge of [dayNumber({ year: year - 1, month: 12, day: 31 }), dayNumber({ year, month: 12, day: 31 }), dayNumber({ year: year + 1, month: 1, day: 1 }), dayNumber({ year: year + 1, month: 1, day: 2 })]) {
          if (found.has(edge) && !mine.has(edge)) found.delete(edge)
        }
        // and the first days of this year may hold last year's New Year's Eve (observed Jan 2)
        const jan2 = dayNumber({ year, month: 1, day: 2 })
        if (found.has(jan2) && !mine.has(jan2)) found.delete(jan2)
        expect([...mine].sort((a, b) => a - b).map(iso)).toEqual([...found].sort((a, b) => a - b).map(iso))
      }),
    )
  })

  it('day by day from 1990 to 2060, the holiday count steps by one exactly on the days the oracle calls holidays', () => {
    // Every day of the 71 years, for each calendar: the constant-work counter against the oracle,
    // which decides each day from its own date.
    const start = dayNumber({ year: 1990, month: 1, day: 1 })
    const end = dayNumber({ year: 2060, month: 12, day: 31 })
    for (const [name, rules] of calendars) {
      const count = ruleCounter(rules)
      const wrong: string[] = []
      let holidays = 0
      let previous = count(start - 1)
      for (let n = start; n <= end; n++) {
        const c = civilDate(n)
        const isHoliday = observedHolidayOracle(DateTime.utc(c.year, c.month, c.day), name)
        const now = count(n)
        if (now - previous !== (isHoliday ? 1 : 0)) wrong.push(iso(n))
        if (isHoliday) holidays += 1
        previous = now
      }
      expect([name, wrong]).toEqual([name, []])
      // the walk met every rule of every year (8, 9 or 10 a year; give or take the edges)
      const perYear = { carrier: 8, 'carrier-new-years-eve': 9, 'us-federal': 10 }[name]
      expect(holidays).toBeGreaterThanOrEqual(perYear * 71 - 1)
    }
  }, 60_000)

  it('the counter steps by one exactly on observed holidays far from the present too', () => {
    fc.assert(
      fc.property(fc.integer({ min: dayNumber({ year: 1900, month: 1, day: 1 }), max: dayNumber({ year: 2200, month: 1, day: 1 }) }), fc.constantFrom(...calendars), (n, [name, rules]) => {
        const count = ruleCounter(rules)
        const c = civilDate(n)
        const isHoliday = observedHolidayOracle(DateTime.utc(c.year, c.month, c.day), name)
        expect(count(n) - count(n - 1)).toBe(isHoliday ? 1 : 0)
      }),
    )
  })

  it('Juneteenth is a federal holiday from 2021 only; the carrier calendar has eight closing days a year on distinct weekdays (nine with New Year\'s Eve)', () => {
    fc.assert(
      fc.property(yearArb, (year) => {
        const juneteenth = US_FEDERAL_HOLIDAYS.find((r) => r.name.startsWith('Juneteenth'))!
        expect(observedDay(juneteenth, year) !== undefined).toBe(year >= 2021)
        for (const [rules, size] of [[CARRIER_HOLIDAYS, 8], [CARRIER_HOLIDAYS_WITH_NEW_YEARS_EVE, 9]] as const) {
          const days = rules.map((r) => observedDay(r, year)).filter((d): d is number => d !== undefined)
          expect(new Set(days).size).toBe(size)
          expect(days.filter((d) => DateTime.fromISO(iso(d), { zone: 'utc' }).weekday >= 6)).toEqual([])
        }
      }),
    )
  })

  it('a calendar year holds 7 to 9 carrier closing days (New Year\'s Day on a Saturday is observed on Dec 31 before): 2027 holds 9, 2028 holds 7', () => {
    const inYear = (year: number) => {
      const from = dayNumber({ year, month: 1, day: 1 })
      const to = dayNumber({ year, month: 12, day: 31 })
      const count = ruleCounter(CARRIER_HOLIDAYS)
      return count(to) - count(from - 1)
    }
    expect([inYear(2026), inYear(2027), inYear(2028)]).toEqual([8, 9, 7])
    fc.assert(
      fc.property(yearArb, (year) => {
        expect([7, 8, 9]).toContain(inYear(year))
      }),
    )
  })

  it('the published schedules: 2022 and 2023 carriers closed Thanksgiving and the day after, Christmas Eve and Day as shifted, and New Year\'s Day observed', () => {
    const days = (rules: ReadonlyArray<HolidayRule>, year: number) => rules.map((r) => iso(observedDay(r, year)!))
    // 2022: Christmas Eve on Saturday, Christmas and New Year's Day 2023 on Sunday (Saia, XPO, Estes: Dec 23 and 26, Jan 2)
    expect(days(CARRIER_HOLIDAYS, 2022).slice(4)).toEqual(['2022-11-24', '2022-11-25', '2022-12-23', '2022-12-26'])
    expect(days(CARRIER_HOLIDAYS, 2023)[0]).toBe('2023-01-02')
    // 2023: Christmas Eve on Sunday, Christmas on Monday (Saia, Estes, Dayton, TForce: Dec 25 and 26)
    expect(days(CARRIER_HOLIDAYS, 2023).slice(4)).toEqual(['2023-11-23', '2023-11-24', '2023-12-26', '2023-12-25'])
    // 2025: mid-week (Nov 27 and 28, Dec 24 and 25; Ward also Dec 31)
    expect(days(CARRIER_HOLIDAYS_WITH_NEW_YEARS_EVE, 2025).slice(4)).toEqual(['2025-11-27', '2025-11-28', '2025-12-24', '2025-12-25', '2025-12-31'])
  })
})
