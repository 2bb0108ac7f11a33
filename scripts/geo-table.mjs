// Generates src/geo/zipTable.ts, the compact ZIP table behind the `shipper-rules/geo` entry point,
// from two maintained npm packages (devDependencies, never bundled):
//   zipcodes 8.0.0             ZIP centroids: latitude, longitude, city, state (US codes only)
//   zipcode-to-timezone 0.0.9  the IANA time zone of a ZIP
// Nothing in the table is typed by hand. A ZIP the time-zone package does not list takes the zone
// of the nearest ZIP of the same state that it lists (great-circle distance between centroids);
// a state with no listed ZIP at all (the territories) keeps no zone (null). Military codes are left
// out (see below).
//
// Usage: node scripts/geo-table.mjs          writes src/geo/zipTable.ts
//        node scripts/geo-table.mjs --check  exits 1 when the committed file differs
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const { codes } = require('zipcodes/lib/codes.js')
const zoneOf = require('zipcode-to-timezone')
const OUT = fileURLToPath(new URL('../src/geo/zipTable.ts', import.meta.url))

// Varints in a 64-character alphabet that needs no escaping in a string literal: 5 data bits per
// character, characters 32..63 of the alphabet say "more follows". Signed values are zigzagged.
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_'
const varint = (n) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a non-negative integer: ${n}`)
  let s = ''
  do {
    const chunk = n % 32
    n = Math.floor(n / 32)
    s += ALPHABET[n > 0 ? chunk + 32 : chunk]
  } while (n > 0)
  return s
}
const zigzag = (n) => (n >= 0 ? 2 * n : -2 * n - 1)

// Centroids are rounded to 0.001 degree (about 110 m): a ZIP area is kilometres wide, so finer
// digits carry no information and would cost a third more of the gzipped size.
const SCALE = 1000
const fixed = (x) => Math.round(x * SCALE)

// Military APO/FPO/DPO codes (states AA, AE, AP) are left out: they are mail routes, not places
// (the source gives 306 of them the position 0, 0 and others that of a base abroad or the South
// Pole), so no status sentence should ever read "near Apo, AE".
const MILITARY = new Set(['AA', 'AE', 'AP'])
const rows = Object.values(codes)
  .filter((c) => c.country === 'US' && /^\d{5}$/.test(c.zip) && !MILITARY.has(c.state))
  .filter((c) => Number.isFinite(c.latitude) && Number.isFinite(c.longitude) && !(c.latitude === 0 && c.longitude === 0))
  .map((c) => ({ zip: Number(c.zip), zipText: c.zip, lat: fixed(c.latitude), lon: fixed(c.longitude), city: c.city.trim(), state: c.state.trim(), zone: zoneOf.lookup(c.zip) }))
  .sort((a, b) => a.zip - b.zip)

for (const r of rows) {
  if (r.city === '' || r.city.includes('|')) throw new Error(`${r.zipText}: unusable city name`)
  if (!/^[A-Z]{2}$/.test(r.state)) throw new Error(`${r.zipText}: unusable state ${r.state}`)
}

// Fill the zones the time-zone package does not list, from the nearest listed ZIP of the same state.
const rad = Math.PI / 180
const distance = (a, b) => {
  const p1 = (a.lat / SCALE) * rad, p2 = (b.lat / SCALE) * rad
  const dp = p2 - p1, dl = ((b.lon - a.lon) / SCALE) * rad
  const h = Math.sin(dp / 2) ** 2 + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) ** 2
  return 2 * Math.asin(Math.min(1, Math.sqrt(h)))
}
const listedByState = new Map()
for (const r of rows) if (r.zone) (listedByState.get(r.state) ?? listedByState.set(r.state, []).get(r.state)).push(r)
let filled = 0, unzoned = 0
const zones = rows.map((r) => {
  if (r.zone) return r.zone
  const candidates = listedByState.get(r.state)
  if (!candidates) return (unzoned++, null)
  let best = candidates[0], bestD = Infinity
  for (const c of candidates) {
    const d = distance(r, c)
    if (d < bestD || (d === bestD && c.zip < best.zip)) (best = c), (bestD = d)
  }
  filled++
  return best.zone
})

const cityIndex = new Map(), cities = []
const stateIndex = new Map(), states = []
const zoneIndex = new Map(), zoneNames = []
const intern = (map, list, key) => {
  if (!map.has(key)) map.set(key, list.push(key) - 1)
  return map.get(key)
}

// One stream per column (gzip finds more repetition that way), each value a delta from the
// previous ZIP's.
let zipStream = '', latStream = '', lonStream = '', cityStream = ''
let prevZip = 0, prevLat = 0, prevLon = 0, prevCity = -1
for (const r of rows) {
  const known = cityIndex.has(r.city)
  const city = intern(cityIndex, cities, r.city)
  // city reference: 0 = same as the previous ZIP, 1 = the next new name of the list, 2 + i = name i
  const ref = city === prevCity ? 0 : !known ? 1 : 2 + city
  zipStream += varint(r.zip - prevZip)
  latStream += varint(zigzag(r.lat - prevLat))
  lonStream += varint(zigzag(r.lon - prevLon))
  cityStream += varint(ref)
  prevZip = r.zip, prevLat = r.lat, prevLon = r.lon, prevCity = city
}

const runs = (values) => {
  let out = '', i = 0
  while (i < values.length) {
    let j = i
    while (j < values.length && values[j] === values[i]) j++
    out += varint(j - i) + varint(values[i])
    i = j
  }
  return out
}
const stateRuns = runs(rows.map((r) => intern(stateIndex, states, r.state)))
const zoneRuns = runs(zones.map((z) => (z === null ? 0 : 1 + intern(zoneIndex, zoneNames, z))))

const text = `// Generated by scripts/geo-table.mjs from zipcodes 8.0.0 (centroids, cities, states) and
// zipcode-to-timezone 0.0.9 (IANA zones). Do not edit: run \`node scripts/geo-table.mjs\`.
// ${rows.length} ZIP codes; ${filled} zones taken from the nearest listed ZIP of the same state,
// ${unzoned} ZIP codes without a zone (states the time-zone package does not cover).

/** How many ZIP codes the table holds. */
export const ZIP_COUNT: number = ${rows.length}

/** Coordinates are stored in units of 1 / ZIP_SCALE degree. */
export const ZIP_SCALE: number = ${SCALE}

/** The varint alphabet: 5 data bits per character; the upper half says more characters follow. */
export const ZIP_ALPHABET: string = '${ALPHABET}'

/** City names, \`|\`-separated, in order of first appearance. */
export const ZIP_CITIES: string = '${cities.join('|').replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'

/** Two-letter state codes, space-separated. */
export const ZIP_STATES: string = '${states.join(' ')}'

/** IANA zone names, space-separated; zone run value 0 is "no zone", i + 1 is name i. */
export const ZIP_ZONES: string = '${zoneNames.join(' ')}'

/** ZIP codes, ascending, as deltas from the previous one. */
export const ZIP_CODES: string = '${zipStream}'

/** Latitudes in 1 / ZIP_SCALE degree, zigzagged deltas from the previous ZIP's. */
export const ZIP_LATITUDES: string = '${latStream}'

/** Longitudes in 1 / ZIP_SCALE degree, zigzagged deltas from the previous ZIP's. */
export const ZIP_LONGITUDES: string = '${lonStream}'

/** City references: 0 the previous ZIP's city, 1 the next name not yet used, 2 + i name i. */
export const ZIP_CITY_REFS: string = '${cityStream}'

/** Runs of (count, state index) over the ZIP codes in ascending order. */
export const ZIP_STATE_RUNS: string = '${stateRuns}'

/** Runs of (count, zone value) over the ZIP codes in ascending order. */
export const ZIP_ZONE_RUNS: string = '${zoneRuns}'
`

if (process.argv.includes('--check')) {
  const current = readFileSync(OUT, 'utf8')
  if (current !== text) {
    console.error('src/geo/zipTable.ts is out of date: run node scripts/geo-table.mjs')
    process.exit(1)
  }
  console.log(`src/geo/zipTable.ts is up to date (${rows.length} ZIP codes)`)
} else {
  writeFileSync(OUT, text)
  console.log(`wrote src/geo/zipTable.ts: ${rows.length} ZIP codes, ${cities.length} cities, ${states.length} states, ${zoneNames.length} zones (${filled} filled, ${unzoned} without), ${text.length} bytes`)
}
