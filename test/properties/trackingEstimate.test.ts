// The live position estimate (TRK-03, TRK-04) checked with textbook spherical trigonometry
// (test/oracles/sphere.ts), not with the library's own vector geometry.
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { defaultConfig } from '../../src/config.js'
import { GpsData, ShipmentLocation } from '../../src/model/tracking.js'
import { estimateLocation, type EstimateInput } from '../../src/rules/trackingEstimate.js'
import { deepFreeze } from '../arbitraries/freeze.js'
import { alongTrackKm, bearing, crossTrackKm, destination, kmBetween, type Pos } from '../oracles/sphere.js'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const M = defaultConfig.tracking
const T0 = Date.UTC(2026, 10, 23, 14, 0, 0)
const at = (ms: number): DateTime => DateTime.fromMillis(ms, { zone: 'utc' })
const iso = (ms: number): string => new Date(ms).toISOString()

/** Two route ends at least 0.5 degree and less than 150 degrees apart (never antipodal), anywhere but the poles. */
const routeArb = fc
  .record({
    lat: fc.double({ min: -70, max: 70, noNaN: true }),
    lon: fc.double({ min: -180, max: 180, noNaN: true }),
    dLat: fc.oneof(fc.double({ min: -60, max: -0.5, noNaN: true }), fc.double({ min: 0.5, max: 60, noNaN: true })),
    dLon: fc.double({ min: -60, max: 60, noNaN: true }),
  })
  .map(({ lat, lon, dLat, dLon }) => {
    const origin = { latitude: lat, longitude: lon }
    const dl = lon + dLon
    return { origin, destination: { latitude: Math.max(-89, Math.min(89, lat + dLat)), longitude: dl > 180 ? dl - 360 : dl < -180 ? dl + 360 : dl } }
  })

/** A plan: pickup at T0 and a transit of 1 minute to 10 days. */
const planArb = fc.record({ route: routeArb, transit: fc.integer({ min: MINUTE, max: 240 * HOUR }) })

type Plan = { readonly route: { readonly origin: Pos; readonly destination: Pos }; readonly transit: number }
const inputOf = (plan: Plan, now: number, pings: ReadonlyArray<unknown> = []): EstimateInput => ({
  origin: plan.route.origin,
  destination: plan.route.destination,
  pickedUpAt: at(T0),
  eta: at(T0 + plan.transit),
  now: at(now),
  pings,
})

/** A ping near the route: at a share of it (a little beyond its ends too), offset sideways by up to `maxOff` km, taken at `ms`. */
const pingArb = (plan: Plan, ms: fc.Arbitrary<number>, maxOff = 300, shares: readonly [number, number] = [-0.1, 1.1]) =>
  fc
    .record({
      share: fc.double({ min: shares[0], max: shares[1], noNaN: true }),
      off: fc.double({ min: -maxOff, max: maxOff, noNaN: true }),
      ms,
      heading: fc.integer({ min: 0, max: 359 }),
      speed: fc.integer({ min: 0, max: 130 }),
      vehicleId: fc.constantFrom('TRK-1', 'TRK-2', 'V 9'),
    })
    .map(({ share, off, ms: t, heading, speed, vehicleId }) => {
      const { origin, destination: dest } = plan.route
      const foot = destination(origin, bearing(origin, dest), share * kmBetween(origin, dest))
      const p = destination(foot, bearing(foot, dest) + Math.PI / 2, off)
      return { vehicleId, timestamp: iso(t), latitude: p.latitude, longitude: p.longitude, heading, speed }
    })

/** A plan, two instants now1 <= now2 (from before pickup to days after the ETA), and pings taken by now1. */
const scenarioArb = planArb.chain((plan) =>
  fc
    .tuple(fc.integer({ min: -6 * HOUR, max: plan.transit + 72 * HOUR }), fc.integer({ min: 0, max: 48 * HOUR }))
    .chain(([offset, step]) => {
      const now1 = T0 + offset
      const pings = now1 >= T0 ? fc.array(pingArb(plan, fc.integer({ min: T0, max: now1 })), { maxLength: 4 }) : fc.constant([])
      return pings.map((ps) => ({ plan, now1, now2: now1 + step, pings: ps }))
    }),
)

const progressKm = (plan: Plan, c: Pos): number => alongTrackKm(plan.route.origin, plan.route.destination, c)

describe('TRK-03 the live position estimate', () => {
  it('every center is a valid GpsData stamped now (ranges, heading 0..359, speed >= 0), in a valid ShipmentLocation', () => {
    fc.assert(
      fc.property(scenarioArb, ({ plan, now1, pings }) => {
        const loc = estimateLocation(inputOf(plan, now1, pings))
        expect(ShipmentLocation.is(loc)).toBe(true)
        expect(GpsData.is(loc.center)).toBe(true)
        expect(Date.parse(loc.center.timestamp)).toBe(now1)
        expect(Date.parse(loc.lastEventTimestamp)).toBeLessThanOrEqual(now1)
      }),
    )
  })

  it('without pings, the center lies on the great circle between the ends, at the elapsed share of the route', () => {
    fc.assert(
      fc.property(planArb, fc.double({ min: -0.5, max: 2, noNaN: true }), (plan, f) => {
        const now = T0 + Math.round(f * plan.transit)
        const c = estimateLocation(inputOf(plan, now)).center
        const { origin, destination: dest } = plan.route
        const length = kmBetween(origin, dest)
        expect(kmBetween(origin, c) + kmBetween(c, dest) - length).toBeLessThan(0.001)
        const share = Math.min(1, Math.max(0, (now - T0) / plan.transit))
        expect(Math.abs(kmBetween(origin, c) - share * length)).toBeLessThan(0.001)
      }),
    )
  })

  it('without pings, the center is the origin at pickup, and the destination from the ETA on while not delayed', () => {
    fc.assert(
      fc.property(planArb, fc.integer({ min: 0, max: 2 * M.delayThresholdMinutes * MINUTE }), (plan, after) => {
        const { origin, destination: dest } = plan.route
        expect(kmBetween(estimateLocation(inputOf(plan, T0)).center, origin)).toBeLessThan(0.001)
        const late = estimateLocation(inputOf(plan, T0 + plan.transit + after))
        expect(late.isSignificantlyDelayed).toBe(after > M.delayThresholdMinutes * MINUTE)
        if (!late.isSignificantlyDelayed) expect(kmBetween(late.center, dest)).toBeLessThan(0.001)
      }),
    )
  })

  it('progress along the route never decreases as now advances with the same pings', () => {
    fc.assert(
      fc.property(scenarioArb, ({ plan, now1, now2, pings }) => {
        const a = estimateLocation(inputOf(plan, now1, pings)).center
        const b = estimateLocation(inputOf(plan, now2, pings)).center
        expect(progressKm(plan, b)).toBeGreaterThan(progressKm(plan, a) - 0.001)
      }),
    )
  })

  it('the uncertainty radius never decreases as the newest ping ages, and a newer ping never widens it', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 0, max: 359 }), ({ plan, now1, now2, pings }, heading) => {
        const r1 = estimateLocation(inputOf(plan, now1, pings)).uncertaintyRadiusKm
        const r2 = estimateLocation(inputOf(plan, now2, pings)).uncertaintyRadiusKm
        expect(r2).toBeGreaterThanOrEqual(r1)
        const c = plan.route.origin
        const fresh = { vehicleId: 'TRK-1', timestamp: iso(now2), latitude: c.latitude, longitude: c.longitude, heading, speed: 50 }
        expect(estimateLocation(inputOf(plan, now2, [...pings, fresh])).uncertaintyRadiusKm).toBeLessThanOrEqual(r2)
      }),
    )
  })

  it('the radius is the base radius plus the growth for every hour since the last observation', () => {
    fc.assert(
      fc.property(scenarioArb, ({ plan, now1, pings }) => {
        const loc = estimateLocation(inputOf(plan, now1, pings))
        const newest = Math.max(Math.min(T0, now1), ...pings.map((p) => Date.parse(p.timestamp)))
        expect(Date.parse(loc.lastEventTimestamp)).toBe(newest)
        expect(Math.abs(loc.uncertaintyRadiusKm - (M.baseRadiusKm + (M.radiusGrowthKmPerHour * (now1 - newest)) / HOUR))).toBeLessThanOrEqual(0.0005 + 1e-9)
      }),
    )
  })

  it('a ping taken now, standing still, pins the center to it', () => {
    fc.assert(
      fc.property(
        planArb.chain((plan) => fc.tuple(fc.constant(plan), fc.integer({ min: 0, max: plan.transit }))).chain(([plan, offset]) =>
          pingArb(plan, fc.constant(T0 + offset), 300, [0, 0.9]).map((ping) => ({ plan, now: T0 + offset, ping: { ...ping, speed: 0 } })),
        ),
        ({ plan, now, ping }) => {
          expect(kmBetween(estimateLocation(inputOf(plan, now, [ping])).center, ping)).toBeLessThan(0.001)
        },
      ),
    )
  })

  it('the estimate does not depend on the order of the pings', () => {
    fc.assert(
      fc.property(
        scenarioArb.chain((s) => fc.shuffledSubarray([...s.pings, ...s.pings], { minLength: 2 * s.pings.length }).map((shuffled) => ({ ...s, shuffled }))),
        ({ plan, now1, pings, shuffled }) => {
          expect(estimateLocation(inputOf(plan, now1, shuffled))).toEqual(estimateLocation(inputOf(plan, now1, pings)))
        },
      ),
    )
  })

  it('pings that are not valid GpsData, from before pickup or in the future are ignored', () => {
    fc.assert(
      fc.property(scenarioArb, fc.array(fc.anything(), { maxLength: 3 }), ({ plan, now1, pings }, junk) => {
        const c = plan.route.destination
        const stray = [
          { vehicleId: 'TRK-1', timestamp: iso(T0 - 1), latitude: c.latitude, longitude: c.longitude, heading: 0, speed: 0 },
          { vehicleId: 'TRK-1', timestamp: iso(now1 + defaultConfig.gpsClockSkewSeconds * 1000 + 1000), latitude: c.latitude, longitude: c.longitude, heading: 0, speed: 0 },
        ]
        const invalid = junk.filter((j) => !GpsData.is(j))
        expect(estimateLocation(inputOf(plan, now1, [...pings, ...invalid, ...stray]))).toEqual(estimateLocation(inputOf(plan, now1, pings)))
      }),
    )
  })
})

describe('TRK-04 delay and off-route flags', () => {
  it('a newest ping more than offRouteKm from the route flags the estimate, with a message giving the distance', () => {
    fc.assert(
      fc.property(
        planArb.chain((plan) =>
          fc.record({
            plan: fc.constant(plan),
            offset: fc.integer({ min: 0, max: Math.floor(0.9 * plan.transit) }),
            off: fc.oneof(fc.double({ min: 1, max: M.offRouteKm - 1, noNaN: true }), fc.double({ min: M.offRouteKm + 1, max: 1000, noNaN: true })),
            side: fc.constantFrom(1, -1),
          }),
        ),
        ({ plan, offset, off, side }) => {
          const { origin, destination: dest } = plan.route
          const length = kmBetween(origin, dest)
          const now = T0 + offset
          // a ping taken now, standing still, at the scheduled share of the route (short of its end,
          // where the direction of the route is defined), `off` km to one side
          const foot = destination(origin, bearing(origin, dest), (offset / plan.transit) * length)
          const p = destination(foot, bearing(foot, dest) + (side * Math.PI) / 2, off)
          const loc = estimateLocation(inputOf(plan, now, [{ vehicleId: 'TRK-1', timestamp: iso(now), latitude: p.latitude, longitude: p.longitude, heading: 0, speed: 0 }]))
          const offRoute = Math.abs(crossTrackKm(origin, dest, p)) > M.offRouteKm
          expect(loc.isSignificantlyDelayed).toBe(offRoute)
          expect(loc.delayMessage.includes('off the planned route')).toBe(offRoute)
          if (offRoute) expect(loc.delayMessage).toContain(`${Math.round(Math.abs(crossTrackKm(origin, dest, p)))} km`)
        },
      ),
    )
  })

  it('a fresh ping on the route further behind the schedule than the threshold flags the estimate; closer does not', () => {
    fc.assert(
      fc.property(planArb, fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 3 * M.delayThresholdMinutes }), (plan, f, lagMinutes) => {
        const { origin, destination: dest } = plan.route
        const seenAt = T0 + Math.round(f * plan.transit)
        const now = seenAt + lagMinutes * MINUTE
        fc.pre(Math.abs(lagMinutes - M.delayThresholdMinutes) > 1 && now <= T0 + plan.transit)
        // the vehicle was seen now where the schedule had it `lagMinutes` ago, standing still
        const p = destination(origin, bearing(origin, dest), f * kmBetween(origin, dest))
        const loc = estimateLocation(inputOf(plan, now, [{ vehicleId: 'TRK-1', timestamp: iso(now), latitude: p.latitude, longitude: p.longitude, heading: 0, speed: 0 }]))
        expect(loc.isSignificantlyDelayed).toBe(lagMinutes > M.delayThresholdMinutes)
        expect(loc.delayMessage.includes('behind schedule')).toBe(lagMinutes > M.delayThresholdMinutes)
      }),
    )
  })

  it('input that cannot be estimated from is flagged (never shown) and still a valid ShipmentLocation; no input throws; arguments are never mutated', () => {
    const dt = fc.oneof(fc.constant(at(T0)), fc.constant(DateTime.invalid('broken')), fc.anything())
    fc.assert(
      fc.property(fc.record({ origin: fc.anything(), destination: fc.anything(), pickedUpAt: dt, eta: dt, now: dt, pings: fc.anything() }), (raw) => {
        const { pickedUpAt, eta, now, ...plain } = raw
        const frozen = deepFreeze(plain)
        const loc = estimateLocation({ ...frozen, pickedUpAt, eta, now } as unknown as EstimateInput)
        expect(ShipmentLocation.is(loc)).toBe(true)
        const usable = [pickedUpAt, eta, now].every((d) => DateTime.isDateTime(d) && d.isValid) && [raw.origin, raw.destination].every((p) => GpsLike(p))
        if (!usable) expect([loc.isSignificantlyDelayed, loc.delayMessage.startsWith('No position estimate')]).toEqual([true, true])
      }),
    )
    expect(estimateLocation(null as never).isSignificantlyDelayed).toBe(true)
  })
})

const GpsLike = (p: unknown): boolean =>
  typeof p === 'object' && p !== null &&
  typeof (p as Pos).latitude === 'number' && typeof (p as Pos).longitude === 'number' &&
  Math.abs((p as Pos).latitude) <= 90 && Math.abs((p as Pos).longitude) <= 180
