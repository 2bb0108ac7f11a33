/**
 * The wire patterns and length limits of the spec, each written once. Every rule, codec and
 * generator that needs one imports it from here (STYLE: one constant, one checker).
 *
 * @module
 */
import { exceedsLength } from '../internal/text.js'
import { total } from '../internal/total.js'

/**
 * The spec's text limits (Limits; Address; AppointmentContact; ShipperDispatch).
 * Rules ADDR-10, CRT-03, CRT-04, CRT-08 and APT-03 to APT-06.
 *
 * @example
 * LIMITS.instructionsMaxLength
 * //=> 2000
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

/**
 * A wire format: a pattern (the source of an ECMAScript regular expression, compiled with the
 * `u` flag exactly as JSON Schema validators compile `pattern`) and, where the spec gives one,
 * a length limit in code points (checked first, so a huge string never reaches the pattern).
 * The validators, the io-ts codecs and the generated OpenAPI document all read these entries,
 * so they cannot disagree on a format.
 *
 * @category model
 * @since 0.2.0
 */
export interface WireFormat {
  /** Source of the anchored pattern, as it appears in the OpenAPI document. */
  readonly pattern: string
  /** At most this many characters (code points), when the spec sets a limit. */
  readonly maxLength?: number
  /** What the format is, completing "must be …" in a violation message. */
  readonly description: string
}

// Years 0001 to 9999 (ID-03): four digits, never 0000 (no such year; PostgreSQL refuses it).
const YEAR_MONTH_DAY =
  '(?!0000)(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))' +
  '|(?:\\d\\d(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)'

/** The pieces of the portalUrl pattern (APT-02), RFC 3986 names. */
const PORTAL_URL_SOURCE = ((): string => {
  const label = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?'
  const topLabel = '[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?'
  const octet = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)'
  const host = `(?:${octet}(?:\\.${octet}){3}|(?:${label}\\.)*${topLabel})`
  const port = '(?::(?:[1-9]\\d{0,3}|[1-5]\\d{4}|6[0-4]\\d{3}|65[0-4]\\d{2}|655[0-2]\\d|6553[0-5]))?'
  const pct = '%[0-9A-Fa-f]{2}'
  const pchar = "-A-Za-z0-9._~!$&'()*+,;=:@"
  const slash = '\\/(?!(?:\\.|%2[Ee]){1,2}(?:[/?#]|$))'
  const path = `(?:${slash}(?:${slash}|[${pchar}]|${pct})*)?`
  const query = `(?:\\?(?:[${pchar.replace("'", '')}/?]|${pct})*)?`
  const fragment = `(?:#(?:[${pchar}/?]|${pct})*)?`
  return `^https:\\/\\/${host}${port}${path}${query}${fragment}$`
})()

/**
 * Every string format of the spec, written once (STYLE: one constant, one checker).
 * The formats of ADDR-04, ADDR-08 to ADDR-11, ID-01 and the others.
 *
 * @example
 * formatTest(WIRE_FORMATS.orderNumber)('AB123')
 * //=> true
 *
 * @category model
 * @since 0.2.0
 */
export const WIRE_FORMATS = {
  /** ZIP code: exactly 5 digits, 00000 and 99999 rejected (ADDR-04). */
  zipCode: { pattern: '^(?!00000$|99999$)\\d{5}$', description: 'exactly 5 digits; 00000 and 99999 are not accepted' },
  /** Two upper-case letters: the state of a response address (ADDR-02, ADDR-03). */
  twoLetterCode: { pattern: '^[A-Z]{2}$', description: 'two upper-case letters' },
  /** E.164 as the spec writes it for addresses and dispatch (ADDR-08, CRT-08). */
  e164: { pattern: '^\\+[1-9]\\d{1,14}$', description: 'an E.164 phone number: + then up to 15 digits, the first not 0' },
  /** E.164 as the spec writes it for the dispatch contact: at most 32 characters too (CRT-08). */
  dispatchPhone: { pattern: '^\\+[1-9]\\d{1,14}$', maxLength: 32, description: 'an E.164 phone number: + then up to 15 digits, the first not 0' },
  /** E.164 for appointment contacts: + then 8 to 15 digits, at most 32 characters (APT-03). */
  contactPhone: { pattern: '^\\+[1-9]\\d{7,14}$', maxLength: 32, description: 'an E.164 phone number: + then 8 to 15 digits, the first not 0' },
  /** phoneExtension: 1 to 10 digits (ADDR-09). */
  phoneExtension: { pattern: '^\\d{1,10}$', description: '1 to 10 digits' },
  /** HH:mm, 24-hour (ADDR-11). */
  timeOfDay: { pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d$', description: 'a 24-hour time HH:mm' },
  /** PRO number: exactly five alphanumeric characters (ID-01). */
  orderNumber: { pattern: '^[A-Za-z0-9]{5}$', description: '5 letters or digits' },
  /** SCAC: 2 to 4 upper-case letters (CRT-08). */
  scac: { pattern: '^[A-Z]{2,4}$', maxLength: 4, description: '2 to 4 upper-case letters' },
  /**
   * E-mail: the WHATWG HTML "valid e-mail address" definition, the one browsers apply to
   * `<input type=email>`, at most 320 characters (ADDR-10, APT-03, CRT-08).
   */
  email: {
    pattern:
      "^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$",
    maxLength: 320,
    description: 'an e-mail address (name@domain)',
  },
  /**
   * An ISO 8601 date-time with a real calendar day in the years 0001 to 9999 (four digits; 0000
   * is no year), hours and minutes, optional seconds and fraction (up to 9 digits), and Z or an
   * offset with or without colon (ID-03).
   */
  dateTime: {
    pattern:
      `^${YEAR_MONTH_DAY}T(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,9})?)?(?:Z|[+-](?:[01]\\d|2[0-3]):?[0-5]\\d)$`,
    maxLength: 35,
    description: 'an ISO 8601 date-time with Z or an offset',
  },
  /**
   * An https URL of at most 512 characters (APT-02), by the RFC 3986 grammar restricted to what
   * a WHATWG parser (a browser) keeps as written, up to the host's letter case, an explicit `:443`
   * and the `/` it adds to an empty path: the scheme `https` in lower case;
   * no userinfo; the host a DNS name (dot-separated labels of 1 to 63 ASCII letters, digits and
   * hyphens, no hyphen first or last, the last label starting with a letter so it never reads as
   * a number, no trailing dot, letters in either case) or a dotted-quad IPv4 address (octets 0 to
   * 255, no leading zeros), never an IPv6 literal; an optional port 1 to 65535 without leading
   * zeros (`:443` allowed); then path, query and fragment of RFC 3986 characters and `%XX`
   * escapes only, with no `.` or `..` path segment (also as `%2e`) and no `'` in the query (a
   * parser would rewrite both). Linear: every repetition is over alternatives that the next
   * character decides.
   */
  portalUrl: { pattern: PORTAL_URL_SOURCE, maxLength: 512, description: 'an https URL (https://host[:port][/path][?query][#fragment])' },
  /** A quote id: a UUID in its RFC 9562 text form, any version, either case (QTE-08). */
  quoteId: {
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    description: 'a quote id (a UUID)',
  },
  /**
   * Free text that is required: at least one character that is not white space (ADDR-01,
   * CRT-02). The pattern is unanchored: it only asks for one visible character somewhere.
   */
  notBlank: { pattern: '\\S', description: 'text with at least one character that is not white space' },
} as const satisfies Record<string, WireFormat>

/**
 * The tracking endpoint's include parameter (TRK-01): `location`, once or more, comma-separated;
 * at most 1,024 characters, a decision (D). Apart from WIRE_FORMATS so that bundles without the
 * tracking rules do not carry it.
 *
 * @internal
 */
export const TRACKING_INCLUDE_FORMAT = { pattern: '^location(?:,location)*$', maxLength: 1024, description: 'location, once or more, comma-separated (the one optional section)' } as const satisfies WireFormat

/**
 * The Idempotency-Key header (CRT-10, decided by the library: the spec says only "string"): 1 to
 * 255 visible ASCII characters, 0x21 to 0x7E (no blank, no control character, nothing outside
 * ASCII), compared exactly as sent. Apart from WIRE_FORMATS so that bundles of the request
 * validators do not carry it.
 *
 * @internal
 */
export const IDEMPOTENCY_KEY_FORMAT = { pattern: '^[!-~]+$', maxLength: 255, description: '1 to 255 visible ASCII characters (0x21 to 0x7E: no blank, no control character)' } as const satisfies WireFormat

/**
 * Wire text (ERR-01, ID-03, decided by the library): well-formed Unicode (no unpaired surrogate,
 * as I-JSON, RFC 7493, requires) without U+0000, which PostgreSQL's `text` and `jsonb` cannot
 * hold. Under the `u` flag a surrogate pair is one code point outside the class, so only a lone
 * surrogate is refused. Every free-text field of a request carries it in the OpenAPI document
 * (the validators check it with one scan, `isWireText`). Apart from WIRE_FORMATS so that bundles
 * of the validators do not carry the pattern text.
 *
 * @internal
 */
export const WIRE_TEXT_FORMAT = { pattern: '^[^\\u0000\\uD800-\\uDFFF]*$', description: 'well-formed Unicode text without U+0000 (no unpaired surrogate)' } as const satisfies WireFormat

/**
 * Required wire text: `WIRE_TEXT_FORMAT` with at least one character that is not white
 * space (one pattern, since a JSON Schema holds one `pattern` keyword; linear: the blank prefix
 * and the first visible character cannot overlap).
 *
 * @internal
 */
export const NOT_BLANK_WIRE_TEXT_FORMAT = {
  pattern: '^\\s*[^\\s\\u0000\\uD800-\\uDFFF][^\\u0000\\uD800-\\uDFFF]*$',
  description: 'well-formed Unicode text without U+0000, with at least one character that is not white space',
} as const satisfies WireFormat

const compiled = (f: WireFormat): RegExp => new RegExp(f.pattern, 'u')

/**
 * The shipment modes of a quote request, exactly as the spec writes them (QTE-01).
 *
 * @example
 * SHIPMENT_MODES
 * //=> ['ltl', 'ftl']
 *
 * @category model
 * @since 0.2.0
 */
export const SHIPMENT_MODES = ['ltl', 'ftl'] as const

/**
 * ZIP code: exactly five digits, not 00000 or 99999 (ADDR-04).
 *
 * @internal
 */
export const ZIP_CODE_PATTERN = compiled(WIRE_FORMATS.zipCode)
/**
 * E.164 as the spec writes it for addresses (ADDR-08): `+`, a non-zero digit, up to 15 digits.
 *
 * @internal
 */
export const E164_PATTERN = compiled(WIRE_FORMATS.e164)
/**
 * E.164 as the spec writes it for appointment contacts (APT-03): `+` then 8 to 15 digits.
 *
 * @internal
 */
export const CONTACT_PHONE_PATTERN = compiled(WIRE_FORMATS.contactPhone)
/**
 * phoneExtension: 1 to 10 digits (ADDR-09).
 *
 * @internal
 */
export const PHONE_EXTENSION_PATTERN = compiled(WIRE_FORMATS.phoneExtension)
/**
 * HH:mm, 24-hour (ADDR-11).
 *
 * @internal
 */
export const TIME_OF_DAY_PATTERN = compiled(WIRE_FORMATS.timeOfDay)
/**
 * PRO number: exactly five alphanumeric characters (ID-01).
 *
 * @internal
 */
export const ORDER_NUMBER_PATTERN = compiled(WIRE_FORMATS.orderNumber)
/**
 * A date-time with a real calendar day (ID-03).
 *
 * @internal
 */
export const DATE_TIME_PATTERN = compiled(WIRE_FORMATS.dateTime)
/**
 * An https portal URL (APT-02).
 *
 * @internal
 */
export const PORTAL_URL_PATTERN = compiled(WIRE_FORMATS.portalUrl)
/**
 * E-mail, the pattern alone (ADDR-10); the length limit is the caller's.
 *
 * @internal
 */
export const EMAIL_PATTERN = compiled(WIRE_FORMATS.email)
/**
 * Required free text: one character that is not white space (ADDR-01, CRT-02).
 *
 * @internal
 */
export const NOT_BLANK_PATTERN = compiled(WIRE_FORMATS.notBlank)

/**
 * A checker for one wire format: the length limit (in code points) first, then the pattern.
 * Total: the checker answers `false` for a value that is not a string, and a format it cannot
 * read gives a checker that accepts nothing (never an exception).
 * Implements no rule ID.
 *
 * @example
 * formatTest(WIRE_FORMATS.scac)('ABCD')
 * //=> true
 *
 * @category utils
 * @since 0.2.0
 */
export const formatTest = /* @__PURE__ */ total(
  (format: WireFormat): ((s: string) => boolean) => {
    // a pattern that is not text (a JavaScript caller's object, array or number) is never turned
    // into text: the test rejects everything, as for any other format it cannot read
    if (typeof format.pattern !== 'string') return rejectAll
    const re = compiled(format)
    const max: unknown = format.maxLength
    if (max !== undefined && typeof max !== 'number') return rejectAll
    return max === undefined
      ? (s) => typeof s === 'string' && re.test(s)
      : (s) => typeof s === 'string' && !exceedsLength(s, max) && re.test(s)
  },
  () => rejectAll,
)

/** The checker of a format that could not be read: it accepts nothing. */
const rejectAll = (_s: string): boolean => false

/**
 * Whether a string is a ZIP code the spec accepts: five digits, not 00000 or 99999.
 * Rule ADDR-04.
 *
 * @example
 * isZipCode('60601')
 * //=> true
 *
 * @category refinements
 * @since 0.1.0
 */
export const isZipCode = (s: string): boolean => typeof s === 'string' && s.length === 5 && ZIP_CODE_PATTERN.test(s)

/**
 * Whether a string is an e-mail address the spec accepts: at most 320 characters (checked
 * first, so a huge string never reaches the pattern) and of the WHATWG format.
 * Rule ADDR-10.
 *
 * @example
 * isEmail('dock@example.com')
 * //=> true
 *
 * @category refinements
 * @since 0.1.0
 */
export const isEmail: (s: string) => boolean = formatTest(WIRE_FORMATS.email)


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
export const isE164 = (s: string): boolean => typeof s === 'string' && s.length <= 16 && E164_PATTERN.test(s)

/**
 * Whether a string is an HH:mm 24-hour time of day.
 * For example, `isTimeOfDay('24:00')` is `false`.
 *
 * @internal
 */
export const isTimeOfDay = (s: string): boolean => s.length === 5 && TIME_OF_DAY_PATTERN.test(s)

/**
 * Whether a string is a phone extension: 1 to 10 digits.
 *
 * @internal
 */
export const isPhoneExtension = (s: string): boolean => s.length <= 10 && PHONE_EXTENSION_PATTERN.test(s)

/**
 * Whether a string is a five-character alphanumeric order number (PRO number).
 * Rule ID-01.
 *
 * @example
 * isOrderNumber('AB12')
 * //=> false
 *
 * @category refinements
 * @since 0.1.0
 */
export const isOrderNumber = (s: string): boolean => typeof s === 'string' && s.length === 5 && ORDER_NUMBER_PATTERN.test(s)

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
