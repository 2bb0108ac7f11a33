// Laws for src/rules/calendarEta.ts that the mutation analysis (docs/mutation.md) found unpinned:
// the defaults (closeTime 16:00, the delivery zone falling back to the business-day zone of the
// options, then of the configuration), same-day delivery on any day, and the null answers for a
// close time or zone that is not text (QTE-04); and, on the days a DST change repeats or skips
// a close time, the ETA against an oracle (the first occurrence of a repeated wall time, a
// skipped one moved forward by the gap), the same whatever luxon's clock says.
import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { DateTime, Settings } from 'luxon'
import { describe, expect, it } from 'vitest'
import { makeConfig } from '../../src/config.js'
import { estimateDelivery } from '../../src/rules/calendarEta.js'
import { timeArb } from '../../src/arbitraries/address.js'

const ZONES = ['America/Chicago', 'America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu', 'Pacific/Guam']
const instantArb = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }).map((ms) => DateTime.fromMillis(ms, { zone: 'utc' }))
const configIn = (zone: string) => {
  const r = makeConfig({ businessDays: { zone, holidays: 'none' } })
  if (!isRight(r)) throw new Error(`no configuration for ${zone}`)
  return r.right
}

describe('QTE-04 the estimated delivery: its defaults', () => {
  it('no close time is 16:00; no delivery zone is the options\' zone, else the configuration\'s, else America/Chicago', () => {
    fc.assert(
      fc.property(instantArb, fc.integer({ min: 0, max: 10 }), fc.constantFrom(...ZONES), fc.constantFrom(...ZONES), (pickup, n, zone, configZone) => {
        const config = configIn(configZone)
        expect(estimateDelivery({ pickup, transitDays: n, deliveryZone: zone }, { zone })).toBe(estimateDelivery({ pickup, transitDays: n, deliveryCloseTime: '16:00', deliveryZone: zone }, { zone }))
        expect(estimateDelivery({ pickup, transitDays: n, deliveryCloseTime: '09:30' }, { zone })).toBe(estimateDelivery({ pickup, transitDays: n, deliveryCloseTime: '09:30', deliveryZone: zone }, { zone }))
        expect(estimateDelivery({ pickup, transitDays: n }, { config })).toBe(estimateDelivery({ pickup, transitDays: n, deliveryZone: configZone }, { zone: configZone }))
        expect(estimateDelivery({ pickup, transitDays: n })).toBe(estimateDelivery({ pickup, transitDays: n, deliveryZone: 'America/Chicago' }, { zone: 'America/Chicago' }))
      }),
    )
  })

  it('0 transit days is the pickup\'s own day in the business-day zone, a weekend included, at the close time', () => {
    fc.assert(
      fc.property(instantArb, fc.constantFrom(...ZONES), timeArb, (pickup, zone, closeTime) => {
        const eta = estimateDelivery({ pickup, transitDays: 0, deliveryCloseTime: closeTime, deliveryZone: zone }, { zone })
        expect(eta).not.toBeNull()
        const local = DateTime.fromISO(eta!, { zone })
        expect(local.toISODate()).toBe(pickup.setZone(zone).toISODate())
        expect(estimateDelivery({ pickup: DateTime.invalid('unreadable'), transitDays: 0 })).toBeNull()
      }),
    )
  })

  it('a close time or zone that is not text is no estimate, whatever it would read as, null included', () => {
    fc.assert(
      fc.property(instantArb, fc.integer({ min: 0, max: 5 }), fc.constantFrom<unknown>(['16:00'], 1600, { toString: () => '16:00' }, null), (pickup, n, odd) => {
        expect(estimateDelivery({ pickup, transitDays: n, deliveryCloseTime: odd } as never)).toBeNull()
        expect(estimateDelivery({ pickup, transitDays: n, deliveryZone: ['America/Chicago'] } as never)).toBeNull()
        // null is not the default either (only an absent key is), though an absent key gives an estimate
        expect(estimateDelivery({ pickup, transitDays: n, deliveryZone: null } as never)).toBeNull()
        expect(estimateDelivery({ pickup, transitDays: n })).not.toBeNull()
      }),
    )
  })
})

describe('QTE-04 the estimated delivery on the days of a DST change', () => {
  // zones that change at 02:00, at midnight (Santiago, Beirut), by 30 minutes (Lord Howe), in
  // the southern hemisphere (Sydney), at 45-minute offsets (Chatham)
  const DST_ZONES = ['America/Chicago', 'America/New_York', 'Europe/London', 'Australia/Sydney', 'America/Santiago', 'Asia/Beirut', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/Havana']
  const HOUR = 3_600_000
  const DAY = 24 * HOUR
  const offsetOf = (zone: string, ms: number): number => DateTime.fromMillis(ms, { zone }).offset
  const found = new Map<string, DateTime[]>()
  /** The local days of `year` in `zone` on which its offset changes: the day before and the day of each change. */
  const changeDays = (zone: string, year: number): DateTime[] => {
    const key = `${zone} ${year}`
    const hit = found.get(key)
    if (hit !== undefined) return hit
    const days: DateTime[] = []
    for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += DAY) {
      if (offsetOf(zone, t) === offsetOf(zone, t + DAY)) continue
      let [lo, hi] = [t, t + DAY] // the change is in (lo, hi]
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2)
        if (offsetOf(zone, mid) === offsetOf(zone, t)) lo = mid
        else hi = mid
      }
      days.push(DateTime.fromMillis(lo, { zone }), DateTime.fromMillis(hi, { zone }))
    }
    found.set(key, days)
    return days
  }
  const dayArb = fc
    .tuple(fc.constantFrom(...DST_ZONES), fc.integer({ min: 2015, max: 2035 }))
    .map(([zone, year]) => ({ zone, days: changeDays(zone, year) }))
    .filter((z) => z.days.length > 0)
    .chain(({ zone, days }) => fc.constantFrom(...days).map((day) => ({ zone, day })))
  const closeArb = fc.oneof(fc.constantFrom('00:00', '00:30', '01:00', '01:30', '01:59', '02:00', '02:15', '02:30', '02:45', '03:00', '23:30', '23:59'), timeArb)
  /** The oracle: every instant whose wall time in `zone` is `date` `time`; the first, else the wall time read with the offset before the change. */
  const oracle = (zone: string, date: string, time: string): string => {
    const local = DateTime.fromISO(`${date}T${time}:00`, { zone: 'utc' }).toMillis()
    const offsets = new Set<number>()
    for (let h = -36; h <= 36; h++) offsets.add(DateTime.fromMillis(local + h * HOUR, { zone }).offset)
    const fits = [...offsets]
      .map((o) => local - o * 60_000)
      .filter((t) => DateTime.fromMillis(t, { zone }).toFormat("yyyy-MM-dd'T'HH:mm") === `${date}T${time}`)
      .sort((a, b) => a - b)
    const before = DateTime.fromMillis(local - 36 * HOUR, { zone }).offset
    return DateTime.fromMillis(fits[0] ?? local - before * 60_000, { zone: 'utc' }).toISO({ suppressMilliseconds: true })!
  }

  /** `f` run while luxon's clock (Settings.now) reads `clock`; the clock is restored after. */
  const withClock = (clock: number, f: () => void): void => {
    const was = Settings.now
    try {
      Settings.now = () => clock
      f()
    } finally {
      Settings.now = was
    }
  }
  const CLOCKS = [Date.UTC(2026, 0, 15), Date.UTC(2026, 6, 15)]

  it('a repeated close time is its first occurrence, a skipped one moves forward by the gap, whatever the clock says', () => {
    fc.assert(
      fc.property(dayArb, closeArb, fc.constantFrom(...CLOCKS), ({ zone, day }, closeTime, clock) => {
        const pickup = day.toUTC()
        const input = { pickup, transitDays: 0, deliveryCloseTime: closeTime, deliveryZone: zone }
        withClock(clock, () => expect(estimateDelivery(input, { zone })).toBe(oracle(zone, day.toISODate()!, closeTime)))
      }),
    )
  })

  it('the night Chicago falls back and the night it springs forward (the decision of the doc comment)', () => {
    const at = (date: string, closeTime: string) =>
      estimateDelivery({ pickup: DateTime.fromISO(`${date}T12:00:00`, { zone: 'America/Chicago' }), transitDays: 0, deliveryCloseTime: closeTime, deliveryZone: 'America/Chicago' }, { zone: 'America/Chicago' })
    for (const clock of CLOCKS) {
      withClock(clock, () => {
        expect(at('2026-11-01', '01:30')).toBe('2026-11-01T06:30:00Z')
        expect(at('2026-03-08', '02:30')).toBe('2026-03-08T08:30:00Z')
      })
    }
  })
})

