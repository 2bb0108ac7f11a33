/**
 * Appointment stops and documents (spec: Resources, AppointmentDocumentResponse; Endpoints, the
 * {stop} path value; rules APT-17, DOC-04, DOC-05).
 *
 * @module
 */
import * as t from 'io-ts'
import { NonNegativeInt } from './numbers.js'
import { DateTimeString } from './time.js'

/**
 * A stop, as the `{stop}` path value and the document `stop` field write it: PICKUP or DELIVERY
 * (APT-17; the lower-case path forms are a rule of path parsing, not of this codec).
 *
 * @example
 * AppointmentStop.is('DELIVERY')
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const AppointmentStop = t.keyof({ PICKUP: null, DELIVERY: null }, 'AppointmentStop')

/**
 * A stop of a shipment.
 *
 * @category model
 * @since 0.1.0
 */
export type AppointmentStop = t.TypeOf<typeof AppointmentStop>

/**
 * The type of an appointment document: PACKING_SLIP, CUSTOMER_BOL or the system-only
 * APPOINTMENT_DOCUMENT (DOC-04).
 *
 * @example
 * AppointmentDocumentType.is('APPOINTMENT_DOCUMENT')
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const AppointmentDocumentType = t.keyof(
  { PACKING_SLIP: null, CUSTOMER_BOL: null, APPOINTMENT_DOCUMENT: null },
  'AppointmentDocumentType',
)

/**
 * The type of an appointment document.
 *
 * @category model
 * @since 0.1.0
 */
export type AppointmentDocumentType = t.TypeOf<typeof AppointmentDocumentType>

/**
 * A stored appointment document: always a PDF after storage (DOC-05).
 *
 * @example
 * AppointmentDocumentResponse.is({})
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const AppointmentDocumentResponse = t.type(
  {
    id: t.string,
    stop: AppointmentStop,
    type: AppointmentDocumentType,
    filename: t.string,
    sizeBytes: NonNegativeInt,
    contentType: t.literal('application/pdf'),
    uploadedAt: DateTimeString,
    uploadedBy: t.string,
  },
  'AppointmentDocumentResponse',
)

/**
 * A stored appointment document.
 *
 * @category model
 * @since 0.1.0
 */
export type AppointmentDocumentResponse = t.TypeOf<typeof AppointmentDocumentResponse>
