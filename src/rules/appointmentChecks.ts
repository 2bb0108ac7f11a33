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
import { HEADER } from '../model/headers.js'
import { validateAppointmentRequirement } from './appointment.js'
import { isAppointmentLocked, isOrderStatus } from './orderLifecycle.js'
import { total } from '../internal/total.js'
import { UNREADABLE_REASON } from '../errors/unreadable.js'
import { isWellFormedWireText, WIRE_TEXT_MESSAGE } from '../internal/text.js'

/**
 * The header that carries the reason of a change after acceptance.
 *
 * @internal
 */
export const CHANGE_REASON_HEADER = HEADER.changeReason

/**
 * The appointment writes the order lock applies to (ORD-06): the requirement PUT, and the upload
 * (POST) and removal (DELETE) of an appointment document.
 *
 * @example
 * APPOINTMENT_WRITE_ENDPOINTS
 * //=> ['PUT_REQUIREMENT', 'POST_DOCUMENT', 'DELETE_DOCUMENT']
 *
 * @category model
 * @since 0.2.0
 */
export const APPOINTMENT_WRITE_ENDPOINTS = ['PUT_REQUIREMENT', 'POST_DOCUMENT', 'DELETE_DOCUMENT'] as const

/**
 * An appointment write endpoint.
 *
 * @category model
 * @since 0.2.0
 */
export type AppointmentWriteEndpoint = (typeof APPOINTMENT_WRITE_ENDPOINTS)[number]

/**
 * Options of {@link checkAppointmentWrite}: which endpoint is called (when absent, no override
 * applies: the lock holds), and for the PUT the query flag and the X-Service-Change-Reason header
 * as received.
 *
 * @category model
 * @since 0.2.0
 */
export interface AppointmentWriteOptions {
  readonly endpoint?: AppointmentWriteEndpoint
  readonly confirmChangeAfterAcceptance?: unknown
  readonly changeReason?: unknown
}

const UNREADABLE: unique symbol = Symbol('unreadable')
const hasOwn = Object.prototype.hasOwnProperty

/** An own option of any value (a non-object has none); a throwing getter or Proxy is UNREADABLE. */
const option = (options: unknown, key: string): unknown => {
  if ((typeof options !== 'object' && typeof options !== 'function') || options === null) return undefined
  try {
    return hasOwn.call(options, key) ? (options as Record<string, unknown>)[key] : undefined
  } catch {
    return UNREADABLE
  }
}

/** The query flag exactly as the spec writes it: a boolean, or the text `true`/`false`; absent is false. */
const readFlag = (v: unknown): boolean | undefined => {
  if (v === undefined || v === false || v === 'false') return false
  if (v === true || v === 'true') return true
  return undefined
}

const isEndpoint = (v: unknown): v is AppointmentWriteEndpoint =>
  typeof v === 'string' && (APPOINTMENT_WRITE_ENDPOINTS as ReadonlyArray<string>).includes(v)

/**
 * Decides whether an appointment write may proceed in the order's state: before ACCEPTED every
 * endpoint may (`changeReason` null); from ACCEPTED on it is 409
 * `order_accepted_appointment_locked`, except on the requirement PUT, named explicitly (`endpoint`
 * `PUT_REQUIREMENT`), when `confirmChangeAfterAcceptance` is true (the boolean or the query text
 * `true`) and `changeReason` (the X-Service-Change-Reason header) is not blank, which comes back
 * verbatim for the carrier notification (a reason that is not wire text, with an unpaired
 * surrogate or U+0000, is 400 `encoding` at `X-Service-Change-Reason`: it could not be stored or
 * sent; ERR-01, ID-03). On the PUT the override without a reason is 400 naming the header, and a
 * flag other than `true`/`false` (booleans or exactly that text; absent is false) is 400 `type` at
 * `confirmChangeAfterAcceptance`; an endpoint outside {@link APPOINTMENT_WRITE_ENDPOINTS} is 400
 * `pattern` at `endpoint`.
 *
 * Implements ORD-06. Decisions (D): the lock also holds in CANCELLED and REJECTED (see
 * `isAppointmentLocked`) and an unknown state is 400 at `orderStatus`; without `endpoint` the
 * write is not known to be the PUT, so it fails closed: the override flag and reason are ignored
 * (neither validated nor honoured) and a locked order answers 409, as on POST_DOCUMENT and
 * DELETE_DOCUMENT (earlier builds read an absent endpoint as the PUT).
 *
 * @example
 * [checkAppointmentWrite('ACCEPTED').left.reason,
 *  checkAppointmentWrite('ACCEPTED', { endpoint: 'PUT_REQUIREMENT', confirmChangeAfterAcceptance: 'true', changeReason: ' Dock moved to door 7 ' }).right,
 *  checkAppointmentWrite('ACCEPTED', { confirmChangeAfterAcceptance: true, changeReason: 'Dock moved' }).left.status,
 *  checkAppointmentWrite('ACCEPTED', { endpoint: 'DELETE_DOCUMENT', confirmChangeAfterAcceptance: true, changeReason: 'Dock moved' }).left.status,
 *  checkAppointmentWrite('CONFIRMED', { endpoint: 'PUT_REQUIREMENT', confirmChangeAfterAcceptance: 'TRUE' }).left.violations[0].field]
 * //=> ['order_accepted_appointment_locked', { changeReason: ' Dock moved to door 7 ' }, 409, 409, 'confirmChangeAfterAcceptance']
 *
 * @category rules
 * @since 0.1.0
 */
export const checkAppointmentWrite = (
  status: unknown,
  options: AppointmentWriteOptions = {},
): Either<ProblemDetail, { readonly changeReason: string | null }> => {
  const violations: Violation[] = []
  if (!isOrderStatus(status)) violations.push(violationAt(['orderStatus'], null, 'pattern', 'must be one of the nine order states'))
  // Absent means unknown, not the PUT: the override needs the caller to name the PUT (fail closed).
  const endpoint = option(options, 'endpoint')
  if (endpoint !== undefined && !isEndpoint(endpoint)) {
    violations.push(violationAt(['endpoint'], null, 'pattern', `must be one of ${APPOINTMENT_WRITE_ENDPOINTS.join(', ')}`))
  }
  const override = endpoint === 'PUT_REQUIREMENT' ? readFlag(option(options, 'confirmChangeAfterAcceptance')) : false
  if (override === undefined) {
    violations.push(violationAt(['confirmChangeAfterAcceptance'], null, 'type', 'must be true or false (a boolean, or exactly the text true or false)'))
  }
  if (violations.length > 0) return left(validationProblem(violations))
  if (!isAppointmentLocked(status)) return right({ changeReason: null })
  if (!override) {
    return left(
      problemFor(
        'order_accepted_appointment_locked',
        endpoint === 'PUT_REQUIREMENT'
          ? `Appointment data cannot change once the order is ${String(status)}; set confirmChangeAfterAcceptance=true with an ${CHANGE_REASON_HEADER} header to override.`
          : endpoint === undefined
            ? `Appointment data cannot change once the order is ${String(status)}; only the appointment requirement PUT, named as the endpoint, can override the lock.`
            : `Appointment documents cannot change once the order is ${String(status)}; only the appointment requirement PUT can override the lock.`,
      ),
    )
  }
  const reason = option(options, 'changeReason')
  if (typeof reason !== 'string' || reason.trim() === '') {
    return left(validationProblem([violationAt([CHANGE_REASON_HEADER], null, 'required', 'is required, not blank, when confirmChangeAfterAcceptance is true')]))
  }
  if (!isWellFormedWireText(reason)) return left(validationProblem([violationAt([CHANGE_REASON_HEADER], null, 'encoding', WIRE_TEXT_MESSAGE)]))
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
 * Total: for a state it cannot read (a stop other than `pickup` or `delivery` included, when the stop requires an appointment) it returns one `type` violation at the root (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * checkAppointmentPresence({ stop: 'delivery', addressRequired: true }).map((v) => [v.field, v.code])
 * //=> [['appointments.delivery', 'required']]
 *
 * @category rules
 * @since 0.1.0
 */
export const checkAppointmentPresence = /* @__PURE__ */ total(
(state: StopAppointmentState): ReadonlyArray<Violation> => {
  if (state.addressRequired !== true && state.placeRequired !== true) return []
  if (state.stop !== 'pickup' && state.stop !== 'delivery') return [violationAt([], null, 'type', UNREADABLE_REASON)]
  const path = ['appointments', state.stop]
  const candidates = [state.order, state.place].filter((r) => !isAbsent(r))
  if (candidates.length === 0) {
    return [violationAt(path, 'appointment', 'required', `the ${state.stop} stop requires an appointment: add appointment data for it at order or place level before confirming`)]
  }
  const results = candidates.map((r) => validateAppointmentRequirement(r, { path }))
  if (results.some((r) => r._tag === 'Right')) return []
  return results.flatMap((r) => (r._tag === 'Left' ? r.left : []))
},
  () => [violationAt([], null, 'type', UNREADABLE_REASON)],
)
