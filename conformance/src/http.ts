// Sends the kit's requests to the server under test, adds the credentials, keeps to the request
// budget and the rate, and records every exchange in a Transcript so a failure can print the
// requests that led to it.
import { randomUUID } from 'node:crypto'
import { credentialHeaders, HEADER_KEY } from 'shipper-rules'

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

/** Thrown by Http.send once `--max-requests` requests were sent: the run stops politely. */
export class BudgetExhausted extends Error {
  constructor(readonly maxRequests: number) {
    super(`the request budget (--max-requests ${maxRequests}) is spent`)
    this.name = 'BudgetExhausted'
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
  readonly userAgent?: string
}

export const USER_AGENT = 'shipper-rules-conformance/0.1.0'

/** True for a `{ raw, contentType }` body (and nothing else: a JSON body with more keys is JSON). */
export const isRawBody = (body: unknown): body is RawBody => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false
  const keys = Object.keys(body)
  const b = body as Record<string, unknown>
  return keys.length === 2 && (typeof b['raw'] === 'string' || b['raw'] instanceof Uint8Array) && typeof b['contentType'] === 'string'
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
  private sent = 0
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
  }

  /** Requests sent so far in the run. */
  get count(): number {
    return this.sent
  }

  get hasOther(): boolean {
    return this.other !== undefined
  }

  /** The credential headers a request carries. */
  credentialHeaders(credentials: Credentials): Record<string, string> {
    const company = (which: 'main' | 'other'): CompanyCredentials => {
      const c = which === 'main' ? this.main : this.other
      if (c === undefined) throw new Error('a request for the other company, but no --other-company-token/--other-company-key were given')
      return c
    }
    if (credentials === 'none') return {}
    const c: { token?: string | undefined; apiKey?: string | undefined } =
      credentials === 'main' || credentials === 'other' ? company(credentials)
      : {
          token: credentials.tokenOf === undefined ? credentials.token : company(credentials.tokenOf).token,
          apiKey: credentials.apiKeyOf === undefined ? credentials.apiKey : company(credentials.apiKeyOf).apiKey,
        }
    const both = credentialHeaders(c.apiKey ?? '', c.token ?? '')
    const h: Record<string, string> = {}
    if (c.token !== undefined) h[HEADER_KEY.authorization] = both[HEADER_KEY.authorization]
    if (c.apiKey !== undefined) h[HEADER_KEY.apiKey] = both[HEADER_KEY.apiKey]
    return h
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
    if (this.sent >= this.maxRequests) throw new BudgetExhausted(this.maxRequests)
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
        const retryAfter = Number(out[HEADER_KEY.retryAfter])
        if (res.status === 429 && retries < this.retries429 && Number.isFinite(retryAfter) && retryAfter >= 0 && retryAfter <= this.maxRetryAfterS) {
          retries += 1
          await sleep(retryAfter * 1000 + 250)
          continue
        }
        let json: unknown
        try {
          json = text === '' ? undefined : JSON.parse(text)
        } catch {
          json = undefined
        }
        const received: Received = { status: res.status, headers: out, json, text }
        this.transcript.entries.push({ request: req, received, requestId, retries })
        return received
      }
    } catch (e) {
      this.transcript.entries.push({ request: req, error: e instanceof Error ? e.message : String(e), requestId, retries })
      throw e
    }
  }
}
