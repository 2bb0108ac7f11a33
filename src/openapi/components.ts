/**
 * The named schemas of the OpenAPI document (spec: Resources and their fields): each wire codec
 * of `src/model/` that the document names under `#/components/schemas/`, with a one-line
 * description taken from the spec. The codecs state what is accepted; the descriptions only say
 * what a resource is.
 *
 * @module
 */
import {
  Address,
  AppointmentChannel,
  AppointmentContact,
  AppointmentDocumentResponse,
  AppointmentRequirementRequest,
  AppointmentRequirementResponse,
  AppointmentsBlock,
  CreateShipmentRequest,
  Dimensions,
  DocumentResponse,
  FreightClass,
  GpsData,
  InvoiceCharge,
  InvoiceLineItem,
  InvoiceResponse,
  OrderComponent,
  OrderStatus,
  ProblemDetailCodec,
  Provenance,
  QuoteByReferenceResponse,
  QuoteRequest,
  QuoteRequestAddress,
  QuoteResponse,
  Shipment,
  ShipmentAddress,
  ShipmentLocation,
  ShipmentMode,
  ShipperDispatch,
  Tracking,
  ViolationCodec,
} from '../model/index.js'

/**
 * Every named schema of the document: component name to the codec it is generated from.
 *
 * @internal
 */
export const COMPONENT_CODECS = {
  Address,
  QuoteRequestAddress,
  ShipmentAddress,
  Dimensions,
  OrderComponent,
  QuoteRequest,
  CreateShipmentRequest,
  AppointmentsBlock,
  ShipperDispatch,
  AppointmentContact,
  AppointmentRequirementRequest,
  AppointmentRequirementResponse,
  QuoteResponse,
  QuoteByReferenceResponse,
  Shipment,
  Tracking,
  ShipmentLocation,
  GpsData,
  InvoiceResponse,
  InvoiceLineItem,
  InvoiceCharge,
  DocumentResponse,
  AppointmentDocumentResponse,
  ProblemDetail: ProblemDetailCodec,
  Violation: ViolationCodec,
  OrderStatus,
  AppointmentChannel,
  FreightClass,
  ShipmentMode,
  Provenance,
} as const

/**
 * The name of a component schema.
 *
 * @category model
 * @since 0.2.0
 */
export type ComponentName = keyof typeof COMPONENT_CODECS

/**
 * What each component is, in the spec's words (added to its schema unless the codec documents
 * itself).
 *
 * @internal
 */
export const COMPONENT_DESCRIPTIONS: Readonly<Record<ComponentName, string>> = {
  Address:
    'An address as a server sends it (pickupAddress, deliveryAddress; shipper, consignee and billTo on the invoice). A response may carry the subdivision of another country; a US or served country names a US state, DC or territory, and a territory its own code.',
  QuoteRequestAddress: 'An address of a quote request: only zipCode is required.',
  ShipmentAddress:
    'An address of a shipment create: name, address1, city, state, zipCode, phoneNumber and contactPerson required. country defaults to US; a territory may be sent as country US with the territory code in state. openTime and closeTime default to 10:00 and 16:00.',
  Dimensions:
    'Dimensions of one pallet in whole inches, each optional; if any of the three is omitted the whole object is treated as missing. With neither dimensions nor palletDimensions the default is length 40, width 48, height 60.',
  OrderComponent:
    'A pallet group. poundsWeight is the weight per pallet. freightClass, when supplied, is authoritative; when absent a class is derived from density. The configured limits (weight per pallet, dimension minima and maxima, liftgate limits) are 422 pallet_invalid, outside this schema.',
  QuoteRequest: 'The body of a quote request. customerReference is the reference the by-reference lookup finds the quote under.',
  CreateShipmentRequest:
    'The body of a shipment create. companyId comes from the API key and is never read from the body.',
  AppointmentsBlock:
    'Inline appointment data per stop, applied only if that stop\'s address has appointmentRequired true; it may only be set for such stops.',
  ShipperDispatch: 'The operational dispatch contact (distinct from the company account); at least one of email or phone.',
  AppointmentContact: 'A person to contact for an appointment; at least one of email or phone.',
  AppointmentRequirementRequest:
    'An appointment requirement as a client sends it: the body of the appointment PUT (replacing the whole order-level requirement) and of each AppointmentsBlock entry. portalUrl is required with channel PORTAL and must be omitted otherwise.',
  AppointmentRequirementResponse:
    'The merged effective requirement of a stop (place-level default plus order-level override). A field neither side has is null with provenance NONE. appointmentRequired may be at the top level or inside _merged: read either.',
  QuoteResponse:
    'A priced quote, valid 2 days. transitDays counts business days after pickup (pickup day excluded, weekends and any day the zone skipped crossing the date line not counted); transitDays and estimatedDeliveryDate are null when no ETA can be computed. estimatedDeliveryDate (decision D of QTE-04) is the delivery stop\'s closeTime (default 16:00) in its own time zone on the delivery day, written in UTC; a closeTime that a DST change repeats that day is its first occurrence, one it skips moves forward by the gap.',
  QuoteByReferenceResponse:
    'The newest quote the company holds under a customer reference; matchable is true when the quote is open, inside its 48-hour window and carries a price that can be charged.',
  Shipment: 'A shipment as create, get, confirm and cancel return it. Money is an integer number of US cents.',
  Tracking:
    'The tracking status of a shipment. orderStatus is null only for an order whose internal state is unset; estimatedDeliveryDate is null until a delivery window is predicted or an appointment is booked; location is present only when include=location is requested.',
  ShipmentLocation:
    'An estimated position: route-interpolated, refined by recent vehicle positions. isSignificantlyDelayed true means the estimate should not be shown; statusDescription is omitted when no meaningful sentence can be produced.',
  GpsData: 'A vehicle position; timestamp not in the future; heading 0 is North; speed in km/h.',
  InvoiceResponse: 'The itemized invoice of a delivered shipment; billTo equals shipper for prepaid shipments; refNumber is the bill of lading number.',
  InvoiceLineItem: 'One line per component; nmfcCode is null when none was supplied (never the freight class).',
  InvoiceCharge: 'One charge, in US cents.',
  DocumentResponse: 'A shipment document: its file name, MIME type and a pre-signed download link valid for a limited time.',
  AppointmentDocumentResponse: 'A stored appointment document: always a PDF after storage (images are wrapped into a single-page PDF).',
  ProblemDetail:
    'An error body (RFC 9457 style): reason is the machine-readable code; violations lists every field-level problem of a validation-style error, with full paths.',
  Violation: 'One field-level problem: the full path of the field, the top-level object it belongs to (or null), a message stating the rule and limit, and a stable code.',
  OrderStatus: 'An order state. IN_TRANSIT is an alias of PICKED_UP.',
  AppointmentChannel: 'How an appointment is booked.',
  FreightClass: 'A freight class.',
  ShipmentMode: 'The shipment mode of a quote request.',
  Provenance: 'Where a merged appointment field came from.',
}
