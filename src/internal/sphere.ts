/**
 * Great-circle geometry on a spherical Earth, for the live position model (TRK-03). Positions are
 * unit vectors inside, degrees at the edges. A route is the great circle from `a` through `b`,
 * described by `a`, its unit normal `n` and `t = n × a` (the direction of travel at `a`): the
 * point at along-track angle φ and cross-track angle ξ is `cos ξ (a cos φ + t sin φ) + n sin ξ`,
 * so projecting a point back onto the route gives exactly the φ it was built with.
 *
 * @internal
 * @module
 */

/** The mean Earth radius, km (IUGG); the geo entry point uses the same figure. */
export const EARTH_RADIUS_KM = 6371.0088

export interface LatLon {
  readonly latitude: number
  readonly longitude: number
}

type Vec = readonly [number, number, number]

const RAD = Math.PI / 180

/** Whether a value is a position: finite latitude -90..90 and longitude -180..180. */
export const isLatLon = (p: unknown): p is LatLon => {
  if (typeof p !== 'object' || p === null) return false
  const { latitude, longitude } = p as { latitude?: unknown; longitude?: unknown }
  return (
    typeof latitude === 'number' && typeof longitude === 'number' &&
    latitude >= -90 && latitude <= 90 && longitude >= -180 && longitude <= 180
  )
}

export const toVec = (p: LatLon): Vec => {
  const c = Math.cos(p.latitude * RAD)
  return [c * Math.cos(p.longitude * RAD), c * Math.sin(p.longitude * RAD), Math.sin(p.latitude * RAD)]
}

export const toLatLon = (v: Vec): LatLon => {
  const latitude = Math.atan2(v[2], Math.hypot(v[0], v[1])) / RAD
  const lon = Math.atan2(v[1], v[0]) / RAD
  // atan2 gives -180 only for -0 in y; keep one name for the antimeridian
  return { latitude, longitude: lon === -180 ? 180 : lon }
}

const dot = (a: Vec, b: Vec): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
const cross = (a: Vec, b: Vec): Vec => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
const norm = (a: Vec): number => Math.hypot(a[0], a[1], a[2])
const scale = (a: Vec, k: number): Vec => [a[0] * k, a[1] * k, a[2] * k]
const add = (a: Vec, b: Vec): Vec => [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
const unit = (a: Vec): Vec => scale(a, 1 / norm(a))

/** The angle between two unit vectors, radians (atan2 form: accurate for tiny and large angles). */
const angleOf = (a: Vec, b: Vec): number => Math.atan2(norm(cross(a, b)), dot(a, b))

/** Great-circle distance, km. */
export const distanceKm = (p: LatLon, q: LatLon): number => angleOf(toVec(p), toVec(q)) * EARTH_RADIUS_KM

export interface Route {
  readonly a: Vec
  readonly n: Vec
  readonly t: Vec
  /** The route's length, km. */
  readonly lengthKm: number
}

/**
 * The great-circle route from `p` to `q`. For identical or antipodal ends any great circle through
 * `p` serves (the one through the poles, or the equator at a pole).
 */
export const routeOf = (p: LatLon, q: LatLon): Route => {
  const a = toVec(p)
  const b = toVec(q)
  const c = cross(a, b)
  const n = norm(c) > 1e-12 ? unit(c) : unit(cross(a, Math.abs(a[2]) < 0.9 ? [0, 0, 1] : [1, 0, 0]))
  return { a, n, t: cross(n, a), lengthKm: angleOf(a, b) * EARTH_RADIUS_KM }
}

/** The point `alongKm` along the route from its start, `crossKm` to its left (negative: right). */
export const pointOnRoute = (r: Route, alongKm: number, crossKm = 0): LatLon => {
  const phi = alongKm / EARTH_RADIUS_KM
  const xi = crossKm / EARTH_RADIUS_KM
  const onRoute = add(scale(r.a, Math.cos(phi)), scale(r.t, Math.sin(phi)))
  return toLatLon(add(scale(onRoute, Math.cos(xi)), scale(r.n, Math.sin(xi))))
}

/** Where a point lies relative to the route: km along it from its start (signed), km to its left. */
export const projectOnRoute = (r: Route, p: LatLon): { readonly alongKm: number; readonly crossKm: number } => {
  const v = toVec(p)
  const s = dot(v, r.n)
  return {
    alongKm: Math.atan2(dot(v, r.t), dot(v, r.a)) * EARTH_RADIUS_KM,
    crossKm: Math.asin(Math.max(-1, Math.min(1, s))) * EARTH_RADIUS_KM,
  }
}

/** The compass bearing of travel along the route at `alongKm`, degrees in [0, 360). */
export const routeBearing = (r: Route, alongKm: number): number => {
  const phi = alongKm / EARTH_RADIUS_KM
  const here = add(scale(r.a, Math.cos(phi)), scale(r.t, Math.sin(phi)))
  const dir = add(scale(r.a, -Math.sin(phi)), scale(r.t, Math.cos(phi)))
  return bearingOf(here, dir)
}

/** The compass bearing of direction `dir` (a tangent vector) at unit vector `at`, degrees in [0, 360). */
const bearingOf = (at: Vec, dir: Vec): number => {
  const lon = Math.atan2(at[1], at[0])
  const east: Vec = [-Math.sin(lon), Math.cos(lon), 0]
  const north = cross(at, east)
  const b = Math.atan2(dot(dir, east), dot(dir, north)) / RAD
  return b < 0 ? b + 360 : b
}

/** The point reached from `p` travelling `km` on the initial compass bearing `bearing` (degrees). */
export const travel = (p: LatLon, bearing: number, km: number): LatLon => {
  const at = toVec(p)
  const lon = Math.atan2(at[1], at[0])
  const east: Vec = [-Math.sin(lon), Math.cos(lon), 0]
  const north = cross(at, east)
  const b = bearing * RAD
  const dir = add(scale(north, Math.cos(b)), scale(east, Math.sin(b)))
  const d = km / EARTH_RADIUS_KM
  return toLatLon(add(scale(at, Math.cos(d)), scale(dir, Math.sin(d))))
}
