// The ZIP table decoded on its own from src/geo/zipTable.json (the format of the comment in
// src/geo/zips.ts), so that neither the list of ZIP codes nor their places come from the code under
// test; and the nearest centroid by a scan of all of them, the oracle of the grid search.
import { readFileSync } from 'node:fs'
import { kmBetween, type Pos } from './sphere.js'

interface Table {
  readonly alphabet: string
  readonly zips: string
  readonly lats: string
  readonly lons: string
  readonly cityRefs: string
  readonly cities: string
  readonly stateRuns: string
  readonly states: string
  readonly zoneRuns: string
  readonly zones: string
  readonly scale: number
  readonly count: number
}
const raw = JSON.parse(readFileSync(new URL('../../src/geo/zipTable.json', import.meta.url), 'utf8')) as Table
const numbers = (stream: string): number[] => {
  const out: number[] = []
  let value = 0
  let factor = 1
  for (const ch of stream) {
    const d = raw.alphabet.indexOf(ch)
    if (d >= 32) {
      value += (d - 32) * factor
      factor *= 32
    } else {
      out.push(value + d * factor)
      value = 0
      factor = 1
    }
  }
  return out
}
const signed = (n: number): number => (n % 2 === 0 ? n / 2 : -(n + 1) / 2)
const runs = (stream: string): number[] => {
  const r = numbers(stream)
  const out: number[] = []
  for (let k = 0; k + 1 < r.length; k += 2) for (let j = 0; j < r[k]!; j++) out.push(r[k + 1]!)
  return out
}
export interface Place {
  readonly zip: string
  readonly latitude: number
  readonly longitude: number
  readonly city: string
  readonly state: string
  readonly zone: string
}
export const PLACES: ReadonlyArray<Place> = (() => {
  const zs = numbers(raw.zips)
  const la = numbers(raw.lats)
  const lo = numbers(raw.lons)
  const refs = numbers(raw.cityRefs)
  const cities = raw.cities.split('|')
  const states = raw.states.split(' ')
  const zones = raw.zones.split(' ')
  const stateOf = runs(raw.stateRuns)
  const zoneOf = runs(raw.zoneRuns)
  const out: Place[] = []
  let zip = 0
  let lat = 0
  let lon = 0
  let city = -1
  let fresh = 0
  for (let i = 0; i < raw.count; i++) {
    zip += zs[i]!
    lat += signed(la[i]!)
    lon += signed(lo[i]!)
    const ref = refs[i]!
    city = ref === 0 ? city : ref === 1 ? fresh++ : ref - 2
    out.push({
      zip: String(zip).padStart(5, '0'),
      latitude: lat / raw.scale,
      longitude: lon / raw.scale,
      city: cities[city]!,
      state: states[stateOf[i]!]!,
      zone: zones[zoneOf[i]!]!,
    })
  }
  return out
})()
/** How many ZIP codes the table says it holds. */
export const TABLE_COUNT: number = raw.count
export const ALL: ReadonlyArray<string> = PLACES.map((p) => p.zip)

/** The nearest centroid by a scan of all of them; among centroids at the same point, the lowest ZIP code. */
export const scan = (p: Pos): { readonly zip: string; readonly km: number } => {
  let best = PLACES[0]!
  let bestKm = Infinity
  for (const q of PLACES) {
    const km = kmBetween(p, q)
    if (km < bestKm - 1e-9 || (Math.abs(km - bestKm) <= 1e-9 && q.zip < best.zip)) {
      best = q
      bestKm = km
    }
  }
  return { zip: best.zip, km: bestKm }
}
