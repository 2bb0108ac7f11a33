/**
 * Errors: violations, problem details, the reason catalogue and paths.
 *
 * @module
 */
export { renderPath, parsePath, at, ROOT, type Path, type PathSegment } from './path.js'
export { VIOLATION_CODES, violationAt, type Violation, type Violations, type ViolationCode, type Result } from './violation.js'
export {
  REASON_CATALOGUE,
  REASON_CODES,
  PROBLEM_TYPE_PREFIX,
  problemTypeFor,
  isReasonCode,
  statusForReason,
  plainReasonForStatus,
  type ReasonCode,
  type ReasonOrigin,
  type DenialReason,
} from './catalogue.js'
export {
  problemFor,
  validationProblem,
  readProblemDetail,
  type ProblemDetail,
  type ReadProblemDetail,
  type ReadViolation,
} from './problem.js'
