/**
 * Appointment requirements (spec: Appointments, AppointmentContact,
 * AppointmentRequirementRequest, Limits). Implements APT-01 … APT-06: one pass over a requirement,
 * every violation at once with its full path and entity `appointment`.
 *
 * @module
 */
import { parsePath, type Path } from '../errors/path.js'
import { violationAt, type Result, type Violations } from '../errors/violation.js'
import { left, right } from '../internal/either.js'
import { formatField, readEmail, readInteger, readPattern, readText, report, typeMessage, type Sink } from '../validate/fields.js'
import { isObject, own, type JsonObject } from '../internal/input.js'
import { formatTest, LIMITS, WIRE_FORMATS } from '../model/patterns.js'
import { total } from '../internal/total.js'
import { unreadableResult } from '../errors/unreadable.js'

/**
 * The booking channels, least strict first (APT-01, APT-07).
 *
 * @internal
 */
export const APPOINTMENT_CHANNELS = ['PHONE', 'EMAIL', 'PORTAL'] as const

/**
 * A booking channel.
 *
 * @category model
 * @since 0.1.0
 */
export type Channel = (typeof APPOINTMENT_CHANNELS)[number]

/**
 * A validated appointment contact, as sent, with at least one of email or phone.
 *
 * @category model
 * @since 0.1.0
 */
export interface Contact {
  readonly name: string
  readonly email?: string
  readonly phone?: string
  readonly role?: string
}

/**
 * A validated appointment requirement. Empty lists are normalized away (absent).
 *
 * @category model
 * @since 0.1.0
 */
export interface AppointmentRequirement {
  readonly channel: Channel
  readonly portalUrl?: string
  readonly contacts?: ReadonlyArray<Contact>
  readonly instructions?: string
  readonly referenceNumbers?: ReadonlyArray<string>
  readonly leadTimeHours?: number
}

/**
 * Options of {@link validateAppointmentRequirement}.
 *
 * @category model
 * @since 0.1.0
 */
export interface AppointmentOptions {
  /** Prefix of every field: `appointments.pickup` for the inline block of a create request. */
  readonly path?: string | Path
  /** Entity of the violations; default `appointment`. */
  readonly entity?: string | null
}

const ENTITY = 'appointment'
const CHANNEL_LIST = APPOINTMENT_CHANNELS.join(', ')

/**
 * Whether a string is a portal URL the spec accepts: an https URL with a valid host and port, of
 * at most 512 characters (APT-02; the format is `WIRE_FORMATS.portalUrl`).
 *
 * @example
 * [isPortalUrl('https://dock.example.com/book'), isPortalUrl('http://dock.example.com')]
 * //=> [true, false]
 *
 * @category refinements
 * @since 0.1.0
 */
export const isPortalUrl: (s: string) => boolean = formatTest(WIRE_FORMATS.portalUrl)

/**
 * Returns the normalized requirement (values as sent, empty lists dropped, unknown fields
 * dropped) or every violation with its full path (`contacts[3].phone`, or
 * `appointments.pickup.contacts[3].phone` with `path: 'appointments.pickup'`) and entity
 * `appointment`. Strict: the channel is PHONE, EMAIL or PORTAL exactly as written; `null` is
 * never absent; nothing is trimmed.
 *
 * Implements APT-01 … APT-06. Decisions (D): a portalUrl sent with another channel is
 * `not_allowed`, whatever its value (`null` and `""` included: the spec says omitted); a
 * contact's phone is checked for its length (32) before its format; a contact name and each
 * reference number need one character that is not white space; a list over its limit (21
 * contacts, 11 reference numbers) is one `max_length` violation on the list, its entries unread,
 * so its cost does not grow with its length. Unknown keys, `__proto__`, `constructor` and
 * `prototype` among them, are never read. Every string read must be wire text (ERR-01, ID-03, a library decision: well-formed Unicode
 * without U+0000, which storage cannot hold): otherwise one `encoding` violation at its field,
 * judged after its type and length and before its format; unknown keys are never read, whatever
 * text they hold.
 *
 * Total: input or options it cannot read give a Left with one `type` violation at the root (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * validateAppointmentRequirement({ channel: 'PORTAL', contacts: [{ name: 'Dock office' }] }, { path: 'appointments.pickup' }).left.map((v) => [v.field, v.code])
 * //=> [['appointments.pickup.portalUrl', 'required'], ['appointments.pickup.contacts[0]', 'required']]
 *
 * @category rules
 * @since 0.1.0
 */
export const validateAppointmentRequirement = /* @__PURE__ */ total(
(input: unknown, options: AppointmentOptions = {}): Result<AppointmentRequirement> => {
  const path = parsePath(options.path)
  const sink: Sink = { entity: options.entity === undefined ? ENTITY : options.entity, out: [] }
  if (!isObject(input)) {
    const v = input === undefined
      ? violationAt(path, sink.entity, 'required', 'is required')
      : violationAt(path, sink.entity, 'type', typeMessage('an appointment requirement object', input))
    return left([v])
  }
  const value = readRequirement(sink, input, path)
  return sink.out.length > 0 || value === undefined ? left(sink.out as unknown as Violations) : right(value)
},
  () => unreadableResult<AppointmentRequirement>(),
)

const CHANNEL = { required: true, test: (s: string) => (APPOINTMENT_CHANNELS as ReadonlyArray<string>).includes(s), format: `one of ${CHANNEL_LIST}` }
const PORTAL_URL = formatField(WIRE_FORMATS.portalUrl)
const LEAD_TIME = { min: LIMITS.leadTimeHoursMin }

const readRequirement = (sink: Sink, a: JsonObject, path: Path): AppointmentRequirement | undefined => {
  const channel = readPattern(sink, own(a, 'channel'), path, 'channel', CHANNEL) as Channel | undefined
  const rawUrl = own(a, 'portalUrl')
  let portalUrl: string | undefined
  if (channel === 'PORTAL') {
    portalUrl = readPattern(sink, rawUrl, path, 'portalUrl', { ...PORTAL_URL, required: true })
  } else if (channel !== undefined && rawUrl !== undefined) {
    report(sink, path, 'portalUrl', 'not_allowed', `must be omitted unless channel is PORTAL`)
  }
  const contacts = readContacts(sink, own(a, 'contacts'), path)
  const instructions = readText(sink, own(a, 'instructions'), path, 'instructions', { maxLength: LIMITS.instructionsMaxLength })
  const referenceNumbers = readReferences(sink, own(a, 'referenceNumbers'), path, LIMITS.appointmentReferenceNumbersMax, LIMITS.appointmentReferenceNumberMaxLength)
  const leadTimeHours = readInteger(sink, own(a, 'leadTimeHours'), path, 'leadTimeHours', LEAD_TIME)
  if (leadTimeHours !== undefined && leadTimeHours > LIMITS.leadTimeHoursMax) {
    report(sink, path, 'leadTimeHours', 'out_of_range', `must be between ${LIMITS.leadTimeHoursMin} and ${LIMITS.leadTimeHoursMax} hours`)
  }
  if (channel === undefined) return undefined
  return {
    channel,
    ...(portalUrl === undefined ? {} : { portalUrl }),
    ...(contacts === undefined || contacts.length === 0 ? {} : { contacts }),
    ...(instructions === undefined ? {} : { instructions }),
    ...(referenceNumbers === undefined || referenceNumbers.length === 0 ? {} : { referenceNumbers }),
    ...(leadTimeHours === undefined || leadTimeHours > LIMITS.leadTimeHoursMax ? {} : { leadTimeHours }),
  }
}

/**
 * A list of reference numbers: at most `max` entries, each a string of at most `maxLength`
 * characters with one that is not white space, as sent (APT-05, CRT-04). A list of more than
 * `max` entries gets one `max_length` violation and its entries are not read (docs/robustness.md).
 *
 * @internal
 */
export const readReferences = (sink: Sink, raw: unknown, path: Path, max: number, maxLength: number): string[] | undefined => {
  if (raw === undefined) return undefined
  if (!Array.isArray(raw)) {
    report(sink, path, 'referenceNumbers', 'type', typeMessage('an array of strings', raw))
    return undefined
  }
  if (raw.length > max) {
    // Rejected on its length alone: the entries of an over-long list are never read, so a list of
    // a million entries costs what one of eleven does.
    report(sink, path, 'referenceNumbers', 'max_length', `must have at most ${max} entries`)
    return undefined
  }
  const here = [...path, 'referenceNumbers']
  const out: string[] = []
  raw.forEach((r: unknown, i) => {
    const v = readText(sink, r, here, i, { required: true, notBlank: true, maxLength })
    if (v !== undefined) out.push(v)
  })
  return out
}

const CONTACT_PHONE = formatField(WIRE_FORMATS.contactPhone)

const readContacts = (sink: Sink, raw: unknown, path: Path): Contact[] | undefined => {
  if (raw === undefined) return undefined
  if (!Array.isArray(raw)) {
    report(sink, path, 'contacts', 'type', typeMessage('an array of contacts', raw))
    return undefined
  }
  if (raw.length > LIMITS.appointmentContactsMax) {
    // Rejected on its length alone, as an over-long list of reference numbers.
    report(sink, path, 'contacts', 'max_length', `must have at most ${LIMITS.appointmentContactsMax} contacts`)
    return undefined
  }
  const out: Contact[] = []
  raw.forEach((c: unknown, i) => {
    const v = readContact(sink, c, [...path, 'contacts'], i)
    if (v !== undefined) out.push(v)
  })
  return out
}

/**
 * One appointment contact (APT-03): name required (at most 200), email (format, 320), phone
 * (+ then 8 to 15 digits, 32), role (100); at least one of email or phone.
 *
 * @internal
 */
export const readContact = (sink: Sink, raw: unknown, listPath: Path, index: number): Contact | undefined => {
  const path = [...listPath, index]
  if (!isObject(raw)) {
    sink.out.push(violationAt(path, sink.entity, raw === undefined ? 'required' : 'type', typeMessage('a contact object', raw)))
    return undefined
  }
  const before = sink.out.length
  const name = readText(sink, own(raw, 'name'), path, 'name', { required: true, notBlank: true, maxLength: LIMITS.contactNameMaxLength })
  const email = readEmail(sink, own(raw, 'email'), path, 'email')
  const phone = readPattern(sink, own(raw, 'phone'), path, 'phone', CONTACT_PHONE)
  const role = readText(sink, own(raw, 'role'), path, 'role', { maxLength: LIMITS.contactRoleMaxLength })
  if (own(raw, 'email') === undefined && own(raw, 'phone') === undefined) {
    sink.out.push(violationAt(path, sink.entity, 'required', 'needs an email or a phone (at least one)'))
  }
  if (sink.out.length > before || name === undefined) return undefined
  return {
    name,
    ...(email === undefined ? {} : { email }),
    ...(phone === undefined ? {} : { phone }),
    ...(role === undefined ? {} : { role }),
  }
}
