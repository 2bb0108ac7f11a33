/**
 * The wire patterns and length limits of the spec, each written once. Every rule, codec and
 * generator that needs one imports it from here (STYLE: one constant, one checker).
 *
 * @module
 */

/**
 * The spec's text limits (Limits; Address; AppointmentContact; ShipperDispatch).
 *
 * @category model
 * @since 0.1.0
 */
export const LIMITS = {
  /** email, everywhere it appears (ADDR-10, APT-03, CRT-08). */
  emailMaxLength: 320,
  /** phone of an appointment contact or a dispatch contact (APT-03, CRT-08). */
  contactPhoneMaxLength: 32,
  contactNameMaxLength: 200,
  contactRoleMaxLength: 100,
  appointmentContactsMax: 20,
  /** appointment and shipment-create instructions (APT-04, CRT-03). */
  instructionsMaxLength: 2000,
  appointmentReferenceNumbersMax: 10,
  appointmentReferenceNumberMaxLength: 64,
  createReferenceNumbersMax: 10,
  createReferenceNumberMaxLength: 128,
  portalUrlMaxLength: 512,
  leadTimeHoursMin: 0,
  leadTimeHoursMax: 168,
  dispatchNameMaxLength: 200,
  scacMaxLength: 4,
} as const

/** ZIP code: exactly five digits (ADDR-04). */
export const ZIP_CODE_PATTERN = /^\d{5}$/
/** The two five-digit values the spec rejects (ADDR-04). */
export const REJECTED_ZIP_CODES: ReadonlySet<string> = new Set(['00000', '99999'])
/** Two upper-case letters: state and country codes on the wire (ADDR-02, ADDR-05). */
export const TWO_LETTER_CODE_PATTERN = /^[A-Z]{2}$/
/** E.164 as the spec writes it for addresses (ADDR-08): `+`, a non-zero digit, up to 15 digits. */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/
/** E.164 as the spec writes it for appointment contacts (APT-03): `+` then 8 to 15 digits. */
export const CONTACT_PHONE_PATTERN = /^\+[1-9]\d{7,14}$/
/** phoneExtension: 1 to 10 digits (ADDR-09). */
export const PHONE_EXTENSION_PATTERN = /^\d{1,10}$/
/** HH:mm, 24-hour (ADDR-11). */
export const TIME_OF_DAY_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/
/** PRO number: exactly five alphanumeric characters (ID-01). */
export const ORDER_NUMBER_PATTERN = /^[A-Za-z0-9]{5}$/
/** SCAC: 2 to 4 upper-case letters (CRT-08). */
export const SCAC_PATTERN = /^[A-Z]{2,4}$/
/**
 * E-mail format: the WHATWG HTML "valid e-mail address" definition, the one browsers apply to
 * `<input type=email>`, so a front end and this library agree (ADDR-10, APT-03, CRT-08).
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/**
 * Whether a string is a ZIP code the spec accepts: five digits, not 00000 or 99999.
 *
 * @example
 * isZipCode('60601')
 * //=> true
 *
 * @category refinements
 * @since 0.1.0
 */
export const isZipCode = (s: string): boolean =>
  s.length === 5 && ZIP_CODE_PATTERN.test(s) && !REJECTED_ZIP_CODES.has(s)

/**
 * Whether a string is an e-mail address the spec accepts: at most 320 characters (checked
 * first, so a huge string never reaches the pattern) and of the WHATWG format.
 *
 * @example
 * isEmail('dock@example.com')
 * //=> true
 *
 * @category refinements
 * @since 0.1.0
 */
export const isEmail = (s: string): boolean => s.length <= LIMITS.emailMaxLength && EMAIL_PATTERN.test(s)

/**
 * Whether a string is an E.164 phone number as the address rules write it (ADDR-08).
 *
 * @example
 * isE164('+13125550100')
 * //=> true
 *
 * @category refinements
 * @since 0.1.0
 */
export const isE164 = (s: string): boolean => s.length <= 16 && E164_PATTERN.test(s)

/**
 * Whether a string is an HH:mm 24-hour time of day.
 *
 * @example
 * isTimeOfDay('24:00')
 * //=> false
 *
 * @category refinements
 * @since 0.1.0
 */
export const isTimeOfDay = (s: string): boolean => s.length === 5 && TIME_OF_DAY_PATTERN.test(s)

/**
 * Whether a string is a phone extension: 1 to 10 digits.
 *
 * @category refinements
 * @since 0.1.0
 */
export const isPhoneExtension = (s: string): boolean => s.length <= 10 && PHONE_EXTENSION_PATTERN.test(s)

/**
 * Whether a string is a five-character alphanumeric order number (PRO number).
 *
 * @category refinements
 * @since 0.1.0
 */
export const isOrderNumber = (s: string): boolean => s.length === 5 && ORDER_NUMBER_PATTERN.test(s)

/**
 * Whether a number is an amount of cents: a safe integer (ID-02; int64 on the wire, limited to
 * what a JavaScript number holds exactly).
 *
 * @example
 * isCents(1999.5)
 * //=> false
 *
 * @category refinements
 * @since 0.1.0
 */
export const isCents = (n: number): boolean => Number.isSafeInteger(n)
