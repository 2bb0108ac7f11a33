import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { addBusinessDays, holidayCalendar, isBusinessDay, transitDays } from '../../src/rules/calendar.js'
import { civilDate, dayNumber } from '../../src/rules/calendarDays.js'
import { isBusinessDayOracle, transitDaysOracle, type OracleHolidays } from '../oracles/calendar.js'

// Zones on both sides of the date line, with and without DST, with odd offsets.
const ZONES = [
  'America/Chicago', 'America/New_York', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu',
  'America/Puerto_Rico', 'Pacific/Guam', 'Pacific/Pago_Pago', 'Pacific/Kiritimati', 'Asia/Kolkata',
  'Australia/Lord_Howe', 'Europe/London', 'UTC',
]
const zoneArb = fc.constantFrom(...ZONES)
const holidaysArb = fc.constantFrom<OracleHolidays>('none', 'us-federal', 'carrier', 'carrier-new-years-eve')
const MIN = Date.UTC(1995, 0, 1)
const MAX = Date.UTC(2045, 0, 1)
const instantArb = fc.integer({ min: MIN, max: MAX }).map((ms) => DateTime.fromMillis(ms, { zone: 'utc' }))
/** Instants within ten years after a start, biased toward short spans and year ends. */
const pairArb = fc
  .tuple(instantArb, fc.oneof(fc.integer({ min: 0, max: 4 * 86_400_000 }), fc.integer({ min: 0, max: 60 * 86_400_000 }), fc.integer({ min: 0, max: 3653 * 86_400_000 })))
  .map(([a, span]) => [a, a.plus({ milliseconds: span })] as const)
/** Pairs of local times across DST changes and year ends in the zone. */
const edgePairArb = fc
  .tuple(zoneArb, fc.integer({ min: 1996, max: 2040 }), fc.constantFrom([3, 8], [3, 14], [11, 1], [10, 27], [12, 31], [1, 1], [12, 24]), fc.integer({ min: -2, max: 2 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 23 }))
  .map(([zone, year, [m, d], shift, span, h1, h2]) => {
    const a = DateTime.fromObject({ year, month: m, day: d, hour: h1 }, { zone }).plus({ days: shift })
    return { zone, pickup: a, delivery: a.plus({ days: span }).set({ hour: h2 }) }
  })

describe('QTE-03 transit days', () => {
  it('equals the day-by-day oracle on random pairs up to ten years apart, in random zones, with and without each holiday calendar', () => {
    fc.assert(
      fc.property(pairArb, zoneArb, holidaysArb, ([a, b], zone, holidays) => {
        expect(transitDays(a, b, { zone, holidays })).toBe(transitDaysOracle(a, b, zone, holidays))
      }),
    )
    fc.assert(
      fc.property(fc.tuple(instantArb, fc.integer({ min: 0, max: 40 * 86_400_000 })), zoneArb, holidaysArb, ([a, span], zone, holidays) => {
        const b = a.plus({ milliseconds: span })
        expect(transitDays(a, b, { zone, holidays })).toBe(transitDaysOracle(a, b, zone, holidays))
      }),
    )
  })
  it('equals the oracle across DST changes and year ends', () => {
    fc.assert(
      fc.property(edgePairArb, holidaysArb, ({ zone, pickup, delivery }, holidays) => {
        expect(transitDays(pickup, delivery, { zone, holidays })).toBe(transitDaysOracle(pickup, delivery, zone, holidays))
      }),
    )
  })
  it('equals the oracle with a caller-supplied holiday list, raw or prepared', () => {
    const listArb = fc.array(fc.integer({ min: dayNumber({ year: 2025, month: 1, day: 1 }), max: dayNumber({ year: 2027, month: 12, day: 31 }) }), { maxLength: 30 }).map((days) =>
      days.map((n) => {
        const c = civilDate(n)
        return `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`
      }),
    )
    const nearArb = fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 11, 1) }).map((ms) => DateTime.fromMillis(ms, { zone: 'utc' }))
    fc.assert(
      fc.property(nearArb, fc.integer({ min: 0, max: 90 }), listArb, zoneArb, (a, days, list, zone) => {
        const b = a.plus({ days })
        const expected = transitDaysOracle(a, b, zone, list)
        expect(transitDays(a, b, { zone, holidays: list })).toBe(expected)
        expect(transitDays(a, b, { zone, holidays: holidayCalendar(list) })).toBe(expected)
      }),
    )
  })
  it('same calendar day gives 0; a delivery day before the pickup day or an invalid date gives null', () => {
    fc.assert(
      fc.property(instantArb, zoneArb, fc.integer({ min: 1, max: 400 }), (a, zone, back) => {
        const dayStart = a.setZone(zone).startOf('day')
        expect(transitDays(dayStart, dayStart.endOf('day'), { zone })).toBe(0)
        expect(transitDays(a, a.minus({ days: back }), { zone })).toBeNull()
        expect(transitDays(a, DateTime.invalid('test'), { zone })).toBeNull()
        expect(transitDays(a, a, { zone: 'Mars/Olympus_Mons' })).toBeNull()
      }),
    )
  })
  it('is additive over a day in between and monotone in the delivery date', () => {
    fc.assert(
      fc.property(instantArb, fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 2000 }), zoneArb, holidaysArb, (a, x, y, zone, holidays) => {
        const b = a.plus({ days: x })
        const c = b.plus({ days: y })
        const opts = { zone, holidays }
        const ab = transitDays(a, b, opts)!
        const bc = transitDays(b, c, opts)!
        expect(transitDays(a, c, opts)).toBe(ab + bc)
        expect(transitDays(a, c, opts)!).toBeGreaterThanOrEqual(ab)
      }),
    )
  })
})

describe('QTE-04 calendar days in the configured zone', () => {
  it('the result depends only on the calendar days in the zone, never on the process time zone or the DateTime’s own zone', () => {
    fc.assert(
      fc.property(pairArb, zoneArb, fc.constantFrom(...ZONES), fc.constantFrom(...ZONES), ([a, b], zone, za, zb) => {
        const base = transitDays(a, b, { zone })
        expect(transitDays(a.setZone(za), b.setZone(zb), { zone })).toBe(base)
        expect(transitDays(DateTime.fromISO(a.toISO()!, { setZone: true }), DateTime.fromMillis(b.toMillis()), { zone })).toBe(base)
      }),
    )
  })
})

describe('QTE-03 adding business days', () => {
  const businessStartArb = fc.tuple(instantArb, zoneArb, holidaysArb).map(([a, zone, holidays]) => {
    // the next business day at or after a, by the oracle
    let d = a.setZone(zone)
    while (!isBusinessDayOracle(d, holidays)) d = d.plus({ days: 1 })
    return { start: d, zone, holidays }
  })
  it('transitDays(d, addBusinessDays(d, n)) == n for business days d', () => {
    fc.assert(
      fc.property(businessStartArb, fc.integer({ min: 0, max: 3000 }), ({ start, zone, holidays }, n) => {
        const end = addBusinessDays(start, n, { zone, holidays })
        expect(end.isValid).toBe(true)
        expect(transitDays(start, end, { zone, holidays })).toBe(n)
      }),
    )
  })
  it('never returns a weekend or holiday, for any start and any count of either sign', () => {
    fc.assert(
      fc.property(instantArb, fc.integer({ min: -3000, max: 3000 }), zoneArb, holidaysArb, (start, n, zone, holidays) => {
        const end = addBusinessDays(start, n, { zone, holidays })
        expect(isBusinessDayOracle(end.setZone(zone), holidays)).toBe(true)
        expect(isBusinessDay(end, { zone, holidays })).toBe(true)
      }),
    )
  })
  it('going back undoes going forward on business days, and the wall-clock time is kept', () => {
    fc.assert(
      fc.property(businessStartArb, fc.integer({ min: 0, max: 1000 }), ({ start, zone, holidays }, n) => {
        const there = addBusinessDays(start, n, { zone, holidays })
        const back = addBusinessDays(there, -n, { zone, holidays })
        expect(back.toISODate()).toBe(start.toISODate())
        // same wall-clock time on the new day (luxon moves a time inside a DST gap forward)
        const local = there.setZone(zone)
        const expected = DateTime.fromObject({ year: local.year, month: local.month, day: local.day, hour: start.hour, minute: start.minute, second: start.second, millisecond: start.millisecond }, { zone })
        expect(local.toMillis()).toBe(expected.toMillis())
      }),
    )
  })
  it('an invalid start, a fractional count or an unknown zone gives an invalid DateTime, never a throw', () => {
    fc.assert(
      fc.property(instantArb, fc.double({ noInteger: true }), (start, n) => {
        expect(addBusinessDays(start, n).isValid).toBe(false)
        expect(addBusinessDays(DateTime.invalid('x'), 1).isValid).toBe(false)
        expect(addBusinessDays(start, 1, { zone: 'Nowhere/Else' }).isValid).toBe(false)
      }),
    )
  })
})
