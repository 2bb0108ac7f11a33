/**
 * Quotes (spec: Resources, QuoteRequest, QuoteResponse, QuoteByReferenceResponse; rules QTE-01
 * to QTE-06, ADDR-13, ID-02, ID-03).
 *
 * @module
 */
import * as t from 'io-ts'
import { QuoteRequestAddress } from './address.js'
import { Cents } from './brands.js'
import { OrderComponents } from './freight.js'
import { LIMITS, SHIPMENT_MODES } from './patterns.js'
import { text } from './schema.js'
import { NonNegativeInt } from './numbers.js'
import { DateTimeString } from './time.js'

/**
 * The shipment mode of a quote request: ltl or ftl (QTE-01).
 *
 * @example
 * ShipmentMode.is('ltl')
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const ShipmentMode = t.keyof(
  Object.fromEntries(SHIPMENT_MODES.map((m) => [m, null])) as { [K in (typeof SHIPMENT_MODES)[number]]: null },
  'ShipmentMode',
)

/**
 * A shipment mode.
 *
 * @category model
 * @since 0.1.0
 */
export type ShipmentMode = t.TypeOf<typeof ShipmentMode>

/**
 * The body of a quote request (QTE-01): addresses need only a zipCode (ADDR-13), at least one
 * component. Exact: decoding strips top-level keys the table does not name.
 *
 * @example
 * QuoteRequest.is({})
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const QuoteRequest = t.exact(
  t.intersection([
    t.type({
      pickupAddress: QuoteRequestAddress,
      deliveryAddress: QuoteRequestAddress,
      orderComponents: OrderComponents,
    }),
    t.partial({
      requiredPickupDate: DateTimeString,
      shipmentMode: ShipmentMode,
      customerReference: text({ maxLength: LIMITS.createReferenceNumberMaxLength, name: 'CustomerReference' }),
    }),
  ]),
  'QuoteRequest',
)

/**
 * The body of a quote request.
 *
 * @category model
 * @since 0.1.0
 */
export type QuoteRequest = t.TypeOf<typeof QuoteRequest>

/**
 * A priced quote (QTE-02, QTE-03, QTE-04): transitDays and estimatedDeliveryDate are null when no
 * ETA can be computed.
 *
 * @example
 * QuoteResponse.is({})
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const QuoteResponse = t.type(
  {
    id: t.string,
    quotedPriceInCents: Cents,
    quoteExpirationTime: DateTimeString,
    transitDays: t.union([NonNegativeInt, t.null]),
    estimatedDeliveryDate: t.union([DateTimeString, t.null]),
  },
  'QuoteResponse',
)

/**
 * A priced quote.
 *
 * @category model
 * @since 0.1.0
 */
export type QuoteResponse = t.TypeOf<typeof QuoteResponse>

/**
 * The newest quote under a customer reference (QTE-05, QTE-06). The spec shows only these three
 * fields; others a server sends are tolerated on decode.
 *
 * @example
 * QuoteByReferenceResponse.is({ quoteId: 'q1', customerReference: 'PO-88', matchable: false })
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const QuoteByReferenceResponse = t.type(
  {
    quoteId: t.string,
    customerReference: t.string,
    matchable: t.boolean,
  },
  'QuoteByReferenceResponse',
)

/**
 * The newest quote under a customer reference.
 *
 * @category model
 * @since 0.1.0
 */
export type QuoteByReferenceResponse = t.TypeOf<typeof QuoteByReferenceResponse>
