/**
 * Addresses (spec: Resources, Address; Confirm-time validation). Implements ADDR-01 … ADDR-13;
 * the country and state tables live in `country.ts`.
 *
 * One pass over the input: every field is read once, trimmed, upper-cased where it is a code,
 * checked, and every violation is collected with its full path.
 *
 * @module
 */
import { left, right } from 'fp-ts/lib/Either.js'
import { parsePath, type Path } from '../errors/path.js'
import { violationAt, type Result, type Violation, type Violations } from '../errors/violation.js'
import { isAbsent, isObject, jsonType, own, type JsonObject } from '../internal/input.js'
import {
  ADDRESS_FLAGS,
  type NormalizedAddress,
  type NormalizedShipmentAddress,
} from '../model/address.js'
import {
  isE164,
  isPhoneExtension,
  isTimeOfDay,
  isZipCode,
  TWO_LETTER_CODE_PATTERN,
} from '../model/patterns.js'
import { canonicalTerritory, classifyCountry, isRequestState, type ServedCountry } from './country.js'
import { readEmail, readFlag, readPattern, readText, report, type Sink } from '../internal/fields.js'

/**
 * What an address is being read for: `shipment` (a create request: ADDR-01 … ADDR-12), `quote`
 * (a quote request: only zipCode required, ADDR-13) or `response` (a server's reply: any
 * recognized country and its two-letter subdivision, ADDR-03).
 *
 * @category model
 * @since 0.1.0
 */
export type AddressPurpose = 'shipment' | 'quote' | 'response'

/**
 * Options of {@link normalizeAddress}.
 *
 * @category model
 * @since 0.1.0
 */
export interface NormalizeAddressOptions {
  readonly purpose?: AddressPurpose
  /** Prefix of every violation's field, as segments or wire text (`'pickupAddress'`). */
  readonly path?: string | Path
  /** The violations' entity; defaults to the first key of `path`, or null without a path. */
  readonly entity?: string | null
}

/**
 * The defaults of ADDR-05 and ADDR-11.
 *
 * @category model
 * @since 0.1.0
 */
export const ADDRESS_DEFAULTS = { country: 'US', openTime: '10:00', closeTime: '16:00' } as const

const ZIP_FORMAT = 'exactly 5 digits; 00000 and 99999 are not accepted'
const CODE_FORMAT = 'two letters'
const E164_FORMAT = 'an E.164 phone number: + then up to 15 digits, the first not 0'
const EXTENSION_FORMAT = '1 to 10 digits'
const TIME_FORMAT = 'a 24-hour time HH:mm'
const NOT_SERVED = 'must be US or a US territory (PR, GU, VI, AS, MP): other countries are not served'
const isBlank = (v: unknown): boolean => isAbsent(v) || (typeof v === 'string' && v.trim() === '')
const isTwoLetters = (s: string): boolean => s.length === 2 && TWO_LETTER_CODE_PATTERN.test(s)

/**
 * Returns the normalized address (strings trimmed, blank optional fields dropped, codes upper
 * case, the canonical territory form, defaults country US, openTime 10:00 and closeTime 16:00
 * applied, fields the spec does not define dropped) or every violation at once, each with its
 * full path and entity.
 *
 * Implements ADDR-01 … ADDR-13. Decisions (D): a territory normalizes to the territory code in
 * both country and state (ADDR-07); a response address keeps the spec's zipCode and state
 * patterns but may name any recognized country, whose state is then not checked against the US
 * list (ADDR-03); unknown fields are dropped, not reported.
 *
 * @example
 * normalizeAddress({ zipCode: ' 00901 ', state: 'pr', country: 'us' }, { purpose: 'quote', path: 'pickupAddress' })
 * //=> right({ state: 'PR', zipCode: '00901', country: 'PR', openTime: '10:00', closeTime: '16:00' })
 *
 * @category rules
 * @since 0.1.0
 */
export function normalizeAddress(
  input: unknown,
  options?: NormalizeAddressOptions & { readonly purpose?: 'shipment' },
): Result<NormalizedShipmentAddress>
export function normalizeAddress(input: unknown, options: NormalizeAddressOptions): Result<NormalizedAddress>
export function normalizeAddress(input: unknown, options: NormalizeAddressOptions = {}): Result<NormalizedAddress> {
  const purpose = options.purpose ?? 'shipment'
  const path = parsePath(options.path)
  const first = path[0]
  const entity = options.entity !== undefined ? options.entity : typeof first === 'string' ? first : null
  if (!isObject(input)) {
    const v = isAbsent(input)
      ? violationAt(path, entity, 'required', 'is required')
      : violationAt(path, entity, 'type', `must be an address object, got ${jsonType(input)}`)
    return left([v])
  }
  const out: Violation[] = []
  const sink: Sink = { entity, out }
  const value = readAddress(sink, input, path, purpose)
  if (out.length === 0) return right(value)
  // Report in wire-field order (country and state are judged after the fields they depend on).
  const rank = (v: Violation): number => FIELD_ORDER.indexOf(v.field.slice(v.field.lastIndexOf('.') + 1))
  return left(out.sort((x, y) => rank(x) - rank(y)) as unknown as Violations)
}

const FIELD_ORDER: ReadonlyArray<string> = [
  'name', 'address1', 'address2', 'city', 'state', 'zipCode', 'country', 'phoneNumber', 'phoneExtension',
  'contactPerson', 'email', 'openTime', 'closeTime', 'notes', ...ADDRESS_FLAGS,
]

const readAddress = (sink: Sink, a: JsonObject, path: Path, purpose: AddressPurpose): NormalizedAddress => {
  const shipment = purpose === 'shipment'
  const request = purpose !== 'response'
  const req = { required: shipment }
  const name = readText(sink, a, 'name', path, req)
  const address1 = readText(sink, a, 'address1', path, req)
  const address2 = readText(sink, a, 'address2', path)
  const city = readText(sink, a, 'city', path, req)
  let state = readPattern(sink, a, 'state', path, {
    required: purpose !== 'quote',
    upperCase: true,
    test: isTwoLetters,
    format: CODE_FORMAT,
  })
  const zipCode = readPattern(sink, a, 'zipCode', path, { required: true, test: isZipCode, format: ZIP_FORMAT })
  const countryText = readPattern(sink, a, 'country', path, { upperCase: true, test: isTwoLetters, format: CODE_FORMAT })
  const phoneNumber = readPattern(sink, a, 'phoneNumber', path, { required: shipment, test: isE164, format: E164_FORMAT })
  const phoneExtension = readPattern(sink, a, 'phoneExtension', path, { test: isPhoneExtension, format: EXTENSION_FORMAT })
  const contactPerson = readText(sink, a, 'contactPerson', path, req)
  const email = readEmail(sink, a, 'email', path)
  const openTime = readPattern(sink, a, 'openTime', path, { test: isTimeOfDay, format: TIME_FORMAT })
  const closeTime = readPattern(sink, a, 'closeTime', path, { test: isTimeOfDay, format: TIME_FORMAT })
  const notes = readText(sink, a, 'notes', path)

  // Country (ADDR-05, ADDR-06): absent means US; a malformed text was reported by readPattern.
  const countryGiven = !isBlank(own(a, 'country'))
  let country: string | undefined = countryGiven ? countryText : ADDRESS_DEFAULTS.country
  if (country !== undefined) {
    const kind = classifyCountry(country)
    if (kind === 'unknown') {
      report(sink, path, 'country', 'unknown_country', 'must be an ISO 3166-1 alpha-2 country code')
      country = undefined
    } else if (kind === 'not_served' && request) {
      report(sink, path, 'country', 'not_supported', NOT_SERVED)
      country = undefined
    }
  }

  // State (ADDR-02) and territory form (ADDR-07). A request names a US state, DC or territory
  // whatever its country says; the territory check needs a usable country.
  if (state !== undefined) {
    const served = country !== undefined && classifyCountry(country) === 'served'
    if ((request || served) && !isRequestState(state)) {
      report(sink, path, 'state', 'unknown_state', 'must be a US state, DC or territory code')
      state = undefined
    } else if (served) {
      const canonical = canonicalTerritory(country as ServedCountry, state)
      if (canonical === null) {
        report(sink, path, 'state', 'mismatch', `must be ${String(country)} when country is the US territory ${String(country)}`)
        state = undefined
      } else {
        country = canonical.country
        state = canonical.state
      }
    }
  }

  const flags: Partial<Record<(typeof ADDRESS_FLAGS)[number], boolean>> = {}
  for (const flag of ADDRESS_FLAGS) {
    const v = readFlag(sink, a, flag, path)
    if (v !== undefined) flags[flag] = v
  }

  const result: Record<string, unknown> = {}
  const put = (key: string, v: unknown): void => {
    if (v !== undefined) result[key] = v
  }
  put('name', name)
  put('address1', address1)
  put('address2', address2)
  put('city', city)
  put('state', state)
  put('zipCode', zipCode)
  put('country', country)
  put('phoneNumber', phoneNumber)
  put('phoneExtension', phoneExtension)
  put('contactPerson', contactPerson)
  put('email', email)
  put('openTime', openTime ?? ADDRESS_DEFAULTS.openTime)
  put('closeTime', closeTime ?? ADDRESS_DEFAULTS.closeTime)
  put('notes', notes)
  for (const flag of ADDRESS_FLAGS) put(flag, flags[flag])
  return result as unknown as NormalizedAddress
}
