/**
 * Freight components (spec: Resources, OrderComponent and Dimensions; rules FRT-01 to FRT-08,
 * ID-04). The wire codecs of a pallet group. Limits that depend on configuration (weight caps,
 * dimension maxima) are rules, not part of the wire type.
 *
 * @module
 */
import * as t from 'io-ts'
import { FreightClass } from './freightClass.js'
import { NonNegativeInt, PositiveInt } from './numbers.js'

/**
 * Dimensions of one pallet in whole inches, each optional (FRT-03). Whether a partial object
 * counts as missing is the rule's business, not the codec's.
 *
 * @category codecs
 * @since 0.1.0
 */
export const Dimensions = t.partial(
  {
    length: PositiveInt,
    width: PositiveInt,
    height: PositiveInt,
  },
  'Dimensions',
)

/**
 * Dimensions of one pallet in inches, each optional.
 *
 * @category model
 * @since 0.1.0
 */
export type Dimensions = t.TypeOf<typeof Dimensions>

const PalletTriple = t.tuple([PositiveInt, PositiveInt, PositiveInt])

/**
 * The deprecated positional dimensions `[height, length, width]` in inches (FRT-04, ID-04).
 * Exactly three entries: unlike `t.tuple`, a longer array is rejected, not silently truncated.
 *
 * @category codecs
 * @since 0.1.0
 */
export const PalletDimensions = new t.Type<
  t.TypeOf<typeof PalletTriple>,
  t.OutputOf<typeof PalletTriple>,
  unknown
>(
  'PalletDimensions',
  PalletTriple.is,
  (u, c) =>
    Array.isArray(u) && u.length !== 3
      ? t.failure(u, c, 'must have exactly 3 entries: [height, length, width]')
      : PalletTriple.validate(u, c),
  PalletTriple.encode,
)

/**
 * Positional pallet dimensions `[height, length, width]`.
 *
 * @category model
 * @since 0.1.0
 */
export type PalletDimensions = t.TypeOf<typeof PalletDimensions>

/**
 * A pallet group: count and per-pallet weight required, everything else optional
 * (FRT-01, FRT-02, FRT-03, FRT-04, FRT-06, FRT-08).
 *
 * @category codecs
 * @since 0.1.0
 */
export const OrderComponent = t.intersection(
  [
    t.type({
      palletCount: PositiveInt,
      poundsWeight: PositiveInt,
    }),
    t.partial({
      dimensions: Dimensions,
      palletDimensions: PalletDimensions,
      description: t.string,
      nmfcCode: t.string,
      freightClass: FreightClass,
      packagingType: t.string,
      pieceCount: NonNegativeInt,
    }),
  ],
  'OrderComponent',
)

/**
 * A pallet group as it appears on the wire.
 *
 * @category model
 * @since 0.1.0
 */
export type OrderComponent = t.TypeOf<typeof OrderComponent>
