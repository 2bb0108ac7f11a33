// Properties of src/errors/ (spec: Errors, ProblemDetail; rules ERR-01 … ERR-04) and of the path
// helpers every violation's `field` is rendered with.
import { describe, it, expect, expectTypeOf } from 'vitest'
import fc from 'fast-check'
import * as E from 'fp-ts/lib/Either.js'
import { isLeft, right } from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import { at, parsePath, renderPath, type Path } from '../../src/errors/path.js'
import type { Violation, ViolationCode, Violations } from '../../src/errors/violation.js'
import {
  isReasonCode,
  problemTypeFor,
  REASON_CATALOGUE,
  REASON_CODES,
  statusForReason,
  type ReasonCode,
} from '../../src/errors/catalogue.js'
import {
  problemFor,
  readProblemDetail,
  type ProblemDetail,
  type ReadProblemDetail,
  type ReadViolation,
} from '../../src/errors/problem.js'
import * as api from '../../src/index.js'
import {
  indexSegmentArb,
  keySegmentArb,
  pathArb,
  problemArb,
  problemArgsArb,
  problemWithViolationsArb,
  reasonCodeArb,
  violationArb,
  violationsArb,
} from '../../src/arbitraries/errors.js'
import { deepFreeze } from '../arbitraries/freeze.js'
import { leftOf, rightOf } from '../support/either.js'

// ---------------------------------------------------------------------------------------------
// Oracles written from the spec text (spec/RULES.md), not from the catalogue.

/** ERR-02: the status of each named reason code. */
const ERR_02_STATUSES: ReadonlyArray<readonly [string, number]> = [
  ['validation_failed', 400],
  ['appointment_document_not_user_uploadable', 400],
  ['order_not_found', 404],
  ['appointment_pdf_not_generated', 404],
  ['order_accepted_appointment_locked', 409],
  ['idempotency_key_conflict', 409],
  ['file_too_large', 413],
  ['unsupported_media_type', 415],
]

/** ERR-03: the 422 reasons. */
const ERR_03_REASONS: ReadonlyArray<string> = [
  'no_aggregate_coverage',
  'no_eligible_carriers',
  'no_coverage',
  'min_pallets',
  'coverage_denied',
  'origin_policy_denied',
  'destination_policy_denied',
  'max_tier_capped',
  'outside_service_area',
  'excluded_toll_region',
  'account_restriction',
  'daily_trip_limit',
  'pallet_invalid',
  'pricing_unavailable',
]

/** The generic problems of the spec's status table, read when a server sends no reason. */
const PLAIN_REASON_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  408: 'request_timeout',
  409: 'conflict',
  414: 'uri_too_long',
  429: 'too_many_requests',
  431: 'request_header_fields_too_large',
  500: 'internal_error',
}

// ---------------------------------------------------------------------------------------------
// Helpers.


/** The problem written with the other spellings of ERR-04: `key`, `label`, `reasonCode`. */
const rewritten = (p: ProblemDetail): Record<string, unknown> => {
  const { reason, violations, ...rest } = p
  return {
    ...rest,
    reasonCode: reason,
    ...(violations === undefined
      ? {}
      : { violations: violations.map(({ field, reason: label, ...v }) => ({ ...v, key: field, label })) }),
  }
}

/** The same object with its own keys in the order given by a permutation arbitrary. */
const shuffledKeysArb = (o: object): fc.Arbitrary<Record<string, unknown>> => {
  const entries = Object.entries(o)
  return fc
    .shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length })
    .map((es) => Object.fromEntries(es))
}

/** A problem built by problemFor, and the same problem with keys shuffled at every level. */
const shuffledProblemArb: fc.Arbitrary<readonly [ProblemDetail, Record<string, unknown>]> = problemArb.chain((p) =>
  fc
    .tuple(
      shuffledKeysArb(p),
      p.violations === undefined ? fc.constant(undefined) : fc.tuple(...p.violations.map((v) => shuffledKeysArb(v))),
    )
    .map(([top, violations]) => {
      const shuffled = { ...top }
      // assigning an existing key keeps its (shuffled) position
      if (violations !== undefined) shuffled['violations'] = violations
      return [p, shuffled] as const
    }),
)

/** A string that is certainly not a reason code: catalogue codes never contain a hyphen. */
const uncataloguedTextArb: fc.Arbitrary<string> = fc.string().map((s) => `x-${s}`)

const withoutKey = (o: object, key: string): Record<string, unknown> => {
  const copy: Record<string, unknown> = { ...o }
  delete copy[key]
  return copy
}

// ---------------------------------------------------------------------------------------------

describe('ERR-01 problem detail shape', () => {
  it('problemFor gives the catalogued status, title and tag: type, the reason verbatim, and the detail or the title', () => {
    fc.assert(
      fc.property(problemArgsArb, ({ reason, detail, violations }) => {
        const p = problemFor(reason, detail, violations)
        const entry = REASON_CATALOGUE[reason]
        expect(p.status).toBe(entry.status)
        expect(p.title).toBe(entry.title)
        expect(p.type).toBe(problemTypeFor(reason))
        expect(p.type.startsWith('tag:')).toBe(true)
        expect(p.reason).toBe(reason)
        expect(p.detail).toBe(detail ?? entry.title)
      }),
    )
  })

  it('a problem has exactly type, title, status, detail and reason, plus violations exactly when a non-empty list was given', () => {
    fc.assert(
      fc.property(
        reasonCodeArb,
        fc.option(fc.string(), { nil: undefined }),
        fc.option(fc.array(violationArb, { maxLength: 8 }), { nil: undefined }),
        (reason, detail, violations) => {
          const p = problemFor(reason, detail, violations)
          const given = violations !== undefined && violations.length > 0
          const expectedKeys = ['detail', 'reason', 'status', 'title', 'type', ...(given ? ['violations'] : [])]
          expect(Object.keys(p).sort()).toEqual(expectedKeys.sort())
          if (given) expect(p.violations).toStrictEqual(violations)
          else expect('violations' in p).toBe(false)
        },
      ),
    )
  })

  it('every violation of a problem has exactly field, entity, reason and code', () => {
    fc.assert(
      fc.property(problemWithViolationsArb, (p) => {
        for (const v of p.violations) {
          expect(Object.keys(v).sort()).toEqual(['code', 'entity', 'field', 'reason'])
          expect(typeof v.field).toBe('string')
          expect(v.entity === null || typeof v.entity === 'string').toBe(true)
        }
      }),
    )
  })

  it('problemFor never mutates the violations it is given', () => {
    fc.assert(
      fc.property(reasonCodeArb, fc.option(fc.string(), { nil: undefined }), violationsArb, (reason, detail, violations) => {
        const snapshot = structuredClone(violations)
        const frozen = deepFreeze(violations)
        const p = problemFor(reason, detail, frozen)
        expect(frozen).toStrictEqual(snapshot)
        expect(p.violations).toStrictEqual(snapshot)
      }),
    )
  })
})

describe('ERR-01 and ERR-02 problemFor is total: type, title, status and reason always agree', () => {
  /** problemFor as plain JavaScript sees it: any value in every argument. */
  const untypedProblemFor = problemFor as (reason: unknown, detail?: unknown, violations?: unknown) => ProblemDetail

  it('for any string, problemFor(s) is a catalogued problem whose status is statusForReason(reason) and whose type is its reason\'s', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), reasonCodeArb, fc.constantFrom('constructor', '__proto__', 'toString')), (s) => {
        const p = untypedProblemFor(s)
        expect(isReasonCode(p.reason)).toBe(true)
        expect(p.status).toBe(statusForReason(p.reason))
        expect(p.type).toBe(problemTypeFor(p.reason))
        expect(p.title).toBe(REASON_CATALOGUE[p.reason].title)
        expect(p.reason).toBe(isReasonCode(s) ? s : 'internal_error')
      }),
    )
  })

  it('a reason outside the catalogue, of any type, gives the same 500 internal_error whatever the reason, detail and violations', () => {
    const uncatalogued = fc.oneof(
      uncataloguedTextArb,
      fc.anything().filter((v) => typeof v !== 'string'),
      reasonCodeArb.map((r) => r.toUpperCase()),
      fc.constantFrom('constructor', '__proto__', 'hasOwnProperty', ''),
    )
    const expected = problemFor('internal_error', 'The server built an error with a reason code outside the catalogue.')
    expect(expected).toMatchObject({ status: 500, reason: 'internal_error', type: problemTypeFor('internal_error') })
    fc.assert(
      fc.property(uncatalogued, fc.option(fc.string(), { nil: undefined }), fc.option(violationsArb, { nil: undefined }), (reason, detail, violations) => {
        // the same body for every unknown reason: the detail never echoes it, nor the caller's detail
        expect(untypedProblemFor(reason, detail, violations)).toStrictEqual(expected)
      }),
    )
  })

  it('only catalogued reasons type-check, and the problem types are the code unions', () => {
    // @ts-expect-error an uncatalogued reason is a type error
    problemFor('no_such_reason')
    // @ts-expect-error so is a plain string
    problemFor(String('validation_failed'))
    expectTypeOf(problemFor).parameter(0).toEqualTypeOf<ReasonCode>()
    expectTypeOf<ProblemDetail['reason']>().toEqualTypeOf<ReasonCode>()
    expectTypeOf<Violation['code']>().toEqualTypeOf<ViolationCode>()
    expectTypeOf<NonNullable<ProblemDetail['violations']>>().toEqualTypeOf<Violations>()
    // a switch over a reason needs no cast, and is exhaustive
    const kind = (p: ProblemDetail): string => {
      switch (REASON_CATALOGUE[p.reason].origin) {
        case 'named':
        case 'denial':
        case 'plain':
        case 'library':
          return p.reason
      }
    }
    expect(kind(problemFor('pallet_invalid'))).toBe('pallet_invalid')
    // readProblemDetail is tolerant: any string reason and code, still suggesting the known ones
    expectTypeOf(readProblemDetail).returns.toEqualTypeOf<E.Either<Violations, ReadProblemDetail>>()
    expectTypeOf<ReadProblemDetail['reason']>().toExtend<string>()
    expectTypeOf<string>().toExtend<ReadProblemDetail['reason']>()
    expectTypeOf<ReasonCode>().toExtend<ReadProblemDetail['reason']>()
    expectTypeOf<string>().toExtend<ReadViolation['code']>()
    expectTypeOf<ProblemDetail>().toExtend<ReadProblemDetail>()
    expectTypeOf<ReadProblemDetail>().not.toExtend<ProblemDetail>()
  })

  it('the root exports the code unions, the tolerant reader types and the result helpers', () => {
    expectTypeOf<api.ReasonCode>().toEqualTypeOf<ReasonCode>()
    expectTypeOf<api.ViolationCode>().toEqualTypeOf<ViolationCode>()
    expectTypeOf<api.ReadProblemDetail>().toEqualTypeOf<ReadProblemDetail>()
    expectTypeOf<api.ReadViolation>().toEqualTypeOf<ReadViolation>()
    expect([typeof api.isLeft, typeof api.isRight, typeof api.match]).toEqual(['function', 'function', 'function'])
  })

  it('a violation code read from a newer server is kept verbatim', () => {
    const read = rightOf(readProblemDetail({ status: 422, reason: 'a_newer_reason', violations: [{ field: 'a', reason: 'b', code: 'a_newer_code' }] }))
    expect([read.reason, read.violations?.[0]?.code]).toEqual(['a_newer_reason', 'a_newer_code'])
  })
})

describe('reading results without fp-ts: isLeft, isRight and match agree with fp-ts', () => {
  const eitherArb: fc.Arbitrary<E.Either<unknown, unknown>> = fc.oneof(
    fc.anything().map((e) => E.left(e)),
    fc.anything().map((a) => E.right(a)),
    problemArb.map((p) => E.left(p)),
  )

  it('isLeft and isRight give fp-ts\'s answers, and exactly one of them holds', () => {
    fc.assert(
      fc.property(eitherArb, (ma) => {
        expect([api.isLeft(ma), api.isRight(ma)]).toEqual([E.isLeft(ma), E.isRight(ma)])
        expect(api.isLeft(ma)).toBe(!api.isRight(ma))
      }),
    )
  })

  it('match(onLeft, onRight) gives fp-ts\'s matchW, and composes in pipe', () => {
    fc.assert(
      fc.property(eitherArb, (ma) => {
        const onLeft = (e: unknown) => ({ side: 'left', e })
        const onRight = (a: unknown) => ({ side: 'right', a })
        expect(api.match(onLeft, onRight)(ma)).toStrictEqual(E.matchW(onLeft, onRight)(ma))
        expect(pipe(ma, api.match(onLeft, onRight))).toStrictEqual(pipe(ma, E.matchW(onLeft, onRight)))
      }),
    )
  })

  it('the guards narrow a library result, and match infers its types in pipe', () => {
    const r = api.parseOrderNumber('AB123')
    if (api.isLeft(r)) expectTypeOf(r.left).toEqualTypeOf<ProblemDetail>()
    if (api.isRight(r)) expectTypeOf(r.right).toEqualTypeOf<string>()
    const text = pipe(r, api.match((p) => p.reason, (n) => n.length))
    expectTypeOf(text).toEqualTypeOf<ReasonCode | number>()
    expect(text).toBe(5)
  })
})

describe('ERR-02 status of each named reason code', () => {
  it.each(ERR_02_STATUSES)('statusForReason(%s) is %i', (reason, status) => {
    expect(statusForReason(reason)).toBe(status)
  })

  it.each(ERR_02_STATUSES)('problemFor(%s) carries status %i', (reason, status) => {
    expect(isReasonCode(reason)).toBe(true)
    if (isReasonCode(reason)) expect(problemFor(reason).status).toBe(status)
  })

  it('for every catalogued reason the status is the catalogue status and an HTTP error status', () => {
    fc.assert(
      fc.property(reasonCodeArb, (reason) => {
        const status = statusForReason(reason)
        expect(status).toBe(REASON_CATALOGUE[reason].status)
        expect(Number.isInteger(status)).toBe(true)
        expect(status).toBeGreaterThanOrEqual(400)
        expect(status).toBeLessThanOrEqual(599)
      }),
    )
  })

  it('a string that is not a catalogued reason has no status', () => {
    const catalogued = new Set<string>(REASON_CODES)
    const notCatalogued = fc.oneof(
      fc.string().filter((s) => !catalogued.has(s)),
      fc.constantFrom(
        'constructor',
        '__proto__',
        'toString',
        'hasOwnProperty',
        'valueOf',
        'isPrototypeOf',
        '',
        'VALIDATION_FAILED',
        'validation_failed ',
        'validation-failed',
      ),
      reasonCodeArb.map((r) => r.toUpperCase()),
      reasonCodeArb.chain((r) => fc.string({ minLength: 1 }).map((s) => r + s)),
    )
    fc.assert(
      fc.property(notCatalogued, (text) => {
        expect(statusForReason(text)).toBeUndefined()
      }),
    )
  })
})

describe('ERR-03 and CRT-11 the 422 reasons, passed through unmodified', () => {
  it('a denial with any detail keeps its reason and 422 through problemFor and a server round trip', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ERR_03_REASONS), fc.string(), (reason, detail) => {
        if (!isReasonCode(reason)) throw new Error(`${reason} is not catalogued`)
        const p = problemFor(reason, detail)
        expect([p.status, p.reason, p.detail]).toEqual([422, reason, detail])
        expect(readProblemDetail(JSON.parse(JSON.stringify(p)))).toEqual(right(p))
      }),
    )
  })

  it.each(ERR_03_REASONS)('statusForReason(%s) is 422', (reason) => {
    expect(statusForReason(reason)).toBe(422)
  })

  it.each(ERR_03_REASONS)('problemFor(%s) carries status 422 and the reason unmodified', (reason) => {
    expect(isReasonCode(reason)).toBe(true)
    if (isReasonCode(reason)) {
      const p = problemFor(reason)
      expect(p.status).toBe(422)
      expect(p.reason).toBe(reason)
    }
  })

  it('the catalogue names no 422 reason beyond the fourteen of the spec', () => {
    const catalogued422 = REASON_CODES.filter((r) => statusForReason(r) === 422)
    expect([...catalogued422].sort()).toEqual([...ERR_03_REASONS].sort())
  })
})

describe('ERR-04 reading what servers send', () => {
  it('a problem built by problemFor reads back as itself', () => {
    fc.assert(
      fc.property(problemArb, (p) => {
        expect(readProblemDetail(p)).toStrictEqual(right(p))
      }),
    )
  })

  it('a problem written with key, label and reasonCode reads back as the original', () => {
    fc.assert(
      fc.property(problemArb, (p) => {
        expect(readProblemDetail(rewritten(p))).toStrictEqual(right(p))
      }),
    )
  })

  it('a problem mixing both spellings, violation by violation, reads back as the original', () => {
    fc.assert(
      fc.property(
        problemWithViolationsArb,
        fc.boolean(),
        fc.infiniteStream(fc.tuple(fc.boolean(), fc.boolean())),
        (p, reasonCode, choices) => {
          const picks = choices[Symbol.iterator]()
          const mixed = {
            type: p.type,
            title: p.title,
            status: p.status,
            detail: p.detail,
            ...(reasonCode ? { reasonCode: p.reason } : { reason: p.reason }),
            violations: p.violations.map((v) => {
              const [useKey, useLabel] = picks.next().value ?? [false, false]
              return {
                ...(useKey ? { key: v.field } : { field: v.field }),
                ...(useLabel ? { label: v.reason } : { reason: v.reason }),
                entity: v.entity,
                code: v.code,
              }
            }),
          }
          expect(readProblemDetail(mixed)).toStrictEqual(right(p))
        },
      ),
    )
  })

  it('a problem reads back as itself after a JSON round trip, in either spelling', () => {
    fc.assert(
      fc.property(problemArb, fc.boolean(), (p, rewrite) => {
        const wire: unknown = JSON.parse(JSON.stringify(rewrite ? rewritten(p) : p))
        expect(readProblemDetail(wire)).toStrictEqual(right(p))
      }),
    )
  })

  it('the order of keys does not matter', () => {
    fc.assert(
      fc.property(shuffledProblemArb, ([p, shuffled]) => {
        expect(readProblemDetail(shuffled)).toStrictEqual(right(p))
      }),
    )
  })

  it('a problem without the violations key reads back without violations', () => {
    fc.assert(
      fc.property(problemArb, (p) => {
        const sent = withoutKey(p, 'violations')
        const read = rightOf(readProblemDetail(sent))
        expect('violations' in read).toBe(false)
        expect(read).toStrictEqual(sent)
      }),
    )
  })

  it('an empty violations array reads as absent', () => {
    fc.assert(
      fc.property(problemArb, (p) => {
        const read = rightOf(readProblemDetail({ ...p, violations: [] }))
        expect('violations' in read).toBe(false)
        expect(read).toStrictEqual(withoutKey(p, 'violations'))
      }),
    )
  })

  it('a violation without code reads with code unspecified, one without entity with entity null', () => {
    fc.assert(
      fc.property(
        problemWithViolationsArb,
        fc.infiniteStream(fc.tuple(fc.boolean(), fc.boolean())),
        (p, choices) => {
          const picks = choices[Symbol.iterator]()
          const expected: Violation[] = []
          const sent = p.violations.map((v) => {
            const [dropCode, dropEntity] = picks.next().value ?? [false, false]
            expected.push({ ...v, code: dropCode ? 'unspecified' : v.code, entity: dropEntity ? null : v.entity })
            let out: Record<string, unknown> = { ...v }
            if (dropCode) out = withoutKey(out, 'code')
            if (dropEntity) out = withoutKey(out, 'entity')
            return out
          })
          expect(readProblemDetail({ ...p, violations: sent })).toStrictEqual(right({ ...p, violations: expected }))
        },
      ),
    )
  })

  it('without a reason, the reason is the plain reason of the status or http_<status>, type about:blank, detail empty', () => {
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), fc.string(), (status, title) => {
        const read = rightOf(readProblemDetail({ status, title }))
        expect(read).toStrictEqual({
          type: 'about:blank',
          title,
          status,
          detail: '',
          reason: PLAIN_REASON_BY_STATUS[status] ?? `http_${status}`,
        })
      }),
    )
  })

  it('without a status, a catalogued reason gives its status and title', () => {
    fc.assert(
      fc.property(reasonCodeArb, fc.boolean(), (reason, asReasonCode) => {
        const read = rightOf(readProblemDetail(asReasonCode ? { reasonCode: reason } : { reason }))
        expect(read.status).toBe(REASON_CATALOGUE[reason].status)
        expect(read.title).toBe(REASON_CATALOGUE[reason].title)
        expect(read.reason).toBe(reason)
      }),
    )
  })

  it('when both reason and reasonCode are sent, a catalogued one wins', () => {
    fc.assert(
      fc.property(problemArb, uncataloguedTextArb, fc.boolean(), (p, other, catalogueInReason) => {
        const sent = catalogueInReason ? { ...p, reasonCode: other } : { ...p, reason: other, reasonCode: p.reason }
        expect(rightOf(readProblemDetail(sent)).reason).toBe(p.reason)
      }),
    )
  })

  it('rejects every value that is not an object', () => {
    const notAnObject = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.bigInt(),
      fc.constantFrom(null, undefined),
      fc.array(fc.anything()),
      problemArb.map((p) => [p]),
    )
    fc.assert(
      fc.property(notAnObject, (value) => {
        const violations = leftOf(readProblemDetail(value))
        expect(violations).toContainEqual(expect.objectContaining({ field: '', code: 'type' }))
      }),
    )
  })

  it('rejects an object with no status and no catalogued reason or reasonCode', () => {
    const noStatusArb = fc
      .tuple(
        fc.oneof(
          problemArb.map((p): Record<string, unknown> => ({ ...p })),
          fc.dictionary(
            fc.oneof(fc.constantFrom('type', 'title', 'detail', 'violations', 'status'), fc.string()),
            fc.anything(),
          ),
        ),
        fc.option(fc.oneof(uncataloguedTextArb, fc.anything().filter((v) => typeof v !== 'string')), { nil: undefined }),
        fc.option(fc.oneof(uncataloguedTextArb, fc.anything().filter((v) => typeof v !== 'string')), { nil: undefined }),
      )
      .map(([o, reason, reasonCode]) => {
        const sent = withoutKey(withoutKey(withoutKey(o, 'status'), 'reason'), 'reasonCode')
        if (reason !== undefined) sent['reason'] = reason
        if (reasonCode !== undefined) sent['reasonCode'] = reasonCode
        return sent
      })
    fc.assert(
      fc.property(noStatusArb, (sent) => {
        expect(isLeft(readProblemDetail(sent))).toBe(true)
      }),
    )
  })

  it('rejects a status that is not an integer from 400 to 599, at field status', () => {
    const badStatus = fc.oneof(
      fc.constantFrom(200, 204, 302, 399, 600, 0, -404, 404.5, Number.NaN, Number.POSITIVE_INFINITY),
      fc.integer({ max: 399 }),
      fc.integer({ min: 600 }),
      fc.integer({ min: 400, max: 598 }).map((n) => n + 0.5),
      fc.constantFrom('404', true, [], {}, [404]),
    )
    fc.assert(
      fc.property(problemArb, badStatus, (p, status) => {
        const violations = leftOf(readProblemDetail({ ...p, status }))
        expect(violations.map((v) => v.field)).toContain('status')
      }),
    )
  })

  it('rejects a violation with neither field nor key, at violations[i].field', () => {
    fc.assert(
      fc.property(problemWithViolationsArb, fc.nat(), fc.boolean(), (p, pick, rewrite) => {
        const i = pick % p.violations.length
        const base = rewrite ? rewritten(p) : { ...p }
        const violations = (base['violations'] as ReadonlyArray<Record<string, unknown>>).map((v, j) =>
          j === i ? withoutKey(withoutKey(v, 'field'), 'key') : v,
        )
        const found = leftOf(readProblemDetail({ ...base, violations }))
        expect(found).toContainEqual(expect.objectContaining({ field: `violations[${i}].field`, code: 'required' }))
      }),
    )
  })

  it('never throws, and always answers with an Either whose Right is a well-formed problem', () => {
    const input = fc.oneof(
      fc.anything({ withObjectString: true, withNullPrototype: true }),
      fc.record(
        {
          status: fc.oneof(fc.integer({ min: 400, max: 599 }), fc.anything({ withNullPrototype: true })),
          reason: fc.oneof(reasonCodeArb, fc.constantFrom('constructor', '__proto__', 'toString'), fc.anything()),
          reasonCode: fc.oneof(reasonCodeArb, fc.constantFrom('constructor', '__proto__', 'toString'), fc.anything()),
          title: fc.anything(),
          violations: fc.oneof(
            fc.array(fc.anything({ withObjectString: true, withNullPrototype: true })),
            fc.array(
              fc.record(
                { field: fc.anything(), key: fc.anything(), reason: fc.anything(), label: fc.anything(), entity: fc.anything(), code: fc.anything() },
                { requiredKeys: [] },
              ),
            ),
            fc.anything(),
          ),
        },
        { requiredKeys: [] },
      ),
    )
    fc.assert(
      fc.property(input, (value) => {
        const result = readProblemDetail(value)
        expect(['Left', 'Right']).toContain(result._tag)
        if (isLeft(result)) {
          expect(result.left.length).toBeGreaterThan(0)
        } else {
          const p = result.right
          expect(Number.isInteger(p.status) && p.status >= 400 && p.status <= 599).toBe(true)
          for (const text of [p.type, p.title, p.detail, p.reason]) expect(typeof text).toBe('string')
          if (p.violations !== undefined) expect(p.violations.length).toBeGreaterThan(0)
        }
      }),
    )
  })

  it('reads __proto__ and constructor keys as plain data', () => {
    // an own __proto__ key is data, not a prototype; inherited properties never count
    expect(isLeft(readProblemDetail(JSON.parse('{"__proto__": {"status": 404, "reason": "not_found"}}')))).toBe(true)
    expect(isLeft(readProblemDetail(JSON.parse('{"reason": "constructor"}')))).toBe(true)
    expect(isLeft(readProblemDetail(JSON.parse('{"reasonCode": "__proto__"}')))).toBe(true)
    expect(isLeft(readProblemDetail(JSON.parse('{"status": 404, "__proto__": "x"}')))).toBe(true)
    expect(
      readProblemDetail(JSON.parse('{"status": 404, "title": "x", "__proto__": {"violations": [{"field": "a", "reason": "b"}]}}')),
    ).toStrictEqual(right({ type: 'about:blank', title: 'x', status: 404, detail: '', reason: 'not_found' }))
    expect(readProblemDetail(JSON.parse('{"constructor": {"status": 200}, "reason": "order_not_found"}'))).toStrictEqual(
      right({ type: 'about:blank', title: 'Order not found', status: 404, detail: '', reason: 'order_not_found' }),
    )
    expect(
      readProblemDetail(
        JSON.parse('{"status": 400, "reason": "toString", "violations": [{"key": "a", "label": "b", "__proto__": {"code": "x", "entity": "y"}}]}'),
      ),
    ).toStrictEqual(
      right({
        type: 'about:blank',
        title: 'HTTP 400',
        status: 400,
        detail: '',
        reason: 'toString',
        violations: [{ field: 'a', entity: null, reason: 'b', code: 'unspecified' }],
      }),
    )
    const nullProto = Object.assign(Object.create(null) as Record<string, unknown>, { status: 409, reasonCode: 'idempotency_key_conflict' })
    expect(rightOf(readProblemDetail(nullProto)).reason).toBe('idempotency_key_conflict')
  })
})

describe('paths', () => {
  it('parsing a rendered path gives the path back', () => {
    fc.assert(
      fc.property(pathArb, (p) => {
        expect(parsePath(renderPath(p))).toStrictEqual(p)
      }),
    )
  })

  it('renders keys with dots and indices in brackets', () => {
    expect(renderPath(['a', 0, 'b'])).toBe('a[0].b')
    expect(renderPath([])).toBe('')
    expect(renderPath(['orderComponents', 0, 'dimensions', 'height'])).toBe('orderComponents[0].dimensions.height')
    expect(renderPath(['a', 0, 1])).toBe('a[0][1]')
    expect(parsePath('')).toStrictEqual([])
    expect(parsePath(undefined)).toStrictEqual([])
    expect(parsePath('orderComponents[2].dimensions')).toStrictEqual(['orderComponents', 2, 'dimensions'])
  })

  it('text that is not a rendered path is kept as one segment', () => {
    for (const text of ['a..b', '[0]', 'a[x]', 'a.', '.a', 'a b', '0a']) {
      expect(parsePath(text)).toStrictEqual([text])
      expect(renderPath(parsePath(text))).toBe(text)
    }
  })

  it('extending a path by a key adds a dotted suffix, by an index a bracketed one, and leaves the path alone', () => {
    fc.assert(
      fc.property(fc.oneof(pathArb, fc.constant<Path>([])), fc.oneof(keySegmentArb, indexSegmentArb), (p, segment) => {
        const frozen = deepFreeze([...p])
        const extended = at(frozen, segment)
        expect(frozen).toStrictEqual(p)
        expect(extended).toStrictEqual([...p, segment])
        const prefix = renderPath(p)
        const expected =
          typeof segment === 'number' ? `${prefix}[${segment}]` : prefix === '' ? segment : `${prefix}.${segment}`
        expect(renderPath(extended)).toBe(expected)
      }),
    )
  })
})
