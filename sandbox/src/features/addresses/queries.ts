// The saved addresses feature's queries (loading one by id is shared/appointments.ts's: shipment
// create and the appointment merge read it too).
import { randomUUID } from 'node:crypto'
import type { AppointmentRequirement } from 'shipper-rules'
import type { Queryable } from '../../db/store.js'
import type { SavedAddressRow, StopAddress } from '../../shared/appointments.js'

const newAddressId = (): string => `addr_${randomUUID().replaceAll('-', '').slice(0, 16)}`

const appointmentJson = (appointment: AppointmentRequirement | null): string | null => (appointment === null ? null : JSON.stringify(appointment))

/** Saves a new address of a company: the row, or undefined if the database kept none. */
export const insertSavedAddress = async (db: Queryable, companyId: string, address: StopAddress, appointment: AppointmentRequirement | null, now: Date): Promise<SavedAddressRow | undefined> =>
  (
    await db.query<SavedAddressRow>(
      'INSERT INTO saved_addresses (id, company_id, address, appointment, created_at, updated_at) VALUES ($1, $2, $3::text::jsonb, $4::text::jsonb, $5, $5) RETURNING *',
      [newAddressId(), companyId, JSON.stringify(address), appointmentJson(appointment), now],
    )
  )[0]

/** Every saved address of a company, oldest first. */
export const listSavedAddresses = (db: Queryable, companyId: string): Promise<SavedAddressRow[]> =>
  db.query<SavedAddressRow>('SELECT * FROM saved_addresses WHERE company_id = $1 ORDER BY created_at, id', [companyId])

/** Replaces a saved address and its appointment default: the row, or undefined if it is gone. */
export const replaceSavedAddress = async (db: Queryable, id: string, address: StopAddress, appointment: AppointmentRequirement | null, now: Date): Promise<SavedAddressRow | undefined> =>
  (await db.query<SavedAddressRow>('UPDATE saved_addresses SET address = $2::text::jsonb, appointment = $3::text::jsonb, updated_at = $4 WHERE id = $1 RETURNING *', [id, JSON.stringify(address), appointmentJson(appointment), now]))[0]
