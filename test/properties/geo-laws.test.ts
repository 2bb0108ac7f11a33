// Laws for src/geo/ that the mutation run (docs/mutation.md) showed missing: nearestZip against a
// scan of every centroid where the grid search is hardest (the antimeridian, the poles, cell
// edges, the Pacific territories, empty ocean far from any ZIP code) with ties going to the lower
// ZIP code (TRK-03); ZIP+4 and blank-padded input read by the first five digits (TRK-05).
import fc from 'fast-check'
import { runsOf } from 'shipper-rules-testkit'
import { describe, expect, it } from 'vitest'
import { nearestZip, timeZoneForZip, zipCentroid } from '../../src/geo/index.js'
import { nearestIndex } from '../../src/geo/zips.js'
import { kmBetween, type Pos } from '../oracles/sphere.js'
import { deepFreeze } from '../arbitraries/freeze.js'
import { ALL, PLACES, scan, TABLE_COUNT } from '../oracles/zipTable.js'
import { acrossCellEdgeArb, CELL, cellCol, cellRow, COLS, wrapLongitude } from '../arbitraries/geo.js'

// The table decoded on its own (test/oracles/zipTable.ts), so neither the list nor the places come
// from the code under test. No geo function is called at module level: the first test below is the
// one that makes the module decode its table, so the mutation run (per-test coverage) judges the
// decoder by this test's assertions.

const pos = (lat: [number, number], lon: [number, number]): fc.Arbitrary<Pos> =>
  fc.record({
    latitude: fc.double({ min: lat[0], max: lat[1], noNaN: true }),
    longitude: fc.double({ min: lon[0], max: lon[1], noNaN: true }),
  })

const hardPositionArb: fc.Arbitrary<Pos> = fc.oneof(
  pos([-90, 90], [-180, 180]),
  // either side of the antimeridian, where the grid's columns wrap
  pos([-60, 75], [170, 180]),
  pos([-60, 75], [-180, -170]),
  // near the poles, where a degree of longitude is short
  pos([60, 90], [-180, 180]),
  pos([-90, -60], [-180, 180]),
  // the Pacific territories and the open ocean around them
  pos([-20, 25], [140, 180]),
  pos([-20, 25], [-180, -150]),
  // exact cell edges and the corners of the range
  fc.record({
    latitude: fc.integer({ min: -180, max: 180 }).map((k) => k / 2),
    longitude: fc.integer({ min: -360, max: 360 }).map((k) => k / 2),
  }),
  fc.constantFrom<Pos>(
    { latitude: 90, longitude: 0 },
    { latitude: -90, longitude: 180 },
    { latitude: 0, longitude: -180 },
    { latitude: 0, longitude: 180 },
    { latitude: 89.999, longitude: -179.999 },
  ),
)

describe('TRK-03 / TRK-05 the table read through the public functions is the table decoded on its own', () => {
  // First in the file on purpose (see above).
  it('every ZIP code: its place and zone; and nearestZip agrees with a scan at positions all over the Earth', () => {
    expect(PLACES).toHaveLength(TABLE_COUNT)
    for (const p of PLACES) {
      expect(zipCentroid(p.zip)).toEqual({ latitude: p.latitude, longitude: p.longitude, city: p.city, state: p.state })
      expect(timeZoneForZip(p.zip)).toBe(p.zone)
    }
    fc.assert(
      fc.property(hardPositionArb, (q) => {
        const n = nearestZip(q)!
        const want = scan(q)
        expect(n.distanceKm).toBeCloseTo(want.km, 6)
        expect(n.zip).toBe(want.zip)
      }),
      { numRuns: 20 },
    )
  })
})

describe('TRK-03 nearestZip agrees with a scan of every centroid where the grid search is hardest', () => {
  it('the same distance, and among centroids at that point the lowest ZIP code', () => {
    fc.assert(
      fc.property(hardPositionArb, (p) => {
        const n = nearestZip(deepFreeze({ ...p }))
        expect(n).not.toBeNull()
        const want = scan(p)
        expect(n!.distanceKm).toBeCloseTo(want.km, 6)
        if (n!.zip !== want.zip) {
          // a different ZIP code is right only at the same distance, and then it must be lower
          expect(Math.abs(kmBetween(p, n!) - want.km)).toBeLessThan(1e-6)
        }
        const same = PLACES.filter((q) => q.latitude === n!.latitude && q.longitude === n!.longitude)
        expect(n!.zip).toBe(same.map((q) => q.zip).sort()[0])
      }),
    )
  })

  it('at a centroid shared by several ZIP codes, the lowest of them, at distance 0', () => {
    const byPoint = new Map<string, string[]>()
    for (const q of PLACES) {
      const k = `${q.latitude},${q.longitude}`
      byPoint.set(k, [...(byPoint.get(k) ?? []), q.zip])
    }
    const shared = [...byPoint.values()].filter((zs) => zs.length > 1)
    expect(shared.length).toBeGreaterThan(0)
    fc.assert(
      fc.property(fc.constantFrom(...shared), (zs) => {
        const c = zipCentroid(zs[zs.length - 1]!)!
        const n = nearestZip({ latitude: c.latitude, longitude: c.longitude })!
        expect(n.zip).toBe([...zs].sort()[0])
        expect(n.distanceKm).toBe(0)
      }),
    )
  })
})

describe('TRK-03 nearestZip reads only numeric positions', () => {
  it('coordinates given as text or other non-numbers are no position; the first ZIP code of the table is found at its own centroid', () => {
    fc.assert(
      fc.property(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), (la, lo) => {
        expect(nearestZip({ latitude: String(la), longitude: lo } as never)).toBeNull()
        expect(nearestZip({ latitude: la, longitude: String(lo) } as never)).toBeNull()
        expect(nearestZip({ latitude: [la], longitude: [lo] } as never)).toBeNull()
        expect(nearestZip({ latitude: la, longitude: lo })).not.toBeNull()
      }),
    )
    const first = PLACES[0]!
    const n = nearestZip({ latitude: first.latitude, longitude: first.longitude })!
    expect(n.distanceKm).toBe(0)
    expect(n.zip).toBe(first.zip)
  })
})

describe('TRK-05 ZIP input is read by its first five digits', () => {
  it('a ZIP code, its ZIP+4 form and either with blanks around give the same place and zone; other text gives null', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ALL),
        fc.stringMatching(/^\d{4}$/),
        fc.constantFrom('', ' ', '\t', '  \n'),
        fc.stringMatching(/^[0-9-]{0,11}$/),
        (zip, plus4, blank, junk) => {
          const place = zipCentroid(zip)
          const zone = timeZoneForZip(zip)
          expect(place).not.toBeNull()
          for (const form of [`${zip}-${plus4}`, `${blank}${zip}${blank}`, `${blank}${zip}-${plus4}${blank}`]) {
            expect(zipCentroid(form)).toEqual(place)
            expect(timeZoneForZip(form)).toBe(zone)
          }
          const known = /^\d{5}(?:-\d{4})?$/.test(junk) && ALL.includes(junk.slice(0, 5))
          expect(zipCentroid(junk) !== null).toBe(known)
          expect(timeZoneForZip(junk) !== null).toBe(known)
          // wrong separators or lengths are not read
          for (const bad of [`${zip}${plus4}`, `${zip}+${plus4}`, `${zip}-${plus4}0`, `${zip}-${plus4.slice(0, 3)}x`, `x${zip.slice(1)}-${plus4}`, zip.slice(1), `${zip}0`]) {
            expect(zipCentroid(bad)).toBeNull()
          }
        },
      ),
    )
  })

  it('a number is not a ZIP code, not even one whose digits are in the table', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ALL), (zip) => {
        expect(zipCentroid(Number(zip))).toBeNull()
        expect(timeZoneForZip(Number(zip))).toBeNull()
        expect(zipCentroid(Object(zip))).toBeNull()
        expect(timeZoneForZip([zip])).toBeNull()
      }),
    )
  })
})

// The grid of the search, described on its own (test/arbitraries/geo.ts).
const RAD = Math.PI / 180
const MAX_ABS_LAT = Math.max(...PLACES.map((q) => Math.abs(q.latitude)))
/** Unit vectors of the centroids, for a quick scan: the nearest centroid has the greatest dot product. */
const VEC = PLACES.map((q) => [Math.cos(q.latitude * RAD) * Math.cos(q.longitude * RAD), Math.cos(q.latitude * RAD) * Math.sin(q.longitude * RAD), Math.sin(q.latitude * RAD)] as const)
const quickScan = (p: Pos): number => {
  const c = Math.cos(p.latitude * RAD)
  const x = c * Math.cos(p.longitude * RAD)
  const y = c * Math.sin(p.longitude * RAD)
  const z = Math.sin(p.latitude * RAD)
  let best = 0
  let bestDot = -Infinity
  VEC.forEach(([a, b, d], i) => {
    const dot = x * a + y * b + z * d
    if (dot > bestDot) {
      best = i
      bestDot = dot
    }
  })
  return best
}
/** How many centroids lie in the square of cells within `rings` of the position's cell. */
const inSquare = (p: Pos, rings: number): number => {
  const row = cellRow(p.latitude)
  const col = cellCol(p.longitude)
  let n = 0
  for (const q of PLACES) {
    const dc = Math.abs(cellCol(q.longitude) - col)
    if (Math.abs(cellRow(q.latitude) - row) <= rings && Math.min(dc, COLS - dc) <= rings) n++
  }
  return n
}

/**
 * nearestIndex at `p`: the nearest centroid, as a scan of all of them finds it (lower ZIP code on
 * ties), having compared no more centroids than the square of cells the answer's distance reaches
 * holds. A centroid outside the square of `rings` cells is at least rings x 0.5 degrees of
 * latitude, or that much longitude at the lowest cosine of the latitudes involved, away, so once
 * the square covers the answer's distance the search has stopped (one ring more for rounding).
 * Past 8 rings it may scan the table.
 */
const checkSearch = (p: Pos): void => {
  const { index, compared } = nearestIndex(p.latitude, p.longitude)
  const want = quickScan(p)
  expect(PLACES[index]!.zip === PLACES[want]!.zip || Math.abs(kmBetween(p, PLACES[index]!) - kmBetween(p, PLACES[want]!)) < 1e-6).toBe(true)
  const degrees = (kmBetween(p, PLACES[want]!) / 6371.0088) / RAD
  const cosMin = Math.min(Math.cos(p.latitude * RAD), Math.cos(MAX_ABS_LAT * RAD))
  const rings = Math.ceil(degrees / (CELL * cosMin * 0.999)) + 1
  expect(compared).toBeGreaterThanOrEqual(1)
  if (rings <= 8) expect(compared).toBeLessThanOrEqual(inSquare(p, rings))
  else expect(compared).toBeLessThanOrEqual(inSquare(p, 8) + PLACES.length)
}

/** Positions near the centroids, where the grid search stops early: a ZIP code's centroid moved up to 0.01, 0.3 or 4 degrees. */
const nearCentroidArb: fc.Arbitrary<Pos> = fc
  .tuple(
    fc.integer({ min: 0, max: PLACES.length - 1 }),
    fc.constantFrom(0, 0.01, 0.3, 4),
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
  )
  .map(([i, reach, a, b]) => {
    const q = PLACES[i]!
    const lo = q.longitude + reach * b
    return {
      latitude: Math.max(-90, Math.min(90, q.latitude + reach * a)),
      longitude: wrapLongitude(lo),
    }
  })

describe('TRK-03 nearestZip near the centroids, where the grid search decides alone', () => {
  it('the nearest centroid, as a scan of all of them finds it (lower ZIP code on ties)', () => {
    fc.assert(
      fc.property(nearCentroidArb, (p) => {
        const n = nearestZip(p)!
        const want = PLACES[quickScan(p)]!
        expect(n.distanceKm).toBeCloseTo(kmBetween(p, want), 6)
        if (n.zip !== want.zip) expect(Math.abs(kmBetween(p, n) - kmBetween(p, want))).toBeLessThan(1e-6)
      }),
      { numRuns: runsOf(1500) },
    )
  })

  it('compares only the centroids of the cells the answer\'s distance reaches, never the whole table when a centroid is near', () => {
    fc.assert(
      fc.property(nearCentroidArb, (p) => {
        checkSearch(p)
      }),
      { numRuns: runsOf(400) },
    )
  })

  it('at a centroid, only the centroids of its own cell and the eight around it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: PLACES.length - 1 }), (i) => {
        const q = PLACES[i]!
        const { index, compared } = nearestIndex(q.latitude, q.longitude)
        expect(PLACES[index]!.latitude).toBe(q.latitude)
        expect(PLACES[index]!.longitude).toBe(q.longitude)
        expect(compared).toBeLessThanOrEqual(inSquare(q, 1))
      }),
      { numRuns: runsOf(300) },
    )
  })
})

/** Positions just across a cell edge from a centroid (test/arbitraries/geo.ts). */
const acrossEdgeArb: fc.Arbitrary<Pos> = acrossCellEdgeArb(PLACES)

describe('TRK-03 nearestZip just across a cell edge from a centroid', () => {
  it('the nearest centroid, as a scan of all of them finds it (lower ZIP code on ties), and no more centroids compared than the cells its distance reaches hold', () => {
    fc.assert(
      fc.property(acrossEdgeArb, (p) => {
        checkSearch(p)
      }),
      { numRuns: runsOf(600) },
    )
  })
})

/** Positions among the sparse northern centroids (Alaska), up to 1 degree of latitude and 3 of longitude from one, where a degree of longitude is short and the nearest centroid is often rings away. */
const NORTHERN = PLACES.filter((q) => q.latitude > 54)
const northArb: fc.Arbitrary<Pos> = fc
  .tuple(fc.integer({ min: 0, max: NORTHERN.length - 1 }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }))
  .map(([i, dLat, dLon]) => {
    const q = NORTHERN[i]!
    const lo = q.longitude + dLon
    return { latitude: Math.min(90, q.latitude + dLat), longitude: wrapLongitude(lo) }
  })

describe('TRK-03 nearestZip among the sparse northern centroids', () => {
  it('the nearest centroid, as a scan of all of them finds it (lower ZIP code on ties)', () => {
    expect(NORTHERN.length).toBeGreaterThan(50)
    fc.assert(
      fc.property(northArb, (p) => {
        const n = nearestZip(p)!
        const want = PLACES[quickScan(p)]!
        if (n.zip !== want.zip) expect(Math.abs(kmBetween(p, n) - kmBetween(p, want))).toBeLessThan(1e-6)
      }),
      { numRuns: runsOf(300) },
    )
  })
})
