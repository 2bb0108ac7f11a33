// The tracking include query (TRK-01) checked against the strict list format (entries exactly
// `location`, read as sent), and the GPS ping (TRK-02) checked with pings built valid by construction and then
// corrupted in exactly one field.
import fc from 'fast-check'
import { DateTime, FixedOffsetZone } from 'luxon'
import { describe, expect, it } from 'vitest'
import { makeConfig } from '../../src/config.js'
import { DATE_TIME_PATTERN } from '../../src/model/time.js'
import { GpsData } from '../../src/model/tracking.js'
import { openApiDocument } from '../../src/openapi/index.js'
import { parseTrackingInclude, validateGpsData, type GpsDataOptions } from '../../src/rules/tracking.js'
import { deepFreeze } from '../arbitraries/freeze.js'
import { leftOf, rightOf } from '../support/either.js'

const blanks = fc.stringMatching(/^[ \t\n\u00a0\u3000]{0,3}$/)
/** Blanks a person or a form might add. */
const padArb = fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u3000', '\ufeff')
/** A valid include value: `location`, one or more times, comma-separated. */
const validListArb = fc.integer({ min: 1, max: 4 }).map((n) => Array.from({ length: n }, () => 'location'))
/** A non-empty, comma-free entry that is not `location` (some near the 40-character cut). */
const unknownTok = fc.oneof(
  fc
    .tuple(fc.oneof(fc.string(), fc.string({ unit: 'binary' })), fc.constantFrom('x', 'route', '#', '9', 'ZZ', 'History', 'Location', 'LOCATION', ' location'), fc.string({ maxLength: 50 }))
    // well-formed text (ERR-01: other text is an encoding violation, tested in wireText.test.ts)
    .map(([a, c, b]) => (a + c + b).replaceAll(',', ';').replace(/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')),
  fc.integer({ min: 36, max: 44 }).map((n) => `X${'y'.repeat(n - 1)}`),
)
const nonString = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.bigInt(), fc.object(), fc.date(), fc.constant(null), fc.array(fc.constant('location'), { minLength: 0, maxLength: 3 }))
const flipCase = (c: string): string => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())

const invalidOf = (r: ReturnType<typeof parseTrackingInclude>) => {
  const p = leftOf(r)
  expect([p.status, p.reason, p.violations?.length, p.violations?.[0]?.field]).toEqual([400, 'validation_failed', 1, 'include'])
  return p.violations![0]!
}

describe('TRK-01 include query', () => {
  it('absent asks for no section', () => {
    expect(parseTrackingInclude(undefined)).toEqual({ _tag: 'Right', right: { location: false } })
  })
  it('location, once or repeated, comma-separated, asks for location; the value is read as sent', () => {
    fc.assert(
      fc.property(validListArb, (entries) => {
        expect(parseTrackingInclude(entries.join(','))).toEqual({ _tag: 'Right', right: { location: true } })
      }),
    )
  })
  it('a change of case of one letter or one blank around any entry is 400 invalid at include, naming the entry as sent', () => {
    fc.assert(
      fc.property(validListArb, fc.nat(), fc.nat(7), padArb, fc.constantFrom('case', 'before', 'after'), (entries, k, i, pad, how) => {
        const j = k % entries.length
        const e = entries[j]!
        const changed = how === 'case' ? e.slice(0, i) + flipCase(e[i]!) + e.slice(i + 1) : how === 'before' ? pad + e : e + pad
        const v = invalidOf(parseTrackingInclude(entries.map((x, n) => (n === j ? changed : x)).join(',')))
        expect([v.code, v.reason.includes(`'${changed}'`)]).toEqual(['invalid', true])
      }),
    )
  })
  it('an empty value or an empty entry anywhere is 400 invalid at include, saying so', () => {
    fc.assert(
      fc.property(validListArb, fc.nat(), (entries, k) => {
        const at = k % (entries.length + 1)
        const q = [...entries.slice(0, at), '', ...entries.slice(at)].join(',')
        expect(invalidOf(parseTrackingInclude(q)).reason).toContain('an empty entry')
      }),
    )
    expect(invalidOf(parseTrackingInclude('')).reason).toContain('an empty entry')
  })
  it('every unknown entry is named once (cut at 40 characters) in one violation, with the supported sections', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant('location'), unknownTok), { maxLength: 4 }), unknownTok, fc.array(fc.oneof(fc.constant('location'), unknownTok), { maxLength: 4 }), (a, tok, b) => {
        const once = invalidOf(parseTrackingInclude([...a, tok, ...b].join(',')))
        // cut at 40 code points, never inside a pair
        expect(once.reason).toContain([...tok].length <= 40 ? `'${tok}'` : `'${[...tok].slice(0, 40).join('')}…'`)
        expect(once.reason.slice(once.reason.lastIndexOf('supported'))).toContain('location')
        expect(invalidOf(parseTrackingInclude([...a, tok, ...b, tok].join(',')))).toEqual(once)
      }),
    )
  })
  it('a value that is not a string (null, a number, the array of a repeated parameter) is a type violation at include', () => {
    fc.assert(
      fc.property(nonString, (q) => {
        expect(invalidOf(parseTrackingInclude(deepFreeze(q))).code).toBe('type')
      }),
    )
  })
  it('never throws, and accepts exactly the values of the pattern ^location(,location)*$', () => {
    const anyQuery = fc.oneof(fc.anything(), fc.array(fc.oneof(fc.constant('location'), fc.constant(''), unknownTok), { maxLength: 4 }).map((e) => e.join(',')))
    fc.assert(
      fc.property(anyQuery, (q) => {
        const r = parseTrackingInclude(deepFreeze(q))
        if (q === undefined) expect(r).toEqual({ _tag: 'Right', right: { location: false } })
        else if (typeof q === 'string' && /^location(?:,location)*$/.test(q)) expect(r).toEqual({ _tag: 'Right', right: { location: true } })
        else expect(invalidOf(r).code).toBe(typeof q === 'string' ? (q.length > 1024 ? 'max_length' : 'invalid') : 'type')
      }),
    )
  })
  it("agrees with the OpenAPI document's include parameter (pattern and maxLength), also around the 1,024-character cut", () => {
    const doc = openApiDocument()
    if (doc._tag !== 'Right') throw new Error('no OpenAPI document')
    const operation = (doc.right as unknown as { paths: Record<string, Record<string, { parameters: ReadonlyArray<{ $ref?: string; name?: string }> }>> }).paths['/v1/shipper/shipment/{orderNumber}/tracking']!['get']!
    const ref = operation.parameters.find((p) => p.$ref?.endsWith('/include'))!.$ref!
    const param = (doc.right as unknown as { components: { parameters: Record<string, { schema: { type: string; pattern: string; maxLength: number } }> } }).components.parameters[ref.split('/').pop()!]!
    const re = new RegExp(param.schema.pattern, 'u')
    const schemaAccepts = (q: string) => [...q].length <= param.schema.maxLength && re.test(q)
    const near = fc.integer({ min: 110, max: 118 }).chain((n) =>
      fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n - 1 }), fc.constantFrom('location', '', 'route', 'Location')).map(([count, at, swap]) =>
        Array.from({ length: count }, (_, i) => (i === at ? swap : 'location')).join(','),
      ),
    )
    const anyText = fc.oneof(near, fc.array(fc.oneof(fc.constant('location'), fc.constant(''), unknownTok), { maxLength: 4 }).map((e) => e.join(',')), fc.string())
    fc.assert(
      fc.property(anyText, (q) => {
        expect(parseTrackingInclude(q)._tag === 'Right').toBe(schemaAccepts(q))
      }),
    )
    // both sides of the cut are reached
    expect(parseTrackingInclude(Array.from({ length: 113 }, () => 'location').join(','))._tag).toBe('Right')
    expect(invalidOf(parseTrackingInclude(Array.from({ length: 114 }, () => 'location').join(','))).code).toBe('max_length')
  })
})

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const SKEW = 120_000
const FIELDS = ['vehicleId', 'timestamp', 'latitude', 'longitude', 'heading', 'speed'] as const
type Field = (typeof FIELDS)[number]
const nowArb = fc.record({ ms: fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) }), zone: fc.integer({ min: -720, max: 840 }) })
const nowOf = (n: { ms: number; zone: number }): DateTime => DateTime.fromMillis(n.ms, { zone: FixedOffsetZone.instance(n.zone) })
const styleArb = fc.record({
  offset: fc.oneof(fc.constant(0), fc.constantFrom(330, -480, 345, -570, -1, 1439, -1439), fc.integer({ min: -1439, max: 1439 })),
  basic: fc.boolean(),
  short: fc.boolean(),
})
type Style = { offset: number; basic: boolean; short: boolean }
/** The instant written as ISO 8601 with Z or a numeric offset (±HH:mm, or ±HHmm when basic). */
const stampOf = (ms: number, s: Style): string => {
  const iso = DateTime.fromMillis(ms, { zone: FixedOffsetZone.instance(s.offset) }).toISO({ suppressMilliseconds: s.short, suppressSeconds: s.short })
  if (iso === null) throw new Error(`no ISO text for ${ms}`)
  return s.basic ? iso.replace(/([+-]\d\d):(\d\d)$/, '$1$2') : iso
}
const validArb = fc.record({
  now: nowArb,
  back: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: SKEW }), fc.nat(2_000_000).map((m) => m * MINUTE), fc.integer({ min: 0, max: 30 * 365 * DAY })),
  style: styleArb,
  id: fc.tuple(fc.constantFrom('T', 'V', '9', 'Ü', '-'), fc.string(), fc.constantFrom('1', 'X', '#')).map(([a, b, c]) => a + b + c),
  latitude: fc.oneof(fc.constantFrom(-90, 90, 0), fc.double({ min: -90, max: 90, noNaN: true })),
  longitude: fc.oneof(fc.constantFrom(-180, 180, 0), fc.double({ min: -180, max: 180, noNaN: true })),
  heading: fc.oneof(fc.constantFrom(0, 359), fc.integer({ min: 0, max: 359 })),
  speed: fc.oneof(fc.constant(0), fc.nat(300), fc.maxSafeNat()),
  extra: fc.dictionary(fc.string().map((k) => `x_${k}`), fc.anything()),
})
type Valid = typeof validArb extends fc.Arbitrary<infer T> ? T : never
const caseOf = (v: Valid) => {
  const stamp = stampOf(v.now.ms + SKEW - v.back, v.style)
  const expected = { vehicleId: v.id, timestamp: stamp, latitude: v.latitude, longitude: v.longitude, heading: v.heading, speed: v.speed }
  const input: Record<string, unknown> = { ...v.extra, ...expected }
  return { input, expected, now: nowOf(v.now) }
}

const DROP = Symbol('drop')
type Corruption = { field: Field; code: string; make: (now: number) => unknown }
const fixed = (fields: ReadonlyArray<Field>, code: string, values: fc.Arbitrary<unknown>): fc.Arbitrary<Corruption> =>
  fc.tuple(fc.constantFrom(...fields), values).map(([field, v]) => ({ field, code, make: () => v }))
const fraction = fc.tuple(fc.integer({ min: -1000, max: 1000 }), fc.double({ min: 0.001, max: 0.999, noNaN: true })).map(([n, f]) => n + f)
const badStamp = fc.tuple(styleArb, fc.integer({ min: 0, max: 10 * 365 * DAY }), fc.constantFrom<(s: string) => string>(
  (s) => s.slice(0, 10),
  (s) => s.replace('T', ' '),
  (s) => s.replace(/(Z|[+-]\d\d:?\d\d)$/, ''),
  (s) => s.toLowerCase(),
  (s) => `${s}x`,
  (s) => s.replace(/^\d{4}-\d\d-\d\d/, '2023-02-29'),
  (s) => s.replace(/T\d\d/, 'T24'),
  (s) => s.replace(/(Z|[+-]\d\d:?\d\d)$/, '+24:00'),
  (s) => `+0${s}`,
  (s) => ` ${s}`,
  (s) => `${s}\u00a0`,
))
const corruptionArb: fc.Arbitrary<Corruption> = fc.oneof(
  fixed(FIELDS, 'required', fc.constantFrom(DROP, undefined)),
  fixed(FIELDS, 'type', fc.constant(null)),
  fixed(['timestamp'], 'pattern', blanks),
  fixed(['vehicleId', 'timestamp'], 'type', fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.object(), fc.array(fc.string()))),
  fixed(['latitude', 'longitude', 'heading', 'speed'], 'type', fc.oneof(fc.string(), fc.boolean(), fc.bigInt(), fc.object(), fc.array(fc.double()))),
  fixed(['latitude'], 'out_of_range', fc.oneof(fc.double({ min: 90, minExcluded: true }), fc.double({ max: -90, maxExcluded: true }), fc.constant(Number.NaN))),
  fixed(['longitude'], 'out_of_range', fc.oneof(fc.double({ min: 180, minExcluded: true }), fc.double({ max: -180, maxExcluded: true }), fc.constant(Number.NaN))),
  fixed(['heading'], 'out_of_range', fc.oneof(fc.integer({ min: 360, max: 10_000 }), fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 }))),
  fixed(['speed'], 'out_of_range', fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 })),
  fixed(['heading', 'speed'], 'not_integer', fc.oneof(fraction, fc.constantFrom(Number.NaN, Infinity, -Infinity))),
  fixed(['heading', 'speed'], 'out_of_range', fc.constantFrom(2 ** 53, 1e20)),
  badStamp.map(([style, back, f]): Corruption => ({ field: 'timestamp', code: 'pattern', make: (now) => f(stampOf(now - back, style)) })),
  fc.tuple(styleArb, fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 10 * 365 * DAY })))
    .map(([style, d]): Corruption => ({ field: 'timestamp', code: 'out_of_range', make: (now) => stampOf(now + SKEW + d, style) })),
)
const pathArb = fc.constantFrom<[GpsDataOptions | undefined, string]>([undefined, ''], [{}, ''], [{ path: 'pings[3]' }, 'pings[3].'], [{ path: ['pings', 3] }, 'pings[3].'], [{ path: 'gps' }, 'gps.'])
const triples = (r: ReturnType<typeof validateGpsData>) => leftOf(r).map((v) => [v.field, v.code, v.entity])

describe('TRK-02 GpsData', () => {
  it('a valid ping is accepted as exactly the six spec fields, as sent, extra keys dropped, without touching the input, and re-validates to itself', () => {
    fc.assert(
      fc.property(validArb, (v) => {
        const { input, expected, now } = caseOf(v)
        expect(DATE_TIME_PATTERN.test(expected.timestamp)).toBe(true)
        expect(DateTime.fromISO(expected.timestamp, { setZone: true }).toMillis()).toBe(v.now.ms + SKEW - v.back)
        const value = rightOf(validateGpsData(deepFreeze(input), now))
        expect(value).toEqual(expected)
        expect(Object.keys(value).sort()).toEqual([...FIELDS].sort())
        expect(GpsData.is(value)).toBe(true)
        expect(validateGpsData(value, now)).toEqual({ _tag: 'Right', right: value })
      }),
    )
  })
  it('corrupting exactly one field gives exactly one violation at that field, with its code and entity GpsData, under the path prefix', () => {
    fc.assert(
      fc.property(validArb, corruptionArb, pathArb, (v, c, [options, prefix]) => {
        const { input, now } = caseOf(v)
        const bad = c.make(v.now.ms)
        if (bad === DROP) delete input[c.field]
        else input[c.field] = bad
        expect(triples(validateGpsData(deepFreeze(input), now, options))).toEqual([[prefix + c.field, c.code, 'GpsData']])
      }),
    )
  })
  it('a timestamp up to the configured skew after now is accepted, 1 ns, 1 ms or 1 s more is out_of_range at timestamp', () => {
    fc.assert(
      fc.property(validArb, fc.integer({ min: 0, max: 100_000 }), styleArb, (v, k, style) => {
        const config = rightOf(makeConfig({ gpsClockSkewSeconds: k }))
        const { input, now } = caseOf(v)
        const at = (ms: number) => validateGpsData({ ...input, timestamp: stampOf(v.now.ms + ms, style) }, now, { config })
        expect(rightOf(at(k * 1000)).timestamp).toBe(stampOf(v.now.ms + k * 1000, style))
        expect(triples(at(k * 1000 + 1))).toEqual([['timestamp', 'out_of_range', 'GpsData']])
        expect(triples(at((k + 1) * 1000))).toEqual([['timestamp', 'out_of_range', 'GpsData']])
        // digits past the millisecond count: on the limit with zeros is accepted, with any other digit it is later
        const limitUtc = new Date(v.now.ms + k * 1000).toISOString().replace('Z', '')
        const withDigits = (digits: string) => validateGpsData({ ...input, timestamp: `${limitUtc}${digits}Z` }, now, { config })
        expect(withDigits('000000')._tag).toBe('Right')
        expect(triples(withDigits(`00000${1 + (k % 9)}`))).toEqual([['timestamp', 'out_of_range', 'GpsData']])
      }),
    )
  })
  it('an invalid now with an otherwise valid ping is one violation at field now', () => {
    const badNow = fc.oneof(fc.constant(DateTime.invalid('x')), fc.date(), fc.anything())
    fc.assert(
      fc.property(validArb, badNow, (v, n) => {
        const { input } = caseOf(v)
        expect(triples(validateGpsData(input, n as DateTime)).map(([field, , entity]) => [field, entity])).toEqual([['now', 'GpsData']])
      }),
    )
  })
  it('no input or now throws, nothing is mutated, and every violation has entity GpsData', () => {
    const anyNow = fc.oneof(nowArb.map(nowOf), fc.constant(DateTime.invalid('x')), fc.anything())
    const anyInput = fc.oneof(fc.anything(), validArb.map((v) => caseOf(v).input), fc.dictionary(fc.constantFrom(...FIELDS, 'x'), fc.anything()))
    fc.assert(
      fc.property(anyInput, anyNow, (input, n) => {
        const r = validateGpsData(deepFreeze(input), n as DateTime)
        if (r._tag === 'Left') for (const viol of r.left) expect([typeof viol.field, viol.entity]).toEqual(['string', 'GpsData'])
        else expect(Object.keys(r.right).sort()).toEqual([...FIELDS].sort())
      }),
    )
  })
})
