// Laws for the business-day options of src/rules/calendar.ts and the holiday lists of
// src/rules/calendarHolidays.ts that the mutation analysis (docs/mutation.md) found unexercised:
// a holiday setting or zone that cannot be read gives each function's failure value; a prepared
// holidayCalendar counts as its list does; a malformed or impossible date in a list is ignored
// (QTE-03, QTE-04).
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { addBusinessDays, holidayCalendar, isBusinessDay, transitDays } from '../../src/rules/calendar.js'

const instantArb = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }).map((ms) => DateTime.fromMillis(ms, { zone: 'utc' }))
/** Weekdays of 2020–2029 as yyyy-MM-dd. */
const dateArb = fc.integer({ min: Date.UTC(2020, 0, 1) / 864e5, max: Date.UTC(2029, 11, 31) / 864e5 }).map((d) => new Date(d * 864e5).toISOString().slice(0, 10))

describe('QTE-03 business-day options that cannot be read', () => {
  it('an unknown holiday setting, a list with a non-string, an object that is not a prepared calendar, or a zone that is not text: null, false, an invalid DateTime', () => {
    fc.assert(
      fc.property(instantArb, instantArb, fc.constantFrom<unknown>('federal', 'toString', '', ['2026-12-25', 7], { _tag: 'Other' }, { count: () => 0 }, 5), (a, b, holidays) => {
        const bad = { holidays } as never
        expect(transitDays(a, b, bad)).toBeNull()
        expect(isBusinessDay(a, bad)).toBe(false)
        expect(addBusinessDays(a, 3, bad).isValid).toBe(false)
        const zoneless = { zone: ['America/Chicago'] } as never
        expect(transitDays(a, b, zoneless)).toBeNull()
        expect(isBusinessDay(a, zoneless)).toBe(false)
        expect(addBusinessDays(a, 3, zoneless).isValid).toBe(false)
      }),
    )
  })

  it('a prepared holidayCalendar counts exactly as its list; its non-strings are dropped', () => {
    fc.assert(
      fc.property(instantArb, instantArb, fc.array(dateArb, { maxLength: 6 }), fc.integer({ min: -20, max: 20 }), (a, b, dates, n) => {
        const list = { holidays: dates, zone: 'America/Chicago' }
        const prepared = { holidays: holidayCalendar(dates), zone: 'America/Chicago' }
        const mixed = { holidays: holidayCalendar([...dates, 7, null] as never), zone: 'America/Chicago' }
        expect(transitDays(a, b, prepared)).toBe(transitDays(a, b, list))
        expect(transitDays(a, b, mixed)).toBe(transitDays(a, b, list))
        expect(isBusinessDay(a, prepared)).toBe(isBusinessDay(a, list))
        expect(addBusinessDays(a, n, prepared).toMillis()).toBe(addBusinessDays(a, n, list).toMillis())
        expect(holidayCalendar('2026-12-25' as never)).toMatchObject({ _tag: 'HolidayCalendar' })
        expect(transitDays(a, b, { holidays: holidayCalendar('2026-12-25' as never) })).toBe(transitDays(a, b, { holidays: [] }))
      }),
    )
  })

  it('a date in a list that is malformed or impossible (month 13, day 0, February 30) is ignored', () => {
    fc.assert(
      fc.property(instantArb, instantArb, fc.array(dateArb, { maxLength: 4 }), fc.constantFrom('2026-13-01', '2026-00-10', '2026-02-30', '2026-04-31', '2026-05-00', '2026-5-1', ' 2026-12-25', '2026-12-25T00:00', 'Christmas'), (a, b, dates, junk) => {
        expect(transitDays(a, b, { holidays: [...dates, junk] })).toBe(transitDays(a, b, { holidays: dates }))
        expect(isBusinessDay(a, { holidays: [...dates, junk] })).toBe(isBusinessDay(a, { holidays: dates }))
      }),
    )
  })

  it('a weekday is a business day unless the list names it', () => {
    fc.assert(
      fc.property(dateArb, (date) => {
        const noon = DateTime.fromISO(`${date}T12:00:00`, { zone: 'America/Chicago' })
        fc.pre(noon.weekday <= 5)
        expect(isBusinessDay(noon, { holidays: [date] })).toBe(false)
        expect(isBusinessDay(noon, { holidays: [] })).toBe(true)
      }),
    )
  })
})
