// TRK-03: laws of nearestZip's grid search that the third mutation run (docs/mutation.md, src/geo)
// showed missing. The first test of this file is the first to touch the geo table, so under
// Stryker's per-test coverage it judges the decoder and the grid builder (src/geo/zips.ts decodes
// on first use): it asks for the nearest centroid at positions near centroids all over the table,
// and just across the edges of their cells, where a grid whose cells hold the wrong centroids
// gives a farther one than a scan of the table.
// The others: the search range of the grid alone (within 1.25 degrees of arc of a centroid no scan
// of the whole table is needed), the edges of the position range, and non-objects under a polluted
// Object.prototype.
import fc from 'fast-check'
import { runsOf } from 'shipper-rules-testkit'
import { describe, expect, it } from 'vitest'
import { nearestZip } from '../../src/geo/index.js'
import { nearestIndex } from '../../src/geo/zips.js'
import { destination, kmBetween, R_KM, type Pos } from '../oracles/sphere.js'
import { PLACES, scan } from '../oracles/zipTable.js'
import { acrossCellEdgeArb } from '../arbitraries/geo.js'

const RAD = Math.PI / 180
/** Kilometres in a degree of arc. */
const KM_PER_DEGREE = R_KM * RAD

/** nearestZip at `p` is non-null and as near as the nearest centroid of a scan; another ZIP code only at the same distance. */
const agreesWithScan = (p: Pos): void => {
  const n = nearestZip(p)
  expect(n).not.toBeNull()
  const want = scan(p)
  expect(n!.distanceKm).toBeCloseTo(want.km, 6)
  if (n!.zip !== want.zip) expect(Math.abs(kmBetween(p, n!) - want.km)).toBeLessThan(1e-6)
}

/** A position up to `maxDegrees` of arc from a centroid of `pool`, on any bearing. */
const nearArb = (pool: ReadonlyArray<Pos>, minDegrees: number, maxDegrees: number): fc.Arbitrary<Pos> =>
  fc
    .tuple(fc.integer({ min: 0, max: pool.length - 1 }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: minDegrees, max: maxDegrees, noNaN: true }))
    .map(([i, bearing, degrees]) => destination(pool[i]!, bearing, degrees * KM_PER_DEGREE))

describe('TRK-03 nearestZip near the centroids, judged against a scan of the whole table', () => {
  // First in the file on purpose (see above).
  it('just across an edge of a centroid’s cell, or up to 40 km from a centroid on any bearing: the nearest centroid a scan of all of them finds', () => {
    // A fixed number of runs, whatever FC_NUM_RUNS says: this test alone judges the grid builder in
    // the mutation run, and a grid that files a cell's centroids under its neighbour is wrong at
    // only a few positions in a hundred.
    fc.assert(
      fc.property(fc.oneof({ arbitrary: acrossCellEdgeArb(PLACES), weight: 3 }, { arbitrary: nearArb(PLACES, 0, 40 / KM_PER_DEGREE), weight: 1 }), (p) => {
        agreesWithScan(p)
      }),
      { numRuns: 300 },
    )
  })
})

describe('TRK-03 nearestZip searches the grid alone near a centroid', () => {
  it('within 1.25 degrees of arc of a centroid, at latitudes up to 70 degrees: the scan’s answer, comparing fewer centroids than the table holds', () => {
    // Centroids with no other point of the table within 2.5 degrees (islands, the Aleutians,
    // remote Alaska): 1 to 1.25 degrees from one of them the nearest centroid is that far away,
    // which takes the grid all of its 8 rings. Elsewhere, any centroid and up to 1.25 degrees.
    const remote = PLACES.filter((q) => Math.abs(q.latitude) <= 68 && (q.longitude < -130 || q.longitude > 0 || q.latitude < 20))
    const isolated = remote.filter((q) => remote.every((o) => (o.latitude === q.latitude && o.longitude === q.longitude) || kmBetween(q, o) > 2.5 * KM_PER_DEGREE))
    expect(isolated.length).toBeGreaterThan(3)
    fc.assert(
      fc.property(fc.oneof(nearArb(isolated, 1, 1.25), nearArb(PLACES, 0, 1.25)), (p) => {
        fc.pre(Math.abs(p.latitude) <= 70)
        const { index, compared } = nearestIndex(p.latitude, p.longitude)
        expect(compared).toBeLessThan(PLACES.length)
        expect(kmBetween(p, PLACES[index]!)).toBeCloseTo(scan(p).km, 6)
      }),
      { numRuns: runsOf(300) },
    )
  })
})

describe('TRK-03 nearestZip on the edges of the position range', () => {
  it('latitude -90 or 90 with any longitude, longitude -180 or 180 with any latitude: a ZIP code, the one a scan finds', () => {
    const edgeArb: fc.Arbitrary<Pos> = fc.oneof(
      fc.record({ latitude: fc.constantFrom(-90, 90), longitude: fc.double({ min: -180, max: 180, noNaN: true }) }),
      fc.record({ latitude: fc.double({ min: -90, max: 90, noNaN: true }), longitude: fc.constantFrom(-180, 180) }),
    )
    fc.assert(
      fc.property(edgeArb, (p) => {
        agreesWithScan(p)
      }),
      { numRuns: runsOf(300) },
    )
  })
})

describe('TRK-03 nearestZip reads only objects', () => {
  it('a point that is not an object is no position, even while Object.prototype carries a latitude and a longitude', () => {
    const nonObjectArb = fc.oneof(
      fc.double(),
      fc.integer(),
      fc.string(),
      fc.boolean(),
      fc.bigInt(),
      fc.constantFrom(undefined, null, Symbol('point')),
      fc.func(fc.anything()),
    )
    fc.assert(
      fc.property(nonObjectArb, (point) => {
        const proto = Object.prototype as { latitude?: unknown; longitude?: unknown }
        Object.defineProperty(proto, 'latitude', { value: 41.538, configurable: true, writable: true })
        Object.defineProperty(proto, 'longitude', { value: -88.057, configurable: true, writable: true })
        let answer: unknown
        let readable: boolean
        try {
          // the polluted fields are what a property read of a primitive or a function finds
          readable = point !== null && point !== undefined && (Object(point) as { latitude?: unknown }).latitude === 41.538
          answer = nearestZip(point as never)
        } finally {
          delete proto.latitude
          delete proto.longitude
        }
        expect(readable).toBe(point !== null && point !== undefined)
        expect(answer).toBeNull()
      }),
    )
  })
})
