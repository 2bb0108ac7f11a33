// QTE-03 and QTE-04 by the declared calendar: a quote's transitDays and estimatedDeliveryDate for a
// pickup at an edge of the business-day calendar (shipper-rules/arbitraries calendarEdgePickups:
// a holiday's eve a minute before, at and after the delivery stop's close time, the holiday at
// 00:00, the Friday before it at 23:59, a weekend; first, whatever the seed) and then at random
// minutes of the year (pickupAcrossCalendarArb). How many business days the lane takes is the
// server's; what it derives from that figure is the library's: the ETA is
// estimateDelivery({ pickup, transitDays, deliveryCloseTime, deliveryZone }) by the declared
// calendar (`config.businessDays`: zone and holidays) with the time the stop's closeTime in the
// stop's zone (timeZoneForZip), and transitDays is transitDays(pickup, ETA) by the same
// calendar, the ETA's day read on the stop's own date (its deliveryZone); both null together.
import { DateTime } from 'luxon'
import { estimateDelivery, transitDays } from 'shipper-rules'
import { calendarEdgePickups, pickupAcrossCalendarArb, type CalendarPickup } from 'shipper-rules/arbitraries'
import { timeZoneForZip } from 'shipper-rules/geo'
import type { Check, KitContext } from '../../check.js'
import { judge, renderDiffs } from '../../judge.js'
import { describe, expectAnswer, field, get, LANES, post, RuleBroken } from '../support.js'
import { property } from './support.js'

const NAME = 'coverage: transit days and ETA by the declared calendar'
const RULES = ['QTE-03', 'QTE-04'] as const

/**
 * Downtown Chicago, some 25 km from the pickup: a lane a server may deliver the same day (transit
 * 0: the ETA is the pickup day's close time, before the pickup when it is ready after it). A 422
 * here (the server does not serve it) leaves the case unjudged.
 */
const SAME_DAY_ZIP = '60601'

/**
 * The deliveries a pickup is quoted to, from the lane's pickup ZIP (Des Plaines, Central time):
 * Dallas (Central time too), New York (Eastern time) and downtown Chicago. New York judges the
 * close time in the stop's own zone and the business days by the declared calendar's zone, the
 * ETA's day read on the stop's own date (a pickup at 23:30 in Chicago on a Thursday, two business
 * days to New York, is Monday by the declaration, Tuesday by a server that counts the days in the
 * stop's zone).
 */
const DELIVERIES: ReadonlyArray<string> = [LANES[0]!.delivery.zipCode, LANES[1]!.pickup.zipCode, SAME_DAY_ZIP]

/** The library's default close time (HH:mm): the wall time of a same-day ETA when no closeTime is given. */
const DEFAULT_CLOSE = DateTime.fromISO(estimateDelivery({ pickup: DateTime.fromMillis(0, { zone: 'utc' }), transitDays: 0, deliveryZone: 'UTC' }, { zone: 'UTC' }) ?? '', { zone: 'utc' }).toFormat('HH:mm')

/** The quote of one pickup: the lane's pickup ZIP, the delivery ZIP with the close time (absent for the library's default), one pallet. */
const quoteOf = (p: CalendarPickup, zipCode: string): Record<string, unknown> => ({
  pickupAddress: { zipCode: LANES[0]!.pickup.zipCode },
  deliveryAddress: { zipCode, ...(p.deliveryCloseTime === DEFAULT_CLOSE ? {} : { closeTime: p.deliveryCloseTime }) },
  orderComponents: [{ palletCount: 1, poundsWeight: 500 }],
  requiredPickupDate: p.pickup,
})

const judgeOne = async (ctx: KitContext, p: CalendarPickup, zipCode: string): Promise<void> => {
  const pickup = DateTime.fromISO(p.pickup, { zone: 'utc' })
  const options = { config: ctx.config }
  const declared = ctx.config.businessDays.zone
  const zone = timeZoneForZip(zipCode) ?? declared
  const close = p.deliveryCloseTime === DEFAULT_CLOSE ? {} : { deliveryCloseTime: p.deliveryCloseTime }
  const r = await ctx.http.send(post('/v1/shipper/quote', quoteOf(p, zipCode)))
  if (zipCode === SAME_DAY_ZIP && r.status === 422) return
  expectAnswer('QTE-03', `a quote picked up ${p.edge}`, r, 200)
  const days = field('QTE-03', 'a quote', r, 'transitDays')
  const eta = field('QTE-04', 'a quote', r, 'estimatedDeliveryDate')
  if (days !== null && !(typeof days === 'number' && Number.isSafeInteger(days) && days >= 0)) {
    throw new RuleBroken('QTE-03', `transitDays of a quote picked up ${p.edge}: a whole number of business days, or null`, describe(r))
  }
  const wantEta = estimateDelivery({ pickup, transitDays: days, deliveryZone: zone, ...close }, options)
  const etaDiffs = judge({ estimatedDeliveryDate: wantEta }, { estimatedDeliveryDate: eta === undefined ? undefined : eta === null ? null : instantText(eta) })
  const what = `a quote picked up ${p.edge} (${p.pickup}), delivery ZIP ${zipCode}, closeTime ${p.deliveryCloseTime} in ${zone}, declared calendar ${declared} with holidays ${JSON.stringify(ctx.config.businessDays.holidays)}`
  if (etaDiffs.length > 0) {
    throw new RuleBroken('QTE-04', `${what}: the ETA ${String(days)} business day(s) after the pickup at the close time (estimateDelivery)\n${renderDiffs(etaDiffs)}`, describe(r))
  }
  if (typeof eta !== 'string') return
  const wantDays = transitDays(pickup, DateTime.fromISO(eta, { zone: 'utc' }), { ...options, deliveryZone: zone })
  const dayDiffs = judge({ transitDays: wantDays }, { transitDays: days })
  if (dayDiffs.length > 0) throw new RuleBroken('QTE-03', `${what}: transitDays, the business days from the pickup to the ETA (transitDays)\n${renderDiffs(dayDiffs)}`, describe(r))
}

/** The same instant in the library's wire form (an equal instant written with an offset or milliseconds compares equal). */
const instantText = (v: unknown): unknown => {
  if (typeof v !== 'string') return v
  const t = DateTime.fromISO(v, { setZone: true })
  return t.isValid ? t.toUTC().toISO({ suppressMilliseconds: true }) : v
}

/** The company clock's now (GET /sandbox/clock). */
const clockNow = async (ctx: KitContext): Promise<DateTime> => {
  const r = await ctx.http.send(get('/sandbox/clock'))
  expectAnswer('QTE-04', 'GET /sandbox/clock', r, 200)
  const t = DateTime.fromISO(String(field('QTE-04', 'the company clock', r, 'now')), { zone: 'utc' })
  if (!t.isValid) throw new RuleBroken('QTE-04', 'GET /sandbox/clock: an ISO instant in now', describe(r))
  return t
}

/**
 * With the clock control: quotes without a requiredPickupDate (picked up now, on the company
 * clock) with the company clock a minute before, at and a minute after the delivery stop's close
 * time (the default 16:00) in the declared zone. The pickup lies between the clock reads around
 * the request; the ETA must be estimateDelivery's for one of the two.
 */
const aroundCloseTime = async (ctx: KitContext): Promise<void> => {
  const zone = ctx.config.businessDays.zone
  const options = { config: ctx.config }
  const deliveryZone = timeZoneForZip(LANES[0]!.delivery.zipCode) ?? zone
  const now = (await clockNow(ctx)).setZone(zone)
  // the default close time as the library has it: the ETA of a same-day delivery in the stop's zone, on the wall clock
  const sameDay = DateTime.fromISO(estimateDelivery({ pickup: now, transitDays: 0, deliveryZone }, options) ?? '', { zone: deliveryZone })
  if (!sameDay.isValid) throw new Error('the library gives no same-day ETA in the delivery stop\'s zone')
  const close = now.set({ hour: sameDay.hour, minute: sameDay.minute, second: 0, millisecond: 0 }).minus({ minutes: 1 })
  const target = close > now ? close : close.plus({ days: 1 })
  let minutes = Math.ceil(target.diff(now).as('minutes'))
  for (const edge of ['close time - 1 min', 'close time', 'close time + 1 min']) {
    if (minutes > 0) expectAnswer('QTE-04', `POST /sandbox/clock {"minutes": ${minutes}}`, await ctx.http.send(post('/sandbox/clock', { minutes })), 200)
    minutes = 1
    const lo = await clockNow(ctx)
    const r = await ctx.http.send(post('/v1/shipper/quote', { pickupAddress: { zipCode: LANES[0]!.pickup.zipCode }, deliveryAddress: { zipCode: LANES[0]!.delivery.zipCode }, orderComponents: [{ palletCount: 1, poundsWeight: 500 }] }))
    const hi = await clockNow(ctx)
    expectAnswer('QTE-03', `a quote picked up now, at the ${edge}`, r, 200)
    const days = field('QTE-03', 'a quote', r, 'transitDays')
    const eta = field('QTE-04', 'a quote', r, 'estimatedDeliveryDate')
    if (days !== null && !(typeof days === 'number' && Number.isSafeInteger(days) && days >= 0)) {
      throw new RuleBroken('QTE-03', `transitDays of a quote picked up now, at the ${edge}: a whole number of business days, or null`, describe(r))
    }
    const wants = [lo, hi].map((pickup) => estimateDelivery({ pickup, transitDays: days, deliveryZone }, options))
    const got = eta === null ? null : instantText(eta)
    if (!wants.some((w) => judge(w, got).length === 0)) {
      throw new RuleBroken(
        'QTE-04',
        `a quote picked up now (the company clock, between ${lo.toISO()} and ${hi.toISO()}, the ${edge} ${sameDay.toFormat('HH:mm')} in ${deliveryZone}; declared calendar ${zone} with holidays ${JSON.stringify(ctx.config.businessDays.holidays)}): the ETA ${String(days)} business day(s) later at the close time (estimateDelivery)\n${renderDiffs(judge(wants[0], got))}`,
        describe(r),
      )
    }
  }
}

export const calendarEta: Check = {
  name: NAME,
  rules: RULES,
  run: (ctx) => {
    const year = DateTime.utc().year
    const edges = calendarEdgePickups(ctx.config, year)
    const setup = async (): Promise<undefined> => {
      if (ctx.controls === 'sandbox') await aroundCloseTime(ctx)
      return undefined
    }
    return property(ctx, { name: NAME, rules: RULES }, Math.min(ctx.runs, 10), setup, pickupAcrossCalendarArb(ctx.config, { min: year, max: year + 1 }), async (_s, p) => {
        for (const zip of DELIVERIES) await judgeOne(ctx, p, zip)
      }, edges)
  },
}
