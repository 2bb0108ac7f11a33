// Appointment data as stored (spec: Appointments, Endpoints 9-13): the saved address a stop is
// placed at (its default requirement and appointmentRequired flag), the order-level requirement
// per stop, the uploaded documents and the appointment PDF. Every decision is the library's:
// `mergeAppointment` for the effective requirement, `validateConfirm` (fed from here) for the
// confirm gate, `uploadDocument`/`deleteDocument` for the document set.
import { randomUUID } from 'node:crypto'
import type { DateTime } from 'luxon'
import { deleteDocument, HEADER, mergeAppointment, uploadDocument, type AppointmentDocumentKind, type AppointmentRequirement, type DocumentSet, type MergedAppointment, type NormalizedCreateShipment, type Stop, type StoredDocument } from 'shipper-rules'
import { wireTime } from '../clock/clock.js'
import { numberOf, type Queryable } from '../db/store.js'
import { wireIso, type OrderRow } from './orders.js'

export const STOPS: ReadonlyArray<Stop> = ['PICKUP', 'DELIVERY']

/** The key of a stop in the library's confirm input and in the create body's appointments block. */
export const stopKey = (stop: Stop): 'pickup' | 'delivery' => (stop === 'PICKUP' ? 'pickup' : 'delivery')

export type StopAddress = NormalizedCreateShipment['pickupAddress']

export const stopAddress = (row: OrderRow, stop: Stop): StopAddress => (stop === 'PICKUP' ? row.request.pickupAddress : row.request.deliveryAddress)

// ---- saved addresses (places) ----

export interface SavedAddressRow {
  readonly id: string
  readonly company_id: string
  readonly address: StopAddress
  readonly appointment: AppointmentRequirement | null
  readonly created_at: unknown
  readonly updated_at: unknown
}

/** A saved address as the sandbox answers it: the Address with its defaultAccessorials. */
export const savedAddressOf = (row: SavedAddressRow) => ({
  id: row.id,
  companyId: row.company_id,
  ...row.address,
  defaultAccessorials: { appointment: row.appointment },
  createdAt: wireIso(row.created_at),
  updatedAt: wireIso(row.updated_at),
})

/** A saved address id: addr_ and 16 hexadecimal digits (the source of an anchored pattern). */
export const ADDRESS_ID_PATTERN = '^addr_[0-9a-f]{16}$'

/** The form of a saved address id; anything else names none, and never reaches the database. */
const SAVED_ADDRESS_ID = new RegExp(ADDRESS_ID_PATTERN)

export const loadSavedAddress = async (db: Queryable, id: string): Promise<SavedAddressRow | undefined> =>
  SAVED_ADDRESS_ID.test(id) ? (await db.query<SavedAddressRow>('SELECT * FROM saved_addresses WHERE id = $1', [id]))[0] : undefined

/** The saved addresses an order's stops are placed at. */
export const loadPlaces = async (db: Queryable, orderId: string): Promise<Partial<Record<Stop, SavedAddressRow>>> => {
  const rows = await db.query<SavedAddressRow & { stop: Stop }>('SELECT p.stop, a.* FROM order_places p JOIN saved_addresses a ON a.id = p.saved_address_id WHERE p.order_id = $1', [orderId])
  return Object.fromEntries(rows.map((r) => [r.stop, r]))
}

/** The order-level requirements (inline block at create, then the PUTs), per stop. */
export const loadOverrides = async (db: Queryable, orderId: string): Promise<Partial<Record<Stop, AppointmentRequirement>>> => {
  const rows = await db.query<{ stop: Stop; requirement: AppointmentRequirement }>('SELECT stop, requirement FROM order_appointments WHERE order_id = $1', [orderId])
  return Object.fromEntries(rows.map((r) => [r.stop, r.requirement]))
}

export const saveOverride = async (db: Queryable, orderId: string, stop: Stop, requirement: AppointmentRequirement, now: DateTime): Promise<void> => {
  await db.query(
    `INSERT INTO order_appointments (order_id, stop, requirement, updated_at) VALUES ($1, $2, $3::text::jsonb, $4)
     ON CONFLICT (order_id, stop) DO UPDATE SET requirement = EXCLUDED.requirement, updated_at = EXCLUDED.updated_at`,
    [orderId, stop, JSON.stringify(requirement), now.toJSDate()],
  )
}

/** The effective requirement of a stop: the library's merge of the place default and the order's. */
export const mergedFor = (row: OrderRow, stop: Stop, places: Partial<Record<Stop, SavedAddressRow>>, overrides: Partial<Record<Stop, AppointmentRequirement>>): MergedAppointment => {
  const place = places[stop]
  const address = stopAddress(row, stop)
  return mergeAppointment({
    place: place?.appointment ?? null,
    order: overrides[stop] ?? null,
    placeRequired: place?.address.appointmentRequired === true,
    orderRequired: address.appointmentRequired === true,
    address,
  })
}

type ConfirmRow = Pick<OrderRow, 'id' | 'company_id' | 'order_number' | 'status' | 'version' | 'quote_id' | 'request'>
/** What confirm decides from: the order's row and its stops' appointment data (loadOrderForConfirm). */
export type ConfirmInput = ConfirmRow & { readonly appointment_rows: ReadonlyArray<AppointmentInputRow> }
type AppointmentInputRow = { readonly kind: 'place' | 'order'; readonly stop: Stop; readonly address: StopAddress | null; readonly appointment: AppointmentRequirement | null }

/**
 * The order of a number with what `validateConfirm` needs beyond its row (the place and order
 * appointment data of each stop, as `appointment_rows`), in one statement: one snapshot, so that
 * confirm decides from one read (changeOrderFromRead).
 */
export const loadOrderForConfirm = async (db: Queryable, orderNumber: string): Promise<ConfirmInput | undefined> =>
  (
    await db.query<ConfirmRow & { appointment_rows: AppointmentInputRow[] }>(
      `SELECT o.id, o.company_id, o.order_number, o.status, o.version, o.quote_id, o.request, (SELECT coalesce(json_agg(x), '[]'::json) FROM (
           SELECT 'place' AS kind, p.stop, a.address, a.appointment FROM order_places p JOIN saved_addresses a ON a.id = p.saved_address_id WHERE p.order_id = o.id
           UNION ALL
           SELECT 'order', oa.stop, NULL, oa.requirement FROM order_appointments oa WHERE oa.order_id = o.id) x) AS appointment_rows
         FROM orders o WHERE o.order_number = $1`,
      [orderNumber],
    )
  )[0]

/** What `validateConfirm` needs beyond the order row, from loadOrderForConfirm's `appointment_rows`. */
export const confirmAppointmentInput = (rows: ReadonlyArray<AppointmentInputRow>) => {
  const places: Partial<Record<Stop, { readonly address: StopAddress; readonly appointment: AppointmentRequirement | null }>> = {}
  const overrides: Partial<Record<Stop, AppointmentRequirement>> = {}
  for (const r of rows) {
    if (r.kind === 'place' && r.address !== null) places[r.stop] = { address: r.address, appointment: r.appointment }
    else if (r.kind === 'order' && r.appointment !== null) overrides[r.stop] = r.appointment
  }
  const byKey = <T>(f: (stop: Stop) => T | undefined): { pickup?: T; delivery?: T } => {
    const out: { pickup?: T; delivery?: T } = {}
    for (const stop of STOPS) {
      const v = f(stop)
      if (v !== undefined) out[stopKey(stop)] = v
    }
    return out
  }
  return {
    placeAppointments: byKey((s) => places[s]?.appointment ?? undefined),
    placeAppointmentRequired: byKey((s) => (places[s] === undefined ? undefined : places[s]?.address.appointmentRequired === true)),
    orderAppointments: byKey((s) => overrides[s]),
  }
}

// ---- documents ----

export interface DocumentRow {
  readonly id: string
  readonly order_id: string
  readonly stop: Stop
  readonly type: AppointmentDocumentKind
  readonly filename: string
  readonly size_bytes: unknown
  readonly page_count: unknown
  readonly uploaded_at: unknown
  readonly uploaded_by: string
}

const storedOf = (r: DocumentRow): StoredDocument => ({
  id: r.id,
  stop: r.stop,
  type: r.type,
  filename: r.filename,
  sizeBytes: numberOf(r.size_bytes),
  contentType: 'application/pdf',
  uploadedAt: wireIso(r.uploaded_at),
  uploadedBy: r.uploaded_by,
})

/** The order's document set (metadata only), as the library's reducers take it. */
export const loadDocumentSet = async (db: Queryable, orderId: string): Promise<DocumentSet> =>
  (await db.query<DocumentRow>('SELECT id, order_id, stop, type, filename, size_bytes, page_count, uploaded_at, uploaded_by FROM appointment_documents WHERE order_id = $1 ORDER BY uploaded_at, id', [orderId])).map(storedOf)

/** Deletes the rows of `before` that the library's new set `after` no longer holds. */
const dropRemoved = async (db: Queryable, before: DocumentSet, after: DocumentSet): Promise<void> => {
  const kept = new Set(after.map((d) => d.id))
  for (const d of before) if (!kept.has(d.id)) await db.query('DELETE FROM appointment_documents WHERE id = $1', [d.id])
}

/** Stores an upload: `uploadDocument` decides the new set (it replaces the same (stop, type)). */
export const storeDocument = async (
  db: Queryable,
  orderId: string,
  upload: { readonly stop: Stop; readonly type: AppointmentDocumentKind; readonly filename: string; readonly pdf: Uint8Array; readonly pageCount: number; readonly userId: string; readonly now: DateTime },
): Promise<StoredDocument> => {
  const doc: StoredDocument = {
    id: `adoc_${randomUUID()}`,
    stop: upload.stop,
    type: upload.type,
    filename: upload.filename,
    sizeBytes: upload.pdf.byteLength,
    contentType: 'application/pdf',
    uploadedAt: wireTime(upload.now),
    uploadedBy: upload.userId,
  }
  const before = await loadDocumentSet(db, orderId)
  await dropRemoved(db, before, uploadDocument(before, doc))
  await db.query(
    'INSERT INTO appointment_documents (id, order_id, stop, type, filename, size_bytes, content, page_count, uploaded_at, uploaded_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
    [doc.id, orderId, doc.stop, doc.type, doc.filename, doc.sizeBytes, Buffer.from(upload.pdf), upload.pageCount, upload.now.toJSDate(), doc.uploadedBy],
  )
  return doc
}

/** Removes the document of (stop, type) as `deleteDocument` decides; whether one was removed. */
export const removeDocument = async (db: Queryable, orderId: string, stop: Stop, type: AppointmentDocumentKind): Promise<boolean> => {
  const before = await loadDocumentSet(db, orderId)
  const after = deleteDocument(before, stop, type)
  await dropRemoved(db, before, after)
  return after.length !== before.length
}

/** The documents of a stop with their bytes, in upload order (the PDF merges them). */
export const loadDocumentFiles = async (db: Queryable, orderId: string, stop: Stop): Promise<ReadonlyArray<DocumentRow & { readonly content: Uint8Array }>> =>
  db.query<DocumentRow & { content: Uint8Array }>('SELECT * FROM appointment_documents WHERE order_id = $1 AND stop = $2 ORDER BY uploaded_at, id', [orderId, stop])

// ---- outbox ----

export interface OutboxRow {
  readonly id: string
  readonly seq: unknown
  readonly company_id: string
  readonly order_number: string
  readonly stop: Stop
  readonly kind: string
  readonly recipient: string
  readonly subject: string
  readonly body: string
  readonly change_reason: string
  readonly created_at: unknown
}

export const outboxMessageOf = (r: OutboxRow) => ({
  id: r.id,
  kind: r.kind,
  orderNumber: r.order_number,
  stop: r.stop,
  recipient: r.recipient,
  subject: r.subject,
  body: r.body,
  changeReason: r.change_reason,
  createdAt: wireIso(r.created_at),
})

/**
 * Records the carrier-change notification of a change after acceptance: the e-mail the spec
 * describes (Endpoints rule 10), with the X-Service-Change-Reason quoted verbatim.
 */
export const recordCarrierChange = async (db: Queryable, row: OrderRow, stop: Stop, reason: string, merged: MergedAppointment, now: DateTime): Promise<void> => {
  const body = [
    `The shipper changed the ${stop} appointment requirement of order ${row.order_number} after the carrier accepted it.`,
    '',
    `Reason given by the shipper (${HEADER.changeReason}, verbatim):`,
    `"${reason}"`,
    '',
    'Effective requirement now:',
    ...requirementLines(merged),
  ].join('\n')
  await db.query(
    `INSERT INTO outbox (id, company_id, order_id, order_number, stop, kind, recipient, subject, body, change_reason, created_at)
     VALUES ($1, $2, $3, $4, $5, 'CARRIER_APPOINTMENT_CHANGE', 'carrier', $6, $7, $8, $9)`,
    [`msg_${randomUUID()}`, row.company_id, row.id, row.order_number, stop, `Appointment change after acceptance: order ${row.order_number}, ${stop}`, body, reason, now.toJSDate()],
  )
}

/** The changes after acceptance recorded for a stop, oldest first (the PDF cover lists them). */
export const loadChanges = async (db: Queryable, orderId: string, stop: Stop): Promise<ReadonlyArray<OutboxRow>> =>
  db.query<OutboxRow>("SELECT * FROM outbox WHERE order_id = $1 AND stop = $2 AND kind = 'CARRIER_APPOINTMENT_CHANGE' ORDER BY seq", [orderId, stop])

/** A merged requirement as text lines, each with the provenance the library gives it. */
export const requirementLines = (m: MergedAppointment): string[] => {
  const from = m._merged.fields
  const lines = [
    `Appointment required: ${m.appointmentRequired ? 'yes' : 'no'}`,
    `Channel: ${m.channel ?? '(none)'} [${from.channel}]`,
    `Portal URL: ${m.portalUrl ?? '(none)'} [${from.portalUrl}]`,
    `Lead time: ${m.leadTimeHours === null ? '(none)' : `${m.leadTimeHours} hours`} [${from.leadTimeHours}]`,
    `Contacts [${from.contacts}]:`,
    ...(m.contacts ?? []).map((c) => `  - ${c.name}${c.role !== undefined ? ` (${c.role})` : ''}${c.phone !== undefined ? `, ${c.phone}` : ''}${c.email !== undefined ? `, ${c.email}` : ''}`),
    ...(m.contacts === null ? ['  (none)'] : []),
    `Reference numbers [${from.referenceNumbers}]: ${m.referenceNumbers === null ? '(none)' : m.referenceNumbers.join(', ')}`,
    `Instructions [${from.instructions}]:`,
    ...(m.instructions === null ? ['  (none)'] : m.instructions.split('\n').map((l) => `  ${l}`)),
  ]
  return lines
}
