/**
 * The freight class codec (spec: OrderComponent.freightClass; rule FRT-06).
 *
 * @module
 */
import * as t from 'io-ts'
import { FREIGHT_CLASSES, type FreightClassName } from './densityScales.js'

/**
 * A freight class as the wire writes it.
 *
 * @category model
 * @since 0.1.0
 */
export type FreightClass = FreightClassName

/**
 * The freight class codec: one of the 18 class strings.
 * Rule FRT-06.
 *
 * @example
 * [FreightClass.is('77.5'), FreightClass.is('75')]
 * //=> [true, false]
 *
 * @category codecs
 * @since 0.1.0
 */
export const FreightClass = t.keyof(
  Object.fromEntries(FREIGHT_CLASSES.map((c) => [c, null])) as { [K in FreightClass]: null },
  'FreightClass',
)

