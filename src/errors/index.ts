/**
 * Errors: violations, problem details, the reason catalogue and paths.
 *
 * An explicit list: the path helpers (`at`, `parsePath`, `ROOT`) and the type-URI helpers serve
 * the library itself and stay importable inside src/ from their modules.
 *
 * @module
 */
export { renderPath, type Path, type PathSegment } from './path.js'
export { VIOLATION_CODES, violationAt, type Violation, type Violations, type ViolationCode, type Result } from './violation.js'
export {
  REASON_CATALOGUE,
  REASON_CODES,
  isReasonCode,
  statusForReason,
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
export { rulesForReason, rulesForViolation } from './ruleLinks.js'
export { decodeErrorViolations, type DecodeError, type CodecViolation } from './decode.js'
