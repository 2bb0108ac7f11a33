// Runs a rule example of the Rules page without eval (issue 34, Rules): the example's arguments are
// JSON (scripts/rules-data.mjs wrote them from the library's @example blocks), the function is looked
// up by name in a map built from the library's exports (generated/rule-functions.ts re-exports the
// ones the examples use), and the answer is shown as text. Two markers stand for what JSON cannot
// carry: { "$export": NAME } is the library's constant NAME, { "$dateTime": text, "options": {...} }
// is luxon's DateTime.fromISO(text, options), as the doc comments write instants.
import { DateTime } from 'luxon'
import { canonicalJson } from 'shipper-rules'

/** A runnable call of the rules data: the function's name, its arguments as JSON, what the example reads of the answer, the assertion's text. */
export interface ExampleCall {
  readonly fn: string
  readonly args: ReadonlyArray<unknown>
  readonly then: string
  readonly expected: string | null
}

/** One violation of an answer, as the page lists it. */
export interface ShownViolation {
  readonly field: string
  readonly code: string
  readonly reason: string
}

/** What a run shows: the answer as text, its violations when it has any, or why it could not run. */
export type RunResult =
  | {
      readonly ok: true
      readonly text: string
      readonly violations: ReadonlyArray<ShownViolation>
      /** What the example reads of the answer (`then`), as text; null when it reads the whole answer or a method's result. */
      readonly read: string | null
      /** The value the example's assertion is about: the answer, or what `then` reads of it; absent when `then` calls a method. */
      readonly asserted?: { readonly value: unknown }
    }
  | { readonly ok: false; readonly error: string }

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The JSON arguments with their markers replaced by the values they stand for. */
export const reviveArgs = (value: unknown, library: Readonly<Record<string, unknown>>): unknown => {
  if (Array.isArray(value)) return value.map((v) => reviveArgs(v, library))
  if (!isRecord(value)) return value
  const keys = Object.keys(value)
  if (keys.length === 1 && typeof value['$export'] === 'string') {
    const name = value['$export']
    if (!Object.hasOwn(library, name)) throw new Error(`the library has no export ${name} in this page's map`)
    return library[name]
  }
  if (typeof value['$dateTime'] === 'string' && keys.every((k) => k === '$dateTime' || k === 'options')) {
    const options = value['options']
    return DateTime.fromISO(value['$dateTime'], isRecord(options) ? (options as Parameters<typeof DateTime.fromISO>[1]) : {})
  }
  return Object.fromEntries(keys.map((k) => [k, reviveArgs(value[k], library)]))
}

/** The answer as text: JSON with two-space indent; undefined, bigint, functions, Map and Set written readably. */
export const showValue = (value: unknown): string => {
  if (value === undefined) return 'undefined'
  const seen = new WeakSet<object>()
  const text = JSON.stringify(
    value,
    (_key, v: unknown) => {
      if (v === undefined) return '[undefined]'
      if (typeof v === 'bigint') return `${v.toString()}n`
      if (typeof v === 'function') return `[function ${(v as { name?: string }).name ?? ''}]`
      if (typeof v === 'number' && !Number.isFinite(v)) return String(v)
      if (v instanceof Map) return { '[Map]': [...v.entries()] }
      if (v instanceof Set) return { '[Set]': [...v.values()] }
      if (typeof v === 'object' && v !== null) {
        if (seen.has(v)) return '[circular]'
        seen.add(v)
      }
      return v
    },
    2,
  )
  return text ?? String(value)
}

/** The violations an answer carries: an fp-ts Left of violations, a ProblemDetail's `violations`, or a list of them. */
export const violationsOf = (value: unknown): ShownViolation[] => {
  const asList = (v: unknown): ShownViolation[] | null => {
    if (!Array.isArray(v) || v.length === 0) return null
    const out: ShownViolation[] = []
    for (const x of v) {
      if (!isRecord(x) || typeof x['field'] !== 'string') return null
      out.push({ field: x['field'], code: typeof x['code'] === 'string' ? x['code'] : '', reason: typeof x['reason'] === 'string' ? x['reason'] : '' })
    }
    return out
  }
  if (!isRecord(value)) return asList(value) ?? []
  const inner = value['_tag'] === 'Left' ? value['left'] : value
  return asList(inner) ?? (isRecord(inner) ? asList(inner['violations']) : null) ?? []
}

/**
 * What the example reads of the answer when it is a plain path (`.right`, `.left.status`,
 * `.left.violations[0].code`); null for anything else (a method call): the page shows the whole answer.
 */
export const readPath = (value: unknown, then: string): { readonly value: unknown } | null => {
  if (then === '') return { value }
  const steps: string[] = []
  const re = /\.([A-Za-z_$][\w$]*)|\[(\d+)\]/gy
  let m: RegExpExecArray | null
  let at = 0
  while ((m = re.exec(then)) !== null) {
    steps.push(m[1] ?? m[2] ?? '')
    at = re.lastIndex
  }
  if (at !== then.length) return null
  let v: unknown = value
  for (const s of steps) {
    if (typeof v !== 'object' || v === null || !Object.hasOwn(v, s)) return { value: undefined }
    v = (v as Record<string, unknown>)[s]
  }
  return { value: v }
}

/**
 * Runs the named function on the arguments written as JSON text (an array, one entry per
 * argument). Never throws: text that is not a JSON array, an unknown function, or a function that
 * throws gives { ok: false, error }.
 */
export const runExample = (fn: string, argsText: string, library: Readonly<Record<string, unknown>>, then = ''): RunResult => {
  let parsed: unknown
  try {
    parsed = JSON.parse(argsText)
  } catch (e) {
    return { ok: false, error: `The arguments are not JSON: ${e instanceof Error ? e.message : String(e)}` }
  }
  if (!Array.isArray(parsed)) return { ok: false, error: 'The arguments must be a JSON array, one entry per argument.' }
  const f = Object.hasOwn(library, fn) ? library[fn] : undefined
  if (typeof f !== 'function') return { ok: false, error: `No library function ${fn} in this page's map.` }
  try {
    const args = reviveArgs(parsed, library) as unknown[]
    const answer: unknown = (f as (...a: unknown[]) => unknown)(...args)
    const read = readPath(answer, then)
    return {
      ok: true,
      text: showValue(answer),
      violations: violationsOf(answer),
      read: then === '' || read === null ? null : showValue(read.value),
      ...(read === null ? {} : { asserted: read }),
    }
  } catch (e) {
    return { ok: false, error: `The call threw: ${e instanceof Error ? e.message : String(e)}` }
  }
}

/**
 * Whether two values are the same once written as JSON (a DateTime as its ISO text, undefined members
 * dropped), key order aside: the library's canonical JSON (RFC 8785 layout) of both.
 */
export const sameJson = (a: unknown, b: unknown): boolean => {
  if (a === undefined || b === undefined) return a === b
  try {
    const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v)) as unknown
    return canonicalJson(json(a)) === canonicalJson(json(b))
  } catch {
    return false
  }
}
