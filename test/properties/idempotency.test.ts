import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { canonicalJson, decideIdempotency } from '../../src/rules/idempotency.js'

const HOUR = 3_600_000
const jsonArb = fc.jsonValue({ maxDepth: 4 })
const objectArb = fc.dictionary(fc.string({ maxLength: 6 }), jsonArb, { minKeys: 1, maxKeys: 6 })
const instantArb = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }).map((ms) => DateTime.fromMillis(ms, { zone: 'utc' }))

/** The same JSON with object keys in a random order, at every depth. */
const permute = (v: unknown, order: (keys: string[]) => string[]): unknown => {
  if (Array.isArray(v)) return v.map((x) => permute(x, order))
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {}
    for (const k of order(Object.keys(v))) Object.defineProperty(out, k, { value: permute((v as Record<string, unknown>)[k], order), enumerable: true, writable: true, configurable: true })
    return out
  }
  return v
}

/** Every leaf path of a JSON value. */
const leaves = (v: unknown, path: Array<string | number> = []): Array<Array<string | number>> => {
  if (Array.isArray(v)) return v.length === 0 ? [path] : v.flatMap((x, i) => leaves(x, [...path, i]))
  if (v !== null && typeof v === 'object') {
    const keys = Object.keys(v)
    return keys.length === 0 ? [path] : keys.flatMap((k) => leaves((v as Record<string, unknown>)[k], [...path, k]))
  }
  return [path]
}
const changeAt = (v: unknown, path: ReadonlyArray<string | number>): unknown => {
  if (path.length === 0) return { changed: [v] } // a different value of another type
  const [head, ...rest] = path
  if (Array.isArray(v)) return v.map((x, i) => (i === head ? changeAt(x, rest) : x))
  const o = v as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const k of Object.keys(o)) Object.defineProperty(out, k, { value: k === head ? changeAt(o[k], rest) : o[k], enumerable: true, writable: true, configurable: true })
  return out
}

describe('CRT-10 idempotency', () => {
  it('any permutation of keys and any insignificant whitespace replays within the window', () => {
    fc.assert(
      fc.property(objectArb, fc.func(fc.integer()), instantArb, fc.integer({ min: 0, max: 24 * HOUR - 1 }), fc.boolean(), (body, rank, createdAt, age, asText) => {
        const shuffled = permute(body, (keys) => [...keys].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1)))
        const incoming = asText ? JSON.stringify(shuffled, null, 3) : shuffled
        const d = decideIdempotency({ body: JSON.stringify(body), createdAt, response: { id: 1 } }, { body: incoming, now: createdAt.plus({ milliseconds: age }) })
        expect(d).toEqual({ kind: 'replay', response: { id: 1 } })
      }),
    )
  })
  it('any change of any leaf value conflicts with a 409 idempotency_key_conflict', () => {
    fc.assert(
      fc.property(objectArb.chain((b) => fc.tuple(fc.constant(b), fc.constantFrom(...leaves(b)))), instantArb, fc.integer({ min: 0, max: 24 * HOUR - 1 }), ([body, path], createdAt, age) => {
        const d = decideIdempotency({ body, createdAt, response: null }, { body: changeAt(body, path), now: createdAt.plus({ milliseconds: age }) })
        expect(d.kind).toBe('conflict')
        if (d.kind === 'conflict') expect([d.problem.status, d.problem.reason]).toEqual([409, 'idempotency_key_conflict'])
      }),
    )
  })
  it('after the window (24 hours, exactly included) the key is free: new, whatever the body', () => {
    fc.assert(
      fc.property(objectArb, objectArb, instantArb, fc.integer({ min: 24 * HOUR, max: 1000 * HOUR }), (a, b, createdAt, age) => {
        expect(decideIdempotency({ body: a, createdAt, response: 1 }, { body: b, now: createdAt.plus({ milliseconds: age }) })).toEqual({ kind: 'new' })
      }),
    )
  })
  it('nothing stored is new', () => {
    fc.assert(fc.property(objectArb, instantArb, (b, now) => {
      expect(decideIdempotency(null, { body: b, now })).toEqual({ kind: 'new' })
    }))
  })
  it('canonical JSON is a function of the JSON value: equal for equal values, different for different ones, and parses back to the value', () => {
    fc.assert(
      fc.property(jsonArb, jsonArb, (a, b) => {
        const same = JSON.stringify(JSON.parse(canonicalJson(a))) === JSON.stringify(JSON.parse(canonicalJson(b)))
        expect(canonicalJson(a) === canonicalJson(b)).toBe(same)
        expect(JSON.parse(canonicalJson(a))).toEqual(JSON.parse(JSON.stringify(a)))
      }),
    )
  })
})
