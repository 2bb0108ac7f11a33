/**
 * From an io-ts codec's decode errors to violations: the one conversion the client (a response
 * that does not decode) and the servers (a body a codec refuses) share, so a path is rendered the
 * same way everywhere.
 *
 * @module
 */
import { total } from '../internal/total.js'
import { renderPath, type PathSegment } from './path.js'
import type { Violation } from './violation.js'

/**
 * One io-ts decode error, structurally (io-ts's `ValidationError`): the value that failed and the
 * context from the root codec down to the codec that refused it.
 *
 * @category model
 * @since 0.2.0
 */
export interface DecodeError {
  readonly value?: unknown
  readonly context: ReadonlyArray<{ readonly key: string; readonly type: { readonly name: string } }>
}

/**
 * A violation read from a decode error, with the name of the codec that refused the value
 * (`expected`).
 *
 * @category model
 * @since 0.2.0
 */
export interface CodecViolation extends Violation {
  /** The name of the innermost codec that refused the value (`string`, `OrderNumber`, …). */
  readonly expected: string
}

/** The io-ts tags whose children are members, not fields: their index is no path segment. */
const MEMBER_TAGS: ReadonlySet<string> = new Set(['UnionType', 'IntersectionType'])
/** The io-ts tags whose children's keys are array indexes. */
const INDEX_TAGS: ReadonlySet<string> = new Set(['ArrayType', 'ReadonlyArrayType'])

/** `o[k]` when `o` is a non-null object, else undefined: every read of a decode error goes through it. */
const member = (o: unknown, k: string): unknown => (typeof o === 'object' && o !== null ? (o as Readonly<Record<string, unknown>>)[k] : undefined)

/** A context entry's path segment: its key, an array index as a number under an array codec. */
const segmentOf = (entry: unknown, parentTag: unknown): PathSegment => {
  const key = member(entry, 'key')
  const text = typeof key === 'string' ? key : typeof key === 'number' ? String(key) : ''
  return typeof parentTag === 'string' && INDEX_TAGS.has(parentTag) && /^\d{1,15}$/.test(text) ? Number(text) : text
}

const convert = (errors: ReadonlyArray<DecodeError>): CodecViolation[] => {
  if (!Array.isArray(errors)) return []
  const seen = new Set<string>()
  const out: CodecViolation[] = []
  for (const e of errors as ReadonlyArray<unknown>) {
    const raw = member(e, 'context')
    const context: ReadonlyArray<unknown> = Array.isArray(raw) ? raw : []
    const path: PathSegment[] = []
    for (let i = 1; i < context.length; i++) {
      const parentTag = member(member(context[i - 1], 'type'), '_tag')
      if (typeof parentTag === 'string' && MEMBER_TAGS.has(parentTag)) continue
      path.push(segmentOf(context[i], parentTag))
    }
    const name = member(member(context[context.length - 1], 'type'), 'name')
    const expected = typeof name === 'string' ? name : 'unknown'
    const field = renderPath(path)
    const k = `${field}\u0000${expected}`
    if (seen.has(k)) continue
    seen.add(k)
    const missing = member(e, 'value') === undefined
    const first = path[0]
    out.push({
      field,
      entity: path.length > 1 && typeof first === 'string' ? first : null,
      reason: missing ? `is required: expected ${expected}` : `expected ${expected}`,
      code: missing ? 'required' : 'type',
      expected,
    })
  }
  return out
}

/**
 * The violations of an io-ts decode's errors (`codec.decode(x).left`), one per distinct field and
 * expected codec, in the order of the errors: `field` the rendered path (an array's index is a
 * segment, a union's or intersection's member index is not), `expected` the name of the codec
 * that refused the value, `code` `required` for a missing value and `type` otherwise. Never
 * echoes the value. Total: anything that is not a list of decode errors gives `[]`, a malformed
 * entry a violation at the root with `expected` `unknown`.
 *
 * Implements ERR-01 (violations with the full path of the field).
 *
 * @example
 * decodeErrorViolations([{ value: 'x', context: [{ key: '', type: { name: 'Body', _tag: 'InterfaceType' } }, { key: 'items', type: { name: 'Array<number>', _tag: 'ArrayType' } }, { key: '2', type: { name: 'number' } }] }])
 * //=> [{ field: 'items[2]', entity: 'items', reason: 'expected number', code: 'type', expected: 'number' }]
 *
 * @category destructors
 * @since 0.2.0
 */
export const decodeErrorViolations = total(convert, () => [])
