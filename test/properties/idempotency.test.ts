import fc from 'fast-check'
import { DateTime } from 'luxon'
import { runsOf } from 'shipper-rules-testkit'
import { describe, expect, it } from 'vitest'
import { canonicalJsonText } from '../../src/internal/canonicalJson.js'
import { canonicalJson, decideIdempotency, IDEMPOTENCY_KEY_MAX_LENGTH, parseIdempotencyKey } from '../../src/rules/idempotency.js'

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

// Raw JSON text compared exactly: a small JSON model whose numbers are exact decimals
// (sign, BigInt mantissa, power of ten), written out in many spellings, against an oracle that
// compares the models with BigInt arithmetic.
type Num = { readonly neg: boolean; readonly mantissa: bigint; readonly exp: number }
type Model = null | boolean | string | { readonly num: Num } | ReadonlyArray<Model> | { readonly obj: ReadonlyArray<readonly [string, Model]> }

const isNum = (m: Model): m is { num: Num } => m !== null && typeof m === 'object' && 'num' in m
const isObj = (m: Model): m is { obj: ReadonlyArray<readonly [string, Model]> } => m !== null && typeof m === 'object' && 'obj' in m

const mantissaArb = fc.oneof(
  fc.bigInt({ min: 0n, max: 1000n }),
  fc.bigInt({ min: 2n ** 53n - 3n, max: 2n ** 53n + 3n }),
  fc.bigInt({ min: 10n ** 16n, max: 10n ** 30n }),
  fc.bigInt({ min: 0n, max: 10n ** 40n }),
)
const numArb: fc.Arbitrary<Num> = fc.record({ neg: fc.boolean(), mantissa: mantissaArb, exp: fc.integer({ min: -40, max: 40 }) })
const keyArb = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('a', 'b', 'é', '\u{1F4E6}', '\ud800', '/', '"', '\\', '\n'))
const modelArb: fc.Arbitrary<Model> = fc.letrec<{ m: Model }>((tie) => ({
  m: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    keyArb,
    numArb.map((num) => ({ num })),
    fc.array(tie('m'), { maxLength: 4 }),
    fc.uniqueArray(fc.tuple(keyArb, tie('m')), { maxLength: 4, selector: ([k]) => k }).map((obj) => ({ obj })),
  ),
})).m

/** The exact value of a number as (sign, mantissa without trailing zeros, exponent); zero has one form. */
const exact = (n: Num): string => {
  if (n.mantissa === 0n) return '0'
  let m = n.mantissa
  let e = n.exp
  while (m % 10n === 0n) {
    m /= 10n
    e += 1
  }
  return `${n.neg ? '-' : ''}${m}e${e}`
}
const oracleEqual = (a: Model, b: Model): boolean => {
  if (isNum(a) || isNum(b)) return isNum(a) && isNum(b) && exact(a.num) === exact(b.num)
  if (isObj(a) || isObj(b)) {
    if (!isObj(a) || !isObj(b) || a.obj.length !== b.obj.length) return false
    const other = new Map(b.obj)
    return a.obj.every(([k, v]) => other.has(k) && oracleEqual(v, other.get(k)!))
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => oracleEqual(x, b[i]!))
  }
  return a === b
}

/** A deterministic source of choices (mulberry32), so one generated seed picks a whole spelling. */
const chooser = (seed: number) => {
  let s = seed >>> 0
  return (n: number): number => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (((t ^ (t >>> 14)) >>> 0) % n)
  }
}
const WS = ['', '', ' ', '\n', '\t', '\r\n  ']
/** One of the many literals of a number's value: trailing zeros, point position, exponent and its spelling. */
const spellNumber = (n: Num, pick: (k: number) => number): string => {
  const z = pick(4)
  const digits = (n.mantissa * 10n ** BigInt(z)).toString()
  const f = pick(digits.length + 3) // digits after the point
  const intPart = f >= digits.length ? '0' : digits.slice(0, digits.length - f)
  const frac = f === 0 ? '' : `.${f >= digits.length ? '0'.repeat(f - digits.length) + digits : digits.slice(digits.length - f)}`
  const e = n.exp - z + f
  const expText = e === 0 && pick(2) === 0 ? '' : `${['e', 'E'][pick(2)]}${e < 0 ? '-' : ['', '+'][pick(2)]}${'0'.repeat(pick(3))}${Math.abs(e)}`
  return `${n.neg ? '-' : ''}${intPart}${frac}${expText}`
}
const spellString = (s: string, pick: (k: number) => number): string =>
  `"${[...s]
    .flatMap((ch) => (ch.length === 2 ? [ch[0]!, ch[1]!] : [ch]))
    .map((u) => {
      const plain = JSON.stringify(u).slice(1, -1)
      return pick(3) === 0 ? `\\u${u.charCodeAt(0).toString(16).padStart(4, '0')}` : u === '/' && pick(2) === 0 ? '\\/' : plain
    })
    .join('')}"`
const spell = (m: Model, pick: (k: number) => number): string => {
  const ws = () => WS[pick(WS.length)]!
  if (m === null || typeof m === 'boolean') return JSON.stringify(m)
  if (typeof m === 'string') return spellString(m, pick)
  if (isNum(m)) return spellNumber(m.num, pick)
  if (isObj(m)) {
    const members = [...m.obj]
    for (let i = members.length - 1; i > 0; i--) {
      const j = pick(i + 1)
      ;[members[i], members[j]] = [members[j]!, members[i]!]
    }
    return `{${ws()}${members.map(([k, v]) => `${spellString(k, pick)}${ws()}:${ws()}${spell(v, pick)}`).join(`${ws()},${ws()}`)}${ws()}}`
  }
  return `[${ws()}${(m as ReadonlyArray<Model>).map((x) => spell(x, pick)).join(`${ws()},${ws()}`)}${ws()}]`
}

/** Every number leaf of a model, by path. */
const numberPaths = (m: Model, path: number[] = []): number[][] => {
  if (isNum(m)) return [path]
  if (isObj(m)) return m.obj.flatMap(([, v], i) => numberPaths(v, [...path, i]))
  if (Array.isArray(m)) return (m as ReadonlyArray<Model>).flatMap((x, i) => numberPaths(x, [...path, i]))
  return []
}
const mapAt = (m: Model, path: ReadonlyArray<number>, f: (n: Num) => Num): Model => {
  if (path.length === 0) return isNum(m) ? { num: f(m.num) } : m
  const [head, ...rest] = path
  if (isObj(m)) return { obj: m.obj.map(([k, v], i) => [k, i === head ? mapAt(v, rest, f) : v] as const) }
  return (m as ReadonlyArray<Model>).map((x, i) => (i === head ? mapAt(x, rest, f) : x))
}
/** Changes of a number: most change its value (in the last digit, past 2^53 or past 17 digits), some keep it. */
const numberChangeArb: fc.Arbitrary<(n: Num) => Num> = fc.oneof(
  fc.constant((n: Num) => ({ ...n, mantissa: n.mantissa + 1n })),
  fc.constant((n: Num) => ({ ...n, mantissa: n.mantissa * 10n ** 22n + 1n, exp: n.exp - 22 })),
  fc.constant((n: Num) => ({ ...n, neg: !n.neg })),
  fc.constant((n: Num) => ({ ...n, exp: n.exp + 1 })),
  fc.constant((n: Num) => ({ ...n, mantissa: n.mantissa * 10n, exp: n.exp - 1 })),
  fc.bigInt({ min: 1n, max: 10n ** 25n }).map((d) => (n: Num) => ({ ...n, mantissa: n.mantissa + d })),
)
const window = (createdAt: DateTime) => ({ createdAt, now: createdAt.plus({ hours: 1 }) })
const decideTexts = (a: string | unknown, b: string | unknown) => {
  const { createdAt, now } = window(DateTime.fromISO('2026-11-22T08:00:00Z'))
  return decideIdempotency({ body: a, createdAt, response: 'stored' }, { body: b, now }).kind
}

describe('CRT-10 idempotency compares raw JSON text exactly', () => {
  it('two spellings of the same document (key order, whitespace, number literals, string escapes) replay', () => {
    fc.assert(
      fc.property(modelArb, fc.integer(), fc.integer(), (m, s1, s2) => {
        const a = spell(m, chooser(s1))
        const b = spell(m, chooser(s2))
        expect(JSON.parse(a)).toEqual(JSON.parse(b)) // the spellings are JSON, and JSON.parse sees the same value
        expect(decideTexts(a, b)).toBe('replay')
      }),
      { numRuns: runsOf(300) },
    )
  })
  it('a change of a number replays exactly when the exact decimal values are equal (BigInt oracle)', () => {
    const changed = modelArb
      .filter((m) => numberPaths(m).length > 0)
      .chain((m) => fc.tuple(fc.constant(m), fc.constantFrom(...numberPaths(m)), numberChangeArb))
    fc.assert(
      fc.property(changed, fc.integer(), fc.integer(), ([m, path, change], s1, s2) => {
        const other = mapAt(m, path, change)
        const verdict = decideTexts(spell(m, chooser(s1)), spell(other, chooser(s2)))
        expect(verdict).toBe(oracleEqual(m, other) ? 'replay' : 'conflict')
      }),
      { numRuns: runsOf(500) },
    )
  })
  it('any two documents replay exactly when the oracle finds them equal', () => {
    fc.assert(
      fc.property(modelArb, modelArb, fc.integer(), (a, b, s) => {
        expect(decideTexts(spell(a, chooser(s)), spell(b, chooser(s + 1)))).toBe(oracleEqual(a, b) ? 'replay' : 'conflict')
      }),
      { numRuns: runsOf(300) },
    )
  })
  it('raw text and the parsed value it came from replay, for any JSON value JavaScript writes', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(0, 1, 2, '\t'), (v, indent) => {
        const text = JSON.stringify(v, null, indent)
        expect(canonicalJsonText(text)).toBe(canonicalJson(v))
        if (typeof v === 'string') return // a string body is raw text, never a parsed string value
        expect(decideTexts(text, v)).toBe('replay')
        expect(decideTexts(v, text)).toBe('replay')
      }),
    )
  })
  it('the tokenizer accepts exactly what JSON.parse accepts', () => {
    const damaged = fc
      .tuple(fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v, null, 1)), fc.nat(), fc.constantFrom('', ',', ']', '}', '[', '{', '"', '\\', ':', '0', '-', '.', 'e', ' ', '\u0001', 'x', 'u'), fc.boolean())
      .map(([t, at, ch, replace]) => {
        const i = t.length === 0 ? 0 : at % t.length
        return t.slice(0, i) + ch + t.slice(replace ? i + 1 : i)
      })
    fc.assert(
      fc.property(fc.oneof(damaged, fc.string(), fc.constantFrom('', ' ', '01', '-', '1.', '.5', '1e', '+1', '"\\u00g1"', '[1,]', '{"a":1,}', '\ufeff{}', '"\t"', 'nul', 'true false', '{"a" 1}', '-0', '1E+2', '"\\/"')), (t) => {
        let parses = true
        try {
          JSON.parse(t)
        } catch {
          parses = false
        }
        expect(canonicalJsonText(t) !== undefined).toBe(parses)
      }),
      { numRuns: runsOf(2000) },
    )
  })
  it('numbers: the brief cases, huge exponents, duplicate keys and escapes', () => {
    expect(decideTexts('{"w": 9007199254740993}', '{"w": 9007199254740992}')).toBe('conflict')
    expect(decideTexts('{"w": 9007199254740993}', { w: 9007199254740993 })).toBe('conflict') // the parsed value holds 2^53
    expect(decideTexts('{"w": 9007199254740992}', { w: 9007199254740992 })).toBe('replay')
    expect(decideTexts('[0.1000000000000000000001]', '[0.1]')).toBe('conflict')
    expect(decideTexts('[0.1]', [0.1])).toBe('replay')
    expect(decideTexts('[1, 1.0, 1e0, 10e-1, 0.1E1, 100E-2]', '[1,1,1,1,1,1]')).toBe('replay')
    expect(decideTexts('[0, -0, 0.0, 0e99, -0.000E-7]', '[0,0,0,0,0]')).toBe('replay')
    expect(decideTexts('[1e400]', '[10e399]')).toBe('replay')
    expect(decideTexts('[1e400]', '[1e401]')).toBe('conflict')
    expect(decideTexts('[1e-400]', '[0]')).toBe('conflict')
    expect(decideTexts('[1e1000000000000000000000]', '[10e999999999999999999999]')).toBe('replay')
    expect(decideTexts('[1e1000000000000000000000]', '[0.1e1000000000000000000001]')).toBe('replay')
    expect(decideTexts('[1e1000000000000000000000]', '[1e1000000000000000000001]')).toBe('conflict')
    expect(decideTexts('[1.5e-1000000000000000000000]', '[15e-1000000000000000000001]')).toBe('replay')
    // Across the 15-digit exponent boundary, with a carry and a borrow in the long exponent.
    expect(decideTexts('[1e1000000000000000]', '[1000e999999999999997]')).toBe('replay')
    expect(decideTexts('[1e1000000000000000]', '[10e999999999999999]')).toBe('replay')
    expect(decideTexts('[0.1e1000000000000000]', '[1e999999999999999]')).toBe('replay')
    expect(decideTexts('[-0.25e-1000000000000000]', '[-25e-1000000000000002]')).toBe('replay')
    expect(decideTexts('[0.1e1000000000000000]', '[1e1000000000000000]')).toBe('conflict')
    expect(canonicalJsonText('[1e21, 1e-7, 123.456, 1e20, 0.000001, 1.5e300]')).toBe(canonicalJson([1e21, 1e-7, 123.456, 1e20, 0.000001, 1.5e300]))
    expect(decideTexts('{"a": 1, "a": 2}', '{"a": 2}')).toBe('replay')
    expect(decideTexts('{"a": 1, "a": 2}', '{"a": 1}')).toBe('conflict')
    expect(decideTexts('["\\u0041\\/\\n"]', '["A/\\u000a"]')).toBe('replay')
    expect(decideTexts('["\\ud800"]', ['\ud800'])).toBe('replay')
  })
  it('text that is not JSON compares as sent, and never equals a JSON body', () => {
    expect(decideTexts('{"a":1', '{"a":1')).toBe('replay')
    expect(decideTexts('{"a":1', '{"a": 1')).toBe('conflict')
    expect(decideTexts('text:1', 1)).toBe('conflict')
  })
  it('100,000 nested arrays or objects, as text or as values, are compared without overflowing the stack', () => {
    const depth = 100_000
    const text = (inner: string) => '['.repeat(depth) + inner + ']'.repeat(depth)
    expect(decideTexts(text('1'), text('1.0'))).toBe('replay')
    expect(decideTexts(text('1'), text('2'))).toBe('conflict')
    const objects = (inner: string) => '{"a":'.repeat(depth) + inner + '}'.repeat(depth)
    expect(decideTexts(objects('1'), objects('10e-1'))).toBe('replay')
    expect(decideTexts(objects('1'), objects('2'))).toBe('conflict')
    let a: unknown = 1
    let b: unknown = 2
    for (let i = 0; i < depth; i++) {
      a = [a]
      b = [b]
    }
    expect(decideTexts(a, b)).toBe('conflict')
    expect(decideTexts(a, text('1'))).toBe('replay')
  })
  it('a body that cannot be read never replays and never throws; its canonical JSON is the text null, however deep the part that cannot be read', () => {
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic['self'] = cyclic
    const revoked = Proxy.revocable({}, {})
    revoked.revoke()
    const throwing = Object.defineProperty({}, 'x', { enumerable: true, get: () => { throw new Error('boom') } })
    for (const body of [cyclic, revoked.proxy, throwing]) {
      expect(decideTexts(body, body)).toBe('conflict')
      // no JSON text, at the top or at any depth inside a JSON value: the whole is the text null
      expect(canonicalJson(body)).toBe('null')
      fc.assert(
        fc.property(jsonArb, fc.array(fc.constantFrom('array', 'object'), { maxLength: 4 }), (json, wrappers) => {
          const nested = wrappers.reduce<unknown>((inner, w) => (w === 'array' ? [json, inner] : { json, inner }), body)
          expect(canonicalJson(nested)).toBe('null')
        }),
        { numRuns: runsOf(100) },
      )
    }
    const shared = { a: 1 }
    expect(decideTexts({ x: shared, y: shared }, '{"y":{"a":1},"x":{"a":1}}')).toBe('replay') // shared, not cyclic
  })
})

// Its time is a benchmark (bench/hostile.mjs, "linear in the input past every limit"), not a
// clock reading here, which a loaded CI machine could break: a comparison that was not linear
// would not finish (10^12 steps) and the step time limit of .ci/run would name this file.
describe('CRT-10 idempotency on hostile text', () => {
  it('a number of a million digits with a long inner run of zeros, a million-digit exponent, or a million escapes is compared exactly', () => {
    const zeros = '0'.repeat(1_000_000)
    const cases: Array<[string, string]> = [
      [`[1${zeros}1]`, `[1${zeros}2]`],
      [`[1e${'9'.repeat(1_000_000)}]`, `[1e${'9'.repeat(999_999)}8]`],
      [`["${'\\u0041'.repeat(200_000)}"]`, `["${'A'.repeat(199_999)}B"]`],
    ]
    for (const [a, b] of cases) {
      expect(decideTexts(a, b)).toBe('conflict')
      expect(decideTexts(a, a)).toBe('replay')
    }
  })
})

describe('CRT-10 the Idempotency-Key header: 1 to 255 visible ASCII characters, as sent', () => {
  const visible = fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c))
  it('a key of 1 to 255 visible ASCII characters comes back exactly as sent; absent is no key (null)', () => {
    fc.assert(
      fc.property(fc.array(visible, { minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH }).map((cs) => cs.join('')), (key) => {
        expect(parseIdempotencyKey(key)).toEqual({ _tag: 'Right', right: key })
      }),
    )
    expect(parseIdempotencyKey(undefined)).toEqual({ _tag: 'Right', right: null })
    expect(IDEMPOTENCY_KEY_MAX_LENGTH).toBe(255)
  })

  it('anything else is one 400 validation_failed violation at Idempotency-Key, its code saying why', () => {
    /** The oracle, by characters: what a key breaks first. */
    const expected = (v: unknown): string => {
      if (typeof v !== 'string') return 'type'
      if (v === '') return 'required'
      if ([...v].length > 255) return 'max_length'
      if (v.includes('\u0000') || [...v].some((c) => c.length === 1 && c >= '\ud800' && c <= '\udfff')) return 'encoding'
      return [...v].every((c) => c >= '!' && c <= '~') ? 'accepted' : 'pattern'
    }
    const bad = fc.constantFrom(' ', '\t', '\u0000', '\u007f', 'é', '\ud800', '\udc00', '📦', '\u00a0', '\n')
    const keyArb = fc.oneof(
      fc.tuple(fc.array(visible, { maxLength: 10 }), bad, fc.array(visible, { maxLength: 10 })).map(([a, b, c]) => [...a, b, ...c].join('')),
      fc.integer({ min: 256, max: 600 }).map((n) => 'k'.repeat(n)),
      fc.integer({ min: 128, max: 300 }).map((n) => '📦'.repeat(n)),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.constantFrom<unknown>('', null, 1, ['a', 'b'], true, {}),
    )
    fc.assert(
      fc.property(keyArb, (key) => {
        const r = parseIdempotencyKey(key)
        const want = expected(key)
        if (want === 'accepted') expect(r).toEqual({ _tag: 'Right', right: key })
        else {
          expect(r._tag).toBe('Left')
          if (r._tag === 'Left') {
            expect([r.left.status, r.left.reason]).toEqual([400, 'validation_failed'])
            expect(r.left.violations?.map((v) => [v.field, v.code])).toEqual([['Idempotency-Key', want]])
          }
        }
      }),
    )
  })
})
