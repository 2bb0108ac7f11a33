/**
 * Freight classes and density scales as data (spec: OrderComponent.freightClass; rules FRT-06,
 * FRT-07): the 18 classes and both scales are tables; the NMFC 2025 scale is the default. No codec
 * here, so configuration and rules can use the tables without bringing io-ts into a bundle; the
 * codec is in `freightClass.ts`.
 *
 * @module
 */

/**
 * The 18 freight classes, lowest (densest) first (FRT-06).
 *
 * @example
 * FREIGHT_CLASSES.length
 * //=> 18
 *
 * @category model
 * @since 0.1.0
 */
export const FREIGHT_CLASSES = [
  '50', '55', '60', '65', '70', '77.5', '85', '92.5', '100',
  '110', '125', '150', '175', '200', '250', '300', '400', '500',
] as const

/**
 * One of the 18 freight class strings.
 *
 * @category model
 * @since 0.1.0
 */
export type FreightClassName = (typeof FREIGHT_CLASSES)[number]

/**
 * One band of a density scale: densities of at least `minPcf` pounds per cubic foot (and below
 * the previous band's `minPcf`) get `freightClass`.
 *
 * @category model
 * @since 0.1.0
 */
export interface DensityBand {
  readonly minPcf: number
  readonly freightClass: FreightClassName
}

/**
 * A density scale: bands ordered by strictly decreasing `minPcf`, the last one at 0. Thresholds
 * have at most two decimal places, so a comparison can be made exactly in integers.
 *
 * @category model
 * @since 0.1.0
 */
export interface DensityScale {
  readonly name: string
  readonly bands: ReadonlyArray<DensityBand>
}

const band = (minPcf: number, freightClass: FreightClassName): DensityBand => ({ minPcf, freightClass })

/**
 * The 18-class density scale, the guideline before NMFC 2025, selectable (FRT-07): 50 at 50 pcf
 * and above down to 500 below 1 pcf; lower bounds inclusive. Select it with
 * `makeConfig({ densityScale: DENSITY_SCALE_18 })` for rates still quoted on the old scale.
 *
 * @example
 * DENSITY_SCALE_18.bands[0]
 * //=> { minPcf: 50, freightClass: '50' }
 *
 * @category model
 * @since 0.1.0
 */
export const DENSITY_SCALE_18: DensityScale = {
  name: 'DENSITY_SCALE_18',
  bands: [
    band(50, '50'), band(35, '55'), band(30, '60'), band(22.5, '65'), band(15, '70'),
    band(13.5, '77.5'), band(12, '85'), band(10.5, '92.5'), band(9, '100'), band(8, '110'),
    band(7, '125'), band(6, '150'), band(5, '175'), band(4, '200'), band(3, '250'),
    band(2, '300'), band(1, '400'), band(0, '500'),
  ],
}

/**
 * The NMFC 2025 density scale (item 133300's 13 subprovisions), the industry rule since 19 July
 * 2025 and the library's default (`defaultConfig.densityScale`, FRT-07): 50 at 50 pcf and above
 * down to 400 below 1 pcf; lower bounds inclusive.
 *
 * @example
 * NMFC_2025_SCALE.bands.length
 * //=> 13
 *
 * @category model
 * @since 0.1.0
 */
export const NMFC_2025_SCALE: DensityScale = {
  name: 'NMFC_2025_SCALE',
  bands: [
    band(50, '50'), band(35, '55'), band(30, '60'), band(22.5, '65'), band(15, '70'),
    band(12, '85'), band(10, '92.5'), band(8, '100'), band(6, '125'), band(4, '175'),
    band(2, '250'), band(1, '300'), band(0, '400'),
  ],
}
