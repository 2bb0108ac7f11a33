/**
 * Shipper dispatch contact (spec: Resources, CreateShipmentRequest, ShipperDispatch; rule CRT-08).
 * The wire codec; the name length limit and "at least one of email or phone" are checked by the
 * create rules.
 *
 * @module
 */
import * as t from 'io-ts'
import { E164Phone, Email } from './brands.js'
import { LIMITS, SCAC_PATTERN } from './patterns.js'

/**
 * The brand of {@link Scac}.
 *
 * @category model
 * @since 0.1.0
 */
export interface ScacBrand {
  readonly Scac: unique symbol
}

/**
 * A Standard Carrier Alpha Code: 2 to 4 upper-case letters (CRT-08).
 *
 * @example
 * Scac.is('ABCD')
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const Scac = t.brand(
  t.string,
  (s): s is t.Branded<string, ScacBrand> => s.length <= LIMITS.scacMaxLength && SCAC_PATTERN.test(s),
  'Scac',
)

/**
 * A Standard Carrier Alpha Code.
 *
 * @category model
 * @since 0.1.0
 */
export type Scac = t.TypeOf<typeof Scac>

/**
 * The operational dispatch contact of a shipment create (CRT-08): name required; email, phone
 * (E.164) and scac optional.
 *
 * @category codecs
 * @since 0.1.0
 */
export const ShipperDispatch = t.intersection(
  [
    t.type({ name: t.string }),
    t.partial({
      email: Email,
      phone: E164Phone,
      scac: Scac,
    }),
  ],
  'ShipperDispatch',
)

/**
 * The operational dispatch contact of a shipment create.
 *
 * @category model
 * @since 0.1.0
 */
export type ShipperDispatch = t.TypeOf<typeof ShipperDispatch>
