// Sends the kit's requests to the server under test, adds the credentials, keeps to the request
// budget and the rate, and records every exchange in a Transcript so a failure can print the
// requests that led to it.
import { randomUUID } from 'node:crypto'
import { credentialHeaders, HEADER_KEY, parseRetryAfter } from 'shipper-rules'

/** A body sent as-is (multipart, a malformed JSON text, another media type) with its Content-Type. */
export interface RawBody {
  readonly raw: string | Uint8Array
  readonly contentType: string
}

/**
 * Whose credentials a request carries: the main company's, the other company's, none, or the given
 * ones (an absent field is not sent at all, so `{ token: 'x' }` sends a bearer token and no key).
 * `tokenOf`/`apiKeyOf` take one credential of a company (so a curl script prints it as a variable):
 * `{ apiKeyOf: 'main' }` is the main company's key without a token.
 */
export type Credentials =
  | 'main'
  | 'other'
  | 'none'
  | { readonly token?: string; readonly apiKey?: string; readonly tokenOf?: 'main' | 'other'; readonly apiKeyOf?: 'main' | 'other' }

/** Where one credential's value comes from: a company's (the main or the other one), or a literal value. */
export type CredentialSource = { readonly company: 'main' | 'other' } | { readonly literal: string }

/**
 * The one credentials mapping of the kit: which credential headers a request's `Credentials`
 * carry, each as its source (a company's token or key, or a literal). The sender (Http) fills in the
 * companies' values; the curl printer (curl.ts) writes them as shell variables. An absent member
 * sends no header.
 */
export const credentialPlan = (credentials: Credentials): { readonly token?: CredentialSource; readonly apiKey?: CredentialSource } => {
  if (credentials === 'none') return {}
  if (credentials === 'main' || credentials === 'other') return { token: { company: credentials }, apiKey: { company: credentials } }
  const token: CredentialSource | undefined =
    credentials.tokenOf !== undefined ? { company: credentials.tokenOf } : credentials.token !== undefined ? { literal: credentials.token } : undefined
  const apiKey: CredentialSource | undefined =
    credentials.apiKeyOf !== undefined ? { company: credentials.apiKeyOf } : credentials.apiKey !== undefined ? { literal: credentials.apiKey } : undefined
  return { ...(token === undefined ? {} : { token }), ...(apiKey === undefined ? {} : { apiKey }) }
}

/**
 * The credential headers of `credentials` (names and value formats the library's
 * `credentialHeaders`), each value from `valueOf` (the sender gives the real value, the curl
 * printer a placeholder it turns into a shell variable).
 */
export const credentialHeadersWith = (credentials: Credentials, valueOf: (source: CredentialSource, what: 'token' | 'apiKey') => string): Record<string, string> => {
  const plan = credentialPlan(credentials)
  const token = plan.token === undefined ? '' : valueOf(plan.token, 'token')
  const apiKey = plan.apiKey === undefined ? '' : valueOf(plan.apiKey, 'apiKey')
  const both = credentialHeaders(apiKey, token)
  const h: Record<string, string> = {}
  if (plan.token !== undefined) h[HEADER_KEY.authorization] = both[HEADER_KEY.authorization]
  if (plan.apiKey !== undefined) h[HEADER_KEY.apiKey] = both[HEADER_KEY.apiKey]
  return h
}

/** Whether a request deliberately carries a missing or made-up credential (an authentication failure a server may rate-limit). */
export const isAuthFailureAttempt = (credentials: Credentials): boolean => {
  const plan = credentialPlan(credentials)
  return plan.token === undefined || plan.apiKey === undefined || 'literal' in plan.token || 'literal' in plan.apiKey
}

/** One request as the kit means it: printed as curl when it shows a failure. */
export interface SentRequest {
  readonly method: string
  /** The path below the base URL, with its query (e.g. `/v1/shipper/quote`). */
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  /** A JSON value (sent as application/json), or a RawBody; absent: no body. */
  readonly body?: unknown
  readonly credentials: Credentials
}

/** The server's answer: status, headers (lower-case names), the body as text and, when it parses, as JSON. */
export interface Received {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly json: unknown | undefined
  readonly text: string
}

/** One exchange of the transcript; `received` is absent when the request failed in transport (then `error` says why). */
export interface Exchange {
  readonly request: SentRequest
  readonly received?: Received
  readonly error?: string
  /** The x-request-id the kit sent with it, to find it in the server's logs. */
  readonly requestId: string
  /** How many times a 429 with Retry-After made the kit wait and send it again (0: answered at once). */
  readonly retries?: number
}

/**
 * Thrown by Http.send when the kit stops sending a request: once `--max-requests` requests were
 * sent (the run stops politely), or (the subclass Throttled) when the server keeps answering 429
 * past what the kit waits. `why` is what the report says of the rules left not reached.
 */
export class BudgetExhausted extends Error {
  readonly why: string
  constructor(
    readonly maxRequests: number,
    why?: string,
  ) {
    super(why ?? `the request budget (--max-requests ${maxRequests}) is spent`)
    this.why = why ?? 'the request budget (--max-requests) ran out'
    this.name = 'BudgetExhausted'
  }
}

/**
 * Thrown by Http.send for a 429 the kit does not wait out: no Retry-After, one over
 * `maxRetryAfterS`, more than `retries429` in a row for one request, or the run's total wait for
 * 429s (`max429WaitS`) spent. The request is in the transcript with its 429; the check treats it
 * as the budget running out, so the request's rules are reported not reached, with this why.
 */
export class Throttled extends BudgetExhausted {
  constructor(readonly retryAfterMs: number | null) {
    super(Number.POSITIVE_INFINITY, 'the server answered 429 Too Many Requests and the kit stopped waiting (see the advice printed on standard error)')
    this.name = 'Throttled'
  }
}

/** Every exchange of the run, oldest first. A caller notes `length` before a sequence and slices after it. */
export class Transcript {
  readonly entries: Exchange[] = []
  get length(): number {
    return this.entries.length
  }
  /** The requests of the exchanges [from, to). */
  requests(from = 0, to?: number): SentRequest[] {
    return this.entries.slice(from, to).map((e) => e.request)
  }
  slice(from = 0, to?: number): Exchange[] {
    return this.entries.slice(from, to)
  }
}

export interface CompanyCredentials {
  readonly token: string
  readonly apiKey: string
}

export interface HttpOptions {
  /** The server's base URL, without a trailing slash needed (`http://127.0.0.1:3000`). */
  readonly baseUrl: string
  readonly main: CompanyCredentials
  readonly other?: CompanyCredentials
  /** At most this many requests in the run (Infinity: no limit). */
  readonly maxRequests?: number
  /** At most this many requests per second (Infinity: no limit). */
  readonly rate?: number
  /** The limit of one request, in ms (default 30 s). */
  readonly timeoutMs?: number
  /**
   * How often a 429 answer with a Retry-After of at most `maxRetryAfterS` seconds is waited out and
   * the request sent again (default 5): a server that limits the rate (or failed authentications,
   * which the auth matrix makes many of) is obeyed, not reported.
   */
  readonly retries429?: number
  readonly maxRetryAfterS?: number
  /**
   * The most the run waits for 429s in all, in seconds (default 30): past it a 429 is not waited
   * out (Throttled). A run at the defaults stays short against a server that limits failed
   * authentications for a minute or more.
   */
  readonly max429WaitS?: number
  /** Where the kit says at once what a burst of 429s means and what to change (standard error). */
  readonly warn?: (line: string) => void
  readonly userAgent?: string
}

/** The advice printed once when 429s come in a burst (3 in a row) or on a request with a missing or made-up credential. */
export const throttleAdvice = (info: { readonly count: number; readonly retryAfterMs: number | null; readonly authFailure: boolean; readonly maxWaitS: number }): string =>
  [
    `shipper-rules-conformance: the server answers 429 Too Many Requests (${info.count} so far${info.retryAfterMs === null ? ', no Retry-After' : `, Retry-After ${Math.ceil(info.retryAfterMs / 1000)} s`})${info.authFailure ? ' to a request with a missing or invalid credential' : ''}.`,
    info.authFailure ?
      '  It limits failed authentications, which the auth matrix makes on purpose: start the sandbox with --auth-failure-limit 1000000 (or raise the server\'s limit for the kit\'s address).'
    : '  It limits the rate: run the kit with --rate R below the server\'s limit (or, for the sandbox\'s failed-authentication limit, start it with --auth-failure-limit 1000000).',
    `  The kit waits out Retry-After for at most ${info.maxWaitS} s in all; past that, a request answered 429 is not judged and its rules are reported not reached.`,
  ].join('\n')

export const USER_AGENT = 'shipper-rules-conformance/0.1.0'

/** True for a `{ raw, contentType }` body (and nothing else: a JSON body with more keys is JSON). */
export const isRawBody = (body: unknown): body is RawBody => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false
  const keys = Object.keys(body)
  const b = body as Record<string, unknown>
  return keys.length === 2 && (typeof b['raw'] === 'string' || b['raw'] instanceof Uint8Array) && typeof b['contentType'] === 'string'
}

/** A body's JSON value, or undefined when it is empty or not JSON. */
const parseJson = (text: string): unknown => {
  try {
    return text === '' ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** The HTTP sender of a run. */
export class Http {
  readonly transcript = new Transcript()
  readonly baseUrl: string
  private readonly main: CompanyCredentials
  private readonly other: CompanyCredentials | undefined
  private readonly maxRequests: number
  private readonly intervalMs: number
  private readonly timeoutMs: number
  private readonly userAgent: string
  private readonly retries429: number
  private readonly maxRetryAfterS: number
  private readonly max429WaitMs: number
  private readonly warn: (line: string) => void
  private sent = 0
  private inARow429 = 0
  private waited429Ms = 0
  private advised = false
  /** How many 429 answers the run met (waited out or not). */
  throttled = 0
  /** Why the last request the kit did not send or judge was stopped (the budget, a 429 not waited out), for the report. */
  stoppedWhy: string | undefined
  /** When the next request may leave (the rate's token bucket of one token, refilled every 1/rate s). */
  private nextSlot = 0
  private queue: Promise<void> = Promise.resolve()

  constructor(options: HttpOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '')
    this.main = options.main
    this.other = options.other
    this.maxRequests = options.maxRequests ?? Number.POSITIVE_INFINITY
    const rate = options.rate ?? Number.POSITIVE_INFINITY
    this.intervalMs = rate > 0 && Number.isFinite(rate) ? 1000 / rate : 0
    this.timeoutMs = options.timeoutMs ?? 30_000
    this.userAgent = options.userAgent ?? USER_AGENT
    this.retries429 = options.retries429 ?? 5
    this.maxRetryAfterS = options.maxRetryAfterS ?? 120
    this.max429WaitMs = (options.max429WaitS ?? 30) * 1000
    this.warn = options.warn ?? (() => undefined)
  }

  /** Requests sent so far in the run. */
  get count(): number {
    return this.sent
  }

  get hasOther(): boolean {
    return this.other !== undefined
  }

  /** The credential headers a request carries (credentialPlan, with the companies' values). */
  credentialHeaders(credentials: Credentials): Record<string, string> {
    return credentialHeadersWith(credentials, (source, what) => {
      if ('literal' in source) return source.literal
      const c = source.company === 'main' ? this.main : this.other
      if (c === undefined) throw new Error('a request for the other company, but no --other-company-token/--other-company-key were given')
      return what === 'token' ? c.token : c.apiKey
    })
  }

  /** Waits for the rate's next slot; slots are handed out in call order. */
  private async slot(): Promise<void> {
    if (this.intervalMs === 0) return
    const turn = this.queue.then(async () => {
      const now = Date.now()
      const at = Math.max(now, this.nextSlot)
      this.nextSlot = at + this.intervalMs
      if (at > now) await sleep(at - now)
    })
    this.queue = turn
    await turn
  }

  /** Sends one request and records it; throws BudgetExhausted when over the budget, rethrows transport errors (recorded first). */
  async send(req: SentRequest): Promise<Received> {
    if (this.sent >= this.maxRequests) {
      const e = new BudgetExhausted(this.maxRequests)
      this.stoppedWhy = e.why
      throw e
    }
    this.sent += 1
    await this.slot()
    const requestId = randomUUID()
    const headers: Record<string, string> = {
      'user-agent': this.userAgent,
      [HEADER_KEY.requestId]: requestId,
      accept: 'application/json',
      ...this.credentialHeaders(req.credentials),
    }
    let body: string | Uint8Array<ArrayBuffer> | undefined
    if (req.body !== undefined) {
      if (isRawBody(req.body)) {
        // a copy on its own ArrayBuffer: fetch's BodyInit takes no view of a shared or pooled buffer
        body = typeof req.body.raw === 'string' ? req.body.raw : new Uint8Array(req.body.raw)
        headers['content-type'] = req.body.contentType
      } else {
        body = JSON.stringify(req.body)
        headers['content-type'] = 'application/json'
      }
    }
    for (const [k, v] of Object.entries(req.headers)) headers[k.toLowerCase()] = v
    let retries = 0
    try {
      for (;;) {
        const res = await fetch(this.baseUrl + req.path, {
          method: req.method,
          headers,
          ...(body === undefined ? {} : { body }),
          redirect: 'manual',
          signal: AbortSignal.timeout(this.timeoutMs),
        })
        const text = await res.text()
        const out: Record<string, string> = {}
        res.headers.forEach((v, k) => {
          out[k] = v
        })
        if (res.status === 429) {
          this.throttled += 1
          this.inARow429 += 1
          const retryAfterMs = parseRetryAfter(out[HEADER_KEY.retryAfter], out['date'], Date.now())
          const authFailure = isAuthFailureAttempt(req.credentials)
          if (!this.advised && (this.inARow429 >= 3 || authFailure)) {
            this.advised = true
            this.warn(throttleAdvice({ count: this.throttled, retryAfterMs, authFailure, maxWaitS: this.max429WaitMs / 1000 }))
          }
          if (
            retries < this.retries429 &&
            retryAfterMs !== null &&
            retryAfterMs <= this.maxRetryAfterS * 1000 &&
            this.waited429Ms + retryAfterMs <= this.max429WaitMs
          ) {
            retries += 1
            this.waited429Ms += retryAfterMs
            await sleep(retryAfterMs + 250)
            continue
          }
          this.transcript.entries.push({ request: req, received: { status: res.status, headers: out, json: parseJson(text), text }, requestId, retries })
          const e = new Throttled(retryAfterMs)
          this.stoppedWhy = e.why
          throw e
        }
        this.inARow429 = 0
        const received: Received = { status: res.status, headers: out, json: parseJson(text), text }
        this.transcript.entries.push({ request: req, received, requestId, retries })
        return received
      }
    } catch (e) {
      if (e instanceof Throttled) throw e
      this.transcript.entries.push({ request: req, error: e instanceof Error ? e.message : String(e), requestId, retries })
      throw e
    }
  }
}
