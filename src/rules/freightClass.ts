/**
 * Density and freight class (spec: OrderComponent.freightClass; rules FRT-06, FRT-07).
 *
 * The class of a pallet is decided exactly: `1728 × pounds` is compared with
 * `threshold × length × width × height` in integers (thresholds scaled to hundredths), never a
 * rounded floating-point density, so a pallet whose density sits exactly on a boundary lands in
 * the class the scale gives that boundary (lower bounds are inclusive).
 *
 * @module
 */
import { defaultConfig, type RulesConfig } from '../config.js'
import {
  FREIGHT_CLASSES,
  NMFC_2025_SCALE,
  type DensityScale,
  type FreightClassName,
} from '../model/densityScales.js'
import { total } from '../internal/total.js'

/**
 * Length, width and height of one pallet, inches.
 *
 * @category model
 * @since 0.1.0
 */
export interface PalletSize {
  readonly length: number
  readonly width: number
  readonly height: number
}

/** Cubic inches in a cubic foot. */
const CUBIC_INCHES_PER_FOOT = 1728

/**
 * Returns the density of one pallet in pounds per cubic foot: `1728 × pounds / (L × W × H)`, as
 * a floating-point number for display (classes are decided exactly by {@link freightClassForPallet}).
 * `NaN` when a dimension is not positive or an argument is not a number.
 *
 * Implements FRT-07.
 *
 * Total: for arguments it cannot read it returns `NaN` (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * densityOf(500, { length: 48, width: 40, height: 48 })
 * //=> 9.375
 *
 * @category rules
 * @since 0.1.0
 */
export const densityOf = /* @__PURE__ */ total(
(poundsPerPallet: number, dims: PalletSize): number => {
  if (typeof poundsPerPallet !== 'number' || typeof dims.length !== 'number' || typeof dims.width !== 'number' || typeof dims.height !== 'number') return Number.NaN
  const volume = dims.length * dims.width * dims.height
  return volume > 0 ? (CUBIC_INCHES_PER_FOOT * poundsPerPallet) / volume : Number.NaN
},
  () => Number.NaN,
)

/** The failure value of the class functions: the last (highest) class of the default scale. */
const LAST_CLASS: FreightClassName = NMFC_2025_SCALE.bands[NMFC_2025_SCALE.bands.length - 1]?.freightClass ?? '400'

const CLASS_SET: ReadonlySet<string> = new Set(FREIGHT_CLASSES)

/** A class read from a caller's scale, or the failure value when the scale is malformed. */
const checkedClass = (c: unknown): FreightClassName => (typeof c === 'string' && CLASS_SET.has(c) ? (c as FreightClassName) : LAST_CLASS)

/** A threshold in hundredths of a pound per cubic foot (22.5 → 2250). */
const hundredths = (pcf: number): number => Math.round(pcf * 100)

/**
 * Returns the class a density (pounds per cubic foot) gets on a scale (default
 * `NMFC_2025_SCALE`, the NMFC 2025 density scale in force since 19 July 2025): the class of the first band whose lower bound the density reaches (bounds
 * inclusive). A density below 0, `NaN` or infinite gets the class of the last band for below 0
 * and `NaN`, the first for `Infinity`.
 *
 * Implements FRT-07. The comparison is exact for the given number; to classify a pallet from its
 * weight and dimensions without floating-point drift, use {@link freightClassForPallet}.
 *
 * Total: for a density or scale it cannot read (not a number, a malformed scale) it returns the last class of the default scale, as for `NaN` (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * [freightClassForDensity(22.5), freightClassForDensity(22.49), freightClassForDensity(9.375, NMFC_2025_SCALE)]
 * //=> ['65', '70', '100']
 *
 * @category rules
 * @since 0.1.0
 */
export const freightClassForDensity = /* @__PURE__ */ total(
(pcf: number, scale: DensityScale = NMFC_2025_SCALE): FreightClassName => {
  const bands = scale.bands
  if (typeof pcf !== 'number') return checkedClass(bands[bands.length - 1]?.freightClass)
  for (const band of bands) {
    // A malformed band is never coerced (a nested array's toString recurses): the failure value.
    if (typeof band.minPcf !== 'number') return LAST_CLASS
    if (pcf >= band.minPcf) return checkedClass(band.freightClass)
  }
  return checkedClass(bands[bands.length - 1]?.freightClass)
},
  () => LAST_CLASS,
)

/**
 * Returns the class of one pallet from its weight (pounds, per pallet) and dimensions (inches),
 * decided exactly in integer arithmetic: the first band with
 * `1728 × pounds × 100 ≥ minPcfHundredths × L × W × H`. Falls back to BigInt when a product
 * leaves the safe-integer range, so the answer is exact for every integer input.
 *
 * Implements FRT-07. Decision (D): the NMFC 2025 scale is the default (as `config.densityScale`), the
 * older 18-class guideline is selectable by passing `DENSITY_SCALE_18` or setting it in the configuration.
 *
 * Total: for arguments it cannot read it returns the last class of the default scale, as for a pallet without volume (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * // 45 lb in 12 x 12 x 24 in is exactly 22.5 pcf: class 65, not 70
 * freightClassForPallet(45, { length: 12, width: 12, height: 24 })
 * //=> '65'
 *
 * @category rules
 * @since 0.1.0
 */
export const freightClassForPallet = /* @__PURE__ */ total(
(
  poundsPerPallet: number,
  dims: PalletSize,
  scale: DensityScale = NMFC_2025_SCALE,
): FreightClassName => {
  const bands = scale.bands
  const last = checkedClass(bands[bands.length - 1]?.freightClass)
  if (![poundsPerPallet, dims.length, dims.width, dims.height].every((n) => typeof n === 'number')) return last
  const volume = dims.length * dims.width * dims.height
  const weight = CUBIC_INCHES_PER_FOOT * 100 * poundsPerPallet
  if (!(volume > 0) || !(weight >= 0)) return last
  const top = hundredths(bands[0]?.minPcf ?? 0)
  const safe = Number.isSafeInteger(volume) && Number.isSafeInteger(weight) && Number.isSafeInteger(volume * top)
  if (safe) {
    for (const band of bands) if (weight >= hundredths(band.minPcf) * volume) return checkedClass(band.freightClass)
    return last
  }
  if (![poundsPerPallet, dims.length, dims.width, dims.height].every(Number.isSafeInteger)) {
    // Non-integer inputs outside the safe range: classify the floating density (no exact form).
    return freightClassForDensity(densityOf(poundsPerPallet, dims), scale)
  }
  const bigVolume = BigInt(dims.length) * BigInt(dims.width) * BigInt(dims.height)
  const bigWeight = BigInt(CUBIC_INCHES_PER_FOOT * 100) * BigInt(poundsPerPallet)
  for (const band of bands) if (bigWeight >= BigInt(hundredths(band.minPcf)) * bigVolume) return checkedClass(band.freightClass)
  return last
},
  () => LAST_CLASS,
)

/**
 * What {@link effectiveFreightClass} needs of a component: its per-pallet weight, its resolved
 * dimensions, and the class it declares, if any.
 *
 * @category model
 * @since 0.1.0
 */
export interface ClassInput {
  readonly poundsWeight: number
  readonly dimensions: PalletSize
  readonly freightClass?: string | undefined
}


/**
 * Returns the class that applies to a component and where it comes from: a declared class (one
 * of the 18) is authoritative (`declared`); otherwise the class of one pallet's density on the
 * configured scale (`density`). The class never depends on palletCount.
 *
 * Implements FRT-06, FRT-07.
 *
 * Total: a component it cannot read (no `dimensions`, not an object) gets the last class of the default scale from `density`, as a pallet without volume does (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * [effectiveFreightClass({ poundsWeight: 500, dimensions: { length: 48, width: 40, height: 48 } }),
 *  effectiveFreightClass({ poundsWeight: 500, dimensions: { length: 48, width: 40, height: 48 }, freightClass: '150' })]
 * //=> [{ freightClass: '100', source: 'density' }, { freightClass: '150', source: 'declared' }]
 *
 * @category rules
 * @since 0.1.0
 */
export const effectiveFreightClass = /* @__PURE__ */ total(
(
  component: ClassInput,
  options: { readonly config?: RulesConfig } = {},
): { readonly freightClass: FreightClassName; readonly source: 'declared' | 'density' } => {
  const declared = component.freightClass
  if (declared !== undefined && CLASS_SET.has(declared)) {
    return { freightClass: declared as FreightClassName, source: 'declared' }
  }
  const scale = (options.config ?? defaultConfig).densityScale
  return { freightClass: freightClassForPallet(component.poundsWeight, component.dimensions, scale), source: 'density' }
},
  () => ({ freightClass: LAST_CLASS, source: 'density' as const }),
)
