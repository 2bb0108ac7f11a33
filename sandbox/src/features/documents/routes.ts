// Shipment documents (spec: Endpoint 8, DocumentResponse): a pre-signed, expiring link to a PDF
// the sandbox generates. The link is HMAC-signed with the installation's download secret and
// expires by the clock of the order's company; it needs no credentials, like any pre-signed URL.
// Its base is the configured public URL (--public-url), never the request's Host header.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { isLeft, isOrderNumber, isRight, parseDocumentType, problemFor, type RulesConfig } from 'shipper-rules'
import type { DateTime } from 'luxon'
import { wireTime } from '../../clock/clock.js'
import { numberOf } from '../../db/store.js'
import { access, callerOf } from '../../http/access.js'
import { sendProblem, type Context } from '../../http/context.js'
import { renderPdf } from '../../pdf/pdf.js'
import { invoiceOf } from '../../shared/invoice.js'
import { ownedOrder } from '../../shared/orderAccess.js'
import { DOWNLOAD_EXPIRES_PARAM, DOWNLOAD_SIGNATURE_PARAM } from '../../shared/downloadLink.js'
import { dateTimeOf, loadOrder, type OrderRow } from '../../shared/orders.js'
import { DOCUMENT_FILES, EXPIRES_PATTERN, LINK_VALIDITY_SECONDS, type DocType } from './limits.js'

const EXPIRES = new RegExp(EXPIRES_PATTERN)


const sign = (secret: Buffer, orderNumber: string, type: string, expires: number): string =>
  createHmac('sha256', secret).update(`${orderNumber}\n${type}\n${expires}`).digest('base64url')

/**
 * Whether the sandbox holds the document for the order: the bill of lading and the label from
 * creation on, the invoice once `buildInvoice` gives one (DELIVERED), the proof of delivery once
 * the delivery is recorded.
 */
const exists = (row: OrderRow, type: DocType, now: DateTime, config: RulesConfig): boolean =>
  type === 'INVOICE' ? isRight(invoiceOf(row, now, config)) : type === 'POD' ? dateTimeOf(row.actual_delivery_at) !== null : true

const money = (cents: number): string => `USD ${(cents / 100).toFixed(2)}`

const linesOf = (row: OrderRow, type: DocType, now: DateTime, config: RulesConfig): string[] => {
  const r = row.request
  const stop = (label: string, a: typeof r.pickupAddress): string[] => [
    `${label}: ${a.name}, ${a.address1}${a.address2 !== undefined ? `, ${a.address2}` : ''}, ${a.city}, ${a.state} ${a.zipCode} ${a.country}`,
    `   contact ${a.contactPerson} ${a.phoneNumber}; hours ${a.openTime}-${a.closeTime}`,
  ]
  const head = [`Order ${row.order_number} (${row.id})`, `Status ${row.status}`, ...stop('Shipper', r.pickupAddress), ...stop('Consignee', r.deliveryAddress)]
  const freight = r.orderComponents.map((c, i) => `Pallet group ${i + 1}: ${c.palletCount} x ${c.poundsWeight} lb, ${c.dimensions.length}x${c.dimensions.width}x${c.dimensions.height} in, class ${c.freightClass}${c.nmfcCode !== undefined ? `, NMFC ${c.nmfcCode}` : ''}`)
  switch (type) {
    case 'BILL_OF_LADING':
      return [...head, `Description: ${r.description}`, ...(r.refNumber !== undefined ? [`BOL number: ${r.refNumber}`] : []), ...(r.poNumber !== undefined ? [`PO: ${r.poNumber}`] : []), ...freight, ...(r.referenceNumbers ?? []).map((n) => `Reference: ${n}`), ...(r.instructions !== undefined ? [`Instructions: ${r.instructions}`] : [])]
    case 'SHIPPING_LABEL':
      return [`PRO ${row.order_number}`, ...stop('From', r.pickupAddress), ...stop('To', r.deliveryAddress), `Pallets: ${r.orderComponents.reduce((n, c) => n + c.palletCount, 0)}`]
    case 'POD':
      return [...head, `Delivered ${wireTime(dateTimeOf(row.actual_delivery_at) ?? now)}`, `Picked up ${wireTime(dateTimeOf(row.actual_pickup_at) ?? now)}`, ...freight, 'Received in good order (sandbox signature)']
    case 'INVOICE': {
      const invoice = invoiceOf(row, now, config)
      if (isLeft(invoice)) return head
      const i = invoice.right
      return [
        `Invoice date ${i.invoiceDate}; shipped ${i.shipDate}; delivered ${i.deliveryDate}`,
        ...head,
        ...i.lineItems.map((l) => `${l.quantity} ${l.packageType}, ${l.weight} lb, class ${l.freightClass}: ${l.description}`),
        ...i.charges.map((c) => `${c.chargeType} ${c.description}: ${money(c.amountInCents)}`),
        `Total ${money(i.totalChargesInCents)}; ${i.totalPieces} pieces, ${i.totalWeight} lb`,
      ]
    }
  }
}

const TITLES: Record<DocType, string> = { BILL_OF_LADING: 'Bill of Lading', SHIPPING_LABEL: 'Shipping Label', INVOICE: 'Invoice', POD: 'Proof of Delivery' }

type DocParams = { Params: { orderNumber: string; documentType: string } }

export const documentRoutes = (ctx: Context) => async (app: FastifyInstance) => {
  app.get<DocParams>('/v1/shipper/shipment/:orderNumber/document/:documentType', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const type = parseDocumentType(request.params.documentType)
    if (isLeft(type)) return sendProblem(reply, type.left)
    const row = await ownedOrder(ctx, caller, request.params.orderNumber, reply)
    if (row === undefined) return reply
    const now = await ctx.clocks.now(ctx.store, caller.companyId)
    if (!exists(row, type.right, now, ctx.config)) return sendProblem(reply, problemFor('document_not_found', `The ${type.right} of this shipment does not exist yet.`))
    const expires = Math.floor(now.toSeconds()) + LINK_VALIDITY_SECONDS
    const query = `${DOWNLOAD_EXPIRES_PARAM}=${expires}&${DOWNLOAD_SIGNATURE_PARAM}=${sign(ctx.secrets.download, row.order_number, type.right, expires)}`
    return reply.send({
      filename: `${row.order_number}-${type.right}.pdf`,
      fileType: 'application/pdf',
      downloadLink: `${ctx.publicUrl.replace(/\/+$/, '')}/sandbox/downloads/${row.order_number}/${type.right}.pdf?${query}`,
    })
  })

  app.get<DocParams & { Querystring: { expires?: unknown; signature?: unknown } }>('/sandbox/downloads/:orderNumber/:documentType', access('public'), async (request, reply) => {
    const { [DOWNLOAD_EXPIRES_PARAM]: expires, [DOWNLOAD_SIGNATURE_PARAM]: signature } = request.query
    const file = isOrderNumber(request.params.orderNumber) && DOCUMENT_FILES.includes(request.params.documentType) ? request.params.documentType : undefined
    const expiresAt = typeof expires === 'string' && EXPIRES.test(expires) ? Number(expires) : NaN
    const type = file?.slice(0, -'.pdf'.length) as DocType | undefined
    const expected = type === undefined || Number.isNaN(expiresAt) ? null : Buffer.from(sign(ctx.secrets.download, request.params.orderNumber, type, expiresAt))
    const given = Buffer.from(typeof signature === 'string' ? signature : '')
    if (expected === null || type === undefined || expected.length !== given.length || !timingSafeEqual(expected, given)) return sendProblem(reply, problemFor('forbidden', 'The download link is not valid.'))
    // the link expires by the clock of the order's company
    const row = await loadOrder(ctx.store, request.params.orderNumber)
    if (row === undefined) return sendProblem(reply, problemFor('document_not_found'))
    const now = await ctx.clocks.now(ctx.store, row.company_id)
    if (now.toSeconds() >= expiresAt) return sendProblem(reply, problemFor('forbidden', 'The download link has expired.'))
    if (!exists(row, type, now, ctx.config)) return sendProblem(reply, problemFor('document_not_found'))
    const bytes = await renderPdf(`${TITLES[type]} ${row.order_number}`, linesOf(row, type, now, ctx.config), new Date(numberOf(dateTimeOf(row.updated_at)?.toMillis() ?? 0)))
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${row.order_number}-${type}.pdf"`)
      .send(Buffer.from(bytes))
  })
}
