// TRK-03: the grid behind nearestZip, judged by the first test of its own file. src/geo/zips.ts
// decodes its table and builds the grid once, on first use, so under Stryker's per-test coverage
// only the first test of a file to touch the table covers the decoder and the grid builder
// (docs/mutation.md). This file's first test does, and checks what a misbuilt grid breaks: at
// every centroid of the table (found by asking zipCentroid for every five-digit code) the search
// finds that centroid, at distance 0, comparing only a few cells' worth of centroids and never
// falling back to a scan of the whole table.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { nearestIndex, nearestZip, zipCentroid } from '../../src/geo/zips.js'

describe('TRK-03 the grid of nearestZip', () => {
  it('at every centroid: that centroid, at distance 0, found without scanning the table', () => {
    const centroids: Array<{ readonly latitude: number; readonly longitude: number }> = []
    for (let z = 0; z < 100_000; z++) {
      const place = zipCentroid(String(z).padStart(5, '0'))
      if (place !== null) centroids.push(place)
    }
    expect(centroids.length).toBeGreaterThan(30_000)
    let worst = 0
    for (let i = 0; i < centroids.length; i += 7) {
      const q = centroids[i]!
      const n = nearestZip(q)!
      expect(n.distanceKm).toBe(0)
      const { compared } = nearestIndex(q.latitude, q.longitude)
      worst = Math.max(worst, compared)
    }
    // the densest 3 x 3 cells of the table hold a few hundred centroids; a scan holds them all
    expect(worst).toBeGreaterThan(0)
    expect(worst).toBeLessThan(centroids.length / 20)
  })

  it('near any centroid: a centroid at the distance a scan of all of them finds', () => {
    const centroids: Array<{ readonly latitude: number; readonly longitude: number }> = []
    for (let z = 0; z < 100_000; z += 3) {
      const place = zipCentroid(String(z).padStart(5, '0'))
      if (place !== null) centroids.push(place)
    }
    const rad = Math.PI / 180
    const km = (p: { latitude: number; longitude: number }, q: { latitude: number; longitude: number }): number => {
      const h = Math.sin(((q.latitude - p.latitude) * rad) / 2) ** 2 + Math.cos(p.latitude * rad) * Math.cos(q.latitude * rad) * Math.sin(((q.longitude - p.longitude) * rad) / 2) ** 2
      return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)))
    }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: centroids.length - 1 }), fc.double({ min: -0.4, max: 0.4, noNaN: true }), fc.double({ min: -0.4, max: 0.4, noNaN: true }), (i, dLat, dLon) => {
        const q = centroids[i]!
        const p = { latitude: Math.max(-90, Math.min(90, q.latitude + dLat)), longitude: Math.max(-180, Math.min(180, q.longitude + dLon)) }
        const n = nearestZip(p)!
        // a third of the table is enough to bound the answer from above
        const bound = Math.min(...centroids.map((c) => km(p, c)))
        expect(n.distanceKm).toBeLessThanOrEqual(bound + 1e-6)
      }),
      { numRuns: 40 },
    )
  })
})
