/**
 * The reason catalogue (spec: Errors; rules ERR-02, ERR-03, CRT-11): every reason code a
 * ProblemDetail can carry, with its HTTP status, title and stable `type` URI. Rules as data: the
 * docs and the tests are generated from this table.
 *
 * @module
 */

/**
 * Where a reason comes from: `named` (ERR-02), `denial` (the 422 reasons of ERR-03, passed
 * through unmodified by CRT-11), `plain` (the generic 400/401/403/404/500 problems of the spec's
 * status table, and the HTTP layer's own 408, 409, 414, 429 and 431, which a server answers to
 * a request it cannot route to a rule: a slow body, a name taken, an oversized URL or header, too
 * many failed authentications) and `library` (specific 400/404 reasons this library names for cases the status
 * table lists without a reason code; decision documented in docs/rules.md).
 *
 * @category model
 * @since 0.1.0
 */
export type ReasonOrigin = 'named' | 'denial' | 'plain' | 'library'

const entry = <S extends number, O extends ReasonOrigin>(status: S, title: string, origin: O) =>
  ({ status, title, origin }) as const

/**
 * Every reason code with its status, title and origin.
 * Rules ERR-02 and ERR-03.
 *
 * @example
 * REASON_CATALOGUE.order_not_found.status
 * //=> 404
 *
 * @category model
 * @since 0.1.0
 */
export const REASON_CATALOGUE = {
  // ERR-02: named reasons outside 422
  validation_failed: entry(400, 'Validation failed', 'named'),
  appointment_document_not_user_uploadable: entry(400, 'Document type is not user-uploadable', 'named'),
  order_not_found: entry(404, 'Order not found', 'named'),
  appointment_pdf_not_generated: entry(404, 'Appointment PDF not generated yet', 'named'),
  order_accepted_appointment_locked: entry(409, 'Appointment locked after carrier acceptance', 'named'),
  idempotency_key_conflict: entry(409, 'Idempotency key reused with a different body', 'named'),
  file_too_large: entry(413, 'File too large', 'named'),
  unsupported_media_type: entry(415, 'Unsupported media type', 'named'),
  // ERR-03: 422 denials on quote create and shipment create
  no_aggregate_coverage: entry(422, 'No carrier coverage for the lane', 'denial'),
  no_eligible_carriers: entry(422, 'No eligible carriers for the lane', 'denial'),
  no_coverage: entry(422, 'No coverage for the lane', 'denial'),
  min_pallets: entry(422, "Below the account's pallet minimum", 'denial'),
  coverage_denied: entry(422, 'Coverage denied by an account rule', 'denial'),
  origin_policy_denied: entry(422, 'Origin denied by an account rule', 'denial'),
  destination_policy_denied: entry(422, 'Destination denied by an account rule', 'denial'),
  max_tier_capped: entry(422, 'Proven coverage below the accepted level', 'denial'),
  outside_service_area: entry(422, 'Outside the served area', 'denial'),
  excluded_toll_region: entry(422, 'Lane crosses an excluded region', 'denial'),
  account_restriction: entry(422, 'Not enabled for the account', 'denial'),
  daily_trip_limit: entry(422, 'Daily shipment limit reached for the pickup date', 'denial'),
  pallet_invalid: entry(422, 'Pallets exceed dimension or weight limits', 'denial'),
  pricing_unavailable: entry(422, 'The lane could not be priced', 'denial'),
  // the plain problems of the status table
  bad_request: entry(400, 'Bad request', 'plain'),
  unauthorized: entry(401, 'Unauthorized', 'plain'),
  forbidden: entry(403, 'Forbidden', 'plain'),
  not_found: entry(404, 'Not found', 'plain'),
  internal_error: entry(500, 'Internal server error', 'plain'),
  request_timeout: entry(408, 'Request timeout', 'plain'),
  conflict: entry(409, 'Conflict', 'plain'),
  uri_too_long: entry(414, 'URI too long', 'plain'),
  too_many_requests: entry(429, 'Too many requests', 'plain'),
  request_header_fields_too_large: entry(431, 'Request header fields too large', 'plain'),
  // specific reasons for the status table's rows that name none
  quote_expired: entry(400, 'Quote expired', 'library'),
  quote_mismatch: entry(400, 'Quote does not match the shipment', 'library'),
  quote_required: entry(400, 'Order has no associated quote', 'library'),
  invalid_quote_id: entry(400, 'Malformed quote id', 'library'),
  invalid_transition: entry(400, 'Transition not allowed in the current state', 'library'),
  order_not_cancellable: entry(400, 'Order cannot be cancelled in its state', 'library'),
  invoice_not_available: entry(400, 'Invoice available only for delivered shipments', 'library'),
  quote_not_found: entry(404, 'Quote not found', 'library'),
  shipment_not_found: entry(404, 'Shipment not found', 'library'),
  document_not_found: entry(404, 'Document not found', 'library'),
} as const

/**
 * Every reason code, in catalogue order.
 * Rules ERR-02 and ERR-03.
 *
 * @example
 * REASON_CODES[0]
 * //=> 'validation_failed'
 *
 * @category model
 * @since 0.1.0
 */
export const REASON_CODES = Object.keys(REASON_CATALOGUE) as ReadonlyArray<keyof typeof REASON_CATALOGUE>

/**
 * A reason code of the catalogue.
 *
 * @category model
 * @since 0.1.0
 */
export type ReasonCode = keyof typeof REASON_CATALOGUE

/**
 * The 422 reasons of ERR-03 (coverage, account, pallet and pricing denials).
 *
 * @category model
 * @since 0.1.0
 */
export type DenialReason = {
  [K in ReasonCode]: (typeof REASON_CATALOGUE)[K]['origin'] extends 'denial' ? K : never
}[ReasonCode]

/**
 * The prefix of every problem `type` URI. A `tag:` URI (RFC 4151), which RFC 9457 recommends for
 * problem types that are stable identifiers rather than pages to fetch.
 *
 * @internal
 */
export const PROBLEM_TYPE_PREFIX = 'tag:shipper-rules,2026:problem:'

/**
 * Returns the stable `type` URI of a reason code.
 * For example, `problemTypeFor('pallet_invalid')` is `'tag:shipper-rules,2026:problem:pallet_invalid'`.
 *
 * @internal
 */
export const problemTypeFor = (reason: ReasonCode): string => PROBLEM_TYPE_PREFIX + reason

/**
 * Whether a string is a reason code of the catalogue (own keys only: `'constructor'` is not).
 * Rule ERR-02.
 *
 * @example
 * isReasonCode('file_too_large')
 * //=> true
 *
 * @category utils
 * @since 0.1.0
 */
export const isReasonCode = (value: unknown): value is ReasonCode =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(REASON_CATALOGUE, value)

/**
 * The HTTP status of a catalogued reason code; `undefined` for a string that is not one.
 *
 * Implements ERR-02, ERR-03.
 *
 * @example
 * statusForReason('order_accepted_appointment_locked')
 * //=> 409
 *
 * @category utils
 * @since 0.1.0
 */
export function statusForReason(reason: ReasonCode): number
export function statusForReason(reason: string): number | undefined
export function statusForReason(reason: string): number | undefined {
  return isReasonCode(reason) ? REASON_CATALOGUE[reason].status : undefined
}

/**
 * The plain reason used for a status when a server sent no reason code: `bad_request` for 400,
 * `unauthorized`, `forbidden`, `not_found`, `internal_error`; `undefined` for other statuses.
 * For example, `plainReasonForStatus(403)` is `'forbidden'`.
 *
 * @internal
 */
export const plainReasonForStatus = (status: number): ReasonCode | undefined => {
  for (const code of REASON_CODES) {
    const e = REASON_CATALOGUE[code]
    if (e.origin === 'plain' && e.status === status) return code
  }
  return undefined
}
