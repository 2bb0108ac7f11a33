/**
 * The operations of the OpenAPI document (spec: Endpoints, its table and rules 1 to 13; Errors;
 * Limits; Authentication 4): the fifteen endpoints as one table of data, each with its path and
 * query parameters, headers, body, success response and the problem responses its rules can
 * give, every reason checked against the reason catalogue's status by the type system.
 *
 * @module
 */
import type * as t from 'io-ts'
import { defaultConfig } from '../config.js'
import { REASON_CATALOGUE, type ReasonCode } from '../errors/catalogue.js'
import { violationAt, type Violation } from '../errors/violation.js'
import { AppointmentDocumentType, AppointmentStop, HEADER, OrderNumber, REQUEST_ID_FORMAT, QuoteId, ShipmentDocumentType, type JsonSchema } from '../model/index.js'
import { IDEMPOTENCY_KEY_FORMAT, NOT_BLANK_WIRE_TEXT_FORMAT, TRACKING_INCLUDE_FORMAT } from '../model/patterns.js'
import { UPLOAD_CONTENT_TYPES } from '../rules/documents.js'
import type { ComponentName } from './components.js'
import { PARAMETER_EXAMPLES, REQUEST_EXAMPLES, RESPONSE_EXAMPLES } from './examples.js'
import { HEADERS, HTTP_LAYER, JSON_BODY, problemResponse, STATUS_ORDER, successHeaders, unitedProblems, type Problems, type ReasonsOf } from './responses.js'

/** One endpoint of the spec's table. */
interface Endpoint {
  readonly method: 'get' | 'put' | 'post' | 'delete'
  readonly path: string
  readonly operationId: string
  readonly tag: string
  readonly summary: string
  readonly description: string
  readonly parameters?: ReadonlyArray<string>
  readonly body?: ComponentName | 'upload'
  readonly success: ComponentName | 'noContent' | 'pdf'
  readonly problems: Problems
}

const DENIALS = (Object.keys(REASON_CATALOGUE) as ReadonlyArray<ReasonCode>).filter(
  (r): r is ReasonsOf<422> => REASON_CATALOGUE[r].origin === 'denial',
)

/** Every endpoint answers 401, 403 and 500 (Authentication 4; Errors). */
const AUTH_AND_SERVER: Problems = {
  401: { reasons: ['unauthorized'], note: 'missing or invalid bearer token, or a token without the scope shipper' },
  403: { reasons: ['forbidden'], note: 'missing, invalid or expired API key, user not in the company, or a resource of another company' },
  500: { reasons: ['internal_error'], note: 'an unexpected error; when the database is unavailable the answer carries Retry-After' },
}
/** On appointment endpoints an order of another company is 404 order_not_found (Authentication 4). */
const APPOINTMENT_AUTH: Problems = {
  ...AUTH_AND_SERVER,
  403: { reasons: ['forbidden'], note: 'missing, invalid or expired API key (an order of another company is 404 order_not_found)' },
}
const BAD_ORDER_NUMBER = 'a malformed orderNumber'
const APPOINTMENT_404: Problems = { 404: { reasons: ['order_not_found'], note: 'the order does not exist or belongs to another company' } }
const LOCKED: Problems = {
  409: { reasons: ['order_accepted_appointment_locked'], note: 'the order is ACCEPTED or later' },
}

const MAX_UPLOAD = defaultConfig.uploadMaxBytes
/** A whole number with thousands separators (10485760 is 10,485,760), in one pass: the lookahead regular expression that did it is quadratic in the digits (recheck). */
const withThousands = (n: number): string => {
  const digits = String(n)
  let out = ''
  for (let i = 0; i < digits.length; i++) out += (i > 0 && (digits.length - i) % 3 === 0 ? ',' : '') + digits[i]
  return out
}
/** The upload limit with thousands separators: 10,485,760. */
const UPLOAD_BYTES = withThousands(MAX_UPLOAD)

/** The fifteen endpoints of the spec's Endpoints table, in its order. */
const ENDPOINTS: ReadonlyArray<Endpoint> = [
  {
    method: 'post', path: '/v1/shipper/quote', operationId: 'createQuote', tag: 'Quotes', summary: 'Request a price quote',
    description: 'Prices a lane and its freight. A quote is valid for 2 days; transitDays and estimatedDeliveryDate may be null. Coverage, account and pricing denials are 422 with the reason passed unmodified.',
    body: 'QuoteRequest', success: 'QuoteResponse',
    problems: { ...AUTH_AND_SERVER, 400: { reasons: ['validation_failed'], note: 'violations lists every field' }, 422: { reasons: DENIALS } },
  },
  {
    method: 'get', path: '/v1/shipper/quote/{quoteId}', operationId: 'getQuote', tag: 'Quotes', summary: 'Read a quote',
    description: 'Returns a quote of the caller\'s company.',
    parameters: ['quoteId'], success: 'QuoteResponse',
    problems: { ...AUTH_AND_SERVER, 400: { reasons: ['invalid_quote_id'] }, 404: { reasons: ['quote_not_found'] } },
  },
  {
    method: 'get', path: '/v1/shipper/quotes/by-reference', operationId: 'getQuoteByReference', tag: 'Quotes', summary: 'Find the newest quote under a customer reference',
    description: 'Returns the newest quote the caller\'s company holds under the reference (another company\'s use of the same reference is never returned). Read it before tendering a load whose tender cannot carry a quote id; a load whose quote is missing, expired or no longer matches the freight can still be tendered: it is re-priced and booked at the new price, and the difference is flagged for operations.',
    parameters: ['reference'], success: 'QuoteByReferenceResponse',
    problems: { ...AUTH_AND_SERVER, 400: { reasons: ['validation_failed'], note: 'reference missing or blank' }, 404: { reasons: ['quote_not_found'], note: 'no quote under the reference' } },
  },
  {
    method: 'post', path: '/v1/shipper/shipment', operationId: 'createShipment', tag: 'Shipments', summary: 'Create a shipment order',
    description: 'Creates an order in state INITIALIZED; it must be confirmed afterwards. companyId comes from the API key. A quoteId may reference an earlier quote of the company. If any inline appointment field is malformed the order is not created and a 400 lists each violation.',
    parameters: ['idempotencyKey'], body: 'CreateShipmentRequest', success: 'Shipment',
    problems: {
      ...AUTH_AND_SERVER,
      400: { reasons: ['validation_failed', 'quote_expired', 'quote_mismatch'], note: 'violations lists every field; or the quote expired or does not match the lane or freight' },
      403: { reasons: ['forbidden'], note: 'missing, invalid or expired API key, or a quote owned by another company' },
      409: { reasons: ['idempotency_key_conflict'], note: 'the Idempotency-Key was used with a different body within 24 hours' },
      422: { reasons: DENIALS },
    },
  },
  {
    method: 'get', path: '/v1/shipper/shipment/{orderNumber}', operationId: 'getShipment', tag: 'Shipments', summary: 'Read a shipment',
    description: 'Returns a shipment of the caller\'s company.',
    parameters: ['orderNumber'], success: 'Shipment',
    problems: { ...AUTH_AND_SERVER, 400: { reasons: ['validation_failed'], note: BAD_ORDER_NUMBER }, 404: { reasons: ['shipment_not_found'] } },
  },
  {
    method: 'put', path: '/v1/shipper/shipment/{orderNumber}/confirm', operationId: 'confirmShipment', tag: 'Shipments', summary: 'Confirm a shipment',
    description: 'INITIALIZED to CONFIRMED. Requires an associated quote, every confirm-time validation (both addresses complete, description, pallet totals and sums within the limits) and appointment data for every stop with appointmentRequired true. Check the reply for orderStatus CONFIRMED.',
    parameters: ['orderNumber'], success: 'Shipment',
    problems: {
      ...AUTH_AND_SERVER,
      400: { reasons: ['validation_failed', 'invalid_transition', 'quote_required'], note: 'a confirm-time validation failed (violations), the order is not INITIALIZED, or it has no quote' },
      404: { reasons: ['shipment_not_found'] },
      422: { reasons: ['pallet_invalid'], note: 'pallets above the configured limits; each violation states the maximum that applied' },
    },
  },
  {
    method: 'put', path: '/v1/shipper/shipment/{orderNumber}/cancel', operationId: 'cancelShipment', tag: 'Shipments', summary: 'Cancel a shipment',
    description: 'Moves a cancellable order (before pickup) to CANCELLED.',
    parameters: ['orderNumber'], success: 'Shipment',
    problems: { ...AUTH_AND_SERVER, 400: { reasons: ['validation_failed', 'order_not_cancellable'] }, 404: { reasons: ['shipment_not_found'] } },
  },
  {
    method: 'get', path: '/v1/shipper/shipment/{orderNumber}/tracking', operationId: 'getTracking', tag: 'Tracking', summary: 'Read the tracking status',
    description: 'Returns the tracking status; with include=location also a live position estimate. Without it no position is computed, so status polling stays cheap.',
    parameters: ['orderNumber', 'include'], success: 'Tracking',
    problems: { ...AUTH_AND_SERVER, 400: { reasons: ['validation_failed'], note: `${BAD_ORDER_NUMBER}, or an unknown include section` }, 404: { reasons: ['shipment_not_found'] } },
  },
  {
    method: 'get', path: '/v1/shipper/shipment/{orderNumber}/invoice', operationId: 'getInvoice', tag: 'Invoices', summary: 'Read the itemized invoice',
    description: 'Only for DELIVERED shipments (invoices are finalized on delivery).',
    parameters: ['orderNumber'], success: 'InvoiceResponse',
    problems: { ...AUTH_AND_SERVER, 400: { reasons: ['validation_failed', 'invoice_not_available'], note: 'the shipment is not DELIVERED' }, 404: { reasons: ['shipment_not_found'] } },
  },
  {
    method: 'get', path: '/v1/shipper/shipment/{orderNumber}/document/{documentType}', operationId: 'getShipmentDocument', tag: 'Documents', summary: 'Get a download link for a shipment document',
    description: 'Returns a pre-signed download link valid for a limited time.',
    parameters: ['orderNumber', 'shipmentDocumentType'], success: 'DocumentResponse',
    problems: { ...AUTH_AND_SERVER, 400: { reasons: ['validation_failed'], note: `${BAD_ORDER_NUMBER} or documentType` }, 404: { reasons: ['shipment_not_found', 'document_not_found'] } },
  },
  {
    method: 'get', path: '/v1/shipper/shipment/{orderNumber}/appointment/{stop}', operationId: 'getAppointmentRequirement', tag: 'Appointments', summary: 'Read the merged appointment requirement of a stop',
    description: 'Returns the merge of the place-level default (the saved address) and the order-level override: channel the strictest (PORTAL over EMAIL over PHONE); portalUrl the order\'s, else the place\'s; contacts the union deduplicated by (email, phone); instructions joined by a blank line, ---, a blank line; referenceNumbers the union, place entries first; leadTimeHours the maximum. _merged.fields gives each field\'s provenance.',
    parameters: ['orderNumber', 'stop'], success: 'AppointmentRequirementResponse',
    problems: { ...APPOINTMENT_AUTH, 400: { reasons: ['validation_failed'], note: `${BAD_ORDER_NUMBER} or stop` }, ...APPOINTMENT_404 },
  },
  {
    method: 'put', path: '/v1/shipper/shipment/{orderNumber}/appointment/{stop}', operationId: 'putAppointmentRequirement', tag: 'Appointments', summary: 'Replace the order-level appointment requirement of a stop',
    description: 'Idempotent upsert: the body replaces the whole order-level requirement (no partial merge). Accepted until the order reaches ACCEPTED; after that only with confirmChangeAfterAcceptance=true together with X-Service-Change-Reason.',
    parameters: ['orderNumber', 'stop', 'confirmChangeAfterAcceptance', 'changeReason'], body: 'AppointmentRequirementRequest', success: 'AppointmentRequirementResponse',
    problems: {
      ...APPOINTMENT_AUTH,
      400: { reasons: ['validation_failed'], note: 'violations lists every field; or the override without a change reason' },
      ...APPOINTMENT_404,
      ...LOCKED,
    },
  },
  {
    method: 'post', path: '/v1/shipper/shipment/{orderNumber}/appointment/{stop}/document/{documentType}', operationId: 'uploadAppointmentDocument', tag: 'Appointments', summary: 'Upload a supporting document for a stop',
    description: `Uploads a PDF, JPEG or PNG of at most 10 MB (${UPLOAD_BYTES} bytes, inclusive); an image is wrapped into a single-page PDF. A new upload replaces any document of the same (stop, type). PACKING_SLIP and CUSTOMER_BOL are uploadable; APPOINTMENT_DOCUMENT is system-only and rejected with 400.`,
    parameters: ['orderNumber', 'stop', 'appointmentDocumentType'], body: 'upload', success: 'AppointmentDocumentResponse',
    problems: {
      ...APPOINTMENT_AUTH,
      400: { reasons: ['validation_failed', 'appointment_document_not_user_uploadable'], note: 'a malformed path value or an empty file; or APPOINTMENT_DOCUMENT, which is system-only' },
      ...APPOINTMENT_404,
      ...LOCKED,
      413: { reasons: ['file_too_large'], note: `over ${UPLOAD_BYTES} bytes` },
      415: { reasons: ['unsupported_media_type'], note: `not ${UPLOAD_CONTENT_TYPES.join(', ')}` },
    },
  },
  {
    method: 'delete', path: '/v1/shipper/shipment/{orderNumber}/appointment/{stop}/document/{documentType}', operationId: 'deleteAppointmentDocument', tag: 'Appointments', summary: 'Delete a supporting document of a stop',
    description: 'Idempotent: 204 whether or not the document existed.',
    parameters: ['orderNumber', 'stop', 'appointmentDocumentType'], success: 'noContent',
    problems: { ...APPOINTMENT_AUTH, 400: { reasons: ['validation_failed'], note: 'a malformed path value' }, ...APPOINTMENT_404, ...LOCKED },
  },
  {
    method: 'get', path: '/v1/shipper/shipment/{orderNumber}/appointment/{stop}/pdf', operationId: 'getAppointmentPdf', tag: 'Appointments', summary: 'Download the appointment PDF of a stop',
    description: 'A snapshot built at carrier acceptance (cover sheet plus merged supporting documents), regenerated on later shipper-driven updates.',
    parameters: ['orderNumber', 'stop'], success: 'pdf',
    problems: {
      ...APPOINTMENT_AUTH,
      400: { reasons: ['validation_failed'], note: 'a malformed path value' },
      404: { reasons: ['appointment_pdf_not_generated', 'order_not_found'], note: 'not generated yet, or the order does not exist' },
    },
  },
]

const ref = (name: ComponentName): JsonSchema => ({ $ref: `#/components/schemas/${name}` })

/** The media type of a JSON body: its schema and its example. */
const json = (name: ComponentName, examples: Readonly<Partial<Record<ComponentName, JsonSchema>>>): JsonSchema => {
  const example = examples[name]
  return { schema: ref(name), ...(example === undefined ? {} : { example }) }
}

/** The bytes of an example PDF body (a tool that shows or sends examples needs one). */
const PDF_EXAMPLE = '%PDF-1.7 … %%EOF'

const successResponse = (success: Endpoint['success'], replayable: boolean): Readonly<Record<string, JsonSchema>> => {
  const headers = successHeaders(replayable)
  switch (success) {
    case 'noContent':
      return { '204': { description: 'Deleted, or there was nothing to delete. No body.', headers } }
    case 'pdf':
      return {
        '200': {
          description: 'The appointment PDF (binary: read it as a Blob or bytes, e.g. openapi-fetch `parseAs: \'blob\'`).',
          headers,
          content: { 'application/pdf': { schema: { type: 'string', format: 'binary', contentMediaType: 'application/pdf' }, example: PDF_EXAMPLE } },
        },
      }
    default:
      return {
        '200': {
          description: `OK: the ${success}.${replayable ? ' A replay of an earlier request with the same Idempotency-Key and body returns the stored answer with Idempotent-Replayed: true.' : ''}`,
          headers,
          content: { 'application/json': json(success, RESPONSE_EXAMPLES) },
        },
      }
  }
}

const UPLOAD_BODY: JsonSchema = {
  required: true,
  description: `The document as the multipart part \`file\`: ${UPLOAD_CONTENT_TYPES.join(', ')}, at most 10 MB (${UPLOAD_BYTES} bytes).`,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: {
            type: 'string',
            format: 'binary',
            contentMediaType: 'application/octet-stream',
            description: 'The file: PDF, JPEG or PNG, not empty, at most 10 MB. Binary (format: binary): a Blob or File in a browser or Node. openapi-typescript 7 types format binary as string unless told otherwise: pass its Node API option transform, returning the type Blob for a schema with format binary.',
          },
        },
      },
      encoding: { file: { contentType: UPLOAD_CONTENT_TYPES.join(', ') } },
      example: { file: PDF_EXAMPLE },
    },
  },
}

/**
 * Every problem an endpoint can answer: its own, those of the HTTP layer, and for a JSON body 413
 * and 415.
 */
export const problemsOf = (e: Endpoint): Problems =>
  unitedProblems(e.problems, HTTP_LAYER, e.body === undefined || e.body === 'upload' ? {} : JSON_BODY)

/** A violation the endpoint can answer, for its validation_failed example. */
const exampleViolation = (e: Endpoint): Violation => {
  if (e.body === 'QuoteRequest' || e.body === 'CreateShipmentRequest') return violationAt(['pickupAddress', 'zipCode'], 'pickupAddress', 'pattern', 'must be 5 digits')
  if (e.body === 'AppointmentRequirementRequest') return violationAt(['portalUrl'], null, 'required', 'is required with channel PORTAL')
  if (e.parameters?.includes('orderNumber') === true) return violationAt(['orderNumber'], null, 'pattern', 'must be 5 letters or digits')
  return violationAt([e.parameters?.[0] ?? 'reference'], null, 'required', 'is required')
}

const operation = (e: Endpoint): JsonSchema => {
  const problems = problemsOf(e)
  const violation = exampleViolation(e)
  return {
    operationId: e.operationId,
    tags: [e.tag],
    summary: e.summary,
    description: e.description,
    parameters: [...(e.parameters ?? []), 'requestId'].map((p) => ({ $ref: `#/components/parameters/${p}` })),
    ...(e.body === undefined
      ? {}
      : { requestBody: e.body === 'upload' ? UPLOAD_BODY : { required: true, content: { 'application/json': json(e.body, REQUEST_EXAMPLES) } } }),
    responses: {
      ...successResponse(e.success, e.parameters?.includes('idempotencyKey') === true),
      ...Object.fromEntries(
        STATUS_ORDER.flatMap((s) => {
          const p = problems[s]
          return p === undefined ? [] : [[String(s), problemResponse(s, p.reasons, p.note, violation)]]
        }),
      ),
    },
  }
}

/**
 * The `paths` object and the shared parameters of the document; `schemaOf` turns a codec into
 * its JSON Schema (collecting any error for the caller).
 */
export const shipperPaths = (
  schemaOf: (codec: t.Any) => JsonSchema,
): { readonly paths: Readonly<Record<string, JsonSchema>>; readonly parameters: Readonly<Record<string, JsonSchema>> } => {
  const stops = Object.keys(AppointmentStop.keys)
  const pathParameter = (name: string, description: string, schema: JsonSchema): JsonSchema => ({ name, in: 'path', required: true, description, schema })
  const parameters: Record<string, JsonSchema> = {
    orderNumber: pathParameter('orderNumber', 'The order number (PRO number): 5 letters or digits.', schemaOf(OrderNumber)),
    quoteId: pathParameter('quoteId', 'The quote id, a UUID.', schemaOf(QuoteId)),
    stop: pathParameter('stop', 'The stop: PICKUP or DELIVERY; the lower-case forms are accepted too.', {
      type: 'string',
      enum: [...stops, ...stops.map((s) => s.toLowerCase())],
    }),
    shipmentDocumentType: pathParameter('documentType', 'The shipment document.', schemaOf(ShipmentDocumentType)),
    appointmentDocumentType: pathParameter(
      'documentType',
      'The appointment document: PACKING_SLIP or CUSTOMER_BOL (uploadable); APPOINTMENT_DOCUMENT is system-only (a POST with it is 400 appointment_document_not_user_uploadable).',
      schemaOf(AppointmentDocumentType),
    ),
    reference: {
      name: 'reference',
      in: 'query',
      required: true,
      description: 'The customer reference the quote was requested under (QuoteRequest.customerReference), compared exactly as sent. Well-formed Unicode text without U+0000 (otherwise 400 validation_failed, violation code encoding).',
      schema: { type: 'string', pattern: NOT_BLANK_WIRE_TEXT_FORMAT.pattern },
    },
    include: {
      name: 'include',
      in: 'query',
      required: false,
      description: 'A comma-separated list of optional sections; only `location` is supported (an unknown section, an empty entry or a value over 1,024 characters is 400). Without it, location is omitted.',
      schema: { type: 'string', pattern: TRACKING_INCLUDE_FORMAT.pattern, maxLength: TRACKING_INCLUDE_FORMAT.maxLength },
      example: 'location',
    },
    confirmChangeAfterAcceptance: {
      name: 'confirmChangeAfterAcceptance',
      in: 'query',
      required: false,
      description: 'true overrides the lock after carrier acceptance; must be sent with X-Service-Change-Reason.',
      schema: { type: 'boolean', default: false },
    },
    changeReason: {
      name: HEADER.changeReason,
      in: 'header',
      required: false,
      description: 'Required (not blank) with confirmChangeAfterAcceptance=true; quoted verbatim in the carrier-change notification e-mail. Well-formed Unicode text without U+0000 (otherwise 400 validation_failed, violation code encoding).',
      schema: { type: 'string', pattern: NOT_BLANK_WIRE_TEXT_FORMAT.pattern },
    },
    idempotencyKey: {
      name: HEADER.idempotencyKey,
      in: 'header',
      required: false,
      description: 'Repeating the same request with the same key within 24 hours returns the original response without creating a second shipment; the same key with a different body is 409 idempotency_key_conflict. Bodies are compared as JSON (key order and insignificant white space do not matter). The key is 1 to 255 visible ASCII characters (0x21 to 0x7E), compared exactly as sent; any other value is 400 validation_failed with a violation at Idempotency-Key.',
      schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_FORMAT.maxLength, pattern: IDEMPOTENCY_KEY_FORMAT.pattern },
    },
  }
  parameters['requestId'] = {
    name: HEADER.requestId,
    in: 'header',
    required: false,
    description: `An id of the client's own for this request (${REQUEST_ID_FORMAT.description}): the answer's ${HEADER.requestId} repeats it. Absent or otherwise, the server makes one.`,
    schema: HEADERS[HEADER.requestId]['schema'],
  }
  for (const [key, p] of Object.entries(parameters)) if (PARAMETER_EXAMPLES[key] !== undefined) parameters[key] = { ...p, example: PARAMETER_EXAMPLES[key] }
  const paths: Record<string, Record<string, JsonSchema>> = {}
  for (const e of ENDPOINTS) (paths[e.path] ??= {})[e.method] = operation(e)
  return { paths, parameters }
}

/**
 * The tags of the document, in the order of the spec's overview.
 */
export const TAGS: ReadonlyArray<{ readonly name: string; readonly description: string }> = [
  { name: 'Quotes', description: 'Price quotes, valid 2 days, and the lookup by customer reference.' },
  { name: 'Shipments', description: 'Create, read, confirm and cancel shipment orders.' },
  { name: 'Tracking', description: 'Tracking status and the live position estimate.' },
  { name: 'Invoices', description: 'The itemized invoice of a delivered shipment.' },
  { name: 'Documents', description: 'Download links for shipment documents.' },
  { name: 'Appointments', description: 'Per-stop appointment requirements, supporting documents and the appointment PDF.' },
]
