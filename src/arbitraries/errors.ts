/**
 * Shared generators for the errors module (ERR-01 … ERR-04): paths, violations, reason codes and
 * problem details built by `problemFor`.
 */
import fc from 'fast-check'
import { renderPath, type Path, type PathSegment } from '../errors/path.js'
import { VIOLATION_CODES, type Violation, type ViolationCode, type Violations } from '../errors/violation.js'
import { REASON_CODES, type ReasonCode } from '../errors/catalogue.js'
import { problemFor, type ProblemDetail } from '../errors/problem.js'

/** An identifier-like object key: `pickupAddress`, `_x`, `zipCode2`. */
export const keySegmentArb: fc.Arbitrary<string> = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,12}$/)

/** A small non-negative array index. */
export const indexSegmentArb: fc.Arbitrary<number> = fc.nat({ max: 999 })

/**
 * A path of one or more segments whose first is a key (as every request field's is): keys like
 * `pickupAddress` or `_x`, array indexes 0 … 999.
 *
 * Implements no rule ID.
 *
 * @example
 * fc.sample(pathArb, { seed: 1, numRuns: 30 }).every((p) => p.length >= 1 && typeof p[0] === 'string')
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const pathArb: fc.Arbitrary<Path> = fc
  .tuple(keySegmentArb, fc.array(fc.oneof(keySegmentArb, indexSegmentArb), { maxLength: 6 }))
  .map(([head, tail]): Path => [head, ...tail] satisfies PathSegment[])

/** One of the violation codes the library emits. */
export const violationCodeArb: fc.Arbitrary<ViolationCode> = fc.constantFrom(
  ...(Object.keys(VIOLATION_CODES) as ViolationCode[]),
)

/**
 * A violation as JSON gives it: a rendered path, an entity or null, any message and one of the
 * violation codes the library emits.
 *
 * Targets ERR-01.
 *
 * @example
 * fc.sample(violationArb, { seed: 1, numRuns: 30 }).every((v) => isRight(ViolationCodec.decode(v)))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const violationArb: fc.Arbitrary<Violation> = fc.record(
  {
    field: pathArb.map(renderPath),
    entity: fc.option(fc.string(), { nil: null }),
    reason: fc.string(),
    code: violationCodeArb,
  },
  { noNullPrototype: true },
)

/**
 * One to eight violations (see `violationArb`).
 *
 * Targets ERR-01.
 *
 * @example
 * fc.sample(violationsArb, { seed: 1, numRuns: 30 }).every((vs) => vs.length >= 1 && vs.length <= 8)
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const violationsArb: fc.Arbitrary<Violations> = fc
  .tuple(violationArb, fc.array(violationArb, { maxLength: 7 }))
  .map(([head, tail]): Violations => [head, ...tail])

/**
 * A reason code of the problem catalogue.
 *
 * Targets ERR-02 and ERR-03.
 *
 * @example
 * fc.sample(reasonCodeArb, { seed: 1, numRuns: 30 }).every((r) => problemFor(r).reason === r)
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const reasonCodeArb: fc.Arbitrary<ReasonCode> = fc.constantFrom(...REASON_CODES)

/** The arguments of `problemFor`: a reason, an optional detail, optional violations. */
export interface ProblemArgs {
  readonly reason: ReasonCode
  readonly detail: string | undefined
  readonly violations: Violations | undefined
}

/** Arguments for `problemFor`. */
export const problemArgsArb: fc.Arbitrary<ProblemArgs> = fc.record({
  reason: reasonCodeArb,
  detail: fc.option(fc.string(), { nil: undefined }),
  violations: fc.option(violationsArb, { nil: undefined }),
})

/**
 * A problem detail as a server builds it with `problemFor`: any reason of the catalogue, perhaps
 * a detail, perhaps violations.
 *
 * Targets ERR-01 and ERR-02.
 *
 * @example
 * fc.sample(problemArb, { seed: 1, numRuns: 30 }).every((p) => isRight(readProblemDetail(JSON.parse(JSON.stringify(p)))))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const problemArb: fc.Arbitrary<ProblemDetail> = problemArgsArb.map(({ reason, detail, violations }) =>
  problemFor(reason, detail, violations),
)

/** A problem detail that carries at least one violation. */
export const problemWithViolationsArb: fc.Arbitrary<ProblemDetail & { readonly violations: Violations }> = fc
  .record({ reason: reasonCodeArb, detail: fc.option(fc.string(), { nil: undefined }), violations: violationsArb })
  .map(({ reason, detail, violations }) => {
    const problem = problemFor(reason, detail, violations)
    // ERR-01 checks this law on its own; here it only narrows the type.
    if (problem.violations === undefined) throw new Error('problemFor dropped a non-empty violations list')
    return { ...problem, violations: problem.violations }
  })
