// Laws and oracles for src/errors/ that the mutation run (docs/mutation.md) showed missing:
// readProblemDetail judged against a declarative oracle over generated wire objects whose every
// slot is absent, null, a string or a value of another JSON type (ERR-04); the plural of the
// validation detail (ERR-01); the documented failure values of the total() wrappers; reason-code
// membership for values that are not strings (ERR-02).
import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { isLeft } from 'fp-ts/lib/Either.js'
import { parsePath, renderPath } from '../../src/errors/path.js'
import { REASON_CATALOGUE, REASON_CODES, isReasonCode, statusForReason } from '../../src/errors/catalogue.js'
import { problemFor, readProblemDetail, validationProblem } from '../../src/errors/problem.js'
import { reasonCodeArb, violationsArb } from '../../src/arbitraries/errors.js'
import { deepFreeze } from '../arbitraries/freeze.js'
import { leftOf, rightOf } from '../support/either.js'

// ---------------------------------------------------------------------------------------------
// Generated wire values. `ABSENT` is a key left out of the object.

const ABSENT: unique symbol = Symbol('absent')
type Slot = unknown

/** The JSON type name a reader reports ("got a number"). */
const typeName = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)

/** A value of a JSON type other than string (and other than null). */
const nonStringArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.string(), { maxKeys: 2, noNullPrototype: true }),
)

/** A text slot: absent, null, a string (sometimes a reason code) or another type. */
const textSlotArb = (strings: fc.Arbitrary<string>): fc.Arbitrary<Slot> =>
  fc.oneof(fc.constant(ABSENT), fc.constant(null), strings, nonStringArb)

const reasonTextArb: fc.Arbitrary<string> = fc.oneof(reasonCodeArb, fc.string().map((s) => `x-${s}`))

const statusSlotArb: fc.Arbitrary<Slot> = fc.oneof(
  fc.constant(ABSENT),
  fc.constant(null),
  fc.integer({ min: 400, max: 599 }),
  fc.constantFrom(400, 401, 403, 404, 409, 413, 415, 422, 500, 599),
  fc.oneof(fc.integer({ min: -1000, max: 399 }), fc.integer({ min: 600, max: 100_000 })),
  fc.double({ min: 400, max: 599, noNaN: true }).filter((n) => !Number.isInteger(n)),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 399.5),
  fc.constantFrom('400', true, [404], { status: 404 }),
)

/** A well-formed violation in either spelling (`field`/`key`, `reason`/`label`). */
const validItemArb: fc.Arbitrary<Slot> = fc.record({
  field: fc.oneof(fc.string(), fc.constant(ABSENT)),
  key: fc.string(),
  reason: fc.oneof(fc.string(), fc.constant(ABSENT)),
  label: fc.string(),
  entity: fc.oneof(fc.constant(ABSENT), fc.constant(null), fc.string()),
  code: fc.oneof(fc.constant(ABSENT), fc.string()),
})

const violationItemArb: fc.Arbitrary<Slot> = fc.oneof(
  { weight: 1, arbitrary: fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.array(fc.string(), { maxLength: 2 })) },
  {
    weight: 5,
    arbitrary: fc.record({
      field: textSlotArb(fc.string()),
      key: textSlotArb(fc.string()),
      reason: textSlotArb(fc.string()),
      label: textSlotArb(fc.string()),
      entity: textSlotArb(fc.string()),
      code: textSlotArb(fc.string()),
    }),
  },
  { weight: 4, arbitrary: validItemArb },
)

const violationsSlotArb: fc.Arbitrary<Slot> = fc.oneof(
  fc.constant(ABSENT),
  fc.constant(null),
  fc.oneof(fc.string(), fc.integer(), fc.constant({ 0: 'x' })),
  fc.array(violationItemArb, { maxLength: 4 }),
)

interface Slots {
  readonly type: Slot
  readonly title: Slot
  readonly detail: Slot
  readonly reason: Slot
  readonly reasonCode: Slot
  readonly status: Slot
  readonly violations: Slot
}

const anySlotsArb: fc.Arbitrary<Slots> = fc.record({
  type: textSlotArb(fc.string()),
  title: textSlotArb(fc.string()),
  detail: textSlotArb(fc.string()),
  reason: textSlotArb(reasonTextArb),
  reasonCode: textSlotArb(reasonTextArb),
  status: statusSlotArb,
  violations: violationsSlotArb,
})

/** Slots that hold strings or nothing, a status in range and well-formed violations: mostly readable. */
const readableSlotsArb: fc.Arbitrary<Slots> = fc.record({
  type: fc.oneof(fc.constant(ABSENT), fc.string()),
  title: fc.oneof(fc.constant(ABSENT), fc.string()),
  detail: fc.oneof(fc.constant(ABSENT), fc.string()),
  reason: fc.oneof(fc.constant(ABSENT), reasonTextArb),
  reasonCode: fc.oneof(fc.constant(ABSENT), reasonTextArb),
  status: fc.oneof(fc.constant(ABSENT), fc.integer({ min: 400, max: 599 }), fc.constantFrom(400, 401, 403, 404, 500)),
  violations: fc.oneof(fc.constant(ABSENT), fc.array(validItemArb, { minLength: 1, maxLength: 4 })),
})

const slotsArb: fc.Arbitrary<Slots> = fc.oneof(anySlotsArb, readableSlotsArb)

/** The object a server would send: absent slots left out, nested slots too. */
const toWire = (slots: object): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(slots)) {
    if (v === ABSENT) continue
    out[k] = Array.isArray(v) ? v.map((x) => (typeof x === 'object' && x !== null && !Array.isArray(x) ? toWire(x) : x)) : v
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// The oracle: ERR-04 as a table of what each slot may hold, written from the doc comment of
// readProblemDetail.

interface Expected {
  readonly field: string
  readonly code: string
  /** for `type` violations: the JSON type name the reason must report */
  readonly got?: string
}

const absent = (v: unknown): boolean => v === ABSENT || v === null || v === undefined
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

const oracle = (s: Slots): { violations: Expected[]; value?: Record<string, unknown> } => {
  const found: Expected[] = []
  for (const key of ['type', 'title', 'detail', 'reason', 'reasonCode'] as const) {
    const v = s[key]
    if (!absent(v) && typeof v !== 'string') found.push({ field: key, code: 'type', got: typeName(v) })
  }
  const reasonText = str(s.reason)
  const reasonCodeText = str(s.reasonCode)
  // both sent: a catalogued one wins, `reason` first
  let reason: string | undefined
  if (reasonText !== undefined && reasonCodeText !== undefined) {
    reason = isCatalogued(reasonText) || !isCatalogued(reasonCodeText) ? reasonText : reasonCodeText
  } else {
    reason = reasonText ?? reasonCodeText
  }
  let status: number | undefined
  const st = s.status
  if (absent(st)) {
    if (reason !== undefined && isCatalogued(reason)) status = CATALOGUE_STATUS.get(reason)
    else found.push({ field: 'status', code: 'required' })
  } else if (typeof st !== 'number') found.push({ field: 'status', code: 'type', got: typeName(st) })
  else if (!Number.isInteger(st)) found.push({ field: 'status', code: 'not_integer' })
  else if (st < 400 || st > 599) found.push({ field: 'status', code: 'out_of_range' })
  else status = st
  if ([s.type, s.title, s.detail, s.reason, s.reasonCode].every((v) => typeof v !== 'string')) {
    found.push({ field: '', code: 'required' })
  }
  const read: Record<string, unknown>[] = []
  const vs = s.violations
  if (!absent(vs)) {
    if (!Array.isArray(vs)) found.push({ field: 'violations', code: 'type', got: typeName(vs) })
    else {
      vs.forEach((item: unknown, i) => {
        const at = `violations[${i}]`
        if (typeof item !== 'object' || item === null || Array.isArray(item)) {
          found.push({ field: at, code: 'type', got: typeName(item) })
          return
        }
        const o = item as Record<string, unknown>
        const pick = (primary: string, alias: string): string | undefined => {
          const a = o[primary]
          const b = o[alias]
          const [name, v] = absent(a) ? (absent(b) ? [primary, a] : [alias, b]) : [primary, a]
          if (typeof v === 'string') return v
          found.push(absent(v) ? { field: `${at}.${primary}`, code: 'required' } : { field: `${at}.${name}`, code: 'type', got: typeName(v) })
          return undefined
        }
        const field = pick('field', 'key')
        const why = pick('reason', 'label')
        const e = o['entity']
        const entity = absent(e) ? null : typeof e === 'string' ? e : undefined
        if (entity === undefined) found.push({ field: `${at}.entity`, code: 'type', got: typeName(e) })
        const c = o['code']
        const code = absent(c) ? 'unspecified' : typeof c === 'string' ? c : undefined
        if (code === undefined) found.push({ field: `${at}.code`, code: 'type', got: typeName(c) })
        if (field !== undefined && why !== undefined && entity !== undefined && code !== undefined) {
          read.push({ field, entity, reason: why, code })
        }
      })
    }
  }
  if (found.length > 0 || status === undefined) return { violations: found }
  const PLAIN: Record<number, string> = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 408: 'request_timeout', 409: 'conflict', 414: 'uri_too_long', 429: 'too_many_requests', 431: 'request_header_fields_too_large', 500: 'internal_error' }
  const resolved = reason ?? PLAIN[status] ?? `http_${status}`
  const value: Record<string, unknown> = {
    type: str(s.type) ?? 'about:blank',
    title: str(s.title) ?? (isCatalogued(resolved) ? CATALOGUE_TITLE.get(resolved) : `HTTP ${status}`),
    status,
    detail: str(s.detail) ?? '',
    reason: resolved,
  }
  if (read.length > 0) value['violations'] = read
  return { violations: [], value }
}

// the catalogue read as plain data, so the oracle shares no code path with isReasonCode
const CATALOGUE_STATUS = new Map<string, number>(Object.entries(REASON_CATALOGUE).map(([k, e]) => [k, e.status]))
const CATALOGUE_TITLE = new Map<string, string>(Object.entries(REASON_CATALOGUE).map(([k, e]) => [k, e.title]))
const isCatalogued = (s: string): boolean => CATALOGUE_STATUS.has(s)

const key = (v: { field: string; code: string }): string => `${v.code} @ ${v.field}`

describe('ERR-04 readProblemDetail agrees with a declarative oracle', () => {
  it('over objects whose every slot is absent, null, a string or another JSON type: the same violations (field and code), or the same value', () => {
    let lefts = 0
    let rights = 0
    let rightsWithViolations = 0
    fc.assert(
      fc.property(slotsArb, (slots) => {
        const wire = deepFreeze(toWire(slots))
        const expected = oracle(slots)
        const result = readProblemDetail(wire)
        if (expected.value === undefined) {
          lefts++
          const got = leftOf(result)
          expect(got.map(key).sort()).toEqual(expected.violations.map(key).sort())
          for (const v of got) {
            expect(v.entity).toBeNull()
            expect(v.reason.trim().length).toBeGreaterThan(0)
          }
          for (const e of expected.violations) {
            if (e.got === undefined) continue
            const v = got.find((g) => key(g) === key(e))
            expect(v?.reason).toContain(`got ${e.got}`)
          }
        } else {
          rights++
          if (expected.value['violations'] !== undefined) rightsWithViolations++
          expect(rightOf(result)).toEqual(expected.value)
        }
      }),
    )
    // both outcomes were exercised, and Rights that carry violations
    expect(lefts).toBeGreaterThan(0)
    expect(rights).toBeGreaterThan(0)
    expect(rightsWithViolations).toBeGreaterThan(0)
  })

  it('the violations list: items of every kind (non-objects, either spelling, retyped, missing) agree with the oracle', () => {
    const listOnlyArb: fc.Arbitrary<Slots> = fc.record({
      type: fc.constant(ABSENT),
      title: fc.string(),
      detail: fc.constant(ABSENT),
      reason: fc.constant(ABSENT),
      reasonCode: fc.constant(ABSENT),
      status: fc.integer({ min: 400, max: 599 }),
      violations: fc.array(violationItemArb, { minLength: 1, maxLength: 3 }),
    })
    fc.assert(
      fc.property(listOnlyArb, (slots) => {
        const expected = oracle(slots)
        const result = readProblemDetail(deepFreeze(toWire(slots)))
        if (expected.value !== undefined) {
          expect(rightOf(result)).toEqual(expected.value)
          return
        }
        const got = leftOf(result)
        expect(got.map(key).sort()).toEqual(expected.violations.map(key).sort())
        for (const v of got) expect(v.reason.trim().length).toBeGreaterThan(0)
        for (const e of expected.violations) {
          const v = got.find((g) => key(g) === key(e))
          if (e.got !== undefined) expect(v?.reason).toContain(`got ${e.got}`)
          // a missing field names the alias it was also read as
          if (e.code === 'required') expect(v?.reason).toMatch(/\(also read as (key|label)\)/)
        }
      }),
    )
  })

  it('a value that is not an object is one `type` violation at the root that names its JSON type', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 })), (v) => {
        const got = leftOf(readProblemDetail(deepFreeze(v)))
        expect(got.map(key)).toEqual([key({ field: '', code: 'type' })])
        expect(got[0]?.reason).toContain(`got ${typeName(v)}`)
      }),
    )
  })

  it('a valid problem with exactly one of type, title, detail, reason, reasonCode is read; with none of them it is not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('type', 'title', 'detail', 'reason', 'reasonCode'),
        fc.string(),
        fc.integer({ min: 400, max: 599 }),
        (only, text, status) => {
          expect(isLeft(readProblemDetail(deepFreeze({ status, [only]: text })))).toBe(false)
          const none = leftOf(readProblemDetail(deepFreeze({ status })))
          expect(none.map(key)).toEqual([key({ field: '', code: 'required' })])
        },
      ),
    )
  })

  it('a reason sent only as reasonCode is the reason, catalogued or not', () => {
    fc.assert(
      fc.property(reasonTextArb, fc.integer({ min: 400, max: 599 }), (code, status) => {
        expect(rightOf(readProblemDetail(deepFreeze({ status, reasonCode: code }))).reason).toBe(code)
      }),
    )
  })

  it('without a status, a catalogued reason gives its status and an uncatalogued one is a `required` status violation', () => {
    fc.assert(
      fc.property(reasonTextArb, fc.constantFrom('reason', 'reasonCode'), (code, spelling) => {
        const r = readProblemDetail(deepFreeze({ [spelling]: code }))
        if (isCatalogued(code)) expect(rightOf(r).status).toBe(statusForReason(code))
        else expect(leftOf(r).map(key)).toEqual([key({ field: 'status', code: 'required' })])
      }),
    )
  })
})

describe('ERR-01 the validation detail counts the violations', () => {
  it('"The request has N invalid field(s)." with N the number of violations, singular exactly for one', () => {
    fc.assert(
      fc.property(violationsArb, (violations) => {
        const p = validationProblem(deepFreeze(violations))
        const m = /^The request has (\d+) invalid (field|fields)\.$/.exec(p.detail)
        expect(m).not.toBeNull()
        expect(Number(m?.[1])).toBe(violations.length)
        expect(m?.[2]).toBe(violations.length === 1 ? 'field' : 'fields')
        expect(p.violations).toEqual(violations)
      }),
    )
  })
})

/** An array whose reads throw: Array.isArray sees an array, any property read fails. */
const throwingArray = (): unknown =>
  new Proxy([], {
    get() {
      throw new Error('hostile read')
    },
  })

/** An object whose reads throw. */
const throwingObject = (): unknown =>
  new Proxy(
    {},
    {
      get() {
        throw new Error('hostile read')
      },
      getOwnPropertyDescriptor() {
        throw new Error('hostile read')
      },
      has() {
        throw new Error('hostile read')
      },
    },
  )

describe('the documented failure values of the total wrappers (ERR-01, ERR-04)', () => {
  it('problemFor with violations it cannot read is the catalogue 500 internal_error, whose detail never echoes the given one', () => {
    fc.assert(
      fc.property(reasonCodeArb, fc.string(), (reason, detail) => {
        const p = problemFor(reason, detail, throwingArray() as never)
        expect(p.reason).toBe('internal_error')
        expect(p.status).toBe(500)
        expect(p.status).toBe(REASON_CATALOGUE.internal_error.status)
        expect(p.title).toBe(REASON_CATALOGUE.internal_error.title)
        expect(p.violations).toBeUndefined()
        expect(p.detail.length).toBeGreaterThan(0)
        // the same as for a reason outside the catalogue
        expect(p).toEqual(problemFor(`x-${reason}` as never, detail))
      }),
    )
  })

  it('validationProblem of a list it cannot read is the 400 validation_failed problem without violations', () => {
    for (const bad of [null, undefined, throwingArray(), throwingObject(), 3, 'abc', Symbol('x'), {}, { length: 2 }, true]) {
      const p = validationProblem(bad as never)
      expect(p).toEqual(problemFor('validation_failed'))
      expect(p.status).toBe(400)
      expect(p.reason).toBe('validation_failed')
      expect(p.violations).toBeUndefined()
    }
  })

  it('readProblemDetail of an object it cannot read is one `type` violation at the root, with a reason', () => {
    const got = leftOf(readProblemDetail(throwingObject()))
    expect(got).toHaveLength(1)
    expect(got[0]?.field).toBe('')
    expect(got[0]?.code).toBe('type')
    expect(got[0]?.entity).toBeNull()
    expect(got[0]?.reason.trim().length).toBeGreaterThan(0)
  })

  it('renderPath of a path it cannot read is the root, the empty string', () => {
    for (const bad of [null, undefined, 42, {}, throwingArray()]) expect(renderPath(bad as never)).toBe('')
  })

  it('renderPath never reads text character by character, nor a segment of another type; parsePath refuses such a path', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.array(fc.oneof(fc.string({ minLength: 1, maxLength: 4 }), fc.nat({ max: 9 })), { maxLength: 3 }),
        fc.constantFrom<unknown>(null, undefined, true, {}, [1], Symbol('s')),
        (text, segments, bad) => {
          expect(renderPath(text as never)).toBe('')
          const at = segments.length === 0 ? 0 : text.length % (segments.length + 1)
          const withBad = [...segments.slice(0, at), bad, ...segments.slice(at)]
          expect(renderPath(withBad as never)).toBe('')
          expect(() => parsePath(withBad as never)).toThrow(TypeError)
          expect(() => parsePath({ length: 0 } as never)).toThrow(TypeError)
          expect(parsePath(segments)).toEqual(segments)
        },
      ),
    )
  })
})

describe('ERR-02 only strings are reason codes', () => {
  it('a value that is not a string is never a reason code, even when it converts to one', () => {
    fc.assert(
      fc.property(reasonCodeArb, (code) => {
        expect(isReasonCode(code)).toBe(true)
        for (const v of [[code], { toString: () => code }, Object(code) as unknown, new Map([[code, 1]])]) {
          expect(isReasonCode(v)).toBe(false)
          expect(statusForReason(v as string)).toBeUndefined()
        }
      }),
    )
  })

  it('every catalogue code, and nothing else listed, is a code', () => {
    expect(REASON_CODES.every((c) => isReasonCode(c))).toBe(true)
    for (const inherited of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) expect(isReasonCode(inherited)).toBe(false)
  })
})
