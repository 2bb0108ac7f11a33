// Spherical trigonometry the textbook way (latitude/longitude formulas: haversine, initial
// bearing, destination point, cross- and along-track distance), independent of the library's
// unit-vector implementation in src/internal/sphere.ts.
export const R_KM = 6371.0088
const RAD = Math.PI / 180

export interface Pos {
  readonly latitude: number
  readonly longitude: number
}

/** Central angle between two positions, radians (haversine). */
export const centralAngle = (p: Pos, q: Pos): number => {
  const h =
    Math.sin(((q.latitude - p.latitude) * RAD) / 2) ** 2 +
    Math.cos(p.latitude * RAD) * Math.cos(q.latitude * RAD) * Math.sin(((q.longitude - p.longitude) * RAD) / 2) ** 2
  return 2 * Math.asin(Math.min(1, Math.sqrt(h)))
}

export const kmBetween = (p: Pos, q: Pos): number => centralAngle(p, q) * R_KM

/** Initial compass bearing from p to q, radians. */
export const bearing = (p: Pos, q: Pos): number => {
  const f1 = p.latitude * RAD
  const f2 = q.latitude * RAD
  const dl = (q.longitude - p.longitude) * RAD
  return Math.atan2(Math.sin(dl) * Math.cos(f2), Math.cos(f1) * Math.sin(f2) - Math.sin(f1) * Math.cos(f2) * Math.cos(dl))
}

/** The position reached from p on initial bearing `theta` (radians) after `km`. */
export const destination = (p: Pos, theta: number, km: number): Pos => {
  const d = km / R_KM
  const f1 = p.latitude * RAD
  const l1 = p.longitude * RAD
  const f2 = Math.asin(Math.sin(f1) * Math.cos(d) + Math.cos(f1) * Math.sin(d) * Math.cos(theta))
  const l2 = l1 + Math.atan2(Math.sin(theta) * Math.sin(d) * Math.cos(f1), Math.cos(d) - Math.sin(f1) * Math.sin(f2))
  const lon = ((((l2 / RAD + 180) % 360) + 360) % 360) - 180
  return { latitude: f2 / RAD, longitude: lon }
}

/** Signed cross-track distance of c from the great circle a→b, km (negative: left of travel). */
export const crossTrackKm = (a: Pos, b: Pos, c: Pos): number =>
  Math.asin(Math.sin(centralAngle(a, c)) * Math.sin(bearing(a, c) - bearing(a, b))) * R_KM

/** Along-track distance from a to the foot of c on the great circle a→b, km (negative: behind a). */
export const alongTrackKm = (a: Pos, b: Pos, c: Pos): number => {
  const d13 = centralAngle(a, c)
  const xt = crossTrackKm(a, b, c) / R_KM
  const along = Math.acos(Math.max(-1, Math.min(1, Math.cos(d13) / Math.cos(xt)))) * R_KM
  return Math.cos(bearing(a, c) - bearing(a, b)) < 0 ? -along : along
}
