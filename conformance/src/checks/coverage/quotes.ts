// QTE-06 and QTE-07 over HTTP. QTE-06: a quote read back by its customer reference right after it
// was made is matchable (the library's quoteByReferenceResponse/isQuoteMatchable at the company
// clock's now); with `--controls sandbox`, after the company clock moves 49 hours it is not.
// QTE-07: a create without a quote is booked at the fresh price, the price a quote of the same
// lane and freight carries; with controls, the sandbox's pricing decision
// (GET /sandbox/orders/{n}) is the library's tenderPrice({ quote: null, ... }) field by field.
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { isQuoteMatchable, quoteByReferenceResponse, tenderPrice } from 'shipper-rules'
import type { Check, KitContext } from '../../check.js'
import { createBody, describe, expectAnswer, field, freightArb, get, LANES, laneArb, makeQuote, post, RuleBroken, sameJson } from '../support.js'
import { property, scenario } from './support.js'

/** The company clock's now (sandbox control), or the kit's own clock without controls. */
const clockNow = async (ctx: KitContext): Promise<DateTime> => {
  if (ctx.controls !== 'sandbox') return DateTime.utc()
  const r = await ctx.http.send(get('/sandbox/clock'))
  expectAnswer('QTE-06', 'GET /sandbox/clock', r, 200)
  const now = field('QTE-06', 'the company clock', r, 'now')
  const t = typeof now === 'string' ? DateTime.fromISO(now, { zone: 'utc' }) : DateTime.invalid('no now')
  if (!t.isValid) throw new RuleBroken('QTE-06', 'GET /sandbox/clock: an ISO instant in now', describe(r))
  return t
}

const QTE06 = 'coverage: quote by reference matchable'

export const quoteMatchable: Check = {
  name: QTE06,
  rules: ['QTE-06'],
  run: (ctx) =>
    scenario(ctx, { name: QTE06, rules: ['QTE-06'] }, async () => {
      const reference = `${ctx.marker}-qte06`
      const lane = LANES[0]!
      const before = await clockNow(ctx)
      const quote = await makeQuote(ctx, lane, { palletCount: 2, poundsWeight: 900 }, 'main', reference)
      const stored = { id: quote.id, customerReference: reference, createdAt: before, open: true, quotedPriceInCents: quote.price }
      const path = `/v1/shipper/quotes/by-reference?reference=${encodeURIComponent(reference)}`
      const fresh = await ctx.http.send(get(path))
      const want = quoteByReferenceResponse(stored as never, await clockNow(ctx), { config: ctx.config })
      expectAnswer('QTE-06', 'the newest quote under its reference', fresh, 200)
      if (!sameJson(fresh.json, want)) throw new RuleBroken('QTE-06', `a fresh quote by reference: ${JSON.stringify(want)}`, describe(fresh))
      if (ctx.controls !== 'sandbox') return
      const moved = await ctx.http.send(post('/sandbox/clock', { hours: 49 }))
      expectAnswer('QTE-06', 'POST /sandbox/clock {"hours": 49}', moved, 200)
      const later = await clockNow(ctx)
      const expired = await ctx.http.send(get(path))
      const matchable = isQuoteMatchable(stored, later, { config: ctx.config })
      expectAnswer('QTE-06', 'the quote by reference after 49 hours', expired, 200)
      if (field('QTE-06', 'the quote by reference after 49 hours', expired, 'matchable') !== matchable) {
        throw new RuleBroken('QTE-06', `the quote by reference 49 hours later: matchable ${String(matchable)}`, describe(expired))
      }
    }),
}

const QTE07 = 'coverage: tender without a quote'

export const tenderWithoutQuote: Check = {
  name: QTE07,
  rules: ['QTE-07'],
  run: (ctx) =>
    property(
      ctx,
      { name: QTE07, rules: ['QTE-07'] },
      Math.min(ctx.runs, 5),
      async () => undefined,
      fc.tuple(laneArb, freightArb),
      async (_s, [laneIndex, freight]) => {
        const lane = LANES[laneIndex]!
        const fresh = await makeQuote(ctx, lane, freight)
        const r = await ctx.http.send(post('/v1/shipper/shipment', createBody(ctx, lane, freight, { note: 'tender without a quote' })))
        const want = tenderPrice({ quote: null, freightMatches: false, freshPriceInCents: fresh.price, now: DateTime.utc() }, { config: ctx.config })
        expectAnswer('QTE-07', 'a create without a quote: booked', r, 200)
        if (field('QTE-07', 'the created order', r, 'totalPriceInCents') !== want.priceInCents) {
          throw new RuleBroken('QTE-07', `a create without a quote booked at the fresh price, totalPriceInCents ${want.priceInCents} (a quote of the same freight)`, describe(r))
        }
        if (ctx.controls !== 'sandbox') return
        const n = field('QTE-07', 'the created order', r, 'orderNumber')
        const order = await ctx.http.send(get(`/sandbox/orders/${encodeURIComponent(String(n))}`))
        expectAnswer('QTE-07', 'GET /sandbox/orders/{n}', order, 200)
        const pricing = field('QTE-07', 'the sandbox order', order, 'pricing') as Record<string, unknown> | undefined
        const got = pricing === undefined || pricing === null ? undefined : { repriced: pricing['repriced'], reason: pricing['reason'], priceInCents: pricing['priceInCents'], differenceInCents: pricing['differenceInCents'], flagForOperations: pricing['flagForOperations'] }
        if (!sameJson(got, want)) throw new RuleBroken('QTE-07', `the pricing decision of a tender without a quote: ${JSON.stringify(want)}`, describe(order))
      },
    ),
}
