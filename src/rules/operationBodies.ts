/**
 * The request-body validator of each operation of the shipper API that takes a JSON body, picked
 * by the operation's `operationId` in the OpenAPI document: a tool that builds a request from the
 * document (the sandbox console's explorer) checks the body with the same rules the server applies,
 * without a table of its own.
 *
 * @module
 */
import { problemFor, validationProblem, type ProblemDetail } from '../errors/problem.js'
import { total } from '../internal/total.js'
import { validateAppointmentRequirement } from './appointment.js'
import { validateCreateShipment, validateQuoteRequest } from './requests.js'

/**
 * What {@link validateOperationBody} found: no validator for the operation, or the problem of the
 * body (null when valid).
 *
 * @category rules
 * @since 0.3.0
 */
export type OperationBodyCheck = { readonly checked: false } | { readonly checked: true; readonly problem: ProblemDetail | null }

const BODY_VALIDATORS: Readonly<Record<string, (body: unknown) => ProblemDetail | null>> = {
  createQuote: (body) => {
    const r = validateQuoteRequest(body)
    return r._tag === 'Left' ? r.left : null
  },
  createShipment: (body) => {
    const r = validateCreateShipment(body)
    return r._tag === 'Left' ? r.left : null
  },
  putAppointmentRequirement: (body) => {
    const r = validateAppointmentRequirement(body)
    return r._tag === 'Left' ? validationProblem(r.left) : null
  },
}

/**
 * Checks the JSON body of an operation of the shipper API, picked by its `operationId`:
 * `createQuote` by `validateQuoteRequest`, `createShipment` by `validateCreateShipment`,
 * `putAppointmentRequirement` by `validateAppointmentRequirement` (its violations as a 400
 * `validation_failed`). Any other operation (one without a JSON body, or not of the shipper
 * API) is `{ checked: false }`. Options the server passes (its configuration, its clock) are the
 * defaults here.
 *
 * Implements QTE-01, CRT-01 … CRT-09 and APT-01 … APT-06 through the validators it picks.
 *
 * Total: an operationId that is not a string is `{ checked: false }`; a body the validator cannot
 * read is its 400.
 *
 * @example
 * [validateOperationBody('getQuote', {}), validateOperationBody('createQuote', {}).problem.violations.map((v) => v.field)]
 * //=> [{ checked: false }, ['pickupAddress', 'deliveryAddress', 'orderComponents']]
 *
 * @category rules
 * @since 0.3.0
 */
export const validateOperationBody = /* @__PURE__ */ total(
  (operationId: unknown, body: unknown): OperationBodyCheck => {
    if (typeof operationId !== 'string' || !Object.hasOwn(BODY_VALIDATORS, operationId)) return { checked: false }
    const validate = BODY_VALIDATORS[operationId]
    return validate === undefined ? { checked: false } : { checked: true, problem: validate(body) }
  },
  (): OperationBodyCheck => ({ checked: true, problem: problemFor('validation_failed') }),
)
