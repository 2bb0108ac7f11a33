/**
 * Appointment requirements (spec: Resources, AppointmentContact, AppointmentRequirementRequest,
 * AppointmentRequirementResponse, CreateShipmentRequest's AppointmentsBlock; rules APT-01 to
 * APT-06, APT-13 to APT-15, CRT-07). Stops and appointment documents are in
 * `appointmentDocument.ts`.
 *
 * The codecs state the wire shape and formats; the cross-field rules (portalUrl only with PORTAL,
 * at least one of email or phone, list and text limits, leadTimeHours at most 168) are checked by
 * the appointment rules, which report them with paths and limits.
 *
 * @module
 */
import * as t from 'io-ts'
import { Email } from './brands.js'
import { LIMITS, WIRE_FORMATS } from './patterns.js'
import { crossField, formatted, integer, list, text } from './schema.js'

/**
 * The brand of {@link ContactPhone}.
 *
 * @category model
 * @since 0.1.0
 */
export interface ContactPhoneBrand {
  readonly ContactPhone: unique symbol
}

/**
 * The phone of an appointment contact: `+` then 8 to 15 digits, at most 32 characters (APT-03).
 *
 * @example
 * ContactPhone.is('+1312555')
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const ContactPhone = formatted<'ContactPhone', ContactPhoneBrand>(WIRE_FORMATS.contactPhone, 'ContactPhone')

/**
 * An appointment contact's phone number.
 *
 * @category model
 * @since 0.1.0
 */
export type ContactPhone = t.TypeOf<typeof ContactPhone>

/**
 * The brand of a validated `PortalUrl`.
 *
 * @category model
 * @since 0.2.0
 */
export interface PortalUrlBrand {
  readonly PortalUrl: unique symbol
}

/**
 * A booking portal's address: an https URL of at most 512 characters (APT-02).
 *
 * @example
 * PortalUrl.is('http://dock.example.com')
 * //=> false
 *
 * @category codecs
 * @since 0.2.0
 */
export const PortalUrl = formatted<'PortalUrl', PortalUrlBrand>(WIRE_FORMATS.portalUrl, 'PortalUrl')

/**
 * How an appointment is booked: PHONE, EMAIL or PORTAL (APT-01).
 *
 * @example
 * AppointmentChannel.is('FAX')
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const AppointmentChannel = t.keyof({ PHONE: null, EMAIL: null, PORTAL: null }, 'AppointmentChannel')

/**
 * An appointment booking channel.
 *
 * @category model
 * @since 0.1.0
 */
export type AppointmentChannel = t.TypeOf<typeof AppointmentChannel>

/**
 * A person to contact for an appointment (APT-03): name required (one visible character, at
 * most 200); email, phone, role (at most 100) optional; at least one of email or phone.
 *
 * @example
 * AppointmentContact.is({ name: 'Dock office' })
 * //=> false
 * AppointmentContact.is({ name: 'Dock office', phone: '+13125550100' })
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const AppointmentContact = crossField(
  t.intersection([
    t.type({ name: text({ maxLength: LIMITS.contactNameMaxLength, notBlank: true, name: 'ContactName' }) }),
    t.partial({
      email: Email,
      phone: ContactPhone,
      role: text({ maxLength: LIMITS.contactRoleMaxLength, name: 'ContactRole' }),
    }),
  ]),
  (c) => c.email !== undefined || c.phone !== undefined,
  { anyOf: [{ required: ['email'] }, { required: ['phone'] }] },
  'AppointmentContact',
)

/**
 * An appointment contact.
 *
 * @category model
 * @since 0.1.0
 */
export type AppointmentContact = t.TypeOf<typeof AppointmentContact>

/** Lead time in whole hours, 0 to 168 (APT-06); the merged response's is the larger of two such values (APT-14), so the same range. */
const LeadTimeHours = integer({ minimum: LIMITS.leadTimeHoursMin, maximum: LIMITS.leadTimeHoursMax, name: 'LeadTimeHours' })

/**
 * An appointment requirement as a client sends it: body of the appointment PUT and of each
 * AppointmentsBlock entry (APT-01 to APT-06). portalUrl is required with PORTAL and must be
 * omitted otherwise; at most 20 contacts; instructions at most 2,000 characters; at most 10
 * reference numbers of at most 64 characters (one visible character each); leadTimeHours a
 * whole number from 0 to 168.
 *
 * @example
 * AppointmentRequirementRequest.is({ channel: 'FAX' })
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const AppointmentRequirementRequest = crossField(
  t.intersection([
    t.type({ channel: AppointmentChannel }),
    t.partial({
      portalUrl: PortalUrl,
      contacts: list(AppointmentContact, { maxItems: LIMITS.appointmentContactsMax, name: 'AppointmentContacts' }),
      instructions: text({ maxLength: LIMITS.instructionsMaxLength, name: 'Instructions' }),
      referenceNumbers: list(text({ maxLength: LIMITS.appointmentReferenceNumberMaxLength, notBlank: true, name: 'AppointmentReferenceNumber' }), {
        maxItems: LIMITS.appointmentReferenceNumbersMax,
        name: 'AppointmentReferenceNumbers',
      }),
      leadTimeHours: LeadTimeHours,
    }),
  ]),
  (r) => (r.channel === 'PORTAL') === (r.portalUrl !== undefined),
  {
    if: { required: ['channel'], properties: { channel: { const: 'PORTAL' } } },
    then: { required: ['portalUrl'] },
    else: { not: { required: ['portalUrl'] } },
  },
  'AppointmentRequirementRequest',
)

/**
 * An appointment requirement as a client sends it.
 *
 * @category model
 * @since 0.1.0
 */
export type AppointmentRequirementRequest = t.TypeOf<typeof AppointmentRequirementRequest>

/**
 * Where a merged field's value came from: PLACE, ORDER, PLACE_AND_ORDER, NONE or
 * ADDRESS_FALLBACK (APT-14).
 *
 * @example
 * Provenance.is('PLACE_AND_ORDER')
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const Provenance = t.keyof(
  { PLACE: null, ORDER: null, PLACE_AND_ORDER: null, NONE: null, ADDRESS_FALLBACK: null },
  'Provenance',
)

/**
 * The provenance of a merged appointment field.
 *
 * @category model
 * @since 0.1.0
 */
export type Provenance = t.TypeOf<typeof Provenance>

/**
 * `_merged.fields`: the provenance of each of the six requirement fields (APT-14).
 *
 * @example
 * AppointmentMergedFields.is({})
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const AppointmentMergedFields = t.type(
  {
    channel: Provenance,
    portalUrl: Provenance,
    contacts: Provenance,
    instructions: Provenance,
    referenceNumbers: Provenance,
    leadTimeHours: Provenance,
  },
  'AppointmentMergedFields',
)

/**
 * The provenance of each merged appointment field.
 *
 * @category model
 * @since 0.1.0
 */
export type AppointmentMergedFields = t.TypeOf<typeof AppointmentMergedFields>

/**
 * The name of one of the six merged requirement fields (APT-07 to APT-12, APT-14).
 *
 * @category model
 * @since 0.1.0
 */
export type AppointmentRequirementField = keyof AppointmentMergedFields

/**
 * The six merged requirement fields in wire order, read from {@link AppointmentMergedFields}
 * so the list is written once (APT-14).
 *
 * @example
 * APPOINTMENT_REQUIREMENT_FIELDS[0]
 * //=> 'channel'
 *
 * @category model
 * @since 0.1.0
 */
export const APPOINTMENT_REQUIREMENT_FIELDS = Object.keys(
  AppointmentMergedFields.props,
) as ReadonlyArray<AppointmentRequirementField>

/**
 * `_merged`: the provenance map, and the merged appointmentRequired where a server places it
 * there (APT-14, APT-15).
 *
 * @example
 * AppointmentMerged.is({})
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const AppointmentMerged = t.intersection(
  [
    t.type({ fields: AppointmentMergedFields }),
    t.partial({ appointmentRequired: t.boolean }),
  ],
  'AppointmentMerged',
)

/**
 * The `_merged` block of a merged appointment requirement.
 *
 * @category model
 * @since 0.1.0
 */
export type AppointmentMerged = t.TypeOf<typeof AppointmentMerged>

/**
 * The merged effective appointment requirement of a stop (APT-07 to APT-15): each field its
 * request type or null, `_merged` always present, appointmentRequired at top level or inside
 * `_merged`.
 *
 * @example
 * AppointmentRequirementResponse.is({})
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const AppointmentRequirementResponse = t.intersection(
  [
    t.type({
      channel: t.union([AppointmentChannel, t.null]),
      portalUrl: t.union([t.string, t.null]),
      contacts: t.union([t.array(AppointmentContact), t.null]),
      instructions: t.union([t.string, t.null]),
      referenceNumbers: t.union([t.array(t.string), t.null]),
      leadTimeHours: t.union([LeadTimeHours, t.null]),
      _merged: AppointmentMerged,
    }),
    t.partial({ appointmentRequired: t.boolean }),
  ],
  'AppointmentRequirementResponse',
)

/**
 * The merged effective appointment requirement of a stop.
 *
 * @category model
 * @since 0.1.0
 */
export type AppointmentRequirementResponse = t.TypeOf<typeof AppointmentRequirementResponse>

/**
 * Inline appointment data of a shipment create, per stop (CRT-07).
 *
 * @example
 * AppointmentsBlock.is({ pickup: { channel: 'FAX' } })
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const AppointmentsBlock = t.partial(
  {
    pickup: AppointmentRequirementRequest,
    delivery: AppointmentRequirementRequest,
  },
  'AppointmentsBlock',
)

/**
 * Inline appointment data of a shipment create.
 *
 * @category model
 * @since 0.1.0
 */
export type AppointmentsBlock = t.TypeOf<typeof AppointmentsBlock>
