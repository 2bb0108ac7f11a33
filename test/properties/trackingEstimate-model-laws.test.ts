// Laws of the live position model of src/rules/trackingEstimate.ts (TRK-03, TRK-04; the model is
// docs/tracking.md's), each stated on the route's own coordinates (km along the great circle from
// the origin, km to its left) read back with the sphere helpers, so that a law is about where the
// estimate is, not how it is computed:
// - the newest ping is chosen by an oracle (timestamp, then position, heading, speed, vehicle);
// - a ping stamped now is where the freight is; a ping headed along the route is carried forward at
//   its speed for its age, at most projectionMaxMinutes, to at most the destination, and one headed
//   back is not carried back; one headed across the route drifts to the side it heads;
// - the ping's weight falls linearly with its age, pulling the estimate toward a schedule ahead of it;
// - how far a ping is off the route is its distance to the route (a brute-force scan of the route);
// - the delay threshold is exclusive; the pickup instant, ETAs before it, coincident ends;
// - the clock-skew allowance, the speed shown, an input that is not an object.
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { runsOf } from 'shipper-rules-testkit'
import { describe, expect, it } from 'vitest'
import { defaultConfig, makeConfig, type RulesConfig } from '../../src/config.js'
import { distanceKm, pointOnRoute, projectOnRoute, routeBearing, routeOf, travel, type LatLon } from '../../src/internal/sphere.js'
import { estimateLocation } from '../../src/rules/trackingEstimate.js'
import { rightOf } from '../support/either.js'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const T0 = Date.UTC(2026, 10, 23, 14, 0, 0)
const at = (ms: number): DateTime => DateTime.fromMillis(ms, { zone: 'utc' })
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z')
const M = defaultConfig.tracking

const configOf = (overrides: Record<string, unknown>): RulesConfig => rightOf(makeConfig(overrides))

/** A route of 200 to 3,000 km between latitudes -55 and 55. */
const routeArb = fc
  .record({
    latitude: fc.double({ min: -55, max: 55, noNaN: true }),
    longitude: fc.double({ min: -175, max: 175, noNaN: true }),
    bearing: fc.double({ min: 0, max: 359.99, noNaN: true }),
    km: fc.double({ min: 200, max: 3000, noNaN: true }),
  })
  .map(({ latitude, longitude, bearing, km }) => {
    const origin = { latitude, longitude }
    const destination = travel(origin, bearing, km)
    return { origin, destination, route: routeOf(origin, destination) }
  })

type Ping = { vehicleId: string; timestamp: string; latitude: number; longitude: number; heading: number; speed: number }
const pingAt = (p: LatLon, ms: number, heading: number, speed: number, vehicleId = 'TRK-1'): Ping => ({
  vehicleId,
  timestamp: iso(ms),
  latitude: p.latitude,
  longitude: p.longitude,
  heading: ((Math.round(heading) % 360) + 360) % 360,
  speed,
})
/** Where a point lies on the route: km along it and km to its left. */
const place = (route: ReturnType<typeof routeOf>, p: LatLon) => projectOnRoute(route, p)

describe('TRK-03 the newest ping', () => {
  it('is the latest by timestamp, equal timestamps ordered by latitude, longitude, heading, speed and vehicle, whatever the list order', () => {
    const base = { vehicleId: 'TRK-1', timestamp: iso(T0 + HOUR), latitude: 40, longitude: -90, heading: 0, speed: 0 }
    // pings that differ from a base ping in one or two fields, so that ties on every earlier key are common
    const ALT = { vehicleId: 'TRK-2', timestamp: iso(T0 + HOUR + MINUTE), latitude: 40.5, longitude: -89.5, heading: 180, speed: 60 } as const
    const variantArb = fc
      .array(fc.constantFrom(...(Object.keys(ALT) as Array<keyof typeof ALT>)), { maxLength: 2 })
      .map((fields): Ping => ({ ...base, ...Object.fromEntries(fields.map((f) => [f, ALT[f]])) }))
    const key = (p: Ping): ReadonlyArray<number | string> => [Date.parse(p.timestamp), p.latitude, p.longitude, p.heading, p.speed, p.vehicleId]
    const after = (a: Ping, b: Ping): boolean => {
      const ka = key(a)
      const kb = key(b)
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! > kb[i]!
      return false
    }
    const origin = { latitude: 41.886, longitude: -87.618 }
    const destination = { latitude: 32.79, longitude: -96.804 }
    fc.assert(
      fc.property(fc.tuple(fc.array(variantArb, { minLength: 1, maxLength: 5 }), fc.subarray([base, { ...base, vehicleId: ALT.vehicleId }, { ...base, speed: ALT.speed }])).map(([a, b]) => [...a, ...b]).filter((ps) => ps.length >= 2).chain((ps) => fc.tuple(fc.constant(ps), fc.shuffledSubarray(ps, { minLength: ps.length, maxLength: ps.length }))), ([pings, shuffled]) => {
        const newest = pings.reduce((best, p) => (after(p, best) ? p : best))
        const input = (ps: ReadonlyArray<Ping>) => ({ origin, destination, pickedUpAt: at(T0), eta: at(T0 + 20 * HOUR), now: at(T0 + 2 * HOUR), pings: ps })
        const want = estimateLocation(input([newest]))
        expect(estimateLocation(input(shuffled))).toStrictEqual(want)
        expect(estimateLocation(input(pings))).toStrictEqual(want)
        expect(estimateLocation(input([...pings].reverse()))).toStrictEqual(want)
      }),
    )
  })

  it('counts when it is at most gpsClockSkewSeconds after now, and is ignored after that', () => {
    fc.assert(
      fc.property(routeArb, fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 600 }), ({ origin, destination, route }, skew, ahead) => {
        const config = configOf({ gpsClockSkewSeconds: skew })
        const now = T0 + 3 * HOUR
        const ping = pingAt(pointOnRoute(route, route.lengthKm / 2), now + ahead * 1000, routeBearing(route, route.lengthKm / 2), 50, 'TRK-9')
        const loc = estimateLocation({ origin, destination, pickedUpAt: at(T0), eta: at(T0 + 30 * HOUR), now: at(now), pings: [ping] }, { config })
        expect(loc.center.vehicleId).toBe(ahead <= skew ? 'TRK-9' : '')
        // a ping ahead of now is observed at now at the latest
        expect(loc.lastEventTimestamp).toBe(iso(ahead <= skew ? now : T0))
      }),
    )
  })
})

/** A route, a ping on it a share of the way along, and a schedule far behind the ping (the ETA 10,000 h out). */
const onRouteArb = fc.record({
  trip: routeArb,
  share: fc.oneof(fc.double({ min: 0.05, max: 0.95, noNaN: true }), fc.double({ min: 0.95, max: 0.999, noNaN: true })),
  speed: fc.integer({ min: 1, max: 130 }),
  ageMinutes: fc.oneof(fc.integer({ min: 0, max: 3 * M.projectionMaxMinutes }), fc.constantFrom(0, M.projectionMaxMinutes - 1, M.projectionMaxMinutes, M.projectionMaxMinutes + 1)),
})

describe('TRK-03 a ping carried forward', () => {
  it('a ping stamped now is where the freight is, whatever its heading and speed', () => {
    fc.assert(
      fc.property(routeArb, fc.double({ min: 0.05, max: 0.95, noNaN: true }), fc.double({ min: -300, max: 300, noNaN: true }), fc.integer({ min: 0, max: 359 }), fc.integer({ min: 0, max: 130 }), ({ origin, destination, route }, share, side, heading, speed) => {
        const now = T0 + 5 * HOUR
        const p = pointOnRoute(route, share * route.lengthKm, side)
        const loc = estimateLocation({ origin, destination, pickedUpAt: at(T0), eta: at(T0 + 10_000 * HOUR), now: at(now), pings: [pingAt(p, now, heading, speed)] })
        expect(distanceKm(loc.center, p)).toBeLessThan(0.001)
        expect(loc.lastEventTimestamp).toBe(iso(now))
        expect(loc.uncertaintyRadiusKm).toBe(M.baseRadiusKm)
      }),
    )
  })

  it('headed at any angle to the route, it moves along by speed × cos × hours (never back) and across by speed × sin × hours × weight, hours its age up to projectionMaxMinutes, to at most the destination; a schedule ahead pulls it by 1 − weight; the speed shown is its own while fresh, else the planned average until the ETA, and 0 on arrival', () => {
    fc.assert(
      fc.property(
        onRouteArb,
        fc.oneof(fc.constantFrom(0, 90, 180, 270), fc.integer({ min: 0, max: 359 })),
        fc.oneof(fc.constant(10_000), fc.integer({ min: 1, max: 30 })),
        ({ trip: { origin, destination, route }, share, speed, ageMinutes }, angle, plannedHours) => {
          const L = route.lengthKm
          const seen = share * L
          const pingMs = T0 + HOUR
          const now = pingMs + ageMinutes * MINUTE
          const planned = plannedHours * HOUR
          const heading = ((Math.round(routeBearing(route, seen)) + angle) % 360 + 360) % 360
          const ping = pingAt(pointOnRoute(route, seen), pingMs, heading, speed)
          const loc = estimateLocation({ origin, destination, pickedUpAt: at(T0), eta: at(T0 + planned), now: at(now), pings: [ping] })
          const turn = ((heading - routeBearing(route, seen)) * Math.PI) / 180
          const hours = Math.min(ageMinutes, M.projectionMaxMinutes) / 60
          const weight = Math.max(0, 1 - ageMinutes / M.pingMaxAgeMinutes)
          const projected = Math.min(L, seen + Math.max(0, speed * Math.cos(turn)) * hours)
          const scheduled = Math.min(1, (now - T0) / planned) * L
          const along = projected + (1 - weight) * Math.max(0, scheduled - projected)
          const cross = -weight * speed * Math.sin(turn) * hours
          const got = place(route, loc.center)
          expect(Math.abs(got.alongKm - along)).toBeLessThan(0.05)
          expect(Math.abs(got.crossKm - cross)).toBeLessThan(0.05)
          const fresh = ageMinutes <= M.projectionMaxMinutes
          const moving = fresh ? speed : now < T0 + planned ? Math.round(L / plannedHours) : 0
          // Within a metre of the destination the oracle's sum and the module's spherical arithmetic
          // may round to opposite sides of "arrived" (a CI run: 2,997 km + 3 km/h × 2 h on a
          // 3,000 km route): either answer is right there.
          if (Math.abs(along - L) < 1e-3) expect([0, moving]).toContain(loc.center.speed)
          else expect(loc.center.speed).toBe(along > L ? 0 : moving)
          expect(loc.uncertaintyRadiusKm).toBeCloseTo(M.baseRadiusKm + (M.radiusGrowthKmPerHour * ageMinutes) / 60, 3)
        },
      ),
    )
  })

  it('headed back along the route, it is not carried back', () => {
    fc.assert(
      fc.property(onRouteArb, ({ trip: { origin, destination, route }, share, speed, ageMinutes }) => {
        const seen = share * route.lengthKm
        const pingMs = T0 + HOUR
        const ping = pingAt(pointOnRoute(route, seen), pingMs, routeBearing(route, seen) + 180, speed)
        const loc = estimateLocation({ origin, destination, pickedUpAt: at(T0), eta: at(T0 + 10_000 * HOUR), now: at(pingMs + ageMinutes * MINUTE), pings: [ping] })
        expect(Math.abs(place(route, loc.center).alongKm - seen)).toBeLessThan(0.05)
      }),
    )
  })
})

describe('TRK-03 an aging ping and the schedule', () => {
  it('a still ping is left for the schedule ahead of it in proportion to its age (all of the way at pingMaxAgeMinutes), never for a schedule behind it', () => {
    fc.assert(
      fc.property(
        routeArb,
        fc.double({ min: 0.02, max: 0.98, noNaN: true }),
        fc.oneof(fc.integer({ min: 0, max: 2 * M.pingMaxAgeMinutes }), fc.constantFrom(M.pingMaxAgeMinutes - 1, M.pingMaxAgeMinutes, M.pingMaxAgeMinutes + 1)),
        fc.integer({ min: 1, max: 40 }),
        ({ origin, destination, route }, share, ageMinutes, plannedHours) => {
          const L = route.lengthKm
          const seen = share * L
          const pingMs = T0 + HOUR / 2
          const now = pingMs + ageMinutes * MINUTE
          const planned = plannedHours * HOUR
          const ping = pingAt(pointOnRoute(route, seen), pingMs, 0, 0)
          const loc = estimateLocation({ origin, destination, pickedUpAt: at(T0), eta: at(T0 + planned), now: at(now), pings: [ping] })
          const scheduled = Math.min(1, (now - T0) / planned) * L
          const weight = Math.max(0, 1 - ageMinutes / M.pingMaxAgeMinutes)
          const want = seen + (1 - weight) * Math.max(0, scheduled - seen)
          expect(Math.abs(place(route, loc.center).alongKm - want)).toBeLessThan(0.05)
        },
      ),
    )
  })
})

describe('TRK-04 off the route', () => {
  it('a ping is as far off the route as its distance to the nearest point of the route (beyond an end, the distance to that end); more than offRouteKm flags the estimate and says how far', () => {
    fc.assert(
      fc.property(routeArb, fc.double({ min: -0.5, max: 1.5, noNaN: true }), fc.double({ min: -800, max: 800, noNaN: true }), ({ origin, destination, route }, share, side) => {
        const L = route.lengthKm
        const p = pointOnRoute(route, share * L, side)
        // brute force: the nearest of 401 points of the route, then of 401 points around it, twice
        let best = Infinity
        let [lo, hi] = [0, L]
        for (let round = 0; round < 3; round++) {
          let bestKm = lo
          for (let k = 0; k <= 400; k++) {
            const km = lo + ((hi - lo) * k) / 400
            const d = distanceKm(p, pointOnRoute(route, km))
            if (d < best) [best, bestKm] = [d, km]
          }
          const step = (hi - lo) / 400
          ;[lo, hi] = [Math.max(0, bestKm - step), Math.min(L, bestKm + step)]
        }
        fc.pre(best > 3 && Math.abs(best - Math.round(best)) > 0.05 && Math.abs(best - Math.round(best) + 0.5) > 0.05 && Math.abs(best - Math.round(best) - 0.5) > 0.05)
        const now = T0 + HOUR
        const input = { origin, destination, pickedUpAt: at(T0 + HOUR / 2), eta: at(T0 + 10_000 * HOUR), now: at(now), pings: [pingAt(p, now, 0, 0)] }
        const over = estimateLocation(input, { config: configOf({ tracking: { offRouteKm: Math.floor(best) - 1 } }) })
        expect(over.isSignificantlyDelayed).toBe(true)
        expect(over.delayMessage).toBe(`The newest vehicle position is ${Math.round(best)} km off the planned route.`)
        const under = estimateLocation(input, { config: configOf({ tracking: { offRouteKm: Math.ceil(best) } }) })
        expect(under).toMatchObject({ isSignificantlyDelayed: false, delayMessage: '' })
      }),
      { numRuns: runsOf(200) },
    )
  })
})

describe('TRK-04 the schedule alone', () => {
  const noPings = (origin: LatLon, destination: LatLon, pick: number, eta: number, now: number, config?: RulesConfig) =>
    estimateLocation({ origin, destination, pickedUpAt: at(pick), eta: at(eta), now: at(now), pings: [] }, config === undefined ? {} : { config })

  it('late exactly when the lag is more than delayThresholdMinutes, not at it; on a route whose ends coincide too', () => {
    fc.assert(
      fc.property(routeArb, fc.boolean(), fc.integer({ min: 1, max: 600 }), fc.integer({ min: -2, max: 2 }), ({ origin, destination }, still, lagMinutes, d) => {
        const threshold = Math.max(0, lagMinutes + d)
        const eta = T0 + 5 * HOUR
        const loc = noPings(origin, still ? origin : destination, T0, eta, eta + lagMinutes * MINUTE, configOf({ tracking: { delayThresholdMinutes: threshold } }))
        expect(loc.isSignificantlyDelayed).toBe(lagMinutes > threshold)
        expect(loc.delayMessage === '').toBe(!(lagMinutes > threshold))
        expect(loc.center.speed).toBe(0)
      }),
    )
  })

  it('from the pickup (included) to the ETA (excluded) the freight moves at the planned average speed, before the pickup and from the ETA on it stands; no vehicle, last seen at the pickup or now if earlier', () => {
    fc.assert(
      fc.property(routeArb, fc.integer({ min: 1, max: 60 }), fc.oneof(fc.integer({ min: -10 * 60, max: 70 * 60 }), fc.constantFrom(0, -1, 1)), ({ origin, destination, route }, plannedHours, nowMinutes) => {
        const eta = T0 + plannedHours * HOUR
        const now = T0 + nowMinutes * MINUTE
        const loc = noPings(origin, destination, T0, eta, now)
        const moving = now >= T0 && now < eta
        expect(loc.center.speed).toBe(moving ? Math.round(route.lengthKm / plannedHours) : 0)
        expect(loc.center.vehicleId).toBe('')
        expect(loc.lastEventTimestamp).toBe(iso(Math.min(now, T0)))
      }),
    )
  })

  it('at the pickup instant the freight is at the origin, standing and on time, whatever the ETA, even one at or before the pickup', () => {
    fc.assert(
      fc.property(routeArb, fc.integer({ min: -20 * 60, max: 20 * 60 }), ({ origin, destination }, etaMinutes) => {
        const loc = noPings(origin, destination, T0, T0 + etaMinutes * MINUTE, T0)
        expect(distanceKm(loc.center, origin)).toBeLessThan(0.001)
        expect(loc).toMatchObject({ isSignificantlyDelayed: false, delayMessage: '' })
        expect(loc.center.speed).toBe(etaMinutes > 0 ? loc.center.speed : 0)
        expect(Number.isFinite(loc.center.speed)).toBe(true)
      }),
    )
  })

  it('an input that is not an object is named as such', () => {
    fc.assert(
      fc.property(fc.constantFrom<unknown>(null, undefined, 0, 'input', true, Symbol('x'), 10n), (input) => {
        expect(estimateLocation(input as never).delayMessage).toBe('No position estimate: the input is not an object.')
      }),
    )
  })
})
