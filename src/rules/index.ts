/**
 * The rule families.
 *
 * An explicit list, not `export *`: every name here is a public promise, listed in
 * docs/exports.md and checked by test/surface.test.ts. Helpers that serve the rules themselves
 * (day numbers, holiday counters, the readers shared by the request validators, the tables behind
 * the parsers) stay importable inside src/ from their modules, marked `@internal`.
 *
 * @module
 */
export { classifyCountry, isRequestState, canonicalTerritory } from './country.js'
export { normalizeAddress, type AddressPurpose, type NormalizeAddressOptions } from './address.js'
export { type QuoteStops, insideServiceFeeCents } from './accessorials.js'
export {
  type PalletSize,
  densityOf,
  freightClassForDensity,
  freightClassForPallet,
  type ClassInput,
  effectiveFreightClass,
} from './freightClass.js'
export {
  DEFAULT_PALLET_DIMENSIONS,
  type DimensionsSource,
  type Notice,
  type ResolvedDimensions,
  NOTICE_PALLET_DIMENSIONS_USED,
  NOTICE_PALLET_DIMENSIONS_IGNORED,
  NOTICE_INCOMPLETE_DIMENSIONS,
  resolveDimensions,
  isOversized,
} from './freightDimensions.js'
export {
  type NormalizedComponent,
  type ComponentReport,
  type OrderTotals,
  type ComponentsOptions,
  orderTotals,
  inspectComponents,
  validateComponents,
} from './freightComponents.js'
export { type HolidayRule, CARRIER_HOLIDAYS, US_FEDERAL_HOLIDAYS } from './calendarHolidays.js'
export {
  type BusinessDayOptions,
  type HolidayCalendar,
  holidayCalendar,
  transitDays,
  isBusinessDay,
  addBusinessDays,
} from './calendar.js'
export { type EtaInput, estimateDelivery } from './calendarEta.js'
export {
  type StoredQuote,
  quoteExpiresAt,
  isChargeablePrice,
  isQuoteMatchable,
  newestQuoteByReference,
  quoteByReferenceResponse,
  parseQuoteId,
  type RepriceReason,
  type TenderPrice,
  tenderPrice,
} from './quotes.js'
export { type IdempotencyDecision, canonicalJson, decideIdempotency, IDEMPOTENCY_KEY_MAX_LENGTH, parseIdempotencyKey } from './idempotency.js'
export { isWireText, checkWireText } from './wireText.js'
export {
  LIFECYCLE,
  isOrderStatus,
  isCancellable,
  isAppointmentLocked,
  canReach,
  isConfirmedOrLater,
  isUnderWay,
  ORDER_EVENTS,
  type OrderEvent,
  TRANSITIONS,
  transition,
  lifecycleTable,
} from './orderLifecycle.js'
export {
  type Channel,
  type Contact,
  type AppointmentRequirement,
  type AppointmentOptions,
  isPortalUrl,
  validateAppointmentRequirement,
} from './appointment.js'
export {
  type FieldProvenance,
  MERGED_FIELDS,
  type MergedAppointment,
  type FallbackAddress,
  INSTRUCTIONS_SEPARATOR,
  contactKey,
  mergeAppointment,
  readAppointmentResponse,
} from './appointmentMerge.js'
export {
  APPOINTMENT_WRITE_ENDPOINTS,
  type AppointmentWriteEndpoint,
  type AppointmentWriteOptions,
  checkAppointmentWrite,
  type StopAppointmentState,
  checkAppointmentPresence,
} from './appointmentChecks.js'
export { type Credentials, type EndpointKind, SHIPPER_SCOPE, authorize, parseOrderNumber } from './tenancy.js'
export { type InvoiceOrder, type Charge, type Invoice, buildInvoice } from './invoice.js'
export {
  type Stop,
  type AppointmentDocumentKind,
  parseStop,
  parseDocumentType,
  parseAppointmentDocumentType,
  storedFilename,
  checkAppointmentUpload,
  checkAppointmentUploadStart,
  type StoredDocument,
  type DocumentSet,
  uploadDocument,
  deleteDocument,
  findDocument,
  appointmentPdfLookup,
} from './documents.js'
export {
  type Dispatch,
  type NormalizedCreateShipment,
  type NormalizedQuoteRequest,
  type RequestOptions,
  validateCreateShipment,
  validateQuoteRequest,
} from './requests.js'
export { type OperationBodyCheck, validateOperationBody } from './operationBodies.js'
export {
  type ConfirmInput,
  validateConfirm,
  type QuoteWithRequest,
  checkQuoteForShipment,
} from './confirm.js'
export {
  type TrackingInclude,
  parseTrackingInclude,
  type GpsDataOptions,
  validateGpsData,
} from './tracking.js'
export { type EstimateInput, estimateLocation } from './trackingEstimate.js'
export {
  STATUS_PHASES,
  type Place,
  type StatusFacts,
  describeStatus,
  type TrackingFacts,
  type TrackingOptions,
  buildTracking,
} from './trackingStatus.js'
export {
  REPAIR_KINDS,
  type RepairKind,
  REPAIR_CHANGES,
  type RepairChange,
  type Repair,
  type RepairedInput,
  repairInput,
} from './repair.js'
