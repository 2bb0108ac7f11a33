// The zone-offset memo behind the business-day rules (src/internal/zoneOffsets.ts) must not change
// any result: every offset it gives is the one luxon's IANAZone computes for the same instant, at
// random instants and exactly at every quarter-hour boundary (where transitions fall) of random
// days, across the engine's zones and 1900–2100; and addBusinessDays, which now builds its result
// from the memo, lands on exactly the instant luxon's own `setZone(zone).plus({ days })` gives.
import { runsOf } from 'shipper-rules-testkit'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { DateTime, IANAZone } from 'luxon'
import { instantOfLocal, memoZone, offsetAt } from '../../src/internal/zoneOffsets.js'
import { addBusinessDays } from '../../src/index.js'

const ZONES = Intl.supportedValuesOf('timeZone').filter((z) => IANAZone.isValidZone(z))
const zone = fc.constantFrom(...ZONES, 'America/Chicago', 'America/New_York', 'Europe/London', 'Africa/Casablanca', 'Asia/Gaza', 'Australia/Lord_Howe')
const FROM = Date.UTC(1900, 0, 1)
const TO = Date.UTC(2101, 0, 1)
const DAY = 86_400_000
const raw = (name: string, ms: number): number => IANAZone.create(name).offset(ms)

describe('zone-offset memo', () => {
  it('gives luxon\'s offset at any instant of 1900–2100', () => {
    fc.assert(
      fc.property(zone, fc.integer({ min: FROM, max: TO }), (name, ms) => {
        expect(offsetAt(memoZone(name)!, ms)).toBe(raw(name, ms))
      }),
    )
  })

  it('gives luxon\'s offset at and just before every quarter hour of a day, where offsets change', () => {
    fc.assert(
      fc.property(zone, fc.integer({ min: FROM / DAY, max: TO / DAY }), (name, day) => {
        const z = memoZone(name)!
        for (let t = day * DAY; t <= (day + 1) * DAY; t += 900_000) {
          expect(offsetAt(z, t), `${name} ${new Date(t).toISOString()}`).toBe(raw(name, t))
          expect(offsetAt(z, t - 1), `${name} ${new Date(t - 1).toISOString()}`).toBe(raw(name, t - 1))
        }
      }),
      { numRuns: runsOf(300) },
    )
  })

  it('resolves a wall-clock time to the instant luxon picks, gaps and overlaps included', () => {
    fc.assert(
      fc.property(zone, fc.integer({ min: FROM, max: TO }), fc.integer({ min: -400, max: 400 }), (name, ms, days) => {
        const start = DateTime.fromMillis(ms, { zone: name })
        const local = ms + start.offset * 60_000 + days * DAY
        expect(instantOfLocal(memoZone(name)!, local, start.offset)).toBe(start.plus({ days }).toMillis())
      }),
    )
  })

  it('outside 1800–2300 and for invalid input it is luxon unchanged', () => {
    const z = memoZone('America/Chicago')!
    for (const ms of [Date.UTC(1700, 5, 1), Date.UTC(2400, 5, 1), Number.NaN, 8.64e15 + 1]) {
      expect(Object.is(offsetAt(z, ms), raw('America/Chicago', ms))).toBe(true)
    }
    expect(memoZone('Mars/Olympus_Mons')).toBeUndefined()
  })
})

describe('addBusinessDays on the memo', () => {
  it('lands on the instant setZone(zone).plus({ days }) gives, in the same zone and locale', () => {
    fc.assert(
      fc.property(zone, fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }), fc.integer({ min: -30, max: 60 }), fc.constantFrom('none', 'carrier', 'us-federal'), (name, ms, n, holidays) => {
        const start = DateTime.fromMillis(ms, { zone: 'utc' }).setLocale('de-DE')
        const got = addBusinessDays(start, n, { zone: name, holidays: holidays as 'none' })
        expect(got.isValid).toBe(true)
        const local = start.setZone(name)
        const days = Math.round((DateTime.fromObject({ year: got.setZone(name).year, month: got.setZone(name).month, day: got.setZone(name).day }, { zone: 'utc' }).toMillis() - DateTime.fromObject({ year: local.year, month: local.month, day: local.day }, { zone: 'utc' }).toMillis()) / DAY)
        const expected = local.plus({ days })
        expect(got.toMillis()).toBe(expected.toMillis())
        expect(got.zoneName).toBe(name)
        expect(got.locale).toBe('de-DE')
      }),
    )
  })
})
