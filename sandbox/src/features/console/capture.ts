// The request log (the console's, issue 34): every request a company makes with its credentials,
// kept in the database so every sandbox process on one PostgreSQL shows the same log. The write is
// off the request's path: the onResponse hook pushes a reference to what the request already holds
// into an in-memory queue (a full queue drops the entry and counts it, never waits), and a batch
// flush, a moment later, redacts, caps, reads the violations and inserts the batch, then trims each
// company's log to its bound (the oldest go).
//
// Redaction: the credential headers (Authorization, the API key, cookies) are "[redacted]"; the
// request's own token and key are replaced wherever else they appear (query, bodies, headers); a
// download link's signature is replaced in the query and in both bodies. Redaction runs before a
// body is capped, so no part of a secret survives in a cut body.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { HEADER_KEY, readProblemDetail, rulesForViolation } from 'shipper-rules'
import type { Clocks } from '../../clock/clock.js'
import { numberOf, type Store } from '../../db/store.js'
import { bearerOf } from '../../auth/credentials.js'
import { DOWNLOAD_SIGNATURE_PARAM } from '../../shared/downloadLink.js'

/** The entries kept per company unless configured otherwise (--request-log-limit). */
export const DEFAULT_REQUEST_LOG_LIMIT = 1_000
/** The largest body kept of a request or an answer, bytes (UTF-8); longer ones are cut and flagged. */
export const BODY_CAP_BYTES = 64 * 1024
/** The entries the queue holds before it drops new ones. */
export const DEFAULT_QUEUE_MAX = 10_000
/** What replaces a credential or a signature. */
export const REDACTED = '[redacted]'
/** The console's own endpoints are not logged (its page reads the log all the time). */
export const CONSOLE_PREFIX = '/sandbox/console'

/** Header names whose value is a credential. */
const SECRET_HEADERS: ReadonlySet<string> = new Set([HEADER_KEY.authorization, HEADER_KEY.apiKey, 'cookie', 'set-cookie', 'proxy-authorization'])
/** How long an entry waits in the queue for others to share its INSERT, ms (the stream polls every 300 ms). */
export const FLUSH_DELAY_MS = 100
/** Rows per INSERT statement (a row holds at most two 64 KiB bodies). */
const ROWS_PER_INSERT = 200
/** The columns a row writes, with their types. */
const COLUMNS = [
  ['company_id', 'text'], ['request_id', 'text'], ['at', 'timestamptz'], ['company_at', 'timestamptz'], ['method', 'text'], ['path', 'text'], ['route', 'text'], ['query', 'text'],
  ['status', 'integer'], ['reason', 'text'], ['duration_ms', 'float8'], ['violation_count', 'integer'], ['request_headers', 'text'], ['request_body', 'text'], ['request_body_truncated', 'boolean'],
  ['request_content_type', 'text'], ['response_headers', 'text'], ['response_body', 'text'], ['response_body_truncated', 'boolean'], ['response_content_type', 'text'], ['violations', 'text'],
] as const
type Column = (typeof COLUMNS)[number][0]

declare module 'fastify' {
  interface FastifyRequest {
    /** The answer's body as sent (onSend), for the request log. */
    consoleAnswer?: unknown
  }
}

/** What the hook takes from a finished request: references only, nothing computed. */
interface Captured {
  readonly companyId: string
  readonly requestId: string
  readonly at: number
  readonly method: string
  readonly url: string
  readonly route: string
  readonly status: number
  readonly durationMs: number
  readonly requestHeaders: Readonly<Record<string, unknown>>
  readonly requestBody: string | undefined
  readonly responseHeaders: Readonly<Record<string, unknown>>
  readonly responseBody: unknown
}

export interface StoredViolation {
  readonly field: string
  readonly code: string
  readonly message: string
  readonly rules: ReadonlyArray<string>
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A download link's signature in a URL or in text: `?signature=`, `&signature=`, or percent-encoded inside another URL. */
const SIGNATURE = new RegExp(`((?:[?&]|%3[Ff]|%26)${escapeRegExp(DOWNLOAD_SIGNATURE_PARAM)}(?:=|%3[Dd]))[^&#"'\\s\\\\%<>]*`, 'g')

/**
 * Text with every download signature and every one of `secrets` (the request's own token and key)
 * replaced by "[redacted]".
 * @example
 * redactText('{"downloadLink":"http://h/x.pdf?expires=1&signature=abc"} tok', ['tok']) //=> '{"downloadLink":"http://h/x.pdf?expires=1&signature=[redacted]"} [redacted]'
 */
export const redactText = (text: string, secrets: ReadonlyArray<string>): string => {
  // the scans only where they can match (the signature pattern spells the parameter's name as is)
  let out = text.includes(DOWNLOAD_SIGNATURE_PARAM) ? text.replace(SIGNATURE, `$1${REDACTED}`) : text
  for (const s of secrets) if (s.length >= 8 && out.includes(s)) out = out.split(s).join(REDACTED)
  return out
}

/** Headers as stored: lower-case names, values as text, credentials "[redacted]". */
export const redactHeaders = (headers: Readonly<Record<string, unknown>>, secrets: ReadonlyArray<string>): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    const key = name.toLowerCase()
    const text = Array.isArray(value) ? value.map(String).join(', ') : String(value)
    out[key] = SECRET_HEADERS.has(key) ? REDACTED : redactText(text, secrets)
  }
  return out
}

/** A text cut to `cap` bytes of UTF-8 (never inside a character), and whether it was cut. */
export const capText = (text: string, cap = BODY_CAP_BYTES): { readonly text: string; readonly truncated: boolean } => {
  if (text.length * 3 <= cap || Buffer.byteLength(text, 'utf8') <= cap) return { text, truncated: false }
  let cut = Buffer.from(text, 'utf8').subarray(0, cap).toString('utf8')
  if (cut.endsWith('\uFFFD')) cut = cut.slice(0, -1)
  return { text: cut, truncated: true }
}

/** A lone surrogate (half of a UTF-16 pair), which no UTF-8 text can hold. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * A text the database can store: a NUL character (which PostgreSQL's text refuses: a body may hold
 * one, and it failed the whole batch's INSERT) and a lone surrogate each become U+FFFD.
 * @example
 * storableText('a\u0000b') //=> 'a\uFFFDb'
 */
export const storableText = (text: string): string => {
  let out = text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text
  if (/[\uD800-\uDFFF]/.test(out)) out = out.replace(LONE_SURROGATE, '\uFFFD')
  return out
}

/** Whether a content type is text a person reads (JSON, problem+json, text/*). */
const isTextual = (contentType: string | undefined): boolean => contentType !== undefined && /json|^text\//i.test(contentType)

const headerText = (v: unknown): string | undefined => (typeof v === 'string' ? v : Array.isArray(v) ? v.join(', ') : v === undefined ? undefined : String(v))

/** The violations of a ProblemDetail answer, each with the rules it breaks (the library's rulesForViolation), and its reason. */
export const problemOf = (body: string | undefined, contentType: string | undefined): { readonly reason: string | null; readonly violations: ReadonlyArray<StoredViolation> } => {
  if (body === undefined || contentType === undefined || !/problem\+json/i.test(contentType)) return { reason: null, violations: [] }
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return { reason: null, violations: [] }
  }
  const read = readProblemDetail(json)
  if (read._tag === 'Left') return { reason: null, violations: [] }
  return {
    reason: read.right.reason,
    violations: (read.right.violations ?? []).map((v) => ({ field: v.field, code: v.code, message: v.reason, rules: rulesForViolation(v.code, v.field) })),
  }
}

/** The row of a captured request: redacted, capped, its violations read. */
const rowOf = (c: Captured, offsetMs: number): Readonly<Record<Column, unknown>> => {
  const secrets = [bearerOf(c.requestHeaders[HEADER_KEY.authorization]), headerText(c.requestHeaders[HEADER_KEY.apiKey])].filter((s): s is string => s !== undefined && s !== '')
  const question = c.url.indexOf('?')
  const path = question < 0 ? c.url : c.url.slice(0, question)
  const query = question < 0 ? '' : redactText(c.url.slice(question + 1), secrets)
  const requestType = headerText(c.requestHeaders['content-type'])
  const responseType = headerText(c.responseHeaders['content-type'])
  const requestBody = c.requestBody === undefined ? undefined : capText(redactText(storableText(c.requestBody), secrets))
  const answerText = typeof c.responseBody === 'string' ? c.responseBody : Buffer.isBuffer(c.responseBody) && isTextual(responseType) ? c.responseBody.toString('utf8') : undefined
  const responseBody = answerText === undefined || !isTextual(responseType) ? undefined : capText(redactText(storableText(answerText), secrets))
  const problem = problemOf(answerText, responseType)
  return {
    company_id: c.companyId,
    request_id: c.requestId,
    at: new Date(c.at).toISOString(),
    company_at: new Date(c.at + offsetMs).toISOString(),
    method: c.method,
    path,
    route: c.route,
    query,
    status: c.status,
    reason: problem.reason,
    duration_ms: Math.round(c.durationMs * 1000) / 1000,
    violation_count: problem.violations.length,
    request_headers: JSON.stringify(redactHeaders(c.requestHeaders, secrets)),
    request_body: requestBody?.text ?? null,
    request_body_truncated: requestBody?.truncated ?? false,
    request_content_type: requestType ?? null,
    response_headers: JSON.stringify(redactHeaders(c.responseHeaders, secrets)),
    response_body: responseBody?.text ?? null,
    response_body_truncated: responseBody?.truncated ?? false,
    response_content_type: responseType ?? null,
    violations: JSON.stringify(problem.violations),
  }
}

/**
 * The INSERT of a whole batch in one statement with one parameter: the rows as one JSON array of
 * objects, which PostgreSQL reads with json_to_recordset (one JSON.stringify in the server instead
 * of a parameter per value, or arrays that pg escapes element by element), in the array's order.
 * The statement is its own transaction, committed without waiting for the WAL to reach the disk
 * (set_config(…, true) lasts until that commit): a crash may lose the last entries of the log,
 * never an order, whose own commits wait.
 */
const INSERT = `INSERT INTO request_log (${COLUMNS.map(([name]) => name).join(', ')})
  SELECT ${COLUMNS.map(([name]) => `r.${name}`).join(', ')}
  FROM ROWS FROM (json_to_recordset($1::json) AS (${COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ')})) WITH ORDINALITY AS r(${COLUMNS.map(([name]) => name).join(', ')}, n)
  CROSS JOIN (SELECT set_config('synchronous_commit', 'off', true)) AS lazy_commit
  ORDER BY r.n`

/**
 * Drops a company's entries past the newest `limit` ($2), from seq $3 on (the cutoff of this
 * process's previous trim of the company, or 0), and answers the new cutoff (the oldest seq kept).
 * The lower bound keeps a trim from walking the index entries of every row trimmed before, which
 * stay until a vacuum removes them: on PGlite, which has no autovacuum, a trim from 0 took 1.5 ms
 * on a fresh log and 40 ms after 60,000 requests (measured), holding the database meanwhile.
 */
const TRIM = `WITH cutoff AS (SELECT min(seq) AS seq FROM (SELECT seq FROM request_log WHERE company_id = $1 ORDER BY seq DESC LIMIT $2) AS kept),
    trimmed AS (DELETE FROM request_log WHERE company_id = $1 AND seq >= $3 AND seq < (SELECT seq FROM cutoff))
  SELECT seq FROM cutoff`

/** Every this many trims of a company, one from 0 (rows another process wrote below a cutoff, late). */
const FULL_TRIM_EVERY = 50
/**
 * PGlite only (PostgreSQL's autovacuum does it there): the log's table is vacuumed after this many
 * trims, so that the space of trimmed rows is reused instead of growing the data directory for as
 * long as the sandbox runs.
 */
const VACUUM_EVERY = 20

/** The request log of one server: its queue, its flush, its bound. */
export class RequestLog {
  private queue: Captured[] = []
  private timer: NodeJS.Timeout | undefined
  private flushing: Promise<void> = Promise.resolve()
  /** Entries dropped because the queue was full. */
  dropped = 0
  /** Entries the database refused (a failed flush). */
  failed = 0

  constructor(
    private readonly store: Store,
    private readonly clocks: Clocks,
    /** Entries kept per company. */
    readonly limit: number,
    private readonly queueMax = DEFAULT_QUEUE_MAX,
    private readonly flushDelayMs = FLUSH_DELAY_MS,
  ) {
    // a company's log is trimmed once this many of its entries were written since the last trim
    // (1 for a bound under 20): so a company holds at most limit + trimEvery - 1 entries between trims
    this.trimEvery = Math.max(1, Math.floor(limit / 20))
  }

  private readonly trimEvery: number
  /** Entries written per company since its last trim. */
  private readonly sinceTrim = new Map<string, number>()
  /** Per company: the oldest seq its last trim kept, and how many trims it had. */
  private readonly cutoffs = new Map<string, { readonly seq: number; readonly trims: number }>()
  /** Trims since the last vacuum (PGlite). */
  private trimsSinceVacuum = 0

  /** Queues an entry; never waits (a full queue drops it and counts it). */
  push(entry: Captured): void {
    if (this.queue.length >= this.queueMax) {
      this.dropped++
      return
    }
    this.queue.push(entry)
    if (this.timer === undefined) {
      this.timer = setTimeout(() => {
        this.timer = undefined
        void this.flush()
      }, this.flushDelayMs)
      this.timer.unref()
    }
  }

  /** Writes what is queued (after any flush under way): resolves when it is in the database. */
  flush(): Promise<void> {
    const next = this.flushing.then(() => this.write())
    this.flushing = next.catch(() => undefined)
    return this.flushing
  }

  /**
   * Writes what is queued now, in batches of ROWS_PER_INSERT; what arrives meanwhile waits for the
   * next timer. (Draining until the queue is empty made a steady stream of requests one INSERT of a
   * dozen rows per round trip, back to back, instead of one per FLUSH_DELAY_MS: measured on PGlite,
   * 165 inserts a second of 14 rows each.)
   */
  private async write(): Promise<void> {
    const pending = this.queue.splice(0)
    for (let start = 0; start < pending.length; start += ROWS_PER_INSERT) {
      const batch = pending.slice(start, start + ROWS_PER_INSERT)
      try {
        const offsets = new Map<string, number>()
        for (const c of batch) if (!offsets.has(c.companyId)) offsets.set(c.companyId, await this.clocks.offset(this.store, c.companyId))
        const rows = batch.map((c) => rowOf(c, offsets.get(c.companyId) ?? 0))
        for (const c of batch) this.sinceTrim.set(c.companyId, (this.sinceTrim.get(c.companyId) ?? 0) + 1)
        const trim = [...offsets.keys()].filter((companyId) => (this.sinceTrim.get(companyId) ?? 0) >= this.trimEvery)
        // one statement per batch (one round trip), then the trims that are due, each a statement of its own
        await this.store.query(INSERT, [JSON.stringify(rows)])
        for (const companyId of trim) await this.trim(companyId)
        for (const companyId of trim) this.sinceTrim.delete(companyId)
        if (this.store.kind === 'pglite' && this.trimsSinceVacuum >= VACUUM_EVERY) {
          this.trimsSinceVacuum = 0
          await this.store.query('VACUUM request_log')
        }
      } catch {
        this.failed += batch.length
      }
    }
  }

  /** Trims a company's entries to the newest `limit` (TRIM), from its previous cutoff on. */
  private async trim(companyId: string): Promise<void> {
    const before = this.cutoffs.get(companyId)
    const from = before === undefined || (before.trims + 1) % FULL_TRIM_EVERY === 0 ? 0 : before.seq
    const cutoff = (await this.store.query<{ seq: unknown }>(TRIM, [companyId, this.limit, from]))[0]?.seq
    this.trimsSinceVacuum++
    this.cutoffs.set(companyId, { seq: cutoff === null || cutoff === undefined ? (before?.seq ?? 0) : numberOf(cutoff), trims: (before?.trims ?? 0) + 1 })
  }

  /** Flushes what is left (the server is closing). */
  async close(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    await this.flush()
  }
}

/** Whether a request is one the log keeps: a company's (authenticated), not the console's own. */
const logged = (request: FastifyRequest): boolean => request.caller !== undefined && !request.url.startsWith(CONSOLE_PREFIX)

/**
 * Installs the capture hooks (before any route is registered): onSend keeps a reference to the
 * answer's body, onResponse queues the entry. Nothing is computed or awaited on the request's path.
 */
export const installCapture = (app: FastifyInstance, log: RequestLog): void => {
  app.decorateRequest('consoleAnswer', undefined)
  // callback hooks, not async ones: no promise per request
  app.addHook('onSend', (request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (err: Error | null, value?: unknown) => void) => {
    if (logged(request)) request.consoleAnswer = payload
    done(null, payload)
  })
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const caller = request.caller
    if (caller === undefined || !logged(request)) return done()
    log.push({
      companyId: caller.companyId,
      requestId: String(request.id),
      at: Date.now(),
      method: request.method,
      url: request.url,
      route: request.routeOptions.url ?? '',
      status: reply.statusCode,
      durationMs: reply.elapsedTime,
      requestHeaders: request.headers,
      requestBody: request.rawBody,
      responseHeaders: reply.getHeaders(),
      responseBody: request.consoleAnswer,
    })
    done()
  })
  app.addHook('onClose', async () => {
    await log.close()
  })
}
