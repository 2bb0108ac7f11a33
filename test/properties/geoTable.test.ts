// The ZIP table's own properties (issue 14), whatever its sources: every served place has a ZIP
// code with a canonical zone luxon knows, every centroid lies in its state's bounding box (the
// generated scripts/geo-bounds.json), and a centroid's nearest ZIP code is the ZIP code itself or
// one at the same point. The table is read back through the public functions only.
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { IANAZone } from 'luxon'
import { runsOf } from 'shipper-rules-testkit'
import { describe, expect, it } from 'vitest'
import { nearestZip, timeZoneForZip, zipCentroid } from '../../src/geo/index.js'

const table = JSON.parse(readFileSync(new URL('../../src/geo/zipTable.json', import.meta.url), 'utf8')) as { zips: string; alphabet: string; count: number }
const bounds = JSON.parse(readFileSync(new URL('../../scripts/geo-bounds.json', import.meta.url), 'utf8')) as {
  marginDegrees: number
  boxes: Record<string, { south: number; north: number; west: number; east: number }>
}
// Every ZIP code of the table, read from its first stream (deltas in the varint alphabet): an
// independent decoding, so the list does not come from the code under test.
const ALL: string[] = (() => {
  const out: string[] = []
  let value = 0
  let factor = 1
  let zip = 0
  for (const ch of table.zips) {
    const d = table.alphabet.indexOf(ch)
    if (d >= 32) {
      value += (d - 32) * factor
      factor *= 32
    } else {
      zip += value + d * factor
      out.push(String(zip).padStart(5, '0'))
      value = 0
      factor = 1
    }
  }
  return out
})()
const places = ALL.map((zip) => ({ zip, place: zipCentroid(zip)!, zone: timeZoneForZip(zip) }))

// The link names of the tzdata the table was generated with (`L target link`, scripts/data/tzdata.zi,
// a copy of Debian's 2025b, so the test never depends on the machine): a link is not a canonical name.
const LINKS = new Set(
  readFileSync(new URL('../../scripts/data/tzdata.zi', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('L '))
    .map((l) => l.split(' ')[2]!),
)

const SERVED = ['AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'PR', 'VI', 'GU', 'AS', 'MP']

describe('TRK-03 / QTE-04 ZIP table: coverage and zones', () => {
  it('holds every ZIP code it lists, and each has a place and a zone', () => {
    expect(ALL.length).toBe(table.count)
    expect(places.filter((p) => p.place === null || p.zone === null).map((p) => p.zip)).toEqual([])
  })

  it('covers the 50 states, DC, PR, VI, GU, AS and MP, each with ZIP codes', () => {
    const states = new Set(places.map((p) => p.place.state))
    expect(SERVED.filter((s) => !states.has(s))).toEqual([])
  })

  it('gives every ZIP code a canonical IANA zone (no backward-compatibility link) that luxon knows', () => {
    const zones = new Set(places.map((p) => p.zone!))
    expect([...zones].filter((z) => LINKS.has(z) || !IANAZone.isValidZone(z))).toEqual([])
    expect(zones.has('America/Shiprock')).toBe(false)
  })

  it("gives the territories their own zones, and Wake Island (96898) its own, not Hawaii's", () => {
    const zonesOf = (state: string) => new Set(places.filter((p) => p.place.state === state).map((p) => p.zone))
    expect([...zonesOf('PR')]).toEqual(['America/Puerto_Rico'])
    expect([...zonesOf('VI')]).toEqual(['America/St_Thomas'])
    expect([...zonesOf('GU')]).toEqual(['Pacific/Guam'])
    expect([...zonesOf('AS')]).toEqual(['Pacific/Pago_Pago'])
    expect([...zonesOf('MP')]).toEqual(['Pacific/Saipan'])
    expect([...zonesOf('HI')]).toEqual(['Pacific/Honolulu'])
    expect([timeZoneForZip('96898'), zipCentroid('96898')?.state]).toEqual(['Pacific/Wake', 'UM'])
  })

  it('puts places on the right side of the zone lines the old table got wrong (UTC offsets in January and July)', () => {
    const offsets = (zone: string | null) => [Date.UTC(2026, 0, 15), Date.UTC(2026, 6, 15)].map((t) => new IANAZone(zone!).offset(t))
    const central = [-360, -300]
    const eastern = [-300, -240]
    const mountainNoDst = [-420, -420]
    const mountain = [-420, -360]
    const pacific = [-480, -420]
    const expected: Array<[string, string, number[]]> = [
      ['42001', 'Paducah, western Kentucky', central],
      ['42101', 'Bowling Green, Kentucky', central],
      ['40202', 'Louisville, Kentucky', eastern],
      ['46402', 'Gary, northwestern Indiana', central],
      ['46204', 'Indianapolis, Indiana', eastern],
      ['86047', 'Winslow, Arizona (off the Navajo Nation)', mountainNoDst],
      ['85001', 'Phoenix, Arizona', mountainNoDst],
      ['86045', 'Tuba City, Arizona (Navajo Nation: daylight time)', mountain],
      ['97914', 'Ontario, eastern Oregon', mountain],
      ['97801', 'Pendleton, Oregon', pacific],
      ['58601', 'Dickinson, western North Dakota', mountain],
      ['57701', 'Rapid City, western South Dakota', mountain],
      ['57501', 'Pierre, South Dakota', central],
      ['36867', 'Phenix City, Alabama (on Columbus, Georgia time)', eastern],
      ['35203', 'Birmingham, Alabama', central],
    ]
    expect(expected.map(([zip, where]) => [zip, where, offsets(timeZoneForZip(zip))])).toEqual(expected)
  })
})

describe('TRK-03 ZIP table: centroids', () => {
  it("every centroid lies inside its state's or territory's bounding box", () => {
    const outside = places.filter(({ place: p }) => {
      const b = bounds.boxes[p.state]
      return b === undefined || !(p.latitude >= b.south && p.latitude <= b.north && p.longitude >= b.west && p.longitude <= b.east)
    })
    expect(outside.map((p) => p.zip)).toEqual([])
    expect(bounds.marginDegrees).toBeGreaterThan(0)
    // the old table's sign error: ZIP 10200 lay in Central Asia
    expect(zipCentroid('10200')).toMatchObject({ state: 'NY', longitude: -73.95 })
  })

  it('nearestZip(zipCentroid(z)) is z or a ZIP code at the same point', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ALL), (zip) => {
        const p = zipCentroid(zip)!
        const n = nearestZip(p)!
        expect(n.distanceKm).toBe(0)
        if (n.zip !== zip) expect([n.latitude, n.longitude]).toEqual([p.latitude, p.longitude])
      }),
      { numRuns: runsOf(2000) },
    )
  })
})

describe('shipper-rules/geo exports are total', () => {
  it('return null for any value, a throwing getter or a hostile proxy included, and never throw', () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('get')
        },
        has: () => {
          throw new Error('has')
        },
        getPrototypeOf: () => {
          throw new Error('getPrototypeOf')
        },
        ownKeys: () => {
          throw new Error('ownKeys')
        },
      },
    )
    const getter = Object.defineProperty({}, 'latitude', {
      get: () => {
        throw new Error('latitude')
      },
    })
    for (const v of [hostile, getter, Symbol('x'), null, undefined, 60432, 10n, () => '60432', ['60432'], { toString: () => '60432' }]) {
      expect([zipCentroid(v), timeZoneForZip(v), nearestZip(v as never)]).toEqual([null, null, null])
    }
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withBoxedValues: true, withNullPrototype: true }), (v) => {
        expect(() => [zipCentroid(v), timeZoneForZip(v), nearestZip(v as never)]).not.toThrow()
      }),
    )
  })
})
