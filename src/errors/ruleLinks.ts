/**
 * Rule links: which rule IDs of the spec's RULES.md an error names. A ProblemDetail's reason code
 * and each of its violations (code and field) lead to the rules they break, so that a tool showing
 * an error (the sandbox's console, a test report) can link each one to its rule without a table of
 * its own.
 *
 * @module
 */
import { isReasonCode, type ReasonCode } from './catalogue.js'

/** The rule IDs of each catalogued reason code (ERR-02 and ERR-03 list the reasons themselves). */
const REASON_RULES: { readonly [R in ReasonCode]: ReadonlyArray<string> } = {
  validation_failed: ['ERR-01', 'ERR-02'],
  appointment_document_not_user_uploadable: ['DOC-04', 'ERR-02'],
  order_not_found: ['AUTH-03', 'DOC-07', 'ERR-02'],
  appointment_pdf_not_generated: ['DOC-07', 'ERR-02'],
  order_accepted_appointment_locked: ['ORD-06', 'ERR-02'],
  idempotency_key_conflict: ['CRT-10', 'ERR-02'],
  file_too_large: ['DOC-03', 'ERR-02'],
  unsupported_media_type: ['DOC-02', 'ERR-02'],
  no_aggregate_coverage: ['ERR-03', 'CRT-11'],
  no_eligible_carriers: ['ERR-03', 'CRT-11'],
  no_coverage: ['ERR-03', 'CRT-11'],
  min_pallets: ['ERR-03', 'CRT-11'],
  coverage_denied: ['ERR-03', 'CRT-11'],
  origin_policy_denied: ['ERR-03', 'CRT-11'],
  destination_policy_denied: ['ERR-03', 'CRT-11'],
  max_tier_capped: ['ERR-03', 'CRT-11'],
  outside_service_area: ['ERR-03', 'CRT-11'],
  excluded_toll_region: ['ERR-03', 'CRT-11'],
  account_restriction: ['ERR-03', 'CRT-11'],
  daily_trip_limit: ['ERR-03', 'CRT-11'],
  pallet_invalid: ['FRT-09', 'CNF-03', 'ERR-03'],
  pricing_unavailable: ['ERR-03', 'CRT-11'],
  bad_request: ['ERR-01'],
  unauthorized: ['AUTH-01', 'AUTH-02'],
  forbidden: ['AUTH-03'],
  not_found: ['ERR-01'],
  internal_error: ['ERR-01'],
  request_timeout: ['ERR-01'],
  conflict: ['ERR-01'],
  uri_too_long: ['ERR-01'],
  too_many_requests: ['ERR-01'],
  request_header_fields_too_large: ['ERR-01'],
  quote_expired: ['CRT-05', 'QTE-02', 'QTE-06'],
  quote_mismatch: ['CRT-05', 'QTE-06'],
  quote_required: ['ORD-03'],
  invalid_quote_id: ['QTE-08'],
  invalid_transition: ['ORD-03', 'ORD-07'],
  order_not_cancellable: ['ORD-04'],
  invoice_not_available: ['ORD-05', 'INV-01'],
  quote_not_found: ['QTE-05', 'AUTH-04'],
  shipment_not_found: ['ID-01', 'AUTH-04'],
  document_not_found: ['DOC-01'],
}

/** The address fields and their rules (any address: pickupAddress, deliveryAddress, a saved address). */
const ADDRESS_FIELDS: Readonly<Record<string, ReadonlyArray<string>>> = {
  name: ['ADDR-01'],
  address1: ['ADDR-01'],
  city: ['ADDR-01'],
  contactPerson: ['ADDR-01'],
  state: ['ADDR-02'],
  zipCode: ['ADDR-04'],
  country: ['ADDR-05', 'ADDR-06'],
  phoneNumber: ['ADDR-08'],
  phoneExtension: ['ADDR-09'],
  email: ['ADDR-10'],
  openTime: ['ADDR-11'],
  closeTime: ['ADDR-11'],
  liftgateRequired: ['ADDR-12'],
  limitedAccess: ['ADDR-12'],
  appointmentRequired: ['ADDR-12'],
  callAheadRequired: ['ADDR-12'],
  lumperRequired: ['ADDR-12'],
  insideRequired: ['ADDR-12'],
}

/** The fields of one pallet group (orderComponents[i]) and their rules. */
const COMPONENT_FIELDS: Readonly<Record<string, ReadonlyArray<string>>> = {
  palletCount: ['FRT-01'],
  poundsWeight: ['FRT-02'],
  dimensions: ['FRT-03', 'FRT-09'],
  palletDimensions: ['FRT-04', 'ID-04'],
  freightClass: ['FRT-06'],
  description: ['FRT-08'],
  nmfcCode: ['FRT-08'],
  packagingType: ['FRT-08'],
  pieceCount: ['FRT-08'],
}

/** The fields of an appointment requirement (the PUT body, or a stop's entry of a create's appointments) and their rules. */
const REQUIREMENT_FIELDS: Readonly<Record<string, ReadonlyArray<string>>> = {
  channel: ['APT-01'],
  portalUrl: ['APT-02'],
  contacts: ['APT-03'],
  instructions: ['APT-04'],
  referenceNumbers: ['APT-05'],
  leadTimeHours: ['APT-06'],
  confirmChangeAfterAcceptance: ['ORD-06'],
}

/** The top-level fields of the requests (create, quote, GPS data) and parameters, and their rules. */
const TOP_FIELDS: Readonly<Record<string, ReadonlyArray<string>>> = {
  pickupAddress: ['CRT-01', 'QTE-01'],
  deliveryAddress: ['CRT-01', 'QTE-01'],
  orderComponents: ['CRT-01', 'QTE-01', 'FRT-12'],
  description: ['CRT-02'],
  instructions: ['CRT-03', 'APT-04'],
  referenceNumbers: ['CRT-04', 'APT-05'],
  quoteId: ['CRT-05', 'QTE-08'],
  requiredPickupDate: ['CRT-06', 'QTE-01'],
  requiredDeliveryBy: ['CRT-06'],
  appointments: ['CRT-07'],
  shipperDispatch: ['CRT-08'],
  companyId: ['CRT-09'],
  'Idempotency-Key': ['CRT-10'],
  'X-Service-Change-Reason': ['ORD-06'],
  customerReference: ['QTE-05'],
  reference: ['QTE-05'],
  shipmentMode: ['QTE-01'],
  orderNumber: ['ID-01'],
  documentType: ['DOC-01'],
  file: ['DOC-02', 'DOC-03'],
  type: ['DOC-04'],
  stop: ['APT-17'],
  include: ['TRK-01'],
  vehicleId: ['TRK-02'],
  timestamp: ['TRK-02', 'ID-03'],
  latitude: ['TRK-02'],
  longitude: ['TRK-02'],
  heading: ['TRK-02'],
  speed: ['TRK-02'],
  event: ['ORD-07'],
  ...Object.fromEntries(Object.entries(REQUIREMENT_FIELDS).filter(([k]) => k !== 'instructions' && k !== 'referenceNumbers')),
}

const own = <T>(table: Readonly<Record<string, T>>, key: string | undefined): T | undefined =>
  key !== undefined && Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined

/** A field path's names, its array indices dropped: `orderComponents[0].dimensions.height` → orderComponents, dimensions, height (an index holds no bracket, so the scan is linear: a run of `[` cannot make it backtrack). */
const namesOf = (field: string): string[] =>
  field
    .replace(/\[[^[\]]*\]/g, '')
    .split('.')
    .filter((s) => s !== '')

const fieldRules = (code: string, names: ReadonlyArray<string>): ReadonlyArray<string> => {
  const [first, second, third] = names
  if (first === undefined) return []
  if (first === 'pickupAddress' || first === 'deliveryAddress' || first === 'address') {
    if (second === undefined) return own(TOP_FIELDS, first) ?? ['ADDR-01']
    if ((second === 'state' || second === 'country') && code === 'mismatch') return ['ADDR-07']
    if (second === 'country' && (code === 'not_supported' || code === 'unknown_country')) return ['ADDR-06']
    return own(ADDRESS_FIELDS, second) ?? []
  }
  if (first === 'orderComponents') {
    if (second === undefined) return own(TOP_FIELDS, first) ?? []
    if (second === 'dimensions' && (code === 'out_of_range' || code === 'not_integer')) return ['FRT-09']
    return own(COMPONENT_FIELDS, second) ?? []
  }
  if (first === 'appointments') {
    if (second === undefined || third === undefined) return ['CRT-07']
    return [...(own(REQUIREMENT_FIELDS, third) ?? []), 'CRT-07']
  }
  if (first === 'shipperDispatch') return ['CRT-08']
  if (first === 'contacts') return ['APT-03']
  return own(TOP_FIELDS, first) ?? []
}

/**
 * The rule IDs of RULES.md that a violation breaks, from its code and its field (a path such as
 * `pickupAddress.zipCode` or `orderComponents[0].dimensions.height`, as the library's validators
 * write it). A field of a stop's address leads to its ADDR rule, a pallet group's field to its FRT
 * rule, an appointment requirement's to its APT rule, a request's own field to its CRT, QTE or
 * TRK rule; a top-level `instructions` or `referenceNumbers` names both the create's and the
 * requirement's rule (the field alone does not say which request it was). A field no rule names
 * gives `['ERR-01']` (the rule that violations are reported at all). Never empty, never throws,
 * whatever it is given.
 *
 * Rule ERR-01 (a violation names its field and code); the IDs it answers are those of RULES.md.
 *
 * @example
 * rulesForViolation('pattern', 'pickupAddress.zipCode')
 * //=> ['ADDR-04']
 *
 * @example
 * rulesForViolation('out_of_range', 'orderComponents[0].dimensions.height')
 * //=> ['FRT-09']
 *
 * @category utils
 * @since 0.3.0
 */
export const rulesForViolation = (code: unknown, field: unknown): ReadonlyArray<string> => {
  const names = typeof field === 'string' ? namesOf(field) : []
  const rules = fieldRules(typeof code === 'string' ? code : '', names)
  return rules.length > 0 ? [...rules] : ['ERR-01']
}

/**
 * The rule IDs of RULES.md behind a ProblemDetail's reason code: its status (ERR-02, ERR-03) and
 * the rule that leads to it (`idempotency_key_conflict` is CRT-10, `order_accepted_appointment_locked`
 * ORD-06, `invalid_transition` ORD-03 and ORD-07, …). A string that is no catalogued reason gives
 * `['ERR-01']`. Never empty, never throws.
 *
 * Rules ERR-02 and ERR-03 (the reasons and their statuses); the IDs it answers are those of RULES.md.
 *
 * @example
 * rulesForReason('idempotency_key_conflict')
 * //=> ['CRT-10', 'ERR-02']
 *
 * @example
 * rulesForReason('no_such_reason')
 * //=> ['ERR-01']
 *
 * @category utils
 * @since 0.3.0
 */
export const rulesForReason = (reason: unknown): ReadonlyArray<string> => (isReasonCode(reason) ? [...REASON_RULES[reason]] : ['ERR-01'])
