// The console map's projection (issue 34, Map): the lower 48 states in an Albers equal-area conic,
// and Alaska, Hawaii, Puerto Rico with the US Virgin Islands, Guam with the Northern Mariana Islands,
// and American Samoa each in an inset box of its own, with its own conic. The build
// (sandbox/scripts/build-console-data.mjs) fits every region into its box and writes the outlines
// as SVG paths with the fitted regions; the page places its markers with the same functions.
// Pure: no DOM, no clock.

/** An Albers equal-area conic: standard parallels, central meridian and latitude of origin, degrees. */
export interface Conic {
  readonly parallels: readonly [number, number]
  readonly lon0: number
  readonly lat0: number
}

/** A region of the map: its conic, the box it is drawn in (viewBox units), and where its points are. */
export interface RegionSpec {
  readonly id: string
  readonly name: string
  /** The inset's label on the map (short enough for its box). */
  readonly label: string
  /** Census state FIPS codes drawn in this region. */
  readonly fips: ReadonlyArray<string>
  readonly conic: Conic
  /** [x, y, width, height] in the map's viewBox. */
  readonly box: readonly [number, number, number, number]
  /** [west, south, east, north] degrees: a point in it belongs to the region (longitudes as -180…180). */
  readonly bounds: readonly [number, number, number, number]
  /** Longitudes above this are moved by -360 (Alaska's Aleutians cross the antimeridian). */
  readonly wrapAbove?: number
}

/** A region fitted into its box: the conic's output scaled by k and moved by (tx, ty). */
export interface FittedRegion extends RegionSpec {
  readonly k: number
  readonly tx: number
  readonly ty: number
}

/** The map's viewBox: width and height. */
export const VIEW = { width: 960, height: 620 } as const

/** The regions, lower 48 first. */
export const REGIONS: ReadonlyArray<RegionSpec> = [
  {
    id: 'lower48',
    name: 'Contiguous United States',
    label: '',
    fips: [],
    conic: { parallels: [29.5, 45.5], lon0: -96, lat0: 37.5 },
    box: [10, 10, 940, 450],
    bounds: [-125.5, 24, -66.5, 49.8],
  },
  { id: 'AK', name: 'Alaska', label: 'Alaska', fips: ['02'], conic: { parallels: [55, 65], lon0: -154, lat0: 50 }, box: [10, 470, 200, 140], bounds: [-190, 51, -129.5, 72], wrapAbove: 0 },
  { id: 'HI', name: 'Hawaii', label: 'Hawaii', fips: ['15'], conic: { parallels: [8, 18], lon0: -157, lat0: 3 }, box: [220, 490, 150, 120], bounds: [-160.5, 18.8, -154.6, 22.4] },
  { id: 'PRVI', name: 'Puerto Rico and the US Virgin Islands', label: 'Puerto Rico, Virgin Is.', fips: ['72', '78'], conic: { parallels: [8, 18], lon0: -66, lat0: 18 }, box: [380, 500, 170, 110], bounds: [-67.95, 17.6, -64.5, 18.6] },
  { id: 'GUMP', name: 'Guam and the Northern Mariana Islands', label: 'Guam, N. Mariana Is.', fips: ['66', '69'], conic: { parallels: [8, 18], lon0: 145, lat0: 17 }, box: [560, 470, 110, 140], bounds: [144.5, 13.2, 146.1, 20.6] },
  { id: 'AS', name: 'American Samoa', label: 'American Samoa', fips: ['60'], conic: { parallels: [-8, -18], lon0: -170, lat0: -14 }, box: [680, 520, 150, 90], bounds: [-171.2, -14.7, -168, -11] },
]

const RAD = Math.PI / 180

/** The conic's projection of a point, unscaled (x east, y south, radians of the unit sphere). */
export const conicXY = (c: Conic, lon: number, lat: number): readonly [number, number] => {
  const s1 = Math.sin(c.parallels[0] * RAD)
  const n = (s1 + Math.sin(c.parallels[1] * RAD)) / 2
  const cc = Math.cos(c.parallels[0] * RAD) ** 2 + 2 * n * s1
  const rho = (phi: number): number => Math.sqrt(Math.max(0, cc - 2 * n * Math.sin(phi))) / n
  const rho0 = rho(c.lat0 * RAD)
  const theta = n * (lon - c.lon0) * RAD
  const r = rho(lat * RAD)
  return [r * Math.sin(theta), -(rho0 - r * Math.cos(theta))]
}

/** The longitude as the region reads it (Alaska's west of the antimeridian as below -180). */
const regionLon = (r: RegionSpec, lon: number): number => (r.wrapAbove !== undefined && lon > r.wrapAbove ? lon - 360 : lon)

/** A point of a region in viewBox units. */
export const projectIn = (r: FittedRegion, lon: number, lat: number): readonly [number, number] => {
  const [x, y] = conicXY(r.conic, regionLon(r, lon), lat)
  return [r.tx + r.k * x, r.ty + r.k * y]
}

/** The region a point belongs to: the first whose bounds hold it; null when none does (a point outside the US). */
export const regionOf = <R extends RegionSpec>(regions: ReadonlyArray<R>, lon: number, lat: number): R | null => {
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) return null
  for (const r of regions) {
    const x = regionLon(r, lon)
    const [w, s, e, n] = r.bounds
    if (x >= w && x <= e && lat >= s && lat <= n) return r
  }
  return null
}

/** A point in viewBox units, or null when it lies in none of the regions. */
export const project = (regions: ReadonlyArray<FittedRegion>, lon: number, lat: number): readonly [number, number] | null => {
  const r = regionOf(regions, lon, lat)
  return r === null ? null : projectIn(r, lon, lat)
}

/** Fits a region into its box: the scale and offset that center the conic's extent of these points in the box. */
export const fit = (r: RegionSpec, points: Iterable<readonly [number, number]>): FittedRegion => {
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (const [lon, lat] of points) {
    const [x, y] = conicXY(r.conic, regionLon(r, lon), lat)
    minX = Math.min(minX, x)
    maxX = Math.max(maxX, x)
    minY = Math.min(minY, y)
    maxY = Math.max(maxY, y)
  }
  const [bx, by, bw, bh] = r.box
  const pad = 4
  const k = Math.min((bw - 2 * pad) / (maxX - minX || 1), (bh - 2 * pad) / (maxY - minY || 1))
  const tx = bx + bw / 2 - (k * (minX + maxX)) / 2
  const ty = by + bh / 2 - (k * (minY + maxY)) / 2
  return { ...r, k, tx, ty }
}

/** The region of a state by its Census FIPS code (the lower 48 and DC for any code no inset names). */
export const regionForFips = <R extends RegionSpec>(regions: ReadonlyArray<R>, fips: string): R =>
  regions.find((r) => r.fips.includes(fips)) ?? regions[0]!

/**
 * An SVG path of rings of [lon, lat] points in a region: coordinates rounded to tenths of a unit,
 * points closer than `tolerance` units to the last kept one dropped, rings that shrink below three
 * points left out.
 */
export const ringsToPath = (r: FittedRegion, rings: ReadonlyArray<ReadonlyArray<readonly [number, number]>>, tolerance = 1): string => {
  const parts: string[] = []
  for (const ring of rings) {
    const kept: Array<readonly [number, number]> = []
    for (const [lon, lat] of ring) {
      const [x, y] = projectIn(r, lon, lat)
      const last = kept[kept.length - 1]
      if (last !== undefined && Math.hypot(x - last[0], y - last[1]) < tolerance) continue
      kept.push([x, y])
    }
    if (kept.length < 3) continue
    const round = (v: number): string => (Math.round(v * 10) / 10).toString()
    let d = `M${round(kept[0]![0])},${round(kept[0]![1])}`
    for (let i = 1; i < kept.length; i++) d += `L${round(kept[i]![0])},${round(kept[i]![1])}`
    parts.push(`${d}Z`)
  }
  return parts.join('')
}
