// Structure-aware mutations of valid payloads (issue 13, item 2): pick a place in a payload (the
// payload itself, any key of any object, any index of any array, at any depth) and drop it,
// retype it, duplicate it, nest it deeper, or replace it by a number or string that trips checks
// (NaN, ±Infinity, -0, 1e308, -1, 2^53, '', lone surrogates, RTL and zero-width characters).
// Every mutation copies along the path; the payload itself is never changed.
import fc from 'fast-check'
import type { Path } from '../../src/errors/path.js'
import { placesOf } from '../../src/arbitraries/corruption.js'

/** What a mutation does at its place. */
export type MutationOp = 'drop' | 'retype' | 'duplicate' | 'nest' | 'special' | 'text' | 'hostile-key'

/** Numbers at and past the edges. */
export const SPECIAL_NUMBERS: ReadonlyArray<number> = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 1e308, -1e308, -1, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), Number.MIN_VALUE, 0.1 + 0.2]

/** Strings that break text handling: empty, lone surrogates, bidi controls, zero-width characters. */
export const SPECIAL_STRINGS: ReadonlyArray<string> = [
  '', ' ', '\ud800', '\udfff', 'a\ud83d', '\udc00b', '\u202eLTR', '\u2067x\u2069', '\u200b', '\u200c\u200d', '\ufeff', '\u00ad', '\u0000',
  'x'.repeat(2001), '📦'.repeat(1001), '__proto__', 'constructor', 'NaN', '-0', '1e308',
]

/** One value of each other JSON type (and the JS-only ones) to retype a place with. */
const RETYPES: ReadonlyArray<unknown> = [null, undefined, 0, 1, true, false, '', 'x', [], [null], {}, { a: 1 }, 10n]

/** How a string is damaged in place: a bidi override or zero-width joiner inserted, a lone surrogate appended or prepended. */
const TEXT_DAMAGE: ReadonlyArray<(s: string) => string> = [
  (s) => `\u202e${s}`,
  (s) => `${s.slice(0, 1)}\u200b${s.slice(1)}`,
  (s) => `${s}\u200d`,
  (s) => `${s}\ud83d`,
  (s) => `\udc00${s}`,
  (s) => `${s}\u0301`,
  (s) => s.normalize('NFD'),
  (s) => `${s}${s}`,
]

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

const define = (o: Record<string, unknown>, key: string, value: unknown): void => {
  Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true })
}

const DROP: unique symbol = Symbol('drop')

/** A copy of `root` with the value at `path` replaced by `f(value)` (`DROP` deletes it). */
const updateAt = (root: unknown, path: Path, f: (v: unknown) => unknown): unknown => {
  if (path.length === 0) return f(root)
  const [head, ...rest] = path
  if (Array.isArray(root) && typeof head === 'number') {
    const copy = [...root]
    const next = updateAt(root[head], rest, f)
    if (next === DROP) copy.splice(head, 1)
    else copy[head] = next
    return copy
  }
  if (!isPlainObject(root)) return root
  const key = String(head)
  const next = updateAt(root[key], rest, f)
  const copy: Record<string, unknown> = {}
  for (const k of Object.keys(root)) if (k !== key) define(copy, k, root[k])
  if (next !== DROP) define(copy, key, next)
  return copy
}

/** Applies one mutation to a payload. */
export const applyMutation = (payload: unknown, path: Path, op: MutationOp, pick: number): unknown =>
  updateAt(payload, path, (v) => {
    switch (op) {
      case 'drop':
        return path.length === 0 ? undefined : DROP
      case 'retype':
        return RETYPES[pick % RETYPES.length]
      case 'duplicate':
        // An array gets the element twice; an object gets the value again under a case variant of a key.
        if (Array.isArray(v)) return [...v, ...v.slice(0, 1)]
        if (isPlainObject(v)) {
          const keys = Object.keys(v)
          if (keys.length === 0) return v
          const k = keys[pick % keys.length]!
          const copy = { ...v }
          define(copy, k.toUpperCase() === k ? k.toLowerCase() : k.toUpperCase(), v[k])
          define(copy, `${k} `, v[k])
          return copy
        }
        return [v, v]
      case 'nest':
        return pick % 2 === 0 ? [v] : { value: v, [String(path.at(-1) ?? 'value')]: v }
      case 'special':
        return pick % 2 === 0 ? SPECIAL_NUMBERS[pick % SPECIAL_NUMBERS.length] : SPECIAL_STRINGS[pick % SPECIAL_STRINGS.length]
      case 'text':
        return typeof v === 'string' ? TEXT_DAMAGE[pick % TEXT_DAMAGE.length]!(v) : SPECIAL_STRINGS[pick % SPECIAL_STRINGS.length]
      case 'hostile-key': {
        if (!isPlainObject(v)) return v
        const copy = { ...v }
        const hostile = JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true}}') as Record<string, unknown>
        const key = ['__proto__', 'constructor', 'prototype'][pick % 3]!
        define(copy, key, hostile[key])
        return copy
      }
    }
  })

/** A payload with one to three structure-aware mutations. */
export const mutated = (payload: unknown): fc.Arbitrary<unknown> =>
  fc
    .array(
      fc.record({
        place: fc.nat(),
        op: fc.constantFrom<MutationOp>('drop', 'retype', 'duplicate', 'nest', 'special', 'text', 'hostile-key'),
        pick: fc.nat(),
      }),
      { minLength: 1, maxLength: 3 },
    )
    .map((ms) =>
      ms.reduce((p, m) => {
        const places = placesOf(p)
        const place = places[m.place % places.length]!
        return applyMutation(p, place.path, m.op, m.pick)
      }, payload),
    )

/** The string places of a payload (paths to string values), for the 10 MB string test. */
export const stringPlaces = (payload: unknown): ReadonlyArray<Path> => placesOf(payload).filter((p) => typeof p.value === 'string').map((p) => p.path)

/** A copy of `payload` with `value` at `path`. */
export const replaceAt = (payload: unknown, path: Path, value: unknown): unknown => updateAt(payload, path, () => value)
