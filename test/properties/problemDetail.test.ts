// ERR-01, ERR-02: the error body stated once, checked both ways (docs/rules.md, "Error codes"):
// the io-ts codec ProblemDetailCodec and the OpenAPI document's ProblemDetail schema (compiled
// by ajv as a client of the document would) accept and reject the same bodies: every problem the
// library builds (any catalogued reason, detail, violations, with or without an instance), their
// corruptions field by field, and any other string as reason. And the operations' error responses
// form a union discriminated by reason: a problem is accepted by at most one error response of an
// operation, the one of its reason's status.
import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { REASON_CATALOGUE, REASON_CODES, isReasonCode } from '../../src/errors/catalogue.js'
import { problemFor } from '../../src/errors/problem.js'
import { ProblemDetailCodec } from '../../src/model/problem.js'
import { problemArb, reasonCodeArb } from '../../src/arbitraries/errors.js'
import { corruptedFieldByFieldArb, describeCorruption, show } from '../../src/arbitraries/corruption.js'
import { ajvFor, compiledSchema, generatedDocument } from '../support/openapiAjv.js'

/** A problem as a server of the sandbox sends it: with or without `instance`. */
const sentProblemArb = fc
  .tuple(problemArb, fc.option(fc.stringMatching(/^[A-Za-z0-9._~-]{1,128}$/), { nil: undefined }))
  .map(([p, id]) => (id === undefined ? p : { ...p, instance: `urn:request-id:${id}` }))

const viaJson = (x: unknown): unknown => {
  const text = JSON.stringify(x)
  return text === undefined ? undefined : JSON.parse(text)
}

describe('ERR-01, ERR-02 codec and OpenAPI schema agree on ProblemDetail', () => {
  const schema = (u: unknown): boolean => compiledSchema('ProblemDetail')(u) === true

  it('every problem the library builds is accepted by both', () => {
    fc.assert(
      fc.property(sentProblemArb, (p) => {
        expect(ProblemDetailCodec.is(p), show(p)).toBe(true)
        expect(schema(viaJson(p)), show(p)).toBe(true)
      }),
    )
  })

  it('the codec and the schema accept and reject the same bodies, corrupted field by field', () => {
    const seen = { accepted: 0, rejected: 0 }
    fc.assert(
      fc.property(corruptedFieldByFieldArb(sentProblemArb, { json: true }), (corruptions) => {
        for (const c of corruptions) {
          const body = viaJson(c.input)
          const codec = ProblemDetailCodec.is(body)
          expect(isRight(ProblemDetailCodec.decode(body)), `${describeCorruption(c)}: decode and is disagree`).toBe(codec)
          expect(schema(body), `${describeCorruption(c)}: the codec ${codec ? 'accepts' : 'rejects'}`).toBe(codec)
          seen[codec ? 'accepted' : 'rejected']++
        }
      }),
    )
    expect(seen.accepted).toBeGreaterThan(0)
    expect(seen.rejected).toBeGreaterThan(0)
  })

  it('a reason is accepted by both exactly when it is a code of the catalogue', () => {
    const reasonArb = fc.oneof(reasonCodeArb, fc.string(), fc.constantFrom('constructor', '__proto__', 'toString', 'Validation_failed', 'validation_failed '))
    fc.assert(
      fc.property(problemArb, reasonArb, (p, reason) => {
        const body = { ...p, reason }
        const known = isReasonCode(reason)
        expect([reason, ProblemDetailCodec.is(body)]).toEqual([reason, known])
        expect([reason, schema(viaJson(body))]).toEqual([reason, known])
      }),
    )
  })
})

describe('ERR-02 each operation\'s error responses are a union discriminated by reason', () => {
  const document = generatedDocument()
  const ajv = ajvFor(document)
  const ID = 'urn:shipper-rules:openapi'
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>).map(([method, op]) => ({
      where: `${method.toUpperCase()} ${path}`,
      errors: Object.entries(op.responses)
        .filter(([status]) => Number(status) >= 400)
        .map(([status, r]) => {
          const text = JSON.stringify(r.content!['application/problem+json']!.schema).replaceAll('"#/components/', `"${ID}#/components/`)
          const validate = ajv.compile(JSON.parse(text) as object)
          return { status: Number(status), accepts: (u: unknown) => validate(u) === true }
        }),
    })),
  )

  it('a problem is accepted by at most one error response of an operation, the one of its reason\'s status', () => {
    fc.assert(
      fc.property(fc.constantFrom(...operations), sentProblemArb, ({ where, errors }, p) => {
        const accepting = errors.filter((e) => e.accepts(viaJson(p))).map((e) => e.status)
        expect(accepting.length, `${where}: ${p.reason}`).toBeLessThanOrEqual(1)
        if (accepting.length === 1) expect([where, p.reason, accepting[0]]).toEqual([where, p.reason, REASON_CATALOGUE[p.reason].status])
      }),
    )
  })

  it('the reasons the HTTP layer and authentication give are accepted on every operation; a denial only where a quote is priced', () => {
    const everywhere = ['bad_request', 'unauthorized', 'forbidden', 'request_timeout', 'uri_too_long', 'too_many_requests', 'request_header_fields_too_large', 'internal_error'] as const
    for (const { where, errors } of operations) {
      for (const reason of everywhere) {
        expect([where, reason, errors.some((e) => e.accepts(viaJson(problemFor(reason))))]).toEqual([where, reason, true])
      }
      const denial = errors.some((e) => e.accepts(viaJson(problemFor('no_coverage'))))
      expect([where, denial]).toEqual([where, where === 'POST /v1/shipper/quote' || where === 'POST /v1/shipper/shipment'])
    }
    // every catalogued reason but the ones no shipper operation gives is accepted somewhere
    const somewhere = REASON_CODES.filter((r) => operations.some(({ errors }) => errors.some((e) => e.accepts(viaJson(problemFor(r))))))
    expect(REASON_CODES.filter((r) => !somewhere.includes(r))).toEqual(['not_found', 'conflict'])
  })
})
