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
}

export const loadOrder = async (db: Queryable, orderNumber: string, forUpdate = false): Promise<OrderRow | undefined> =>
  (await db.query<OrderRow>(`SELECT * FROM orders WHERE order_number = $1${forUpdate ? ' FOR UPDATE' : ''}`, [orderNumber]))[0]

export const shipmentOf = (row: OrderRow) => ({
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
