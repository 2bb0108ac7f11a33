/**
 * Idempotency-Key on shipment create (spec: Endpoints rule 3; rule CRT-10).
 *
 * @module
 */
import { DateTime } from 'luxon'
import { isInstant } from '../internal/dateTime.js'
import { defaultConfig, type RulesConfig } from '../config.js'
import { problemFor, type ProblemDetail } from '../errors/problem.js'

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

const MAX_DEPTH = 256

/**
 * The canonical JSON text of a value, RFC 8785 (JCS) style: object keys sorted by UTF-16 code
 * units, no insignificant whitespace, numbers and strings as ECMAScript serializes them. Values
 * JSON cannot carry (undefined, functions) are dropped from objects and written `null` in arrays,
 * as JSON.stringify does. Nesting deeper than 256 levels is written as plain JSON.stringify.
 *
 * @example
 * canonicalJson({ b: [1, { d: true, c: null }], a: 'x' })
 * //=> '{"a":"x","b":[1,{"c":null,"d":true}]}'
 *
 * @category utils
 * @since 0.1.0
 */
export const canonicalJson = (value: unknown): string => write(value, 0) ?? 'null'

const write = (v: unknown, depth: number): string | undefined => {
  if (v === null) return 'null'
  switch (typeof v) {
    case 'boolean':
      return v ? 'true' : 'false'
    case 'number':
      return Number.isFinite(v) ? JSON.stringify(v) : 'null'
    case 'string':
      return JSON.stringify(v)
    case 'object': {
      if (depth > MAX_DEPTH) return safeStringify(v)
      if (Array.isArray(v)) return `[${v.map((x) => write(x, depth + 1) ?? 'null').join(',')}]`
      const parts: string[] = []
      for (const key of Object.keys(v).sort()) {
        const text = write((v as Record<string, unknown>)[key], depth + 1)
        if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`)
      }
      return `{${parts.join(',')}}`
    }
    default:
      return undefined // undefined, function, symbol, bigint
  }
}

const safeStringify = (v: unknown): string => {
  try {
    return JSON.stringify(v) ?? 'null'
  } catch {
    return 'null'
  }
}

/** A body as received: raw JSON text (parsed, so whitespace does not matter) or a parsed value. */
const canonicalBody = (body: unknown): string => {
  if (typeof body !== 'string') return canonicalJson(body)
  try {
    return canonicalJson(JSON.parse(body) as unknown)
  } catch {
    return `text:${body}` // not JSON: compared as sent
  }
}

/**
 * Decides what a repeated Idempotency-Key means: `new` when nothing is stored under the key or
 * the stored request is at least the window old (24 hours by default); `replay` with the stored
 * response when the bodies are the same JSON; `conflict` with a 409
 * `idempotency_key_conflict` problem when they differ. Bodies are compared semantically: raw
 * text is parsed, then both are written as canonical JSON (key order and whitespace do not
 * matter; RFC 8785).
 *
 * Implements CRT-10. Decision (D): the window is half-open: a request exactly 24 hours after the
 * stored one is new; a stored request dated after `now` (clock skew) is inside the window.
 *
 * @example
 * decideIdempotency(
 *   { body: '{"a": 1, "b": [true]}', createdAt: DateTime.fromISO('2026-11-22T08:00:00Z'), response: { orderNumber: 'A1B2C' } },
 *   { body: { b: [true], a: 1 }, now: DateTime.fromISO('2026-11-22T09:00:00Z') },
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
  const hours = (options.config ?? defaultConfig).idempotencyWindowHours
  const valid = isInstant(stored.createdAt) && isInstant(incoming.now)
  if (!valid || incoming.now.toMillis() - stored.createdAt.toMillis() >= hours * 3_600_000) return { kind: 'new' }
  if (canonicalBody(stored.body) === canonicalBody(incoming.body)) return { kind: 'replay', response: stored.response }
  return {
    kind: 'conflict',
    problem: problemFor('idempotency_key_conflict', `This Idempotency-Key was used within the last ${hours} hours with a different request body.`),
  }
}
