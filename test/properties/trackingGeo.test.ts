// The shipper-rules/geo entry point: the generated table against its two source packages, and
// nearestZip against a plain scan of every centroid.
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { nearestZip, timeZoneForZip, zipCentroid } from '../../src/geo/index.js'
import { kmBetween } from '../oracles/sphere.js'

const require = createRequire(import.meta.url)
const { codes } = require('zipcodes/lib/codes.js') as {
  codes: Record<string, { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }>
}
const zoneSource = require('zipcode-to-timezone') as { lookup: (zip: string) => string | null }
const MILITARY = new Set(['AA', 'AE', 'AP'])
const source = Object.values(codes)
const kept = source.filter((c) => !MILITARY.has(c.state) && !(c.latitude === 0 && c.longitude === 0))

const table = kept.map((c) => ({ zip: c.zip, ...zipCentroid(c.zip)! }))

describe('TRK-03 / TRK-05 ZIP geography (stop positions, places, zones): the generated table', () => {
  it('is what scripts/geo-table.mjs generates from the installed packages (no hand edits, no drift)', () => {
    const out = execFileSync(process.execPath, ['scripts/geo-table.mjs', '--check'], { encoding: 'utf8' })
    expect(out).toMatch(/is up to date \(\d+ ZIP codes\)/)
  })

  it('gives every non-military ZIP code its source centroid (to 0.0005 degree), city and state', () => {
    expect(kept.length).toBeGreaterThan(40_000)
    const wrong = kept.filter((c) => {
      const p = zipCentroid(c.zip)
      return (
        p === null ||
        Math.abs(p.latitude - c.latitude) > 0.0005 + 1e-9 ||
        Math.abs(p.longitude - c.longitude) > 0.0005 + 1e-9 ||
        p.city !== c.city.trim() ||
        p.state !== c.state
      )
    })
    expect(wrong.map((c) => c.zip)).toEqual([])
  })

  it('gives every ZIP code the source lists its source time zone; military codes have no entry', () => {
    const wrong = kept.filter((c) => zoneSource.lookup(c.zip) !== null && timeZoneForZip(c.zip) !== zoneSource.lookup(c.zip))
    expect(wrong.map((c) => c.zip)).toEqual([])
    const military = source.filter((c) => MILITARY.has(c.state))
    expect(military.length).toBeGreaterThan(0)
    expect(military.filter((c) => zipCentroid(c.zip) !== null || timeZoneForZip(c.zip) !== null)).toEqual([])
  })

  it('fills a zone the source omits from the nearest listed ZIP code of the same state', () => {
    const filled = kept.filter((c) => zoneSource.lookup(c.zip) === null && timeZoneForZip(c.zip) !== null)
    expect(filled.length).toBeGreaterThan(0)
    const listed = kept.filter((c) => zoneSource.lookup(c.zip) !== null)
    for (const c of filled) {
      const here = zipCentroid(c.zip)!
      const sameState = listed.filter((o) => o.state === c.state)
      const d = (o: (typeof listed)[number]) => kmBetween(here, zipCentroid(o.zip)!)
      const nearest = Math.min(...sameState.map(d))
      const zones = new Set(sameState.filter((o) => Math.abs(d(o) - nearest) < 1e-6).map((o) => zoneSource.lookup(o.zip)))
      expect(zones.has(timeZoneForZip(c.zip))).toBe(true)
    }
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
