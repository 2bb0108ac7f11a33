// Laws for src/rules/trackingEstimate.ts that the mutation analysis (docs/mutation.md) found
// unexercised: each unreadable part of the input gives the unavailable estimate naming it; pings
// that are not a list count as none; the pings' order never matters, ties on the timestamp
// included; a route whose ends coincide; and the delay sentence under an hour (TRK-03, TRK-04).
import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { makeConfig } from '../../src/config.js'
import { estimateLocation, type EstimateInput } from '../../src/rules/trackingEstimate.js'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const T0 = Date.UTC(2026, 10, 23, 14, 0, 0)
const at = (ms: number): DateTime => DateTime.fromMillis(ms, { zone: 'utc' })
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z')

const posArb = fc.record({ latitude: fc.double({ min: -60, max: 60, noNaN: true }), longitude: fc.double({ min: -170, max: 170, noNaN: true }) })
const inputArb = fc.record({
  origin: posArb,
  destination: posArb,
  transit: fc.integer({ min: HOUR, max: 100 * HOUR }),
  elapsed: fc.integer({ min: 0, max: 120 * HOUR }),
})
const inputOf = ({ origin, destination, transit, elapsed }: { origin: { latitude: number; longitude: number }; destination: { latitude: number; longitude: number }; transit: number; elapsed: number }, pings: unknown = []): EstimateInput => ({
  origin,
  destination,
  pickedUpAt: at(T0),
  eta: at(T0 + transit),
  now: at(T0 + elapsed),
  pings: pings as ReadonlyArray<unknown>,
})

describe('TRK-03 an input part that cannot be read: the unavailable estimate, saying which', () => {
  it('origin, destination, now, pickedUpAt, eta: each named, at the first readable position and instant', () => {
    const PARTS = [
      ['origin', 'origin is not a latitude -90..90 and longitude -180..180'],
      ['destination', 'destination is not a latitude -90..90 and longitude -180..180'],
      ['now', 'now is not a valid DateTime'],
      ['pickedUpAt', 'pickedUpAt is not a valid DateTime'],
      ['eta', 'eta is not a valid DateTime'],
    ] as const
    fc.assert(
      fc.property(inputArb, fc.constantFrom(...PARTS), fc.constantFrom<unknown>(null, 'x', DateTime.invalid('unreadable'), { latitude: 91, longitude: 0 }), (plan, [part, why], bad) => {
        const input = { ...inputOf(plan), [part]: bad } as Record<string, unknown>
        const r = estimateLocation(input as never)
        // the instant shown: now, or the pickup when now is the unreadable part
        const ms = part !== 'now' ? T0 + plan.elapsed : T0
        const where = part !== 'origin' ? plan.origin : plan.destination
        expect(r).toStrictEqual({
          center: { vehicleId: '', timestamp: iso(ms), latitude: where.latitude, longitude: where.longitude, heading: 0, speed: 0 },
          uncertaintyRadiusKm: r.uncertaintyRadiusKm,
          lastEventTimestamp: iso(ms),
          isSignificantlyDelayed: true,
          delayMessage: `No position estimate: ${why}.`,
        })
        expect(r.uncertaintyRadiusKm).toBeGreaterThan(20_000)
      }),
    )
  })
})

describe('TRK-03 pings', () => {
  it('pings that are not a list count as none', () => {
    fc.assert(
      fc.property(inputArb, fc.constantFrom<unknown>(undefined, null, 'pings', 7, { 0: { vehicleId: 'T' }, length: 1 }), (plan, pings) => {
        expect(estimateLocation(inputOf(plan, pings))).toStrictEqual(estimateLocation(inputOf(plan, [])))
      }),
    )
  })

  it('their order never matters, several at the newest instant included', () => {
    const pingAt = (ms: number) =>
      fc.record({
        vehicleId: fc.constantFrom('TRK-1', 'TRK-2'),
        timestamp: fc.constant(iso(ms)),
        latitude: fc.constantFrom(40, 40.5, 41),
        longitude: fc.constantFrom(-90, -89.5),
        heading: fc.constantFrom(0, 90, 180),
        speed: fc.constantFrom(0, 60, 90),
      })
    fc.assert(
      fc.property(
        inputArb.chain((plan) => fc.tuple(fc.constant(plan), fc.array(pingAt(T0 + Math.min(plan.elapsed, 5 * HOUR)), { minLength: 2, maxLength: 5 }), fc.nat())),
        ([plan, pings, seed]) => {
          const reordered = [...pings].sort((a, b) => ((JSON.stringify(a).length * 31 + seed) % 7) - ((JSON.stringify(b).length * 31 + seed) % 7)).reverse()
          expect(estimateLocation(inputOf(plan, reordered))).toStrictEqual(estimateLocation(inputOf(plan, pings)))
        },
      ),
    )
  })
})

describe('TRK-03 a route whose ends coincide', () => {
  it('the freight is at that point, not moving; headed as the newest ping says, or North without one', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 0, max: 359 }), (plan, heading) => {
        const here = plan.origin
        const still = { ...plan, destination: here }
        const none = estimateLocation(inputOf(still))
        expect(none.center).toMatchObject({ heading: 0, speed: 0 })
        expect(none.center.latitude).toBeCloseTo(here.latitude, 5)
        expect(none.center.longitude).toBeCloseTo(here.longitude, 5)
        const ping = { vehicleId: 'TRK-1', timestamp: iso(T0), latitude: here.latitude, longitude: here.longitude, heading, speed: 0 }
        expect(estimateLocation(inputOf(still, [ping])).center.heading).toBe(heading)
      }),
    )
  })
})

describe('TRK-04 the delay sentence', () => {
  it('a lag under an hour reads in minutes, over an hour in hours and two-digit minutes', () => {
    fc.assert(
      fc.property(posArb, posArb, fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 300 }), (origin, destination, threshold, lagMinutes) => {
        fc.pre(lagMinutes > threshold)
        const r = makeConfig({ tracking: { delayThresholdMinutes: threshold } })
        if (!isRight(r)) throw new Error('configuration refused')
        // no pings, delivery due at T0 + 2 h: at eta + lag the schedule has the freight delivered, lag minutes ago
        const loc = estimateLocation({ origin, destination, pickedUpAt: at(T0), eta: at(T0 + 2 * HOUR), now: at(T0 + 2 * HOUR + lagMinutes * MINUTE), pings: [] }, { config: r.right })
        const h = Math.floor(lagMinutes / 60)
        const m = lagMinutes % 60
        const words = h === 0 ? `${m} min` : `${h} h ${String(m).padStart(2, '0')} min`
        expect(loc.isSignificantlyDelayed).toBe(true)
        expect(loc.delayMessage).toBe(`The shipment is running about ${words} behind schedule.`)
      }),
    )
  })
})
