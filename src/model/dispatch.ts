/**
 * The shipper's dispatch contact (spec: CreateShipmentRequest, ShipperDispatch; rule CRT-08).
 *
 * @module
 */
import * as t from 'io-ts'
import { Email } from './brands.js'
import { LIMITS, WIRE_FORMATS } from './patterns.js'
import { crossField, formatted, text } from './schema.js'

/**
 * The brand of a validated `Scac`.
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
export const Scac = formatted<'Scac', ScacBrand>(WIRE_FORMATS.scac, 'Scac')

/**
 * A SCAC.
 *
 * @category model
 * @since 0.1.0
 */
export type Scac = t.TypeOf<typeof Scac>

/**
 * The brand of a validated `DispatchPhone`.
 *
 * @category model
 * @since 0.2.0
 */
export interface DispatchPhoneBrand {
  readonly DispatchPhone: unique symbol
}

/**
 * The dispatch contact's phone: E.164, at most 32 characters (CRT-08).
 *
 * @example
 * DispatchPhone.is('+13125550100')
 * //=> true
 *
 * @category codecs
 * @since 0.2.0
 */
export const DispatchPhone = formatted<'DispatchPhone', DispatchPhoneBrand>(WIRE_FORMATS.dispatchPhone, 'DispatchPhone')

/**
 * Operational dispatch contact (CRT-08): name required (one visible character, at most 200),
 * email, phone and scac optional in their formats, at least one of email or phone.
 *
 * @example
 * ShipperDispatch.is({ name: 'Dispatch desk' })
 * //=> false
 * ShipperDispatch.is({ name: 'Dispatch desk', email: 'dispatch@example.com' })
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const ShipperDispatch = crossField(
  t.intersection([
    t.type({ name: text({ maxLength: LIMITS.dispatchNameMaxLength, notBlank: true, name: 'DispatchName' }) }),
    t.partial({ email: Email, phone: DispatchPhone, scac: Scac }),
  ]),
  (d) => d.email !== undefined || d.phone !== undefined,
  { anyOf: [{ required: ['email'] }, { required: ['phone'] }] },
  'ShipperDispatch',
)

/**
 * A dispatch contact.
 *
 * @category model
 * @since 0.1.0
 */
export type ShipperDispatch = t.TypeOf<typeof ShipperDispatch>
