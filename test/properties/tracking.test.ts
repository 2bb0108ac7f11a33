// The tracking include query (TRK-01) checked against the set of its trimmed, lower-cased
// entries, and the GPS ping (TRK-02) checked with pings built valid by construction and then
// corrupted in exactly one field.
import fc from 'fast-check'
import { DateTime, FixedOffsetZone } from 'luxon'
import { describe, expect, it } from 'vitest'
import { makeConfig } from '../../src/config.js'
import { DATE_TIME_PATTERN } from '../../src/model/time.js'
import { GpsData } from '../../src/model/tracking.js'
import { parseTrackingInclude, validateGpsData, type GpsDataOptions } from '../../src/rules/tracking.js'
import { deepFreeze } from '../arbitraries/freeze.js'
import { leftOf, rightOf } from '../support/either.js'

const blanks = fc.stringMatching(/^[ \t\n\u00a0\u3000]{0,3}$/)
const locationTok = fc.tuple(blanks, fc.mixedCase(fc.constant('location')), blanks).map(([a, b, c]) => a + b + c)
const entryTok = fc.oneof(locationTok, blanks)
/** A non-empty, comma-free entry that is not `location`: it holds a character `location` lacks (some near the 40-character cut). */
const unknownTok = fc.oneof(
  fc
    .tuple(fc.oneof(fc.string(), fc.string({ unit: 'binary' })), fc.constantFrom('x', 'route', '#', '9', 'ZZ', 'History'), fc.string({ maxLength: 50 }))
    .map(([a, c, b]) => (a + c + b).replaceAll(',', ';')),
  fc.tuple(blanks, fc.integer({ min: 36, max: 44 })).map(([pad, n]) => `${pad}X${'y'.repeat(n - 1)}`),
)
/** A list of entries as a query value: one comma-joined string, or a repeated parameter cut at random entries. */
const queryOf = (entries: ReadonlyArray<string>, cuts: ReadonlyArray<boolean>, asArray: boolean): string | string[] => {
  const groups: string[][] = [[]]
  entries.forEach((e, i) => {
    if (i > 0 && cuts[i % cuts.length] === true) groups.push([])
    groups[groups.length - 1]!.push(e)
  })
  return asArray ? groups.map((g) => g.join(',')) : entries.join(',')
}
const listArb = (entries: fc.Arbitrary<string[]>) =>
  fc.tuple(entries, fc.array(fc.boolean()), fc.boolean()).map(([e, cuts, asArray]) => queryOf(e, cuts, asArray))
const nonString = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.bigInt(), fc.object(), fc.date())

const invalidOf = (r: ReturnType<typeof parseTrackingInclude>) => {
  const p = leftOf(r)
  expect([p.status, p.reason, p.violations?.length, p.violations?.[0]?.field]).toEqual([400, 'validation_failed', 1, 'include'])
  return p.violations![0]!
}

describe('TRK-01 include query', () => {
  it('absent, null, empty or only blanks and commas asks for no section', () => {
    const blankish = fc.oneof(fc.constant(undefined), fc.constant(null), fc.stringMatching(/^[\s,]*$/), listArb(fc.array(blanks)))
    fc.assert(
      fc.property(blankish, (q) => {
        expect(parseTrackingInclude(deepFreeze(q))).toEqual({ _tag: 'Right', right: { location: false } })
      }),
    )
  })
  it('any list of location entries in any case and spacing, with empty entries and repeats, asks for location', () => {
    const entries = fc.tuple(fc.array(entryTok), locationTok, fc.array(entryTok)).map(([a, l, b]) => [...a, l, ...b])
    fc.assert(
      fc.property(listArb(entries), (q) => {
        expect(parseTrackingInclude(deepFreeze(q))).toEqual({ _tag: 'Right', right: { location: true } })
      }),
    )
  })
  it('an unknown entry anywhere is one 400 violation at include naming it in lower case and the supported sections; repeating it changes nothing', () => {
    fc.assert(
      fc.property(fc.array(entryTok), unknownTok, fc.array(entryTok), fc.array(fc.boolean()), fc.boolean(), (a, tok, b, cuts, asArray) => {
        const once = invalidOf(parseTrackingInclude(deepFreeze(queryOf([...a, tok, ...b], cuts, asArray))))
        const t = tok.trim().toLowerCase()
        expect(once.reason).toContain(t.length <= 40 ? `'${t}'` : `'${t.slice(0, 40)}…'`)
        expect(once.reason.slice(once.reason.lastIndexOf('supported'))).toContain('location')
        expect(invalidOf(parseTrackingInclude(queryOf([...a, tok, ...b, ` ${tok} `, tok], cuts, asArray)))).toEqual(once)
      }),
    )
  })
  it('a value that is neither a string nor an array, or an array holding a non-string, is a type violation at include', () => {
    const bad = fc.oneof(
      nonString,
      fc.tuple(fc.array(fc.string()), fc.oneof(nonString, fc.constant(null), fc.constant(undefined), fc.array(fc.string())), fc.array(fc.string())).map(([a, x, b]) => [...a, x, ...b]),
    )
    fc.assert(
      fc.property(bad, (q) => {
        expect(invalidOf(parseTrackingInclude(deepFreeze(q))).code).toBe('type')
      }),
    )
  })
  it('never throws and agrees with the set of trimmed lower-cased entries', () => {
    const anyQuery = fc.oneof(fc.anything(), listArb(fc.array(fc.oneof(entryTok, unknownTok))))
    fc.assert(
      fc.property(anyQuery, (q) => {
        const r = parseTrackingInclude(deepFreeze(q))
        const parts = q === undefined || q === null ? [] : typeof q === 'string' ? [q] : Array.isArray(q) ? (q as unknown[]) : null
        if (parts === null || parts.some((p) => typeof p !== 'string')) {
          expect(invalidOf(r).code).toBe('type')
        } else {
          const set = new Set((parts as string[]).flatMap((p) => p.split(',')).map((s) => s.trim().toLowerCase()).filter((s) => s !== ''))
          if ([...set].some((s) => s !== 'location')) invalidOf(r)
          else expect(r).toEqual({ _tag: 'Right', right: { location: set.has('location') } })
        }
      }),
    )
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
