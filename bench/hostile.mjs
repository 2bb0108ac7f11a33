// Hostile inputs are answered in bounded time (issue 13, item 3 and 4): the time of each
// string-taking validator on a string of 1 kB, 1 MB and 10 MB (ASCII, emoji, lone surrogates,
// RTL and zero-width characters) at one of its string places, and of the structure-taking
// functions on objects nested 100,000 levels deep and lists of 1,000,000 entries. Length limits
// run before any pattern and before code points are counted, so the time per call must not grow
// with the input: the last column is the 10 MB time over the 1 kB time (about 1 is bounded;
// a linear check would be about 10,000). A benchmark, not a test: the tests prove the bounds by
// counting reads (test/robustness/hostile-structure.test.ts), never by the clock.
//
//   npm run build && node bench/hostile.mjs        (about a minute)
//   node bench/hostile.mjs --json FILE             also writes every figure as JSON
import { writeFileSync } from 'node:fs'
import * as lib from '../dist/esm/index.js'

const json = process.argv.indexOf('--json')

/**
 * ns per call of `fn`: the median of 5 rounds of at least 3 calls and about 60 ms each; a call
 * that takes more than 100 ms is timed 3 times instead (median).
 */
const nsPerCall = (fn) => {
  const once = () => {
    const start = process.hrtime.bigint()
    fn()
    return Number(process.hrtime.bigint() - start)
  }
  if (once() > 100e6) return [once(), once(), once()].sort((a, b) => a - b)[1]
  for (let i = 0; i < 3; i++) fn()
  const rounds = []
  for (let r = 0; r < 5; r++) {
    let n = 0
    const start = process.hrtime.bigint()
    let elapsed = 0n
    while (n < 3 || elapsed < 60_000_000n) {
      fn()
      n += 1
      elapsed = process.hrtime.bigint() - start
    }
    rounds.push(Number(elapsed) / n)
  }
  return rounds.sort((a, b) => a - b)[2]
}

const SIZES = [['1 kB', 1 << 10], ['1 MB', 1 << 20], ['10 MB', 10 << 20]]
/** Strings of about `bytes` UTF-16 code units, of each hostile kind. */
const KINDS = {
  ascii: (n) => 'a'.repeat(n),
  emoji: (n) => '📦'.repeat(n >> 1),
  'lone surrogates': (n) => '\ud800'.repeat(n),
  'RTL and zero-width': (n) => '\u202e\u200b\u2067a\u200d'.repeat(n >> 2),
}
const strings = new Map()
for (const [kind, make] of Object.entries(KINDS)) for (const [size, n] of SIZES) strings.set(`${kind} ${size}`, make(n))

const readJson = async (path) => JSON.parse(await (await import('node:fs/promises')).readFile(new URL(path, import.meta.url), 'utf8'))
const create = await readJson('../examples/create-shipment/valid-chicago-to-san-juan.json')
const quote = await readJson('../examples/quote-request/valid-zip-to-zip.json')
const address = await readJson('../examples/address/valid-chicago-warehouse.json')
const appointment = await readJson('../examples/appointment/valid-order-override.json')
const ping = { vehicleId: 'TRK-7', timestamp: '2026-11-24T01:30:00Z', latitude: 38.5, longitude: -92.1, heading: 210, speed: 55 }
const now = (await import('luxon')).DateTime.fromISO('2026-11-24T02:00:00Z')

/** A copy of `o` with `value` at `path`. */
const put = (o, path, value) => {
  if (path.length === 0) return value
  const [head, ...rest] = path
  const copy = Array.isArray(o) ? [...o] : { ...o }
  copy[head] = put(o[head], rest, value)
  return copy
}

/** The string-taking validators, each with the call that puts a string `s` in one of its string places. */
const STRING_CASES = [
  ['isZipCode', (s) => lib.isZipCode(s)],
  ['isEmail', (s) => lib.isEmail(s)],
  ['isE164', (s) => lib.isE164(s)],
  ['isPortalUrl', (s) => lib.isPortalUrl(s)],
  ['isOrderNumber', (s) => lib.isOrderNumber(s)],
  ['parseOrderNumber', (s) => lib.parseOrderNumber(s)],
  ['parseQuoteId', (s) => lib.parseQuoteId(s)],
  ['parseDocumentType', (s) => lib.parseDocumentType(s)],
  ['parseStop', (s) => lib.parseStop(s)],
  ['parseTrackingInclude', (s) => lib.parseTrackingInclude(s)],
  ['normalizeAddress .zipCode', (s) => lib.normalizeAddress(put(address, ['zipCode'], s))],
  ['normalizeAddress .address1', (s) => lib.normalizeAddress(put(address, ['address1'], s))],
  ['normalizeAddress .email', (s) => lib.normalizeAddress(put(address, ['email'], s))],
  ['validateAppointmentRequirement .portalUrl', (s) => lib.validateAppointmentRequirement(put(appointment, ['portalUrl'], s))],
  ['validateAppointmentRequirement .contacts[0].email', (s) => lib.validateAppointmentRequirement(put(appointment, ['contacts', 0, 'email'], s))],
  ['validateQuoteRequest .pickupAddress.zipCode', (s) => lib.validateQuoteRequest(put(quote, ['pickupAddress', 'zipCode'], s))],
  ['validateCreateShipment .description', (s) => lib.validateCreateShipment(put(create, ['description'], s))],
  ['validateCreateShipment .instructions', (s) => lib.validateCreateShipment(put(create, ['instructions'], s))],
  ['validateCreateShipment .requiredPickupDate', (s) => lib.validateCreateShipment(put(create, ['requiredPickupDate'], s))],
  ['validateCreateShipment .orderComponents[0].freightClass', (s) => lib.validateCreateShipment(put(create, ['orderComponents', 0, 'freightClass'], s))],
  ['validateGpsData .vehicleId', (s) => lib.validateGpsData(put(ping, ['vehicleId'], s), now)],
  ['validateGpsData .timestamp', (s) => lib.validateGpsData(put(ping, ['timestamp'], s), now)],
  // an uploadable type, so that the name is read (an unknown type is a 400 before the name)
  ['checkAppointmentUpload .filename', (s) => lib.checkAppointmentUpload({ documentType: 'PACKING_SLIP', contentType: 'application/pdf', sizeBytes: 1000, filename: s })],
  ['storedFilename', (s) => lib.storedFilename(s)],
  ['repairInput .state (a code: case-mapped only up to its length)', (s) => lib.repairInput('address', put(address, ['state'], s))],
  ['readProblemDetail .detail', (s) => lib.readProblemDetail({ type: 'about:blank', title: 'Bad Request', status: 400, reason: 'validation_failed', detail: s })],
]

const fmt = (ns) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(1)} µs` : `${ns.toFixed(0)} ns`)
const figures = { strings: [], structures: [] }

console.log('ns per call of each string-taking validator, by the string at its place (the last column: 10 MB ÷ 1 kB)\n')
console.log(`${'validator and place'.padEnd(58)} ${'kind'.padEnd(19)} ${'1 kB'.padStart(10)} ${'1 MB'.padStart(10)} ${'10 MB'.padStart(10)} ${'ratio'.padStart(7)}`)
let worst = { ratio: 0, what: '' }
for (const [name, call] of STRING_CASES) {
  // Warm-up on every string first, so that the first size timed does not carry the compilation.
  for (const s of strings.values()) for (let i = 0; i < 20; i++) call(s)
  for (const kind of Object.keys(KINDS)) {
    const ns = SIZES.map(([size]) => {
      const s = strings.get(`${kind} ${size}`)
      return nsPerCall(() => call(s))
    })
    const ratio = ns[2] / ns[0]
    if (ratio > worst.ratio) worst = { ratio, what: `${name}, ${kind}` }
    figures.strings.push({ validator: name, kind, ns1kB: ns[0], ns1MB: ns[1], ns10MB: ns[2], ratio })
    console.log(`${name.padEnd(58)} ${kind.padEnd(19)} ${fmt(ns[0]).padStart(10)} ${fmt(ns[1]).padStart(10)} ${fmt(ns[2]).padStart(10)} ${ratio.toFixed(2).padStart(7)}`)
  }
}
console.log(`\nlargest 10 MB ÷ 1 kB ratio: ${worst.ratio.toFixed(2)} (${worst.what})`)

// Structures: nesting and size.
const deep = (n, kind) => {
  let v = kind === 'array' ? [1] : { leaf: 1 }
  for (let i = 0; i < n; i++) v = kind === 'array' ? [v] : { a: v }
  return v
}
const deepObject = deep(100_000, 'object')
const deepArray = deep(100_000, 'array')
const list = (n, x) => new Array(n).fill(x)
const contacts = list(1_000_000, appointment.contacts[0])
const references = list(1_000_000, 'PO-1')
const numbers = list(1_000_000, 48)
const groups = list(1_000_000, create.orderComponents[0])
const thousandGroups = list(1_000, create.orderComponents[0])

const STRUCTURE_CASES = [
  ['validateCreateShipment, pickupAddress nested 100,000 deep', () => lib.validateCreateShipment(put(create, ['pickupAddress'], deepObject))],
  ['validateCreateShipment, orderComponents[0].dimensions nested 100,000 deep (arrays)', () => lib.validateCreateShipment(put(create, ['orderComponents', 0, 'dimensions'], deepArray))],
  ['validateAppointmentRequirement, contacts nested 100,000 deep', () => lib.validateAppointmentRequirement(put(appointment, ['contacts'], deepArray))],
  ['normalizeAddress, the body nested 100,000 deep', () => lib.normalizeAddress(deepObject)],
  ['canonicalJson, 100,000 nested arrays (walks all, iteratively)', () => lib.canonicalJson(deepArray)],
  ['validateAppointmentRequirement, 1,000,000 contacts', () => lib.validateAppointmentRequirement(put(appointment, ['contacts'], contacts))],
  ['validateAppointmentRequirement, 1,000,000 referenceNumbers', () => lib.validateAppointmentRequirement(put(appointment, ['referenceNumbers'], references))],
  ['validateCreateShipment, 1,000,000 referenceNumbers', () => lib.validateCreateShipment(put(create, ['referenceNumbers'], references))],
  ['validateCreateShipment, palletDimensions of 1,000,000', () => lib.validateCreateShipment(put(create, ['orderComponents', 2, 'palletDimensions'], numbers))],
  ['validateCreateShipment, 1,000 orderComponents', () => lib.validateCreateShipment(put(create, ['orderComponents'], thousandGroups))],
  ['validateCreateShipment, 1,000,000 orderComponents (read in full: pending)', () => lib.validateCreateShipment(put(create, ['orderComponents'], groups))],
  ['canonicalJson, a list of 1,000,000 numbers (walks all)', () => lib.canonicalJson(numbers)],
]

console.log('\nns per call on deep and huge structures (the list or structure is built once, outside the timing; put() copies the path only)\n')
for (const [name, call] of STRUCTURE_CASES) {
  const ns = nsPerCall(call)
  figures.structures.push({ case: name, ns })
  console.log(`${name.padEnd(86)} ${fmt(ns).padStart(10)}`)
}

// Past every limit: the portal URL pattern itself (no length limit in front of it) on runs that
// make a backtracking pattern explode, and the idempotency comparison of raw JSON texts of a
// million digits or escapes. Linear: the time at 2n over the time at n is about 2 (a quadratic
// one would be about 4). The tests check these answers; the time is measured here, not there.
const portalUrl = new RegExp(lib.WIRE_FORMATS.portalUrl.pattern, 'u')
const texts = (body, other) => lib.decideIdempotency({ body, createdAt: now, response: 'stored' }, { body: other, now: now.plus({ hours: 1 }) })
const LINEAR_CASES = [
  ['portalUrl pattern, https:// + "a-" × n + "!"', (n) => `https://${'a-'.repeat(n)}!`, (s) => portalUrl.test(s)],
  ['portalUrl pattern, https:// + "1." × n + "!"', (n) => `https://${'1.'.repeat(n)}!`, (s) => portalUrl.test(s)],
  ['portalUrl pattern, https://a.com/ + "%2e" × n + " "', (n) => `https://a.com/${'%2e'.repeat(n)} `, (s) => portalUrl.test(s)],
  ['portalUrl pattern, https://a.com/?  + "%a" × n', (n) => `https://a.com/?${'%a'.repeat(n)}`, (s) => portalUrl.test(s)],
  ['decideIdempotency, [1 + "0" × n + 1] against …2]', (n) => `[1${'0'.repeat(n)}1]`, (s) => texts(s, `${s.slice(0, -2)}2]`)],
  ['decideIdempotency, [1e + "9" × n] against …8]', (n) => `[1e${'9'.repeat(n)}]`, (s) => texts(s, `${s.slice(0, -2)}8]`)],
  ['decideIdempotency, ["\\u0041" × n] against "A…AB"', (n) => `["${'\\u0041'.repeat(n)}"]`, (s) => texts(s, `["${'A'.repeat((s.length - 4) / 6 - 1)}B"]`)],
]
figures.linear = []
console.log('\nns per call past every limit, at n = 400,000 and 800,000 (the last column: 2n ÷ n, about 2 when linear)\n')
for (const [name, make, call] of LINEAR_CASES) {
  const [a, b] = [make(400_000), make(800_000)]
  const ns = [nsPerCall(() => call(a)), nsPerCall(() => call(b))]
  figures.linear.push({ case: name, nsAtN: ns[0], nsAt2N: ns[1], ratio: ns[1] / ns[0] })
  console.log(`${name.padEnd(58)} ${fmt(ns[0]).padStart(10)} ${fmt(ns[1]).padStart(10)} ${(ns[1] / ns[0]).toFixed(2).padStart(7)}`)
}

if (json > 0 && process.argv[json + 1] !== undefined) writeFileSync(process.argv[json + 1], `${JSON.stringify(figures, null, 2)}\n`)
