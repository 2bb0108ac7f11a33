// Shipments (spec: Endpoints 3-5, CreateShipmentRequest, Shipment, States and transitions).
import { randomInt, randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  checkQuoteForShipment,
  decideIdempotency,
  HEADER_KEY,
  isLeft,
  isOversized,
  parseIdempotencyKey,
  problemFor,
  tenderPrice,
  transition,
  validateConfirm,
  validateCreateShipment,
  validationProblem,
  violationAt,
  type NormalizedQuoteRequest,
  type ProblemDetail,
  type Stop,
  type Violation,
} from 'shipper-rules'
import type { Queryable } from '../../db/store.js'
import { access, callerOf, ownership, type Authenticated } from '../../http/access.js'
import { sendProblem, type Context } from '../../http/context.js'
import { priceRequest, type Charge } from '../../pricing/tariff.js'
import { confirmAppointmentInput, loadOrderForConfirm, loadSavedAddress, saveOverride, STOPS, stopKey, type ConfirmInput } from '../../shared/appointments.js'
import { changeOrderFromRead, OrderSnapshots, ownedOrder } from '../../shared/orderAccess.js'
import { CHANGE_COLUMNS, dateTimeOf, loadOrderColumns, SHIPMENT_COLUMNS, shipmentOf, type OrderRow } from '../../shared/orders.js'
import { etaFor, loadQuote, QuoteCache, storedQuoteOf } from '../../shared/quotes.js'
import { INSERT_KEY_THEN_ORDER, INSERT_ORDER, INSERT_ORDER_PLACE, isOrderNumberTaken, KEY_AND_QUOTE } from './queries.js'

const ORDER_NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const newOrderNumber = (): string => Array.from({ length: 5 }, () => ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)]).join('')

/** The problem, or the Shipment's JSON text (a replay sends the stored text byte for byte, and says so). */
type Outcome = { readonly problem: ProblemDetail } | { readonly shipment: string; readonly replayed?: true }

/**
 * The sandbox's link of a stop to a saved address (its place-level appointment default): a header
 * of the create, so that the body stays the spec's CreateShipmentRequest.
 */
const PLACE_HEADERS: Readonly<Record<Stop, string>> = { PICKUP: 'x-sandbox-pickup-address-id', DELIVERY: 'x-sandbox-delivery-address-id' }
const PLACE_HEADER_NAMES: Readonly<Record<Stop, string>> = { PICKUP: 'X-Sandbox-Pickup-Address-Id', DELIVERY: 'X-Sandbox-Delivery-Address-Id' }

/** The saved addresses the create's headers name, each one the caller's company's, or the violations. */
const readPlaces = async (db: Queryable, caller: Authenticated, places: Partial<Record<Stop, string>>): Promise<{ readonly violations: Violation[] } | { readonly ids: Partial<Record<Stop, string>> }> => {
  const violations: Violation[] = []
  const ids: Partial<Record<Stop, string>> = {}
  for (const stop of STOPS) {
    const id = places[stop]
    if (id === undefined) continue
    const row = await loadSavedAddress(db, id)
    if (row === undefined || ownership(caller, row.company_id) !== undefined) violations.push(violationAt([PLACE_HEADER_NAMES[stop]], null, 'invalid', 'must name a saved address of your company (POST /sandbox/addresses)'))
    else ids[stop] = row.id
  }
  return violations.length > 0 ? { violations } : { ids }
}

type QuoteRowWithRequest = Parameters<typeof storedQuoteOf>[0] & { readonly request: NormalizedQuoteRequest; readonly charges: ReadonlyArray<Charge> }

/** Once more: a request that raced this one wrote its Idempotency-Key, or the order number was taken. */
const AGAIN = Symbol('again')
/** The create writes more than its order and key (a saved place, an inline appointment): in one transaction. */
const IN_TRANSACTION = Symbol('in one transaction')
/** Attempts before a create gives up (each lost only to a race on its key or to a taken order number). */
const CREATE_ATTEMPTS = 20

/**
 * Creates the order. The common create (no saved place, no inline appointment) is one statement
 * when its quote is one this server stored (`quotes`) or it names none, and no transaction: the
 * body is validated and priced first, then one statement writes the Idempotency-Key's record and
 * the order together, only if the key has no record (INSERT_KEY_THEN_ORDER). Only when that finds
 * a record, or anything on the way is refused, does it start again the way a key is decided: the
 * key's record read first (with the quote), its replay or conflict answered before the body is
 * looked at, an expired record replaced only if it is still the one read. A create that writes
 * more runs those steps in one transaction. A lost race on the key or a taken order number writes
 * nothing and starts again.
 */
const createShipment = async (ctx: Context, quotes: QuoteCache, snapshots: OrderSnapshots<ConfirmInput>, caller: Authenticated, rawBody: string, body: unknown, key: string | undefined, places: Partial<Record<Stop, string>> = {}): Promise<Outcome> => {
  let transactional = Object.keys(places).length > 0
  // first without reading the key's record (a new key has none); any other outcome is decided again, reading it first
  let keyRead = transactional || key === undefined
  for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
    let outcome: Outcome | typeof AGAIN | typeof IN_TRANSACTION
    try {
      outcome = transactional
        ? await ctx.store.transaction((tx) => createOnce(ctx, quotes, snapshots, tx, true, true, caller, rawBody, body, key, places))
        : await createOnce(ctx, quotes, snapshots, ctx.store, false, keyRead, caller, rawBody, body, key, places)
    } catch (e) {
      if (isOrderNumberTaken(e)) continue
      throw e
    }
    if (outcome === IN_TRANSACTION) transactional = keyRead = true
    else if (outcome === AGAIN) keyRead = true
    else if (!keyRead && 'problem' in outcome) keyRead = true
    else return outcome
  }
  throw new Error(`no shipment created after ${CREATE_ATTEMPTS} attempts`)
}

/**
 * One attempt of createShipment on `db` (the store, or the transaction when `inTransaction`);
 * `keyRead`: the key's record is read and decided first, else the write expects none.
 */
const createOnce = async (
  ctx: Context,
  quotes: QuoteCache,
  snapshots: OrderSnapshots<ConfirmInput>,
  db: Queryable,
  inTransaction: boolean,
  keyRead: boolean,
  caller: Authenticated,
  rawBody: string,
  body: unknown,
  key: string | undefined,
  places: Partial<Record<Stop, string>>,
): Promise<Outcome | typeof AGAIN | typeof IN_TRANSACTION> => {
  const now = await ctx.clocks.now(db, caller.companyId)
  // the quote the body names is read with the Idempotency-Key, in one statement (the body is
  // validated after the key is decided, since a replay answers before validation; a quote id
  // that the validated body spells otherwise is read again below)
  const sentQuoteId = typeof body === 'object' && body !== null && typeof (body as { quoteId?: unknown }).quoteId === 'string' ? (body as { quoteId: string }).quoteId.toLowerCase() : null
  let prefetched: QuoteRowWithRequest | undefined
  // the created_at of the expired record the key holds, which the write may replace (null: none)
  let expiredKeyAt: unknown = null
  // (a row as stored: its request and charges are what the create stored them from)
  if (sentQuoteId !== null) prefetched = quotes.get(sentQuoteId) as QuoteRowWithRequest | undefined
  // a quote this server did not store: read with the key's record (below), or alone
  if (!keyRead && sentQuoteId !== null && prefetched === undefined) return AGAIN
  if (key !== undefined && keyRead) {
    const read = (
      await db.query<QuoteRowWithRequest & { key_body: string | null; key_created_at: unknown; key_response: string | null }>(
        KEY_AND_QUOTE,
        [caller.companyId, key, sentQuoteId],
      )
    )[0]
    const stored = read?.key_body == null ? undefined : { body: read.key_body, created_at: read.key_created_at, response: read.key_response ?? '' }
    if (read?.id != null) prefetched = read
    const decision = decideIdempotency(stored === undefined ? null : { body: stored.body, createdAt: dateTimeOf(stored.created_at)!, response: stored.response }, { body: rawBody, now }, { config: ctx.config })
    if (decision.kind === 'replay') return { shipment: decision.response, replayed: true }
    if (decision.kind === 'conflict') return { problem: decision.problem }
    expiredKeyAt = stored?.created_at ?? null
  }
  const valid = validateCreateShipment(body, { config: ctx.config })
  if (isLeft(valid)) return { problem: valid.left }
  const order = valid.right
  const inline = STOPS.flatMap((stop) => {
    const requirement = order.appointments?.[stopKey(stop)]
    return requirement === undefined ? [] : [[stop, requirement] as const]
  })
  if (!inTransaction && inline.length > 0) return IN_TRANSACTION
  const linked = await readPlaces(db, caller, places)
  if ('violations' in linked) return { problem: validationProblem(linked.violations) }
  const pricing = priceRequest(order, ctx.tariff, (c) => isOversized(c.dimensions, ctx.config), ctx.config)
  if (pricing.kind === 'denied') return { problem: problemFor(pricing.reason, pricing.detail) }
  let charges = pricing.charges
  let price: ReturnType<typeof tenderPrice>
  let quoteId: string | null = null
  if (order.quoteId !== undefined) {
    const row = prefetched?.id === order.quoteId ? prefetched : await loadQuote<QuoteRowWithRequest>(db, order.quoteId)
    // create declares no 404: a quote id nobody holds is not the company's quote (403)
    if (row === undefined) return { problem: problemFor('forbidden', 'The quote does not exist or belongs to another company.') }
    const checked = checkQuoteForShipment({ ...storedQuoteOf(row), request: row.request }, order, { companyId: caller.companyId, now, config: ctx.config })
    if (isLeft(checked)) return { problem: checked.left }
    price = tenderPrice({ quote: checked.right, freightMatches: true, freshPriceInCents: pricing.totalCents, now }, { config: ctx.config })
    if (!price.repriced) charges = row.charges
    quoteId = row.id
  } else {
    price = tenderPrice({ quote: null, freightMatches: false, freshPriceInCents: pricing.totalCents, now }, { config: ctx.config })
  }
  const { pickup, eta } = etaFor(order, pricing.transitBusinessDays, now, ctx.config)
  // the order (and its Idempotency-Key record) in one statement: every column the Shipment
  // answers is decided here (ids, number, status, price, times), so the answer is computed
  // before the insert instead of read back from it
  const orderId = `ord_${randomUUID()}`
  const orderNumber = newOrderNumber()
  const shipment = JSON.stringify(
    shipmentOf({ id: orderId, company_id: caller.companyId, user_id: caller.userId, order_number: orderNumber, status: 'INITIALIZED', total_price_cents: price.priceInCents, created_at: now.toJSDate(), updated_at: now.toJSDate() } as OrderRow),
  )
  const requestJson = JSON.stringify(order)
  const params = [orderId, caller.companyId, caller.userId, orderNumber, price.priceInCents, quoteId, requestJson, JSON.stringify(charges), JSON.stringify({ ...price, distanceKm: Math.round(pricing.distanceKm), transitBusinessDays: pricing.transitBusinessDays }), now.toJSDate(), order.requiredPickupDate !== undefined ? pickup.toJSDate() : null, eta === null ? null : new Date(eta)]
  const written = key === undefined ? await db.query(INSERT_ORDER, params) : await db.query(INSERT_KEY_THEN_ORDER, [...params, key, rawBody, shipment, expiredKeyAt])
  if (written.length === 0) return AGAIN
  // an order written alone (no transaction: no saved place, no inline appointment) is, until
  // something changes it, exactly this: its confirm or cancel may decide from it (OrderSnapshots)
  if (!inTransaction) snapshots.remember({ id: orderId, company_id: caller.companyId, status: 'INITIALIZED', order_number: orderNumber, version: 0, quote_id: quoteId, request: JSON.parse(requestJson) as OrderRow['request'], appointment_rows: [] })
  // the stops' saved addresses, and the inline appointments block as the order-level requirements
  for (const [stop, id] of Object.entries(linked.ids)) await db.query(INSERT_ORDER_PLACE, [orderId, stop, id])
  for (const [stop, requirement] of inline) await saveOverride(db, orderId, stop, requirement, now)
  return { shipment }
}

type OrderParams = { Params: { orderNumber: string } }

/** `quotes`: the quotes this server stored (quoteRoutes keeps them), read before the database. */
export const shipmentRoutes = (ctx: Context, quotes: QuoteCache = new QuoteCache()) => async (app: FastifyInstance) => {
  // the orders this server created and may change without reading them first (OrderSnapshots)
  const snapshots = new OrderSnapshots<ConfirmInput>()
  app.post('/v1/shipper/shipment', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    // the key as the library reads it: 1 to 255 visible ASCII characters (CRT-10), else 400
    const parsedKey = parseIdempotencyKey(request.headers[HEADER_KEY.idempotencyKey])
    if (isLeft(parsedKey)) return sendProblem(reply, parsedKey.left)
    const key = parsedKey.right ?? undefined
    const places: Partial<Record<Stop, string>> = {}
    for (const stop of STOPS) {
      const value = request.headers[PLACE_HEADERS[stop]]
      if (typeof value === 'string') places[stop] = value
    }
    const outcome = await createShipment(ctx, quotes, snapshots, caller, request.rawBody ?? '', request.body, key, places)
    if ('problem' in outcome) return sendProblem(reply, outcome.problem)
    // a replayed Idempotency-Key answer says so; the first answer carries no such header
    if (outcome.replayed === true) reply.header(HEADER_KEY.idempotentReplayed, 'true')
    return reply.type('application/json').send(outcome.shipment)
  })

  app.get<OrderParams>('/v1/shipper/shipment/:orderNumber', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const row = await ownedOrder(ctx, caller, request.params.orderNumber, reply, SHIPMENT_COLUMNS)
    return row === undefined ? reply : reply.send(shipmentOf(row))
  })

  /** A change of state decided from one read of the order (`read`), written without a lock (changeOrderFromRead). */
  const change =
    <R extends Pick<OrderRow, 'id' | 'company_id' | 'order_number' | 'status' | 'version'>>(
      read: (db: Queryable, orderNumber: string) => Promise<R | undefined>,
      decide: (row: R) => { readonly problem: ProblemDetail } | { readonly status: string },
      known?: OrderSnapshots<R>,
    ) =>
    async (request: FastifyRequest<OrderParams>, reply: FastifyReply) => {
      const caller = callerOf(request)
      const outcome = await changeOrderFromRead(
        ctx,
        caller,
        request.params.orderNumber,
        read,
        (row, now) => {
          const decision = decide(row)
          return 'problem' in decision ? decision : { set: 'status = $2, updated_at = $3', params: [decision.status, now] }
        },
        known,
      )
      return 'problem' in outcome ? sendProblem(reply, outcome.problem) : reply.send(shipmentOf(outcome.row))
    }

  app.put<OrderParams>(
    '/v1/shipper/shipment/:orderNumber/confirm',
    access('company'),
    // the stops' place-level and order-level appointment data, read with the order: the library decides the gate
    change(loadOrderForConfirm, (row) => {
      const confirmed = validateConfirm({ status: row.status, quoteId: row.quote_id, request: row.request, ...confirmAppointmentInput(row.appointment_rows) }, { config: ctx.config })
      return isLeft(confirmed) ? { problem: confirmed.left } : { status: confirmed.right.status }
    }, snapshots),
  )

  app.put<OrderParams>(
    '/v1/shipper/shipment/:orderNumber/cancel',
    access('company'),
    change((db, orderNumber) => loadOrderColumns(db, orderNumber, CHANGE_COLUMNS), (row) => {
      const next = transition(row.status, 'CANCEL')
      return isLeft(next) ? { problem: next.left } : { status: next.right }
    }, snapshots),
  )
}
