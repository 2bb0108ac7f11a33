// Properties of src/config.ts (API.md Configuration): makeConfig applies a valid override exactly,
// and refuses one that cannot make sense with a violation at the exact path, entity `config`.
import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { isLeft, right } from 'fp-ts/lib/Either.js'
import { defaultConfig, makeConfig } from '../../src/config.js'
import { renderPath, type Path } from '../../src/errors/path.js'
import type { Violation, ViolationCode } from '../../src/errors/violation.js'
import { FREIGHT_CLASSES, NMFC_2025_SCALE } from '../../src/model/densityScales.js'
import { keySegmentArb } from '../../src/arbitraries/errors.js'
import { deepFreeze } from '../arbitraries/freeze.js'
import { leftOf, rightOf } from '../support/either.js'

// ---------------------------------------------------------------------------------------------
// Helpers.


const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Values replaced whole by an override: the walk stops there. */
const WHOLE = new Set(['densityScale', 'holidays'])

/** Every leaf of a configuration-shaped object, by rendered path. */
const leaves = (value: unknown, path: Path = [], out: Record<string, unknown> = {}): Record<string, unknown> => {
  const last = path[path.length - 1]
  if (isPlainObject(value) && !(typeof last === 'string' && WHOLE.has(last))) {
    for (const key of Object.keys(value)) leaves(value[key], [...path, key], out)
  } else {
    out[renderPath(path)] = value
  }
  return out
}

/** `{ a: { b: value } }` for the path `['a', 'b']`; computed keys, so `__proto__` is an own key. */
const nest = (path: Path, value: unknown): unknown =>
  path.reduceRight<unknown>((inner, segment) => ({ [segment]: inner }), value)

/** The default configuration's value at a path. */
const defaultAt = (path: Path): unknown =>
  path.reduce<unknown>((node, segment) => (isPlainObject(node) ? node[String(segment)] : undefined), defaultConfig)

const expectViolation = (violations: ReadonlyArray<Violation>, path: Path, code?: ViolationCode): void => {
  expect(violations).toContainEqual(
    expect.objectContaining({ field: renderPath(path), entity: 'config', ...(code === undefined ? {} : { code }) }),
  )
}

// ---------------------------------------------------------------------------------------------
// Generators.

const DIMENSIONS = ['length', 'width', 'height'] as const
const dimensionArb = fc.constantFrom(...DIMENSIONS)

const dimsArb = (length: fc.Arbitrary<number>, width: fc.Arbitrary<number>, height: fc.Arbitrary<number>) =>
  fc.record({ length, width, height }, { requiredKeys: [], noNullPrototype: true })

const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'Pacific/Honolulu', 'America/Anchorage', 'America/Puerto_Rico', 'Europe/Berlin', 'UTC'] as const

/** A calendar date written yyyy-MM-dd, built from a real instant. */
const isoDateArb = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10))

const freightClassArb = fc.constantFrom(...FREIGHT_CLASSES)

/** Strictly decreasing thresholds in hundredths of a pcf; `withZero` appends the 0 band. */
const thresholdsArb = (withZero: boolean, minLength: number) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength, maxLength: 17 })
    .map((cents) => [...cents.sort((a, b) => b - a), ...(withZero ? [0] : [])])

const scaleFrom = (name: string, cents: ReadonlyArray<number>, classes: ReadonlyArray<string>) => ({
  name,
  bands: cents.map((c, i) => ({ minPcf: c / 100, freightClass: classes[i % classes.length] ?? '500' })),
})

const classesArb = fc.array(freightClassArb, { minLength: 18, maxLength: 18 })

/** A well-formed density scale: thresholds strictly decreasing with at most two decimals, the last 0. */
const validScaleArb = fc.oneof(
  fc.constant(NMFC_2025_SCALE),
  fc.tuple(fc.string(), thresholdsArb(true, 0), classesArb).map(([name, cents, classes]) => scaleFrom(name, cents, classes)),
)

/**
 * A valid override: every limit within bounds that keep minima ≤ liftgate maxima ≤ standard
 * maxima and the liftgate weight ≤ the standard weight, whatever subset is given.
 */
const validOverrideArb = fc.record(
  {
    pallet: fc.record(
      {
        minDimensions: dimsArb(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 })),
        maxDimensions: dimsArb(fc.integer({ min: 60, max: 500 }), fc.integer({ min: 60, max: 500 }), fc.integer({ min: 96, max: 500 })),
        maxPoundsPerPallet: fc.integer({ min: 2500, max: 20_000 }),
        liftgate: fc.record(
          {
            maxDimensions: dimsArb(fc.integer({ min: 40, max: 60 }), fc.integer({ min: 40, max: 60 }), fc.integer({ min: 40, max: 96 })),
            maxPoundsPerPallet: fc.integer({ min: 1, max: 2500 }),
          },
          { requiredKeys: [], noNullPrototype: true },
        ),
        standardFootprint: fc.record(
          { length: fc.integer({ min: 1, max: 200 }), width: fc.integer({ min: 1, max: 200 }) },
          { requiredKeys: [], noNullPrototype: true },
        ),
        maxPalletsPerOrder: fc.integer({ min: 1, max: 100 }),
      },
      { requiredKeys: [], noNullPrototype: true },
    ),
    insideServiceFeeCents: fc.integer({ min: 0, max: 1_000_000 }),
    densityScale: validScaleArb,
    businessDays: fc.record(
      {
        zone: fc.constantFrom(...ZONES),
        holidays: fc.oneof(fc.constantFrom('none', 'us-federal', 'carrier'), fc.array(isoDateArb, { maxLength: 12 })),
      },
      { requiredKeys: [], noNullPrototype: true },
    ),
    quoteValidityHours: fc.integer({ min: 1, max: 1000 }),
    idempotencyWindowHours: fc.integer({ min: 1, max: 720 }),
    uploadMaxBytes: fc.integer({ min: 1, max: 2 ** 31 }),
    gpsClockSkewSeconds: fc.integer({ min: 0, max: 3600 }),
    tracking: fc.record(
      {
        pingMaxAgeMinutes: fc.integer({ min: 1, max: 10_000 }),
        projectionMaxMinutes: fc.integer({ min: 0, max: 10_000 }),
        baseRadiusKm: fc.integer({ min: 0, max: 1000 }),
        radiusGrowthKmPerHour: fc.integer({ min: 0, max: 1000 }),
        delayThresholdMinutes: fc.integer({ min: 0, max: 10_000 }),
        offRouteKm: fc.integer({ min: 1, max: 10_000 }),
      },
      { requiredKeys: [], noNullPrototype: true },
    ),
  },
  { requiredKeys: [], noNullPrototype: true },
)

/** Limits that must be whole numbers of at least 1, as written in the test (not read from the code). */
const POSITIVE_LIMITS: ReadonlyArray<Path> = [
  ['pallet', 'minDimensions', 'length'],
  ['pallet', 'minDimensions', 'width'],
  ['pallet', 'minDimensions', 'height'],
  ['pallet', 'maxDimensions', 'length'],
  ['pallet', 'maxDimensions', 'width'],
  ['pallet', 'maxDimensions', 'height'],
  ['pallet', 'maxPoundsPerPallet'],
  ['pallet', 'liftgate', 'maxDimensions', 'length'],
  ['pallet', 'liftgate', 'maxDimensions', 'width'],
  ['pallet', 'liftgate', 'maxDimensions', 'height'],
  ['pallet', 'liftgate', 'maxPoundsPerPallet'],
  ['pallet', 'standardFootprint', 'length'],
  ['pallet', 'standardFootprint', 'width'],
  ['pallet', 'maxPalletsPerOrder'],
  ['quoteValidityHours'],
  ['idempotencyWindowHours'],
  ['uploadMaxBytes'],
  ['tracking', 'pingMaxAgeMinutes'],
  ['tracking', 'offRouteKm'],
]

/** Limits where 0 makes sense (no fee, no clock skew allowance) but a negative does not. */
const NON_NEGATIVE_LIMITS: ReadonlyArray<Path> = [
  ['insideServiceFeeCents'],
  ['gpsClockSkewSeconds'],
  ['tracking', 'projectionMaxMinutes'],
  ['tracking', 'baseRadiusKm'],
  ['tracking', 'radiusGrowthKmPerHour'],
  ['tracking', 'delayThresholdMinutes'],
]

/** A value no numeric limit with the given minimum accepts, with the code it must be reported with. */
const badNumberArb = (min: 0 | 1): fc.Arbitrary<{ readonly value: unknown; readonly code: ViolationCode | undefined }> =>
  fc.oneof(
    fc.integer({ min: -1_000_000, max: min - 1 }).map((value) => ({ value, code: 'out_of_range' as const })),
    fc.constantFrom(1.5, -1.5, 0.25, 96.5).map((value) => ({ value, code: 'not_integer' as const })),
    fc.integer({ min: -100_000, max: 100_000 }).map((n) => ({ value: n + 0.5, code: 'not_integer' as const })),
    fc.constantFrom<unknown>('96', '', null, true, [], {}, [96]).map((value) => ({ value, code: 'type' as const })),
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY).map((value) => ({ value, code: undefined })),
  )

const limitCaseArb = fc.oneof(
  fc.tuple(fc.constantFrom(...POSITIVE_LIMITS), badNumberArb(1)),
  fc.tuple(fc.constantFrom(...NON_NEGATIVE_LIMITS), badNumberArb(0)),
)

/** The object nodes of the configuration, where an unknown key can be put. */
const OBJECT_NODES: ReadonlyArray<Path> = [
  [],
  ['pallet'],
  ['pallet', 'minDimensions'],
  ['pallet', 'maxDimensions'],
  ['pallet', 'liftgate'],
  ['pallet', 'liftgate', 'maxDimensions'],
  ['pallet', 'standardFootprint'],
  ['businessDays'],
  ['tracking'],
]

/** A key that no configuration object has: prefixed, prototype names, or a known key in upper case. */
const unknownKeyArb = (node: Path): fc.Arbitrary<string> => {
  const here = defaultAt(node)
  const known = isPlainObject(here) ? Object.keys(here) : []
  return fc.oneof(
    keySegmentArb.map((k) => `x_${k}`),
    fc.constantFrom('constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'),
    fc.constantFrom(...known).map((k) => k.toUpperCase()),
  )
}

const IMPOSSIBLE_DATES = ['2026-02-30', '2025-02-29', '2100-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-1-05', '26-01-05', '2026-01-05T00:00'] as const

// ---------------------------------------------------------------------------------------------

describe('configuration', () => {
  it('makeConfig() and makeConfig({}) give the default configuration', () => {
    expect(makeConfig()).toStrictEqual(right(defaultConfig))
    expect(makeConfig({})).toStrictEqual(right(defaultConfig))
    expect(makeConfig(undefined)).toStrictEqual(right(defaultConfig))
  })

  it('a valid override is applied exactly, and every other value is the default', () => {
    fc.assert(
      fc.property(validOverrideArb, (override) => {
        const config = rightOf(makeConfig(override))
        expect(leaves(config)).toStrictEqual({ ...leaves(defaultConfig), ...leaves(override) })
      }),
    )
  })

  it('the override used as a whole configuration gives the same configuration back', () => {
    fc.assert(
      fc.property(validOverrideArb, (override) => {
        const config = rightOf(makeConfig(override))
        expect(makeConfig(config)).toStrictEqual(right(config))
      }),
    )
  })

  it('a numeric limit that is negative, zero, fractional or not a number is rejected at its path', () => {
    fc.assert(
      fc.property(limitCaseArb, ([path, { value, code }]) => {
        const violations = leftOf(makeConfig(nest(path, value)))
        expectViolation(violations, path, code)
      }),
    )
  })

  it('zero is accepted where it makes sense: no inside-service fee, no GPS clock skew', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NON_NEGATIVE_LIMITS), (path) => {
        const config = rightOf(makeConfig(nest(path, 0)))
        expect(leaves(config)[renderPath(path)]).toBe(0)
      }),
    )
  })

  it('a minimum above its maximum is rejected at the minimum', () => {
    fc.assert(
      fc.property(
        dimsArb(fc.integer({ min: 60, max: 500 }), fc.integer({ min: 60, max: 500 }), fc.integer({ min: 96, max: 500 })),
        dimensionArb,
        fc.integer({ min: 1, max: 1000 }),
        (max, dim, excess) => {
          const limit = max[dim] ?? (defaultAt(['pallet', 'maxDimensions', dim]) as number)
          const override = { pallet: { maxDimensions: max, minDimensions: { [dim]: limit + excess } } }
          expectViolation(leftOf(makeConfig(override)), ['pallet', 'minDimensions', dim], 'out_of_range')
        },
      ),
    )
  })

  it('a liftgate dimension looser than the standard one is rejected at the liftgate limit', () => {
    fc.assert(
      fc.property(dimensionArb, fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (dim, standard, excess) => {
        const override = { pallet: { maxDimensions: { [dim]: standard }, liftgate: { maxDimensions: { [dim]: standard + excess } } } }
        expectViolation(leftOf(makeConfig(override)), ['pallet', 'liftgate', 'maxDimensions', dim], 'out_of_range')
      }),
    )
  })

  it('a liftgate dimension or weight above the default standard one is rejected at the liftgate limit', () => {
    const liftgateArb = fc.oneof(
      fc.tuple(dimensionArb, fc.integer({ min: 1, max: 500 })).map(([dim, excess]): [Path, number] => {
        const path = ['pallet', 'liftgate', 'maxDimensions', dim]
        return [path, (defaultAt(['pallet', 'maxDimensions', dim]) as number) + excess]
      }),
      fc.integer({ min: 1, max: 10_000 }).map((excess): [Path, number] => [
        ['pallet', 'liftgate', 'maxPoundsPerPallet'],
        (defaultAt(['pallet', 'maxPoundsPerPallet']) as number) + excess,
      ]),
    )
    fc.assert(
      fc.property(liftgateArb, ([path, value]) => {
        expectViolation(leftOf(makeConfig(nest(path, value))), path, 'out_of_range')
      }),
    )
  })

  it('a liftgate weight cap above the standard one is rejected at the liftgate cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 10_000 }), (standard, excess) => {
        const override = { pallet: { maxPoundsPerPallet: standard, liftgate: { maxPoundsPerPallet: standard + excess } } }
        expectViolation(leftOf(makeConfig(override)), ['pallet', 'liftgate', 'maxPoundsPerPallet'], 'out_of_range')
      }),
    )
  })

  it('an unknown key at any depth is rejected at its path with code unknown_field', () => {
    const caseArb = fc
      .constantFrom(...OBJECT_NODES)
      .chain((node) => fc.tuple(fc.constant(node), unknownKeyArb(node), fc.anything()))
    fc.assert(
      fc.property(caseArb, ([node, key, value]) => {
        const violations = leftOf(makeConfig(nest(node, { [key]: value })))
        expectViolation(violations, [...node, key], 'unknown_field')
      }),
    )
  })

  it('an unknown key inside a density scale or one of its bands is rejected at its path with code unknown_field', () => {
    // The scale is replaced whole, but a key that is not part of its structure is still unknown.
    const caseArb = fc
      .tuple(validScaleArb, fc.nat(), fc.boolean())
      .chain(([scale, pick, inBand]) => {
        const i = pick % scale.bands.length
        const node: Path = inBand ? ['densityScale', 'bands', i] : ['densityScale']
        const known = inBand ? ['minPcf', 'freightClass'] : ['name', 'bands']
        const keyArb = fc.oneof(
          keySegmentArb.map((k) => `x_${k}`),
          fc.constantFrom('constructor', 'toString', '__proto__'),
          fc.constantFrom(...known).map((k) => k.toUpperCase()),
        )
        return fc.tuple(fc.constant(scale), fc.constant(node), fc.constant(i), fc.constant(inBand), keyArb, fc.jsonValue())
      })
    fc.assert(
      fc.property(caseArb, ([scale, node, i, inBand, key, value]) => {
        const densityScale = inBand
          ? { ...scale, bands: scale.bands.map((b, j) => (j === i ? { ...b, [key]: value } : b)) }
          : { ...scale, [key]: value }
        expectViolation(leftOf(makeConfig({ densityScale })), [...node, key], 'unknown_field')
      }),
    )
  })

  it('an unknown time zone is rejected at businessDays.zone', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<unknown>('Mars/Olympus', 'Europe/Atlantis', 'America/Chicag', 'Not a zone', '', 42, null),
        (zone) => {
          expectViolation(leftOf(makeConfig({ businessDays: { zone } })), ['businessDays', 'zone'])
        },
      ),
    )
  })

  it('every real zone of the list is accepted', () => {
    for (const zone of ZONES) expect(rightOf(makeConfig({ businessDays: { zone } })).businessDays.zone).toBe(zone)
  })

  it('a well-formed density scale is accepted as given', () => {
    fc.assert(
      fc.property(validScaleArb, (scale) => {
        expect(rightOf(makeConfig({ densityScale: scale })).densityScale).toStrictEqual(scale)
      }),
    )
  })

  it('a density scale whose thresholds do not strictly decrease is rejected at the offending band', () => {
    fc.assert(
      fc.property(thresholdsArb(true, 1), classesArb, fc.nat(), fc.nat({ max: 1000 }), (cents, classes, pick, raise) => {
        const i = 1 + (pick % (cents.length - 1))
        const corrupted = cents.map((c, j) => (j === i ? (cents[i - 1] ?? 0) + raise : c))
        const violations = leftOf(makeConfig({ densityScale: scaleFrom('corrupted', corrupted, classes) }))
        expectViolation(violations, ['densityScale', 'bands', i, 'minPcf'], 'out_of_range')
      }),
    )
  })

  it('a density scale whose last band does not start at 0 is rejected at that band', () => {
    fc.assert(
      fc.property(thresholdsArb(false, 1), classesArb, (cents, classes) => {
        const violations = leftOf(makeConfig({ densityScale: scaleFrom('open-ended', cents, classes) }))
        expectViolation(violations, ['densityScale', 'bands', cents.length - 1, 'minPcf'], 'out_of_range')
      }),
    )
  })

  it('a holiday list with a date that is not on the calendar is rejected at that entry', () => {
    fc.assert(
      fc.property(
        fc.array(isoDateArb, { maxLength: 10 }),
        fc.nat(),
        fc.constantFrom(...IMPOSSIBLE_DATES),
        (dates, pick, bad) => {
          const i = pick % (dates.length + 1)
          const holidays = [...dates.slice(0, i), bad, ...dates.slice(i)]
          const violations = leftOf(makeConfig({ businessDays: { holidays } }))
          expectViolation(violations, ['businessDays', 'holidays', i], 'pattern')
          expect(violations).toHaveLength(1)
        },
      ),
    )
  })

  it('makeConfig never throws and always answers with an Either', () => {
    const input = fc.oneof(
      fc.anything(),
      fc.record(
        { pallet: fc.anything(), businessDays: fc.anything(), densityScale: fc.anything(), quoteValidityHours: fc.anything() },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          pallet: fc.record(
            { minDimensions: fc.anything(), maxDimensions: fc.anything(), liftgate: fc.anything(), standardFootprint: fc.anything() },
            { requiredKeys: [] },
          ),
          businessDays: fc.record({ zone: fc.anything(), holidays: fc.array(fc.anything()) }, { requiredKeys: [] }),
          densityScale: fc.record(
            { name: fc.anything(), bands: fc.array(fc.record({ minPcf: fc.anything(), freightClass: fc.anything() }, { requiredKeys: [] })) },
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: [] },
      ),
    )
    fc.assert(
      fc.property(input, (value) => {
        const result = makeConfig(deepFreeze(value))
        expect(['Left', 'Right']).toContain(result._tag)
        if (isLeft(result)) {
          expect(result.left.length).toBeGreaterThan(0)
          for (const v of result.left) expect(v.entity).toBe('config')
        }
      }),
    )
  })

  it('makeConfig never mutates its argument', () => {
    const input = fc.oneof(
      validOverrideArb,
      limitCaseArb.map(([path, { value }]) => nest(path, value)),
      fc.anything(),
    )
    fc.assert(
      fc.property(input, (value) => {
        const snapshot = structuredClone(value)
        makeConfig(deepFreeze(value))
        expect(value).toStrictEqual(snapshot)
      }),
    )
  })
})
