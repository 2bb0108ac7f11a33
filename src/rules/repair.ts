/**
 * Lenient input, on request only (API.md, Conventions: repairing what a person typed is an
 * explicit opt-in that reports each change it made; servers never get it by default). Works on
 * the fields of the spec's tables (Resources and their fields): Address (ADDR-01 … ADDR-13),
 * OrderComponent and Dimensions (FRT-01 … FRT-08), QuoteRequest (QTE-01),
 * CreateShipmentRequest with its AppointmentsBlock and ShipperDispatch (CRT-01 … CRT-08),
 * AppointmentRequirementRequest and AppointmentContact (APT-01 … APT-06), GpsData (TRK-02).
 *
 * The validators stay strict and untouched: this module only turns what a person typed into
 * what the spec's lines read, and says what it changed, so that a form can show it.
 *
 * @module
 */
import { asciiLowerCase, asciiUpperCase } from '../internal/text.js'
import { at, renderPath, type Path } from '../errors/path.js'
import { isObject } from '../internal/input.js'
import { ADDRESS_FLAGS } from '../model/addressFields.js'
import { formatTest, SHIPMENT_MODES, WIRE_FORMATS } from '../model/patterns.js'
import { APPOINTMENT_CHANNELS } from './appointment.js'

/**
 * The payloads {@link repairInput} knows: one address (as on a shipment create), an array of
 * order components, a quote request, a create-shipment request, an appointment requirement
 * (the PUT body), a GPS ping, a shipper dispatch contact.
 * Implements no rule ID.
 *
 * @example
 * REPAIR_KINDS.includes('gps')
 * //=> true
 *
 * @category model
 * @since 0.2.0
 */
export const REPAIR_KINDS = ['address', 'components', 'quote-request', 'create-shipment', 'appointment', 'gps', 'dispatch'] as const

/**
 * A payload kind of {@link repairInput}.
 *
 * @category model
 * @since 0.2.0
 */
export type RepairKind = (typeof REPAIR_KINDS)[number]

/**
 * What one repair did, stable across releases: `trimmed` (white space removed from both ends),
 * `upper_cased` / `lower_cased` (ASCII letters of a code), `dropped_empty` (an optional field
 * that was empty or only white space removed), `dropped_null` (an optional field that was `null`
 * removed).
 * Implements no rule ID.
 *
 * @example
 * REPAIR_CHANGES.includes('trimmed')
 * //=> true
 *
 * @category model
 * @since 0.2.0
 */
export const REPAIR_CHANGES = ['trimmed', 'upper_cased', 'lower_cased', 'dropped_empty', 'dropped_null'] as const

/**
 * A repair code.
 *
 * @category model
 * @since 0.2.0
 */
export type RepairChange = (typeof REPAIR_CHANGES)[number]

/**
 * One change made to one field: its full path (`pickupAddress.state`,
 * `orderComponents[2].description`), what was done, the value before and after (`after` is
 * `undefined` for a drop, so absent in JSON).
 *
 * @category model
 * @since 0.2.0
 */
export interface Repair {
  readonly field: string
  readonly change: RepairChange
  readonly before: unknown
  readonly after: unknown
}

/**
 * The repaired body and every change made to it, in input order.
 *
 * @category model
 * @since 0.2.0
 */
export interface RepairedInput {
  readonly body: unknown
  readonly repairs: ReadonlyArray<Repair>
}

// ---------------------------------------------------------------------------------------------
// The spec's field tables, as repair reads them (rules as data).

/** Required always, never, or when a sibling (as repaired) has a given value. */
type Requirement = boolean | { readonly when: string; readonly is: string }

/**
 * A code field: the case it is written in, what a well-formed code of the field is, and the
 * longest one. An ASCII case mapping keeps the length, so a longer string is never mapped: it
 * could not be accepted, and mapping 10 MB would cost a copy of it.
 */
interface Code {
  readonly to: 'upper' | 'lower'
  readonly accepts: (s: string) => boolean
  readonly maxLength: number
}

type FieldRule =
  | { readonly type: 'text'; readonly required: Requirement; readonly code?: Code }
  /** A number, a boolean or a positional array: only ever dropped when optional. */
  | { readonly type: 'value'; readonly required: Requirement }
  | { readonly type: 'object'; readonly required: Requirement; readonly fields: Fields }
  | { readonly type: 'list'; readonly required: Requirement; readonly of: FieldRule }

type Fields = Readonly<Record<string, FieldRule>>

const R = true
const O = false
const text = (required: Requirement, code?: Code): FieldRule => (code === undefined ? { type: 'text', required } : { type: 'text', required, code })
const value = (required: Requirement): FieldRule => ({ type: 'value', required })
const object = (fields: Fields, required: Requirement): FieldRule => ({ type: 'object', required, fields })
const list = (of: FieldRule, required: Requirement): FieldRule => ({ type: 'list', required, of })

const longest = (values: ReadonlyArray<string>): number => Math.max(...values.map((v) => v.length))
const TWO_LETTERS: Code = { to: 'upper', accepts: formatTest(WIRE_FORMATS.twoLetterCode), maxLength: 2 }
const SCAC: Code = { to: 'upper', accepts: formatTest(WIRE_FORMATS.scac), maxLength: 4 }
const CHANNEL: Code = { to: 'upper', accepts: (s) => (APPOINTMENT_CHANNELS as ReadonlyArray<string>).includes(s), maxLength: longest(APPOINTMENT_CHANNELS) }
/** QTE-01's shipmentMode values (the validator's MODE check). */
const SHIPMENT_MODE: Code = { to: 'lower', accepts: (s) => (SHIPMENT_MODES as ReadonlyArray<string>).includes(s), maxLength: longest(SHIPMENT_MODES) }

const SHIPMENT_ADDRESS: Fields = {
  name: text(R), address1: text(R), address2: text(O), city: text(R), state: text(R, TWO_LETTERS),
  zipCode: text(R), country: text(O, TWO_LETTERS), phoneNumber: text(R), phoneExtension: text(O),
  contactPerson: text(R), email: text(O), openTime: text(O), closeTime: text(O), notes: text(O),
  ...Object.fromEntries(ADDRESS_FLAGS.map((flag) => [flag, value(O)])),
}
/** ADDR-13: in a quote request only zipCode is required. */
const QUOTE_ADDRESS: Fields = Object.fromEntries(
  Object.entries(SHIPMENT_ADDRESS).map(([key, rule]) => [key, key === 'zipCode' ? rule : { ...rule, required: O }]),
)
const DIMENSIONS: Fields = { length: value(O), width: value(O), height: value(O) }
const COMPONENT: FieldRule = object(
  {
    palletCount: value(R), poundsWeight: value(R), dimensions: object(DIMENSIONS, O), palletDimensions: value(O),
    description: text(O), nmfcCode: text(O), freightClass: text(O), packagingType: text(O), pieceCount: value(O),
  },
  R,
)
const ENTRY_TEXT = text(R)
const CONTACT: FieldRule = object({ name: text(R), email: text(O), phone: text(O), role: text(O) }, R)
const APPOINTMENT: Fields = {
  channel: text(R, CHANNEL), portalUrl: text({ when: 'channel', is: 'PORTAL' }), contacts: list(CONTACT, O),
  instructions: text(O), referenceNumbers: list(ENTRY_TEXT, O), leadTimeHours: value(O),
}
const DISPATCH: Fields = { name: text(R), email: text(O), phone: text(O), scac: text(O, SCAC) }
const GPS: Fields = {
  vehicleId: text(R), timestamp: text(R), latitude: value(R), longitude: value(R), heading: value(R), speed: value(R),
}
const CREATE: Fields = {
  pickupAddress: object(SHIPMENT_ADDRESS, R), deliveryAddress: object(SHIPMENT_ADDRESS, R),
  orderComponents: list(COMPONENT, R), description: text(R), quoteId: text(O), poNumber: text(O), refNumber: text(O),
  instructions: text(O), referenceNumbers: list(ENTRY_TEXT, O), requiredPickupDate: text(O), requiredDeliveryBy: text(O),
  appointments: object({ pickup: object(APPOINTMENT, O), delivery: object(APPOINTMENT, O) }, O),
  shipperDispatch: object(DISPATCH, O),
}
const QUOTE: Fields = {
  pickupAddress: object(QUOTE_ADDRESS, R), deliveryAddress: object(QUOTE_ADDRESS, R), orderComponents: list(COMPONENT, R),
  requiredPickupDate: text(O), shipmentMode: text(O, SHIPMENT_MODE), customerReference: text(O),
}

/** Each kind's root rule, and the path its fields are named from (that of the kind's validator). */
const KIND_RULES: Readonly<Record<RepairKind, { readonly path: Path; readonly rule: FieldRule }>> = {
  address: { path: [], rule: object(SHIPMENT_ADDRESS, R) },
  components: { path: ['orderComponents'], rule: list(COMPONENT, R) },
  'quote-request': { path: [], rule: object(QUOTE, R) },
  'create-shipment': { path: [], rule: object(CREATE, R) },
  appointment: { path: [], rule: object(APPOINTMENT, R) },
  gps: { path: [], rule: object(GPS, R) },
  dispatch: { path: [], rule: object(DISPATCH, R) },
}

// ---------------------------------------------------------------------------------------------
// The walk

/**
 * Returns `body` with what a person typed repaired on the fields the spec defines, and every
 * change made, one entry per change, in input order.
 *
 * - Every string field (free text and formatted fields alike, entries of `referenceNumbers`
 *   too) loses the white space around it (`String.prototype.trim`'s set: no-break space and the
 *   BOM U+FEFF included): `trimmed`.
 * - A code is case-mapped, ASCII letters only, when that makes it a well-formed code of its field
 *   and only then: address state and country, appointment channel and dispatch scac to upper case
 *   (`il` → `IL`, `portal` → `PORTAL`), the quote's shipmentMode to lower case (`LTL` → `ltl`):
 *   `upper_cased` / `lower_cased`. Anything else is left as typed for the validator to reject:
 *   `Illinois`, `ıl`, `ſc`, `fax`.
 * - An optional field that is `null` (`dropped_null`) or a string empty after trimming
 *   (`dropped_empty`, one entry whose `before` is the string as typed) is removed, whatever the
 *   field's type; an appointments entry, the appointments block or shipperDispatch too. A required
 *   field is never dropped (its blanks are trimmed), so the validator still reports it; portalUrl
 *   is required when the (repaired) channel is PORTAL.
 *
 * Decisions: a value both trimmed and case-mapped gives two entries, `trimmed` then
 * `upper_cased`, each with its own before and after, so each entry is one change and the chain
 * runs from the value as typed to the value sent on. Entries of a list are never dropped
 * (positions are data: `referenceNumbers[3]` stays `referenceNumbers[3]`). Fields are named as
 * the kind's validator names them: from the body (`pickupAddress.state`, `channel`), and
 * `orderComponents[i]…` for `components`. Unknown fields are left untouched (the validators drop
 * them); in a quote request `customerReference` is known (the library's QTE-01 decision). Only
 * own enumerable data properties are read (an accessor is never called, a prototype never
 * consulted); an object or array that changes is rebuilt as a plain one whose every property is
 * defined, never assigned, so an own `__proto__` key stays an own data property and never
 * touches a prototype; anything unchanged (the whole body when nothing needed repair) is
 * returned as it came, never modified. A non-object body, an unknown kind or any other input
 * comes back as it is with no repairs; nothing throws.
 *
 * Implements the opt-in repair of API.md's conventions over ADDR-01 … ADDR-13, FRT-01 … FRT-08,
 * QTE-01, CRT-01 … CRT-08, APT-01 … APT-06 and TRK-02.
 *
 * @example
 * repairInput('dispatch', { name: ' Night desk ', phone: '', email: 'ops@example.com', scac: 'abcd' })
 * //=> { body: { name: 'Night desk', email: 'ops@example.com', scac: 'ABCD' }, repairs: [{ field: 'name', change: 'trimmed', before: ' Night desk ', after: 'Night desk' }, { field: 'phone', change: 'dropped_empty', before: '', after: undefined }, { field: 'scac', change: 'upper_cased', before: 'abcd', after: 'ABCD' }] }
 * repairInput('address', { state: ' il\u00a0', zipCode: '60601' }).repairs.map((r) => [r.field, r.change, r.after])
 * //=> [['state', 'trimmed', 'il'], ['state', 'upper_cased', 'IL']]
 * repairInput('address', { state: 'Illinois', country: 'ıl' }).repairs
 * //=> []
 *
 * @category rules
 * @since 0.2.0
 */
export const repairInput = (kind: RepairKind, body: unknown): RepairedInput => {
  const target = typeof kind === 'string' && hasOwn.call(KIND_RULES, kind) ? KIND_RULES[kind] : undefined
  if (target === undefined) return { body, repairs: [] }
  const repairs: Repair[] = []
  return { body: repairField(body, target.rule, true, target.path, repairs), repairs }
}

const hasOwn = Object.prototype.hasOwnProperty
/** What a dropped field repairs to: never a value a caller can send. */
const DROPPED: unique symbol = Symbol('dropped')

const record = (out: Repair[], path: Path, change: RepairChange, before: unknown, after: unknown): void => {
  out.push({ field: renderPath(path), change, before, after })
}

/** One field (or, with `required`, a list entry or the root): the repaired value, or DROPPED. */
const repairField = (raw: unknown, rule: FieldRule, required: boolean, path: Path, out: Repair[]): unknown => {
  if (raw === null) {
    if (required) return raw
    record(out, path, 'dropped_null', raw, undefined)
    return DROPPED
  }
  if (typeof raw === 'string') {
    const trimmed = raw.trim()
    if (trimmed === '' && !required) {
      record(out, path, 'dropped_empty', raw, undefined)
      return DROPPED
    }
    return rule.type === 'text' ? repairText(raw, trimmed, rule.code, path, out) : raw
  }
  if (rule.type === 'object') return isObject(raw) ? repairObject(raw, rule.fields, path, out) : raw
  if (rule.type === 'list') return Array.isArray(raw) ? repairList(raw, rule.of, path, out) : raw
  return raw
}

const repairText = (raw: string, trimmed: string, code: Code | undefined, path: Path, out: Repair[]): string => {
  let s = raw
  if (trimmed !== raw) {
    record(out, path, 'trimmed', raw, trimmed)
    s = trimmed
  }
  if (code !== undefined && s.length <= code.maxLength) {
    const mapped = code.to === 'upper' ? asciiUpperCase(s) : asciiLowerCase(s)
    if (mapped !== s && code.accepts(mapped)) {
      record(out, path, code.to === 'upper' ? 'upper_cased' : 'lower_cased', s, mapped)
      s = mapped
    }
  }
  return s
}


/** An own enumerable data property's value, or undefined (accessors are never called). */
const dataOf = (o: object, key: string): { readonly value: unknown } | undefined => {
  const d = Object.getOwnPropertyDescriptor(o, key)
  return d !== undefined && 'value' in d ? { value: d.value as unknown } : undefined
}

const isRequired = (requirement: Requirement, o: object, fields: Fields): boolean => {
  if (typeof requirement === 'boolean') return requirement
  const sibling = dataOf(o, requirement.when)?.value
  const rule = fields[requirement.when]
  const repaired = typeof sibling === 'string' && rule?.type === 'text' ? repairText(sibling, sibling.trim(), rule.code, [], []) : sibling
  return repaired === requirement.is
}

const repairObject = (o: object, fields: Fields, path: Path, out: Repair[]): object => {
  const keys = Object.keys(o)
  let changed: Map<string, unknown> | undefined
  for (const key of keys) {
    if (!hasOwn.call(fields, key)) continue
    const data = dataOf(o, key)
    if (data === undefined) continue
    const rule = fields[key]!
    const next = repairField(data.value, rule, isRequired(rule.required, o, fields), at(path, key), out)
    if (!Object.is(next, data.value)) (changed ??= new Map()).set(key, next)
  }
  if (changed === undefined) return o
  const copy: Record<string, unknown> = {}
  for (const key of keys) {
    if (changed.has(key)) {
      const next = changed.get(key)
      if (next !== DROPPED) define(copy, key, next)
    } else {
      copyProperty(o, copy, key)
    }
  }
  return copy
}

const repairList = (list: ReadonlyArray<unknown>, of: FieldRule, path: Path, out: Repair[]): ReadonlyArray<unknown> => {
  let copy: unknown[] | undefined
  // Object.keys lists the indices present, ascending (a sparse array's holes stay holes).
  for (const key of Object.keys(list)) {
    const i = indexOf(key)
    if (i === undefined) continue
    const data = dataOf(list, key)
    if (data === undefined) continue
    const next = repairField(data.value, of, true, at(path, i), out)
    if (Object.is(next, data.value)) continue
    if (copy === undefined) {
      copy = new Array<unknown>(list.length)
      for (const k of Object.keys(list)) if (indexOf(k) !== undefined) copyProperty(list, copy, k)
    }
    define(copy, key, next)
  }
  return copy ?? list
}

/** The array index a key names, or undefined. */
const indexOf = (key: string): number | undefined => {
  const n = Number(key)
  return Number.isInteger(n) && n >= 0 && n < 4294967295 && String(n) === key ? n : undefined
}

/** Defines (never assigns: `__proto__` stays a key) an own enumerable data property. */
const define = (target: object, key: string, v: unknown): void => {
  Object.defineProperty(target, key, { value: v, writable: true, enumerable: true, configurable: true })
}

/** Copies an own property as it is: a data property's value, an accessor without calling it. */
const copyProperty = (from: object, to: object, key: string): void => {
  const d = Object.getOwnPropertyDescriptor(from, key)
  if (d === undefined) return
  if ('value' in d) define(to, key, d.value)
  else Object.defineProperty(to, key, { ...d, enumerable: true, configurable: true })
}
