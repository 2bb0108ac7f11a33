// Tenancy between two companies (AUTH-03, AUTH-04, QTE-05): nothing of one company is visible to
// the other, and nothing of the other company can be changed with the main company's
// credentials. The kit makes, once and as each company, a quote under one shared customer
// reference (the main company's first, so the other company's is the newest), an order on each
// quote, an order-level appointment and a document on the other company's order. Then, in a
// generated order, it reads the other company's resources with the main credentials (and the
// main company's with the other's: reads change nothing), and tries to act on the other
// company's order with the main credentials: 403 where the spec says so, 404 order_not_found on
// the appointment endpoints; and the main company's by-reference lookup answers its own quote.
// It never sends the other company's credentials on a request that could change data it did not
// make itself.
import fc from 'fast-check'
import type { Check, KitContext } from '../../check.js'
import type { SentRequest } from '../../http.js'
import {
  command,
  createBody,
  del,
  describe,
  expectAnswer,
  field,
  get,
  LANES,
  makeQuote,
  makeShipment,
  multipartFile,
  post,
  put,
  RuleBroken,
  runModel,
  guarded,
  tinyPdf,
  type Freight,
  type Who,
} from '../support.js'

interface Side {
  readonly quoteId: string
  readonly orderNumber: string
}

const NAME = 'stateful: tenancy'
const RULES = ['AUTH-03', 'AUTH-04', 'QTE-05'] as const
const FREIGHT: Freight = { palletCount: 1, poundsWeight: 700 }

/** One attempt on a company's resource with the credentials of the company that does not own it: the request and the answer the spec gives. */
interface Attempt {
  readonly name: string
  /** Whose resource is addressed (the caller is the other one). A write is only ever aimed at the other company's resources. */
  readonly owner: Who
  readonly request: (s: Side, caller: Who) => SentRequest
  readonly status: 403 | 404
  readonly reason?: string
}

const ship = (s: Side, rest = ''): string => `/v1/shipper/shipment/${encodeURIComponent(s.orderNumber)}${rest}`

const READS: ReadonlyArray<Omit<Attempt, 'owner'>> = [
  { name: 'GET quote', request: (s, c) => get(`/v1/shipper/quote/${encodeURIComponent(s.quoteId)}`, c), status: 403 },
  { name: 'GET shipment', request: (s, c) => get(ship(s), c), status: 403 },
  { name: 'GET tracking', request: (s, c) => get(ship(s, '/tracking'), c), status: 403 },
  { name: 'GET invoice', request: (s, c) => get(ship(s, '/invoice'), c), status: 403 },
  { name: 'GET document BILL_OF_LADING', request: (s, c) => get(ship(s, '/document/BILL_OF_LADING'), c), status: 403 },
  { name: 'GET appointment PICKUP', request: (s, c) => get(ship(s, '/appointment/PICKUP'), c), status: 404, reason: 'order_not_found' },
  { name: 'GET appointment PDF', request: (s, c) => get(ship(s, '/appointment/PICKUP/pdf'), c), status: 404, reason: 'order_not_found' },
]

const WRITES: ReadonlyArray<Omit<Attempt, 'owner'>> = [
  { name: 'PUT confirm', request: (s, c) => put(ship(s, '/confirm'), undefined, c), status: 403 },
  { name: 'PUT cancel', request: (s, c) => put(ship(s, '/cancel'), undefined, c), status: 403 },
  { name: 'PUT appointment', request: (s, c) => put(ship(s, '/appointment/PICKUP'), { channel: 'PHONE' }, c), status: 404, reason: 'order_not_found' },
  {
    name: 'POST appointment document',
    request: (s, c) => post(ship(s, '/appointment/PICKUP/document/PACKING_SLIP'), multipartFile('x.pdf', 'application/pdf', tinyPdf('tenancy')), c),
    status: 404,
    reason: 'order_not_found',
  },
  { name: 'DELETE appointment document', request: (s, c) => del(ship(s, '/appointment/PICKUP/document/PACKING_SLIP'), c), status: 404, reason: 'order_not_found' },
]

const ATTEMPTS: ReadonlyArray<Attempt> = [
  ...READS.map((a) => ({ ...a, owner: 'other' as const })),
  ...READS.map((a) => ({ ...a, owner: 'main' as const })),
  ...WRITES.map((a) => ({ ...a, owner: 'other' as const })),
]

const run = (ctx: KitContext) => {
  const startedAt = ctx.http.transcript.length
  return guarded(ctx, { name: NAME, rules: RULES }, startedAt, () => body(ctx, startedAt))
}

const body = async (ctx: KitContext, startedAt: number) => {
  const reference = `${ctx.marker}-tenancy`
  const lane = LANES[0]!
  const side = async (who: Who): Promise<Side> => {
    const { id } = await makeQuote(ctx, lane, FREIGHT, who, reference)
    const { orderNumber } = await makeShipment(ctx, createBody(ctx, lane, FREIGHT, { quoteId: id, note: 'tenancy' }), who)
    return { quoteId: id, orderNumber }
  }
  const main = await side('main')
  const other = await side('other')
  // The other company's own appointment and document, so the attempts address data that exists.
  expectAnswer('APT-16', "the other company's own appointment PUT", await ctx.http.send(put(ship(other, '/appointment/PICKUP'), { channel: 'EMAIL' }, 'other')), 200)
  expectAnswer(
    'DOC-06',
    "the other company's own document upload",
    await ctx.http.send(post(ship(other, '/appointment/PICKUP/document/CUSTOMER_BOL'), multipartFile('bol.pdf', 'application/pdf', tinyPdf('other')), 'other')),
    200,
  )
  const prelude = ctx.http.transcript.requests(startedAt)

  // Whether the server keeps the reference the spec leaves unnamed under the sandbox's name for it.
  const own = await ctx.http.send(get(`/v1/shipper/quotes/by-reference?reference=${encodeURIComponent(reference)}`))
  const byReference = own.status === 200
  const notChecked = byReference ? [] : [{ rule: 'QTE-05', why: `the server did not find a quote under customerReference (${own.status}): the spec does not name the field` }]

  const commands = [
    fc.constantFrom(...ATTEMPTS).map((a) =>
      command<object, undefined>(`${a.name} of the ${a.owner} company's`, () => true, async () => {
        const caller: Who = a.owner === 'main' ? 'other' : 'main'
        const r = await ctx.http.send(a.request(a.owner === 'main' ? main : other, caller))
        // A success shows or changes another company's data (AUTH-04); another refusal is the wrong one (AUTH-03).
        const rule = r.status >= 200 && r.status < 300 ? 'AUTH-04' : 'AUTH-03'
        expectAnswer(rule, `${a.name} of another company's order or quote`, r, a.status, a.reason)
      }),
    ),
  ]
  if (byReference) {
    commands.push(
      fc.constantFrom<Who>('main', 'other').map((who) =>
        command<object, undefined>(`QuoteByReference(${who})`, () => true, async () => {
          const r = await ctx.http.send(get(`/v1/shipper/quotes/by-reference?reference=${encodeURIComponent(reference)}`, who))
          const mine = who === 'main' ? main : other
          expectAnswer('QTE-05', `by-reference as the ${who} company`, r, 200)
          if (field('QTE-05', 'by-reference', r, 'quoteId') !== mine.quoteId) {
            throw new RuleBroken('QTE-05', `by-reference as the ${who} company: its own quote ${mine.quoteId}, never the other company's`, describe(r))
          }
        }),
      ),
    )
  }

  return runModel(
    ctx,
    { name: NAME, rules: RULES, notChecked, prelude, startedAt },
    { params: fc.constant(undefined), setup: async () => ({ model: {}, real: undefined }), commands },
  )
}

/** Two companies apart: reads and writes of the other company's quotes, orders, appointments and documents fail (AUTH-03, AUTH-04, QTE-05). */
export const tenancy: Check = { name: NAME, rules: RULES, requires: ['otherCompany'], run }
