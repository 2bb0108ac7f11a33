// What the server echoes back normalized (ADDR-05, ADDR-07, ADDR-11, FRT-07; needs --controls
// sandbox): the only answer that shows a stored address or a derived class is the invoice of a
// delivered order. Each case quotes and creates an order whose stops are spelled one way (a
// territory in lower case or as US with the territory in state, the country left out or in lower
// case, times left to their defaults) and whose pallets sit on density band edges without a class,
// confirms it, drives it to DELIVERED with the sandbox's carrier events, and judges the invoice's
// shipper, consignee and line items' classes against the library: the addresses
// validateCreateShipment normalizes (canonical country, defaults filled) and the classes it derives
// on the declared scale. A difference is charged by where it is: country or state to the case's
// rule, openTime or closeTime to ADDR-11, a line's class to FRT-07, anything else to INV-04.
import { isLeft, validateCreateShipment } from 'shipper-rules'
import { limitEdges } from 'shipper-rules/arbitraries'
import { KIT_CRASH, type Check, type CheckResult, type Failure, type KitContext, type RuleId } from '../../check.js'
import { BudgetExhausted, type Received, type SentRequest } from '../../http.js'
import { judge, renderDiffs, type Diff } from '../../judge.js'
import { get, post, put } from '../support.js'
import { createBodyOf, createRequest, quoteBodyOf, quoteRequest } from './bodies.js'
import { configOf, describeAnswer, objectOf } from './table.js'

interface Stop {
  readonly zipCode: string
  readonly city: string
  readonly state: string
  readonly phoneNumber: string
  /** The spelling under test: fields set on the stop as sent (country, state, times). */
  readonly spelled: Readonly<Record<string, unknown>>
}

interface EchoCase {
  readonly rule: RuleId
  readonly name: string
  readonly pickup: Stop
  readonly delivery: Stop
}

const CASES: ReadonlyArray<EchoCase> = [
  {
    rule: 'ADDR-07',
    name: 'a pickup in San Juan spelled country "pr", a delivery in Hagatna spelled country US with state GU',
    pickup: { zipCode: '00901', city: 'San Juan', state: 'PR', phoneNumber: '+17875550100', spelled: { country: 'pr' } },
    delivery: { zipCode: '96910', city: 'Hagatna', state: 'GU', phoneNumber: '+16715550100', spelled: { country: 'US', state: 'GU' } },
  },
  {
    rule: 'ADDR-05',
    name: 'a pickup in Des Plaines spelled country "us" opening at 07:30, a delivery in Dallas with no country and no times',
    pickup: { zipCode: '60018', city: 'Des Plaines', state: 'IL', phoneNumber: '+18475550142', spelled: { country: 'us', openTime: '07:30' } },
    delivery: { zipCode: '75201', city: 'Dallas', state: 'TX', phoneNumber: '+12145550100', spelled: {} },
  },
]

/** Where a difference of the invoice belongs. */
const ruleOf = (c: EchoCase, d: Diff): RuleId =>
  /^\$\.lineItems/.test(d.path) ? 'FRT-07'
  : /^\$\.(shipper|consignee)\.(openTime|closeTime)/.test(d.path) ? 'ADDR-11'
  : /^\$\.(shipper|consignee)\.(country|state)/.test(d.path) ? c.rule
  : 'INV-04'

const RULES: ReadonlyArray<RuleId> = ['ADDR-05', 'ADDR-07', 'ADDR-11', 'FRT-07', 'INV-04']

/** Thrown when a step before the invoice is not answered as it must be for the case to go on. */
class Inconclusive extends Error {}

const runCase = async (ctx: KitContext, c: EchoCase, sent: SentRequest[]): Promise<Failure[]> => {
  const config = configOf(ctx)
  const send = async (req: SentRequest): Promise<Received> => {
    sent.push(req)
    return ctx.http.send(req)
  }
  const need = async (req: SentRequest, what: string): Promise<Received> => {
    const r = await send(req)
    if (r.status !== 200) throw new Inconclusive(`${what} was answered ${describeAnswer(r)}`)
    return r
  }
  // pallets exactly on three band edges of the declared scale, without a class: the server derives it
  const edges = limitEdges(config).densityEdges.filter((e) => e.side === 'at')
  const components = [edges[0], edges[Math.floor(edges.length / 2)], edges[edges.length - 1]]
    .filter((e) => e !== undefined)
    .map((e) => ({ palletCount: 1, poundsWeight: e.value.poundsWeight, dimensions: e.value.dimensions }))
  const lane = { pickup: c.pickup, delivery: c.delivery }
  const stops = { pickup: c.pickup.spelled, delivery: c.delivery.spelled }
  const quote = await need(quoteRequest(quoteBodyOf(components, { pickup: { state: c.pickup.state, ...c.pickup.spelled }, delivery: { state: c.delivery.state, ...c.delivery.spelled } }, lane)), 'the quote')
  const body = createBodyOf(ctx, components, stops, String(objectOf(quote.json)['id']), lane)
  const created = await need(createRequest(body), 'the create on that quote')
  const n = encodeURIComponent(String(objectOf(created.json)['orderNumber']))
  await need(put(`/v1/shipper/shipment/${n}/confirm`), 'the confirm')
  for (const event of ['ACCEPT', 'ASSIGN', 'PICK_UP', 'DELIVER']) await need(post(`/sandbox/orders/${n}/events`, { event }), `the carrier event ${event}`)
  const invoice = await send(get(`/v1/shipper/shipment/${n}/invoice`))
  const normalized = validateCreateShipment(body, { config })
  if (isLeft(normalized)) throw new Inconclusive('the library refuses the case\'s own create body')
  if (invoice.status !== 200) {
    return [{ rule: 'INV-04', check: NAME, expected: `${c.name}: the delivered order's invoice, 200`, actual: describeAnswer(invoice), requests: [...sent] }]
  }
  const expected = {
    shipper: normalized.right.pickupAddress,
    consignee: normalized.right.deliveryAddress,
    lineItems: normalized.right.orderComponents.map((x) => ({ freightClass: x.freightClass })),
  }
  const diffs = judge(expected, invoice.json, { partial: true })
  const byRule = new Map<RuleId, Diff[]>()
  for (const d of diffs) byRule.set(ruleOf(c, d), [...(byRule.get(ruleOf(c, d)) ?? []), d])
  return [...byRule].map(([rule, ds]) => ({
    rule,
    check: NAME,
    expected: `${c.name}: the invoice's shipper and consignee as validateCreateShipment normalizes the stops, each line's class as it derives it on the declared scale`,
    actual: renderDiffs(ds),
    requests: [...sent],
  }))
}

const NAME = 'boundaries: addresses and classes echoed on the invoice'

export const echoedOnInvoice: Check = {
  name: NAME,
  rules: RULES,
  requires: ['sandboxControls'],
  async run(ctx): Promise<CheckResult> {
    const first = ctx.http.count
    const failures: Failure[] = []
    const held: Record<RuleId, number> = {}
    const why: string[] = []
    let budget = false
    for (const c of CASES) {
      const sent: SentRequest[] = []
      try {
        const found = await runCase(ctx, c, sent)
        failures.push(...found.filter((f) => !failures.some((g) => g.rule === f.rule)))
        // a case holds the rules it can charge: its own (country and state), the times, the classes, the rest of the invoice
        for (const rule of [c.rule, 'ADDR-11', 'FRT-07', 'INV-04']) if (!found.some((f) => f.rule === rule)) held[rule] = (held[rule] ?? 0) + 1
      } catch (e) {
        if (e instanceof BudgetExhausted) {
          budget = true
          break
        }
        if (e instanceof Inconclusive) {
          why.push(`${c.name}: ${e.message}`)
          continue
        }
        failures.push({ rule: KIT_CRASH, check: NAME, expected: `${c.name}: an answer`, actual: e instanceof Error ? e.message : String(e), requests: sent })
      }
    }
    const ran = (rule: RuleId): boolean => (held[rule] ?? 0) > 0 || failures.some((f) => f.rule === rule)
    const reason = budget ? 'the request budget (--max-requests) ran out' : why.length > 0 ? why.join('; ') : 'no case reached the invoice'
    return {
      check: NAME,
      rules: RULES.filter(ran),
      failures,
      notChecked: [],
      notReached: RULES.filter((r) => !ran(r)).map((rule) => ({ rule, why: reason })),
      held,
      requests: ctx.http.count - first,
    }
  },
}
