// Quotes (spec: Endpoints 1-2, QuoteRequest, QuoteResponse, QuoteByReferenceResponse).
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { isLeft, isOversized, newestQuoteByReference, parseQuoteId, problemFor, quoteByReferenceResponse, quoteExpiresAt, validateQuoteRequest } from 'shipper-rules'
import { wireTime } from '../../clock/clock.js'
import { access, callerOf, ownership } from '../../http/access.js'
import { sendProblem, type Context } from '../../http/context.js'
import { priceRequest } from '../../pricing/tariff.js'
import { etaFor, loadQuote, storedQuoteOf, QuoteCache, type QuoteRow } from '../../shared/quotes.js'
import { insertQuote, NEWEST_BY_REFERENCE } from './queries.js'

/** `quotes`: where each quote stored is kept for the creates that name it (shipmentRoutes reads the same one). */
export const quoteRoutes = (ctx: Context, quotes: QuoteCache = new QuoteCache()) => async (app: FastifyInstance) => {
  app.post('/v1/shipper/quote', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const valid = validateQuoteRequest(request.body, { config: ctx.config })
    if (isLeft(valid)) return sendProblem(reply, valid.left)
    const quote = valid.right
    const pricing = priceRequest(quote, ctx.tariff, (c) => isOversized(c.dimensions, ctx.config), ctx.config)
    if (pricing.kind === 'denied') return sendProblem(reply, problemFor(pricing.reason, pricing.detail))
    const now = await ctx.clocks.now(ctx.store, caller.companyId)
    const { eta, transitDays: days } = etaFor(quote, pricing.transitBusinessDays, now, ctx.config)
    const response = {
      id: randomUUID(),
      quotedPriceInCents: pricing.totalCents,
      quoteExpirationTime: wireTime(quoteExpiresAt(now, { config: ctx.config })),
      transitDays: days,
      estimatedDeliveryDate: eta,
    }
    // kept for the create that names it (a quote row never changes)
    quotes.remember(await insertQuote(ctx.store, { id: response.id, companyId: caller.companyId, customerReference: quote.customerReference ?? null, createdAt: now.toJSDate(), priceCents: pricing.totalCents, charges: pricing.charges, request: quote, response }))
    return reply.send(response)
  })

  app.get<{ Params: { quoteId: string } }>('/v1/shipper/quote/:quoteId', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const id = parseQuoteId(request.params.quoteId)
    if (isLeft(id)) return sendProblem(reply, id.left)
    const row = await loadQuote(ctx.store, id.right)
    if (row === undefined) return sendProblem(reply, problemFor('quote_not_found'))
    const denied = ownership(caller, row.company_id)
    if (denied !== undefined) return sendProblem(reply, denied)
    return reply.type('application/json').send(row.response)
  })

  app.get<{ Querystring: { reference?: unknown } }>('/v1/shipper/quotes/by-reference', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const reference = request.query.reference
    // a reference the library refuses (missing, malformed, not wire text) is its 400 before any query
    const judged = newestQuoteByReference([], { companyId: caller.companyId, reference })
    if (isLeft(judged) && judged.left.status === 400) return sendProblem(reply, judged.left)
    // only the caller's own quotes are read, and of those only the one newestQuoteByReference
    // would pick (see NEWEST_BY_REFERENCE); the library still picks it and decides 400/404
    const rows = typeof reference === 'string' && reference !== '' ? await ctx.store.query<QuoteRow>(NEWEST_BY_REFERENCE, [caller.companyId, reference]) : []
    const newest = newestQuoteByReference(rows.map(storedQuoteOf), { companyId: caller.companyId, reference })
    if (isLeft(newest)) return sendProblem(reply, newest.left)
    return reply.send(quoteByReferenceResponse(newest.right, await ctx.clocks.now(ctx.store, caller.companyId), { config: ctx.config }))
  })
}
