/**
 * The client's errors: one discriminated family. Every error a call rejects with is a
 * {@link ShipperError}; `kind` narrows it, `retryable` says whether sending the same call again is
 * safe and may succeed, `requestId` matches the server's log line.
 *
 * @module
 */
import type { OrderStatusName, ProblemDetail, ReadProblemDetail, ReadViolation, ReasonCode, Violation } from 'shipper-rules'
import type { OperationId } from './operations.js'

/**
 * What every client error carries besides its kind.
 *
 * @category errors
 * @since 0.1.0
 */
export interface ErrorContext {
  /** The OpenAPI operationId of the call. */
  readonly operation: OperationId
  /** The X-Request-Id of the attempt that produced the error: the server's answer header, else the one sent (null when nothing was sent). */
  readonly requestId: string | null
  /** How many HTTP attempts the call made (0 when refused before sending). */
  readonly attempts: number
  /** shipments.create only: the Idempotency-Key every attempt carried; call create again with it to resume. */
  readonly idempotencyKey?: string | undefined
}

/**
 * The base class of every error the client throws. Not thrown itself: narrow a caught value with
 * {@link isShipperError}, then switch on `kind`.
 *
 * @category errors
 * @since 0.1.0
 */
export abstract class ShipperClientError extends Error {
  abstract readonly kind: ShipperError['kind']
  /** Whether repeating the call is safe and may succeed (the client already retried within its budget). */
  abstract readonly retryable: boolean
  readonly operation: OperationId
  readonly requestId: string | null
  readonly attempts: number
  declare readonly idempotencyKey?: string
  constructor(message: string, context: ErrorContext, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause })
    this.name = new.target.name
    this.operation = context.operation
    this.requestId = context.requestId
    this.attempts = context.attempts
    if (context.idempotencyKey !== undefined) this.idempotencyKey = context.idempotencyKey
  }
}

/**
 * Whether a ProblemDetail answer may succeed when sent again: 408, 429, any 5xx, or 409 `conflict`
 * (a create whose Idempotency-Key is still in flight).
 *
 * @example
 * [problemRetryable(503, 'service_unavailable'), problemRetryable(409, 'idempotency_key_conflict')]
 * //=> [true, false]
 *
 * @category errors
 * @since 0.1.0
 */
export const problemRetryable = (status: number, reason: string): boolean =>
  status === 408 || status === 429 || status >= 500 || (status === 409 && reason === 'conflict')

/**
 * The server answered with a ProblemDetail (read with the library's `readProblemDetail`).
 *
 * @category errors
 * @since 0.1.0
 */
export class ProblemError extends ShipperClientError {
  readonly kind = 'problem' as const
  readonly retryable: boolean
  readonly status: number
  /** The catalogue's reason, or a newer server's string (narrow with `isReasonCode`). */
  readonly reason: ReasonCode | (string & {})
  readonly problem: ReadProblemDetail
  readonly violations: ReadonlyArray<ReadViolation>
  constructor(problem: ReadProblemDetail, context: ErrorContext) {
    super(`${problem.status} ${problem.reason}: ${problem.detail}`, context)
    this.status = problem.status
    this.reason = problem.reason
    this.problem = problem
    this.violations = problem.violations ?? []
    this.retryable = problemRetryable(problem.status, problem.reason)
  }
}

/**
 * The request was refused before sending: `problem` is exactly what the library's validator
 * gives, so the same status, reason and violations the server would answer. Not retryable.
 *
 * @category errors
 * @since 0.1.0
 */
export class RequestInvalidError extends ShipperClientError {
  readonly kind = 'invalid_request' as const
  readonly retryable = false
  readonly status: number
  readonly reason: ReasonCode
  readonly problem: ProblemDetail
  readonly violations: ReadonlyArray<Violation>
  constructor(problem: ProblemDetail, context: ErrorContext) {
    super(`refused before sending: ${problem.status} ${problem.reason}: ${problem.detail}`, context)
    this.status = problem.status
    this.reason = problem.reason as ReasonCode
    this.problem = problem
    this.violations = problem.violations ?? []
  }
}

/**
 * One violation of a response that did not decode: where (`field`, a rendered path) and what the
 * codec expected.
 *
 * @category errors
 * @since 0.1.0
 */
export interface DecodeViolation {
  readonly field: string
  readonly expected: string
}

/**
 * The server's answer does not match the spec: a 2xx body the codec refuses, or an error answer
 * that is not a ProblemDetail. Retryable only for an error status that is retryable in itself
 * (408, 429, 5xx: typically a proxy's page in front of the API); a 2xx that does not decode is
 * not (the server drifted from the spec).
 *
 * @category errors
 * @since 0.1.0
 */
export class ResponseInvalidError extends ShipperClientError {
  readonly kind = 'invalid_response' as const
  readonly retryable: boolean
  readonly status: number
  readonly violations: ReadonlyArray<DecodeViolation>
  readonly body: unknown
  constructor(status: number, violations: ReadonlyArray<DecodeViolation>, body: unknown, context: ErrorContext) {
    super(
      `the ${status} answer does not match the spec: ${violations.slice(0, 3).map((v) => `${v.field || '(body)'}: ${v.expected}`).join('; ')}`,
      context,
    )
    this.status = status
    this.violations = violations
    this.body = body
    this.retryable = status >= 400 && problemRetryable(status, '')
  }
}

/**
 * An attempt outlasted its timeout, or the call its deadline. Retryable.
 *
 * @category errors
 * @since 0.1.0
 */
export class TimeoutError extends ShipperClientError {
  readonly kind = 'timeout' as const
  readonly retryable = true
  /** 'attempt': one attempt's timeout; 'deadline': the whole call's budget (or waitForStatus's timeoutMs). */
  readonly scope: 'attempt' | 'deadline'
  constructor(scope: 'attempt' | 'deadline', context: ErrorContext) {
    super(scope === 'attempt' ? 'the attempt timed out' : 'the call ran out of time', context)
    this.scope = scope
  }
}

/**
 * fetch rejected (connection refused or reset, DNS, CORS in a browser). Retryable; `cause` holds
 * what fetch threw.
 *
 * @category errors
 * @since 0.1.0
 */
export class NetworkError extends ShipperClientError {
  readonly kind = 'network' as const
  readonly retryable = true
  constructor(cause: unknown, context: ErrorContext) {
    super(`the request failed: ${cause instanceof Error ? cause.message : String(cause)}`, context, cause)
  }
}

/**
 * The caller's AbortSignal ended the call. Retryable: a create aborted this way carries its
 * `idempotencyKey`, and calling create again with it resumes the same intent.
 *
 * @category errors
 * @since 0.1.0
 */
export class AbortedError extends ShipperClientError {
  readonly kind = 'aborted' as const
  readonly retryable = true
  constructor(context: ErrorContext, cause?: unknown) {
    super('the call was aborted', context, cause)
  }
}

/**
 * waitForStatus saw a state from which the target can never be reached (a cancelled order never
 * becomes DELIVERED). Not retryable.
 *
 * @category errors
 * @since 0.1.0
 */
export class StatusUnreachableError extends ShipperClientError {
  readonly kind = 'unreachable' as const
  readonly retryable = false
  /** The state seen. */
  readonly status: OrderStatusName | null
  constructor(status: OrderStatusName | null, target: string, context: ErrorContext) {
    super(`the order is ${String(status)}, from which ${target} cannot be reached`, context)
    this.status = status
  }
}

/**
 * Every error the client rejects with; `kind` narrows it.
 *
 * @category errors
 * @since 0.1.0
 */
export type ShipperError =
  | ProblemError
  | RequestInvalidError
  | ResponseInvalidError
  | TimeoutError
  | NetworkError
  | AbortedError
  | StatusUnreachableError

/**
 * Whether a caught value is one of the client's errors; narrows it to {@link ShipperError}.
 *
 * @example
 * isShipperError(new Error('x'))
 * //=> false
 *
 * @category errors
 * @since 0.1.0
 */
export const isShipperError = (e: unknown): e is ShipperError => e instanceof ShipperClientError
