/**
 * Invoices (spec: Resources, InvoiceResponse, InvoiceLineItem, InvoiceCharge; rules INV-01 to
 * INV-04, ID-02). The sums of INV-03 and billTo = shipper of INV-04 are rules, not part of the
 * wire type.
 *
 * @module
 */
import * as t from 'io-ts'
import { Address } from './address.js'
import { Cents, OrderNumber } from './brands.js'
import { FreightClass } from './freightClass.js'
import { NonNegativeInt } from './numbers.js'
import { DateTimeString } from './time.js'

/**
 * One invoice line per component (INV-02): nmfcCode is null when none was supplied.
 *
 * @example
 * InvoiceLineItem.is({})
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const InvoiceLineItem = t.type(
  {
    description: t.string,
    freightClass: FreightClass,
    nmfcCode: t.union([t.string, t.null]),
    weight: NonNegativeInt,
    quantity: NonNegativeInt,
    packageType: t.string,
  },
  'InvoiceLineItem',
)

/**
 * One invoice line.
 *
 * @category model
 * @since 0.1.0
 */
export type InvoiceLineItem = t.TypeOf<typeof InvoiceLineItem>

/**
 * One invoice charge in cents (INV-03, ID-02).
 *
 * @example
 * InvoiceCharge.is({})
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const InvoiceCharge = t.type(
  {
    chargeType: t.string,
    description: t.string,
    amountInCents: Cents,
  },
  'InvoiceCharge',
)

/**
 * One invoice charge.
 *
 * @category model
 * @since 0.1.0
 */
export type InvoiceCharge = t.TypeOf<typeof InvoiceCharge>

/**
 * The itemized invoice of a delivered shipment (INV-01 to INV-04); poNumber and refNumber (the
 * bill of lading number) may be absent.
 *
 * @example
 * InvoiceResponse.is({})
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const InvoiceResponse = t.intersection(
  [
    t.type({
      orderId: t.string,
      orderNumber: OrderNumber,
      invoiceDate: DateTimeString,
      shipDate: DateTimeString,
      deliveryDate: DateTimeString,
      lineItems: t.array(InvoiceLineItem),
      charges: t.array(InvoiceCharge),
      totalChargesInCents: Cents,
      totalWeight: NonNegativeInt,
      totalPieces: NonNegativeInt,
      shipper: Address,
      consignee: Address,
      billTo: Address,
    }),
    t.partial({
      poNumber: t.string,
      refNumber: t.string,
    }),
  ],
  'InvoiceResponse',
)

/**
 * The itemized invoice of a delivered shipment.
 *
 * @category model
 * @since 0.1.0
 */
export type InvoiceResponse = t.TypeOf<typeof InvoiceResponse>
