/**
 * Invoices (spec: InvoiceResponse, InvoiceLineItem, InvoiceCharge, Endpoints rule 7; rules
 * INV-01 … INV-04, ORD-05, ID-02).
 *
 * @module
 */
import type { Either } from 'fp-ts/lib/Either.js'
import { defaultConfig, type RulesConfig } from '../config.js'
import { problemFor, validationProblem, type ProblemDetail } from '../errors/problem.js'
import { violationAt, type Violation } from '../errors/violation.js'
import { left, right } from '../internal/either.js'
import type { FreightClassName } from '../model/densityScales.js'
import type { NormalizedAddress } from '../model/address.js'
import { effectiveFreightClass, type PalletSize } from './freightClass.js'
import { total } from '../internal/total.js'
import { unreadableProblem } from '../errors/unreadable.js'

/**
 * A delivered order as far as its invoice goes.
 *
 * @category model
 * @since 0.1.0
 */
export interface InvoiceOrder {
  readonly id: string
  readonly orderNumber: string
  readonly status: string
  readonly shipDate: string
  readonly deliveryDate: string
  readonly poNumber?: string
  readonly refNumber?: string
  readonly pickupAddress: NormalizedAddress
  readonly deliveryAddress: NormalizedAddress
  readonly components: ReadonlyArray<{
    readonly palletCount: number
    readonly poundsWeight: number
    readonly dimensions: PalletSize
    readonly freightClass?: string
    readonly nmfcCode?: string
    readonly description?: string
    readonly packagingType?: string
  }>
}

/**
 * One charge of an invoice, in cents.
 *
 * @category model
 * @since 0.1.0
 */
export interface Charge {
  readonly chargeType: string
  readonly description: string
  readonly amountInCents: number
}

/**
 * An invoice as the spec's InvoiceResponse.
 *
 * @category model
 * @since 0.1.0
 */
export interface Invoice {
  readonly orderId: string
  readonly orderNumber: string
  readonly invoiceDate: string
  readonly shipDate: string
  readonly deliveryDate: string
  readonly poNumber?: string
  readonly refNumber?: string
  readonly lineItems: ReadonlyArray<{
    readonly description: string
    readonly freightClass: FreightClassName
    readonly nmfcCode: string | null
    readonly weight: number
    readonly quantity: number
    readonly packageType: string
  }>
  readonly charges: ReadonlyArray<Charge>
  readonly totalChargesInCents: number
  readonly totalWeight: number
  readonly totalPieces: number
  readonly shipper: NormalizedAddress
  readonly consignee: NormalizedAddress
  readonly billTo: NormalizedAddress
}

/**
 * Builds the invoice of a delivered order: 400 `invoice_not_available` in any other state; a
 * line item per component (its class, declared or derived; its nmfcCode or null, never the
 * class; weight = poundsWeight × palletCount; quantity = palletCount; packageType its
 * packagingType or `pallets`); totals equal to the sums; shipper and consignee the pickup and
 * delivery addresses; billTo the shipper when prepaid (the default), else `options.billTo`.
 * Amounts must be safe integers of cents and so must their sum (else 400 at the charge).
 *
 * Implements INV-01 … INV-04, ORD-05, ID-02. Decisions (D): totalPieces counts pallets (the sum
 * of quantities); a line's description is the component's, else its packaging type, else
 * `Freight`; the invoice date is `options.invoiceDate` (time comes in as an argument).
 *
 * Total: arguments it cannot read give a 400 `validation_failed` Left with one `type` violation at the root (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * buildInvoice({ id: 'o1', orderNumber: 'A1B2C', status: 'IN_TRANSIT', shipDate: '', deliveryDate: '', pickupAddress: { zipCode: '60601' }, deliveryAddress: { zipCode: '10001' }, components: [] }, [], { invoiceDate: '2026-11-22T00:00:00Z' }).left.reason
 * //=> 'invoice_not_available'
 *
 * @category rules
 * @since 0.1.0
 */
export const buildInvoice = /* @__PURE__ */ total(
(
  order: InvoiceOrder,
  charges: ReadonlyArray<Charge>,
  options: { readonly invoiceDate: string; readonly prepaid?: boolean; readonly billTo?: NormalizedAddress; readonly config?: RulesConfig },
): Either<ProblemDetail, Invoice> => {
  if (order.status !== 'DELIVERED') {
    return left(problemFor('invoice_not_available', `An invoice exists only for a delivered shipment; this one is ${typeof order.status === 'string' ? order.status : order.status === null ? 'null' : typeof order.status}.`))
  }
  const config = options.config ?? defaultConfig
  const bad: Violation[] = []
  let total = 0
  charges.forEach((c, i) => {
    if (!Number.isSafeInteger(c.amountInCents)) bad.push(violationAt(['charges', i, 'amountInCents'], null, 'not_integer', 'must be a whole number of cents'))
    else if (!Number.isSafeInteger(total + c.amountInCents)) bad.push(violationAt(['charges', i, 'amountInCents'], null, 'out_of_range', 'makes the total leave the range of exact cents'))
    else total += c.amountInCents
  })
  const prepaid = options.prepaid ?? true
  if (!prepaid && options.billTo === undefined) bad.push(violationAt(['billTo'], null, 'required', 'is required when the shipment is not prepaid'))
  if (bad.length > 0) return left(validationProblem(bad))
  const lineItems = order.components.map((c) => ({
    description: c.description ?? c.packagingType ?? 'Freight',
    freightClass: effectiveFreightClass(c, { config }).freightClass,
    nmfcCode: c.nmfcCode ?? null,
    weight: c.poundsWeight * c.palletCount,
    quantity: c.palletCount,
    packageType: c.packagingType ?? 'pallets',
  }))
  return right({
    orderId: order.id,
    orderNumber: order.orderNumber,
    invoiceDate: options.invoiceDate,
    shipDate: order.shipDate,
    deliveryDate: order.deliveryDate,
    ...(order.poNumber === undefined ? {} : { poNumber: order.poNumber }),
    ...(order.refNumber === undefined ? {} : { refNumber: order.refNumber }),
    lineItems,
    charges: charges.map((c) => ({ ...c })),
    totalChargesInCents: total,
    totalWeight: lineItems.reduce((s, l) => s + l.weight, 0),
    totalPieces: lineItems.reduce((s, l) => s + l.quantity, 0),
    shipper: order.pickupAddress,
    consignee: order.deliveryAddress,
    billTo: prepaid ? order.pickupAddress : (options.billTo as NormalizedAddress),
  })
},
  () => unreadableProblem<Invoice>(),
)
