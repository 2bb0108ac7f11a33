// Generators for freight pallets (FRT-03 … FRT-07, FRT-11): realistic integer pallets, huge ones
// that push the exact class decision past 2^53, pallets whose density is a known exact fraction of
// the weight (so a weight can be put exactly on a density threshold), random well-formed density
// scales with the spec's shape, the ways a component can spell its dimensions (recording what it
// built), and footprints with pallets built to fit them or not.
import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { makeConfig, type RulesConfig } from '../config.js'
import { FREIGHT_CLASSES, type DensityScale, type FreightClassName } from '../model/densityScales.js'
import type { PalletSize } from '../rules/freightClass.js'

// ---------------------------------------------------------------------------------------------
// Realistic pallets

/** A realistic dimension, whole inches. */
export const inchArb = fc.integer({ min: 1, max: 120 })

/** A realistic pallet, whole inches. */
export const palletSizeArb: fc.Arbitrary<PalletSize> = fc.record({ length: inchArb, width: inchArb, height: inchArb })

/** A realistic weight of one pallet, whole pounds. */
export const weightArb = fc.integer({ min: 1, max: 5000 })

// ---------------------------------------------------------------------------------------------
// Huge pallets (exercise the BigInt fallback: volume × 5000 or 172,800 × pounds is past 2^53)

const MILLION = 1_000_000

/** A huge random pallet: dimensions up to 10^6 in, weight up to 10^9 lb. */
export const hugeRandomPalletArb: fc.Arbitrary<{ readonly pounds: number; readonly dims: PalletSize }> = fc.record({
  pounds: fc.integer({ min: 1, max: 1_000_000_000 }),
  dims: fc.record({
    length: fc.integer({ min: 1, max: MILLION }),
    width: fc.integer({ min: 1, max: MILLION }),
    height: fc.integer({ min: 1, max: MILLION }),
  }),
})

/** Largest volume of {@link hugeNearDensityPalletArb}: 60 pcf of it still weighs less than 2^53 lb. */
const HUGE_VOLUME = 2n * 10n ** 17n

/**
 * A huge pallet (dimensions up to 10^6 in) whose weight is within a pound of a target density
 * p / 20 pcf, p in 0 … 1200 (0 … 60 pcf in steps of 0.05, so every threshold of both scales is a
 * target): the weight is ⌊p·V / (20·1728)⌋ + δ, δ in −1 … 1, at least 1; always a safe integer.
 */
export const hugeNearDensityPalletArb: fc.Arbitrary<{ readonly pounds: number; readonly dims: PalletSize }> = fc
  .tuple(fc.integer({ min: 1, max: MILLION }), fc.integer({ min: 1, max: MILLION }))
  .chain(([length, width]) =>
    fc.record({
      length: fc.constant(length),
      width: fc.constant(width),
      height: fc.integer({ min: 1, max: Math.max(1, Math.min(MILLION, Number(HUGE_VOLUME / (BigInt(length) * BigInt(width))))) }),
      p: fc.integer({ min: 0, max: 1200 }),
      delta: fc.integer({ min: -1, max: 1 }),
    }),
  )
  .map(({ length, width, height, p, delta }) => {
    const volume = BigInt(length) * BigInt(width) * BigInt(height)
    const pounds = (BigInt(p) * volume) / 34_560n + BigInt(delta)
    return { pounds: Number(pounds < 1n ? 1n : pounds), dims: { length, width, height } }
  })

// ---------------------------------------------------------------------------------------------
// Pallets with an exactly known density

/**
 * A pallet of 12a x 12b x 24c inches: its volume is 2abc cubic feet, so `poundsPerPcf` = 2abc
 * pounds make exactly 1 pcf and `poundsPerPcf × t` pounds exactly t pcf, a whole number of pounds
 * for every t with 2t whole (every threshold of both scales).
 */
export interface ThresholdPallet {
  readonly dims: PalletSize
  readonly poundsPerPcf: bigint
}

const thresholdPallet = (a: number, b: number, c: number): ThresholdPallet => ({
  dims: { length: 12 * a, width: 12 * b, height: 24 * c },
  poundsPerPcf: 2n * BigInt(a) * BigInt(b) * BigInt(c),
})

/** A small {@link ThresholdPallet}: a, b, c in 1 … 10 (up to 120 x 120 x 240 in). */
export const thresholdPalletArb: fc.Arbitrary<ThresholdPallet> = fc
  .tuple(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }))
  .map(([a, b, c]) => thresholdPallet(a, b, c))

/** abc at least this: volume × 5000 (hundredths of the top threshold) is past 2^53. */
const HUGE_ABC_MIN = 600_000_000
/** abc at most this: 50 pcf of it, 100·abc pounds, is still a safe integer. */
const HUGE_ABC_MAX = 45_000_000_000_000

/**
 * A huge {@link ThresholdPallet}: every dimension up to 10^6 in, abc in 6·10^8 … 4.5·10^13, so the
 * safe-integer comparison cannot be used (the code must take its BigInt path) while every
 * threshold weight, up to 4.5·10^15 lb, is still a safe integer.
 */
export const hugeThresholdPalletArb: fc.Arbitrary<ThresholdPallet> = fc
  .tuple(fc.integer({ min: 1000, max: 83_333 }), fc.integer({ min: 1000, max: 83_333 }))
  .chain(([a, b]) =>
    fc
      .integer({ min: Math.ceil(HUGE_ABC_MIN / (a * b)), max: Math.min(41_666, Math.floor(HUGE_ABC_MAX / (a * b))) })
      .map((c) => thresholdPallet(a, b, c)),
  )

/**
 * A pallet of 48a x 40b x 90c inches (a, b, c in 1 … 10): its volume is 100abc cubic feet, so
 * `poundsPerPcf` = 100abc pounds make exactly 1 pcf, and `poundsPerPcf × t` pounds are a whole
 * number exactly on t pcf for every t with at most two decimals (any well-formed scale).
 */
export const hundredthsPalletArb: fc.Arbitrary<ThresholdPallet> = fc
  .tuple(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }))
  .map(([a, b, c]) => ({ dims: { length: 48 * a, width: 40 * b, height: 90 * c }, poundsPerPcf: 100n * BigInt(a) * BigInt(b) * BigInt(c) }))

/**
 * A pallet where floating point cannot decide the class: within a pound of a threshold (given as
 * decimal text with at most two decimals), weighing 4.6·10^15 … 8.5·10^15 lb (safe integers), so
 * 172,800 × pounds is near 10^21, where neighbouring doubles are 2^17 apart while the two sides of
 * the comparison differ by less than 2 × 172,800. Length and width are 2^19 … 2^21 in, height
 * whatever makes the volume fit. Only exact (BigInt) arithmetic gets every one of these right.
 */
export const boundaryPalletArb = (thresholds: ReadonlyArray<string>): fc.Arbitrary<{ readonly pounds: number; readonly dims: PalletSize }> =>
  fc
    .record({
      text: fc.constantFrom(...thresholds),
      target: fc.bigInt({ min: 4_600_000_000_000_000n, max: 8_500_000_000_000_000n }),
      length: fc.integer({ min: 2 ** 19, max: 2 ** 21 }),
      width: fc.integer({ min: 2 ** 19, max: 2 ** 21 }),
      delta: fc.integer({ min: -1, max: 1 }),
    })
    .map(({ text, target, length, width, delta }) => {
      const [whole = '', frac = ''] = text.split('.')
      const num = BigInt(whole + frac)
      const den = 10n ** BigInt(frac.length)
      // volume of `target` pounds at t pcf: 1728 × target / t cubic inches
      const lw = BigInt(length) * BigInt(width)
      const height = (1728n * target * den) / (num * lw)
      const h = height < 1n ? 1n : height
      const pounds = (num * lw * h) / (1728n * den) + BigInt(delta)
      return { pounds: Number(pounds), dims: { length, width, height: Number(h) } }
    })

/**
 * A pallet whose volume is 1728 × 2^k cubic inches (k in 0 … 4): its density is w / 2^k pcf, which
 * a double holds exactly, so `densityOf` is exact. Includes 12 x 12 x 12 (density = pounds).
 */
export const exactDensityPalletArb: fc.Arbitrary<{ readonly dims: PalletSize; readonly poundsPerPcf: number }> = fc.oneof(
  fc.constant({ dims: { length: 12, width: 12, height: 12 }, poundsPerPcf: 1 }),
  fc
    .integer({ min: 0, max: 4 })
    .chain((k) => fc.tuple(fc.constant(k), splitInThree(6 + k), splitInThree(3)))
    .map(([k, [a1, a2, a3], [b1, b2, b3]]) => ({
      dims: { length: 2 ** a1 * 3 ** b1, width: 2 ** a2 * 3 ** b2, height: 2 ** a3 * 3 ** b3 },
      poundsPerPcf: 2 ** k,
    })),
)

/** n as an ordered sum of three non-negative integers. */
const splitInThree = (n: number): fc.Arbitrary<readonly [number, number, number]> =>
  fc.integer({ min: 0, max: n }).chain((x) => fc.integer({ min: 0, max: n - x }).map((y) => [x, y, n - x - y] as const))

// ---------------------------------------------------------------------------------------------
// Density scales

/**
 * A density scale as the spec writes it: thresholds from the highest down, each its decimal text
 * and the class from it upward to the next, then the class below the lowest threshold.
 *
 * @category arbitraries
 * @since 0.2.0
 */
export interface SpecScale {
  readonly thresholds: ReadonlyArray<readonly [string, FreightClassName]>
  readonly below: FreightClassName
}

/** Hundredths as decimal text: 1230 → '12.30'. */
const hundredthsText = (h: number): string => `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`

/**
 * A random well-formed density scale with the spec's shape (1 to 18 bands, thresholds with at
 * most two decimals strictly decreasing down to a last band at 0, classes strictly lighter as
 * density falls), as a `DensityScale` (`scale`, accepted by `makeConfig`) and as the spec writes a
 * scale (`spec`: thresholds as decimal text with their class, and the class below the lowest).
 *
 * Targets FRT-07.
 *
 * @example
 * fc.sample(randomScaleArb, { seed: 1, numRuns: 20 }).every(({ scale }) => isRight(makeConfig({ densityScale: scale })))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const randomScaleArb: fc.Arbitrary<{ readonly scale: DensityScale; readonly spec: SpecScale }> = fc
  .subarray([...FREIGHT_CLASSES], { minLength: 1 })
  .chain((classes) =>
    fc
      .uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: classes.length - 1, maxLength: classes.length - 1 })
      .map((hs) => {
        const descending = [...hs].sort((x, y) => y - x)
        const thresholds = descending.map((h, i) => [hundredthsText(h), classes[i]!] as const)
        const below = classes[classes.length - 1]!
        const scale: DensityScale = {
          name: 'random',
          bands: [...descending.map((h, i) => ({ minPcf: h / 100, freightClass: classes[i]! })), { minPcf: 0, freightClass: below }],
        }
        if (!isRight(makeConfig({ densityScale: scale }))) throw new Error('randomScaleArb built a scale makeConfig rejects')
        return { scale, spec: { thresholds, below } }
      }),
  )

// ---------------------------------------------------------------------------------------------
// Densities

/** x moved by n units in the last place (x positive and finite). */
export const ulpsFrom = (x: number, n: number): number => {
  const bits = new BigInt64Array(new Float64Array([x]).buffer)
  bits[0] = (bits[0] ?? 0n) + BigInt(n)
  return new Float64Array(bits.buffer)[0] ?? Number.NaN
}

/**
 * A positive finite density, pcf: anywhere, in the realistic range, or within 3 units in the last
 * place of one of the given thresholds.
 */
export const positiveDensityArb = (thresholds: ReadonlyArray<number>): fc.Arbitrary<number> =>
  fc.oneof(
    fc.double({ min: Number.MIN_VALUE, max: Number.MAX_VALUE, noNaN: true }),
    fc.double({ min: Number.MIN_VALUE, max: 100, noNaN: true }),
    fc.tuple(fc.constantFrom(...thresholds.filter((t) => t > 0)), fc.integer({ min: -3, max: 3 })).map(([t, n]) => ulpsFrom(t, n)),
  )

// ---------------------------------------------------------------------------------------------
// Dimension spellings (FRT-03 … FRT-05, ID-04)

/** A value a dimension field may carry: mostly a realistic number, sometimes any number. */
export const dimensionValueArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 200 }) },
  { weight: 1, arbitrary: fc.double() },
)

/** One field of a `dimensions` object: a value, or missing (no key, `undefined` or `null`). */
type Slot = { readonly present: true; readonly value: unknown } | { readonly present: false; readonly value?: null | undefined }

const slotArb = (value: fc.Arbitrary<unknown>): fc.Arbitrary<Slot> =>
  fc.oneof(
    { weight: 5, arbitrary: value.map((v): Slot => ({ present: true, value: v })) },
    { weight: 1, arbitrary: fc.constantFrom<Slot>({ present: false }, { present: false, value: undefined }, { present: false, value: null }) },
  )

/** Inherited, so never to be read: only own properties of a component count. */
const INHERITED_DECOY = Object.freeze({
  dimensions: Object.freeze({ length: 7, width: 7, height: 7 }),
  palletDimensions: Object.freeze([7, 7, 7]),
})

/** Defines an own data property (assignment would fail over a frozen inherited one). */
const setOwn = (obj: object, key: string, value: unknown): void => {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true })
}

/**
 * A component's dimensions in one of the ways a client can send them, with what was built:
 * `dimensions` absent (no key, `undefined`, `null`), complete, or an object lacking a field;
 * `palletDimensions` absent, a 3-element array, or malformed (another length, not an array). The
 * component is a plain object, a null-prototype one, or one that inherits complete dimensions and
 * palletDimensions (which must be ignored). `value` must never be `null` or `undefined`.
 */
export interface DimensionsCase {
  readonly input: Readonly<Record<string, unknown>>
  /** The dimensions object when one was sent, and whether all three fields are present. */
  readonly dimensions: { readonly given: Readonly<Record<string, unknown>>; readonly complete: boolean } | undefined
  /** What palletDimensions was. */
  readonly positional: { readonly kind: 'absent' } | { readonly kind: 'triple'; readonly hlw: readonly [unknown, unknown, unknown] } | { readonly kind: 'malformed' }
}

export const dimensionsCaseArb = (value: fc.Arbitrary<unknown> = dimensionValueArb): fc.Arbitrary<DimensionsCase> =>
  fc
    .record({
      dims: fc.oneof(
        fc.constantFrom<'noKey' | undefined | null>('noKey', undefined, null),
        fc.tuple(slotArb(value), slotArb(value), slotArb(value)),
      ),
      positional: fc.oneof(
        fc.constantFrom<{ kind: 'absent'; raw: 'noKey' | undefined | null }>({ kind: 'absent', raw: 'noKey' }, { kind: 'absent', raw: undefined }, { kind: 'absent', raw: null }),
        fc.tuple(value, value, value).map((hlw) => ({ kind: 'triple' as const, raw: hlw })),
        fc
          .oneof(
            fc.array(value, { maxLength: 2 }),
            fc.array(value, { minLength: 4, maxLength: 6 }),
            fc.string(),
            fc.integer(),
            fc.record({ height: value, length: value, width: value }),
          )
          .map((raw) => ({ kind: 'malformed' as const, raw })),
      ),
      prototype: fc.constantFrom<'plain' | 'null' | 'decoy'>('plain', 'null', 'decoy'),
    })
    .map(({ dims, positional, prototype }) => {
      const input: Record<string, unknown> =
        prototype === 'plain' ? {} : (Object.create(prototype === 'null' ? null : INHERITED_DECOY) as Record<string, unknown>)
      let dimensions: DimensionsCase['dimensions']
      if (Array.isArray(dims)) {
        const given: Record<string, unknown> = {}
        ;(['length', 'width', 'height'] as const).forEach((k, i) => {
          const slot = dims[i]!
          if (slot.present || 'value' in slot) given[k] = slot.value
        })
        dimensions = { given, complete: dims.every((s) => s.present) }
        setOwn(input, 'dimensions', given)
      } else if (dims !== 'noKey') {
        setOwn(input, 'dimensions', dims)
      }
      if (positional.raw !== 'noKey') setOwn(input, 'palletDimensions', positional.raw)
      const built: DimensionsCase['positional'] =
        positional.kind === 'triple' ? { kind: 'triple', hlw: positional.raw } : { kind: positional.kind }
      return { input, dimensions, positional: built }
    })

// ---------------------------------------------------------------------------------------------
// Footprints (FRT-11)

/** A footprint and the configuration that makes it the standard one (the default 48 x 40 or a random one). */
export interface FootprintConfig {
  readonly footprint: { readonly length: number; readonly width: number }
  /** `undefined`: call with the default configuration (argument omitted). */
  readonly config: RulesConfig | undefined
}

export const footprintConfigArb: fc.Arbitrary<FootprintConfig> = fc.oneof(
  fc.constant<FootprintConfig>({ footprint: { length: 48, width: 40 }, config: undefined }),
  fc.record({ length: fc.integer({ min: 1, max: 120 }), width: fc.integer({ min: 1, max: 120 }) }).map((footprint) => {
    const made = makeConfig({ pallet: { standardFootprint: footprint } })
    if (!isRight(made)) throw new Error('footprintConfigArb built a configuration makeConfig rejects')
    return { footprint, config: made.right }
  }),
)

/** Puts two sides in a random order as length and width, with a random height. */
const orient = (a: fc.Arbitrary<number>, b: fc.Arbitrary<number>): fc.Arbitrary<PalletSize> =>
  fc.tuple(a, b, fc.boolean(), fc.integer({ min: 1, max: 200 })).map(([x, y, swap, height]) =>
    swap ? { length: y, width: x, height } : { length: x, width: y, height },
  )

/** A pallet whose footprint fits inside `fp` in one of the two orientations. */
export const fittingPalletArb = (fp: { readonly length: number; readonly width: number }): fc.Arbitrary<PalletSize> =>
  orient(fc.integer({ min: 1, max: Math.max(fp.length, fp.width) }), fc.integer({ min: 1, max: Math.min(fp.length, fp.width) }))

/**
 * A pallet whose footprint fits inside `fp` in neither orientation: one side longer than the long
 * side of `fp`, or both sides longer than its short side.
 */
export const oversizedPalletArb = (fp: { readonly length: number; readonly width: number }): fc.Arbitrary<PalletSize> => {
  const long = Math.max(fp.length, fp.width)
  const short = Math.min(fp.length, fp.width)
  return fc.oneof(
    orient(fc.integer({ min: long + 1, max: long + 200 }), fc.integer({ min: 1, max: long + 200 })),
    orient(fc.integer({ min: short + 1, max: short + 200 }), fc.integer({ min: short + 1, max: short + 200 })),
  )
}
