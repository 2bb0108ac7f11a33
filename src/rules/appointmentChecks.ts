/**
 * Appointment checks a server makes around the requirement itself (spec: States and transitions,
 * Endpoints rule 10, Confirm-time validation). Implements ORD-06 (the write lock and its
 * override) and CNF-04 (a stop that requires an appointment blocks confirmation until it has one).
 *
 * @module
 */
import type { Either } from 'fp-ts/lib/Either.js'
import { problemFor, validationProblem, type ProblemDetail } from '../errors/problem.js'
import { violationAt, type Violation } from '../errors/violation.js'
import { left, right } from '../internal/either.js'
import { isAbsent } from '../internal/input.js'
import { validateAppointmentRequirement } from './appointment.js'
import { isAppointmentLocked, isOrderStatus } from './orderLifecycle.js'

/**
 * The header that carries the reason of a change after acceptance.
 *
 * @category model
 * @since 0.1.0
 */
export const CHANGE_REASON_HEADER = 'X-Service-Change-Reason'

/** Reads the query flag: a boolean, or the text true/false in any case; anything else is undefined. */
const readFlag = (v: unknown): boolean | undefined => {
  if (isAbsent(v)) return false
  if (typeof v === 'boolean') return v
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase()
    if (t === 'true') return true
    if (t === 'false' || t === '') return false
  }
  return undefined
}

/**
 * Decides whether an appointment write (PUT requirement, POST or DELETE document) may proceed in
 * the order's state: before ACCEPTED it may (`changeReason` null); from ACCEPTED on it is 409
 * `order_accepted_appointment_locked`, unless `confirmChangeAfterAcceptance` is true (a boolean
 * or the query text `true`) and `changeReason` (the X-Service-Change-Reason header) is not
 * blank, which comes back verbatim for the carrier notification. The override without a reason
 * is 400 naming the header; a flag that is neither true nor false is 400 naming the query
 * parameter.
 *
 * Implements ORD-06. Decision (D): the lock also holds in CANCELLED and REJECTED (see
 * `isAppointmentLocked`); an unknown state is 400 at `orderStatus`.
 *
 * @example
 * [checkAppointmentWrite('ACCEPTED').left.reason, checkAppointmentWrite('ACCEPTED', { confirmChangeAfterAcceptance: 'true', changeReason: ' Dock moved to door 7 ' }).right]
 * //=> ['order_accepted_appointment_locked', { changeReason: ' Dock moved to door 7 ' }]
 *
 * @category rules
 * @since 0.1.0
 */
export const checkAppointmentWrite = (
  status: unknown,
  options: { readonly confirmChangeAfterAcceptance?: unknown; readonly changeReason?: unknown } = {},
): Either<ProblemDetail, { readonly changeReason: string | null }> => {
  if (!isOrderStatus(status)) {
    return left(validationProblem([violationAt(['orderStatus'], null, 'pattern', 'must be one of the nine order states')]))
  }
  const override = readFlag(options.confirmChangeAfterAcceptance)
  if (override === undefined) {
    return left(validationProblem([violationAt(['confirmChangeAfterAcceptance'], null, 'type', 'must be true or false')]))
  }
  if (!isAppointmentLocked(status)) return right({ changeReason: null })
  if (!override) {
    return left(problemFor('order_accepted_appointment_locked', `Appointment data cannot change once the order is ${status}; set confirmChangeAfterAcceptance=true with an ${CHANGE_REASON_HEADER} header to override.`))
  }
  const reason = options.changeReason
  if (typeof reason !== 'string' || reason.trim() === '') {
    return left(validationProblem([violationAt([CHANGE_REASON_HEADER], null, 'required', 'is required, not blank, when confirmChangeAfterAcceptance is true')]))
  }
  return right({ changeReason: reason })
}

/**
 * One stop as far as the confirm-time appointment check goes: the flags that can require an
 * appointment, and the place-level and order-level requirements as stored (unvalidated).
 *
 * @category model
 * @since 0.1.0
 */
export interface StopAppointmentState {
  readonly stop: 'pickup' | 'delivery'
  /** The stop address's appointmentRequired flag. */
  readonly addressRequired?: boolean
  /** The saved place's appointment-required flag. */
  readonly placeRequired?: boolean
  readonly place?: unknown
  readonly order?: unknown
}

/**
 * Returns the violations that block confirmation for one stop (empty when it may confirm): a
 * stop whose address or place requires an appointment needs a valid requirement at place or
 * order level; without one, one violation at `appointments.<stop>` naming the stop; with an
 * invalid one (and no valid one on the other level), that requirement's violations at
 * `appointments.<stop>.…`. A stop that requires nothing never blocks.
 *
 * Implements CNF-04. Decision (D): a place-level requirement is reported under the same path as
 * the order's (`appointments.<stop>`), since that is where a client can fix it for this order.
 *
 * @example
 * checkAppointmentPresence({ stop: 'delivery', addressRequired: true }).map((v) => [v.field, v.code])
 * //=> [['appointments.delivery', 'required']]
 *
 * @category rules
 * @since 0.1.0
 */
export const checkAppointmentPresence = (state: StopAppointmentState): ReadonlyArray<Violation> => {
  if (state.addressRequired !== true && state.placeRequired !== true) return []
  const path = ['appointments', state.stop]
  const candidates = [state.order, state.place].filter((r) => !isAbsent(r))
  if (candidates.length === 0) {
    return [violationAt(path, 'appointment', 'required', `the ${state.stop} stop requires an appointment: add appointment data for it at order or place level before confirming`)]
  }
  const results = candidates.map((r) => validateAppointmentRequirement(r, { path }))
  if (results.some((r) => r._tag === 'Right')) return []
  return results.flatMap((r) => (r._tag === 'Left' ? r.left : []))
}
