// TRK-03 and TRK-05 on a shipment under way (needs `--controls sandbox`: the carrier's events, the
// simulated vehicle and the clock). An order from Des Plaines to Dallas is quoted, created,
// confirmed, accepted, assigned and picked up, its vehicle set on schedule and on the route
// (`POST /sandbox/orders/{n}/simulation {"delayMinutes": 0, "offRouteKm": 0}`), and the company
// clock moves into the trip: a third, then two thirds of the way to the predicted delivery. At
// each, the tracking asked with include=location is judged against the library's prediction from
// what the server told (the status, the actual pickup, the ETA, the stops the kit sent, the
// instant the estimate is stamped with, between two reads of the company clock):
// - TRK-03: an order under way whose pickup, ETA and stops are known has a position estimate,
//   not the unavailable one, and a vehicle on schedule is not flagged (isSignificantlyDelayed
//   false, delayMessage empty, as buildTracking says without pings); the uncertainty radius is
//   the model's for the last observation the answer names (estimateLocation with that
//   observation: baseRadiusKm plus radiusGrowthKmPerHour for its age, by the declared
//   `tracking` figures); and the scheduled position (the route at the elapsed share of the
//   transit, buildTracking without pings), where the vehicle on schedule is, lies inside the
//   answered circle (center and uncertaintyRadiusKm).
// - TRK-05: statusDescription is describeStatus's sentence for the answer's own center (its
//   nearest ZIP code's city and state, nearestZip), status and ETA, in the delivery stop's zone;
//   absent exactly when the library says nothing meaningful can be said.
// Where the refined position lies within that circle stays the server's (the model's D choice).
import { DateTime } from 'luxon'
import { buildTracking, describeStatus, estimateLocation } from 'shipper-rules'
import { nearestZip, timeZoneForZip, zipCentroid } from 'shipper-rules/geo'
import type { Check, KitContext } from '../../check.js'
import type { Received } from '../../http.js'
import { judge, renderDiffs } from '../../judge.js'
import { createBody, describe, expectAnswer, field, get, LANES, makeQuote, post, put, RuleBroken } from '../support.js'
import { withSandboxControls } from './support.js'

const NAME = 'coverage: tracking position and status sentence'
const RULES = ['TRK-03', 'TRK-05'] as const

const object = (v: unknown): Record<string, unknown> | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined)

const instant = (v: unknown): DateTime | undefined => {
  if (typeof v !== 'string') return undefined
  const t = DateTime.fromISO(v, { zone: 'utc' })
  return t.isValid ? t : undefined
}

const clockNow = async (ctx: KitContext): Promise<DateTime> => {
  const r = await ctx.http.send(get('/sandbox/clock'))
  expectAnswer('TRK-03', 'GET /sandbox/clock', r, 200)
  const t = instant(field('TRK-03', 'the company clock', r, 'now'))
  if (t === undefined) throw new RuleBroken('TRK-03', 'GET /sandbox/clock: an ISO instant in now', describe(r))
  return t
}

/** The great-circle distance in km between two positions (geometry, no rule: the mean Earth radius). */
export const kmBetween = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number => {
  const rad = Math.PI / 180
  const dLat = (b.latitude - a.latitude) * rad
  const dLon = (b.longitude - a.longitude) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Judges one tracking answer with include=location of an order under way, its vehicle on schedule. */
const judgePosition = (ctx: KitContext, what: string, r: Received, lo: DateTime, hi: DateTime, pickupZip: string, deliveryZip: string): void => {
  const config = ctx.config
  const body = object(r.json) ?? {}
  const location = object(body['location'])
  if (location === undefined) throw new RuleBroken('TRK-03', `${what}: a location (include=location)`, describe(r))
  const center = object(location['center']) ?? {}
  const status = body['orderStatus']
  const pickedUpAt = instant(body['actualPickupDate'])
  const eta = instant(body['estimatedDeliveryDate'])
  const origin = zipCentroid(pickupZip)
  const destination = zipCentroid(deliveryZip)
  if (pickedUpAt === undefined || eta === undefined || origin === null || destination === null) {
    throw new RuleBroken('TRK-03', `${what}: an order picked up (the carrier's PICK_UP) with actualPickupDate and estimatedDeliveryDate`, describe(r))
  }
  // the instant the estimate is stamped with: the server's now, between the clock reads around the request
  const now = instant(center['timestamp'])
  if (now === undefined || now < lo.minus({ seconds: 1 }) || now > hi.plus({ seconds: 1 })) {
    throw new RuleBroken('TRK-03', `${what}: location.center.timestamp the instant of the estimate, the company clock's now (between ${lo.toISO()} and ${hi.toISO()})`, describe(r))
  }
  const facts = { id: String(body['id'] ?? ''), orderNumber: String(body['orderNumber'] ?? ''), status: typeof status === 'string' ? status : null, actualPickupDate: pickedUpAt, predictedDelivery: eta, origin, destination, deliveryZone: timeZoneForZip(deliveryZip) }
  const scheduled = buildTracking(facts, { include: { location: true }, now, placeOf: nearestZip, config })
  if (scheduled._tag === 'Left') throw new RuleBroken('TRK-03', `${what}: an order the library can track (buildTracking: ${scheduled.left.reason})`, describe(r))
  const planned = scheduled.right.location
  if (planned === undefined) throw new Error('buildTracking gave no location for include=location')
  const shown = `${what} (status ${String(status)}, picked up ${pickedUpAt.toISO()}, ETA ${eta.toISO()}, estimate stamped ${now.toISO()}; the vehicle on schedule and on the route)`
  // an order under way has an estimate, and a vehicle on schedule is not flagged
  const flagDiffs = judge({ isSignificantlyDelayed: planned.isSignificantlyDelayed, delayMessage: planned.delayMessage }, { isSignificantlyDelayed: location['isSignificantlyDelayed'], delayMessage: location['delayMessage'] })
  if (flagDiffs.length > 0) throw new RuleBroken('TRK-03', `${shown}: a position estimate, not flagged (buildTracking)\n${renderDiffs(flagDiffs)}`, describe(r))
  // the radius the model gives for the last observation the answer names
  const last = instant(location['lastEventTimestamp'])
  if (last === undefined || last < pickedUpAt || last > now) {
    throw new RuleBroken('TRK-03', `${shown}: lastEventTimestamp the last observation, between the pickup and now`, describe(r))
  }
  const lat = Number(center['latitude'])
  const lon = Number(center['longitude'])
  const observed = last > pickedUpAt ? [{ vehicleId: typeof center['vehicleId'] === 'string' && center['vehicleId'] !== '' ? center['vehicleId'] : 'KIT', timestamp: location['lastEventTimestamp'], latitude: lat, longitude: lon, heading: center['heading'], speed: center['speed'] }] : []
  const model = estimateLocation({ origin, destination, pickedUpAt, eta, now, pings: observed }, { config })
  const radiusDiffs = judge({ uncertaintyRadiusKm: model.uncertaintyRadiusKm, lastEventTimestamp: model.lastEventTimestamp }, { uncertaintyRadiusKm: location['uncertaintyRadiusKm'], lastEventTimestamp: instantText(location['lastEventTimestamp']) })
  if (radiusDiffs.length > 0) {
    throw new RuleBroken('TRK-03', `${shown}: the uncertainty radius of the model for that last observation (estimateLocation: ${config.tracking.baseRadiusKm} km plus ${config.tracking.radiusGrowthKmPerHour} km an hour of its age)\n${renderDiffs(radiusDiffs)}`, describe(r))
  }
  const radius = Number(location['uncertaintyRadiusKm'])
  const off = kmBetween({ latitude: lat, longitude: lon }, planned.center)
  if (!(off <= radius + 0.01)) {
    throw new RuleBroken('TRK-03', `${shown}: the scheduled position (${planned.center.latitude}, ${planned.center.longitude}: the route at the elapsed share of the transit, buildTracking without pings), where the vehicle on schedule is, inside the answered circle; it is ${off.toFixed(3)} km from the center, the radius ${radius} km`, describe(r))
  }
  // TRK-05: the sentence for the answer's own center
  const place = Number.isFinite(lat) && Number.isFinite(lon) ? nearestZip({ latitude: lat, longitude: lon }) : null
  const sentence = describeStatus({ orderStatus: status, place, eta, zone: timeZoneForZip(deliveryZip), isSignificantlyDelayed: location['isSignificantlyDelayed'] === true }, { config })
  const sentenceDiffs = judge({ statusDescription: sentence }, { statusDescription: location['statusDescription'] })
  if (sentenceDiffs.length > 0) {
    throw new RuleBroken('TRK-05', `${shown}: statusDescription the library's sentence for the answered center (describeStatus: near ${place === null ? 'no place' : `${place.city}, ${place.state}`}, the ETA's day in ${timeZoneForZip(deliveryZip) ?? 'the declared zone'})\n${renderDiffs(sentenceDiffs)}`, describe(r))
  }
}

const instantText = (v: unknown): unknown => {
  const t = instant(v)
  return t === undefined ? v : t.toISO({ suppressMilliseconds: true })
}

export const trackingPosition: Check = {
  name: NAME,
  rules: RULES,
  requires: ['sandboxControls'],
  run: async (ctx) => {
    return withSandboxControls(ctx, { name: NAME, rules: RULES }, 'an order under way, its vehicle on schedule and the clock need the sandbox controls: needs --controls sandbox', async () => {
      const lane = LANES[0]!
      const freight = { palletCount: 1, poundsWeight: 700 }
      const quote = await makeQuote(ctx, lane, freight)
      const created = await ctx.http.send(post('/v1/shipper/shipment', createBody(ctx, lane, freight, { quoteId: quote.id, note: 'tracking position' })))
      expectAnswer('TRK-03', 'a valid create', created, 200)
      const n = encodeURIComponent(String(field('TRK-03', 'a created order', created, 'orderNumber')))
      expectAnswer('TRK-03', 'confirm', await ctx.http.send(put(`/v1/shipper/shipment/${n}/confirm`)), 200)
      for (const event of ['ACCEPT', 'ASSIGN', 'PICK_UP']) expectAnswer('TRK-03', `the carrier event ${event}`, await ctx.http.send(post(`/sandbox/orders/${n}/events`, { event })), 200)
      expectAnswer('TRK-03', 'POST /sandbox/orders/{n}/simulation (on schedule, on the route)', await ctx.http.send(post(`/sandbox/orders/${n}/simulation`, { delayMinutes: 0, offRouteKm: 0 })), 200)
      const order = object((await ctx.http.send(get(`/sandbox/orders/${n}`))).json) ?? {}
      const pickedUp = instant(order['actualPickupAt'])
      const predicted = instant(order['predictedDeliveryAt'])
      const third = pickedUp !== undefined && predicted !== undefined ? Math.max(1, Math.floor(predicted.diff(pickedUp).as('minutes') / 3)) : 60
      for (const share of ['a third', 'two thirds']) {
        expectAnswer('TRK-03', `POST /sandbox/clock {"minutes": ${third}}`, await ctx.http.send(post('/sandbox/clock', { minutes: third })), 200)
        const lo = await clockNow(ctx)
        const r = await ctx.http.send(get(`/v1/shipper/shipment/${n}/tracking?include=location`))
        const hi = await clockNow(ctx)
        expectAnswer('TRK-03', 'the tracking with include=location', r, 200)
        judgePosition(ctx, `the tracking with include=location ${share} of the way to the predicted delivery`, r, lo, hi, lane.pickup.zipCode, lane.delivery.zipCode)
      }
    })
  },
}
