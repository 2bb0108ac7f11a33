// The console (issue 34): its JSON API under /sandbox/console (a company's request log, live by
// server-sent events, its errors, orders, map and clock preview; the companies for the operator),
// and its pages: GET /console and GET /console/assets/* serve the built console from
// sandbox/dist/console with a strict Content-Security-Policy. Every company route reads only the
// caller's company's rows.
import { readFile } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { DateTime } from 'luxon'
import { isLeft, isUnderWay, ORDER_EVENTS, parseOrderNumber, problemFor, quoteExpiresAt, rulesForReason, TRANSITIONS, violationAt, type OrderStatusName, type RulesConfig, type Violation } from 'shipper-rules'
import { zipCentroid } from 'shipper-rules/geo'
import { CLOCK_LIMITS, UNIT_MS, wireTime } from '../../clock/clock.js'
import { numberOf } from '../../db/store.js'
import { access, callerOf } from '../../http/access.js'
import { REQUEST_ID_HEADER, sendProblem, type Context } from '../../http/context.js'
import { outboxMessageOf } from '../../shared/appointments.js'
import { DOWNLOAD_EXPIRES_PARAM } from '../../shared/downloadLink.js'
import { wireIso, type OrderRow } from '../../shared/orders.js'
import { trackingOf } from '../../shared/tracking.js'
import { CONSOLE_PREFIX } from './capture.js'
import {
  companiesWithKeys,
  failedRequests,
  findOrder,
  findRequest,
  linkAnswers,
  listOrders,
  listRequests,
  newestSeq,
  openQuotes,
  outboxOf,
  recentOrders,
  requestsAfter,
  transitionsOf,
  violationsOf,
  type LogDetailRow,
  type LogFilters,
  type LogRow,
  type OrderListRow,
} from './queries.js'

/** The Content-Security-Policy of the console's pages: nothing but its own scripts, styles and calls; never framed. */
export const CONSOLE_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
/** The headers of every answer of /console and /console/assets. */
export const CONSOLE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONSOLE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}
/** Where the sandbox's build writes the console (sandbox/dist/console), from src/ and from dist/ alike. */
export const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL('../../../dist/console/', import.meta.url))

/** The page size of the log's list: default and most. */
export const LOG_PAGE = { default: 50, max: 200 } as const
/** How often a stream looks for new entries, and how often it sends a heartbeat comment, ms. */
export const STREAM_POLL_MS = 300
export const STREAM_HEARTBEAT_MS = 15_000
/** The orders the map looks at (the most recently changed). */
const MAP_ORDERS = 500

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const
const STATUS_CLASS = /^([1-5])xx$/
const REASON = /^[a-z][a-z0-9_]{0,63}$/
const SEQ = /^[1-9]\d{0,14}$/
const WHOLE = /^\d{1,7}$/
const MAX_PATH_FILTER = 512
const MAX_QUERY = 200

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
}
const ASSET = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}){0,4}$/

type Query = Record<string, unknown>

const one = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

/** The filters of a list or stream query, or the violations of the ones that are malformed. */
export const filtersOf = (q: Query): { readonly filters: LogFilters } | { readonly violations: Violation[] } => {
  const bad: Violation[] = []
  const text = (name: string): string | undefined => {
    const v = q[name]
    if (v === undefined || v === '') return undefined
    if (typeof v !== 'string') {
      bad.push(violationAt([name], null, 'type', 'must be given once'))
      return undefined
    }
    return v
  }
  const method = text('method')?.toUpperCase()
  if (method !== undefined && !(METHODS as ReadonlyArray<string>).includes(method)) bad.push(violationAt(['method'], null, 'pattern', `must be one of ${METHODS.join(', ')}`))
  const status = text('status')
  const statusClass = status === undefined ? undefined : STATUS_CLASS.exec(status)?.[1]
  if (status !== undefined && statusClass === undefined) bad.push(violationAt(['status'], null, 'pattern', 'must be a status class: 1xx, 2xx, 3xx, 4xx or 5xx'))
  const path = text('path')
  if (path !== undefined && path.length > MAX_PATH_FILTER) bad.push(violationAt(['path'], null, 'max_length', `must be at most ${MAX_PATH_FILTER} characters`))
  const reason = text('reason')
  if (reason !== undefined && !REASON.test(reason)) bad.push(violationAt(['reason'], null, 'pattern', 'must be a reason code (lower case letters, digits and _)'))
  if (bad.length > 0) return { violations: bad }
  return { filters: { method, statusClass: statusClass === undefined ? undefined : Number(statusClass), path, reason } }
}

/** A stored instant as the API writes it. */
const iso = (v: unknown): string => wireIso(v)

/** An entry of the log as a RequestSummary. */
export const summaryOf = (r: LogRow) => ({
  id: String(numberOf(r.seq)),
  requestId: r.request_id,
  at: iso(r.at),
  companyAt: iso(r.company_at),
  method: r.method,
  path: r.path,
  route: r.route,
  status: r.status,
  reason: r.reason,
  durationMs: numberOf(r.duration_ms),
  violationCount: numberOf(r.violation_count),
})

const parsedHeaders = (text: string): Record<string, string> => {
  try {
    return JSON.parse(text) as Record<string, string>
  } catch {
    return {}
  }
}

/** An entry of the log as a RequestDetail (already redacted when it was stored). */
const detailOf = (r: LogDetailRow) => ({
  ...summaryOf(r),
  query: r.query,
  request: { headers: parsedHeaders(r.request_headers), body: r.request_body, bodyTruncated: r.request_body_truncated, contentType: r.request_content_type },
  response: { headers: parsedHeaders(r.response_headers), body: r.response_body, bodyTruncated: r.response_body_truncated, contentType: r.response_content_type },
  reasonRules: r.reason === null ? [] : rulesForReason(r.reason),
  violations: violationsOf(r.violations),
})

const orderSummaryOf = (r: OrderListRow) => ({
  orderNumber: r.order_number,
  status: r.status,
  refNumber: r.ref_number,
  description: r.description,
  customerReference: r.customer_reference,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
})

/** The event that moves an order from one state to another (the library's transition table), or null. */
const eventBetween = (from: string, to: string): string | null => {
  const moves = (TRANSITIONS as Readonly<Record<string, Readonly<Record<string, string | undefined>>>>)[from]
  return moves === undefined ? null : (ORDER_EVENTS.find((e) => moves[e] === to) ?? null)
}

const stopOf = (a: { readonly zipCode: string; readonly city?: string; readonly state?: string; readonly name?: string }) => {
  const place = zipCentroid(a.zipCode)
  return place === null ? null : { lat: place.latitude, lon: place.longitude, label: `${a.city ?? place.city}, ${a.state ?? place.state} ${a.zipCode}` }
}

/** An order's pickup, delivery and current position (the library's tracking estimate), when its stops are known places. */
const mapItemOf = (row: OrderRow, now: DateTime, config: RulesConfig) => {
  const pickup = stopOf(row.request.pickupAddress)
  const delivery = stopOf(row.request.deliveryAddress)
  if (pickup === null || delivery === null) return undefined
  const tracking = trackingOf(row, now, true, config)
  const center = isLeft(tracking) ? undefined : (tracking.right as { location?: { center?: { latitude: number; longitude: number } } }).location?.center
  const position = center !== undefined ? { lat: center.latitude, lon: center.longitude } : row.status === 'DELIVERED' ? { lat: delivery.lat, lon: delivery.lon } : null
  return { orderNumber: row.order_number, status: row.status, pickup, delivery, position }
}

/** The route of the document answer whose download links the clock preview reads. */
const DOCUMENT_ROUTE = '/v1/shipper/shipment/:orderNumber/document/:documentType'

export interface ConsoleOptions {
  /** Where the built console is (default sandbox/dist/console). */
  readonly consoleDir?: string
  /** How often a stream polls the database, ms. */
  readonly streamPollMs?: number
}

export const consoleRoutes = (ctx: Context, options: ConsoleOptions = {}) => async (app: FastifyInstance) => {
  const dir = resolve(options.consoleDir ?? DEFAULT_CONSOLE_DIR)
  const pollMs = options.streamPollMs ?? STREAM_POLL_MS
  const streams = new Set<() => void>()

  // ---- the request log ----

  app.get<{ Querystring: Query }>(`${CONSOLE_PREFIX}/requests`, access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const parsed = filtersOf(request.query)
    const bad = 'violations' in parsed ? [...parsed.violations] : []
    const before = one(request.query['before'])
    if (before !== undefined && !SEQ.test(before)) bad.push(violationAt(['before'], null, 'pattern', 'must be the id of an entry'))
    const limitText = one(request.query['limit'])
    const limit = limitText === undefined ? LOG_PAGE.default : WHOLE.test(limitText) ? Number(limitText) : NaN
    if (!(limit >= 1 && limit <= LOG_PAGE.max)) bad.push(violationAt(['limit'], null, 'out_of_range', `must be a whole number from 1 to ${LOG_PAGE.max}`))
    if (bad.length > 0 || 'violations' in parsed) return sendProblem(reply, problemFor('validation_failed', undefined, bad))
    const rows = await listRequests(ctx.store, caller.companyId, parsed.filters, before === undefined ? undefined : Number(before), limit)
    const page = rows.slice(0, limit)
    return reply.send({ items: page.map(summaryOf), next: rows.length > limit ? String(numberOf(page[page.length - 1]!.seq)) : null })
  })

  app.get<{ Querystring: Query }>(`${CONSOLE_PREFIX}/requests/stream`, access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const parsed = filtersOf(request.query)
    if ('violations' in parsed) return sendProblem(reply, problemFor('validation_failed', undefined, parsed.violations))
    let last = await newestSeq(ctx.store, caller.companyId)
    reply.hijack()
    const raw = reply.raw
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      [REQUEST_ID_HEADER]: String(request.id),
    })
    raw.write(': the request log of your company, one event per new entry\n\n')
    let open = true
    let polling = false
    const poll = async (): Promise<void> => {
      if (!open || polling) return
      polling = true
      try {
        const rows = await requestsAfter(ctx.store, caller.companyId, parsed.filters, last, 100)
        for (const r of rows) {
          last = Math.max(last, numberOf(r.seq))
          if (open) raw.write(`event: request\nid: ${numberOf(r.seq)}\ndata: ${JSON.stringify(summaryOf(r))}\n\n`)
        }
      } catch {
        // the database is away for a moment: the next poll tries again
      } finally {
        polling = false
      }
    }
    const timer = setInterval(() => void poll(), pollMs)
    const heartbeat = setInterval(() => {
      if (open) raw.write(': heartbeat\n\n')
    }, STREAM_HEARTBEAT_MS)
    const end = (): void => {
      if (!open) return
      open = false
      clearInterval(timer)
      clearInterval(heartbeat)
      streams.delete(end)
      if (!raw.writableEnded) raw.end()
    }
    streams.add(end)
    request.raw.once('close', end)
    raw.once('close', end)
    return reply
  })

  app.get<{ Params: { entryId: string } }>(`${CONSOLE_PREFIX}/requests/:entryId`, access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const id = request.params.entryId
    if (!SEQ.test(id)) return sendProblem(reply, problemFor('validation_failed', undefined, [violationAt(['entryId'], null, 'pattern', 'must be the id of an entry of the request log (digits)')]))
    const row = await findRequest(ctx.store, caller.companyId, Number(id))
    if (row === undefined) return sendProblem(reply, problemFor('not_found', `No entry ${id} in your company's request log (it may have been dropped: the log keeps the newest entries only).`))
    return reply.send(detailOf(row))
  })

  app.get(`${CONSOLE_PREFIX}/errors`, access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const rows = await failedRequests(ctx.store, caller.companyId)
    const groups = new Map<string, { method: string; route: string; status: number; reason: string | null; code: string | null; count: number; lastAt: string; rules: Set<string> }>()
    for (const r of rows) {
      const violations = violationsOf(r.violations)
      const codes = violations.length === 0 ? [null] : [...new Set(violations.map((v) => v.code))]
      for (const code of codes) {
        const route = r.route === '' ? r.path : r.route
        const key = JSON.stringify([r.method, route, r.status, r.reason, code])
        let g = groups.get(key)
        if (g === undefined) groups.set(key, (g = { method: r.method, route, status: r.status, reason: r.reason, code, count: 0, lastAt: iso(r.at), rules: new Set(r.reason === null ? [] : rulesForReason(r.reason)) }))
        g.count++
        for (const v of violations) if (v.code === code) for (const rule of v.rules) g.rules.add(rule)
      }
    }
    const list = [...groups.values()].sort((a, b) => b.count - a.count || (a.lastAt < b.lastAt ? 1 : a.lastAt > b.lastAt ? -1 : 0))
    return reply.send({ groups: list.map((g) => ({ ...g, rules: [...g.rules].sort() })) })
  })

  // ---- orders ----

  app.get<{ Querystring: Query }>(`${CONSOLE_PREFIX}/orders`, access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const q = request.query['q']
    if (q !== undefined && (typeof q !== 'string' || q.length > MAX_QUERY)) return sendProblem(reply, problemFor('validation_failed', undefined, [violationAt(['q'], null, 'max_length', `must be given once, at most ${MAX_QUERY} characters`)]))
    const rows = await listOrders(ctx.store, caller.companyId, q === '' ? undefined : q)
    return reply.send({ items: rows.map(orderSummaryOf) })
  })

  app.get<{ Params: { orderNumber: string } }>(`${CONSOLE_PREFIX}/orders/:orderNumber`, access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const number = parseOrderNumber(request.params.orderNumber)
    if (isLeft(number)) return sendProblem(reply, number.left)
    const row = await findOrder(ctx.store, caller.companyId, number.right)
    // another company's order is as absent as one that does not exist
    if (row === undefined) return sendProblem(reply, problemFor('shipment_not_found'))
    const transitions = await transitionsOf(ctx.store, row.id)
    const notifications = await outboxOf(ctx.store, caller.companyId, row.id)
    return reply.send({
      order: orderSummaryOf({ order_number: row.order_number, status: row.status, ref_number: row.request.refNumber ?? null, description: row.request.description ?? null, customer_reference: row.customer_reference, created_at: row.created_at, updated_at: row.updated_at }),
      timeline: [
        // the creation: its company time is the order's; its real time was not recorded
        { from: null, to: 'INITIALIZED', event: null, at: null, companyAt: iso(row.created_at) },
        ...transitions.map((t) => ({ from: t.from_status, to: t.to_status, event: eventBetween(t.from_status, t.to_status), at: iso(t.at), companyAt: iso(t.company_at) })),
      ],
      notifications: notifications.map(outboxMessageOf),
    })
  })

  app.get(`${CONSOLE_PREFIX}/map`, access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const now = await ctx.clocks.now(ctx.store, caller.companyId)
    const rows = (await recentOrders(ctx.store, caller.companyId, MAP_ORDERS)).filter((r) => isUnderWay(r.status as OrderStatusName))
    return reply.send({ items: rows.map((r) => mapItemOf(r, now, ctx.config)).filter((i) => i !== undefined) })
  })

  // ---- the clock ----

  app.get<{ Querystring: Query }>(`${CONSOLE_PREFIX}/clock/preview`, access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const units = ['days', 'hours', 'minutes'] as const
    const bad: Violation[] = []
    let ms = 0
    for (const unit of units) {
      const v = request.query[unit]
      if (v === undefined || v === '') continue
      const n = typeof v === 'string' && WHOLE.test(v) ? Number(v) : NaN
      if (!(n >= 0 && n <= CLOCK_LIMITS[unit])) bad.push(violationAt([unit], null, 'out_of_range', `must be a whole number from 0 to ${CLOCK_LIMITS[unit]}`))
      else ms += n * UNIT_MS[unit]
    }
    if (bad.length > 0) return sendProblem(reply, problemFor('validation_failed', undefined, bad))
    const now = await ctx.clocks.now(ctx.store, caller.companyId)
    const then = now.plus({ milliseconds: ms })
    const quotes = await openQuotes(ctx.store, caller.companyId)
    const quotesExpiring = quotes.filter((q) => {
      const created = DateTime.fromISO(iso(q.created_at), { zone: 'utc' })
      const expires = quoteExpiresAt(created, { config: ctx.config })
      return expires.isValid && expires > now && expires <= then
    }).map((q) => q.id)
    // the links the log saw handed out (their expiry is in the stored answer; the signature is not)
    const lapsing = new Map<string, { orderNumber: string; documentType: string; expiresAt: string }>()
    for (const a of await linkAnswers(ctx.store, caller.companyId, DOCUMENT_ROUTE)) {
      const link = (() => {
        try {
          return new URL(String((JSON.parse(a.response_body ?? 'null') as { downloadLink?: unknown } | null)?.downloadLink ?? ''))
        } catch {
          return undefined
        }
      })()
      const expires = Number(link?.searchParams.get(DOWNLOAD_EXPIRES_PARAM) ?? NaN)
      if (link === undefined || !Number.isSafeInteger(expires)) continue
      const at = DateTime.fromSeconds(expires, { zone: 'utc' })
      const [orderNumber = '', file = ''] = link.pathname.split('/').slice(-2)
      if (at > now && at <= then) lapsing.set(link.pathname + expires, { orderNumber, documentType: file.replace(/\.pdf$/, ''), expiresAt: wireTime(at) })
    }
    return reply.send({ now: wireTime(now), then: wireTime(then), quotesExpiring, linksLapsing: [...lapsing.values()] })
  })

  // ---- the operator ----

  app.get(`${CONSOLE_PREFIX}/companies`, access('operator'), async (_request, reply) => reply.send({ items: await companiesWithKeys(ctx.store) }))

  // ---- the pages ----

  const pageHeaders = (reply: FastifyReply): FastifyReply => {
    for (const [name, value] of Object.entries(CONSOLE_HEADERS)) reply.header(name, value)
    return reply
  }
  const notBuilt = (reply: FastifyReply): FastifyReply =>
    sendProblem(pageHeaders(reply), problemFor('not_found', 'The console is not built in this installation (sandbox/dist/console/index.html is missing): run npm run build -w sandbox.'))

  const serveFile = async (request: FastifyRequest, reply: FastifyReply, file: string, cache: string): Promise<FastifyReply> => {
    let bytes: Buffer
    try {
      bytes = await readFile(file)
    } catch (e) {
      const code = (e as { code?: unknown }).code
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return file.endsWith(`${sep}index.html`) ? notBuilt(reply) : sendProblem(pageHeaders(reply), problemFor('not_found', `No console asset ${request.url.split('?')[0]}.`))
      throw e
    }
    const type = file.endsWith('.html') ? 'text/html; charset=utf-8' : (CONTENT_TYPES[extname(file)] ?? 'application/octet-stream')
    return pageHeaders(reply).header('cache-control', cache).type(type).send(bytes)
  }

  app.get('/console', access('public'), async (request, reply) => serveFile(request, reply, join(dir, 'index.html'), 'no-cache'))

  app.get<{ Params: { '*': string } }>('/console/assets/*', access('public'), async (request, reply) => {
    const name = request.params['*']
    const file = resolve(dir, 'assets', name)
    if (!ASSET.test(name) || name.split('/').some((s) => s === '.' || s === '..') || !file.startsWith(join(dir, 'assets') + sep)) {
      return sendProblem(pageHeaders(reply), problemFor('not_found', 'No such console asset.'))
    }
    return serveFile(request, reply, file, 'no-cache')
  })

  // open streams end when the server closes (else it would wait for them)
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end()
  })
}
