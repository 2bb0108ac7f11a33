/**
 * Numbers on the wire (spec: Resources and their fields; "integer" fields throughout, rule ID-02).
 * Branded codecs for the integer and non-negative number types the resources use. Each brand
 * refines the one before it, so a `PositiveInt` is also a `NonNegativeInt` and an `Int`.
 *
 * @module
 */
import * as t from 'io-ts'
import { described } from './schema.js'

/**
 * The brand of {@link Int}.
 *
 * @category model
 * @since 0.1.0
 */
export interface IntBrand {
  readonly Int: unique symbol
}

/**
 * A safe integer: a JSON integer that a JavaScript number holds exactly (ID-02; the spec's
 * `integer` and `integer (int64)`).
 *
 * @example
 * Int.is(3)
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const Int = described(
  t.brand(t.number, (n): n is t.Branded<number, IntBrand> => Number.isSafeInteger(n), 'Int'),
  { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
)

/**
 * A safe integer (ID-02).
 *
 * @category model
 * @since 0.1.0
 */
export type Int = t.TypeOf<typeof Int>

/**
 * The brand of {@link NonNegativeInt}.
 *
 * @category model
 * @since 0.1.0
 */
export interface NonNegativeIntBrand {
  readonly NonNegativeInt: unique symbol
}

/**
 * A safe integer of at least 0: counts, sizes, speeds (FRT-08 pieceCount, APT-06 leadTimeHours,
 * TRK-02 speed).
 *
 * @example
 * NonNegativeInt.is(-1)
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const NonNegativeInt = described(
  t.brand(Int, (n): n is t.Branded<Int, NonNegativeIntBrand> => n >= 0, 'NonNegativeInt'),
  { minimum: 0 },
)

/**
 * A safe integer of at least 0.
 *
 * @category model
 * @since 0.1.0
 */
export type NonNegativeInt = t.TypeOf<typeof NonNegativeInt>

/**
 * The brand of {@link PositiveInt}.
 *
 * @category model
 * @since 0.1.0
 */
export interface PositiveIntBrand {
  readonly PositiveInt: unique symbol
}

/**
 * A safe integer of at least 1: pallet counts, weights, inches (FRT-01, FRT-02, FRT-03).
 *
 * @example
 * PositiveInt.is(0)
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const PositiveInt = described(
  t.brand(NonNegativeInt, (n): n is t.Branded<NonNegativeInt, PositiveIntBrand> => n >= 1, 'PositiveInt'),
  { minimum: 1 },
)

/**
 * A safe integer of at least 1.
 *
 * @category model
 * @since 0.1.0
 */
export type PositiveInt = t.TypeOf<typeof PositiveInt>

/**
 * The brand of {@link NonNegativeNumber}.
 *
 * @category model
 * @since 0.1.0
 */
export interface NonNegativeNumberBrand {
  readonly NonNegativeNumber: unique symbol
}

/**
 * A finite number of at least 0, not necessarily whole (TRK-03 uncertaintyRadiusKm).
 *
 * @example
 * NonNegativeNumber.is(2.5)
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const NonNegativeNumber = described(
  t.brand(t.number, (n): n is t.Branded<number, NonNegativeNumberBrand> => Number.isFinite(n) && n >= 0, 'NonNegativeNumber'),
  { minimum: 0 },
)

/**
 * A finite number of at least 0.
 *
 * @category model
 * @since 0.1.0
 */
export type NonNegativeNumber = t.TypeOf<typeof NonNegativeNumber>
