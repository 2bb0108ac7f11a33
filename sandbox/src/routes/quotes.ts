// Quotes (spec: Endpoints 1-2, QuoteRequest, QuoteResponse, QuoteByReferenceResponse).
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { DateTime } from 'luxon'
import {
  estimateDelivery,
  isLeft,
  isOversized,
  newestQuoteByReference,
  parseQuoteId,
  problemFor,
  quoteByReferenceResponse,
  quoteExpiresAt,
  transitDays,
  validateQuoteRequest,
  type NormalizedQuoteRequest,
  type StoredQuote,
} from 'shipper-rules'
import { timeZoneForZip } from 'shipper-rules/geo'
import { wireTime } from '../clock.js'
import { authenticate, ownership, sendProblem, type Context } from '../context.js'
import { numberOf } from '../db/store.js'
import { dateTimeOf } from '../orders.js'
import { priceRequest } from '../tariff.js'

type Lane = Pick<NormalizedQuoteRequest, 'deliveryAddress' | 'requiredPickupDate'>

/** The ETA and transit days of a lane priced at `days` business days, in the delivery stop's zone (QTE-03, QTE-04). */
export const etaFor = (lane: Lane, days: number, now: DateTime): { readonly pickup: DateTime; readonly eta: string | null; readonly transitDays: number | null } => {
  const pickup = lane.requiredPickupDate !== undefined ? DateTime.fromISO(lane.requiredPickupDate, { setZone: true }) : now
  const zone = timeZoneForZip(lane.deliveryAddress.zipCode)
  if (zone === null) return { pickup, eta: null, transitDays: null }
  const closeTime = lane.deliveryAddress.closeTime
  const eta = estimateDelivery({ pickup, transitDays: days, deliveryZone: zone, ...(closeTime !== undefined ? { deliveryCloseTime: closeTime } : {}) }, { zone })
  return { pickup, eta, transitDays: eta === null ? null : transitDays(pickup, DateTime.fromISO(eta), { zone }) }
}

interface QuoteRow {
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
const NEWEST_BY_REFERENCE = `WITH newest AS (SELECT max(created_at) AS at FROM quotes WHERE company_id = $1 AND customer_reference = $2 AND isfinite(created_at))
  SELECT * FROM quotes
  WHERE company_id = $1 AND customer_reference = $2
    AND created_at BETWEEN (SELECT date_trunc('milliseconds', at) FROM newest) AND (SELECT at FROM newest)
  ORDER BY id COLLATE "C" DESC
  LIMIT 1`

export const quoteRoutes = (ctx: Context) => async (app: FastifyInstance) => {
  app.post('/v1/shipper/quote', async (request, reply) => {
    const caller = await authenticate(ctx, request, reply)
    if (caller === undefined) return reply
    const valid = validateQuoteRequest(request.body)
    if (isLeft(valid)) return sendProblem(reply, valid.left)
    const quote = valid.right
    const pricing = priceRequest(quote, ctx.tariff, (c) => isOversized(c.dimensions))
    if (pricing.kind === 'denied') return sendProblem(reply, problemFor(pricing.reason, pricing.detail))
    const now = await ctx.clocks.now(ctx.store, caller.companyId)
    const { eta, transitDays: days } = etaFor(quote, pricing.transitBusinessDays, now)
    const response = {
      id: randomUUID(),
      quotedPriceInCents: pricing.totalCents,
      quoteExpirationTime: wireTime(quoteExpiresAt(now)),
      transitDays: days,
      estimatedDeliveryDate: eta,
    }
    await ctx.store.query(
      'INSERT INTO quotes (id, company_id, customer_reference, created_at, open, quoted_price_cents, charges, request, response) VALUES ($1, $2, $3, $4, true, $5, $6::text::jsonb, $7::text::jsonb, $8)',
      [response.id, caller.companyId, quote.customerReference ?? null, now.toJSDate(), pricing.totalCents, JSON.stringify(pricing.charges), JSON.stringify(quote), JSON.stringify(response)],
    )
    return reply.send(response)
  })

  app.get<{ Params: { quoteId: string } }>('/v1/shipper/quote/:quoteId', async (request, reply) => {
    const caller = await authenticate(ctx, request, reply)
    if (caller === undefined) return reply
    const id = parseQuoteId(request.params.quoteId)
    if (isLeft(id)) return sendProblem(reply, id.left)
    const row = (await ctx.store.query<QuoteRow>('SELECT * FROM quotes WHERE id = $1', [id.right]))[0]
    if (row === undefined) return sendProblem(reply, problemFor('quote_not_found'))
    const denied = ownership(caller, row.company_id)
    if (denied !== undefined) return sendProblem(reply, denied)
    return reply.type('application/json').send(row.response)
  })

  app.get<{ Querystring: { reference?: unknown } }>('/v1/shipper/quotes/by-reference', async (request, reply) => {
    const caller = await authenticate(ctx, request, reply)
    if (caller === undefined) return reply
    const reference = request.query.reference
    // a reference the library refuses (missing, malformed, not wire text) is its 400 before any query
    const judged = newestQuoteByReference([], { companyId: caller.companyId, reference })
    if (isLeft(judged) && judged.left.status === 400) return sendProblem(reply, judged.left)
    // only the caller's own quotes are read, and of those only the one newestQuoteByReference
    // would pick (see NEWEST_BY_REFERENCE); the library still picks it and decides 400/404
    const rows = typeof reference === 'string' && reference !== '' ? await ctx.store.query<QuoteRow>(NEWEST_BY_REFERENCE, [caller.companyId, reference]) : []
    const newest = newestQuoteByReference(rows.map(storedQuoteOf), { companyId: caller.companyId, reference })
    if (isLeft(newest)) return sendProblem(reply, newest.left)
    return reply.send(quoteByReferenceResponse(newest.right, await ctx.clocks.now(ctx.store, caller.companyId)))
  })
}
