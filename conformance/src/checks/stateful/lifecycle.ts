// The order lifecycle (ORD-02 … ORD-05, ORD-07, INV-01) with the library's `transition` as the
// model: an order made by a create (INITIALIZED), then confirm and cancel through the API and,
// with --controls sandbox, the carrier's events through POST /sandbox/orders/{n}/events; each
// answer is the model's (the next state, or 400 invalid_transition / order_not_cancellable with
// the state unchanged), the shipment and its tracking read back the model's state, and the
// invoice is 200 only when DELIVERED, else 400 invoice_not_available. An order made without a
// quote cannot be confirmed (400, ORD-03).
import fc from 'fast-check'
import { isConfirmedOrLater, ORDER_EVENTS, ORDER_STATUSES, TRANSITIONS, transition, type OrderStatusName } from 'shipper-rules'
import type { Check, KitContext } from '../../check.js'
import type { Received } from '../../http.js'
import {
  command,
  createBody,
  describe,
  expectAnswer,
  field,
  freightArb,
  get,
  LANES,
  laneArb,
  makeQuote,
  makeShipment,
  post,
  put,
  RuleBroken,
  runModel,
} from '../support.js'

type Status = OrderStatusName
type CarrierEvent = 'ACCEPT' | 'REJECT' | 'ASSIGN' | 'PICK_UP' | 'DELIVER'

interface Model {
  status: Status
  readonly hasQuote: boolean
  readonly orderNumber: string
}

const NAME = 'stateful: order lifecycle'
const RULES = ['ORD-02', 'ORD-03', 'ORD-04', 'ORD-05', 'ORD-07', 'INV-01'] as const
const CARRIER_EVENTS: ReadonlyArray<CarrierEvent> = ['ACCEPT', 'REJECT', 'ASSIGN', 'PICK_UP', 'DELIVER']

/** ORD-01: IN_TRANSIT is PICKED_UP's alias, so a server may show either. */
const sameState = (model: Status, shown: unknown): boolean =>
  shown === model || ((model === 'PICKED_UP' || model === 'IN_TRANSIT') && (shown === 'PICKED_UP' || shown === 'IN_TRANSIT'))

/**
 * The event that moves an order one step along the happy path, if any: the one that leads to a
 * state still confirmed or later on the forward path (the library's lifecycle table and
 * `isConfirmedOrLater`): CONFIRM, ACCEPT, ASSIGN, PICK_UP, DELIVER.
 */
const NEXT: Partial<Record<Status, 'CONFIRM' | CarrierEvent>> = Object.fromEntries(
  ORDER_STATUSES.flatMap((s) => {
    const e = ORDER_EVENTS.find((ev) => ev !== 'CANCEL' && isConfirmedOrLater(TRANSITIONS[s][ev]))
    return e === undefined || e === 'CANCEL' ? [] : [[s, e] as const]
  }),
)

const RULE_OF: Record<'CONFIRM' | 'CANCEL' | CarrierEvent, string> = {
  CONFIRM: 'ORD-03',
  CANCEL: 'ORD-04',
  ACCEPT: 'ORD-07',
  REJECT: 'ORD-07',
  ASSIGN: 'ORD-07',
  PICK_UP: 'ORD-07',
  DELIVER: 'ORD-07',
}

const run = async (ctx: KitContext) => {
  const sandbox = ctx.controls === 'sandbox'
  const path = (m: Model, rest = ''): string => `/v1/shipper/shipment/${encodeURIComponent(m.orderNumber)}${rest}`

  /** Sends one event (confirm and cancel through the API, the carrier's through the sandbox) and judges it by `transition`. */
  const apply = async (m: Model, event: 'CONFIRM' | 'CANCEL' | CarrierEvent): Promise<void> => {
    const r: Received =
      event === 'CONFIRM' ? await ctx.http.send(put(path(m, '/confirm')))
      : event === 'CANCEL' ? await ctx.http.send(put(path(m, '/cancel')))
      : await ctx.http.send(post(`/sandbox/orders/${encodeURIComponent(m.orderNumber)}/events`, { event }))
    const rule = RULE_OF[event]
    const what = `${event} in ${m.status}`
    if (event === 'CONFIRM' && m.status === 'INITIALIZED' && !m.hasQuote) return expectAnswer('ORD-03', `${what} of an order without a quote`, r, 400)
    const next = transition(m.status, event)
    if (next._tag === 'Left') return expectAnswer(rule, what, r, next.left.status, next.left.reason)
    expectAnswer(rule, what, r, 200)
    // The API's confirm and cancel answer the Shipment (spec: check orderStatus); the sandbox's event control may answer less.
    const shown = field(rule, what, r, 'orderStatus')
    if ((event === 'CONFIRM' || event === 'CANCEL' || shown !== undefined) && !sameState(next.right, shown)) {
      throw new RuleBroken(rule, `${what}: orderStatus ${next.right}`, describe(r))
    }
    m.status = next.right
  }

  const events: Array<'CONFIRM' | 'CANCEL' | CarrierEvent> = ['CONFIRM', 'CANCEL', ...(sandbox ? CARRIER_EVENTS : [])]
  // confirm and cancel (the API's own transitions) also on their own, so each is drawn often
  const commands = [
    fc.constantFrom(...events).map((e) => command<Model, undefined>(e, () => true, (m) => apply(m, e))),
    fc.constantFrom<'CONFIRM' | 'CANCEL'>('CONFIRM', 'CANCEL').map((e) => command<Model, undefined>(e, () => true, (m) => apply(m, e))),
    fc.constant(
      command<Model, undefined>('GetShipment', () => true, async (m) => {
        const r = await ctx.http.send(get(path(m)))
        expectAnswer('ORD-01', 'GET shipment', r, 200)
        const shown = field('ORD-01', 'GET shipment', r, 'orderStatus')
        if (!sameState(m.status, shown)) throw new RuleBroken('ORD-01', `GET shipment: orderStatus ${m.status}`, describe(r))
      }),
    ),
    fc.constant(
      command<Model, undefined>('GetTracking', () => true, async (m) => {
        const r = await ctx.http.send(get(path(m, '/tracking')))
        expectAnswer('ORD-08', 'GET tracking', r, 200)
        const shown = field('ORD-08', 'GET tracking', r, 'orderStatus')
        if (!sameState(m.status, shown)) throw new RuleBroken('ORD-08', `GET tracking: orderStatus ${m.status}`, describe(r))
      }),
    ),
    fc.constant(
      command<Model, undefined>('GetInvoice', () => true, async (m) => {
        const r = await ctx.http.send(get(path(m, '/invoice')))
        if (m.status !== 'DELIVERED') return expectAnswer('INV-01', `GET invoice in ${m.status}`, r, 400, 'invoice_not_available')
        expectAnswer('INV-01', 'GET invoice when DELIVERED', r, 200)
        if (field('INV-01', 'GET invoice', r, 'orderNumber') !== m.orderNumber) throw new RuleBroken('INV-01', `the invoice of ${m.orderNumber}`, describe(r))
      }),
    ),
  ]

  // Advance(k): up to k steps along the happy path in one command, so that short sequences reach
  // DELIVERED (and its invoice) often; random single events mostly probe the refusals.
  const canAdvance = (m: Readonly<Model>): boolean =>
    NEXT[m.status] !== undefined && (sandbox || NEXT[m.status] === 'CONFIRM') && (m.hasQuote || m.status !== 'INITIALIZED')
  const advance = fc.integer({ min: 1, max: 5 }).map((k) =>
    command<Model, undefined>(`Advance(${k})`, canAdvance, async (m) => {
      for (let step = 0; step < k && canAdvance(m); step++) await apply(m, NEXT[m.status]!)
    }),
  )
  commands.push(advance, advance)

  return runModel(
    ctx,
    {
      name: NAME,
      rules: [...RULES, 'ORD-01', 'ORD-08'],
      notChecked: sandbox
        ? []
        : [{ rule: 'ORD-07', why: "the carrier's transitions (accept, assign, pick up, deliver, reject) need --controls sandbox" }],
    },
    {
      // Most orders are booked on a quote (so they can be confirmed); one in four is not.
      // and the run starts after `walk` steps along the happy path, so every state is probed.
      params: fc.tuple(laneArb, freightArb, fc.nat({ max: 3 }), fc.nat({ max: 5 })),
      setup: async ([lane, freight, noQuote, walk]) => {
        const hasQuote = noQuote !== 0
        const quoteId = hasQuote ? (await makeQuote(ctx, LANES[lane]!, freight)).id : undefined
        const body = createBody(ctx, LANES[lane]!, freight, { note: 'lifecycle', ...(quoteId === undefined ? {} : { quoteId }) })
        const { orderNumber } = await makeShipment(ctx, body)
        const model: Model = { status: 'INITIALIZED', hasQuote, orderNumber }
        // an order without a quote tries its confirm once (400, ORD-03) and stays INITIALIZED
        if (!hasQuote && walk > 0) await apply(model, 'CONFIRM')
        for (let step = 0; step < walk && canAdvance(model); step++) await apply(model, NEXT[model.status]!)
        return { model, real: undefined }
      },
      commands,
      // ORD-07 whatever the seed: the carrier may not accept an order that is not confirmed (409)
      examples: sandbox ? [{ params: [0, { palletCount: 1, poundsWeight: 500 }, 1, 0], commands: [command<Model, undefined>('ACCEPT', () => true, (m) => apply(m, 'ACCEPT'))] }] : [],
    },
  )
}

/** Confirm, cancel and the carrier's events from every reachable state, the shipment, tracking and invoice agreeing (ORD-01 … ORD-08, INV-01). */
export const lifecycle: Check = { name: NAME, rules: [...RULES, 'ORD-01', 'ORD-08'], run }
