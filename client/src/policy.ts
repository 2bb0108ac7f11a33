/**
 * The retry policy as pure functions: how one attempt's outcome is classified, how long to wait
 * before the next, what a Retry-After header asks for, and the request ids attempts carry.
 *
 * What each method does on each kind of failure (issue 26, item 2 and 3):
 *
 * | method | definite (2xx; 4xx but 408, 429, 409 conflict; refused before sending) | not processed (429, 408, 409 conflict) | ambiguous (network error, attempt timeout, 5xx) |
 * |---|---|---|---|
 * | quotes.get, quotes.byReference, shipments.get, tracking.get, invoices.get, documents.get, appointments.get, appointments.pdf | resolve / throw | retry after backoff | retry after backoff (a read changes nothing) |
 * | documents.download | as documents.get, then the link's GET (no credentials) the same way | retry | retry |
 * | quotes.create | resolve / throw | retry | retry: a quote commits nothing; a duplicate is an unused quote that expires in 48 h, by-reference answers the newest, priced the same |
 * | shipments.create | resolve / throw; 409 idempotency_key_conflict is final | retry with the same Idempotency-Key (409 conflict: the key is in flight) | retry with the same Idempotency-Key: the server replays the stored answer, never a second shipment |
 * | shipments.confirm | resolve / throw, but a 400 invalid_transition after an ambiguous attempt is reconciled | retry the PUT | reconcile: GET the shipment; CONFIRMED or later on the forward path (ACCEPTED, ASSIGNED, PICKED_UP, IN_TRANSIT, DELIVERED) resolves with it; INITIALIZED retries the PUT; any other state throws 400 invalid_transition |
 * | shipments.cancel | resolve / throw, but a 400 order_not_cancellable after an ambiguous attempt is reconciled | retry the PUT | reconcile: GET; CANCELLED resolves; a cancellable state retries the PUT; else throws 400 order_not_cancellable |
 * | appointments.put | resolve / throw | retry | retry (an idempotent upsert by the spec) |
 * | appointments.uploadDocument | resolve / throw | retry | retry (a new upload replaces the document of the same stop and type) |
 * | appointments.deleteDocument | resolve / throw | retry | retry (idempotent by the spec: 204 when there is nothing to delete) |
 * | waitForStatus | each poll is a tracking.get (retried as above, within the time left); its final error ends the wait; a state that cannot reach the target throws StatusUnreachableError; timeoutMs throws TimeoutError (scope deadline) | (inside the poll) | (inside the poll) |
 * | tender | byReference, quotes.get, shipments.create, each a call of its own as above (each with the call's budget); byReference 404 quote_not_found books without a quote; any other error of a step ends tender with it | | |
 *
 * Before any attempt: a request the library refuses is a RequestInvalidError (nothing sent); an
 * upload given as a path reads the file first, and a failure to read it rejects with the
 * platform's own error (not a ShipperError: nothing was sent).
 *
 * Every retry waits a full-jitter backoff (`random() * min(cap, base * 2^(n-1))` before retry n),
 * at least the answer's Retry-After; the call stops with the last error when retries run out
 * (maxRetries) or the wait would pass the deadline. A reconcile GET counts as an attempt and a
 * retry. The caller's AbortSignal ends the call at once (AbortedError); an attempt's timeout
 * aborts that attempt (TimeoutError, ambiguous). A confirm or cancel whose budget ends before a
 * read-back could settle an ambiguous attempt throws that attempt's (retryable) error, never the
 * refusal, which may be its own earlier PUT taking effect. A thrown error's `attempts` counts
 * every attempt of the call; its `requestId` names the attempt that produced it.
 *
 * @module
 */
import { parseRetryAfter as libraryParseRetryAfter, REQUEST_ID_FORMAT } from 'shipper-rules'

/**
 * How one attempt's outcome bears on retrying: `definite` (final: resolve or throw), `unprocessed`
 * (the server did not act: safe to retry anything), `ambiguous` (the server may have acted).
 *
 * @category policy
 * @since 0.1.0
 */
export type OutcomeClass = 'definite' | 'unprocessed' | 'ambiguous'

/**
 * Classifies an HTTP answer by status and reason.
 *
 * @example
 * [classifyStatus(200, null), classifyStatus(429, 'rate_limited'), classifyStatus(409, 'conflict'), classifyStatus(503, null), classifyStatus(409, 'idempotency_key_conflict')]
 * //=> ['definite', 'unprocessed', 'unprocessed', 'ambiguous', 'definite']
 *
 * @category policy
 * @since 0.1.0
 */
export const classifyStatus = (status: number, reason: string | null): OutcomeClass =>
  status >= 500 ? 'ambiguous' : status === 408 || status === 429 || (status === 409 && reason === 'conflict') ? 'unprocessed' : 'definite'

/**
 * The upper bound of the wait before retry `n` (1-based): `min(cap, base * 2^(n-1))`.
 *
 * @example
 * [backoffCeiling(1, 500, 20_000), backoffCeiling(3, 500, 20_000), backoffCeiling(10, 500, 20_000)]
 * //=> [500, 2000, 20000]
 *
 * @category policy
 * @since 0.1.0
 */
export const backoffCeiling = (n: number, baseMs: number, capMs: number): number => Math.min(capMs, baseMs * 2 ** Math.max(0, n - 1))

/**
 * The full-jitter wait before retry `n`, floored by a Retry-After (ms) when the answer had one:
 * `max(random() * backoffCeiling(n), retryAfterMs)`.
 *
 * @example
 * backoffDelay(2, { baseMs: 500, capMs: 20_000, random: () => 0.5, retryAfterMs: null })
 * //=> 500
 *
 * @category policy
 * @since 0.1.0
 */
export const backoffDelay = (
  n: number,
  o: { readonly baseMs: number; readonly capMs: number; readonly random: () => number; readonly retryAfterMs: number | null },
): number => Math.max(Math.floor(o.random() * backoffCeiling(n, o.baseMs, o.capMs)), o.retryAfterMs ?? 0)

/**
 * The wait (ms, at least 0) a Retry-After header asks for: delay-seconds, or an HTTP date taken
 * relative to the answer's Date header when it has a valid one, else to `now`. Null when absent
 * or unreadable. The library's `parseRetryAfter`, under the client's name.
 *
 * @example
 * [parseRetryAfter('5', null, 0), parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', 'Wed, 21 Oct 2015 07:28:00 GMT', 0), parseRetryAfter('soon', null, 0)]
 * //=> [5000, 10000, null]
 *
 * @category policy
 * @since 0.1.0
 */
export const parseRetryAfter: (value: string | null, dateHeader: string | null, now: number) => number | null = libraryParseRetryAfter

/**
 * The X-Request-Id of attempt `n` of a call: the base on attempt 1, `<base>.<n>` after.
 *
 * @example
 * [attemptRequestId('abc', 1), attemptRequestId('abc', 3)]
 * //=> ['abc', 'abc.3']
 *
 * @category policy
 * @since 0.1.0
 */
export const attemptRequestId = (base: string, n: number): string => (n <= 1 ? base : `${base}.${n}`)

/**
 * What a caller's request id must look like: the header's alphabet (the library's
 * `REQUEST_ID_FORMAT`), at most 64 characters (so `<base>.<n>` stays within the server's 128).
 *
 * @category policy
 * @since 0.1.0
 */
export const REQUEST_ID_PATTERN = new RegExp(`^[${REQUEST_ID_FORMAT.alphabet}]{1,64}$`)

/**
 * A random version 4 UUID from `crypto.getRandomValues` (which, unlike `crypto.randomUUID`, a
 * browser also offers on a page that is not a secure context). The default request id base and
 * Idempotency-Key.
 *
 * @example
 * /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(randomUuid())
 * //=> true
 *
 * @category policy
 * @since 0.1.0
 */
export const randomUuid = (): string => {
  const b = globalThis.crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
