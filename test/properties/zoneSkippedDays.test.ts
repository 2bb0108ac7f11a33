// Days a zone skips (src/internal/zoneOffsets.ts, skippedDays): when a zone moved its clocks
// forward across the date line, a whole calendar day never happened there (Pacific/Apia has no
// 30 December 2011). The library looks for such moves only near a short list of known dates, so
// this file scans every zone the engine knows, 1800–2100, for an offset that grows by 20 hours or
// more between two samples 91 days apart (a move across the date line is ±24 hours; no zone crossed
// it and back within a quarter), and compares the days skipped there, found by luxon's calendar,
// with skippedDays. A new tz release that moves a zone across the date line fails here until the
// list learns it.
//
// The business-day rules treat a skipped day as no business day (it has no working hours), so
// transitDays counts only the days that happened and addBusinessDays never lands on one; their
// oracle (test/oracles/calendar.ts) walks the civil dates and skips those that do not exist.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { DateTime, IANAZone } from 'luxon'
import { memoZone, skippedDays } from '../../src/internal/zoneOffsets.js'
import { dayNumber } from '../../src/rules/calendarDays.js'
import { addBusinessDays, isBusinessDay, transitDays } from '../../src/index.js'
import { dateExistsIn, isBusinessDayOracle, transitDaysOracle, type OracleHolidays } from '../oracles/calendar.js'

const DAY = 86_400_000
const ZONES = Intl.supportedValuesOf('timeZone').filter((z) => IANAZone.isValidZone(z))

/** The calendar dates (as UTC DateTimes) within four days of `ms` that do not exist in the zone, by luxon's calendar. */
const missingDatesNear = (zone: string, ms: number): DateTime[] => {
  const dates: DateTime[] = []
  for (let k = -4; k <= 4; k++) {
    const date = DateTime.fromMillis(ms + k * DAY, { zone: 'utc' }).startOf('day')
    if (!dateExistsIn(date, zone)) dates.push(date)
  }
  return dates
}

/** Each move of the zone's clock by +20 hours or more, 1800–2100, as the instant of a sample just after it. */
const dateLineMoves = (zone: string): number[] => {
  const z = IANAZone.create(zone)
  const moves: number[] = []
  let before = z.offset(Date.UTC(1800, 0, 1))
  for (let t = Date.UTC(1800, 0, 1) + 91 * DAY; t <= Date.UTC(2101, 0, 1); t += 91 * DAY) {
    const after = z.offset(t)
    if (after - before >= 20 * 60) moves.push(t)
    before = after
  }
  return moves
}

/** The day number of a UTC DateTime standing for a civil date. */
const dayOf = (date: DateTime): number => dayNumber({ year: date.year, month: date.month, day: date.day })

describe('skippedDays: the days a move across the date line skipped', () => {
  it('in every zone the engine knows, exactly the dates luxon finds missing where the offset grew by a day', () => {
    let zonesWithMoves = 0
    for (const zone of ZONES) {
      const expected: number[] = []
      for (const after of dateLineMoves(zone)) {
        // The move happened within the 91 days before `after`: look day by day for it.
        for (let t = after - 91 * DAY; t <= after; t += DAY) {
          if (IANAZone.create(zone).offset(t + DAY) - IANAZone.create(zone).offset(t) >= 20 * 60) {
            expected.push(...missingDatesNear(zone, t).map(dayOf))
          }
        }
      }
      if (expected.length > 0) zonesWithMoves++
      expect(skippedDays(memoZone(zone)!), zone).toEqual([...new Set(expected)].sort((a, b) => a - b))
    }
    // The engine's tz data has them: Manila and four more in 1844, Kwajalein, Kiritimati, Kanton, Apia, Fakaofo.
    expect(zonesWithMoves).toBeGreaterThanOrEqual(9)
  }, 120_000)

  it('Apia and Fakaofo skipped Friday 30 December 2011, Kwajalein Saturday 21 August 1993, Manila Tuesday 31 December 1844', () => {
    const day = (iso: string) => dayOf(DateTime.fromISO(iso, { zone: 'utc' }))
    expect(skippedDays(memoZone('Pacific/Apia')!)).toEqual([day('2011-12-30')])
    expect(skippedDays(memoZone('Pacific/Fakaofo')!)).toEqual([day('2011-12-30')])
    expect(skippedDays(memoZone('Pacific/Kwajalein')!)).toEqual([day('1993-08-21')])
    expect(skippedDays(memoZone('Asia/Manila')!)).toEqual([day('1844-12-31')])
    expect(skippedDays(memoZone('America/Chicago')!)).toEqual([])
    // a zone luxon made itself, not the memo's: the same answer
    expect(skippedDays(IANAZone.create('Pacific/Apia'))).toEqual([day('2011-12-30')])
    expect(skippedDays(IANAZone.create('Not/A_Zone'))).toEqual([])
  })
})

// Zones that skipped a day, with the instant of the move (UTC), and two that skipped none.
const MOVES = [
  ['Pacific/Apia', '2011-12-30T10:00:00Z'],
  ['Pacific/Fakaofo', '2011-12-30T11:00:00Z'],
  ['Pacific/Kiritimati', '1994-12-31T10:00:00Z'],
  ['Pacific/Kwajalein', '1993-08-21T12:00:00Z'],
  ['Asia/Manila', '1844-12-31T15:56:08Z'],
  ['Pacific/Palau', '1844-12-31T15:02:04Z'],
  ['America/Chicago', '2011-12-30T10:00:00Z'],
  ['Pacific/Pago_Pago', '2011-12-30T10:00:00Z'],
] as const
const holidaysArb = fc.constantFrom<OracleHolidays>('none', 'us-federal', 'carrier', 'carrier-new-years-eve')
/** A zone and an instant within 40 days of its move. */
const nearMoveArb = fc
  .tuple(fc.constantFrom(...MOVES), fc.integer({ min: -40 * DAY, max: 40 * DAY }))
  .map(([[zone, iso], shift]) => ({ zone, at: DateTime.fromMillis(Date.parse(iso) + shift, { zone }) }))

describe('QTE-03 business days across a skipped day', () => {
  it('every hour of the twelve days around each move: isBusinessDay is the oracle\'s answer for the date it falls on, and 0 to 3 business days on are as many business days by the walk (0 from a day off: the next business day)', () => {
    for (const [zone, iso] of MOVES) {
      for (const holidays of ['none', 'carrier'] as const) {
        for (let h = -6 * 24; h <= 6 * 24; h++) {
          const at = DateTime.fromMillis(Date.parse(iso) + h * 3_600_000, { zone })
          const date = DateTime.fromISO(at.toISODate()!, { zone: 'utc' })
          expect(isBusinessDay(at, { zone, holidays }), `${zone} ${at.toISO()}`).toBe(isBusinessDayOracle(date, holidays))
          for (let n = 0; n <= 3; n++) {
            const end = addBusinessDays(at, n, { zone, holidays })
            expect(transitDaysOracle(at, end, zone, holidays), `${zone} ${at.toISO()} + ${n}`).toBe(n === 0 && !isBusinessDayOracle(date, holidays) ? 1 : n)
          }
        }
      }
    }
  })

  it('transitDays counts the business days that happened: equal to the walk over existing dates', () => {
    fc.assert(
      fc.property(nearMoveArb, fc.integer({ min: 0, max: 30 * DAY }), holidaysArb, ({ zone, at }, span, holidays) => {
        const later = at.plus({ milliseconds: span })
        expect(transitDays(at, later, { zone, holidays })).toBe(transitDaysOracle(at, later, zone, holidays))
      }),
    )
  })

  it('addBusinessDays lands on a business day that happened, n business days on, and going back returns', () => {
    fc.assert(
      fc.property(nearMoveArb, fc.integer({ min: -25, max: 25 }), holidaysArb, ({ zone, at }, n, holidays) => {
        const end = addBusinessDays(at, n, { zone, holidays })
        // the civil date, judged in UTC where every date exists (the day after a Friday is its Saturday)
        const date = DateTime.fromISO(end.setZone(zone).toISODate()!, { zone: 'utc' })
        expect(isBusinessDayOracle(date, holidays) && dateExistsIn(date, zone)).toBe(true)
        expect(isBusinessDay(end, { zone, holidays })).toBe(true)
        if (isBusinessDay(at, { zone, holidays })) {
          if (n >= 0) expect(transitDays(at, end, { zone, holidays })).toBe(n)
          else expect(transitDays(end, at, { zone, holidays })).toBe(-n)
          expect(addBusinessDays(end, -n, { zone, holidays }).setZone(zone).toISODate()).toBe(at.toISODate())
        }
      }),
    )
  })
})
