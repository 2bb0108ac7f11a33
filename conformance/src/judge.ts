// The kit's one judge: it compares what the library predicts (a status, a ProblemDetail, a body)
// with what the server answered, and says, field by field, where they differ ("at
// violations[1].field: expected "pickupAddress.zipCode", actual "pickupAddress.city""). Every
// check compares through it, so a failure always reads the same way; nothing here knows a rule:
// the expected value is the library's, computed by the caller.
import { canonicalJson } from 'shipper-rules'

/** One difference between the expected value and the actual one, at a path of the value (`$` is the whole value). */
export interface Diff {
  /** Where: `$`, `$.status`, `$.violations[2].field`, `$.body.orderComponents[0]`. */
  readonly path: string
  /** `value`: both present, not equal; `missing`: expected, absent from the answer; `unexpected`: in the answer, not expected; `type`: another JSON type. */
  readonly kind: 'value' | 'missing' | 'unexpected' | 'type'
  /** The expected value at the path (absent for `unexpected`). */
  readonly expected?: unknown
  /** The actual value at the path (absent for `missing`). */
  readonly actual?: unknown
}

export interface JudgeOptions {
  /**
   * Members of an actual object that the expected object does not name are accepted (a prediction
   * of some fields only). Default false: an extra member is a Diff of kind `unexpected`.
   */
  readonly partial?: boolean
  /**
   * Paths (as Diff paths, array indexes written `[]`: `$.violations`, `$.items[].tags`) whose arrays
   * are compared as multisets (order-free): each expected item must be matched by an equal actual
   * item (canonical JSON), the unmatched ones on either side are the diffs.
   */
  readonly unordered?: ReadonlyArray<string>
}

const typeOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)

const member = (path: string, key: string): string => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`)

/** The path with every index written `[]`, to match `unordered`. */
const shape = (path: string): string => path.replace(/\[\d+\]/g, '[]')

const walk = (expected: unknown, actual: unknown, path: string, options: JudgeOptions, out: Diff[]): void => {
  if (expected === undefined && actual === undefined) return
  if (expected === undefined) {
    out.push({ path, kind: 'unexpected', actual })
    return
  }
  if (actual === undefined) {
    out.push({ path, kind: 'missing', expected })
    return
  }
  const te = typeOf(expected)
  const ta = typeOf(actual)
  if (te !== ta) {
    out.push({ path, kind: 'type', expected, actual })
    return
  }
  if (te === 'array') {
    const e = expected as unknown[]
    const a = actual as unknown[]
    if ((options.unordered ?? []).includes(shape(path))) {
      const left = a.map((x) => canonicalJson(x))
      const unmatched: unknown[] = []
      for (const item of e) {
        const i = left.indexOf(canonicalJson(item))
        if (i >= 0) left[i] = '\u0000matched'
        else unmatched.push(item)
      }
      for (const item of unmatched) out.push({ path: `${path}[]`, kind: 'missing', expected: item })
      a.forEach((item, i) => {
        if (left[i] !== '\u0000matched') out.push({ path: `${path}[${i}]`, kind: 'unexpected', actual: item })
      })
      return
    }
    const n = Math.max(e.length, a.length)
    for (let i = 0; i < n; i++) walk(i < e.length ? e[i] : undefined, i < a.length ? a[i] : undefined, `${path}[${i}]`, options, out)
    return
  }
  if (te === 'object') {
    const e = expected as Record<string, unknown>
    const a = actual as Record<string, unknown>
    for (const k of Object.keys(e)) walk(e[k], Object.prototype.hasOwnProperty.call(a, k) ? a[k] : undefined, member(path, k), options, out)
    if (options.partial !== true) for (const k of Object.keys(a)) if (!Object.prototype.hasOwnProperty.call(e, k)) walk(undefined, a[k], member(path, k), options, out)
    return
  }
  if (!Object.is(expected, actual) && !(typeof expected === 'number' && expected === actual)) out.push({ path, kind: 'value', expected, actual })
}

/**
 * Compares the library's prediction with an answer, field by field. Both are JSON values (an
 * `undefined` member of `expected` means the member must be absent). An empty list: they agree.
 *
 * @example
 * judge({ status: 422, reason: 'pallet_invalid' }, { status: 400, reason: 'pallet_invalid' })
 * //=> [{ path: '$.status', kind: 'value', expected: 422, actual: 400 }]
 * judge({ violations: [{ field: 'a' }, { field: 'b' }] }, { violations: [{ field: 'b' }, { field: 'a' }] }, { unordered: ['$.violations'] })
 * //=> []
 */
export const judge = (expected: unknown, actual: unknown, options: JudgeOptions = {}): Diff[] => {
  const out: Diff[] = []
  walk(expected, actual, '$', options, out)
  return out
}

const MAX_VALUE_CHARS = 200

/** A value as JSON, cut at 200 characters. */
export const showValue = (v: unknown): string => {
  let s: string
  try {
    s = v === undefined ? 'absent' : JSON.stringify(v) ?? String(v)
  } catch {
    s = String(v)
  }
  return s.length > MAX_VALUE_CHARS ? `${s.slice(0, MAX_VALUE_CHARS)}… (${s.length} characters)` : s
}

/**
 * The diffs as lines, one a difference, at most `max` (then how many more):
 * `at $.status: expected 422, actual 400`.
 *
 * @example
 * renderDiffs([{ path: '$.status', kind: 'value', expected: 422, actual: 400 }])
 * //=> 'at $.status: expected 422, actual 400'
 */
export const renderDiffs = (diffs: ReadonlyArray<Diff>, max = 10): string => {
  const lines = diffs.slice(0, max).map((d) =>
    d.kind === 'missing' ? `at ${d.path}: expected ${showValue(d.expected)}, actual absent`
    : d.kind === 'unexpected' ? `at ${d.path}: expected absent, actual ${showValue(d.actual)}`
    : `at ${d.path}: expected ${showValue(d.expected)}, actual ${showValue(d.actual)}${d.kind === 'type' ? ' (another type)' : ''}`,
  )
  if (diffs.length > max) lines.push(`… and ${diffs.length - max} more difference(s)`)
  return lines.join('\n')
}

/** A ProblemDetail as the library predicts it: status, reason, and (when it has any) the violations' field and code. */
export interface PredictedProblem {
  readonly status: number
  readonly reason: string
  readonly violations?: ReadonlyArray<{ readonly field: string; readonly code?: string }>
}

/**
 * Judges an error answer against the library's ProblemDetail: the HTTP status, the body's
 * `reason`, and the violations as an order-free list of `{ field, code }` (each `code` only where
 * the prediction names one; the messages are not compared). Duplicates count.
 *
 * @example
 * judgeProblem({ status: 400, reason: 'validation_failed', violations: [{ field: 'zipCode', code: 'pattern' }] }, 400, { reason: 'validation_failed', violations: [{ field: 'zipCode', code: 'pattern', reason: 'x', entity: null }] })
 * //=> []
 */
export const judgeProblem = (predicted: PredictedProblem, status: number, body: unknown): Diff[] => {
  const b = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  const withCode = (predicted.violations ?? []).some((v) => v.code !== undefined)
  const got = Array.isArray(b['violations']) ? (b['violations'] as unknown[]) : undefined
  const project = (v: unknown): unknown => {
    const o = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {}
    return withCode ? { field: o['field'], code: o['code'] } : { field: o['field'] }
  }
  const expected = {
    status: predicted.status,
    reason: predicted.reason,
    violations: (predicted.violations ?? []).map((v) => (withCode ? { field: v.field, code: v.code } : { field: v.field })),
  }
  const actual = { status, reason: b['reason'], violations: got === undefined ? [] : got.map(project) }
  return judge(expected, actual, { unordered: ['$.violations'] })
}
