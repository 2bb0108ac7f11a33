/**
 * Idempotency-Key on shipment create (spec: Endpoints rule 3; rule CRT-10): the header's format
 * and the decision on a repeated key.
 *
 * @module
 */
import { DateTime } from 'luxon'
import { isInstant } from '../internal/dateTime.js'
import { defaultConfig, type RulesConfig } from '../config.js'
import type { Either } from 'fp-ts/lib/Either.js'
import { problemFor, validationProblem, type ProblemDetail } from '../errors/problem.js'
import { violationAt } from '../errors/violation.js'
import { left, right } from '../internal/either.js'
import { IDEMPOTENCY_KEY_FORMAT } from '../model/patterns.js'
import { HEADER } from '../model/headers.js'
import { exceedsLength, isWellFormedWireText, WIRE_TEXT_MESSAGE } from '../internal/text.js'
import { canonicalJsonText, canonicalValueText } from '../internal/canonicalJson.js'

/**
 * What a server decides for a create request carrying an Idempotency-Key.
 *
 * @category model
 * @since 0.1.0
 */
export type IdempotencyDecision<R> =
  | { readonly kind: 'new' }
  | { readonly kind: 'replay'; readonly response: R }
  | { readonly kind: 'conflict'; readonly problem: ProblemDetail }

/**
 * The canonical JSON text of a value, RFC 8785 (JCS) style: object keys sorted by UTF-16 code
 * units, no insignificant whitespace, numbers and strings as ECMAScript serializes them. Values
 * JSON cannot carry (undefined, functions, symbols, bigints) are dropped from objects and written
 * `null` in arrays, as JSON.stringify does; `toJSON` is not called. Any depth is written (the
 * writer is iterative); a value with no JSON text (a cycle, a getter or Proxy that throws) is
 * `null`.
 * The "same body" of CRT-10.
 *
 * @example
 * canonicalJson({ b: [1, { d: true, c: null }], a: 'x' })
 * //=> '{"a":"x","b":[1,{"c":null,"d":true}]}'
 *
 * @category utils
 * @since 0.1.0
 */
export const canonicalJson = (value: unknown): string => canonicalValueText(value) ?? 'null'

/**
 * A body as received, in canonical form: raw JSON text read by a tokenizer that keeps every
 * number's exact decimal value; text that is not JSON as sent (prefixed, so it never equals a
 * JSON body); a parsed value as {@link canonicalJson} writes it; `undefined` for a value that
 * cannot be read, which equals nothing.
 */
const canonicalBody = (body: unknown): string | undefined => {
  if (typeof body !== 'string') return canonicalValueText(body)
  return canonicalJsonText(body) ?? `text:${body}`
}

/**
 * Decides what a repeated Idempotency-Key means: `new` when nothing is stored under the key or
 * the stored request is at least the window old (24 hours by default); `replay` with the stored
 * response when the bodies are the same JSON value; `conflict` with a 409
 * `idempotency_key_conflict` problem when they differ. Bodies are compared exactly, as canonical
 * JSON (RFC 8785 layout): key order and insignificant whitespace do not matter, strings compare
 * after unescaping, and raw text keeps each number's literal value (`1`, `1.0` and `10e-1` are
 * equal; `9007199254740993` and `9007199254740992` are not); a parsed body's numbers are the
 * values JavaScript holds, written as ECMAScript writes them.
 *
 * Implements CRT-10. Decisions (D): the window is half-open: a request exactly 24 hours after
 * the stored one is new, and a stored request dated after `now` (clock skew) is inside the
 * window; of duplicate keys in raw text the last wins (as with `JSON.parse`); text that is not
 * JSON compares as sent; a body that cannot be read (a cycle, a throwing getter or Proxy) equals
 * nothing, so it conflicts rather than replays.
 *
 * Total: a stored record, request or options it cannot read give `conflict` (never replayed) (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * decideIdempotency(
 *   { body: '{"a": 1.0, "b": [true], "w": 9007199254740993}', createdAt: DateTime.fromISO('2026-11-22T08:00:00Z'), response: { orderNumber: 'A1B2C' } },
 *   { body: '{"w":9007199254740993,"b":[true],"a":1}', now: DateTime.fromISO('2026-11-22T09:00:00Z') },
 * )
 * //=> { kind: 'replay', response: { orderNumber: 'A1B2C' } }
 *
 * @category rules
 * @since 0.1.0
 */
export const decideIdempotency = <R>(
  stored: { readonly body: unknown; readonly createdAt: DateTime; readonly response: R } | null,
  incoming: { readonly body: unknown; readonly now: DateTime },
  options: { readonly config?: RulesConfig } = {},
): IdempotencyDecision<R> => {
  if (stored === null || stored === undefined) return { kind: 'new' }
  try {
    const hours = (options.config ?? defaultConfig).idempotencyWindowHours
    const valid = isInstant(stored.createdAt) && isInstant(incoming.now)
    if (!valid || incoming.now.toMillis() - stored.createdAt.toMillis() >= hours * 3_600_000) return { kind: 'new' }
    const a = canonicalBody(stored.body)
    if (a !== undefined && a === canonicalBody(incoming.body)) return { kind: 'replay', response: stored.response }
    return {
      kind: 'conflict',
      problem: problemFor('idempotency_key_conflict', `This ${HEADER.idempotencyKey} was used within the last ${hours} hours with a different request body.`),
    }
  } catch {
    // a stored record, request or options that cannot be read are never replayed
    return { kind: 'conflict', problem: problemFor('idempotency_key_conflict') }
  }
}

/**
 * The most characters an Idempotency-Key may have (CRT-10, decided by the library: the spec says
 * only "string").
 *
 * @example
 * IDEMPOTENCY_KEY_MAX_LENGTH
 * //=> 255
 *
 * @category model
 * @since 0.3.0
 */
export const IDEMPOTENCY_KEY_MAX_LENGTH: number = IDEMPOTENCY_KEY_FORMAT.maxLength

const IDEMPOTENCY_KEY = new RegExp(IDEMPOTENCY_KEY_FORMAT.pattern, 'u')

/** The header's name as it appears in a violation's field (as `X-Service-Change-Reason`). */
const IDEMPOTENCY_KEY_HEADER = HEADER.idempotencyKey

/**
 * Reads the Idempotency-Key header of a shipment create: the key exactly as sent when it is 1 to
 * 255 visible ASCII characters (0x21 to 0x7E: letters, digits, punctuation; a UUID fits), `null`
 * when the header is absent (the header is optional); otherwise 400 `validation_failed` with one
 * violation at field `Idempotency-Key`: `required` for an empty value, `type` for anything that
 * is not one string (a header repeated, which Node gives as an array), `encoding` for text that is
 * not well-formed or holds U+0000, `max_length` past 255 characters, `pattern` for a blank,
 * control or non-ASCII character.
 *
 * Implements CRT-10. Decision (D): the spec says only "string"; 1 to 255 visible ASCII
 * characters, never trimmed or case-mapped (`abc` and `ABC` are two keys), so a key is stored,
 * indexed and compared as sent. The OpenAPI document states the same limits (maxLength, pattern).
 *
 * @example
 * [parseIdempotencyKey('3f1c9b1e-7c55-4c1e-9a43-0b7f3f0f4b11').right, parseIdempotencyKey(undefined).right,
 *  parseIdempotencyKey('two words').left.violations[0].code, parseIdempotencyKey('k'.repeat(256)).left.violations[0].field]
 * //=> ['3f1c9b1e-7c55-4c1e-9a43-0b7f3f0f4b11', null, 'pattern', 'Idempotency-Key']
 *
 * @category rules
 * @since 0.3.0
 */
export const parseIdempotencyKey = (header: unknown): Either<ProblemDetail, string | null> => {
  if (header === undefined) return right(null)
  if (typeof header !== 'string') return keyViolation('type', 'must be one string (the header given once)')
  if (header === '') return keyViolation('required', `must not be empty: 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters`)
  if (exceedsLength(header, IDEMPOTENCY_KEY_MAX_LENGTH)) return keyViolation('max_length', `must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`)
  if (!isWellFormedWireText(header)) return keyViolation('encoding', WIRE_TEXT_MESSAGE)
  if (!IDEMPOTENCY_KEY.test(header)) return keyViolation('pattern', 'must be visible ASCII characters only (0x21 to 0x7E: no blank, no control character)')
  return right(header)
}

const keyViolation = (code: 'type' | 'required' | 'max_length' | 'encoding' | 'pattern', reason: string): Either<ProblemDetail, never> =>
  left(validationProblem([violationAt([IDEMPOTENCY_KEY_HEADER], null, code, reason)]))
