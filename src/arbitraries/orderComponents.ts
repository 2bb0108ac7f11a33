// Generators for pallet groups in every shape the spec accepts (FRT-01 … FRT-08, ID-04), valid by
// construction and within the default configuration's limits with or without liftgate (so no
// 422 rule fires): dimensions complete, incomplete (ignored whole, so its fields may be any whole
// number of inches, 2^53 + 2 and 1e300 included), empty or absent; palletDimensions used, or
// ignored beside complete dimensions (then any whole numbers too); every optional string any
// string; pieceCount up to 2^53 − 1.
import fc from 'fast-check'
import { FREIGHT_CLASSES } from '../model/densityScales.js'
import { DEFAULT_BOUNDS } from './components.js'

const within = (max: number) => fc.integer({ min: DEFAULT_BOUNDS.min.length, max })
const boxArb = fc.record({ length: within(DEFAULT_BOUNDS.max.length), width: within(DEFAULT_BOUNDS.max.width), height: within(DEFAULT_BOUNDS.max.height) })
/** A whole number of inches that no limit judges (the field is ignored). */
const ignoredInchesArb = fc.oneof(fc.nat({ max: 500 }), fc.constantFrom(0, 2 ** 53 - 1, 2 ** 53 + 2, 1e300))

const option = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined })

/**
 * One valid pallet group in any shape the spec accepts, within the default configuration's
 * liftgate limits: dimensions complete, incomplete (then ignored whole) or absent;
 * palletDimensions used or ignored beside complete dimensions; every optional string any string;
 * pieceCount up to 2^53 − 1.
 *
 * Targets FRT-01 … FRT-08 and ID-04.
 *
 * @example
 * fc.sample(wireComponentArb, { seed: 1, numRuns: 30 }).every((c) => isRight(validateComponents([c], { liftgate: true })))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const wireComponentArb: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    palletCount: fc.integer({ min: 1, max: 3 }),
    poundsWeight: fc.integer({ min: 1, max: DEFAULT_BOUNDS.maxPounds }),
    dimensions: fc.oneof(
      boxArb.map((box) => ({ complete: true, value: box as Record<string, number> | undefined })),
      fc
        .record({ length: ignoredInchesArb, width: ignoredInchesArb, height: ignoredInchesArb })
        .chain((box) => fc.subarray(['length', 'width', 'height'] as const, { maxLength: 2 }).map((keys) => Object.fromEntries(keys.map((k) => [k, box[k]]))))
        .map((value) => ({ complete: false, value: value as Record<string, number> | undefined })),
      fc.constant({ complete: false, value: undefined as Record<string, number> | undefined }),
    ),
    positional: option(fc.tuple(boxArb, fc.tuple(ignoredInchesArb, ignoredInchesArb, ignoredInchesArb))),
    description: option(fc.string()),
    nmfcCode: option(fc.string({ maxLength: 12 })),
    freightClass: option(fc.constantFrom(...FREIGHT_CLASSES)),
    packagingType: option(fc.constantFrom('pallets', 'boxes', 'crates', '', ' ')),
    pieceCount: option(fc.oneof(fc.nat({ max: 500 }), fc.constantFrom(0, Number.MAX_SAFE_INTEGER))),
  })
  .map(({ dimensions, positional, ...rest }) => {
    const out: Record<string, unknown> = { ...rest }
    if (dimensions.value !== undefined) out['dimensions'] = dimensions.value
    if (positional !== undefined) {
      // [height, length, width]: within the limits when it is used, anything when complete dimensions win
      const [box, any] = positional
      out['palletDimensions'] = dimensions.complete ? any : [box.height, box.length, box.width]
    }
    return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined))
  })

/**
 * 1 to `max` (default 4) valid pallet groups of `wireComponentArb`, at most 3 pallets each.
 *
 * Targets FRT-01 … FRT-08, FRT-12 and ID-04.
 *
 * @example
 * fc.sample(wireComponentsArb(8), { seed: 1, numRuns: 20 }).every((list) => list.length <= 8 && isRight(validateComponents(list)))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const wireComponentsArb = (max = 4): fc.Arbitrary<Array<Record<string, unknown>>> => fc.array(wireComponentArb, { minLength: 1, maxLength: max })
