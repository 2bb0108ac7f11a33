/**
 * Addresses (spec: Resources, Address; Confirm-time validation). Implements ADDR-01 … ADDR-13;
 * the country and state tables live in `country.ts`.
 *
 * One pass over the input: every field is read once and checked exactly as the spec's line reads
 * (strict: no trimming, no case folding except the country, which the spec makes
 * case-insensitive), and every violation is collected with its full path.
 *
 * @module
 */
import { left, right } from '../internal/either.js'
import { parsePath, type Path } from '../errors/path.js'
import { violationAt, type Result, type Violation, type Violations } from '../errors/violation.js'
import { isObject, jsonType, type JsonObject } from '../internal/input.js'
import { asciiUpperCase } from '../internal/text.js'
import type { NormalizedAddress, NormalizedShipmentAddress } from '../model/address.js'
import { ADDRESS_FLAGS } from '../model/addressFields.js'
import { WIRE_FORMATS } from '../model/patterns.js'
import { unreadableResult } from '../errors/unreadable.js'
import { canonicalTerritory, classifyCountry, isRequestState, type ServedCountry } from './country.js'
import { codeKind, isExtension, isLetters2, isText, isUpper2, isZip, optE164, optEmail, optFlag, optText, optTimeOfDay, REQUEST_STATE, required, SERVED, TERRITORY } from '../validate/fastChecks.js'
import {
  formatField,
  readEmail,
  readFlag,
  readPattern,
  readText,
  report,
  type PatternOptions,
  type Sink,
  type TextOptions,
} from '../validate/fields.js'

/**
 * What an address is being read for: `shipment` (a create request: ADDR-01 … ADDR-12), `quote`
 * (a quote request: only zipCode required, ADDR-13) or `response` (a server's reply, which may name any
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
 * @internal
 */
export const ADDRESS_DEFAULTS = { country: 'US', openTime: '10:00', closeTime: '16:00' } as const

const NOT_SERVED = 'must be US or a US territory (PR, GU, VI, AS, MP): other countries are not served'
const TWO_ASCII_LETTERS = /^[A-Za-z]{2}$/

/**
 * Returns the normalized address (values as sent, the country in upper case, the canonical
 * territory form, defaults country US, openTime 10:00 and closeTime 16:00 applied, fields the
 * spec does not define dropped) or every violation at once, each with its full path and entity.
 * Strict: nothing is trimmed or case-folded (`state: 'il'` is a `pattern` violation), `null` is
 * not absent (a `type` violation), an empty optional string is judged as sent; to repair what a
 * person typed, run `repairInput('address', …)` first.
 *
 * Implements ADDR-01 … ADDR-13. Decisions (D): a territory normalizes to the territory code in
 * both country and state (ADDR-07); the country alone is read case-insensitively (ASCII letters
 * only, as the spec says); a required text field needs one character that is not white space
 * (ADDR-01); a response address keeps the spec's zipCode and state patterns but may name any
 * recognized country, whose state is then not checked against the US list (ADDR-03); unknown
 * fields are dropped, not reported. Every string read must be wire text (ERR-01, ID-03, a library decision: well-formed Unicode
 * without U+0000, which storage cannot hold): otherwise one `encoding` violation at its field,
 * judged after its type and length and before its format; unknown keys are never read, whatever
 * text they hold.
 *
 * Total: an input or options it cannot read (a Proxy or getter that throws, options that are not
 * an object) give a Left with one `type` violation at the root (never an exception).
 *
 * @example
 * normalizeAddress({ zipCode: '00901', state: 'PR', country: 'us' }, { purpose: 'quote', path: 'pickupAddress' })
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
  try {
    return readNormalized(input, options)
  } catch {
    return unreadableResult<NormalizedAddress>()
  }
}

const readNormalized = (input: unknown, options: NormalizeAddressOptions): Result<NormalizedAddress> => {
  const purpose = options.purpose ?? 'shipment'
  const path = parsePath(options.path)
  const first = path[0]
  const entity = options.entity !== undefined ? options.entity : typeof first === 'string' ? first : null
  if (!isObject(input)) {
    const v = input === undefined
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

/**
 * The raw values of the fields the spec defines, taken from own properties only.
 *
 * @internal
 */
export interface RawAddress {
  name?: unknown
  address1?: unknown
  address2?: unknown
  city?: unknown
  state?: unknown
  zipCode?: unknown
  country?: unknown
  phoneNumber?: unknown
  phoneExtension?: unknown
  contactPerson?: unknown
  email?: unknown
  openTime?: unknown
  closeTime?: unknown
  notes?: unknown
  liftgateRequired?: unknown
  limitedAccess?: unknown
  appointmentRequired?: unknown
  callAheadRequired?: unknown
  lumperRequired?: unknown
  insideRequired?: unknown
}

const hasOwn = Object.prototype.hasOwnProperty

/**
 * One pass over the own keys; fields the spec does not define are skipped, inherited ones
 * (a polluted prototype, Object.create(…)) never seen. Shared with the requests' fast path.
 *
 * @internal
 */
export const pickAddress = (a: JsonObject): RawAddress => {
  // Pre-shaped: every read address gets the same hidden class whatever its key order.
  const r: RawAddress = {
    name: undefined, address1: undefined, address2: undefined, city: undefined, state: undefined,
    zipCode: undefined, country: undefined, phoneNumber: undefined, phoneExtension: undefined,
    contactPerson: undefined, email: undefined, openTime: undefined, closeTime: undefined,
    notes: undefined, liftgateRequired: undefined, limitedAccess: undefined,
    appointmentRequired: undefined, callAheadRequired: undefined, lumperRequired: undefined,
    insideRequired: undefined,
  }
  // Dispatched on the key's length first: at most three comparisons per key.
  for (const key in a) {
    if (!hasOwn.call(a, key)) continue
    switch (key.length) {
      case 4: if (key === 'name') r.name = a[key]; else if (key === 'city') r.city = a[key]; break
      case 5: if (key === 'state') r.state = a[key]; else if (key === 'email') r.email = a[key]; else if (key === 'notes') r.notes = a[key]; break
      case 7: if (key === 'zipCode') r.zipCode = a[key]; else if (key === 'country') r.country = a[key]; break
      case 8: if (key === 'address1') r.address1 = a[key]; else if (key === 'address2') r.address2 = a[key]; else if (key === 'openTime') r.openTime = a[key]; break
      case 9: if (key === 'closeTime') r.closeTime = a[key]; break
      case 11: if (key === 'phoneNumber') r.phoneNumber = a[key]; break
      case 13: if (key === 'contactPerson') r.contactPerson = a[key]; else if (key === 'limitedAccess') r.limitedAccess = a[key]; break
      case 14: if (key === 'phoneExtension') r.phoneExtension = a[key]; else if (key === 'lumperRequired') r.lumperRequired = a[key]; else if (key === 'insideRequired') r.insideRequired = a[key]; break
      case 16: if (key === 'liftgateRequired') r.liftgateRequired = a[key]; break
      case 17: if (key === 'callAheadRequired') r.callAheadRequired = a[key]; break
      case 19: if (key === 'appointmentRequired') r.appointmentRequired = a[key]; break
    }
  }
  return r
}

const REQUIRED: TextOptions = { required: true, notBlank: true }
const OPTIONAL: TextOptions = {}
const state = (required: boolean): PatternOptions => formatField(WIRE_FORMATS.twoLetterCode, required)
const STATE_REQUIRED = state(true)
const STATE_OPTIONAL = state(false)
const ZIP: PatternOptions = formatField(WIRE_FORMATS.zipCode, true)
const COUNTRY: PatternOptions = { test: (s) => TWO_ASCII_LETTERS.test(s), format: 'two letters' }
const PHONE_REQUIRED: PatternOptions = formatField(WIRE_FORMATS.e164, true)
const PHONE_OPTIONAL: PatternOptions = formatField(WIRE_FORMATS.e164)
const EXTENSION: PatternOptions = formatField(WIRE_FORMATS.phoneExtension)
const TIME: PatternOptions = formatField(WIRE_FORMATS.timeOfDay)

const readAddress = (sink: Sink, a: JsonObject, path: Path, purpose: AddressPurpose): NormalizedAddress => {
  const shipment = purpose === 'shipment'
  const request = purpose !== 'response'
  const req = shipment ? REQUIRED : OPTIONAL
  const raw = pickAddress(a)
  readText(sink, raw.name, path, 'name', req)
  readText(sink, raw.address1, path, 'address1', req)
  readText(sink, raw.address2, path, 'address2')
  readText(sink, raw.city, path, 'city', req)
  let stateCode = readPattern(sink, raw.state, path, 'state', purpose === 'quote' ? STATE_OPTIONAL : STATE_REQUIRED)
  readPattern(sink, raw.zipCode, path, 'zipCode', ZIP)
  const countryRaw = readPattern(sink, raw.country, path, 'country', COUNTRY)
  const countryText = countryRaw === undefined ? undefined : asciiUpperCase(countryRaw)
  readPattern(sink, raw.phoneNumber, path, 'phoneNumber', shipment ? PHONE_REQUIRED : PHONE_OPTIONAL)
  readPattern(sink, raw.phoneExtension, path, 'phoneExtension', EXTENSION)
  readText(sink, raw.contactPerson, path, 'contactPerson', req)
  readEmail(sink, raw.email, path, 'email')
  readPattern(sink, raw.openTime, path, 'openTime', TIME)
  readPattern(sink, raw.closeTime, path, 'closeTime', TIME)
  readText(sink, raw.notes, path, 'notes')

  // Country (ADDR-05, ADDR-06): absent means US; a malformed text was reported by readPattern.
  let country: string | undefined = raw.country === undefined ? ADDRESS_DEFAULTS.country : countryText
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
  if (stateCode !== undefined) {
    const served = country !== undefined && classifyCountry(country) === 'served'
    if ((request || served) && !isRequestState(stateCode)) {
      report(sink, path, 'state', 'unknown_state', 'must be a US state, DC or territory code')
      stateCode = undefined
    } else if (served) {
      const canonical = canonicalTerritory(country as ServedCountry, stateCode)
      if (canonical === null) {
        report(sink, path, 'state', 'mismatch', `must be ${String(country)} when country is the US territory ${String(country)}`)
        stateCode = undefined
      } else {
        country = canonical.country
        stateCode = canonical.state
      }
    }
  }

  readFlag(sink, raw.liftgateRequired, path, 'liftgateRequired')
  readFlag(sink, raw.limitedAccess, path, 'limitedAccess')
  readFlag(sink, raw.appointmentRequired, path, 'appointmentRequired')
  readFlag(sink, raw.callAheadRequired, path, 'callAheadRequired')
  readFlag(sink, raw.lumperRequired, path, 'lumperRequired')
  readFlag(sink, raw.insideRequired, path, 'insideRequired')

  // The value is used only when nothing was reported, so every field read as sent.
  return addressValue(raw, stateCode, country)
}

/**
 * The normalized address of a valid one: its fields as sent, in wire order by named stores (the
 * same hidden class for every address), the state and country given, the default hours applied.
 * Shared with the requests' fast path.
 *
 * @internal
 */
export const addressValue = (raw: RawAddress, state: string | undefined, country: string | undefined): NormalizedAddress => {
  const {
    name, address1, address2, city, zipCode, phoneNumber, phoneExtension, contactPerson, email, openTime, closeTime, notes,
    liftgateRequired, limitedAccess, appointmentRequired, callAheadRequired, lumperRequired, insideRequired,
  } = raw
  const r: Record<string, unknown> & RawAddress = {}
  if (name !== undefined) r.name = name
  if (address1 !== undefined) r.address1 = address1
  if (address2 !== undefined) r.address2 = address2
  if (city !== undefined) r.city = city
  if (state !== undefined) r.state = state
  if (zipCode !== undefined) r.zipCode = zipCode
  if (country !== undefined) r.country = country
  if (phoneNumber !== undefined) r.phoneNumber = phoneNumber
  if (phoneExtension !== undefined) r.phoneExtension = phoneExtension
  if (contactPerson !== undefined) r.contactPerson = contactPerson
  if (email !== undefined) r.email = email
  r.openTime = openTime ?? ADDRESS_DEFAULTS.openTime
  r.closeTime = closeTime ?? ADDRESS_DEFAULTS.closeTime
  if (notes !== undefined) r.notes = notes
  if (liftgateRequired !== undefined) r.liftgateRequired = liftgateRequired
  if (limitedAccess !== undefined) r.limitedAccess = limitedAccess
  if (appointmentRequired !== undefined) r.appointmentRequired = appointmentRequired
  if (callAheadRequired !== undefined) r.callAheadRequired = callAheadRequired
  if (lumperRequired !== undefined) r.lumperRequired = lumperRequired
  if (insideRequired !== undefined) r.insideRequired = insideRequired
  return r as unknown as NormalizedAddress
}

/**
 * The fast path of a request's address (`shipment`: ADDR-01 … ADDR-12, otherwise a quote's,
 * ADDR-13): the normalized address when it is plainly valid, else `undefined`, and then
 * `normalizeAddress` answers (see `requestsFast.ts`). Never throws.
 *
 * @internal
 */
export const fastAddress = (input: unknown, shipment: boolean): NormalizedAddress | undefined => {
  try {
    if (!isObject(input)) return undefined
    const a = pickAddress(input)
    const { name, address1, city, phoneNumber, contactPerson, zipCode } = a
    if (shipment) {
      if (!required(name, Infinity) || !required(address1, Infinity) || !required(city, Infinity) || !required(contactPerson, Infinity) || phoneNumber === undefined) return undefined
    } else if (!optText(name) || !optText(address1) || !optText(city) || !optText(contactPerson)) return undefined
    if (!isText(zipCode) || !isZip(zipCode) || !optE164(phoneNumber, 2) || !optText(a.address2) || !optText(a.notes) || !optEmail(a.email)) return undefined
    const ext = a.phoneExtension
    if (!(ext === undefined || (isText(ext) && isExtension(ext))) || !optTimeOfDay(a.openTime) || !optTimeOfDay(a.closeTime)) return undefined
    if (!optFlag(a.liftgateRequired) || !optFlag(a.limitedAccess) || !optFlag(a.appointmentRequired) || !optFlag(a.callAheadRequired) || !optFlag(a.lumperRequired) || !optFlag(a.insideRequired)) return undefined
    // A request's country is served (ADDR-05, ADDR-06); its state a request state (ADDR-02),
    // written the canonical territory way (ADDR-07).
    const rawCountry = a.country
    let country: string = ADDRESS_DEFAULTS.country
    if (rawCountry !== undefined) {
      if (!isText(rawCountry) || !isLetters2(rawCountry)) return undefined
      country = isUpper2(rawCountry) ? rawCountry : asciiUpperCase(rawCountry)
      if (!(codeKind(country) & SERVED)) return undefined
    }
    const state = a.state
    if (state === undefined) {
      if (shipment) return undefined
    } else {
      if (!isText(state) || !isUpper2(state)) return undefined
      const kind = codeKind(state)
      if (!(kind & REQUEST_STATE)) return undefined
      if (country === 'US') {
        if (kind & TERRITORY) country = state
      } else if (state !== country) return undefined
    }
    return addressValue(a, state, country)
  } catch {
    return undefined
  }
}
