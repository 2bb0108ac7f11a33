/**
 * The wire model (spec: Resources and their fields; ProblemDetail): every resource as an io-ts
 * codec with the static type of the same name, the branded value types, and the patterns and
 * limits they use.
 *
 * An explicit list, not `export *`: every name here is a public promise, listed in
 * docs/exports.md and checked by test/surface.test.ts. Helpers (the compiled patterns, the
 * refinements no doc names, `nonEmptyArray`) stay importable inside src/ from their modules.
 *
 * @module
 */
export type { JsonSchema, Described } from './schema.js'
export {
  LIMITS,
  type WireFormat,
  WIRE_FORMATS,
  SHIPMENT_MODES,
  formatTest,
  isZipCode,
  isEmail,
  isE164,
  isOrderNumber,
  isCents,
} from './patterns.js'
export {
  ISO_3166_1_ALPHA_2,
  US_TERRITORIES,
  type UsTerritory,
  SERVED_COUNTRIES,
  type ServedCountry,
  US_STATES_AND_DC,
  REQUEST_STATES,
  SERVED_COUNTRY_FORMAT,
  ISO_COUNTRY_FORMAT,
} from './countries.js'
export { HEADER, HEADER_KEY, credentialHeaders, parseRetryAfter, REQUEST_ID_FORMAT } from './headers.js'
export { STRICTNESS_DECISIONS, CROSS_FIELD_RULES } from './decisions.js'
export {
  type IntBrand,
  Int,
  type NonNegativeIntBrand,
  NonNegativeInt,
  type PositiveIntBrand,
  PositiveInt,
  type NonNegativeNumberBrand,
  NonNegativeNumber,
} from './numbers.js'
export { type NonEmptyArrayC } from './nonEmptyArray.js'
export { type DateTimeStringBrand, DateTimeString } from './time.js'
export {
  type ZipCodeBrand,
  ZipCode,
  type StateCodeBrand,
  StateCode,
  type CountryCodeBrand,
  CountryCode,
  type E164PhoneBrand,
  E164Phone,
  type OrderNumberBrand,
  OrderNumber,
  type CentsBrand,
  Cents,
  type TimeOfDayBrand,
  TimeOfDay,
  type EmailBrand,
  Email,
  type PhoneExtensionBrand,
  PhoneExtension,
} from './brands.js'
export { ADDRESS_FLAGS, type AddressFlag } from './addressFields.js'
export {
  type ServedCountryTextBrand,
  ServedCountryText,
  type CountryTextBrand,
  CountryText,
  RequestState,
  Address,
  QuoteRequestAddress,
  ShipmentAddress,
  type AddressDefaultsApplied,
  type NormalizedAddress,
  type NormalizedShipmentAddress,
} from './address.js'
export {
  FREIGHT_CLASSES,
  type FreightClassName,
  type DensityBand,
  type DensityScale,
  DENSITY_SCALE_18,
  NMFC_2025_SCALE,
} from './densityScales.js'
export { FreightClass } from './freightClass.js'
export { Dimensions, PalletDimensions, OrderComponent, OrderComponents } from './freight.js'
export {
  type ContactPhoneBrand,
  ContactPhone,
  type PortalUrlBrand,
  PortalUrl,
  AppointmentChannel,
  AppointmentContact,
  AppointmentRequirementRequest,
  Provenance,
  AppointmentMergedFields,
  type AppointmentRequirementField,
  APPOINTMENT_REQUIREMENT_FIELDS,
  AppointmentMerged,
  AppointmentRequirementResponse,
  AppointmentsBlock,
} from './appointment.js'
export {
  AppointmentStop,
  AppointmentDocumentType,
  AppointmentDocumentResponse,
} from './appointmentDocument.js'
export { type ScacBrand, Scac, type DispatchPhoneBrand, DispatchPhone, ShipperDispatch } from './dispatch.js'
export { ORDER_STATUSES, type OrderStatusName } from './orderStatuses.js'
export {
  OrderStatus,
  Shipment,
  type QuoteIdBrand,
  QuoteId,
  CreateShipmentRequest,
  ShipmentDocumentType,
  DocumentResponse,
} from './shipment.js'
export { ShipmentMode, QuoteRequest, QuoteResponse, QuoteByReferenceResponse } from './quote.js'
export {
  type LatitudeBrand,
  Latitude,
  type LongitudeBrand,
  Longitude,
  type HeadingBrand,
  Heading,
  GpsData,
  ShipmentLocation,
  Tracking,
} from './tracking.js'
export { InvoiceLineItem, InvoiceCharge, InvoiceResponse } from './invoice.js'
export { ViolationCodec, HttpErrorStatus, ProblemDetailCodec } from './problem.js'
