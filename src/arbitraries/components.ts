// Generators for order components (pallet groups): valid by construction against a given set of
// limits, in every spelling of dimensions (object, deprecated positional array, none), plus
// random valid configurations.
import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { makeConfig, type RulesConfig } from '../config.js'
import { FREIGHT_CLASSES } from '../model/densityScales.js'

/**
 * Pallet limits: minimum and maximum dimensions (inches) and the per-pallet weight cap (pounds).
 *
 * @category arbitraries
 * @since 0.2.0
 */
export interface Bounds {
  readonly min: { length: number; width: number; height: number }
  readonly max: { length: number; width: number; height: number }
  readonly maxPounds: number
}

/**
 * The pallet limits of a configuration that apply without or with a liftgate stop: minimum
 * and maximum dimensions and the per-pallet weight cap, as `componentWithin` takes them.
 *
 * Reads the limits of FRT-02, FRT-09 and FRT-10.
 *
 * @example
 * [boundsOf(defaultConfig, false).maxPounds, boundsOf(defaultConfig, true).max]
 * //=> [3000, { length: 60, width: 60, height: 96 }]
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const boundsOf = (config: RulesConfig, liftgate: boolean): Bounds => ({
  min: config.pallet.minDimensions,
  max: liftgate ? config.pallet.liftgate.maxDimensions : config.pallet.maxDimensions,
  maxPounds: liftgate ? config.pallet.liftgate.maxPoundsPerPallet : config.pallet.maxPoundsPerPallet,
})

/**
 * A valid configuration (built by `makeConfig`) with random, consistent pallet limits: minimum
 * dimensions, liftgate maxima at or above them, standard maxima at or above those, a liftgate
 * weight cap at most the standard one, and a per-order pallet maximum of 1 to 60.
 *
 * Targets FRT-09, FRT-10 and FRT-12 (their configurable limits).
 *
 * @example
 * fc.sample(configArb, { seed: 1, numRuns: 20 }).every((c) => c.pallet.liftgate.maxPoundsPerPallet <= c.pallet.maxPoundsPerPallet)
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const configArb: fc.Arbitrary<RulesConfig> = fc
  .record({
    min: fc.record({ length: fc.integer({ min: 1, max: 20 }), width: fc.integer({ min: 1, max: 20 }), height: fc.integer({ min: 1, max: 20 }) }),
    liftExtra: fc.record({ length: fc.integer({ min: 0, max: 80 }), width: fc.integer({ min: 0, max: 80 }), height: fc.integer({ min: 0, max: 80 }) }),
    stdExtra: fc.record({ length: fc.integer({ min: 0, max: 60 }), width: fc.integer({ min: 0, max: 60 }), height: fc.integer({ min: 0, max: 60 }) }),
    liftPounds: fc.integer({ min: 1, max: 4000 }),
    stdPoundsExtra: fc.integer({ min: 0, max: 4000 }),
    maxPallets: fc.integer({ min: 1, max: 60 }),
  })
  .map(({ min, liftExtra, stdExtra, liftPounds, stdPoundsExtra, maxPallets }) => {
    const lift = { length: min.length + liftExtra.length, width: min.width + liftExtra.width, height: min.height + liftExtra.height }
    const std = { length: lift.length + stdExtra.length, width: lift.width + stdExtra.width, height: lift.height + stdExtra.height }
    const r = makeConfig({
      pallet: {
        minDimensions: min,
        maxDimensions: std,
        maxPoundsPerPallet: liftPounds + stdPoundsExtra,
        liftgate: { maxDimensions: lift, maxPoundsPerPallet: liftPounds },
        maxPalletsPerOrder: maxPallets,
      },
    })
    if (!isRight(r)) throw new Error(`configArb built an invalid configuration: ${JSON.stringify(r.left)}`)
    return r.right
  })

const within = (lo: number, hi: number) => fc.integer({ min: lo, max: hi })

/**
 * How a component spells its dimensions.
 *
 * @category arbitraries
 * @since 0.2.0
 */
export type Spelling = 'dimensions' | 'palletDimensions' | 'default'

/**
 * A wire pallet group (1 to 3 pallets) valid within `bounds` (see `boundsOf`), dimensions
 * spelled in one of `spellings` (the `dimensions` object, the deprecated positional
 * `palletDimensions` [height, length, width], or none for the default 40 x 48 x 60), with the
 * dimensions it means (`dims`) and the spelling used.
 *
 * Targets FRT-01 … FRT-10.
 *
 * @example
 * fc.sample(componentWithin(boundsOf(defaultConfig, true)), { seed: 1, numRuns: 30 }).every((c) => isRight(validateComponents([c.wire], { liftgate: true })))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const componentWithin = (bounds: Bounds, spellings: ReadonlyArray<Spelling> = ['dimensions', 'palletDimensions']) =>
  fc
    .record({
      palletCount: fc.integer({ min: 1, max: 3 }),
      poundsWeight: within(1, bounds.maxPounds),
      length: within(bounds.min.length, bounds.max.length),
      width: within(bounds.min.width, bounds.max.width),
      height: within(bounds.min.height, bounds.max.height),
      spelling: fc.constantFrom(...spellings),
      freightClass: fc.option(fc.constantFrom(...FREIGHT_CLASSES), { nil: undefined }),
      description: fc.option(fc.constantFrom('  machine parts ', 'Bagged resin', 'Canned goods'), { nil: undefined }),
      pieceCount: fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined }),
    })
    .map(({ length, width, height, spelling, freightClass, description, pieceCount, ...rest }) => {
      const wire: Record<string, unknown> = { ...rest }
      if (spelling === 'dimensions') wire['dimensions'] = { length, width, height }
      if (spelling === 'palletDimensions') wire['palletDimensions'] = [height, length, width]
      if (freightClass !== undefined) wire['freightClass'] = freightClass
      if (description !== undefined) wire['description'] = description
      if (pieceCount !== undefined) wire['pieceCount'] = pieceCount
      return { wire, dims: { length, width, height }, spelling }
    })

export const DEFAULT_BOUNDS: Bounds = {
  min: { length: 1, width: 1, height: 1 },
  max: { length: 60, width: 60, height: 96 },
  maxPounds: 2500,
}

/**
 * A valid orderComponents list of 1 to 4 pallet groups, within the default configuration's
 * limits with or without a liftgate stop, dimensions in every spelling.
 *
 * Targets FRT-01 … FRT-12.
 *
 * @example
 * fc.sample(componentsArb, { seed: 1, numRuns: 30 }).every((list) => isRight(validateComponents(list, { liftgate: true })))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const componentsArb = fc.array(componentWithin(DEFAULT_BOUNDS, ['dimensions', 'palletDimensions', 'default']).map((c) => c.wire), { minLength: 1, maxLength: 4 })
