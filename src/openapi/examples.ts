/**
 * The examples of the OpenAPI document: the request bodies are the bundled example payloads of
 * `examples/` (test/openapi-examples.test.ts checks each equals its file), the responses one
 * realistic shipment of the same lane (Des Plaines, IL to Toa Baja, PR) followed through its
 * life, and the parameters concrete values of it. Every example is checked against its schema by
 * ajv in test/openapi-examples.test.ts and by Spectral in test/openapi-lint.test.ts.
 *
 * @module
 */
import type { JsonSchema } from '../model/index.js'
import type { ComponentName } from './components.js'

/** The order number of the examples. */
const ORDER_NUMBER = 'AB12C'
/** The quote id of the examples (the one examples/create-shipment/valid-chicago-to-san-juan.json names). */
const QUOTE_ID = '3F2504E0-4F89-11D3-9A0C-0305E82C3301'

/** The request bodies, each a copy of a file of `examples/` (named in `REQUEST_EXAMPLE_FILES`). */
export const REQUEST_EXAMPLES: Readonly<Partial<Record<ComponentName, JsonSchema>>> = {
  QuoteRequest: {
    pickupAddress: { zipCode: '60018' },
    deliveryAddress: { zipCode: '96813', liftgateRequired: true },
    orderComponents: [{ palletCount: 3, poundsWeight: 900, dimensions: { length: 48, width: 40, height: 48 } }],
    requiredPickupDate: '2026-11-24T08:00:00-06:00',
    shipmentMode: 'ltl',
    customerReference: 'PO-88123',
  },
  CreateShipmentRequest: {
    companyId: 'ignored-company-id-from-the-body',
    pickupAddress: {
      name: 'Lakeside Distribution Center', address1: '2400 S Wolf Rd', address2: 'Dock 14',
      city: 'Des Plaines', state: 'IL', zipCode: '60018', phoneNumber: '+18475550142',
      contactPerson: 'Dana Whitfield', email: 'receiving@lakeside-dc.example.com',
      openTime: '07:00', closeTime: '15:30', appointmentRequired: true, callAheadRequired: true,
    },
    deliveryAddress: {
      name: 'Caribe Foods Warehouse', address1: 'Carr. 2 Km 18.5', city: 'Toa Baja',
      state: 'PR', country: 'us', zipCode: '00949', phoneNumber: '+17875550188',
      contactPerson: 'Luis Ortega', liftgateRequired: true, insideRequired: true, appointmentRequired: true,
    },
    orderComponents: [
      { palletCount: 4, poundsWeight: 1150, dimensions: { length: 48, width: 40, height: 52 }, description: 'Canned tomatoes', packagingType: 'pallets' },
      { palletCount: 2, poundsWeight: 45, dimensions: { length: 12, width: 12, height: 24 }, description: 'Sample crates', packagingType: 'crates' },
      { palletCount: 1, poundsWeight: 380, palletDimensions: [60, 56, 48], freightClass: '150', nmfcCode: '156600', description: 'Office chairs' },
    ],
    description: 'Grocery restock, 7 pallets',
    quoteId: QUOTE_ID,
    poNumber: 'PO-88123',
    refNumber: 'BOL-2026-11-0042',
    instructions: 'Deliver to door 14; call ahead 2 hours.',
    referenceNumbers: ['PO-88123', 'DC-4471'],
    requiredPickupDate: '2026-11-24T08:00:00-06:00',
    requiredDeliveryBy: '2026-12-01T16:00:00-04:00',
    appointments: {
      pickup: { channel: 'PHONE', contacts: [{ name: 'Dock office', phone: '+18475550100' }], leadTimeHours: 24 },
      delivery: { channel: 'PORTAL', portalUrl: 'https://citas.caribefoods.example.com', referenceNumbers: ['CF-7781'] },
    },
    shipperDispatch: { name: 'Midwest dispatch desk', email: 'dispatch@lakeside-dc.example.com', scac: 'LKDC' },
  },
  AppointmentRequirementRequest: {
    channel: 'PORTAL',
    portalUrl: 'https://dock.lakeside-dc.example.com/book',
    contacts: [
      { name: 'Receiving (order desk)', email: 'receiving@lakeside-dc.example.com' },
      { name: 'Night shift lead', phone: '+18475550199', role: 'After 18:00' },
    ],
    instructions: 'PO 88123: deliver to door 14 only.',
    referenceNumbers: ['PO-88123', 'DC-4471'],
    leadTimeHours: 48,
  },
}

/** The file of `examples/` each request example copies. */
export const REQUEST_EXAMPLE_FILES: Readonly<Partial<Record<ComponentName, string>>> = {
  QuoteRequest: 'quote-request/valid-zip-to-zip.json',
  CreateShipmentRequest: 'create-shipment/valid-chicago-to-san-juan.json',
  AppointmentRequirementRequest: 'appointment/valid-order-override.json',
}

const SHIPPER = {
  name: 'Lakeside Distribution Center', address1: '2400 S Wolf Rd', address2: 'Dock 14', city: 'Des Plaines', state: 'IL',
  zipCode: '60018', country: 'US', phoneNumber: '+18475550142', contactPerson: 'Dana Whitfield',
}
const CONSIGNEE = {
  name: 'Caribe Foods Warehouse', address1: 'Carr. 2 Km 18.5', city: 'Toa Baja', state: 'PR', zipCode: '00949', country: 'US',
  phoneNumber: '+17875550188', contactPerson: 'Luis Ortega',
}

/** The success bodies, by the component a response names. */
export const RESPONSE_EXAMPLES: Readonly<Partial<Record<ComponentName, JsonSchema>>> = {
  QuoteResponse: {
    id: QUOTE_ID,
    quotedPriceInCents: 184250,
    quoteExpirationTime: '2026-11-22T15:30:00Z',
    transitDays: 4,
    estimatedDeliveryDate: '2026-11-30T20:00:00Z',
  },
  QuoteByReferenceResponse: { quoteId: QUOTE_ID, customerReference: 'PO-88123', matchable: true },
  Shipment: {
    id: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
    companyId: 'cmp_4f1c2a9b7e30',
    userId: 'usr_dana.whitfield',
    orderNumber: ORDER_NUMBER,
    orderStatus: 'INITIALIZED',
    totalPriceInCents: 184250,
    createdAt: '2026-11-20T15:30:12Z',
    updatedAt: '2026-11-20T15:30:12Z',
  },
  Tracking: {
    id: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
    orderNumber: ORDER_NUMBER,
    orderStatus: 'PICKED_UP',
    actualPickupDate: '2026-11-24T14:05:00Z',
    estimatedDeliveryDate: '2026-11-30T20:00:00Z',
    location: {
      center: { vehicleId: 'TRK-2291', timestamp: '2026-11-25T09:40:00Z', latitude: 36.1627, longitude: -86.7816, heading: 135, speed: 88 },
      uncertaintyRadiusKm: 6.5,
      lastEventTimestamp: '2026-11-25T09:40:00Z',
      isSignificantlyDelayed: false,
      delayMessage: '',
      statusDescription: 'In transit near Nashville, TN.',
    },
  },
  InvoiceResponse: {
    orderId: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
    orderNumber: ORDER_NUMBER,
    invoiceDate: '2026-11-30T21:00:00Z',
    shipDate: '2026-11-24T14:05:00Z',
    deliveryDate: '2026-11-30T19:45:00Z',
    lineItems: [
      { description: 'Canned tomatoes', freightClass: '70', nmfcCode: null, weight: 4600, quantity: 4, packageType: 'pallets' },
      { description: 'Sample crates', freightClass: '125', nmfcCode: null, weight: 90, quantity: 2, packageType: 'crates' },
      { description: 'Office chairs', freightClass: '150', nmfcCode: '156600', weight: 380, quantity: 1, packageType: 'pallets' },
    ],
    charges: [
      { chargeType: 'LINEHAUL', description: 'Linehaul', amountInCents: 152000 },
      { chargeType: 'LIFTGATE', description: 'Liftgate at delivery', amountInCents: 9500 },
      { chargeType: 'INSIDE', description: 'Inside delivery', amountInCents: 22750 },
    ],
    totalChargesInCents: 184250,
    totalWeight: 5070,
    totalPieces: 7,
    shipper: SHIPPER,
    consignee: CONSIGNEE,
    billTo: SHIPPER,
    poNumber: 'PO-88123',
    refNumber: 'BOL-2026-11-0042',
  },
  DocumentResponse: {
    filename: `${ORDER_NUMBER}-BILL_OF_LADING.pdf`,
    fileType: 'application/pdf',
    downloadLink: `https://sandbox.example.com/sandbox/downloads/${ORDER_NUMBER}/BILL_OF_LADING?expires=1764259200&signature=3f9a0c5e`,
  },
  AppointmentRequirementResponse: {
    channel: 'PORTAL',
    portalUrl: 'https://dock.lakeside-dc.example.com/book',
    contacts: [
      { name: 'Receiving office', email: 'Receiving@Lakeside-DC.example.com', role: 'Dock scheduling' },
      { name: 'Dana Whitfield', phone: '+18475550142' },
      { name: 'Receiving (order desk)', email: 'receiving@lakeside-dc.example.com' },
      { name: 'Night shift lead', phone: '+18475550199', role: 'After 18:00' },
    ],
    instructions: 'Book at least one business day ahead. Trailers over 53 ft use gate 3.\n\n---\n\nPO 88123: deliver to door 14 only.',
    referenceNumbers: ['DC-4471', 'PO-88123'],
    leadTimeHours: 48,
    _merged: {
      fields: { channel: 'ORDER', portalUrl: 'ORDER', contacts: 'PLACE_AND_ORDER', instructions: 'PLACE_AND_ORDER', referenceNumbers: 'PLACE_AND_ORDER', leadTimeHours: 'ORDER' },
      appointmentRequired: true,
    },
    appointmentRequired: true,
  },
  AppointmentDocumentResponse: {
    id: '6f1b7c1e-2d4a-4f3e-9a51-0c8e2b7d9f40',
    stop: 'DELIVERY',
    type: 'PACKING_SLIP',
    filename: 'packing-slip-PO-88123.pdf',
    sizeBytes: 48213,
    contentType: 'application/pdf',
    uploadedAt: '2026-11-21T10:02:44Z',
    uploadedBy: 'usr_dana.whitfield',
  },
}

/** A concrete value of each parameter of `components.parameters`, by its key there. */
export const PARAMETER_EXAMPLES: Readonly<Record<string, unknown>> = {
  orderNumber: ORDER_NUMBER,
  quoteId: QUOTE_ID,
  stop: 'DELIVERY',
  shipmentDocumentType: 'BILL_OF_LADING',
  appointmentDocumentType: 'PACKING_SLIP',
  reference: 'PO-88123',
  include: 'location',
  confirmChangeAfterAcceptance: false,
  changeReason: 'The consignee moved the delivery to door 9.',
  idempotencyKey: 'create-PO-88123-2026-11-20',
  requestId: 'support-ticket-4471.1',
}
