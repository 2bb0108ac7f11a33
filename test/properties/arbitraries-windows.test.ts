// The generators of shipper-rules/arbitraries for time windows and calendar edges
// (src/arbitraries/windows.ts): a window step's `inside` is what the rules decide (decideIdempotency,
// isQuoteMatchable), the three edge steps sit a minute under, at and a minute over the end, and each
// calendar pickup is where its label says, in the configuration's zone (an eve is the day before
// its holiday, "at close time" is the close time on the wall clock, the Friday is a Friday), so a
// generator that drifted off its edge fails here rather than quietly testing nothing.
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { calendarEdgePickups, pickupAcrossCalendarArb, windowEdgeSteps, windowStepArb } from '../../src/arbitraries/windows.js'
import { defaultConfig, makeConfig, type RulesConfig } from '../../src/config.js'
import { isBusinessDay } from '../../src/rules/calendar.js'
import { decideIdempotency } from '../../src/rules/idempotency.js'
import { isQuoteMatchable } from '../../src/rules/quotes.js'

const START = DateTime.fromISO('2026-11-20T10:00:00Z', { zone: 'utc' })

const configWith = (overrides: Parameters<typeof makeConfig>[0]): RulesConfig => {
  const c = makeConfig(overrides)
  if (c._tag === 'Left') throw new Error(JSON.stringify(c.left))
  return c.right
}

describe('windowStepArb and windowEdgeSteps', () => {
  it('inside is the rules\' decision: a replay inside the key window, a matchable quote inside its validity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 0, max: 2 }), (hours, i) => {
        const steps = [...windowEdgeSteps(hours), ...fc.sample(windowStepArb(hours), { seed: hours * 3 + i, numRuns: 5 })]
        const config = configWith({ idempotencyWindowHours: hours, quoteValidityHours: hours })
        for (const s of steps) {
          const now = START.plus({ minutes: s.minutes })
          const replay = decideIdempotency({ body: { a: 1 }, createdAt: START, response: 'r' }, { body: { a: 1 }, now }, { config }).kind === 'replay'
          expect(replay, `${hours} h, ${s.minutes} min`).toBe(s.inside)
          expect(isQuoteMatchable({ createdAt: START, open: true, quotedPriceInCents: 100 }, now, { config })).toBe(s.inside)
        }
      }),
      { numRuns: 50 },
    )
  })

  it('the edges are a minute under, at and a minute over the end, and the generator hits each', () => {
    expect(windowEdgeSteps(24).map((s) => [s.minutes, s.inside, s.edge])).toEqual([[1439, true, 'below'], [1440, false, 'at'], [1441, false, 'above']])
    expect(windowEdgeSteps(0)).toEqual([])
    expect(windowEdgeSteps(1.5)).toEqual([])
    const seen = new Set(fc.sample(windowStepArb(48), { seed: 3, numRuns: 200 }).map((s) => s.edge))
    expect([...seen].sort()).toEqual(['above', 'at', 'below', 'random'])
    expect(fc.sample(windowStepArb(-1), { seed: 1, numRuns: 5 }).every((s) => s.minutes === 1 && !s.inside)).toBe(true)
  })
})

describe('calendarEdgePickups and pickupAcrossCalendarArb', () => {
  const wall = (p: { pickup: string }, zone: string): DateTime => DateTime.fromISO(p.pickup, { zone: 'utc' }).setZone(zone)

  it('each pickup is where its label says, in the configuration\'s zone', () => {
    for (const config of [defaultConfig, configWith({ businessDays: { zone: 'America/New_York', holidays: ['2027-03-17'] } })]) {
      const zone = config.businessDays.zone
      const edges = calendarEdgePickups(config, 2027)
      expect(edges.length).toBeGreaterThan(30)
      for (const p of edges) {
        const t = wall(p, zone)
        expect(p.pickup).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/)
        const close = DateTime.fromFormat(p.deliveryCloseTime, 'HH:mm', { zone })
        const minuteOfDay = t.hour * 60 + t.minute
        const closeMinute = close.hour * 60 + close.minute
        if (p.edge.endsWith('at close time')) expect(minuteOfDay, p.edge).toBe(closeMinute)
        if (p.edge.endsWith('at close time - 1 min')) expect((minuteOfDay + 1) % 1440, p.edge).toBe(closeMinute)
        if (p.edge.endsWith('at close time + 1 min')) expect(minuteOfDay, p.edge).toBe((closeMinute + 1) % 1440)
        if (p.edge.startsWith('the Friday before')) expect([t.weekday, t.hour, t.minute], p.edge).toEqual([5, 23, 59])
        if (/\) 00:00$/.test(p.edge)) {
          // the holiday itself: no business day under the carrier calendar (or the declared list)
          expect(isBusinessDay(t, { zone, holidays: Array.isArray(config.businessDays.holidays) && p.edge.startsWith('holiday') ? config.businessDays.holidays : 'carrier' }), p.edge).toBe(false)
        }
      }
      expect(edges.some((p) => p.edge === 'Thanksgiving Day eve (Wednesday) at close time - 1 min')).toBe(true)
      if (Array.isArray(config.businessDays.holidays)) expect(edges.some((p) => p.edge.startsWith('holiday 2027-03-17 eve'))).toBe(true)
    }
    expect(calendarEdgePickups(defaultConfig, 0)).toEqual([])
    expect(calendarEdgePickups(defaultConfig, 10_000)).toEqual([])
  })

  it('the generator draws the edges and random minutes of the years asked', () => {
    const sample = fc.sample(pickupAcrossCalendarArb(defaultConfig, { min: 2028, max: 2029 }), { seed: 5, numRuns: 200 })
    const edges = new Set([...calendarEdgePickups(defaultConfig, 2028), ...calendarEdgePickups(defaultConfig, 2029)].map((p) => p.pickup))
    expect(sample.some((p) => p.edge === 'random')).toBe(true)
    expect(sample.some((p) => p.edge !== 'random')).toBe(true)
    for (const p of sample) {
      if (p.edge === 'random') expect(wall(p, defaultConfig.businessDays.zone).year).toBeGreaterThanOrEqual(2028)
      else expect(edges.has(p.pickup)).toBe(true)
    }
  })
})

describe('calendarEdgePickups with a named calendar', () => {
  it('the US federal calendar adds its own holidays (the birthday of Martin Luther King, Jr.), a day shared with the carrier calendar once', () => {
    const federal = calendarEdgePickups(configWith({ businessDays: { zone: 'America/Chicago', holidays: 'us-federal' } }), 2027)
    const none = calendarEdgePickups(defaultConfig, 2027)
    expect(federal.length).toBeGreaterThan(none.length)
    expect(federal.some((p) => p.edge.startsWith('Birthday of Martin Luther King'))).toBe(true)
    expect(none.some((p) => p.edge.startsWith('Birthday of Martin Luther King'))).toBe(false)
    // a day that is in both calendars (Independence Day) has its edges once
    expect(federal.filter((p) => /^Independence Day \(/.test(p.edge)).length).toBe(1)
  })
})
