// QTE-03 and QTE-04 on the shortest lanes (needs `--controls sandbox`): a lane within one ZIP code
// (downtown Chicago to itself) and one to the next ZIP code, each quoted and then booked on its
// quote with the same requiredPickupDate, picked up on a weekday before the delivery stop's close
// time, on a weekday after it and on a Saturday. How many business days a lane takes is the
// server's; the sandbox tells it (`GET /sandbox/orders/{n}`: `pricing.transitBusinessDays`, 0 on a
// lane shorter than its tariff's same-day distance). From that figure the library derives the
// rest: the quote's ETA is estimateDelivery({ pickup, transitDays, deliveryZone }) by the declared
// calendar (0 days: the pickup day's close time, whatever the day), its transitDays is
// transitDays(pickup, ETA), and the order's predicted delivery and its tracking's
// estimatedDeliveryDate are that ETA. A server that answers no ETA for a same-day lane fails here.
import { DateTime } from 'luxon'
import { estimateDelivery, transitDays } from 'shipper-rules'
import { timeZoneForZip } from 'shipper-rules/geo'
import type { Check, KitContext } from '../../check.js'
import type { Received } from '../../http.js'
import { judge, renderDiffs } from '../../judge.js'
import { describe, expectAnswer, field, get, post, RuleBroken } from '../support.js'
import { withSandboxControls } from './support.js'

const NAME = 'coverage: same-day lanes (transit 0) by the declared calendar'
const RULES = ['QTE-03', 'QTE-04'] as const

/** Downtown Chicago: the lane to itself (0 km) and to the next ZIP code (a few hundred metres). */
const LANES: ReadonlyArray<{ readonly pickup: string; readonly delivery: string }> = [
  { pickup: '60601', delivery: '60601' },
  { pickup: '60601', delivery: '60602' },
]

const address = (zipCode: string, name: string, phone: string): Record<string, unknown> => ({
  name,
  address1: '1 Same Day Plaza',
  city: 'Chicago',
  state: 'IL',
  zipCode,
  phoneNumber: phone,
  contactPerson: 'Sam Day',
})

/** The same instant in the library's wire form (an equal instant written with an offset or milliseconds compares equal). */
const instantText = (v: unknown): unknown => {
  if (typeof v !== 'string') return v
  const t = DateTime.fromISO(v, { setZone: true })
  return t.isValid ? t.toUTC().toISO({ suppressMilliseconds: true }) : v
}

/**
 * The pickups: next week's Wednesday at 09:00 and at 20:00 in the declared zone (before and after
 * a 16:00 close time) and its Saturday at 09:00, as UTC instants with an offset.
 */
export const sameDayPickups = (zone: string, from: DateTime): ReadonlyArray<{ readonly edge: string; readonly pickup: string }> => {
  const week = from.setZone(zone).plus({ weeks: 1 }).startOf('week')
  const at = (weekday: number, hour: number): string => week.set({ weekday: weekday as 1, hour, minute: 0, second: 0, millisecond: 0 }).toISO({ suppressMilliseconds: true }) ?? ''
  return [
    { edge: 'a Wednesday at 09:00, before the close time', pickup: at(3, 9) },
    { edge: 'a Wednesday at 20:00, after the close time', pickup: at(3, 20) },
    { edge: 'a Saturday at 09:00', pickup: at(6, 9) },
  ]
}

const judgeLane = async (ctx: KitContext, lane: (typeof LANES)[number], edge: string, pickupText: string): Promise<void> => {
  const options = { config: ctx.config }
  const pickup = DateTime.fromISO(pickupText, { setZone: true })
  const zone = timeZoneForZip(lane.delivery) ?? ctx.config.businessDays.zone
  const what = `the lane ${lane.pickup} to ${lane.delivery} picked up ${edge} (${pickupText})`
  const components = [{ palletCount: 1, poundsWeight: 300 }]
  const q = await ctx.http.send(post('/v1/shipper/quote', { pickupAddress: { zipCode: lane.pickup }, deliveryAddress: { zipCode: lane.delivery }, orderComponents: components, requiredPickupDate: pickupText }))
  if (q.status === 422) return // the server does not serve the lane (its business)
  expectAnswer('QTE-03', `a quote of ${what}`, q, 200)
  const quoteId = String(field('QTE-03', 'a quote', q, 'id'))
  const created = await ctx.http.send(
    post('/v1/shipper/shipment', {
      pickupAddress: address(lane.pickup, 'Same Day Pickup', '+13125550140'),
      deliveryAddress: address(lane.delivery, 'Same Day Delivery', '+13125550141'),
      orderComponents: components,
      description: `${ctx.marker} same-day lane`,
      refNumber: ctx.marker,
      requiredPickupDate: pickupText,
      quoteId,
    }),
  )
  expectAnswer('QTE-03', `a create on the quote of ${what}`, created, 200)
  const n = encodeURIComponent(String(field('QTE-03', 'a created order', created, 'orderNumber')))
  const view = await ctx.http.send(get(`/sandbox/orders/${n}`))
  expectAnswer('QTE-03', 'GET /sandbox/orders/{n}', view, 200)
  const pricing = field('QTE-03', 'the sandbox order view', view, 'pricing')
  const days = typeof pricing === 'object' && pricing !== null ? (pricing as Record<string, unknown>)['transitBusinessDays'] : undefined
  if (!(typeof days === 'number' && Number.isSafeInteger(days) && days >= 0)) throw new RuleBroken('QTE-03', `${what}: the sandbox's priced transit (pricing.transitBusinessDays) a whole number of business days`, describe(view))
  const eta = estimateDelivery({ pickup, transitDays: days, deliveryZone: zone }, options)
  const wantDays = eta === null ? null : transitDays(pickup, DateTime.fromISO(eta, { zone: 'utc' }), options)
  const facts = `${what}, priced by the server at ${days} business day(s) (pricing.transitBusinessDays); declared calendar ${ctx.config.businessDays.zone} with holidays ${JSON.stringify(ctx.config.businessDays.holidays)}, the close time the default in ${zone}`
  const compare = (rule: 'QTE-03' | 'QTE-04', label: string, expected: unknown, actual: unknown, r: Received): void => {
    const diffs = judge(expected, actual)
    if (diffs.length > 0) throw new RuleBroken(rule, `${facts}: ${label}\n${renderDiffs(diffs)}`, describe(r))
  }
  compare('QTE-04', "the quote's estimatedDeliveryDate (estimateDelivery)", { estimatedDeliveryDate: eta }, { estimatedDeliveryDate: instantText(field('QTE-04', 'a quote', q, 'estimatedDeliveryDate')) }, q)
  compare('QTE-03', "the quote's transitDays (transitDays from the pickup to the ETA)", { transitDays: wantDays }, { transitDays: field('QTE-03', 'a quote', q, 'transitDays') }, q)
  compare('QTE-04', "the order's predicted delivery (estimateDelivery)", { predictedDeliveryAt: eta }, { predictedDeliveryAt: instantText(field('QTE-04', 'the sandbox order view', view, 'predictedDeliveryAt')) }, view)
  const tracking = await ctx.http.send(get(`/v1/shipper/shipment/${n}/tracking`))
  expectAnswer('QTE-04', 'the tracking of the order', tracking, 200)
  compare('QTE-04', "the tracking's estimatedDeliveryDate (the predicted delivery)", { estimatedDeliveryDate: eta }, { estimatedDeliveryDate: instantText(field('QTE-04', 'a tracking', tracking, 'estimatedDeliveryDate')) }, tracking)
}

export const sameDayLanes: Check = {
  name: NAME,
  rules: RULES,
  requires: ['sandboxControls'],
  run: async (ctx) => {
    return withSandboxControls(ctx, { name: NAME, rules: RULES }, "the server's priced transit days are read from the sandbox's order view: needs --controls sandbox", async () => {
      for (const lane of LANES) for (const p of sameDayPickups(ctx.config.businessDays.zone, DateTime.utc())) await judgeLane(ctx, lane, p.edge, p.pickup)
    })
  },
}
