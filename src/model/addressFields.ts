/**
 * Address field names (spec: Resources, Address), as data with no codec attached, so that rules
 * can use them without bringing io-ts into a bundle.
 *
 * @module
 */

/**
 * The address flags of ADDR-12, in wire order.
 *
 * @example
 * ADDRESS_FLAGS.includes('insideRequired')
 * //=> true
 *
 * @category model
 * @since 0.1.0
 */
export const ADDRESS_FLAGS = [
  'liftgateRequired',
  'limitedAccess',
  'appointmentRequired',
  'callAheadRequired',
  'lumperRequired',
  'insideRequired',
] as const

/**
 * An address flag name.
 *
 * @category model
 * @since 0.1.0
 */
export type AddressFlag = (typeof ADDRESS_FLAGS)[number]
