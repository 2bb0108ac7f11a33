// What a person types into a form, for repairInput's properties: a valid payload (drawn from the
// shared generators, in its canonical spelling: no blanks around text, codes in the spec's case,
// no empty or null optionals) with typing noise added at known paths: blanks around strings
// (U+00A0, U+FEFF and other Unicode white space among them), random ASCII case on code fields,
// optional fields replaced (or added) as "", as white space only, or as null. Each case records
// the noise it added, field by field in input order, so a property can check the exact repairs.
//
// The forms below restate the spec's field tables (R/O columns, code fields) independently of
// src/rules/repair.ts (only its types are imported): they are the oracle the repairs are checked
// against (test/properties/repair.test.ts).
import fc from 'fast-check'
import { renderPath, type Path } from '../errors/path.js'
import type { RepairChange, RepairKind } from '../rules/repair.js'
import { emailArb, FLAG_NAMES, phoneArb, shipmentAddressArb, textArb, zipArb } from './address.js'
import { requirementArb } from './appointment.js'
import { componentsArb } from './components.js'
import { createArb } from './requests.js'

// ---------------------------------------------------------------------------------------------
// The spec's forms

/** Optional always, never, or depending on the (valid) object the field is in. */
type Optional = boolean | ((parent: Readonly<Record<string, unknown>>) => boolean)

/** One field of a form as a person fills it in. */
export type Slot =
  | { readonly kind: 'text'; readonly optional: Optional; readonly code?: 'upper' | 'lower' }
  | { readonly kind: 'value'; readonly optional: Optional }
  | { readonly kind: 'object'; readonly optional: Optional; readonly fields: Readonly<Record<string, Slot>>; readonly atLeastOne?: ReadonlyArray<string> }
  | { readonly kind: 'list'; readonly optional: Optional; readonly of: Slot }

const R = false
const O = true
const text = (optional: Optional, code?: 'upper' | 'lower'): Slot => (code === undefined ? { kind: 'text', optional } : { kind: 'text', optional, code })
const value = (optional: Optional): Slot => ({ kind: 'value', optional })

const ADDRESS_FIELDS: Record<string, Slot> = {
  name: text(R), address1: text(R), address2: text(O), city: text(R), state: text(R, 'upper'), zipCode: text(R),
  country: text(O, 'upper'), phoneNumber: text(R), phoneExtension: text(O), contactPerson: text(R), email: text(O),
  openTime: text(O), closeTime: text(O), notes: text(O),
  ...Object.fromEntries(FLAG_NAMES.map((f) => [f, value(O)])),
}
export const ADDRESS_FORM: Slot = { kind: 'object', optional: R, fields: ADDRESS_FIELDS }
/** ADDR-13: on a quote request only zipCode is required. */
const QUOTE_ADDRESS_FORM: Slot = {
  kind: 'object',
  optional: R,
  fields: Object.fromEntries(Object.entries(ADDRESS_FIELDS).map(([k, s]) => [k, k === 'zipCode' ? s : { ...s, optional: O }])),
}
const COMPONENT_FORM: Slot = {
  kind: 'object',
  optional: R,
  fields: {
    palletCount: value(R), poundsWeight: value(R), palletDimensions: value(O), pieceCount: value(O),
    dimensions: { kind: 'object', optional: O, fields: { length: value(O), width: value(O), height: value(O) } },
    description: text(O), nmfcCode: text(O), freightClass: text(O), packagingType: text(O),
  },
}
export const COMPONENTS_FORM: Slot = { kind: 'list', optional: R, of: COMPONENT_FORM }
const CONTACT_FORM: Slot = { kind: 'object', optional: R, fields: { name: text(R), email: text(O), phone: text(O), role: text(O) }, atLeastOne: ['email', 'phone'] }
const appointmentForm = (optional: Optional): Slot => ({
  kind: 'object',
  optional,
  fields: {
    channel: text(R, 'upper'),
    portalUrl: text((parent) => parent['channel'] !== 'PORTAL'),
    contacts: { kind: 'list', optional: O, of: CONTACT_FORM },
    instructions: text(O),
    referenceNumbers: { kind: 'list', optional: O, of: text(R) },
    leadTimeHours: value(O),
  },
})
export const APPOINTMENT_FORM: Slot = appointmentForm(R)
const dispatchForm = (optional: Optional): Slot => ({
  kind: 'object',
  optional,
  fields: { name: text(R), email: text(O), phone: text(O), scac: text(O, 'upper') },
  atLeastOne: ['email', 'phone'],
})
export const DISPATCH_FORM: Slot = dispatchForm(R)
export const GPS_FORM: Slot = {
  kind: 'object',
  optional: R,
  fields: { vehicleId: text(R), timestamp: text(R), latitude: value(R), longitude: value(R), heading: value(R), speed: value(R) },
}
export const CREATE_FORM: Slot = {
  kind: 'object',
  optional: R,
  fields: {
    pickupAddress: ADDRESS_FORM, deliveryAddress: ADDRESS_FORM, orderComponents: COMPONENTS_FORM, description: text(R),
    quoteId: text(O), poNumber: text(O), refNumber: text(O), instructions: text(O),
    referenceNumbers: { kind: 'list', optional: O, of: text(R) },
    requiredPickupDate: text(O), requiredDeliveryBy: text(O),
    appointments: { kind: 'object', optional: O, fields: { pickup: appointmentForm(O), delivery: appointmentForm(O) } },
    shipperDispatch: dispatchForm(O),
  },
}
export const QUOTE_FORM: Slot = {
  kind: 'object',
  optional: R,
  fields: {
    pickupAddress: QUOTE_ADDRESS_FORM, deliveryAddress: QUOTE_ADDRESS_FORM, orderComponents: COMPONENTS_FORM,
    requiredPickupDate: text(O), shipmentMode: text(O, 'lower'), customerReference: text(O),
  },
}

// ---------------------------------------------------------------------------------------------
// Valid payloads in their canonical spelling

const pick = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined })
const withoutUndefined = (o: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))

/**
 * The shared address generator's strict-valid spellings that are not canonical, made canonical:
 * the country in upper case (the spec reads it case-insensitively; the generator sends `us`), and
 * notes from non-blank text (the generator's `fc.string` notes may start or end with a blank, or
 * be empty, which the strict validator accepts and repair trims or drops).
 */
const canonicalAddress = (a: Record<string, unknown>, notes: string): Record<string, unknown> => ({
  ...a,
  ...(typeof a['country'] === 'string' ? { country: a['country'].toUpperCase() } : {}),
  ...('notes' in a ? { notes } : {}),
})

/** Component descriptions from non-blank text (the shared generator has '  machine parts '). */
const canonicalComponents = (list: ReadonlyArray<Record<string, unknown>>, description: string): Array<Record<string, unknown>> =>
  list.map((c) => ('description' in c ? { ...c, description } : c))

export const canonicalAddressArb = fc.tuple(shipmentAddressArb, textArb).map(([a, notes]) => canonicalAddress(a, notes))
export const canonicalComponentsArb = fc.tuple(componentsArb, textArb).map(([list, d]) => canonicalComponents(list, d))
export const canonicalCreateArb = fc.tuple(createArb, textArb, textArb, textArb).map(([body, n1, n2, d]) => ({
  ...body,
  pickupAddress: canonicalAddress(body['pickupAddress'] as Record<string, unknown>, n1),
  deliveryAddress: canonicalAddress(body['deliveryAddress'] as Record<string, unknown>, n2),
  orderComponents: canonicalComponents(body['orderComponents'] as Array<Record<string, unknown>>, d),
}))
const quoteAddressArb = fc.oneof(zipArb.map((zipCode) => ({ zipCode })), canonicalAddressArb)
export const canonicalQuoteArb = fc
  .record({
    pickupAddress: quoteAddressArb,
    deliveryAddress: quoteAddressArb,
    orderComponents: canonicalComponentsArb,
    requiredPickupDate: pick(fc.constantFrom('2026-11-24T08:00:00-06:00', '2026-12-01T16:00:00Z')),
    shipmentMode: pick(fc.constantFrom('ltl', 'ftl')),
    customerReference: pick(fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{0,20}$/)),
  })
  .map(withoutUndefined)
export const canonicalDispatchArb = fc
  .record({ name: textArb, email: pick(emailArb), phone: pick(phoneArb), scac: pick(fc.stringMatching(/^[A-Z]{2,4}$/)) })
  .map((d) => withoutUndefined(d['email'] === undefined && d['phone'] === undefined ? { ...d, phone: '+13125550100' } : d))
/** A ping no later than {@link GPS_NOW}. */
export const canonicalGpsArb = fc.record({
  vehicleId: fc.stringMatching(/^[A-Z]{3}-\d{1,4}$/),
  timestamp: fc.constantFrom('2026-11-24T15:00:00Z', '2026-11-24T09:30:00-06:00', '2026-11-23T23:59:59.123Z'),
  latitude: fc.double({ min: -90, max: 90, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
  heading: fc.integer({ min: 0, max: 359 }),
  speed: fc.integer({ min: 0, max: 140 }),
})
export const GPS_NOW_ISO = '2026-11-25T00:00:00Z'

/** Each kind's canonical valid payloads, its form, and the path its fields are named from. */
export const TYPING_KINDS: Readonly<Record<RepairKind, { readonly valid: fc.Arbitrary<unknown>; readonly form: Slot; readonly root: Path }>> = {
  address: { valid: canonicalAddressArb, form: ADDRESS_FORM, root: [] },
  components: { valid: canonicalComponentsArb, form: COMPONENTS_FORM, root: ['orderComponents'] },
  'quote-request': { valid: canonicalQuoteArb, form: QUOTE_FORM, root: [] },
  'create-shipment': { valid: canonicalCreateArb, form: CREATE_FORM, root: [] },
  appointment: { valid: requirementArb, form: APPOINTMENT_FORM, root: [] },
  gps: { valid: canonicalGpsArb, form: GPS_FORM, root: [] },
  dispatch: { valid: canonicalDispatchArb, form: DISPATCH_FORM, root: [] },
}

// ---------------------------------------------------------------------------------------------
// Noise

/** White space a person (or a copy from a web page or a spreadsheet) leaves around text. */
export const BLANKS = [' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\ufeff', '\u2003', '\u3000', '\u2028', ' \u00a0 '] as const

type Noise = 'none' | 'blanks' | 'case' | 'blanksAndCase' | 'empty' | 'blank' | 'null' | 'decoy'
const REMOVALS: ReadonlyArray<Noise> = ['empty', 'blank', 'null']

interface Decision {
  readonly noise: Noise
  readonly pre: string
  readonly post: string
  readonly flips: ReadonlyArray<boolean>
  readonly blank: string
}
const NONE: Decision = { noise: 'none', pre: '', post: '', flips: [], blank: ' ' }

const blankArb = fc.constantFrom('', ...BLANKS)
const decisionArb = (allowed: ReadonlyArray<Noise>): fc.Arbitrary<Decision> => {
  const noisy = allowed.filter((n) => n !== 'none')
  if (noisy.length === 0) return fc.constant(NONE)
  return fc.record({
    noise: fc.oneof({ weight: 3, arbitrary: fc.constant<Noise>('none') }, { weight: 1, arbitrary: fc.constantFrom(...noisy) }),
    pre: blankArb,
    post: blankArb,
    flips: fc.array(fc.boolean(), { maxLength: 6 }),
    blank: fc.constantFrom(...BLANKS),
  })
}

/**
 * One field the noise touched: the value typed, the value meant (undefined: absent), the repairs expected, in order.
 *
 * @category arbitraries
 * @since 0.2.0
 */
export interface NoisyField {
  readonly field: string
  readonly before: unknown
  readonly after: unknown
  readonly changes: ReadonlyArray<RepairChange>
}

/**
 * A typed payload: what the person sent, the valid payload meant, and the noise, in input order.
 *
 * @category arbitraries
 * @since 0.2.0
 */
export interface Typed {
  readonly input: unknown
  readonly expected: unknown
  readonly noisyFields: ReadonlyArray<NoisyField>
}

type Decide = (field: string, allowed: ReadonlyArray<Noise>) => Decision

const isOptional = (slot: Slot, parent: Readonly<Record<string, unknown>>): boolean =>
  typeof slot.optional === 'function' ? slot.optional(parent) : slot.optional

/** The ASCII letters of a code in the other case where `flips` says so (at least one flipped). */
const flipCase = (code: string, flips: ReadonlyArray<boolean>): string => {
  const any = [...code].some((_, i) => flips[i] === true)
  return [...code].map((ch, i) => (flips[i] === true || (!any && i === 0) ? String.fromCharCode(ch.charCodeAt(0) ^ 0x20) : ch)).join('')
}

/**
 * Walks a valid value along its form, asking `decide` what to do at each site, and builds the
 * noisy input and the expected value side by side; the noise applied goes to `noisy` in input
 * order. Absent optional fields are sites too (a noisy one is added after the object's keys).
 */
const walk = (v: unknown, slot: Slot, path: Path, decide: Decide, noisy: NoisyField[]): { input: unknown; expected: unknown } => {
  if (slot.kind === 'object' && typeof v === 'object' && v !== null && !Array.isArray(v)) {
    const o = v as Record<string, unknown>
    const field = (key: string): string => renderPath([...path, key])
    const removal = (key: string, s: Slot): boolean => REMOVALS.includes(decide(field(key), allowedAt(o[key], s, o)).noise)
    // at least one of a group stays (APT-03, CRT-08): the first removal is cancelled when all would go
    const present = (slot.atLeastOne ?? []).filter((k) => k in o)
    const removing = present.filter((k) => removal(k, slot.fields[k]!))
    const keep = removing.length > 0 && removing.length === present.length ? removing[0] : undefined
    const input: Record<string, unknown> = {}
    const expected: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(o)) {
      const s = Object.prototype.hasOwnProperty.call(slot.fields, key) ? slot.fields[key] : undefined
      if (s === undefined) {
        // an unknown field: padded or not, it is not repair's business
        const d = typeof item === 'string' ? decide(field(key), ['none', 'decoy']) : NONE
        input[key] = expected[key] = d.noise === 'decoy' ? ` ${String(item)}\u00a0` : item
        continue
      }
      const d = key === keep ? NONE : decide(field(key), allowedAt(item, s, o))
      const r = applyAt(item, s, [...path, key], d, decide, noisy)
      input[key] = r.input
      if (r.expected !== undefined) expected[key] = r.expected
    }
    for (const [key, s] of Object.entries(slot.fields)) {
      if (key in o || !isOptional(s, o)) continue
      const d = decide(field(key), ['none', ...REMOVALS])
      if (d.noise === 'none') continue
      input[key] = removed(d, field(key), noisy)
    }
    return { input, expected }
  }
  if (slot.kind === 'list' && Array.isArray(v)) {
    const rs = v.map((item: unknown, i) => applyAt(item, slot.of, [...path, i], decide(renderPath([...path, i]), allowedAt(item, slot.of, undefined)), decide, noisy))
    return { input: rs.map((r) => r.input), expected: rs.map((r) => r.expected) }
  }
  return { input: v, expected: v }
}

/** The noise a present value may get: removal only where optional (and never of a ticked box). */
const allowedAt = (item: unknown, s: Slot, parent: Readonly<Record<string, unknown>> | undefined): ReadonlyArray<Noise> => {
  const out: Noise[] = ['none']
  if (s.kind === 'text' && typeof item === 'string') out.push('blanks', ...(s.code === undefined ? [] : (['case', 'blanksAndCase'] as const)))
  // an unticked box may come as "" or null; a ticked one (true) never does
  if (parent !== undefined && isOptional(s, parent) && item !== true) out.push(...REMOVALS)
  return out
}

const removed = (d: Decision, field: string, noisy: NoisyField[]): unknown => {
  const typed = d.noise === 'null' ? null : d.noise === 'empty' ? '' : d.blank
  noisy.push({ field, before: typed, after: undefined, changes: [typed === null ? 'dropped_null' : 'dropped_empty'] })
  return typed
}

const applyAt = (item: unknown, s: Slot, path: Path, d: Decision, decide: Decide, noisy: NoisyField[]): { input: unknown; expected: unknown } => {
  const field = renderPath(path)
  if (REMOVALS.includes(d.noise)) return { input: removed(d, field, noisy), expected: undefined }
  if (typeof item === 'string' && d.noise !== 'none') {
    const cased = d.noise === 'case' || d.noise === 'blanksAndCase' ? flipCase(item, d.flips) : item
    const padded = d.noise === 'blanks' || d.noise === 'blanksAndCase'
    const [pre, post] = padded && d.pre === '' && d.post === '' ? [' ', ''] : [d.pre, d.post]
    const typed = padded ? pre + cased + post : cased
    const caseChange: RepairChange = s.kind === 'text' && s.code === 'lower' ? 'lower_cased' : 'upper_cased'
    const changes: RepairChange[] = [...(padded ? (['trimmed'] as const) : []), ...(cased !== item ? [caseChange] : [])]
    noisy.push({ field, before: typed, after: item, changes })
    return { input: typed, expected: item }
  }
  return walk(item, s, path, decide, noisy)
}

/**
 * What a person types into a form of one kind (`address`, `components`, `quote-request`,
 * `create-shipment`, `appointment`, `gps`, `dispatch`, as `repairInput` takes them): a valid
 * payload in its canonical spelling with typing noise added (blanks around strings, U+00A0, U+FEFF
 * and other Unicode white space among them; random ASCII case on code fields; optional fields sent
 * as "", as white space only or as null), as `{ input, expected, noisyFields }`: what was typed, the
 * valid payload meant (optional fields the noise blanked out are absent from it), and the noise,
 * field by field in input order, with the repairs expected. `repairInput(kind, input)` turns
 * `input` into `expected`.
 *
 * Targets ADDR-01 … ADDR-13, FRT-01 … FRT-08, QTE-01, CRT-01 … CRT-08, APT-01 … APT-06 and TRK-02
 * (the repaired payload is strictly valid).
 *
 * @example
 * fc.sample(typedArb('address'), { seed: 1, numRuns: 30 }).every(({ input }) => isRight(normalizeAddress(repairInput('address', input).body)))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const typedArb = (kind: RepairKind): fc.Arbitrary<Typed> => {
  const { valid, form, root } = TYPING_KINDS[kind]
  return valid.chain((payload) => {
    const sites = new Map<string, ReadonlyArray<Noise>>()
    walk(payload, form, root, (field, allowed) => (sites.set(field, allowed), NONE), [])
    const entries = [...sites]
    return fc.tuple(...entries.map(([, allowed]) => decisionArb(allowed))).map((ds) => {
      const chosen = new Map(entries.map(([f], i) => [f, ds[i]!]))
      const noisyFields: NoisyField[] = []
      const { input, expected } = walk(payload, form, root, (field) => chosen.get(field) ?? NONE, noisyFields)
      return { input, expected, noisyFields }
    })
  })
}
