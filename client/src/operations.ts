/**
 * The operations of the shipper API, named by their OpenAPI operationId (what AttemptEvent and
 * every error report).
 *
 * @module
 */

/**
 * The OpenAPI operationIds the client calls; `downloadDocument` is the GET of a document's
 * pre-signed link (no credentials).
 *
 * @category model
 * @since 0.1.0
 */
export const OPERATION_IDS = [
  'createQuote',
  'getQuote',
  'getQuoteByReference',
  'createShipment',
  'getShipment',
  'confirmShipment',
  'cancelShipment',
  'getTracking',
  'getInvoice',
  'getShipmentDocument',
  'downloadDocument',
  'getAppointmentRequirement',
  'putAppointmentRequirement',
  'uploadAppointmentDocument',
  'deleteAppointmentDocument',
  'getAppointmentPdf',
] as const

/**
 * One of {@link OPERATION_IDS}.
 *
 * @category model
 * @since 0.1.0
 */
export type OperationId = (typeof OPERATION_IDS)[number]
