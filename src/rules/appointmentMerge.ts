/**
 * The merged appointment requirement (spec: AppointmentRequirementResponse, Appointment merge
 * rules, Endpoints rule 9). Implements APT-07 … APT-15: the merge of a place-level default with
 * an order-level override, field by field, with provenance; and reading a server's reply.
 *
 * @module
 */
import { parsePath } from '../errors/path.js'
import { violationAt, type Result, type Violations } from '../errors/violation.js'
import { left, right } from '../internal/either.js'
import { readInteger, readPattern, readText, typeMessage, type Sink } from '../validate/fields.js'
import { isAbsent, isObject, own, type JsonObject } from '../internal/input.js'
import { exceedsLength } from '../internal/text.js'
import { CONTACT_PHONE_PATTERN, LIMITS } from '../model/patterns.js'
import {
  APPOINTMENT_CHANNELS,
  isPortalUrl,
  readContact,
  readReferences,
  type AppointmentRequirement,
  type Channel,
  type Contact,
} from './appointment.js'
import { total } from '../internal/total.js'
import { unreadableResult } from '../errors/unreadable.js'

/**
 * Where a merged field's value comes from (APT-14).
 *
 * @category model
 * @since 0.1.0
 */
export type FieldProvenance = 'PLACE' | 'ORDER' | 'PLACE_AND_ORDER' | 'NONE' | 'ADDRESS_FALLBACK'

/**
 * The six merged fields, in wire order.
 * APT-07 to APT-12 merge them; APT-14 gives the provenance of each.
 *
 * @example
 * MERGED_FIELDS.length
 * //=> 6
 *
 * @category model
 * @since 0.1.0
 */
export const MERGED_FIELDS = ['channel', 'portalUrl', 'contacts', 'instructions', 'referenceNumbers', 'leadTimeHours'] as const

/**
 * The merged, effective requirement of a stop (AppointmentRequirementResponse): every field a
 * value or null, `appointmentRequired` at top level, `_merged.fields` the provenance of each.
 *
 * @category model
 * @since 0.1.0
 */
export interface MergedAppointment {
  readonly channel: Channel | null
  readonly portalUrl: string | null
  readonly contacts: ReadonlyArray<Contact> | null
  readonly instructions: string | null
  readonly referenceNumbers: ReadonlyArray<string> | null
  readonly leadTimeHours: number | null
  readonly appointmentRequired: boolean
  readonly _merged: { readonly fields: { readonly [K in (typeof MERGED_FIELDS)[number]]: FieldProvenance } }
}

/**
 * The stop address fields the contacts fallback may use.
 *
 * @category model
 * @since 0.1.0
 */
export interface FallbackAddress {
  readonly contactPerson?: string
  readonly phoneNumber?: string
  readonly email?: string
}

/**
 * The separator of merged instructions: a blank line, three hyphens, a blank line (APT-10).
 *
 * @example
 * INSTRUCTIONS_SEPARATOR
 * //=> '\n\n---\n\n'
 *
 * @category model
 * @since 0.1.0
 */
export const INSTRUCTIONS_SEPARATOR = '\n\n---\n\n'

const provenance = (place: boolean, order: boolean): FieldProvenance =>
  place && order ? 'PLACE_AND_ORDER' : place ? 'PLACE' : order ? 'ORDER' : 'NONE'

const CHANNEL_RANK: Readonly<Record<Channel, number>> = { PHONE: 0, EMAIL: 1, PORTAL: 2 }

/** Whether a side's channel, lead time and instructions, the values the merge compares or joins, have their declared types. */
const comparable = (side: AppointmentRequirement | undefined): boolean =>
  side === undefined ||
  ((side.channel === undefined || typeof side.channel === 'string') &&
    (side.leadTimeHours === undefined || typeof side.leadTimeHours === 'number') &&
    (side.instructions === undefined || typeof side.instructions === 'string'))

/**
 * The dedup key of a contact (APT-09): its e-mail compared case-insensitively and its phone in
 * E.164 (already validated, compared as written).
 *
 * Total: for a contact it cannot read (an email or phone that is not a string among them) it returns `''` (the key of no contact) (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * contactKey({ name: 'Dock', email: 'Dock@Example.com' })
 * //=> contactKey({ name: 'Desk', email: 'dock@example.com' })
 *
 * @category utils
 * @since 0.1.0
 */
export const contactKey = /* @__PURE__ */ total(
(c: Contact): string => {
  const email: unknown = c.email ?? ''
  const phone: unknown = c.phone ?? ''
  // Anything but text is a contact it cannot read, never coerced (a nested array's toString recurses).
  if (typeof email !== 'string' || typeof phone !== 'string') return ''
  return `${email.toLowerCase()}\u0000${phone}`
},
  () => '',
)

const fallbackContact = (address: FallbackAddress | undefined): Contact | undefined => {
  const name = typeof address?.contactPerson === 'string' ? address.contactPerson.trim() : ''
  // the limit of a contact's name, counted in code points as the validators count it
  if (address === undefined || name === '' || exceedsLength(name, LIMITS.contactNameMaxLength)) return undefined
  const phone = typeof address.phoneNumber === 'string' && CONTACT_PHONE_PATTERN.test(address.phoneNumber) ? address.phoneNumber : undefined
  const email = typeof address.email === 'string' && address.email.trim() !== '' ? address.email.trim() : undefined
  if (phone === undefined && email === undefined) return undefined
  return { name, ...(email === undefined ? {} : { email }), ...(phone === undefined ? {} : { phone }) }
}

/**
 * Returns the effective requirement of a stop: the place-level default merged with the
 * order-level override field by field (channel: the strictest, PORTAL over EMAIL over PHONE;
 * portalUrl: the order's, else the place's; contacts: union deduplicated by (email, phone), place
 * first; instructions: place, blank line, `---`, blank line, order; referenceNumbers: union,
 * place first, first occurrence wins; leadTimeHours: the maximum), `appointmentRequired` the OR
 * of the two flags, and `_merged.fields` the provenance of each field (null with NONE when
 * neither side has it).
 *
 * Implements APT-07 … APT-14. Decisions (D): PLACE_AND_ORDER means both sides had a value that
 * the rule combined (for portalUrl, where the order wins, it is ORDER); contacts fall back to the
 * stop address (ADDRESS_FALLBACK) when neither side lists any and the address has a
 * contactPerson (trimmed, 1 to 200 code points, the limit of a contact's name) with a valid phone
 * (+ then 8 to 15 digits) or an e-mail; the dedup key compares e-mails case-insensitively and
 * phones in E.164.
 *
 * Total: for sides it cannot read (not objects, a Proxy or getter that throws, a channel or instructions that are not strings, a leadTimeHours that is not a number) it returns the merge of nothing, as `mergeAppointment({})` (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * mergeAppointment({ place: { channel: 'EMAIL', leadTimeHours: 24, instructions: 'Dock 4' }, order: { channel: 'PORTAL', portalUrl: 'https://book.example.com', leadTimeHours: 48 }, placeRequired: true })
 * //=> { channel: 'PORTAL', portalUrl: 'https://book.example.com', contacts: null, instructions: 'Dock 4', referenceNumbers: null, leadTimeHours: 48, appointmentRequired: true, _merged: { fields: { channel: 'PLACE_AND_ORDER', portalUrl: 'ORDER', contacts: 'NONE', instructions: 'PLACE', referenceNumbers: 'NONE', leadTimeHours: 'PLACE_AND_ORDER' } } }
 *
 * @category rules
 * @since 0.1.0
 */
export const mergeAppointment = /* @__PURE__ */ total(
(input: {
  readonly place?: AppointmentRequirement | null | undefined
  readonly order?: AppointmentRequirement | null | undefined
  readonly placeRequired?: boolean | null | undefined
  readonly orderRequired?: boolean | null | undefined
  readonly address?: FallbackAddress | null | undefined
}): MergedAppointment => {
  const p = input.place ?? undefined
  const o = input.order ?? undefined
  // A channel, lead time or instructions of no declared type is never compared, joined or coerced (a nested array's
  // toString recurses): the side is unreadable, and the answer is the merge of nothing (the guard's failure value).
  if (!comparable(p) || !comparable(o)) return mergeAppointment({})

  const channel = p?.channel !== undefined && o?.channel !== undefined
    ? (CHANNEL_RANK[o.channel] > CHANNEL_RANK[p.channel] ? o.channel : p.channel)
    : (o?.channel ?? p?.channel ?? null)

  const portalUrl = o?.portalUrl ?? p?.portalUrl ?? null
  const portalFrom: FieldProvenance = o?.portalUrl !== undefined ? 'ORDER' : p?.portalUrl !== undefined ? 'PLACE' : 'NONE'

  const placeContacts = p?.contacts ?? []
  const orderContacts = o?.contacts ?? []
  let contacts: ReadonlyArray<Contact> | null = null
  let contactsFrom = provenance(placeContacts.length > 0, orderContacts.length > 0)
  if (contactsFrom !== 'NONE') {
    const seen = new Set<string>()
    const list: Contact[] = []
    for (const c of [...placeContacts, ...orderContacts]) {
      const key = contactKey(c)
      if (!seen.has(key)) {
        seen.add(key)
        list.push(c)
      }
    }
    contacts = list
  } else {
    const fallback = fallbackContact(input.address ?? undefined)
    if (fallback !== undefined) {
      contacts = [fallback]
      contactsFrom = 'ADDRESS_FALLBACK'
    }
  }

  const instructions = p?.instructions !== undefined && o?.instructions !== undefined
    ? p.instructions + INSTRUCTIONS_SEPARATOR + o.instructions
    : (p?.instructions ?? o?.instructions ?? null)

  const placeRefs = p?.referenceNumbers ?? []
  const orderRefs = o?.referenceNumbers ?? []
  const refsFrom = provenance(placeRefs.length > 0, orderRefs.length > 0)
  const referenceNumbers = refsFrom === 'NONE' ? null : [...new Set([...placeRefs, ...orderRefs])]

  const leadTimeHours = p?.leadTimeHours !== undefined && o?.leadTimeHours !== undefined
    ? Math.max(p.leadTimeHours, o.leadTimeHours)
    : (p?.leadTimeHours ?? o?.leadTimeHours ?? null)

  return {
    channel,
    portalUrl,
    contacts,
    instructions,
    referenceNumbers,
    leadTimeHours,
    appointmentRequired: input.placeRequired === true || input.orderRequired === true,
    _merged: {
      fields: {
        channel: provenance(p?.channel !== undefined, o?.channel !== undefined),
        portalUrl: portalFrom,
        contacts: contactsFrom,
        instructions: provenance(p?.instructions !== undefined, o?.instructions !== undefined),
        referenceNumbers: refsFrom,
        leadTimeHours: provenance(p?.leadTimeHours !== undefined, o?.leadTimeHours !== undefined),
      },
    },
  }
},
  (): MergedAppointment => mergeAppointment({}),
)

const PROVENANCES: ReadonlyArray<string> = ['PLACE', 'ORDER', 'PLACE_AND_ORDER', 'NONE', 'ADDRESS_FALLBACK']

/** The spec gives each of the six fields as a value or null: null reads as no value. */
const orNull = (v: unknown): unknown => (v === null ? undefined : v)

/**
 * Reads a server's AppointmentRequirementResponse (APT-15): `appointmentRequired` at top level
 * or inside `_merged` (top level wins when both are sent), each of the six fields a value or
 * null (absent reads as null; leadTimeHours a whole number from 0 to 168, as in the request and the
 * AppointmentRequirementResponse codec, since a merge keeps the larger of two such numbers),
 * `_merged.fields` with a provenance per field; unknown fields are ignored. The result has the
 * shape {@link mergeAppointment} produces.
 *
 * Implements APT-15.
 *
 * Total: a value it cannot read gives a Left with one `type` violation at the root (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * readAppointmentResponse({ channel: 'PHONE', _merged: { appointmentRequired: true, fields: { channel: 'PLACE' } }, etag: 'x' }).right.appointmentRequired
 * //=> true
 *
 * @category destructors
 * @since 0.1.0
 */
export const readAppointmentResponse = /* @__PURE__ */ total(
(json: unknown): Result<MergedAppointment> => {
  const sink: Sink = { entity: 'appointment', out: [] }
  const root = parsePath(undefined)
  if (!isObject(json)) return left([violationAt(root, sink.entity, 'type', typeMessage('an appointment response object', json))])
  const channel = readPattern(sink, orNull(own(json, 'channel')), root, 'channel', { test: (s) => (APPOINTMENT_CHANNELS as ReadonlyArray<string>).includes(s), format: `one of ${APPOINTMENT_CHANNELS.join(', ')}` }) as Channel | undefined
  const portalUrl = readPattern(sink, orNull(own(json, 'portalUrl')), root, 'portalUrl', { test: isPortalUrl, format: 'an https URL' })
  const rawContacts = own(json, 'contacts')
  let contacts: Contact[] | undefined
  if (Array.isArray(rawContacts)) {
    contacts = []
    rawContacts.forEach((c: unknown, i) => {
      const v = readContact(sink, c, ['contacts'], i)
      if (v !== undefined) contacts!.push(v)
    })
  } else if (!isAbsent(rawContacts)) {
    sink.out.push(violationAt(['contacts'], sink.entity, 'type', typeMessage('an array of contacts or null', rawContacts)))
  }
  const instructions = readText(sink, orNull(own(json, 'instructions')), root, 'instructions')
  const referenceNumbers = readReferences(sink, orNull(own(json, 'referenceNumbers')), root, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)
  const leadTimeHours = readInteger(sink, orNull(own(json, 'leadTimeHours')), root, 'leadTimeHours', { min: LIMITS.leadTimeHoursMin, max: LIMITS.leadTimeHoursMax })
  const merged = own(json, '_merged')
  const fields: Record<string, FieldProvenance> = {}
  let nestedRequired: unknown
  if (!isObject(merged)) {
    sink.out.push(violationAt(['_merged'], sink.entity, isAbsent(merged) ? 'required' : 'type', typeMessage('an object { fields }', merged)))
  } else {
    nestedRequired = own(merged, 'appointmentRequired')
    const f = own(merged, 'fields')
    const fieldsObj: JsonObject = isObject(f) ? f : {}
    if (!isObject(f)) sink.out.push(violationAt(['_merged', 'fields'], sink.entity, 'required', 'must map each field to its provenance'))
    for (const name of MERGED_FIELDS) {
      const v = own(fieldsObj, name)
      if (isAbsent(v)) fields[name] = 'NONE'
      else if (typeof v === 'string' && PROVENANCES.includes(v)) fields[name] = v as FieldProvenance
      else sink.out.push(violationAt(['_merged', 'fields', name], sink.entity, 'pattern', `must be one of ${PROVENANCES.join(', ')}`))
    }
  }
  const top = own(json, 'appointmentRequired')
  const flag = typeof top === 'boolean' ? top : typeof nestedRequired === 'boolean' ? nestedRequired : undefined
  if (flag === undefined) {
    sink.out.push(violationAt(['appointmentRequired'], sink.entity, 'required', 'must be true or false, at top level or inside _merged'))
  }
  if (sink.out.length > 0 || flag === undefined) return left(sink.out as unknown as Violations)
  return right({
    channel: channel ?? null,
    portalUrl: portalUrl ?? null,
    contacts: contacts === undefined || contacts.length === 0 ? null : contacts,
    instructions: instructions ?? null,
    referenceNumbers: referenceNumbers === undefined || referenceNumbers.length === 0 ? null : referenceNumbers,
    leadTimeHours: leadTimeHours ?? null,
    appointmentRequired: flag,
    _merged: { fields: fields as MergedAppointment['_merged']['fields'] },
  })
},
  () => unreadableResult<MergedAppointment>(),
)

