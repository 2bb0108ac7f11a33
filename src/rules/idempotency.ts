/**
 * Idempotency-Key on shipment create (spec: Endpoints rule 3; rule CRT-10).
 *
 * @module
 */
import { DateTime } from 'luxon'
import { isInstant } from '../internal/dateTime.js'
import { defaultConfig, type RulesConfig } from '../config.js'
import { problemFor, type ProblemDetail } from '../errors/problem.js'
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
      problem: problemFor('idempotency_key_conflict', `This Idempotency-Key was used within the last ${hours} hours with a different request body.`),
    }
  } catch {
    // a stored record, request or options that cannot be read are never replayed
    return { kind: 'conflict', problem: problemFor('idempotency_key_conflict') }
  }
}
