// Orders as stored, and the wire Shipment they answer with.
import { DateTime } from 'luxon'
import type { NormalizedCreateShipment } from 'shipper-rules'
import { isoOf, numberOf, type Queryable } from '../db/store.js'
import { wireTime } from '../clock/clock.js'
import type { Charge } from '../pricing/tariff.js'

export interface OrderRow {
  readonly id: string
  readonly company_id: string
  readonly user_id: string
  readonly order_number: string
  readonly status: string
  readonly total_price_cents: unknown
  readonly quote_id: string | null
  readonly request: NormalizedCreateShipment
  readonly charges: ReadonlyArray<Charge>
  readonly created_at: unknown
  readonly updated_at: unknown
  readonly planned_pickup_at: unknown
  readonly predicted_delivery_at: unknown
  readonly actual_pickup_at: unknown
  readonly actual_delivery_at: unknown
  readonly delay_minutes: unknown
  readonly off_route_km: unknown
  /** Bumped by every write that locks the row and by every change of state (migrations/006). */
  readonly version: number
}

/**
 * The order of a number. With `forUpdate`, inside a transaction: its row locked until the end of the
 * transaction, and its version bumped in the same statement (an UPDATE takes the row's lock), so
 * that a change decided without the lock (changeOrderFromRead) sees that something wrote to the
 * order meanwhile and reads again. Every writer of an order's data locks it this way.
 */
export const loadOrder = async (db: Queryable, orderNumber: string, forUpdate = false): Promise<OrderRow | undefined> =>
  (await db.query<OrderRow>(forUpdate ? LOCK_ORDER : 'SELECT * FROM orders WHERE order_number = $1', [orderNumber]))[0]
const LOCK_ORDER = 'UPDATE orders SET version = version + 1 WHERE order_number = $1 RETURNING *'

/** Some columns of an order row: what a read needs and no more (each jsonb column read is printed by the database and parsed here). */
export interface OrderColumns<K extends keyof OrderRow> {
  readonly names: ReadonlyArray<K>
  /** The names, comma-separated (a select list or RETURNING). */
  readonly list: string
  /** The statement that reads them for one order number ($1). */
  readonly select: string
}
const orderColumns = <K extends keyof OrderRow>(...names: K[]): OrderColumns<K | 'company_id'> => {
  const all = names.includes('company_id' as K) ? names : [...names, 'company_id' as const]
  return { names: all, list: all.join(', '), select: `SELECT ${all.join(', ')} FROM orders WHERE order_number = $1` }
}
/** What a Shipment answers (shipmentOf). */
export const SHIPMENT_COLUMNS = orderColumns('id', 'company_id', 'user_id', 'order_number', 'status', 'total_price_cents', 'created_at', 'updated_at')
/** What a change of state decided from the row's status alone needs (cancel). */
export const CHANGE_COLUMNS = orderColumns('id', 'order_number', 'status', 'version')
/** What a Tracking answers (trackingOf). */
export const TRACKING_COLUMNS = orderColumns('id', 'order_number', 'status', 'request', 'planned_pickup_at', 'predicted_delivery_at', 'actual_pickup_at', 'actual_delivery_at', 'delay_minutes', 'off_route_km')

/** The columns `columns` names of the order of a number (no lock). */
export const loadOrderColumns = async <K extends keyof OrderRow>(db: Queryable, orderNumber: string, columns: OrderColumns<K>): Promise<Pick<OrderRow, K> | undefined> =>
  (await db.query<Pick<OrderRow, K>>(columns.select, [orderNumber]))[0]

/** An order row with the columns a Shipment answers. */
export type ShipmentRow = Pick<OrderRow, (typeof SHIPMENT_COLUMNS.names)[number]>

export const shipmentOf = (row: ShipmentRow) => ({
  id: row.id,
  companyId: row.company_id,
  userId: row.user_id,
  orderNumber: row.order_number,
  orderStatus: row.status,
  totalPriceInCents: numberOf(row.total_price_cents),
  createdAt: wireIso(row.created_at),
  updatedAt: wireIso(row.updated_at),
})

/** A timestamptz column as a wire date-time (Z; milliseconds only when not zero), or the empty string. */
export const wireIso = (v: unknown): string => {
  const iso = isoOf(v)
  return iso === null ? '' : wireTime(DateTime.fromMillis(Date.parse(iso), { zone: 'utc' }))
}

/** A timestamptz column as a DateTime in UTC, or null (the instant read from its ISO text without luxon's ISO parser, which cost more than the rest of a read). */
export const dateTimeOf = (v: unknown): DateTime | null => {
  const iso = isoOf(v)
  return iso === null ? null : DateTime.fromMillis(Date.parse(iso), { zone: 'utc' })
}
