// Laws for src/rules/calendar.ts, calendarEta.ts and calendarHolidays.ts that the mutation
// analysis (docs/mutation.md) found unpinned (QTE-03, QTE-04): the calendar date of an instant in
// a zone; addBusinessDays from a start that is not a business day and backwards, and its refusals;
// what a holiday setting or list may hold (non-strings, weekend dates, order, the first and last
// day of a month, impossible dates); the holiday count at the turn of every year; and the close
// time and zone an estimate accepts. Oracles: luxon's own calendar, JavaScript's Date, and the
// day-by-day holiday oracle of test/oracles/calendar.ts.
import fc from 'fast-check'
import { DateTime, FixedOffsetZone, IANAZone } from 'luxon'
import { runsOf } from 'shipper-rules-testkit'
import { describe, expect, it } from 'vitest'
import { addBusinessDays, civilDateIn, holidayCalendar, isBusinessDay, transitDays } from '../../src/rules/calendar.js'
import { estimateDelivery } from '../../src/rules/calendarEta.js'
import { CARRIER_HOLIDAYS, CARRIER_HOLIDAYS_WITH_NEW_YEARS_EVE, ruleCounter, US_FEDERAL_HOLIDAYS, type HolidayRule } from '../../src/rules/calendarHolidays.js'
import { isBusinessDayOracle, observedHolidayOracle, type OracleCalendar, type OracleHolidays } from '../oracles/calendar.js'

const DAY_MS = 86_400_000
const ZONES = ['America/Chicago', 'America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu', 'Pacific/Guam', 'Pacific/Kiritimati', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Europe/London', 'UTC']
const zoneArb = fc.constantFrom(...ZONES)
const holidaysArb = fc.constantFrom<'none' | 'us-federal' | 'carrier' | 'carrier-new-years-eve'>('none', 'us-federal', 'carrier', 'carrier-new-years-eve')

const two = (n: number): string => String(n).padStart(2, '0')
/** The UTC date of day number n (days since 1970-01-01), by Date. */
const dateOf = (n: number): Date => new Date(n * DAY_MS)
const isoOf = (n: number): string => {
  const d = dateOf(n)
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`
}
/** ISO weekday (1 Monday … 7 Sunday) of day number n, by Date. */
const weekdayOf = (n: number): number => ((dateOf(n).getUTCDay() + 6) % 7) + 1
const dayOf = (y: number, m: number, d: number): number => {
  const date = new Date(0)
  date.setUTCFullYear(y, m - 1, d)
  return Math.floor(date.getTime() / DAY_MS)
}
const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
const daysIn = (y: number, m: number): number => (m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31)
/** Noon UTC of day number n. */
const noonUtc = (n: number): DateTime => DateTime.fromMillis(n * DAY_MS + DAY_MS / 2, { zone: 'utc' })

/** A day between 1995 and 2045, half of them near a holiday of some calendar (the turn of the year, late May, early July and September, Thanksgiving, Christmas). */
const dayArb = fc.oneof(
  fc.integer({ min: dayOf(1995, 1, 1), max: dayOf(2045, 1, 1) }),
  fc
    .tuple(fc.integer({ min: 1995, max: 2044 }), fc.constantFrom([1, 1], [1, 18], [2, 18], [5, 28], [6, 19], [7, 4], [9, 4], [10, 11], [11, 11], [11, 25], [12, 25], [12, 31]), fc.integer({ min: -4, max: 4 }))
    .map(([y, [m, d], shift]) => dayOf(y, m, d) + shift),
)
/** A start: a local date and time in a zone, with a holiday setting. */
const startArb = fc.record({ day: dayArb, minute: fc.integer({ min: 0, max: 1439 }), zone: zoneArb, holidays: holidaysArb })
const startOf = ({ day, minute, zone }: { day: number; minute: number; zone: string }): DateTime => {
  const d = dateOf(day)
  return DateTime.fromObject({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: Math.floor(minute / 60), minute: minute % 60 }, { zone })
}
/** The calendar date of an instant in a zone, as a UTC midnight the oracles read. */
const localDate = (dt: DateTime, zone: string): DateTime => DateTime.fromISO(dt.setZone(zone).toISODate()!, { zone: 'utc' })
const firstBusinessFrom = (d: DateTime, holidays: OracleHolidays): DateTime => {
  let x = d
  while (!isBusinessDayOracle(x, holidays)) x = x.plus({ days: 1 })
  return x
}
/** The instant at the start's wall-clock time on another date, as luxon resolves it. */
const sameWallClock = (start: DateTime, zone: string, date: DateTime): number => {
  const s = start.setZone(zone)
  return DateTime.fromObject({ year: date.year, month: date.month, day: date.day, hour: s.hour, minute: s.minute, second: s.second, millisecond: s.millisecond }, { zone }).toMillis()
}

describe('QTE-04 the calendar date of an instant in a zone', () => {
  it('is the date luxon shows for the instant in that zone, as yyyy-MM-dd with a four-digit year, for years 1 to 9999', () => {
    const partsArb = fc.record({
      year: fc.oneof(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 1990, max: 2060 })),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
      ms: fc.integer({ min: 0, max: DAY_MS - 1 }),
    })
    fc.assert(
      fc.property(partsArb, zoneArb, ({ year, month, day, ms }, zone) => {
        const instant = DateTime.fromMillis(dayOf(year, month, day) * DAY_MS + ms, { zone: 'utc' })
        expect(civilDateIn(instant, zone)).toBe(instant.setZone(zone).toISODate())
      }),
    )
  })

  it('is null for an invalid instant, a value that is no DateTime, or a zone the engine does not know (never a throw)', () => {
    fc.assert(
      fc.property(fc.integer({ min: dayOf(1990, 1, 1), max: dayOf(2060, 1, 1) }), zoneArb, fc.constantFrom('Mars/Olympus_Mons', 'America/Chicago ', 'Nowhere', ''), (day, zone, unknown) => {
        const instant = noonUtc(day)
        expect(civilDateIn(instant, unknown)).toBeNull()
        expect(civilDateIn(DateTime.invalid('unreadable'), zone)).toBeNull()
        expect(civilDateIn({ toMillis: () => day * DAY_MS } as never, zone)).toBeNull()
      }),
    )
  })
})

describe('QTE-03 transit days of an unreadable pickup', () => {
  it('an invalid pickup gives null, whatever the delivery', () => {
    fc.assert(
      fc.property(dayArb, zoneArb, holidaysArb, (day, zone, holidays) => {
        expect(transitDays(DateTime.invalid('unreadable'), noonUtc(day), { zone, holidays })).toBeNull()
        expect(transitDays(DateTime.invalid('unreadable'), DateTime.invalid('unreadable'), { zone, holidays })).toBeNull()
      }),
    )
  })
})

describe('QTE-03 adding business days from any start', () => {
  it('0 business days is the start day when it is a business day, else the first business day after it, at the same wall-clock time', () => {
    fc.assert(
      fc.property(startArb, (s) => {
        const start = startOf(s)
        const expected = firstBusinessFrom(localDate(start, s.zone), s.holidays)
        const got = addBusinessDays(start, 0, { zone: s.zone, holidays: s.holidays })
        expect(got.setZone(s.zone).toISODate()).toBe(expected.toISODate())
        expect(got.toMillis()).toBe(sameWallClock(start, s.zone, expected))
      }),
    )
  })

  it('n ≥ 1 business days after any start (a weekend or holiday included) is a business day n business days later', () => {
    fc.assert(
      fc.property(startArb, fc.oneof(fc.integer({ min: 1, max: 15 }), fc.integer({ min: 1, max: 2000 })), (s, n) => {
        const start = startOf(s)
        const opts = { zone: s.zone, holidays: s.holidays }
        const got = addBusinessDays(start, n, opts)
        expect(isBusinessDayOracle(localDate(got, s.zone), s.holidays)).toBe(true)
        expect(transitDays(start, got, opts)).toBe(n)
      }),
    )
  })

  it('n business days before a business day is a business day from which the start is n business days on', () => {
    fc.assert(
      fc.property(startArb, fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 2000 })), (s, n) => {
        const opts = { zone: s.zone, holidays: s.holidays }
        const first = startOf(s)
        const date = firstBusinessFrom(localDate(first, s.zone), s.holidays)
        const start = DateTime.fromMillis(sameWallClock(first, s.zone, date), { zone: s.zone })
        const got = addBusinessDays(start, -n, opts)
        expect(isBusinessDayOracle(localDate(got, s.zone), s.holidays)).toBe(true)
        expect(transitDays(got, start, opts)).toBe(n)
        expect(got.toMillis()).toBe(sameWallClock(start, s.zone, localDate(got, s.zone)))
      }),
    )
  })
})

describe('QTE-03 addBusinessDays refuses what it cannot read, and says so', () => {
  it('an unknown zone or holiday setting, an invalid or look-alike start, or a count that is not a whole number: an invalid DateTime whose reason names addBusinessDays', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: -30, max: 30 }), fc.constantFrom(0.5, -1.5, 2.25, Number.NaN), (day, n, fraction) => {
        const start = noonUtc(day)
        const lookAlike = { isLuxonDateTime: true, isValid: false, toMillis: () => day * DAY_MS, locale: null, numberingSystem: null, outputCalendar: null }
        const refusals = [
          addBusinessDays(start, n, { zone: 'Mars/Olympus_Mons' }),
          addBusinessDays(start, n, { holidays: 'federal' as never }),
          addBusinessDays(start, n, { zone: 'Mars/Olympus_Mons', holidays: 'federal' as never }),
          addBusinessDays(DateTime.invalid('unreadable'), n),
          addBusinessDays(lookAlike as never, n),
          addBusinessDays({} as never, n),
          addBusinessDays(start, fraction),
        ]
        for (const r of refusals) {
          expect(r.isValid).toBe(false)
          expect(r.invalidReason).toContain('addBusinessDays')
        }
      }),
    )
  })
})

describe('QTE-03 holiday settings: what counts as a calendar', () => {
  it('holidayCalendar keeps only strings: a String object, an object whose text is a date, or a symbol is dropped', () => {
    fc.assert(
      fc.property(fc.integer({ min: dayOf(2020, 1, 1), max: dayOf(2030, 1, 1) }), (day) => {
        const text = isoOf(day)
        const before = noonUtc(day - 1)
        const at = noonUtc(day)
        const junk = holidayCalendar([new String(text), { toString: () => text }, Symbol(text)] as never)
        const opts = { zone: 'UTC', holidays: junk }
        expect(isBusinessDay(at, opts)).toBe(weekdayOf(day) <= 5)
        expect(transitDays(before, at, opts)).toBe(weekdayOf(day) <= 5 ? 1 : 0)
        // the same text as a string is a holiday (on a weekday)
        expect(isBusinessDay(at, { zone: 'UTC', holidays: holidayCalendar([text]) })).toBe(false)
      }),
    )
  })

  it('a setting that is not a known name, a list of strings or a prepared calendar object is refused: a function carrying the tag, a list holding a String object, a zone that is not text', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 0, max: 20 }), (day, span) => {
        const a = noonUtc(day)
        const b = noonUtc(day + span)
        const tagged = Object.assign(() => 0, { _tag: 'HolidayCalendar', count: () => 0 })
        for (const opts of [{ holidays: tagged }, { holidays: [new String(isoOf(day))] }, { zone: new String('America/Chicago') }, { zone: ['UTC'] }] as never[]) {
          expect(transitDays(a, b, opts)).toBeNull()
          expect(isBusinessDay(a, opts)).toBe(false)
          expect(addBusinessDays(a, span, opts).isValid).toBe(false)
        }
      }),
    )
  })
})

describe('QTE-04 a caller\'s holiday list', () => {
  const WINDOW = 42
  const listArb = fc.record({
    from: fc.integer({ min: dayOf(2020, 1, 1), max: dayOf(2030, 1, 1) }),
    offsets: fc.array(fc.integer({ min: 0, max: WINDOW - 1 }), { minLength: 2, maxLength: 14 }),
  })
  it('in any order, with repeats and weekend dates: a listed weekday is a holiday, every other weekday a business day, and transit days count exactly those', () => {
    fc.assert(
      fc.property(listArb, ({ from, offsets }) => {
        const dates = offsets.map((o) => isoOf(from + o))
        const listed = new Set(dates)
        const isBusiness = (n: number) => weekdayOf(n) <= 5 && !listed.has(isoOf(n))
        const sortedDown = [...new Set(dates)].sort().reverse()
        for (const list of [dates, sortedDown]) {
          const opts = { zone: 'UTC', holidays: holidayCalendar(list) }
          const start = noonUtc(from - 1)
          let expected = 0
          for (let n = from; n < from + WINDOW; n++) {
            if (isBusiness(n)) expected += 1
            const at = noonUtc(n)
            expect(isBusinessDay(at, opts)).toBe(isBusiness(n))
            expect(transitDays(start, at, opts)).toBe(expected)
          }
          // the raw list counts as the prepared one
          expect(transitDays(start, noonUtc(from + WINDOW - 1), { zone: 'UTC', holidays: list })).toBe(expected)
        }
      }),
      { numRuns: runsOf(300) },
    )
  })

  it('the first and last day of every month are dates; day 00, the day after the last (29 February of a common year, 32 December) and months 00, 13 and 14 are not', () => {
    const yearArb = fc.oneof(fc.integer({ min: 1800, max: 2300 }), fc.constantFrom(1900, 2000, 2024, 2026, 2100, 2400))
    fc.assert(
      fc.property(yearArb, fc.integer({ min: 1, max: 28 }), (year, d) => {
        const has = (text: string, n: number) => isBusinessDay(noonUtc(n), { zone: 'UTC', holidays: [text] })
        for (let m = 1; m <= 12; m++) {
          const mm = two(m)
          const first = dayOf(year, m, 1)
          const last = dayOf(year, m, daysIn(year, m))
          // a real date is a holiday (a weekend day is no business day anyway)
          expect(has(`${year}-${mm}-01`, first)).toBe(false)
          expect(has(`${year}-${mm}-${two(daysIn(year, m))}`, last)).toBe(false)
          // the day a malformed date would name, if it were read, stays a business day when it is a weekday
          expect(has(`${year}-${mm}-00`, first - 1)).toBe(weekdayOf(first - 1) <= 5)
          expect(has(`${year}-${mm}-${two(daysIn(year, m) + 1)}`, last + 1)).toBe(weekdayOf(last + 1) <= 5)
        }
        for (const [m, alias] of [[0, dayOf(year - 1, 12, d)], [13, dayOf(year + 1, 1, d)], [14, dayOf(year + 1, 2, d)]] as const) {
          expect(has(`${year}-${two(m)}-${two(d)}`, alias)).toBe(weekdayOf(alias) <= 5)
        }
      }),
      { numRuns: runsOf(300) },
    )
  })
})

describe('QTE-04 holiday calendars at the turn of every year', () => {
  const calendars: ReadonlyArray<readonly [OracleCalendar, ReadonlyArray<HolidayRule>]> = [
    ['carrier', CARRIER_HOLIDAYS],
    ['carrier-new-years-eve', CARRIER_HOLIDAYS_WITH_NEW_YEARS_EVE],
    ['us-federal', US_FEDERAL_HOLIDAYS],
  ]
  it('asked afresh for any day from 26 December to 6 January, 1900 to 2200, the count steps by one exactly on the oracle\'s holidays', () => {
    const wrong: string[] = []
    for (const [name, rules] of calendars) {
      for (let year = 1900; year <= 2200; year++) {
        for (let n = dayOf(year, 12, 26); n <= dayOf(year + 1, 1, 6); n++) {
          // a fresh counter for each day: no year memo or cache answers for it
          const step = ruleCounter(rules)(n) - ruleCounter(rules)(n - 1)
          const date = dateOf(n)
          const holiday = observedHolidayOracle(DateTime.utc(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()), name)
          if (step !== (holiday ? 1 : 0)) wrong.push(`${name} ${isoOf(n)}`)
        }
      }
    }
    expect(wrong).toEqual([])
  })
})

describe('QTE-04 the estimated delivery reads only a close time and a zone of the spec\'s kinds', () => {
  const pickupArb = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) })
  const timeArb = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  it('a close time that is not HH:mm text is no estimate, even one whose digits would read as a time', () => {
    fc.assert(
      fc.property(pickupArb, fc.integer({ min: 0, max: 10 }), timeArb, fc.constantFrom('-', '.', ' ', 'h', '_'), zoneArb, (ms, n, [h, m], sep, zone) => {
        const pickup = DateTime.fromMillis(ms, { zone: 'utc' })
        const good = `${two(h)}:${two(m)}`
        const input = { pickup, transitDays: n, deliveryZone: zone }
        expect(estimateDelivery({ ...input, deliveryCloseTime: good }, { zone })).not.toBeNull()
        for (const bad of [`${two(h)}${sep}${two(m)}`, ` ${h}:${two(m)}`.slice(-5), `${good} `, ` ${good}`, `+${h}:${two(m)}`]) {
          if (bad === good) continue
          expect(estimateDelivery({ ...input, deliveryCloseTime: bad }, { zone })).toBeNull()
        }
        expect(estimateDelivery({ ...input, deliveryCloseTime: new String(good) as never }, { zone })).toBeNull()
      }),
    )
  })

  it('a delivery zone that is not text is no estimate, even one luxon would read (minutes of offset, a luxon zone)', () => {
    fc.assert(
      fc.property(pickupArb, fc.integer({ min: 0, max: 10 }), fc.integer({ min: -720, max: 720 }), zoneArb, (ms, n, offset, zone) => {
        const pickup = DateTime.fromMillis(ms, { zone: 'utc' })
        expect(estimateDelivery({ pickup, transitDays: n, deliveryZone: zone }, { zone })).not.toBeNull()
        for (const odd of [offset, IANAZone.create(zone), FixedOffsetZone.instance(offset)]) {
          expect(estimateDelivery({ pickup, transitDays: n, deliveryZone: odd as never }, { zone })).toBeNull()
        }
      }),
    )
  })
})
