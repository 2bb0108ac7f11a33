/**
 * The live position estimate (spec: Tracking, ShipmentLocation; rules TRK-03, TRK-04): where the
 * freight probably is between pickup and delivery, how sure that is, and whether it has fallen so
 * far behind (or off course) that it should not be shown. docs/tracking.md explains the model
 * with a worked example.
 *
 * @module
 */
import { DateTime } from 'luxon'
import { defaultConfig, type RulesConfig } from '../config.js'
import { instantOf } from '../internal/instant.js'
import { isInstant } from '../internal/dateTime.js'
import { EVERYWHERE_KM, iso, unavailableLocation as unavailable } from './location.js'
import { distanceKm, isLatLon, pointOnRoute, projectOnRoute, routeBearing, routeOf, type LatLon } from '../internal/sphere.js'
import type { GpsData, ShipmentLocation } from '../model/tracking.js'
import { validateGpsData } from './tracking.js'
import { total } from '../internal/total.js'

/**
 * What the estimate starts from: the route's ends, the actual pickup time, the ETA, the current
 * time, and the vehicle's recent positions as wire GpsData objects.
 *
 * @category model
 * @since 0.1.0
 */
export interface EstimateInput {
  readonly origin: LatLon
  readonly destination: LatLon
  readonly pickedUpAt: DateTime
  readonly eta: DateTime
  readonly now: DateTime
  readonly pings?: ReadonlyArray<unknown> | undefined
}

const HOUR_MS = 3_600_000
const MINUTE_MS = 60_000
const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x))
/** Rounds to 1 / `per` (a million: 0.1 m of latitude; a thousand: 1 m of radius); monotone, so no law changes. */
const round = (x: number, per: number): number => Math.round(x * per) / per

/** "3 h 05 min", "45 min": a duration as a person reads it. */
const duration = (ms: number): string => {
  const minutes = Math.round(ms / MINUTE_MS)
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return h === 0 ? `${m} min` : `${h} h ${String(m).padStart(2, '0')} min`
}

/** The newest of the valid pings of this trip; equal timestamps are ordered by position, heading, speed and vehicle, so the input order never matters. */
const newestPing = (pings: unknown, pickMs: number, now: DateTime, config: RulesConfig): { readonly ping: GpsData; readonly ms: number } | undefined => {
  if (!Array.isArray(pings)) return undefined
  let best: { ping: GpsData; ms: number } | undefined
  for (const raw of pings as ReadonlyArray<unknown>) {
    const r = validateGpsData(raw, now, { config })
    if (r._tag === 'Left') continue
    const ms = instantOf(r.right.timestamp)
    if (ms < pickMs) continue
    if (best === undefined || ms > best.ms || (ms === best.ms && later(r.right, best.ping))) best = { ping: r.right, ms }
  }
  return best
}
const later = (a: GpsData, b: GpsData): boolean =>
  a.latitude !== b.latitude ? a.latitude > b.latitude
  : a.longitude !== b.longitude ? a.longitude > b.longitude
  : a.heading !== b.heading ? a.heading > b.heading
  : a.speed !== b.speed ? a.speed > b.speed
  : a.vehicleId > b.vehicleId

/**
 * Estimates where the freight is (TRK-03) and whether the estimate may be shown (TRK-04).
 *
 * The model (docs/tracking.md): the schedule puts the freight on the great-circle route at the
 * elapsed share of the planned transit (pickup to ETA). The newest valid ping of the trip (a
 * GpsData no later than `now` plus the clock-skew allowance and not before pickup) is projected
 * onto the route and carried forward along it at its speed and heading for its age, at most
 * `projectionMaxMinutes`. The estimate never runs behind that point; when the schedule is ahead
 * of it, the estimate moves from the ping to the schedule as the ping ages (its weight falls
 * linearly to 0 at `pingMaxAgeMinutes`), and it is pulled off the route toward the ping by the same
 * weight. So progress never decreases as time passes with the same pings.
 * `uncertaintyRadiusKm` is `baseRadiusKm` plus `radiusGrowthKmPerHour` for every hour since the
 * last observation (the newest ping, else the pickup). `isSignificantlyDelayed` when the estimate
 * lies more than `delayThresholdMinutes` behind the schedule, or when the newest ping lies more
 * than `offRouteKm` from the route; `delayMessage` says which (empty otherwise). The center is a
 * valid GpsData stamped `now` (coordinates to 6 decimals, the radius to the metre), headed along the route, with the fresh ping's speed or the planned
 * average speed (0 once arrived); its vehicleId is the newest ping's (empty without one).
 *
 * Implements TRK-03, TRK-04. Decision (D): the model above, its figures in `config.tracking`.
 * Pings that fail validateGpsData are ignored. Input that cannot be estimated from (an invalid
 * position or DateTime) gives a location flagged significantly delayed, with a radius covering
 * the Earth and a delayMessage naming the problem, so it is never shown.
 *
 * Total: input or options it cannot read give the unavailable estimate, as a non-object input does (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * ((loc) => [loc.uncertaintyRadiusKm, loc.isSignificantlyDelayed, loc.center.heading, loc.center.speed, loc.lastEventTimestamp])(
 *   estimateLocation({
 *     origin: { latitude: 41.886, longitude: -87.618 }, // Chicago, 60601
 *     destination: { latitude: 32.79, longitude: -96.804 }, // Dallas, 75201
 *     pickedUpAt: DateTime.fromISO('2026-11-23T14:00:00Z'),
 *     eta: DateTime.fromISO('2026-11-24T14:00:00Z'),
 *     now: DateTime.fromISO('2026-11-24T02:00:00Z'),
 *   }))
 * //=> [482, false, 219, 54, '2026-11-23T14:00:00Z']
 *
 * @category rules
 * @since 0.1.0
 */
export const estimateLocation = /* @__PURE__ */ total(
(input: EstimateInput, options: { readonly config?: RulesConfig } = {}): ShipmentLocation => {
  if (typeof input !== 'object' || input === null) return unavailable({}, 'the input is not an object')
  const config = options.config ?? defaultConfig
  const m = config.tracking
  const { origin, destination, pickedUpAt, eta, now } = input
  if (!isLatLon(origin)) return unavailable(input, 'origin is not a latitude -90..90 and longitude -180..180')
  if (!isLatLon(destination)) return unavailable(input, 'destination is not a latitude -90..90 and longitude -180..180')
  if (!isInstant(now)) return unavailable(input, 'now is not a valid DateTime')
  if (!isInstant(pickedUpAt)) return unavailable(input, 'pickedUpAt is not a valid DateTime')
  if (!isInstant(eta)) return unavailable(input, 'eta is not a valid DateTime')

  const nowMs = now.toMillis()
  const pickMs = pickedUpAt.toMillis()
  const plannedMs = Math.max(0, eta.toMillis() - pickMs)
  const route = routeOf(origin, destination)
  const L = route.lengthKm > 1e-9 ? route.lengthKm : 0
  const share = nowMs <= pickMs ? 0 : plannedMs === 0 ? 1 : clamp((nowMs - pickMs) / plannedMs, 0, 1)
  const scheduled = share * L

  const newest = newestPing(input.pings, pickMs, now, config)
  let along = scheduled
  let cross = 0
  let offRouteKm = 0
  let lastMs = Math.min(pickMs, nowMs)
  let speed = nowMs >= pickMs && share < 1 && plannedMs > 0 ? Math.round(L / (plannedMs / HOUR_MS)) : 0
  let vehicleId = ''
  if (newest !== undefined) {
    const { ping } = newest
    lastMs = Math.min(newest.ms, nowMs)
    vehicleId = ping.vehicleId
    const ageMs = nowMs - lastMs
    const seen = projectOnRoute(route, ping)
    const seenAlong = clamp(seen.alongKm, 0, L)
    offRouteKm = seen.alongKm >= 0 && seen.alongKm <= L ? Math.abs(seen.crossKm) : Math.min(distanceKm(ping, origin), distanceKm(ping, destination))
    if (L > 0) {
      const hours = Math.min(ageMs, m.projectionMaxMinutes * MINUTE_MS) / HOUR_MS
      const turn = ((ping.heading - routeBearing(route, seenAlong)) * Math.PI) / 180
      const projected = Math.min(L, seenAlong + Math.max(0, ping.speed * Math.cos(turn)) * hours)
      const weight = Math.max(0, 1 - ageMs / (m.pingMaxAgeMinutes * MINUTE_MS))
      along = projected + (1 - weight) * Math.max(0, scheduled - projected)
      cross = weight * clamp(seen.crossKm - ping.speed * Math.sin(turn) * hours, -EVERYWHERE_KM / 2, EVERYWHERE_KM / 2)
    }
    if (ageMs <= m.projectionMaxMinutes * MINUTE_MS) speed = along < L ? ping.speed : 0
  }
  if (along >= L) speed = 0

  // How far behind the schedule the estimate is: now minus the time the plan had it at `along`.
  const plannedAt = pickMs + (L > 0 ? along / L : share) * plannedMs
  const lagMs = nowMs > pickMs ? nowMs - plannedAt : 0
  const late = lagMs > m.delayThresholdMinutes * MINUTE_MS
  const astray = offRouteKm > m.offRouteKm
  const messages: string[] = []
  if (late) messages.push(`The shipment is running about ${duration(lagMs)} behind schedule.`)
  if (astray) messages.push(`The newest vehicle position is ${Math.round(offRouteKm)} km off the planned route.`)

  const here = L > 0 ? pointOnRoute(route, along, cross) : origin
  const heading = L > 0 ? Math.round(routeBearing(route, along)) % 360 : newest !== undefined ? newest.ping.heading : 0
  const radius = Math.min(EVERYWHERE_KM, m.baseRadiusKm + (m.radiusGrowthKmPerHour * (nowMs - lastMs)) / HOUR_MS)
  return {
    center: { vehicleId, timestamp: iso(nowMs), latitude: round(here.latitude, 1e6), longitude: round(here.longitude, 1e6), heading, speed } as GpsData,
    uncertaintyRadiusKm: round(radius, 1000),
    lastEventTimestamp: iso(lastMs),
    isSignificantlyDelayed: late || astray,
    delayMessage: messages.join(' '),
  } as ShipmentLocation
},
  () => unavailable({}, 'the input could not be read'),
)
