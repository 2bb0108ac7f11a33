// The console's offline map (issue 34, Map): the outlines the build writes from us-atlas
// (scripts/build-console-data.mjs into console/src/generated/us-map.json) and the projection the
// page places its markers with (console/src/map/projection.ts), and the page's reading of
// `GET /sandbox/console/map` (console/src/map/items.ts).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { pointText, readMapItems, readPoint } from '../console/src/map/items.js'
import { conicXY, fit, project, REGIONS, regionForFips, regionOf, VIEW, type FittedRegion } from '../console/src/map/projection.js'

const SANDBOX = join(import.meta.dirname, '..')
const MAP_FILE = join(SANDBOX, 'console', 'src', 'generated', 'us-map.json')
interface MapData {
  view: { width: number; height: number }
  regions: FittedRegion[]
  states: Array<{ fips: string; name: string; region: string; d: string }>
}
const map = JSON.parse(readFileSync(MAP_FILE, 'utf8')) as MapData

/** The points of an SVG path of M/L/Z commands. */
const pointsOf = (d: string): Array<[number, number]> => [...d.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])])
const inBox = ([x, y]: readonly [number, number], box: readonly [number, number, number, number]): boolean =>
  x >= box[0] && x <= box[0] + box[2] && y >= box[1] && y <= box[1] + box[3]

/** Places on the map: [name, lon, lat, the region it must land in]. */
const PLACES: ReadonlyArray<readonly [string, number, number, string]> = [
  ['Chicago', -87.63, 41.88, 'lower48'],
  ['Key West', -81.78, 24.55, 'lower48'],
  ['Seattle', -122.33, 47.61, 'lower48'],
  ['Anchorage', -149.9, 61.22, 'AK'],
  ['Attu, west of the antimeridian', 173.2, 52.9, 'AK'],
  ['Honolulu', -157.86, 21.31, 'HI'],
  ['San Juan', -66.1, 18.47, 'PRVI'],
  ['Charlotte Amalie', -64.93, 18.34, 'PRVI'],
  ['Hagåtña', 144.75, 13.48, 'GUMP'],
  ['Saipan', 145.75, 15.19, 'GUMP'],
  ['Pago Pago', -170.7, -14.28, 'AS'],
]

describe('map outlines (generated at build time from us-atlas)', () => {
  it('the file is what the build step writes now', async () => {
    const step = (await import(pathToFileURL(join(SANDBOX, 'scripts', 'build-console-data.mjs')).href)) as { mapData: () => Promise<string> }
    expect(await step.mapData()).toBe(readFileSync(MAP_FILE, 'utf8'))
  })

  it('has the 50 states, DC and the five territories, each a path inside its region\'s box', () => {
    expect(map.states).toHaveLength(56)
    for (const code of ['02', '11', '15', '60', '66', '69', '72', '78']) expect(map.states.map((s) => s.fips)).toContain(code)
    for (const s of map.states) {
      const box = map.regions.find((r) => r.id === s.region)!.box
      const points = pointsOf(s.d)
      expect(points.length, s.name).toBeGreaterThan(2)
      expect(points.filter((p) => !inBox(p, box)), s.name).toEqual([])
    }
    expect(map.states.find((s) => s.fips === '72')!.region).toBe('PRVI')
    expect(map.states.find((s) => s.fips === '06')!.region).toBe('lower48')
  })

  it('is compact: under 100 kB of paths', () => {
    expect(readFileSync(MAP_FILE).length).toBeLessThan(100_000)
  })
})

describe('the projection', () => {
  it('puts each place in its region\'s box', () => {
    for (const [name, lon, lat, region] of PLACES) {
      expect(regionOf(map.regions, lon, lat)?.id, name).toBe(region)
      const xy = project(map.regions, lon, lat)
      expect(xy, name).not.toBeNull()
      expect(inBox(xy!, map.regions.find((r) => r.id === region)!.box), name).toBe(true)
    }
  })

  it('keeps east east and north north in the lower 48', () => {
    const at = (lon: number, lat: number): readonly [number, number] => project(map.regions, lon, lat)!
    const chicago = at(-87.63, 41.88)
    expect(at(-74.0, 40.71)[0]).toBeGreaterThan(chicago[0]) // New York east of Chicago
    expect(at(-80.19, 25.76)[1]).toBeGreaterThan(chicago[1]) // Miami south of Chicago (y grows down)
    expect(at(-118.24, 34.05)[0]).toBeLessThan(chicago[0]) // Los Angeles west
  })

  it('places nothing outside the regions: Europe, the open Pacific, numbers that are not coordinates', () => {
    for (const [lon, lat] of [[2.35, 48.86], [-140, 0], [Number.NaN, 40], [-87, Number.POSITIVE_INFINITY]] as const) {
      expect(project(map.regions, lon, lat)).toBeNull()
    }
  })

  it('fits a region\'s points into its box, centred', () => {
    const r = REGIONS.find((x) => x.id === 'HI')!
    const pts: Array<[number, number]> = [[-160, 19], [-155, 22]]
    const f = fit(r, pts)
    const a = conicXY(r.conic, -160, 19)
    const b = conicXY(r.conic, -155, 22)
    const xs = [f.tx + f.k * a[0], f.tx + f.k * b[0]]
    expect((xs[0]! + xs[1]!) / 2).toBeCloseTo(r.box[0] + r.box[2] / 2, 6)
    expect(Math.max(...xs) - Math.min(...xs)).toBeLessThanOrEqual(r.box[2])
    expect(regionForFips(REGIONS, '15').id).toBe('HI')
    expect(regionForFips(REGIONS, '17').id).toBe('lower48')
    expect(VIEW).toEqual(map.view)
  })
})

describe('reading GET /sandbox/console/map', () => {
  it('keeps entries with an order number; a point not in range or not numbers is null', () => {
    const items = readMapItems({
      items: [
        { orderNumber: 'A1B2C', status: 'PICKED_UP', pickup: { lat: 41.88, lon: -87.63, label: 'Chicago, IL' }, delivery: { lat: 32.78, lon: -96.8, label: 'Dallas, TX' }, position: { lat: 38, lon: -92 } },
        { orderNumber: 'D3E4F', status: 'ACCEPTED', pickup: { lat: '41', lon: -87 }, delivery: { lat: 91, lon: 0, label: 7 }, position: null },
        { status: 'PICKED_UP' },
        null,
        'x',
      ],
    })
    expect(items.map((i) => i.orderNumber)).toEqual(['A1B2C', 'D3E4F'])
    expect(items[0]!.position).toEqual({ lat: 38, lon: -92 })
    expect(items[1]).toEqual({ orderNumber: 'D3E4F', status: 'ACCEPTED', pickup: { point: null, label: '' }, delivery: { point: null, label: '' }, position: null })
    expect(readMapItems(null)).toEqual([])
    expect(readMapItems({ items: 'no' })).toEqual([])
    expect(readPoint({ lat: 0, lon: 180 })).toEqual({ lat: 0, lon: 180 })
    expect(readPoint({ lat: Number.NaN, lon: 0 })).toBeNull()
    expect(pointText({ lat: 41.886, lon: -87.618 })).toBe('41.8860, -87.6180')
    expect(pointText(null)).toBe('not known')
  })
})
