// TRK-06 and INV-02 … INV-04, along one order's life (needs `--controls sandbox` for the carrier's
// events). TRK-06: at every step (created, confirmed, accepted, assigned, picked up, delivered)
// the tracking's estimatedDeliveryDate is null exactly when the server has predicted no delivery
// (the sandbox's GET /sandbox/orders/{n} predictedDeliveryAt), and otherwise that instant; a
// pick-up always predicts one. INV: the delivered order's invoice is the library's buildInvoice of
// the order as created (components and addresses normalized by validateCreateShipment) and the
// charges the server made: a line item per component, totals the sums, billTo the shipper.
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { buildInvoice, validateCreateShipment } from 'shipper-rules'
import type { Check, KitContext, RuleId } from '../../check.js'
import type { Received } from '../../http.js'
import { createBody, describe, expectAnswer, field, get, LANES, post, put, RuleBroken, sameJson } from '../support.js'
import { property, withoutControls } from './support.js'

const NAME = 'coverage: tracking estimate and invoice'
const RULES = ['TRK-06', 'INV-02', 'INV-03', 'INV-04'] as const

const componentArb = fc.record(
  {
    palletCount: fc.integer({ min: 1, max: 3 }),
    poundsWeight: fc.integer({ min: 100, max: 1500 }),
    dimensions: fc.record({ length: fc.integer({ min: 30, max: 48 }), width: fc.integer({ min: 30, max: 40 }), height: fc.integer({ min: 30, max: 60 }) }),
    freightClass: fc.constantFrom('70', '85', '125'),
    nmfcCode: fc.constantFrom('156600', '100240'),
    description: fc.constantFrom('Canned goods', 'Paper towels'),
    packagingType: fc.constantFrom('crates', 'drums'),
  },
  { requiredKeys: ['palletCount', 'poundsWeight'] },
)

const instant = (v: unknown): number | null => {
  if (typeof v !== 'string') return null
  const t = DateTime.fromISO(v, { zone: 'utc' })
  return t.isValid ? t.toMillis() : Number.NaN
}

const record = (r: Received): Record<string, unknown> =>
  typeof r.json === 'object' && r.json !== null && !Array.isArray(r.json) ? (r.json as Record<string, unknown>) : {}

export const deliveredOrder: Check = {
  name: NAME,
  rules: RULES,
  run: async (ctx: KitContext) => {
    if (ctx.controls !== 'sandbox') {
      return {
        check: NAME,
        rules: [],
        failures: [],
        notChecked: withoutControls(RULES, 'whether a delivery is predicted, and a delivered order, need the sandbox\'s order view and carrier events: needs --controls sandbox'),
        requests: 0,
      }
    }
    return property(ctx, { name: NAME, rules: RULES }, Math.min(ctx.runs, 3), async () => undefined, fc.array(componentArb, { minLength: 1, maxLength: 3 }), async (_s, components) => {
      const lane = LANES[0]!
      const quoted = await ctx.http.send(post('/v1/shipper/quote', { pickupAddress: { zipCode: lane.pickup.zipCode }, deliveryAddress: { zipCode: lane.delivery.zipCode }, orderComponents: components }))
      expectAnswer('TRK-06', 'a quote of the order\'s freight', quoted, 200)
      const body = { ...createBody(ctx, lane, { palletCount: 1, poundsWeight: 100 }, { note: 'tracking and invoice' }), orderComponents: components, quoteId: field('TRK-06', 'a quote', quoted, 'id') }
      const created = await ctx.http.send(post('/v1/shipper/shipment', body))
      expectAnswer('TRK-06', 'a valid create', created, 200)
      const n = encodeURIComponent(String(field('TRK-06', 'a created order', created, 'orderNumber')))
      const judgeTracking = async (step: string, mustPredict: boolean): Promise<Record<string, unknown>> => {
        const t = await ctx.http.send(get(`/v1/shipper/shipment/${n}/tracking`))
        expectAnswer('TRK-06', `tracking ${step}`, t, 200)
        const o = await ctx.http.send(get(`/sandbox/orders/${n}`))
        expectAnswer('TRK-06', `GET /sandbox/orders/{n} ${step}`, o, 200)
        const predicted = instant(record(o)['predictedDeliveryAt'])
        const shown = instant(record(t)['estimatedDeliveryDate'] ?? null)
        if (mustPredict && predicted === null) throw new RuleBroken('TRK-06', `${step}: a predicted delivery (a pick-up predicts one)`, describe(o))
        if (shown !== predicted) {
          throw new RuleBroken('TRK-06', `tracking ${step}: estimatedDeliveryDate ${predicted === null ? 'null (no delivery predicted)' : String(record(o)['predictedDeliveryAt'])}`, describe(t))
        }
        return record(o)
      }
      await judgeTracking('after the create', false)
      const confirmed = await ctx.http.send(put(`/v1/shipper/shipment/${n}/confirm`))
      expectAnswer('TRK-06', 'confirm', confirmed, 200)
      await judgeTracking('after the confirm', false)
      for (const event of ['ACCEPT', 'ASSIGN', 'PICK_UP', 'DELIVER']) {
        const e = await ctx.http.send(post(`/sandbox/orders/${n}/events`, { event }))
        expectAnswer('TRK-06', `the carrier event ${event}`, e, 200)
        if (event === 'PICK_UP') await judgeTracking('after the pick-up', true)
      }
      const order = await judgeTracking('after the delivery', true)
      const inv = await ctx.http.send(get(`/v1/shipper/shipment/${n}/invoice`))
      expectAnswer('INV-02', 'the invoice of a delivered order', inv, 200)
      const normalized = validateCreateShipment(body, { config: ctx.config })
      if (normalized._tag === 'Left') throw new Error('a generated create the library refuses')
      const got = record(inv)
      const want = buildInvoice(
        {
          id: String(got['orderId']),
          orderNumber: decodeURIComponent(n),
          status: 'DELIVERED',
          shipDate: String(got['shipDate']),
          deliveryDate: String(got['deliveryDate']),
          pickupAddress: normalized.right.pickupAddress,
          deliveryAddress: normalized.right.deliveryAddress,
          components: normalized.right.orderComponents,
        } as never,
        (Array.isArray(got['charges']) ? got['charges'] : []) as never,
        { invoiceDate: String(got['invoiceDate']), config: ctx.config },
      )
      if (want._tag === 'Left') throw new RuleBroken('INV-03', 'charges the library can total (safe integers of cents)', describe(inv))
      const fail = (rule: RuleId, what: string, value: unknown): never => {
        throw new RuleBroken(rule, `the invoice's ${what}: ${JSON.stringify(value)} (buildInvoice)`, describe(inv))
      }
      if (!sameJson(got['lineItems'], want.right.lineItems)) fail('INV-02', 'lineItems, one per component', want.right.lineItems)
      if (!sameJson(got['charges'], order['charges'])) fail('INV-03', 'charges, those of the order', order['charges'])
      for (const key of ['totalChargesInCents', 'totalWeight', 'totalPieces'] as const) if (got[key] !== want.right[key]) fail('INV-03', key, want.right[key])
      if (!sameJson(got['shipper'], want.right.shipper)) fail('INV-04', 'shipper, the pickup address', want.right.shipper)
      if (!sameJson(got['billTo'], want.right.billTo)) fail('INV-04', 'billTo, the shipper (prepaid)', want.right.billTo)
    })
  },
}
