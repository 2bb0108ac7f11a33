// The simulated vehicle: after pickup, a truck moves along the great circle between the stops'
// ZIP centroids, on schedule unless a control made it late (it runs `delayMinutes` behind) or
// off route (every position shifted `offRouteKm` north). It reports one GPS ping two minutes old;
// the library turns pings into the estimate, the delay flag and the sentence.
import { DateTime, Duration } from 'luxon'

/** How old the vehicle's ping is. */
const PING_AGE_MS = Duration.fromObject({ minutes: 2 }).as('milliseconds')

export interface LatLon {
  readonly latitude: number
  readonly longitude: number
}

const RAD = Math.PI / 180
const toVector = (p: LatLon): [number, number, number] => [Math.cos(p.latitude * RAD) * Math.cos(p.longitude * RAD), Math.cos(p.latitude * RAD) * Math.sin(p.longitude * RAD), Math.sin(p.latitude * RAD)]

/** The point a fraction `f` of the way along the great circle from `a` to `b` (spherical interpolation). */
export const alongRoute = (a: LatLon, b: LatLon, f: number): LatLon => {
  const va = toVector(a)
  const vb = toVector(b)
  const dot = Math.min(1, Math.max(-1, va[0] * vb[0] + va[1] * vb[1] + va[2] * vb[2]))
  const omega = Math.acos(dot)
  if (omega < 1e-12) return a
  const s = Math.sin(omega)
  const ka = Math.sin((1 - f) * omega) / s
  const kb = Math.sin(f * omega) / s
  const [x, y, z] = [ka * va[0] + kb * vb[0], ka * va[1] + kb * vb[1], ka * va[2] + kb * vb[2]]
  return { latitude: Math.atan2(z, Math.hypot(x, y)) / RAD, longitude: Math.atan2(y, x) / RAD }
}

/** The initial great-circle bearing from `a` to `b`, whole degrees 0-359 (0 is North). */
const bearing = (a: LatLon, b: LatLon): number => {
  const y = Math.sin((b.longitude - a.longitude) * RAD) * Math.cos(b.latitude * RAD)
  const x = Math.cos(a.latitude * RAD) * Math.sin(b.latitude * RAD) - Math.sin(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.cos((b.longitude - a.longitude) * RAD)
  return Math.round((Math.atan2(y, x) / RAD + 360) % 360) % 360
}

export interface Trip {
  readonly vehicleId: string
  readonly origin: LatLon
  readonly destination: LatLon
  readonly pickedUpAt: DateTime
  readonly eta: DateTime
  readonly delayMinutes: number
  readonly offRouteKm: number
}

/** The wire GpsData pings of a trip in progress at `now` (none before pickup or after arrival). */
export const simulatedPings = (trip: Trip, now: DateTime): ReadonlyArray<unknown> => {
  // two minutes before now, in now's zone (DateTime.minus with a unit object normalizes a Duration: a tenth of a tracking request's time)
  const at = DateTime.fromMillis(now.toMillis() - PING_AGE_MS, { zone: now.zone })
  const total = trip.eta.toMillis() - trip.pickedUpAt.toMillis()
  if (!(total > 0) || at < trip.pickedUpAt) return []
  const elapsed = at.toMillis() - trip.pickedUpAt.toMillis() - trip.delayMinutes * 60_000
  const f = Math.min(1, Math.max(0, elapsed / total))
  const onRoute = alongRoute(trip.origin, trip.destination, f)
  const position = { latitude: Math.min(90, onRoute.latitude + trip.offRouteKm / 111.2), longitude: onRoute.longitude }
  const ahead = alongRoute(trip.origin, trip.destination, Math.min(1, f + 0.01))
  return [
    {
      vehicleId: trip.vehicleId,
      timestamp: at.toUTC().toISO({ suppressMilliseconds: true }),
      latitude: Math.round(position.latitude * 1e5) / 1e5,
      longitude: Math.round(position.longitude * 1e5) / 1e5,
      heading: bearing(onRoute, ahead),
      speed: f > 0 && f < 1 ? 85 : 0,
    },
  ]
}
