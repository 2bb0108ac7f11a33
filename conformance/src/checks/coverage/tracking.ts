// TRK-01, TRK-02 and TRK-04 on an order with events (needs `--controls sandbox`: the carrier's
// events, the sandbox's simulated vehicle and the clock). One order is quoted, created,
// confirmed, accepted, assigned and picked up, and the company clock moves into the trip. Then:
// - TRK-01: the tracking is asked with each `include` value of a table (absent, `location`, the
//   section twice, and values the library refuses: another letter case, an empty entry, an
//   unknown section, empty); parseTrackingInclude says what each is: a location present exactly
//   when it asks for one, or its 400 (judged by judgeProblem: status, reason, violation field and
//   code).
// - TRK-02: a location's center is a GpsData validateGpsData accepts at the company clock's now.
// - TRK-04: with the vehicle simulated on time and then far behind (five times the declared
//   delayThresholdMinutes), a location flagged significantly delayed carries a delayMessage that
//   says why (not empty), and the far-behind vehicle is flagged.
// The position itself is the server's (TRK-03, D): only these invariants are judged.
import { DateTime } from 'luxon'
import { parseTrackingInclude, validateGpsData } from 'shipper-rules'
import type { Check, KitContext, RuleId } from '../../check.js'
import type { Received } from '../../http.js'
import { judge, judgeProblem, renderDiffs } from '../../judge.js'
import { createBody, describe, expectAnswer, field, get, LANES, makeQuote, post, put, RuleBroken } from '../support.js'
import { withSandboxControls } from './support.js'

const NAME = 'coverage: live tracking (include, GPS, delay)'
const RULES = ['TRK-01', 'TRK-02', 'TRK-04'] as const

/** The `include` values asked, absent first; the library says which are sections and which are 400. */
const INCLUDES: ReadonlyArray<string | undefined> = [undefined, 'location', 'location,location', 'Location', 'location,', ',location', 'route', 'location,route', '']

const object = (v: unknown): Record<string, unknown> | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined)

const clockNow = async (ctx: KitContext, rule: RuleId): Promise<DateTime> => {
  const r = await ctx.http.send(get('/sandbox/clock'))
  expectAnswer(rule, 'GET /sandbox/clock', r, 200)
  const t = DateTime.fromISO(String(field(rule, 'the company clock', r, 'now')), { zone: 'utc' })
  if (!t.isValid) throw new RuleBroken(rule, 'GET /sandbox/clock: an ISO instant in now', describe(r))
  return t
}

export const liveTracking: Check = {
  name: NAME,
  rules: RULES,
  requires: ['sandboxControls'],
  run: async (ctx) => {
    return withSandboxControls(ctx, { name: NAME, rules: RULES }, 'an order with events, a simulated vehicle and the clock need the sandbox controls: needs --controls sandbox', async () => {
      const lane = LANES[0]!
      const freight = { palletCount: 1, poundsWeight: 600 }
      const quote = await makeQuote(ctx, lane, freight)
      const created = await ctx.http.send(post('/v1/shipper/shipment', createBody(ctx, lane, freight, { quoteId: quote.id, note: 'live tracking' })))
      expectAnswer('TRK-01', 'a valid create', created, 200)
      const n = encodeURIComponent(String(field('TRK-01', 'a created order', created, 'orderNumber')))
      const tracking = (include: string | undefined): Promise<Received> =>
        ctx.http.send(get(`/v1/shipper/shipment/${n}/tracking${include === undefined ? '' : `?include=${encodeURIComponent(include)}`}`))
      /** A location's center is valid GpsData at the company's now (TRK-02); a delayed one says why (TRK-04). */
      const judgeLocation = async (what: string, r: Received, mustBeDelayed: boolean): Promise<void> => {
        const location = object(object(r.json)?.['location'])
        if (location === undefined) throw new RuleBroken('TRK-01', `${what}: a location (include=location on a picked-up order)`, describe(r))
        const now = await clockNow(ctx, 'TRK-02')
        const gps = validateGpsData(location['center'], now, { config: ctx.config })
        if (gps._tag === 'Left') {
          throw new RuleBroken('TRK-02', `${what}: location.center a GpsData (validateGpsData): ${gps.left.map((v) => `${v.field} ${v.code}`).join(', ')}`, describe(r))
        }
        const delayed = location['isSignificantlyDelayed']
        const message = location['delayMessage']
        if (delayed === true && !(typeof message === 'string' && message.trim() !== '')) {
          throw new RuleBroken('TRK-04', `${what}: isSignificantlyDelayed true with a delayMessage that explains it (not empty)`, describe(r))
        }
        if (mustBeDelayed) {
          const diffs = judge({ isSignificantlyDelayed: true }, { isSignificantlyDelayed: delayed })
          if (diffs.length > 0) {
            throw new RuleBroken('TRK-04', `${what}: a vehicle ${5 * ctx.config.tracking.delayThresholdMinutes} minutes behind the schedule, over the declared delayThresholdMinutes ${ctx.config.tracking.delayThresholdMinutes}, flagged\n${renderDiffs(diffs)}`, describe(r))
          }
        }
      }

      // before the pickup: no location unless asked; one asked for is no estimate yet, so a flagged one says why
      const early = await tracking('location')
      expectAnswer('TRK-01', 'the tracking of an order not picked up, with include=location', early, 200)
      const earlyLocation = object(early.json)?.['location']
      if (earlyLocation !== undefined && earlyLocation !== null) await judgeLocation('the tracking of an order not picked up, with include=location', early, false)
      const bare = await tracking(undefined)
      expectAnswer('TRK-01', 'the tracking of an order not picked up', bare, 200)
      if (object(bare.json)?.['location'] !== undefined && object(bare.json)?.['location'] !== null) throw new RuleBroken('TRK-01', 'the tracking of an order not picked up, without include: no location (none was asked for)', describe(bare))
      expectAnswer('TRK-01', 'confirm', await ctx.http.send(put(`/v1/shipper/shipment/${n}/confirm`)), 200)
      for (const event of ['ACCEPT', 'ASSIGN', 'PICK_UP']) {
        expectAnswer('TRK-01', `the carrier event ${event}`, await ctx.http.send(post(`/sandbox/orders/${n}/events`, { event })), 200)
      }
      // into the trip: a third of the way from the pickup to the predicted delivery (at least a minute)
      const order = object((await ctx.http.send(get(`/sandbox/orders/${n}`))).json) ?? {}
      const pickedUp = DateTime.fromISO(String(order['actualPickupAt']), { zone: 'utc' })
      const predicted = DateTime.fromISO(String(order['predictedDeliveryAt']), { zone: 'utc' })
      const minutes = pickedUp.isValid && predicted.isValid ? Math.max(1, Math.floor(predicted.diff(pickedUp).as('minutes') / 3)) : 60
      expectAnswer('TRK-01', `POST /sandbox/clock {"minutes": ${minutes}}`, await ctx.http.send(post('/sandbox/clock', { minutes })), 200)

      // TRK-01: each include value, as the library reads it
      for (const include of INCLUDES) {
        const r = await tracking(include)
        const what = `the tracking of a picked-up order with ${include === undefined ? 'no include' : `include=${JSON.stringify(include)}`}`
        const parsed = parseTrackingInclude(include)
        if (parsed._tag === 'Left') {
          const p = parsed.left
          const diffs = judgeProblem({ status: p.status, reason: p.reason, violations: (p.violations ?? []).map((v) => ({ field: v.field, code: v.code })) }, r.status, r.json)
          if (diffs.length > 0) throw new RuleBroken('TRK-01', `${what}: ${p.status} ${p.reason} (parseTrackingInclude)\n${renderDiffs(diffs)}`, describe(r))
          continue
        }
        expectAnswer('TRK-01', what, r, 200)
        const has = object(r.json)?.['location'] !== undefined && object(r.json)?.['location'] !== null
        if (has !== parsed.right.location) throw new RuleBroken('TRK-01', `${what}: ${parsed.right.location ? 'a location' : 'no location (none was asked for)'}`, describe(r))
        if (has) await judgeLocation(what, r, false)
      }

      // TRK-04: the vehicle far behind the schedule
      const behind = 5 * ctx.config.tracking.delayThresholdMinutes
      const sim = await ctx.http.send(post(`/sandbox/orders/${n}/simulation`, { delayMinutes: behind }))
      expectAnswer('TRK-04', `POST /sandbox/orders/{n}/simulation {"delayMinutes": ${behind}}`, sim, 200)
      const late = await tracking('location')
      expectAnswer('TRK-04', 'the tracking with include=location', late, 200)
      await judgeLocation(`the tracking of a vehicle ${behind} minutes behind the schedule`, late, true)
    })
  },
}
