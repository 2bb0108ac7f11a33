// The quotes feature's queries (a quote by its id is shared/quotes.ts's: shipment create reads it too).
import type { Queryable } from '../../db/store.js'
import type { StoredQuoteRow } from '../../shared/quotes.js'

/**
 * The quote of (company, reference) that `newestQuoteByReference` picks, read without reading the
 * others: however many quotes share a reference, this reads one entry of the index
 * quotes_by_reference_newest (company_id, customer_reference, created_at DESC) and then the rows
 * of the newest millisecond only, and returns at most one.
 *
 * Why the bound is safe: the library compares `createdAt` in milliseconds (DateTime.toMillis) and
 * breaks ties by the greatest id (JavaScript string order). Both drivers give timestamptz as a
 * Date, which truncates the microseconds, so the quotes the library sees as newest are exactly
 * those whose created_at lies in the millisecond date_trunc('milliseconds', max(created_at)), and
 * no row lies after max(created_at); among them the greatest id in the "C" collation (byte order)
 * is the greatest in JavaScript's order for the ids the sandbox writes (randomUUID: ASCII, where
 * UTF-8 byte order and UTF-16 order agree; a locale collation could order them otherwise).
 * Non-finite times (which the library sees as invalid and never picks) are left out: max() skips
 * them, and infinity lies outside any finite range. Both bounds of the range are given (not only
 * created_at >= …) so that the planner, not knowing the values, estimates a narrow range and scans
 * the index rather than every quote.
 * The sandbox writes created_at with millisecond precision (now.toJSDate()), so the newest
 * millisecond normally holds one quote; the window only matters for rows written otherwise.
 */
export const NEWEST_BY_REFERENCE = `WITH newest AS (SELECT max(created_at) AS at FROM quotes WHERE company_id = $1 AND customer_reference = $2 AND isfinite(created_at))
  SELECT * FROM quotes
  WHERE company_id = $1 AND customer_reference = $2
    AND created_at BETWEEN (SELECT date_trunc('milliseconds', at) FROM newest) AND (SELECT at FROM newest)
  ORDER BY id COLLATE "C" DESC
  LIMIT 1`

/**
 * Stores a new quote: its request and charges (for the create that names it) and the answer as
 * sent; answers the row as a read of it gives it back (the JSON columns parsed from the text stored).
 */
export const insertQuote = async (
  db: Queryable,
  quote: { readonly id: string; readonly companyId: string; readonly customerReference: string | null; readonly createdAt: Date; readonly priceCents: number; readonly charges: unknown; readonly request: unknown; readonly response: unknown },
): Promise<StoredQuoteRow> => {
  const charges = JSON.stringify(quote.charges)
  const request = JSON.stringify(quote.request)
  const response = JSON.stringify(quote.response)
  await db.query(
    'INSERT INTO quotes (id, company_id, customer_reference, created_at, open, quoted_price_cents, charges, request, response) VALUES ($1, $2, $3, $4, true, $5, $6::text::jsonb, $7::text::jsonb, $8)',
    [quote.id, quote.companyId, quote.customerReference, quote.createdAt, quote.priceCents, charges, request, response],
  )
  return { id: quote.id, company_id: quote.companyId, customer_reference: quote.customerReference, created_at: quote.createdAt, open: true, quoted_price_cents: quote.priceCents, charges: JSON.parse(charges) as unknown, request: JSON.parse(request) as unknown, response }
}
