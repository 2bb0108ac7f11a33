/**
 * Branded types for constrained wire values. A value of one of these types has been checked by
 * the codec of the same name (or by the rule that normalizes it), so code that receives a
 * `ZipCode` never re-checks it.
 *
 * @module
 */
import * as t from 'io-ts'
import { ISO_3166_1_ALPHA_2 } from './countries.js'
import { WIRE_FORMATS } from './patterns.js'
import { described, formatted } from './schema.js'

/**
 * The brand of a validated `ZipCode`.
 *
 * @category model
 * @since 0.1.0
 */
export interface ZipCodeBrand {
  readonly ZipCode: unique symbol
}
/**
 * A five-digit ZIP code other than 00000 and 99999 (ADDR-04).
 *
 * @example
 * ZipCode.is('00000')
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const ZipCode = formatted<'ZipCode', ZipCodeBrand>(WIRE_FORMATS.zipCode, 'ZipCode')
/** @category model */
export type ZipCode = t.TypeOf<typeof ZipCode>

/**
 * The brand of a validated `StateCode`.
 *
 * @category model
 * @since 0.1.0
 */
export interface StateCodeBrand {
  readonly StateCode: unique symbol
}
/**
 * Two upper-case letters (ADDR-02). Whether the code names a US state is a rule of requests,
 * not of the wire type: a response may carry another country's subdivision (ADDR-03).
 *
 * @example
 * StateCode.is('il')
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const StateCode = formatted<'StateCode', StateCodeBrand>(WIRE_FORMATS.twoLetterCode, 'StateCode')
/** @category model */
export type StateCode = t.TypeOf<typeof StateCode>

/**
 * The brand of a validated `CountryCode`.
 *
 * @category model
 * @since 0.1.0
 */
export interface CountryCodeBrand {
  readonly CountryCode: unique symbol
}
/**
 * An officially assigned ISO 3166-1 alpha-2 code, upper case (ADDR-05, ADDR-06).
 *
 * @example
 * CountryCode.is('US')
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const CountryCode = described(
  t.brand(t.string, (s): s is t.Branded<string, CountryCodeBrand> => ISO_3166_1_ALPHA_2.has(s), 'CountryCode'),
  { enum: [...ISO_3166_1_ALPHA_2] },
)
/** @category model */
export type CountryCode = t.TypeOf<typeof CountryCode>

/**
 * The brand of a validated `E164Phone`.
 *
 * @category model
 * @since 0.1.0
 */
export interface E164PhoneBrand {
  readonly E164Phone: unique symbol
}
/**
 * An E.164 phone number, `^\+[1-9]\d{1,14}$` (ADDR-08).
 *
 * @example
 * E164Phone.is('+13125550100')
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const E164Phone = formatted<'E164Phone', E164PhoneBrand>(WIRE_FORMATS.e164, 'E164Phone')
/** @category model */
export type E164Phone = t.TypeOf<typeof E164Phone>

/**
 * The brand of a validated `OrderNumber`.
 *
 * @category model
 * @since 0.1.0
 */
export interface OrderNumberBrand {
  readonly OrderNumber: unique symbol
}
/**
 * A PRO number: exactly five alphanumeric characters (ID-01).
 *
 * @example
 * OrderNumber.is('AB123')
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const OrderNumber = formatted<'OrderNumber', OrderNumberBrand>(WIRE_FORMATS.orderNumber, 'OrderNumber')
/** @category model */
export type OrderNumber = t.TypeOf<typeof OrderNumber>

/**
 * The brand of a validated `Cents`.
 *
 * @category model
 * @since 0.1.0
 */
export interface CentsBrand {
  readonly Cents: unique symbol
}
/**
 * An amount of US cents: a safe integer (ID-02). Never floating-point dollars.
 *
 * @example
 * Cents.is(1999.5)
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const Cents = described(
  t.brand(t.number, (n): n is t.Branded<number, CentsBrand> => Number.isSafeInteger(n), 'Cents'),
  { type: 'integer', format: 'int64', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
)
/** @category model */
export type Cents = t.TypeOf<typeof Cents>

/**
 * The brand of a validated `TimeOfDay`.
 *
 * @category model
 * @since 0.1.0
 */
export interface TimeOfDayBrand {
  readonly TimeOfDay: unique symbol
}
/**
 * An HH:mm 24-hour time of day (ADDR-11).
 *
 * @example
 * TimeOfDay.is('24:00')
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const TimeOfDay = formatted<'TimeOfDay', TimeOfDayBrand>(WIRE_FORMATS.timeOfDay, 'TimeOfDay')
/** @category model */
export type TimeOfDay = t.TypeOf<typeof TimeOfDay>

/**
 * The brand of a validated `Email`.
 *
 * @category model
 * @since 0.1.0
 */
export interface EmailBrand {
  readonly Email: unique symbol
}
/**
 * An e-mail address of at most 320 characters, WHATWG format (ADDR-10).
 *
 * @example
 * Email.is('dock@example.com')
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const Email = formatted<'Email', EmailBrand>(WIRE_FORMATS.email, 'Email')
/** @category model */
export type Email = t.TypeOf<typeof Email>

/**
 * The brand of a validated `PhoneExtension`.
 *
 * @category model
 * @since 0.1.0
 */
export interface PhoneExtensionBrand {
  readonly PhoneExtension: unique symbol
}
/**
 * A phone extension: 1 to 10 digits (ADDR-09).
 *
 * @example
 * PhoneExtension.is('12345678901')
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const PhoneExtension = formatted<'PhoneExtension', PhoneExtensionBrand>(WIRE_FORMATS.phoneExtension, 'PhoneExtension')
/** @category model */
export type PhoneExtension = t.TypeOf<typeof PhoneExtension>
