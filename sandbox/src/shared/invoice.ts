// The invoice of an order: answered by the invoice endpoint (tracking feature) and printed on the
// INVOICE document (documents feature).
import { buildInvoice, defaultConfig, type RulesConfig } from 'shipper-rules'
import type { DateTime } from 'luxon'
import { wireTime } from '../clock/clock.js'
import { dateTimeOf, type OrderRow } from './orders.js'

/** The invoice of an order as `buildInvoice` decides it (400 invoice_not_available before DELIVERED), with the sandbox's rules configuration (the freight classes of its lines). */
export const invoiceOf = (row: OrderRow, now: DateTime, config: RulesConfig = defaultConfig) =>
  buildInvoice(
    {
      id: row.id,
      orderNumber: row.order_number,
      status: row.status,
      shipDate: wireTime(dateTimeOf(row.actual_pickup_at) ?? now),
      deliveryDate: wireTime(dateTimeOf(row.actual_delivery_at) ?? now),
      ...(row.request.poNumber !== undefined ? { poNumber: row.request.poNumber } : {}),
      ...(row.request.refNumber !== undefined ? { refNumber: row.request.refNumber } : {}),
      pickupAddress: row.request.pickupAddress,
      deliveryAddress: row.request.deliveryAddress,
      components: row.request.orderComponents,
    },
    row.charges,
    { invoiceDate: wireTime(dateTimeOf(row.actual_delivery_at) ?? now), config },
  )
