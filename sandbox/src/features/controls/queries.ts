// The company controls' queries.
import type { Queryable } from '../../db/store.js'
import type { OutboxRow } from '../../shared/appointments.js'

/** The outbox of a company, oldest first; only one order's messages when `orderNumber` is given. */
export const listOutbox = (db: Queryable, companyId: string, orderNumber: string | undefined): Promise<OutboxRow[]> =>
  db.query<OutboxRow>(`SELECT * FROM outbox WHERE company_id = $1${orderNumber !== undefined ? ' AND order_number = $2' : ''} ORDER BY seq`, orderNumber !== undefined ? [companyId, orderNumber] : [companyId])

/** Sets an order's simulated truck's delay and distance off route. */
export const setSimulation = async (db: Queryable, orderId: string, delayMinutes: number, offRouteKm: number): Promise<void> => {
  await db.query('UPDATE orders SET delay_minutes = $2, off_route_km = $3 WHERE id = $1', [orderId, delayMinutes, offRouteKm])
}
