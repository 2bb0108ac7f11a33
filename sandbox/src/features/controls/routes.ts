// Company controls, outside /v1/shipper: the parts of the lifecycle and of time the spec does not
// expose. They take the same two credentials as the API and touch only the caller's company: its
// clock, its orders' carrier events and simulation, its outbox. Every state change is decided by
// the library's `transition`. (Operator controls are in operator.ts.)
import type { FastifyInstance } from 'fastify'
import { DateTime } from 'luxon'
import { isLeft, parseOrderNumber, problemFor, transition, violationAt } from 'shipper-rules'
import { MAX_CLOCK_OFFSET_MS, wireTime } from '../../clock/clock.js'
import { numberOf } from '../../db/store.js'
import { access, callerOf } from '../../http/access.js'
import { isObject, sendProblem, type Context } from '../../http/context.js'
import { generateAppointmentPdfs } from '../../shared/appointmentPdf.js'
import { outboxMessageOf } from '../../shared/appointments.js'
import { changeOrder, ownedOrder } from '../../shared/orderAccess.js'
import { shipmentOf, wireIso, type OrderRow } from '../../shared/orders.js'
import { etaFor } from '../../shared/quotes.js'
import { CLOCK_LIMITS, CONTROL_EVENTS, SIMULATION_LIMITS, UNIT_MS } from './limits.js'
import { listOutbox, setSimulation } from './queries.js'

const wholeIn = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max

type OrderParams = { Params: { orderNumber: string } }

export const controlRoutes = (ctx: Context) => async (app: FastifyInstance) => {
  // the caller's company's clock: real time plus the company's own offset (see clock.ts)
  app.get('/sandbox/clock', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const offsetMs = await ctx.clocks.offset(ctx.store, caller.companyId)
    return reply.send({ now: wireTime(DateTime.fromMillis(Date.now() + offsetMs, { zone: 'utc' })), offsetMs, maxOffsetMs: MAX_CLOCK_OFFSET_MS })
  })

  app.post('/sandbox/clock', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const body = request.body
    const fields = ['days', 'hours', 'minutes'] as const
    const sent = isObject(body) ? fields.filter((f) => body[f] !== undefined) : []
    const bad = isObject(body) ? sent.filter((f) => !wholeIn(body[f], 1, CLOCK_LIMITS[f])) : []
    const unknown = isObject(body) ? Object.keys(body).filter((k) => !(fields as ReadonlyArray<string>).includes(k)) : []
    if (!isObject(body) || sent.length === 0 || bad.length > 0 || unknown.length > 0) {
      const violations = !isObject(body) || sent.length === 0
        ? [violationAt(['days'], null, 'required', 'send at least one of days, hours or minutes')]
        : [
            ...bad.map((f) => violationAt([f], null, typeof body[f] === 'number' && Number.isSafeInteger(body[f]) ? 'out_of_range' : 'not_integer', `must be a whole number from 1 to ${CLOCK_LIMITS[f]}`)),
            ...unknown.map((k) => violationAt([k], null, 'not_allowed', 'only days, hours and minutes move the clock')),
          ]
      return sendProblem(reply, problemFor('validation_failed', 'Send {"days"|"hours"|"minutes": a positive whole number} to move your company\'s clock forward.', violations))
    }
    const ms = sent.reduce((sum, f) => sum + Number(body[f]) * UNIT_MS[f], 0)
    const moved = await ctx.clocks.advance(ctx.store, caller.companyId, ms)
    if (moved === undefined) {
      const offsetMs = await ctx.clocks.offset(ctx.store, caller.companyId)
      return sendProblem(reply, problemFor('validation_failed', `Your company's clock may run at most ${CLOCK_LIMITS.days} days (20 years) ahead of real time; it is ${offsetMs} ms ahead.`, [violationAt([sent[0] ?? 'days'], null, 'out_of_range', `would move the clock past ${CLOCK_LIMITS.days} days ahead of real time`)]))
    }
    return reply.send({ now: wireTime(moved.now), offsetMs: moved.offsetMs, maxOffsetMs: MAX_CLOCK_OFFSET_MS })
  })

  app.post<OrderParams>('/sandbox/orders/:orderNumber/events', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const body = request.body
    const event = isObject(body) ? body['event'] : undefined
    if (!CONTROL_EVENTS.includes(event as (typeof CONTROL_EVENTS)[number])) {
      return sendProblem(reply, problemFor('validation_failed', undefined, [violationAt(['event'], null, event === undefined ? 'required' : 'pattern', `must be one of ${CONTROL_EVENTS.join(', ')}`)]))
    }
    const outcome = await changeOrder(ctx, caller, request.params.orderNumber, async (row, tx) => {
      const next = transition(row.status, event)
      if (isLeft(next)) return { problem: next.left }
      const now = (await ctx.clocks.now(tx, caller.companyId)).toJSDate()
      if (event === 'PICK_UP') {
        // the delivery is predicted again from the actual pickup, by the priced transit days
        const days = numberOf((row as OrderRow & { pricing: { transitBusinessDays?: number } }).pricing?.transitBusinessDays ?? 1)
        const { eta } = etaFor({ deliveryAddress: row.request.deliveryAddress }, days, DateTime.fromJSDate(now, { zone: 'utc' }), ctx.config)
        return { set: 'status = $2, updated_at = $3, actual_pickup_at = $3, predicted_delivery_at = $4', params: [next.right, now, eta === null ? null : new Date(eta)] }
      }
      if (event === 'DELIVER') return { set: 'status = $2, updated_at = $3, actual_delivery_at = $3', params: [next.right, now] }
      // carrier acceptance builds the appointment PDF of each stop, in the same transaction
      if (event === 'ACCEPT') await generateAppointmentPdfs(tx, { ...row, status: next.right, updated_at: now }, DateTime.fromJSDate(now, { zone: 'utc' }))
      return { set: 'status = $2, updated_at = $3', params: [next.right, now] }
    })
    return 'problem' in outcome ? sendProblem(reply, outcome.problem) : reply.send(shipmentOf(outcome.row))
  })

  // the notifications the sandbox would send (carrier-change e-mails after acceptance), newest
  // last, the caller's company only; ?orderNumber= narrows to one order
  app.get<{ Querystring: { orderNumber?: unknown } }>('/sandbox/outbox', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const asked = request.query.orderNumber
    const parsed = asked === undefined ? undefined : parseOrderNumber(asked)
    if (parsed !== undefined && isLeft(parsed)) return sendProblem(reply, parsed.left)
    const only = parsed?.right
    const rows = await listOutbox(ctx.store, caller.companyId, only)
    return reply.send({ messages: rows.map(outboxMessageOf) })
  })

  // what the API does not show: how the order was priced (tenderPrice: re-priced, why, flagged
  // for operations), the planned and actual times, the simulation settings
  app.get<OrderParams>('/sandbox/orders/:orderNumber', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const row = await ownedOrder(ctx, caller, request.params.orderNumber, reply)
    if (row === undefined) return reply
    const time = (v: unknown): string | null => (v === null ? null : wireIso(v))
    return reply.send({
      shipment: shipmentOf(row),
      quoteId: row.quote_id,
      pricing: (row as OrderRow & { pricing: unknown }).pricing,
      charges: row.charges,
      plannedPickupAt: time(row.planned_pickup_at),
      predictedDeliveryAt: time(row.predicted_delivery_at),
      actualPickupAt: time(row.actual_pickup_at),
      actualDeliveryAt: time(row.actual_delivery_at),
      simulation: { delayMinutes: numberOf(row.delay_minutes), offRouteKm: numberOf(row.off_route_km) },
    })
  })

  app.post<OrderParams>('/sandbox/orders/:orderNumber/simulation', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const body = request.body
    const delay = isObject(body) ? (body['delayMinutes'] ?? 0) : undefined
    const offRoute = isObject(body) ? (body['offRouteKm'] ?? 0) : undefined
    const bad = [...(wholeIn(delay, 0, SIMULATION_LIMITS.delayMinutes) ? [] : ['delayMinutes']), ...(wholeIn(offRoute, 0, SIMULATION_LIMITS.offRouteKm) ? [] : ['offRouteKm'])]
    if (bad.length > 0) return sendProblem(reply, problemFor('validation_failed', undefined, bad.map((f) => violationAt([f], null, 'out_of_range', 'must be a whole number of at least 0'))))
    const row = await ownedOrder(ctx, caller, request.params.orderNumber, reply)
    if (row === undefined) return reply
    await setSimulation(ctx.store, row.id, delay as number, offRoute as number)
    return reply.send({ orderNumber: row.order_number, delayMinutes: delay, offRouteKm: offRoute })
  })
}
