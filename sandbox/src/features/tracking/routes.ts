// Tracking and the invoice (spec: Endpoints 6-7, Tracking, InvoiceResponse).
import type { FastifyInstance } from 'fastify'
import { isLeft, parseTrackingInclude } from 'shipper-rules'
import { access, callerOf } from '../../http/access.js'
import { sendProblem, type Context } from '../../http/context.js'
import { invoiceOf } from '../../shared/invoice.js'
import { ownedOrder } from '../../shared/orderAccess.js'
import { TRACKING_COLUMNS } from '../../shared/orders.js'
import { trackingOf } from '../../shared/tracking.js'

type OrderParams = { Params: { orderNumber: string }; Querystring: { include?: unknown } }

export const trackingRoutes = (ctx: Context) => async (app: FastifyInstance) => {
  app.get<OrderParams>('/v1/shipper/shipment/:orderNumber/tracking', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const row = await ownedOrder(ctx, caller, request.params.orderNumber, reply, TRACKING_COLUMNS)
    if (row === undefined) return reply
    const include = parseTrackingInclude(request.query.include)
    if (isLeft(include)) return sendProblem(reply, include.left)
    const tracking = trackingOf(row, await ctx.clocks.now(ctx.store, caller.companyId), include.right.location, ctx.config)
    return isLeft(tracking) ? sendProblem(reply, tracking.left) : reply.send(tracking.right)
  })

  app.get<OrderParams>('/v1/shipper/shipment/:orderNumber/invoice', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const row = await ownedOrder(ctx, caller, request.params.orderNumber, reply)
    if (row === undefined) return reply
    const invoice = invoiceOf(row, await ctx.clocks.now(ctx.store, caller.companyId), ctx.config)
    return isLeft(invoice) ? sendProblem(reply, invoice.left) : reply.send(invoice.right)
  })
}
