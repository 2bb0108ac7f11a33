/**
 * The HTTP header names of the API (spec: Authentication; Shipper operations; Idempotency) and
 * the two small functions every client and server of it needs: the credential headers of a call,
 * and a total reading of `Retry-After`. The packages import these and never spell a header name.
 *
 * Names are given in the spec's own spelling (`HEADER`) and in the lower case that Node's HTTP
 * layer and `Headers` use for lookups (`HEADER_KEY`); HTTP header names are case-insensitive, so
 * either reaches the same header.
 *
 * @module
 */
import type { WireFormat } from './patterns.js'

/**
 * The API's header names, as the spec spells them.
 *
 * - `authorization`: `Bearer <ACCESS_TOKEN>` (AUTH-01).
 * - `apiKey`: `x-service-api-key`, the company's API key (AUTH-01, AUTH-02).
 * - `idempotencyKey`: `Idempotency-Key` on shipment create (CRT-10).
 * - `changeReason`: `X-Service-Change-Reason` with `confirmChangeAfterAcceptance=true` (APT-05).
 * - `requestId`: `X-Request-Id`, sent by a client or made by the server, echoed on every answer.
 * - `idempotentReplayed`: `Idempotent-Replayed: true` on a replayed create.
 * - `retryAfter`: `Retry-After` on 429 and 5xx answers.
 *
 * Implements AUTH-01, AUTH-02, CRT-10 and APT-05 (the names of the headers they read).
 *
 * @example
 * [HEADER.apiKey, HEADER.idempotencyKey, HEADER.requestId]
 * //=> ['x-service-api-key', 'Idempotency-Key', 'X-Request-Id']
 *
 * @category model
 * @since 0.2.0
 */
export const HEADER = {
  authorization: 'Authorization',
  apiKey: 'x-service-api-key',
  idempotencyKey: 'Idempotency-Key',
  changeReason: 'X-Service-Change-Reason',
  requestId: 'X-Request-Id',
  idempotentReplayed: 'Idempotent-Replayed',
  retryAfter: 'Retry-After',
} as const

/**
 * The names of {@link HEADER} in lower case: the keys of Node's `IncomingHttpHeaders` (Fastify's
 * `request.headers`) and what `Headers.get` normalizes to.
 *
 * Implements no rule ID.
 *
 * @example
 * [HEADER_KEY.authorization, HEADER_KEY.idempotencyKey, HEADER_KEY.changeReason]
 * //=> ['authorization', 'idempotency-key', 'x-service-change-reason']
 *
 * @category model
 * @since 0.2.0
 */
export const HEADER_KEY = {
  authorization: 'authorization',
  apiKey: 'x-service-api-key',
  idempotencyKey: 'idempotency-key',
  changeReason: 'x-service-change-reason',
  requestId: 'x-request-id',
  idempotentReplayed: 'idempotent-replayed',
  retryAfter: 'retry-after',
} as const satisfies { readonly [K in keyof typeof HEADER]: Lowercase<(typeof HEADER)[K]> }

/**
 * The two credential headers of every call (AUTH-01): `authorization: Bearer <token>` and
 * `x-service-api-key: <apiKey>`, keyed in lower case. The values are taken as given: what a
 * server accepts is `authenticate`'s to say. Total: from an untyped caller, a number or boolean
 * is written as text and any other non-string value as empty.
 *
 * Implements AUTH-01 (the headers a call carries).
 *
 * @example
 * credentialHeaders('key-1', 'token-1')
 * //=> { authorization: 'Bearer token-1', 'x-service-api-key': 'key-1' }
 *
 * @category model
 * @since 0.2.0
 */
export const credentialHeaders = (apiKey: string, token: string): { readonly authorization: string; readonly 'x-service-api-key': string } => ({
  authorization: `Bearer ${headerText(token)}`,
  'x-service-api-key': headerText(apiKey),
})

/** A header value from what an untyped caller passed: a string as is, a number or boolean as text, anything else empty (never a call to its `toString`). */
const headerText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' ? String(value) : ''

/**
 * The value of `X-Request-Id` a server takes from a client and echoes (otherwise it makes one):
 * 1 to 128 characters of `alphabet` (letters, digits, `.`, `_`, `~`, `-`), a library decision the
 * OpenAPI document states. `alphabet` is the character class alone, for a client that allows
 * fewer characters (the typed client keeps 64 for its own base, so `<base>.<n>` stays within 128).
 *
 * Implements no rule ID.
 *
 * @example
 * [new RegExp(REQUEST_ID_FORMAT.pattern).test('req-1.2'), new RegExp(REQUEST_ID_FORMAT.pattern).test('a b'), REQUEST_ID_FORMAT.maxLength]
 * //=> [true, false, 128]
 *
 * @category model
 * @since 0.2.0
 */
export const REQUEST_ID_FORMAT = {
  alphabet: 'A-Za-z0-9._~-',
  pattern: '^[A-Za-z0-9._~-]{1,128}$',
  maxLength: 128,
  description: "1 to 128 letters, digits, '.', '_', '~' or '-'",
} as const satisfies WireFormat & { readonly alphabet: string }

const DELAY_SECONDS = /^\d{1,10}$/
const HTTP_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/

/** An IMF-fixdate as epoch milliseconds, or NaN when it is not one or names no real instant. */
const httpDateMs = (text: string): number => {
  if (!HTTP_DATE.test(text)) return Number.NaN
  const at = Date.parse(text)
  if (Number.isNaN(at)) return Number.NaN
  // Date.parse rolls 31 Feb over into March: a date that does not print back as itself (weekday
  // aside, which a sender may get wrong) is not one.
  return new Date(at).toUTCString().slice(5) === text.slice(5) ? at : Number.NaN
}

/**
 * The wait in milliseconds (at least 0) that a `Retry-After` value asks for (RFC 9110 §10.2.3):
 * delay-seconds (1 to 10 digits), or an HTTP date (IMF-fixdate) taken relative to the answer's
 * `Date` header when that is a valid HTTP date, else relative to `nowMs`. Null when the value is
 * absent, blank or unreadable. Total: any input, any `nowMs`, gives a number or null.
 *
 * Implements no rule ID.
 *
 * @example
 * [parseRetryAfter('5', null, 0), parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', 'Wed, 21 Oct 2015 07:28:00 GMT', 0), parseRetryAfter('soon', null, 0), parseRetryAfter(undefined, null, 0)]
 * //=> [5000, 10000, null, null]
 *
 * @category model
 * @since 0.2.0
 */
export const parseRetryAfter = (value: string | null | undefined, dateHeader: string | null | undefined, nowMs: number): number | null => {
  if (typeof value !== 'string') return null
  const v = value.trim()
  if (DELAY_SECONDS.test(v)) return Number(v) * 1000
  const at = httpDateMs(v)
  if (Number.isNaN(at)) return null
  const base = typeof dateHeader === 'string' ? httpDateMs(dateHeader.trim()) : Number.NaN
  const from = Number.isNaN(base) ? (Number.isFinite(nowMs) ? nowMs : 0) : base
  return Math.max(0, at - from)
}
