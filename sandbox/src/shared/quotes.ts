// Quotes as stored, and the delivery estimate of a lane: read by the quotes feature, by shipment
// create (a quote named by the body) and by the carrier's PICK_UP control (the delivery predicted
// again from the actual pickup).
import { DateTime } from 'luxon'
import { defaultConfig, estimateDelivery, transitDays, type NormalizedQuoteRequest, type RulesConfig, type StoredQuote } from 'shipper-rules'
import { timeZoneForZip } from 'shipper-rules/geo'
import { numberOf, type Queryable } from '../db/store.js'
import { dateTimeOf } from './orders.js'
import { Newest } from './newest.js'

type Lane = Pick<NormalizedQuoteRequest, 'deliveryAddress' | 'requiredPickupDate'>

/**
 * The ETA and transit days of a lane priced at `days` business days (QTE-03, QTE-04): business
 * days counted by the declared calendar (`config.businessDays`: its zone and holidays, as the
 * served document's `x-shipper-rules-config` says), the ETA at the delivery stop's close time in
 * the stop's own zone, and transitDays read back from the ETA on the stop's own date. Before
 * 2026-11-28 the sandbox counted the days in the delivery stop's zone, which its declaration did
 * not say (a pickup at 23:30 in Chicago on a Thursday, delivered in New York two business days
 * later, was Tuesday by the sandbox and Monday by the declaration).
 */
export const etaFor = (lane: Lane, days: number, now: DateTime, config: RulesConfig = defaultConfig): { readonly pickup: DateTime; readonly eta: string | null; readonly transitDays: number | null } => {
  const pickup = lane.requiredPickupDate !== undefined ? DateTime.fromISO(lane.requiredPickupDate, { setZone: true }) : now
  const zone = timeZoneForZip(lane.deliveryAddress.zipCode)
  if (zone === null) return { pickup, eta: null, transitDays: null }
  const closeTime = lane.deliveryAddress.closeTime
  const eta = estimateDelivery({ pickup, transitDays: days, deliveryZone: zone, ...(closeTime !== undefined ? { deliveryCloseTime: closeTime } : {}) }, { config })
  return { pickup, eta, transitDays: eta === null ? null : transitDays(pickup, DateTime.fromISO(eta), { config, deliveryZone: zone }) }
}

export interface QuoteRow {
  readonly id: string
  readonly company_id: string
  readonly customer_reference: string | null
  readonly created_at: unknown
  readonly open: boolean
  readonly quoted_price_cents: unknown
  readonly response: unknown
}

export const storedQuoteOf = (row: QuoteRow): StoredQuote => ({
  id: row.id,
  companyId: row.company_id,
  customerReference: row.customer_reference,
  createdAt: dateTimeOf(row.created_at) ?? DateTime.invalid('missing createdAt'),
  open: row.open,
  quotedPriceInCents: row.quoted_price_cents === null ? null : numberOf(row.quoted_price_cents),
})

/** A quotes row with every column (its request and charges as stored). */
export type StoredQuoteRow = QuoteRow & { readonly charges: unknown; readonly request: unknown }

/**
 * The quotes this process stored, as a read of their rows gives them back, newest kept (at most
 * `max`). A quote row never changes once written, so a kept row is the row: a create that names a
 * quote this process made reads it here instead of from the database (any process's quote is
 * still read from the database).
 */
export class QuoteCache extends Newest<StoredQuoteRow> {
  remember(row: StoredQuoteRow): void {
    this.keep(row.id, row)
  }
}

/** A stored quote by its id (every column: the create reads its request and charges too), or undefined. */
export const loadQuote = async <T extends QuoteRow = QuoteRow>(db: Queryable, id: string): Promise<T | undefined> => (await db.query<T>('SELECT * FROM quotes WHERE id = $1', [id]))[0]
