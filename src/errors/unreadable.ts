/**
 * The failure values of the Either-returning exports for an input that could not be read at all
 * (see `total` in ../internal/total.ts).
 *
 * @internal
 * @module
 */
import { violationAt, type Violation, type Violations } from './violation.js'
import { validationProblem, type ProblemDetail } from './problem.js'
import type { Either } from 'fp-ts/lib/Either.js'
import { left } from '../internal/either.js'

/** The reason of the violation an unreadable input gets. */
export const UNREADABLE_REASON = 'could not be read: the input is not of the documented type'

/** The one violation of an input that could not be read at all (field `''`, code `type`). */
const unreadableViolation = (): Violation => violationAt([], null, 'type', UNREADABLE_REASON)

/**
 * The failure value of a function returning `Either<ProblemDetail, A>`: a 400 `validation_failed`
 * ProblemDetail with one violation at the root, code `type`.
 *
 * @internal
 */
export const unreadableProblem = <A>(): Either<ProblemDetail, A> => left(validationProblem([unreadableViolation()]))

/**
 * The failure value of a function returning `Result<A>`: one violation at the root, code `type`.
 *
 * @internal
 */
export const unreadableResult = <A>(): Either<Violations, A> => left([unreadableViolation()])

