/**
 * Violations: the flat, wire-shaped description of one thing wrong with an input (ERR-01).
 *
 * Errors are data, never exceptions: a rule returns `Either<Violations, A>` and accumulates every
 * violation it finds in one pass.
 *
 * @module
 */
import type { Either } from 'fp-ts/lib/Either.js'
import type { ReadonlyNonEmptyArray } from 'fp-ts/lib/ReadonlyNonEmptyArray.js'
import { renderPath, type Path } from './path.js'

/**
 * One thing wrong with an input, at one field.
 *
 * @category model
 * @since 0.1.0
 */
export interface Violation {
  /** Full path from the request root: `pickupAddress.zipCode`, `orderComponents[0].dimensions.height`. */
  readonly field: string
  /** Top-level object the field belongs to (`pickupAddress`, `appointment`, …) or null. */
  readonly entity: string | null
  /** Human-readable message; for limits it states the limit that applied. Never echoes the value. */
  readonly reason: string
  /** Machine-readable code, stable across releases: one of {@link VIOLATION_CODES}. */
  readonly code: ViolationCode
}

/**
 * At least one violation.
 *
 * @category model
 * @since 0.1.0
 */
export type Violations = ReadonlyNonEmptyArray<Violation>

/**
 * The outcome of a field-level check: every violation found, or the normalized value.
 *
 * @category model
 * @since 0.1.0
 */
export type Result<A> = Either<Violations, A>

/**
 * The violation codes the library emits, with what each means. Stable across releases.
 * The `code` of a Violation (ERR-01).
 *
 * @example
 * VIOLATION_CODES.required
 * //=> 'a required field is missing, null or blank'
 *
 * @category model
 * @since 0.1.0
 */
export const VIOLATION_CODES = {
  required: 'a required field is missing, null or blank',
  type: 'the value has the wrong JSON type (a string where an object is expected, …)',
  pattern: 'the text does not have the required format',
  encoding: 'the text is not well-formed Unicode (an unpaired surrogate) or contains U+0000, which storage cannot hold',
  max_length: 'the text or list is longer than allowed',
  out_of_range: 'a number lies outside its allowed range',
  not_integer: 'a number that must be a whole number is not',
  not_allowed: 'the field must be omitted in this context',
  not_supported: 'a recognized value that this service does not serve (a country outside the US and its territories)',
  unknown_country: 'not an ISO 3166-1 alpha-2 country code at all',
  unknown_state: 'not a US state, territory or DC',
  mismatch: 'two fields contradict each other',
  unknown_field: 'a key that is not part of the structure (configuration overrides only)',
  invalid: 'the value breaks a rule not covered by a more specific code',
  unspecified: 'read from a server that sent no code',
} as const

/**
 * A code of {@link VIOLATION_CODES}.
 *
 * @category model
 * @since 0.1.0
 */
export type ViolationCode = keyof typeof VIOLATION_CODES

/**
 * Builds a violation at a path: the one constructor every rule uses, so fields are always
 * rendered the same way.
 * Rule ERR-01.
 *
 * @example
 * violationAt(['pickupAddress', 'zipCode'], 'pickupAddress', 'required', 'is required')
 * //=> { field: 'pickupAddress.zipCode', entity: 'pickupAddress', reason: 'is required', code: 'required' }
 *
 * @category constructors
 * @since 0.1.0
 */
export const violationAt = (
  path: Path,
  entity: string | null,
  code: ViolationCode,
  reason: string,
): Violation => ({ field: renderPath(path), entity, reason, code })
