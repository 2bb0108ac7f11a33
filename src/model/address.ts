/**
 * Address (spec: Resources, Address). The wire codec, and the types of normalized addresses.
 *
 * @module
 */
import * as t from 'io-ts'
import { CountryCode, E164Phone, Email, PhoneExtension, StateCode, TimeOfDay, ZipCode } from './brands.js'
import { caseInsensitiveCodes, ISO_COUNTRY_FORMAT, REQUEST_STATE_SET, REQUEST_STATES, SERVED_COUNTRY_FORMAT, SERVED_SET, TERRITORY_SET, US_TERRITORIES } from './countries.js'
import { asciiUpperCase } from '../internal/text.js'
import { crossField, formatted, text, type JsonSchema } from './schema.js'

/**
 * The brand of a validated `ServedCountryText`.
 *
 * @category model
 * @since 0.2.0
 */
export interface ServedCountryTextBrand {
  readonly ServedCountryText: unique symbol
}
/**
 * A request's country as sent: US or a served territory, in either case (ADDR-05, ADDR-06).
 *
 * @example
 * ServedCountryText.is('MX')
 * //=> false
 *
 * @category codecs
 * @since 0.2.0
 */
export const ServedCountryText = formatted<'ServedCountryText', ServedCountryTextBrand>(SERVED_COUNTRY_FORMAT, 'ServedCountryText')

/**
 * The brand of a validated `CountryText`.
 *
 * @category model
 * @since 0.2.0
 */
export interface CountryTextBrand {
  readonly CountryText: unique symbol
}
/**
 * A response's country as sent: any ISO 3166-1 alpha-2 code, in either case (ADDR-03, ADDR-05).
 *
 * @example
 * CountryText.is('us')
 * //=> true
 *
 * @category codecs
 * @since 0.2.0
 */
export const CountryText = formatted<'CountryText', CountryTextBrand>(ISO_COUNTRY_FORMAT, 'CountryText')

/**
 * The state of a request address: a US state, DC or a served territory, upper case (ADDR-02).
 *
 * @example
 * RequestState.is('PR')
 * //=> true
 *
 * @category codecs
 * @since 0.2.0
 */
export const RequestState = t.keyof(
  Object.fromEntries(REQUEST_STATES.map((s) => [s, null])) as { [K in (typeof REQUEST_STATES)[number]]: null },
  'RequestState',
)


/** ADDR-07: a territory country names its own code as state (or no state). */
const territoryConsistent = (a: { readonly country?: string; readonly state?: string }): boolean => {
  const country = a.country === undefined ? undefined : asciiUpperCase(a.country)
  return country === undefined || !TERRITORY_SET.has(country) || a.state === undefined || a.state === country
}

const TERRITORY_SCHEMA: JsonSchema = {
  allOf: US_TERRITORIES.map((code) => ({
    if: { required: ['country'], properties: { country: { pattern: caseInsensitiveCodes([code]) } } },
    then: { properties: { state: { const: code } } },
  })),
}

/** ADDR-03: a response whose country is absent (US) or served names a US state, DC or territory. */
const servedStateConsistent = (a: { readonly country?: string; readonly state?: string }): boolean =>
  a.state === undefined || !(a.country === undefined || SERVED_SET.has(asciiUpperCase(a.country))) || REQUEST_STATE_SET.has(a.state)

const RESPONSE_SCHEMA: JsonSchema = {
  allOf: [
    ...(TERRITORY_SCHEMA['allOf'] as ReadonlyArray<JsonSchema>),
    {
      if: { anyOf: [{ not: { required: ['country'] } }, { required: ['country'], properties: { country: { pattern: SERVED_COUNTRY_FORMAT.pattern } } }] },
      then: { properties: { state: { enum: [...REQUEST_STATES] } } },
    },
  ],
}

/** Free text as sent: any wire text (ERR-01, ID-03: no unpaired surrogate, no U+0000). */
const FreeText = text({ name: 'FreeText' })

const OPTIONAL_FIELDS = {
  address2: FreeText,
  phoneExtension: PhoneExtension,
  email: Email,
  openTime: TimeOfDay,
  closeTime: TimeOfDay,
  notes: FreeText,
  liftgateRequired: t.boolean,
  limitedAccess: t.boolean,
  appointmentRequired: t.boolean,
  callAheadRequired: t.boolean,
  lumperRequired: t.boolean,
  insideRequired: t.boolean,
}

/**
 * Address as a server sends it (shipper, consignee and billTo on the invoice; ADDR-03): zipCode
 * and state required, any recognized country (either case) with its two-letter subdivision; a US
 * or served country still names a US state, DC or territory, and a territory its own code.
 *
 * @example
 * Address.is({ zipCode: '60601' })
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const Address = crossField(
  t.intersection([
    t.type({ zipCode: ZipCode, state: StateCode }),
    t.partial({
      name: FreeText,
      address1: FreeText,
      city: FreeText,
      country: CountryText,
      phoneNumber: E164Phone,
      contactPerson: FreeText,
      ...OPTIONAL_FIELDS,
    }),
  ]),
  (a) => territoryConsistent(a) && servedStateConsistent(a),
  RESPONSE_SCHEMA,
  'Address',
)

/**
 * An address as it appears on the wire.
 *
 * @category model
 * @since 0.1.0
 */
export type Address = t.TypeOf<typeof Address>

/**
 * Address of a quote request (ADDR-13): only zipCode required; every other field, when present,
 * in its wire format; a request names a US state, DC or territory (ADDR-02) and a served
 * country (ADDR-06), a territory country its own code as state (ADDR-07).
 *
 * @example
 * QuoteRequestAddress.is({ zipCode: '60601' })
 * //=> true
 *
 * @category codecs
 * @since 0.2.0
 */
export const QuoteRequestAddress = crossField(
  t.intersection([
    t.type({ zipCode: ZipCode }),
    t.partial({
      name: FreeText,
      address1: FreeText,
      city: FreeText,
      state: RequestState,
      country: ServedCountryText,
      phoneNumber: E164Phone,
      contactPerson: FreeText,
      ...OPTIONAL_FIELDS,
    }),
  ]),
  territoryConsistent,
  TERRITORY_SCHEMA,
  'QuoteRequestAddress',
)

/**
 * An address of a quote request.
 *
 * @category model
 * @since 0.2.0
 */
export type QuoteRequestAddress = t.TypeOf<typeof QuoteRequestAddress>

const RequiredText = text({ notBlank: true, name: 'RequiredText' })

/**
 * An address of a shipment create request (ADDR-01 … ADDR-12): name, address1, city and
 * contactPerson with one character that is not white space, state, zipCode and phoneNumber
 * required; a served country; a territory country its own code as state.
 *
 * @example
 * ShipmentAddress.is({ zipCode: '60601' })
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const ShipmentAddress = crossField(
  t.intersection([
    t.type({
      name: RequiredText,
      address1: RequiredText,
      city: RequiredText,
      state: RequestState,
      zipCode: ZipCode,
      phoneNumber: E164Phone,
      contactPerson: RequiredText,
    }),
    t.partial({ country: ServedCountryText, ...OPTIONAL_FIELDS }),
  ]),
  territoryConsistent,
  TERRITORY_SCHEMA,
  'ShipmentAddress',
)

/**
 * An address with the fields a shipment create requires.
 *
 * @category model
 * @since 0.1.0
 */
export type ShipmentAddress = t.TypeOf<typeof ShipmentAddress>

/**
 * What normalization guarantees on top of the wire type: the defaults are applied.
 *
 * @category model
 * @since 0.1.0
 */
export interface AddressDefaultsApplied {
  readonly country: CountryCode
  readonly openTime: TimeOfDay
  readonly closeTime: TimeOfDay
}

/**
 * A normalized address: values as sent, the country in upper case, canonical territory form,
 * defaults applied. The state is optional because a quote address may omit it.
 *
 * @category model
 * @since 0.1.0
 */
export type NormalizedAddress = Omit<Address, 'state' | 'country'> & { readonly state?: string } & AddressDefaultsApplied

/**
 * A normalized address valid for a shipment create.
 *
 * @category model
 * @since 0.1.0
 */
export type NormalizedShipmentAddress = Omit<ShipmentAddress, 'state' | 'country'> & { readonly state: string } & AddressDefaultsApplied
