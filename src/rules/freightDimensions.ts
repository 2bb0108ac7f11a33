/**
 * Pallet dimensions (spec: OrderComponent, Dimensions; Versioning 4). Implements FRT-03, FRT-04,
 * FRT-05, FRT-11 and ID-04: which dimensions a component has, and whether its footprint is
 * oversized.
 *
 * @module
 */
import { defaultConfig, type RulesConfig } from '../config.js'
import { isAbsent, isObject, own } from '../internal/input.js'
import type { PalletSize } from './freightClass.js'
import { total } from '../internal/total.js'

/**
 * The dimensions a component gets when it gives none: length 40, width 48, height 60 (FRT-05).
 *
 * @example
 * DEFAULT_PALLET_DIMENSIONS
 * //=> { length: 40, width: 48, height: 60 }
 *
 * @category model
 * @since 0.1.0
 */
export const DEFAULT_PALLET_DIMENSIONS: PalletSize = { length: 40, width: 48, height: 60 }

/**
 * Where resolved dimensions come from.
 *
 * @category model
 * @since 0.1.0
 */
export type DimensionsSource = 'dimensions' | 'palletDimensions' | 'default'

/**
 * Something a client should tell its user although the input is valid: the deprecated
 * `palletDimensions` was used or ignored, or an incomplete `dimensions` object was ignored.
 *
 * @category model
 * @since 0.1.0
 */
export interface Notice {
  /** The field, relative to the component (`palletDimensions`, `dimensions`). */
  readonly field: string
  readonly code: 'deprecated_field' | 'ignored_incomplete_dimensions'
  readonly message: string
}

/**
 * Resolved dimensions, their source, and the notices resolution produced.
 *
 * @category model
 * @since 0.1.0
 */
export interface ResolvedDimensions extends PalletSize {
  readonly source: DimensionsSource
  readonly notices: ReadonlyArray<Notice>
}

/**
 * Positional order of the deprecated palletDimensions array (FRT-04).
 *
 * @internal
 */
export const PALLET_DIMENSIONS_ORDER = ['height', 'length', 'width'] as const

/**
 * The notice of a component whose deprecated `palletDimensions` were used.
 * Rules FRT-04 and ID-04.
 *
 * @example
 * NOTICE_PALLET_DIMENSIONS_USED.field
 * //=> 'palletDimensions'
 *
 * @category model
 * @since 0.1.0
 */
export const NOTICE_PALLET_DIMENSIONS_USED: Notice = {
  field: 'palletDimensions',
  code: 'deprecated_field',
  message: 'palletDimensions is deprecated and will be removed in the next major version: send dimensions { length, width, height } instead',
}
/**
 * The notice of a component that sent `palletDimensions` beside a complete `dimensions`.
 * Rules FRT-04 and FRT-05.
 *
 * @example
 * NOTICE_PALLET_DIMENSIONS_IGNORED.code
 * //=> 'deprecated_field'
 *
 * @category model
 * @since 0.1.0
 */
export const NOTICE_PALLET_DIMENSIONS_IGNORED: Notice = {
  field: 'palletDimensions',
  code: 'deprecated_field',
  message: 'palletDimensions is deprecated and was ignored because dimensions is complete: stop sending it',
}
/**
 * The notice of a component whose `dimensions` object lacked a field and was ignored.
 * Rule FRT-03.
 *
 * @example
 * NOTICE_INCOMPLETE_DIMENSIONS.code
 * //=> 'ignored_incomplete_dimensions'
 *
 * @category model
 * @since 0.1.0
 */
export const NOTICE_INCOMPLETE_DIMENSIONS: Notice = {
  field: 'dimensions',
  code: 'ignored_incomplete_dimensions',
  message: 'dimensions lacks length, width or height, so the whole object was ignored (the spec treats it as missing)',
}

/** Whether a value is present on the wire (not absent, not null). */
const present = (v: unknown): boolean => !isAbsent(v)

/**
 * Whether a `dimensions` value counts: an object with all three of length, width and height
 * present (FRT-03). Values are not judged here.
 *
 * @internal
 */
export const isCompleteDimensions = (d: unknown): boolean =>
  isObject(d) && present(own(d, 'length')) && present(own(d, 'width')) && present(own(d, 'height'))

/**
 * Returns the dimensions a component has, and where they come from: a complete `dimensions`
 * object (preferred); else the deprecated positional `palletDimensions` `[height, length, width]`
 * (with a deprecation notice); else 40 x 48 x 60. A `dimensions` object missing any of the three
 * is treated as missing (and a notice says so). Total, so every input gives an answer; values are
 * taken as given (validation is {@link validateComponents}'s job).
 *
 * Implements FRT-03, FRT-04, FRT-05, ID-04.
 *
 * Total: for a component it cannot read (a Proxy or getter that throws) it returns `NaN` dimensions (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * resolveDimensions({ dimensions: { length: 48 }, palletDimensions: [50, 48, 40] })
 * //=> { length: 48, width: 40, height: 50, source: 'palletDimensions', notices: [NOTICE_INCOMPLETE_DIMENSIONS, NOTICE_PALLET_DIMENSIONS_USED] }
 *
 * @category rules
 * @since 0.1.0
 */
export const resolveDimensions = /* @__PURE__ */ total(
(component: unknown): ResolvedDimensions => {
  const c = isObject(component) ? component : {}
  const dims = own(c, 'dimensions')
  const positional = own(c, 'palletDimensions')
  const hasPositional = present(positional)
  if (isCompleteDimensions(dims)) {
    const d = dims as Record<string, unknown>
    return {
      length: d['length'] as number,
      width: d['width'] as number,
      height: d['height'] as number,
      source: 'dimensions',
      notices: hasPositional ? [NOTICE_PALLET_DIMENSIONS_IGNORED] : [],
    }
  }
  const incomplete = isObject(dims) ? [NOTICE_INCOMPLETE_DIMENSIONS] : []
  if (Array.isArray(positional) && positional.length === 3) {
    const [height, length, width] = positional as [number, number, number]
    return { length, width, height, source: 'palletDimensions', notices: [...incomplete, NOTICE_PALLET_DIMENSIONS_USED] }
  }
  return { ...DEFAULT_PALLET_DIMENSIONS, source: 'default', notices: hasPositional ? [...incomplete, NOTICE_PALLET_DIMENSIONS_USED] : incomplete }
},
  () => ({ length: Number.NaN, width: Number.NaN, height: Number.NaN, source: 'dimensions' as const, notices: [] }),
)

/**
 * Whether a pallet's footprint is larger than the standard one (default 48 x 40), either way
 * round: the longer side is compared with the longer standard side, the shorter with the
 * shorter. Height does not matter. An oversized pallet is valid and priced as oversized.
 *
 * Implements FRT-11.
 *
 * Total: for dimensions or a configuration it cannot read, or a length or width that is not a number, it returns `false` (never an exception, never a coercion, whatever a JavaScript caller passes).
 *
 * @example
 * [isOversized({ length: 40, width: 48, height: 60 }), isOversized({ length: 50, width: 40, height: 40 })]
 * //=> [false, true]
 *
 * @category rules
 * @since 0.1.0
 */
export const isOversized = /* @__PURE__ */ total(
(dims: PalletSize, config: RulesConfig = defaultConfig): boolean => {
  const fp = config.pallet.standardFootprint
  // sizes that are not numbers are not compared (never coerced): not oversized
  if (typeof dims.length !== 'number' || typeof dims.width !== 'number') return false
  const long = Math.max(dims.length, dims.width)
  const short = Math.min(dims.length, dims.width)
  return long > Math.max(fp.length, fp.width) || short > Math.min(fp.length, fp.width)
},
  () => false,
)
