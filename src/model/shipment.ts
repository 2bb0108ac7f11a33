/**
 * Shipments (spec: Resources, Shipment, CreateShipmentRequest, DocumentResponse; States and
 * transitions; rules ORD-01, CRT-01 to CRT-09, DOC-01, ID-01 to ID-03).
 *
 * @module
 */
import * as t from 'io-ts'
import { ShipmentAddress } from './address.js'
import { AppointmentsBlock } from './appointment.js'
import { Cents, OrderNumber } from './brands.js'
import { ShipperDispatch } from './dispatch.js'
import { OrderComponents } from './freight.js'
import { LIMITS, WIRE_FORMATS } from './patterns.js'
import { formatted, list, text } from './schema.js'
import { DateTimeString } from './time.js'
import { ORDER_STATUSES } from './orderStatuses.js'

/**
 * An order state, one of {@link ORDER_STATUSES} (ORD-01).
 *
 * @example
 * OrderStatus.is('IN_TRANSIT')
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const OrderStatus = t.keyof(
  Object.fromEntries(ORDER_STATUSES.map((s) => [s, null])) as {
    [K in (typeof ORDER_STATUSES)[number]]: null
  },
  'OrderStatus',
)

/**
 * An order state.
 *
 * @category model
 * @since 0.1.0
 */
export type OrderStatus = t.TypeOf<typeof OrderStatus>

/**
 * A shipment as confirm, cancel, create and get return it (spec: Shipment; ID-01, ID-02, ID-03).
 * Fields the spec does not show are tolerated on decode (not exact: a response may carry more).
 *
 * @example
 * Shipment.is({})
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const Shipment = t.type(
  {
    id: t.string,
    companyId: t.string,
    userId: t.string,
    orderNumber: OrderNumber,
    orderStatus: OrderStatus,
    totalPriceInCents: Cents,
    createdAt: DateTimeString,
    updatedAt: DateTimeString,
  },
  'Shipment',
)

/**
 * A shipment resource.
 *
 * @category model
 * @since 0.1.0
 */
export type Shipment = t.TypeOf<typeof Shipment>

/**
 * The brand of a validated `QuoteId`.
 *
 * @category model
 * @since 0.2.0
 */
export interface QuoteIdBrand {
  readonly QuoteId: unique symbol
}

/**
 * A quote id: a UUID, either case (QTE-08).
 *
 * @example
 * QuoteId.is('')
 * //=> false
 *
 * @category codecs
 * @since 0.2.0
 */
export const QuoteId = formatted<'QuoteId', QuoteIdBrand>(WIRE_FORMATS.quoteId, 'QuoteId')

/**
 * The body of a shipment create (CRT-01 to CRT-09), exactly the shape `validateCreateShipment`
 * accepts. Exact: decoding strips every top-level key the table does not name, so a decoded
 * request never carries `companyId` (CRT-09). Cross-field rules it cannot state (configured
 * pallet limits, liftgate limits, pallets per order, appointments only for stops whose address
 * requires one, requiredDeliveryBy not before requiredPickupDate) are `validateCreateShipment`'s.
 *
 * @example
 * CreateShipmentRequest.is({})
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const CreateShipmentRequest = t.exact(
  t.intersection([
    t.type({
      pickupAddress: ShipmentAddress,
      deliveryAddress: ShipmentAddress,
      orderComponents: OrderComponents,
      description: text({ notBlank: true, name: 'Description' }),
    }),
    t.partial({
      quoteId: QuoteId,
      poNumber: text({ name: 'PoNumber' }),
      refNumber: text({ name: 'RefNumber' }),
      instructions: text({ maxLength: LIMITS.instructionsMaxLength, name: 'Instructions' }),
      referenceNumbers: list(text({ maxLength: LIMITS.createReferenceNumberMaxLength, notBlank: true, name: 'ReferenceNumber' }), {
        maxItems: LIMITS.createReferenceNumbersMax,
        name: 'ReferenceNumbers',
      }),
      requiredPickupDate: DateTimeString,
      requiredDeliveryBy: DateTimeString,
      appointments: AppointmentsBlock,
      shipperDispatch: ShipperDispatch,
    }),
  ]),
  'CreateShipmentRequest',
)

/**
 * The body of a shipment create.
 *
 * @category model
 * @since 0.1.0
 */
export type CreateShipmentRequest = t.TypeOf<typeof CreateShipmentRequest>

/**
 * A shipment document type: BILL_OF_LADING, INVOICE, SHIPPING_LABEL or POD (DOC-01).
 *
 * @example
 * ShipmentDocumentType.is('POD')
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const ShipmentDocumentType = t.keyof(
  { BILL_OF_LADING: null, INVOICE: null, SHIPPING_LABEL: null, POD: null },
  'ShipmentDocumentType',
)

/**
 * A shipment document type.
 *
 * @category model
 * @since 0.1.0
 */
export type ShipmentDocumentType = t.TypeOf<typeof ShipmentDocumentType>

/**
 * A shipment document's download: file name, MIME type and a pre-signed link (spec:
 * DocumentResponse; DOC-01).
 *
 * @example
 * DocumentResponse.is({})
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const DocumentResponse = t.type(
  {
    filename: t.string,
    fileType: t.string,
    downloadLink: t.string,
  },
  'DocumentResponse',
)

/**
 * A shipment document's download.
 *
 * @category model
 * @since 0.1.0
 */
export type DocumentResponse = t.TypeOf<typeof DocumentResponse>
