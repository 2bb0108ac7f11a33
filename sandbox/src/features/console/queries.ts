// The console's queries: the request log of one company (every read is scoped by the caller's
// company id), its errors, its orders with their transitions and notifications, the links and
// quotes a clock move would lapse, and the companies for the operator.
import { isoOf, numberOf, type Queryable } from '../../db/store.js'
import type { OutboxRow } from '../../shared/appointments.js'
import type { OrderRow } from '../../shared/orders.js'
import type { StoredViolation } from './capture.js'

/** The filters of the log's list and stream (absent: any). */
export interface LogFilters {
  readonly method?: string | undefined
  /** The status class's first digit: 2 for 2xx. */
  readonly statusClass?: number | undefined
  /** A part of the path. */
  readonly path?: string | undefined
  readonly reason?: string | undefined
}

export interface LogRow {
  readonly seq: unknown
  readonly request_id: string
  readonly at: unknown
  readonly company_at: unknown
  readonly method: string
  readonly path: string
  readonly route: string
  readonly query: string
  readonly status: number
  readonly reason: string | null
  readonly duration_ms: unknown
  readonly violation_count: unknown
}

export interface LogDetailRow extends LogRow {
  readonly request_headers: string
  readonly request_body: string | null
  readonly request_body_truncated: boolean
  readonly request_content_type: string | null
  readonly response_headers: string
  readonly response_body: string | null
  readonly response_body_truncated: boolean
  readonly response_content_type: string | null
  readonly violations: string
}

const SUMMARY_COLUMNS = 'seq, request_id, at, company_at, method, path, route, query, status, reason, duration_ms, violation_count'

/** One text for every combination of filters: an absent filter is a null parameter. */
const FILTERED = `company_id = $1 AND ($2::text IS NULL OR method = $2) AND ($3::integer IS NULL OR status / 100 = $3) AND ($4::text IS NULL OR strpos(path, $4) > 0) AND ($5::text IS NULL OR reason = $5)`
const filterParams = (f: LogFilters): ReadonlyArray<unknown> => [f.method ?? null, f.statusClass ?? null, f.path ?? null, f.reason ?? null]

/** A page of a company's log, newest first: entries before `before` (a seq), at most `limit`, and one more to tell whether there is a next page. */
export const listRequests = (db: Queryable, companyId: string, filters: LogFilters, before: number | undefined, limit: number): Promise<LogRow[]> =>
  db.query<LogRow>(`SELECT ${SUMMARY_COLUMNS} FROM request_log WHERE ${FILTERED} AND ($6::bigint IS NULL OR seq < $6) ORDER BY seq DESC LIMIT $7`, [companyId, ...filterParams(filters), before ?? null, limit + 1])

/** A company's entries after `after` (a seq), oldest first: what a stream sends next. */
export const requestsAfter = (db: Queryable, companyId: string, filters: LogFilters, after: number, limit: number): Promise<LogRow[]> =>
  db.query<LogRow>(`SELECT ${SUMMARY_COLUMNS} FROM request_log WHERE ${FILTERED} AND seq > $6 ORDER BY seq LIMIT $7`, [companyId, ...filterParams(filters), after, limit])

/** The newest seq of a company's log (0 when empty): where a stream starts. */
export const newestSeq = async (db: Queryable, companyId: string): Promise<number> =>
  numberOf((await db.query<{ seq: unknown }>('SELECT coalesce(max(seq), 0) AS seq FROM request_log WHERE company_id = $1', [companyId]))[0]?.seq ?? 0)

/** One entry of a company's log, or undefined (another company's entry is undefined too). */
export const findRequest = async (db: Queryable, companyId: string, seq: number): Promise<LogDetailRow | undefined> =>
  (await db.query<LogDetailRow>('SELECT * FROM request_log WHERE company_id = $1 AND seq = $2', [companyId, seq]))[0]

/** A company's failed requests (status 400 and above) in its retained log, with their violations. */
export const failedRequests = (db: Queryable, companyId: string): Promise<ReadonlyArray<{ readonly method: string; readonly route: string; readonly path: string; readonly status: number; readonly reason: string | null; readonly at: unknown; readonly violations: string }>> =>
  db.query('SELECT method, route, path, status, reason, at, violations FROM request_log WHERE company_id = $1 AND status >= 400 ORDER BY seq DESC', [companyId])

/** A company's answers that handed out a download link (their bodies, signatures redacted), newest first. */
export const linkAnswers = (db: Queryable, companyId: string, route: string): Promise<ReadonlyArray<{ readonly response_body: string | null; readonly path: string }>> =>
  db.query('SELECT response_body, path FROM request_log WHERE company_id = $1 AND route = $2 AND status = 200 ORDER BY seq DESC', [companyId, route])

export interface OrderListRow {
  readonly order_number: string
  readonly status: string
  readonly ref_number: string | null
  readonly description: string | null
  readonly customer_reference: string | null
  readonly created_at: unknown
  readonly updated_at: unknown
}

/** The most orders a list answers. */
export const ORDER_LIST_MAX = 200

/** A company's orders, newest first; with `q`, those whose number, references or quote's customer reference contain it (case-insensitive). */
export const listOrders = (db: Queryable, companyId: string, q: string | undefined): Promise<OrderListRow[]> =>
  db.query<OrderListRow>(
    `SELECT o.order_number, o.status, o.request->>'refNumber' AS ref_number, o.request->>'description' AS description, q.customer_reference, o.created_at, o.updated_at
     FROM orders o LEFT JOIN quotes q ON q.id = o.quote_id
     WHERE o.company_id = $1 AND ($2::text IS NULL OR strpos(lower(concat_ws(' ', o.order_number, o.request->>'refNumber', o.request->>'poNumber', o.request->>'referenceNumbers', q.customer_reference)), lower($2)) > 0)
     ORDER BY o.created_at DESC, o.order_number LIMIT ${ORDER_LIST_MAX}`,
    [companyId, q ?? null],
  )

/** One order of a company with its quote's customer reference, or undefined. */
export const findOrder = async (db: Queryable, companyId: string, orderNumber: string): Promise<(OrderRow & { readonly customer_reference: string | null }) | undefined> =>
  (await db.query<OrderRow & { customer_reference: string | null }>('SELECT o.*, q.customer_reference FROM orders o LEFT JOIN quotes q ON q.id = o.quote_id WHERE o.company_id = $1 AND o.order_number = $2', [companyId, orderNumber]))[0]

/** An order's changes of state, oldest first. */
export const transitionsOf = (db: Queryable, orderId: string): Promise<ReadonlyArray<{ readonly from_status: string; readonly to_status: string; readonly at: unknown; readonly company_at: unknown }>> =>
  db.query('SELECT from_status, to_status, at, company_at FROM order_transitions WHERE order_id = $1 ORDER BY seq', [orderId])

/** An order's notifications, oldest first. */
export const outboxOf = (db: Queryable, companyId: string, orderId: string): Promise<OutboxRow[]> =>
  db.query<OutboxRow>('SELECT * FROM outbox WHERE company_id = $1 AND order_id = $2 ORDER BY seq', [companyId, orderId])

/** A company's most recently changed orders (the map keeps those under way). */
export const recentOrders = (db: Queryable, companyId: string, limit: number): Promise<OrderRow[]> =>
  db.query<OrderRow>('SELECT * FROM orders WHERE company_id = $1 ORDER BY updated_at DESC, order_number LIMIT $2', [companyId, limit])

/** A company's open quotes with their creation time. */
export const openQuotes = (db: Queryable, companyId: string): Promise<ReadonlyArray<{ readonly id: string; readonly created_at: unknown }>> =>
  db.query('SELECT id, created_at FROM quotes WHERE company_id = $1 AND open ORDER BY created_at, id', [companyId])

/** Every company with its keys' hashes and creation times (never a key), oldest first. */
export const companiesWithKeys = async (db: Queryable) => {
  const companies = await db.query<{ id: string; name: string; created_at: unknown }>('SELECT id, name, created_at FROM companies ORDER BY created_at, id')
  const keys = await db.query<{ company_id: string; key_hash: string; created_at: unknown; revoked: boolean }>('SELECT company_id, key_hash, created_at, revoked FROM api_keys ORDER BY created_at, key_hash')
  return companies.map((c) => ({
    companyId: c.id,
    name: c.name,
    createdAt: isoOf(c.created_at),
    // a key's id: the first 12 hexadecimal digits of its SHA-256 (the key itself is never stored)
    keys: keys.filter((k) => k.company_id === c.id).map((k) => ({ keyId: `key_${k.key_hash.slice(0, 12)}`, createdAt: isoOf(k.created_at), revoked: k.revoked })),
  }))
}

/** A stored violations column read back. */
export const violationsOf = (text: string): ReadonlyArray<StoredViolation> => {
  try {
    const v = JSON.parse(text) as unknown
    return Array.isArray(v) ? (v as StoredViolation[]) : []
  } catch {
    return []
  }
}
