/**
 * One call's engine: its budget (retries, deadline), its attempts (headers, per-attempt timeout
 * covering the body read, the caller's signal), the classification of each outcome, and the
 * waits between attempts. Methods in client.ts drive it; it never reads the platform clock or
 * randomness except through the injected `timers` and `random`.
 *
 * @module
 */
import { credentialHeaders, decodeErrorViolations, HEADER_KEY, readProblemDetail, type DecodeError } from 'shipper-rules'
import {
  AbortedError,
  NetworkError,
  ProblemError,
  ResponseInvalidError,
  TimeoutError,
  type DecodeViolation,
  type ErrorContext,
  type ShipperError,
} from './errors.js'
import type { OperationId } from './operations.js'
import { attemptRequestId, backoffDelay, classifyStatus, parseRetryAfter, type OutcomeClass } from './policy.js'
import type { AttemptEvent, Timers } from './types.js'

/**
 * fp-ts's Either, structurally: `{ _tag: 'Left', left }` or `{ _tag: 'Right', right }`. The
 * client imports nothing from fp-ts; every fp-ts function reads these values.
 *
 * @category fp-ts
 * @since 0.1.0
 */
export type Either<E, A> = { readonly _tag: 'Left'; readonly left: E } | { readonly _tag: 'Right'; readonly right: A }

/** The resolved configuration every call reads. */
export interface Config {
  readonly api: string
  readonly token: string
  readonly apiKey: string
  readonly fetch: typeof globalThis.fetch
  readonly timeoutMs: number
  readonly deadlineMs: number
  readonly maxRetries: number
  readonly retryBaseMs: number
  readonly retryCapMs: number
  readonly validate: boolean
  readonly userAgent: string
  /** false in a browser, which owns its User-Agent (Firefox would send ours and need CORS to allow it). */
  readonly sendUserAgent: boolean
  readonly readFile: ((path: string) => Promise<Uint8Array>) | undefined
  readonly timers: Timers
  readonly random: () => number
  readonly onAttempt: ((event: AttemptEvent) => void) | undefined
}

/** One HTTP request of a call and how to read its answer. */
export interface Req<A> {
  /** The request's own operation, for onAttempt (a reconcile GET is getShipment); errors name the call's. */
  readonly operation: OperationId
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Absolute URL. */
  readonly url: string
  /** false: no credentials, no custom headers (a pre-signed link). */
  readonly credentials: boolean
  readonly accept: string
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: string | FormData
  /** How the 2xx body is read: parsed JSON, bytes, or nothing. */
  readonly read: 'json' | 'bytes' | 'none'
  readonly decode: (body: unknown, contentType: string) => Either<ReadonlyArray<DecodeViolation>, A>
}

/** One attempt's outcome. */
export type Outcome<A> =
  | { readonly ok: true; readonly value: A; readonly status: number; readonly requestId: string; readonly attempt: number; readonly operation: OperationId }
  | {
      readonly ok: false
      readonly error: ShipperError
      readonly cls: OutcomeClass
      readonly status?: number
      readonly retryAfterMs: number | null
      readonly requestId: string
      readonly attempt: number
      readonly operation: OperationId
    }

/** The per-call settings a caller may override. */
export interface CallSettings {
  readonly signal?: AbortSignal | undefined
  readonly timeoutMs?: number | undefined
  readonly deadlineMs?: number | undefined
  readonly maxRetries?: number | undefined
}

/**
 * Waits `ms` on the injected clock; rejects with `onAbort()` at once when the signal aborts.
 */
export const sleep = (timers: Timers, ms: number, signal: AbortSignal | undefined, onAbort: () => unknown): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted === true) return reject(onAbort())
    const abort = (): void => {
      timers.clearTimeout(handle)
      reject(onAbort())
    }
    const handle = timers.setTimeout(() => {
      signal?.removeEventListener('abort', abort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', abort, { once: true })
  })

/** Settles with `p`, or rejects as soon as `signal` aborts (a fetch or body read that ignores its signal still ends). */
const raceAbort = <T>(p: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const abort = (): void => reject(signal.reason)
    signal.addEventListener('abort', abort, { once: true })
    p.then(
      (v) => {
        signal.removeEventListener('abort', abort)
        resolve(v)
      },
      (e: unknown) => {
        signal.removeEventListener('abort', abort)
        reject(e)
      },
    )
  })

/**
 * Flat violations (rendered path, the codec expected) from io-ts decode errors: the library's
 * `decodeErrorViolations`, one per field and expected codec.
 */
export const decodeViolations = (errors: ReadonlyArray<DecodeError>): DecodeViolation[] =>
  decodeErrorViolations(errors).map((v) => ({ field: v.field, expected: v.expected }))

/** A reader that decodes a JSON body with a library codec. */
export const withCodec =
  <A>(codec: { decode(u: unknown): Either<ReadonlyArray<DecodeError>, A> }) =>
  (body: unknown): Either<ReadonlyArray<DecodeViolation>, A> => {
    const r = codec.decode(body)
    return r._tag === 'Right' ? r : { _tag: 'Left', left: decodeViolations(r.left) }
  }

/**
 * One call: counts its attempts, keeps its deadline, runs attempts and the waits between them.
 */
export class Call {
  attempts = 0
  last: Outcome<unknown> | undefined
  /** The error of the latest attempt that failed. */
  lastError: ShipperError | undefined
  readonly deadlineAt: number
  readonly maxRetries: number
  readonly timeoutMs: number
  readonly signal: AbortSignal | undefined
  constructor(
    readonly cfg: Config,
    readonly operation: OperationId,
    readonly baseId: string,
    s: CallSettings,
    readonly idempotencyKey?: string,
  ) {
    this.deadlineAt = cfg.timers.now() + (s.deadlineMs ?? cfg.deadlineMs)
    this.maxRetries = s.maxRetries ?? cfg.maxRetries
    this.timeoutMs = s.timeoutMs ?? cfg.timeoutMs
    this.signal = s.signal
  }

  /** The context an error of this call carries. */
  context(requestId: string | null): ErrorContext {
    return { operation: this.operation, requestId, attempts: this.attempts, idempotencyKey: this.idempotencyKey }
  }

  aborted(): AbortedError {
    return new AbortedError(this.context(this.last?.requestId ?? null), this.signal?.reason)
  }

  /** Tells onAttempt what happened to the last attempt and what comes next. */
  emit(outcome: AttemptEvent['outcome'], delayMs?: number, error?: ShipperError): void {
    const o = this.last
    if (o === undefined || this.cfg.onAttempt === undefined) return
    const err = error ?? (o.ok ? undefined : o.error)
    const status = error === undefined ? o.status : 'status' in error && typeof error.status === 'number' ? error.status : undefined
    const event: AttemptEvent = {
      operation: o.operation,
      attempt: o.attempt,
      requestId: o.requestId,
      outcome,
      ...(status === undefined ? {} : { status }),
      ...(err === undefined ? {} : { error: err }),
      ...(delayMs === undefined ? {} : { delayMs }),
    }
    try {
      this.cfg.onAttempt(event)
    } catch {
      // an observer's failure is not the call's
    }
  }

  /**
   * Throws `error` (default: the last error an attempt ended with, which after a reconcile GET
   * that succeeded is the PUT's) after telling onAttempt.
   */
  fail(error?: ShipperError): never {
    const e = error ?? this.lastError ?? new TimeoutError('deadline', this.context(null))
    // An error made at an earlier attempt still reports every attempt the call made.
    ;(e as { attempts: number }).attempts = this.attempts
    this.emit('fail', undefined, e)
    throw e
  }

  /**
   * Waits before the next attempt, or throws the last error when retries are spent or the wait
   * would reach the deadline. `label` is what onAttempt hears the next step is.
   */
  async pause(label: 'retry' | 'reconcile'): Promise<void> {
    const o = this.last
    if (this.attempts > this.maxRetries) this.fail()
    const delay = backoffDelay(this.attempts, {
      baseMs: this.cfg.retryBaseMs,
      capMs: this.cfg.retryCapMs,
      random: this.cfg.random,
      retryAfterMs: o !== undefined && !o.ok ? o.retryAfterMs : null,
    })
    if (this.cfg.timers.now() + delay >= this.deadlineAt) this.fail()
    this.emit(label, delay)
    await sleep(this.cfg.timers, delay, this.signal, () => this.aborted())
  }

  /** Runs a request until it resolves, fails definitely, or the budget is spent. */
  async run<A>(req: Req<A>): Promise<A> {
    for (;;) {
      const out = await this.send(req)
      if (out.ok) {
        this.emit('success')
        return out.value
      }
      if (out.cls === 'definite') this.fail()
      await this.pause('retry')
    }
  }

  /** One attempt. Throws only AbortedError (the caller's signal) and the deadline's end before sending. */
  async send<A>(req: Req<A>): Promise<Outcome<A>> {
    const { cfg, signal } = this
    if (signal?.aborted === true) throw this.aborted()
    const left = this.deadlineAt - cfg.timers.now()
    if (left <= 0) this.fail()
    this.attempts += 1
    const attempt = this.attempts
    const requestId = attemptRequestId(this.baseId, attempt)
    const base = { requestId, attempt, operation: req.operation }
    const ac = new AbortController()
    let timedOut: 'attempt' | 'deadline' | null = null
    const limit = Math.min(this.timeoutMs, left)
    const timer = cfg.timers.setTimeout(() => {
      timedOut = limit < this.timeoutMs ? 'deadline' : 'attempt'
      ac.abort()
    }, limit)
    const onAbort = (): void => ac.abort()
    signal?.addEventListener('abort', onAbort, { once: true })
    const headers: Record<string, string> = req.credentials
      ? {
          ...credentialHeaders(cfg.apiKey, cfg.token),
          ...(cfg.sendUserAgent ? { 'user-agent': cfg.userAgent } : {}),
          [HEADER_KEY.requestId]: requestId,
          accept: req.accept,
          ...(typeof req.body === 'string' ? { 'content-type': 'application/json' } : {}),
          ...req.headers,
        }
      : { accept: req.accept }
    const failed = (cause: unknown, answeredId: string, status?: number): Outcome<A> => {
      const ctx = this.context(answeredId)
      const extra = { retryAfterMs: null, ...base, requestId: answeredId, ...(status === undefined ? {} : { status }) }
      if (signal?.aborted === true) {
        // The caller's signal: the call ends here, whatever the attempt's state.
        this.record({ ok: false, error: new AbortedError(ctx, signal.reason), cls: 'definite', ...extra })
        this.fail()
      }
      const error = timedOut !== null ? new TimeoutError(timedOut, ctx) : new NetworkError(cause, ctx)
      return { ok: false, error, cls: 'ambiguous', ...extra }
    }
    let out: Outcome<A>
    try {
      let res: Response
      try {
        res = await raceAbort(
          cfg.fetch(req.url, {
            method: req.method,
            headers,
            ...(req.body === undefined ? {} : { body: req.body }),
            signal: ac.signal,
            ...(req.credentials ? { redirect: 'error' as const } : { credentials: 'omit' as const }),
          }),
          ac.signal,
        )
      } catch (e) {
        return this.record(failed(e, requestId))
      }
      const answeredId = (req.credentials ? res.headers.get(HEADER_KEY.requestId) : null) ?? requestId
      const ok = res.status >= 200 && res.status < 300
      let raw: Uint8Array | string
      try {
        raw = await raceAbort(ok && req.read === 'bytes' ? res.arrayBuffer().then((b) => new Uint8Array(b)) : res.text(), ac.signal)
      } catch (e) {
        return this.record(failed(e, answeredId, res.status))
      }
      out = this.answer(req, res, raw, ok, { ...base, requestId: answeredId })
    } finally {
      cfg.timers.clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    return this.record(out)
  }

  private record<A>(out: Outcome<A>): Outcome<A> {
    this.last = out
    if (!out.ok) this.lastError = out.error
    return out
  }

  /** Classifies and decodes one answer. */
  private answer<A>(
    req: Req<A>,
    res: Response,
    raw: Uint8Array | string,
    ok: boolean,
    base: { readonly requestId: string; readonly attempt: number; readonly operation: OperationId },
  ): Outcome<A> {
    const status = res.status
    const ctx = this.context(base.requestId)
    let body: unknown = raw
    let jsonOk = true
    if (typeof raw === 'string' && (req.read === 'json' || !ok)) {
      try {
        body = raw === '' && !ok ? null : JSON.parse(raw)
      } catch {
        jsonOk = false
      }
    }
    if (ok) {
      const decoded = jsonOk ? req.decode(req.read === 'none' ? null : body, res.headers.get('content-type') ?? '') : undefined
      if (decoded?._tag === 'Right') return { ok: true, value: decoded.right, status, ...base }
      const violations = decoded?.left ?? [{ field: '', expected: 'a JSON body' }]
      return { ok: false, error: new ResponseInvalidError(status, violations, body, ctx), cls: 'definite', status, retryAfterMs: null, ...base }
    }
    const retryAfterMs = parseRetryAfter(res.headers.get(HEADER_KEY.retryAfter), res.headers.get('date'), this.cfg.timers.now())
    const read = jsonOk ? readProblemDetail(body) : undefined
    if (req.credentials && read?._tag === 'Right') {
      return { ok: false, error: new ProblemError(read.right, ctx), cls: classifyStatus(status, read.right.reason), status, retryAfterMs, ...base }
    }
    const violations: DecodeViolation[] =
      read?._tag === 'Left' ? read.left.map((v) => ({ field: v.field, expected: v.reason })) : [{ field: '', expected: 'a ProblemDetail' }]
    return { ok: false, error: new ResponseInvalidError(status, violations, body, ctx), cls: classifyStatus(status, null), status, retryAfterMs, ...base }
  }
}
