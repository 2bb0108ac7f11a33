/**
 * Freight components (spec: Resources, OrderComponent and Dimensions; rules FRT-01 to FRT-08,
 * ID-04). The wire codecs of a pallet group, exactly what `validateComponents` accepts as shape.
 * Limits that depend on configuration (weight caps, dimension minima and maxima, pallets per
 * order, liftgate limits) are not stated here: they are 422 `pallet_invalid` rules of
 * `validateComponents`, so the codecs leave those numbers open at the top.
 *
 * @module
 */
import * as t from 'io-ts'
import { FreightClass } from './freightClass.js'
import { documented, integer, list, text } from './schema.js'

/** Free text as sent: any wire text (ERR-01, ID-03: no unpaired surrogate, no U+0000). */
const FreeText = text({ name: 'FreeText' })

/** A whole number of inches, at least 0 (below the configured minimum is a 422 limit). */
const Inches = integer({ minimum: 0, maximum: Number.POSITIVE_INFINITY, name: 'Inches' })

/**
 * Dimensions of one pallet in whole inches, each optional (FRT-03): each field present is a
 * whole number of at least 0; an object lacking any of the three is then ignored whole (a
 * notice, not a violation).
 *
 * @example
 * Dimensions.is({ length: 48, width: 40, height: 60 })
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const Dimensions = t.partial({ length: Inches, width: Inches, height: Inches }, 'Dimensions')

/**
 * Dimensions of one pallet in inches, each optional.
 *
 * @category model
 * @since 0.1.0
 */
export type Dimensions = t.TypeOf<typeof Dimensions>

/**
 * The deprecated positional dimensions `[height, length, width]` in inches (FRT-04, ID-04):
 * exactly three whole numbers of at least 0.
 *
 * @example
 * PalletDimensions.is([60, 48, 40])
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const PalletDimensions = documented(list(Inches, { minItems: 3, maxItems: 3, name: 'PalletDimensions' }), {
  deprecated: true,
  description: 'Deprecated: positional [height, length, width] in inches; use dimensions. Still accepted until the next major version.',
})

/**
 * Positional pallet dimensions `[height, length, width]`.
 *
 * @category model
 * @since 0.1.0
 */
export type PalletDimensions = t.TypeOf<typeof PalletDimensions>

/**
 * A pallet group (FRT-01 … FRT-08): palletCount and poundsWeight whole numbers of at least 1
 * (their caps are configured 422 limits), everything else optional in its wire type.
 *
 * @example
 * OrderComponent.is({ palletCount: 0, poundsWeight: 500 })
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const OrderComponent = t.intersection(
  [
    t.type({
      palletCount: integer({ minimum: 1, maximum: Number.POSITIVE_INFINITY, name: 'PalletCount' }),
      poundsWeight: integer({ minimum: 1, maximum: Number.POSITIVE_INFINITY, name: 'PoundsWeight' }),
    }),
    t.partial({
      dimensions: Dimensions,
      palletDimensions: PalletDimensions,
      description: FreeText,
      nmfcCode: FreeText,
      freightClass: FreightClass,
      packagingType: FreeText,
      pieceCount: integer({ minimum: 0, name: 'PieceCount' }),
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

/**
 * The pallet groups of a request: at least one (CRT-01, QTE-01).
 *
 * @example
 * OrderComponents.is([])
 * //=> false
 *
 * @category codecs
 * @since 0.2.0
 */
export const OrderComponents = list(OrderComponent, { minItems: 1, name: 'OrderComponents' })
