// The appointments feature's own queries (the requirement, document and outbox storage it shares
// with shipment create, the controls and the appointment PDF is shared/appointments.ts's).
import type { Stop } from 'shipper-rules'
import type { Queryable } from '../../db/store.js'

/** The stored appointment PDF of an order's stop, or undefined when none was built. */
export const loadAppointmentPdf = async (db: Queryable, orderId: string, stop: Stop): Promise<{ readonly content: Uint8Array } | undefined> =>
  (await db.query<{ content: Uint8Array }>('SELECT content FROM appointment_pdfs WHERE order_id = $1 AND stop = $2', [orderId, stop]))[0]
