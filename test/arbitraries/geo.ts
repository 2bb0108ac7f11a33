// The grid of nearestZip's search (src/geo/zips.ts), described on its own: half-degree cells, rows
// from the South Pole, columns from the antimeridian eastward (wrapping); and positions just across
// a cell edge from a centroid, where the search's bound on what lies outside the cells searched so
// far is tight.
import fc from 'fast-check'
import type { Pos } from '../oracles/sphere.js'

export const CELL = 0.5
export const COLS = 720
export const ROWS = 360
export const cellRow = (la: number): number => Math.min(ROWS - 1, Math.floor((la + 90) / CELL))
export const cellCol = (lo: number): number => Math.floor((lo + 180) / CELL) % COLS
/** A longitude moved up to one turn past ±180, brought back into -180 … 180. */
export const wrapLongitude = (lo: number): number => (lo > 180 ? lo - 360 : lo < -180 ? lo + 360 : lo)

/**
 * Positions just across a cell edge from a centroid of `pool`: the centroid moved north, south,
 * east or west to 10^-6 … 0.05 degrees past the edge of its cell, so that the nearest centroid lies
 * in the next cell while the position's own cell may hold a farther one.
 */
export const acrossCellEdgeArb = (pool: ReadonlyArray<Pos>): fc.Arbitrary<Pos> =>
  fc
    .tuple(fc.integer({ min: 0, max: pool.length - 1 }), fc.constantFrom('N', 'S', 'E', 'W'), fc.double({ min: 1e-6, max: 0.05, noNaN: true }))
    .map(([i, way, eps]) => {
      const q = pool[i]!
      const rowEdge = (k: number) => k * CELL - 90
      const colEdge = (k: number) => k * CELL - 180
      const r = cellRow(q.latitude)
      const c = Math.floor((q.longitude + 180) / CELL)
      const latitude = way === 'N' ? rowEdge(r + 1) + eps : way === 'S' ? rowEdge(r) - eps : q.latitude
      const lo = way === 'E' ? colEdge(c + 1) + eps : way === 'W' ? colEdge(c) - eps : q.longitude
      return { latitude: Math.max(-90, Math.min(90, latitude)), longitude: wrapLongitude(lo) }
    })
