// Tracking and the invoice (spec: Endpoints 6-7, Tracking, InvoiceResponse).
import type { FastifyInstance } from 'fastify'
import { buildTracking, isLeft, parseTrackingInclude } from 'shipper-rules'
import { nearestZip, timeZoneForZip, zipCentroid } from 'shipper-rules/geo'
import type { DateTime } from 'luxon'
import { numberOf } from '../../db/store.js'
import { access, callerOf } from '../../http/access.js'
import { sendProblem, type Context } from '../../http/context.js'
import { invoiceOf } from '../../shared/invoice.js'
import { ownedOrder } from '../../shared/orderAccess.js'
import { dateTimeOf, type OrderRow } from '../../shared/orders.js'
import { simulatedPings } from './simulation.js'

/** The tracking facts of an order at `now`, with the simulated vehicle's pings. */
export const trackingOf = (row: OrderRow, now: DateTime, location: boolean) => {
  const origin = zipCentroid(row.request.pickupAddress.zipCode)
  const destination = zipCentroid(row.request.deliveryAddress.zipCode)
  const pickedUpAt = dateTimeOf(row.actual_pickup_at)
  const predicted = dateTimeOf(row.predicted_delivery_at)
  const pings =
    location && origin !== null && destination !== null && pickedUpAt !== null && predicted !== null && dateTimeOf(row.actual_delivery_at) === null
      ? simulatedPings({ vehicleId: `SBX-${row.order_number}`, origin, destination, pickedUpAt, eta: predicted, delayMinutes: numberOf(row.delay_minutes), offRouteKm: numberOf(row.off_route_km) }, now)
      : []
  return buildTracking(
    {
      id: row.id,
      orderNumber: row.order_number,
      status: row.status,
      actualPickupDate: pickedUpAt,
      actualDeliveryDate: dateTimeOf(row.actual_delivery_at),
      estimatedPickupDate: dateTimeOf(row.planned_pickup_at),
      predictedDelivery: predicted,
      origin,
      destination,
      deliveryZone: timeZoneForZip(row.request.deliveryAddress.zipCode),
      pings,
    },
    { include: { location }, now, placeOf: nearestZip },
  )
}

type OrderParams = { Params: { orderNumber: string }; Querystring: { include?: unknown } }

export const trackingRoutes = (ctx: Context) => async (app: FastifyInstance) => {
  app.get<OrderParams>('/v1/shipper/shipment/:orderNumber/tracking', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const row = await ownedOrder(ctx, caller, request.params.orderNumber, reply)
    if (row === undefined) return reply
    const include = parseTrackingInclude(request.query.include)
    if (isLeft(include)) return sendProblem(reply, include.left)
    const tracking = trackingOf(row, await ctx.clocks.now(ctx.store, caller.companyId), include.right.location)
    return isLeft(tracking) ? sendProblem(reply, tracking.left) : reply.send(tracking.right)
  })

  app.get<OrderParams>('/v1/shipper/shipment/:orderNumber/invoice', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const row = await ownedOrder(ctx, caller, request.params.orderNumber, reply)
    if (row === undefined) return reply
    const invoice = invoiceOf(row, await ctx.clocks.now(ctx.store, caller.companyId))
    return isLeft(invoice) ? sendProblem(reply, invoice.left) : reply.send(invoice.right)
  })
}
