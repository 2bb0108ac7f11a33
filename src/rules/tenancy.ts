/**
 * Authentication and tenancy (spec: Authentication, Errors; rules AUTH-01 … AUTH-04, ID-01): a
 * pure decision from already-verified credentials, and the order number of a path.
 *
 * @module
 */
import type { Either } from 'fp-ts/lib/Either.js'
import { problemFor, validationProblem, type ProblemDetail } from '../errors/problem.js'
import { violationAt } from '../errors/violation.js'
import { left, right } from '../internal/either.js'
import { isWellFormedWireText, WIRE_TEXT_MESSAGE } from '../internal/text.js'
import { isOrderNumber } from '../model/patterns.js'
import { HEADER } from '../model/headers.js'
import { total } from '../internal/total.js'

/**
 * What a server knows about a call's credentials after verifying them: the bearer token's claims
 * (null or absent when the header is missing or the token invalid), the API key's facts (null or
 * absent when missing or unknown), and the calling user's companies (absent for
 * machine-to-machine calls).
 *
 * @category model
 * @since 0.1.0
 */
export interface Credentials {
  readonly bearer?: { readonly scopes: ReadonlyArray<string> } | null | undefined
  readonly apiKey?: { readonly companyId: string; readonly expired?: boolean; readonly revoked?: boolean } | null | undefined
  readonly user?: { readonly companyIds: ReadonlyArray<string> } | null | undefined
}

/**
 * The kind of endpoint, where it changes the answer: appointment endpoints hide another
 * company's order behind 404 `order_not_found` (AUTH-03).
 *
 * @category model
 * @since 0.1.0
 */
export type EndpointKind = 'appointment' | 'other'

/**
 * The scope a bearer token must carry (AUTH-02).
 *
 * @example
 * SHIPPER_SCOPE
 * //=> 'shipper'
 *
 * @category model
 * @since 0.1.0
 */
export const SHIPPER_SCOPE = 'shipper'

/**
 * Decides whether a call may proceed and, if so, the company that scopes it: 401 `unauthorized`
 * without a valid bearer token carrying the `shipper` scope; 403 `forbidden` without a valid,
 * unexpired API key, or when the user does not belong to the key's company; for a resource of
 * another company, 403 `forbidden`, except 404 `order_not_found` on appointment endpoints.
 *
 * Implements AUTH-01 … AUTH-04. Decision (D): the bearer token is judged first, so a call
 * missing both credentials is 401.
 *
 * Total: credentials, a resource or an endpoint it cannot read give 401 `unauthorized` (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * [authorize({ bearer: { scopes: ['shipper'] }, apiKey: { companyId: 'acme' } }, { companyId: 'globex' }, 'appointment').left.reason,
 *  authorize({ bearer: { scopes: ['shipper'] }, apiKey: { companyId: 'acme' } }, { companyId: 'acme' }).right]
 * //=> ['order_not_found', { companyId: 'acme' }]
 *
 * @category rules
 * @since 0.1.0
 */
export const authorize = /* @__PURE__ */ total(
(
  credentials: Credentials,
  resource?: { readonly companyId: string } | null,
  endpoint: EndpointKind = 'other',
): Either<ProblemDetail, { readonly companyId: string }> => {
  const c = typeof credentials === 'object' && credentials !== null ? credentials : {}
  const scopes = c.bearer?.scopes
  if (!Array.isArray(scopes) || !scopes.includes(SHIPPER_SCOPE)) {
    return left(problemFor('unauthorized', 'A valid bearer token with the shipper scope is required.'))
  }
  const key = c.apiKey
  if (key === null || key === undefined || typeof key.companyId !== 'string' || key.companyId === '' || key.expired === true || key.revoked === true) {
    return left(problemFor('forbidden', `A valid, unexpired ${HEADER.apiKey} is required.`))
  }
  if (c.user !== null && c.user !== undefined && !(Array.isArray(c.user.companyIds) && c.user.companyIds.includes(key.companyId))) {
    return left(problemFor('forbidden', "The user does not belong to the API key's company."))
  }
  if (resource !== null && resource !== undefined && resource.companyId !== key.companyId) {
    return left(
      endpoint === 'appointment'
        ? problemFor('order_not_found', 'No such order.')
        : problemFor('forbidden', 'The resource belongs to another company.'),
    )
  }
  return right({ companyId: key.companyId })
},
  () => left(problemFor('unauthorized', 'The credentials could not be read.')),
)

/**
 * Reads an order number (PRO number) from a path: exactly five ASCII letters or digits, returned
 * as sent; absent or empty is 400 `validation_failed` with `required` at `orderNumber`, any other
 * text `pattern`, a value that is not a string `type`.
 *
 * Implements ID-01. Decision (D): the value is never trimmed or case-mapped: an order number in a
 * path is looked up exactly as written, so `a1b2c` and `A1B2C` are two different order numbers.
 *
 * @example
 * [parseOrderNumber('a1B2c').right, parseOrderNumber(' A1B2C').left.violations[0].code, parseOrderNumber('A1B2').left.status]
 * //=> ['a1B2c', 'pattern', 400]
 *
 * @category rules
 * @since 0.1.0
 */
export const parseOrderNumber = (value: unknown): Either<ProblemDetail, string> => {
  if (value === undefined || value === '') return left(validationProblem([violationAt(['orderNumber'], null, 'required', 'is required')]))
  if (typeof value !== 'string') return left(validationProblem([violationAt(['orderNumber'], null, 'type', 'must be a string of 5 letters or digits')]))
  if (!isWellFormedWireText(value)) return left(validationProblem([violationAt(['orderNumber'], null, 'encoding', WIRE_TEXT_MESSAGE)]))
  if (!isOrderNumber(value)) return left(validationProblem([violationAt(['orderNumber'], null, 'pattern', 'must be exactly 5 letters or digits (A-Z, a-z, 0-9), without blanks')]))
  return right(value)
}
