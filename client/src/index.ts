/**
 * shipper-rules-client: a typed client for the shipper integration API. Every endpoint, requests
 * checked by shipper-rules before they leave the machine, safe retries (one shipment per intent,
 * lost confirms and cancels reconciled by reading the shipment back), and one family of errors a
 * program can switch on. Nothing here imports from `node:`; `shipper-rules-client/node` adds
 * uploads from a file path.
 *
 * @packageDocumentation
 */
export { CLIENT_VERSION, createShipperClient } from './client.js'
export {
  AbortedError,
  NetworkError,
  ProblemError,
  RequestInvalidError,
  ResponseInvalidError,
  ShipperClientError,
  StatusUnreachableError,
  TimeoutError,
  isShipperError,
  type DecodeViolation,
  type ErrorContext,
  type ShipperError,
} from './errors.js'
export { OPERATION_IDS, type OperationId } from './operations.js'
export { attemptRequestId, backoffCeiling, backoffDelay, classifyStatus, parseRetryAfter, type OutcomeClass } from './policy.js'
export { taskEitherClient, type Either, type TaskEither, type TaskEitherClient } from './taskEither.js'
export type * from './types.js'
