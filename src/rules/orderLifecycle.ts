/**
 * The order lifecycle (spec: States and transitions; rules ORD-01, ORD-04, ORD-06, ORD-07) as
 * data: where each state stands, whether an order can be cancelled, and whether appointment
 * writes are locked. The transition function of issue 6 builds on the same table.
 *
 * @module
 */
import type { Either } from 'fp-ts/lib/Either.js'
import { problemFor, validationProblem, type ProblemDetail } from '../errors/problem.js'
import { violationAt } from '../errors/violation.js'
import { left, right } from '../internal/either.js'
import { ORDER_STATUSES, type OrderStatusName } from '../model/orderStatuses.js'

/**
 * Each state's place in the lifecycle: its stage (IN_TRANSIT shares PICKED_UP's, ORD-01), and
 * whether it is terminal.
 *
 * @example
 * LIFECYCLE.PICKED_UP.cancellable
 * //=> false
 *
 * @category model
 * @since 0.1.0
 */
export const LIFECYCLE: { readonly [S in OrderStatusName]: { readonly stage: number; readonly terminal: boolean; readonly cancellable: boolean } } = {
  INITIALIZED: { stage: 0, terminal: false, cancellable: true },
  CONFIRMED: { stage: 1, terminal: false, cancellable: true },
  ACCEPTED: { stage: 2, terminal: false, cancellable: true },
  ASSIGNED: { stage: 3, terminal: false, cancellable: true },
  PICKED_UP: { stage: 4, terminal: false, cancellable: false },
  IN_TRANSIT: { stage: 4, terminal: false, cancellable: false },
  DELIVERED: { stage: 5, terminal: true, cancellable: false },
  CANCELLED: { stage: 5, terminal: true, cancellable: false },
  REJECTED: { stage: 5, terminal: true, cancellable: false },
}

const STATUS_SET: ReadonlySet<string> = new Set(ORDER_STATUSES)

/**
 * Whether a value is one of the nine order states.
 * Rule ORD-01.
 *
 * @example
 * [isOrderStatus('IN_TRANSIT'), isOrderStatus('SHIPPED')]
 * //=> [true, false]
 *
 * @category refinements
 * @since 0.1.0
 */
export const isOrderStatus = (value: unknown): value is OrderStatusName => typeof value === 'string' && STATUS_SET.has(value)

/**
 * Whether an order in this state can be cancelled: before pickup (INITIALIZED, CONFIRMED,
 * ACCEPTED, ASSIGNED). False for anything that is not a state.
 *
 * Implements ORD-04. Decision (D): "before pickup" is the cancellable set.
 *
 * @example
 * [isCancellable('ASSIGNED'), isCancellable('IN_TRANSIT')]
 * //=> [true, false]
 *
 * @category rules
 * @since 0.1.0
 */
export const isCancellable = (status: unknown): boolean => isOrderStatus(status) && LIFECYCLE[status].cancellable

/**
 * Whether appointment writes are locked in this state: from ACCEPTED on (ACCEPTED, ASSIGNED,
 * PICKED_UP, IN_TRANSIT, DELIVERED), and in the terminal CANCELLED and REJECTED, so the lock
 * never opens again along the lifecycle. True for anything that is not a state (fail closed).
 *
 * Implements ORD-06. Decision (D): a cancelled or rejected order is locked too.
 *
 * @example
 * [isAppointmentLocked('CONFIRMED'), isAppointmentLocked('ACCEPTED'), isAppointmentLocked('CANCELLED')]
 * //=> [false, true, true]
 *
 * @category rules
 * @since 0.1.0
 */
export const isAppointmentLocked = (status: unknown): boolean =>
  !isOrderStatus(status) || LIFECYCLE[status].terminal || LIFECYCLE[status].stage >= LIFECYCLE.ACCEPTED.stage

/**
 * The events that move an order (ORD-02 … ORD-07).
 *
 * @example
 * ORDER_EVENTS.length
 * //=> 7
 *
 * @category model
 * @since 0.1.0
 */
export const ORDER_EVENTS = ['CONFIRM', 'CANCEL', 'ACCEPT', 'REJECT', 'ASSIGN', 'PICK_UP', 'DELIVER'] as const

/**
 * An order event.
 *
 * @category model
 * @since 0.1.0
 */
export type OrderEvent = (typeof ORDER_EVENTS)[number]

/**
 * The transition table: for each state, the events it accepts and the state each leads to.
 * Shown by the spec: INITIALIZED to CONFIRMED on confirm, cancel from a cancellable state.
 * Decided (ORD-07): CONFIRMED to ACCEPTED (carrier accepts) or REJECTED (no coverage in time);
 * ACCEPTED to ASSIGNED; ASSIGNED to PICKED_UP; PICKED_UP (and IN_TRANSIT, its alias) to
 * DELIVERED; INITIALIZED or CONFIRMED to REJECTED (declined by the shipper); DELIVERED,
 * CANCELLED and REJECTED accept nothing.
 *
 * @example
 * TRANSITIONS.INITIALIZED.CONFIRM
 * //=> 'CONFIRMED'
 *
 * @category model
 * @since 0.1.0
 */
export const TRANSITIONS: { readonly [S in OrderStatusName]: { readonly [E in OrderEvent]?: OrderStatusName } } = {
  INITIALIZED: { CONFIRM: 'CONFIRMED', CANCEL: 'CANCELLED', REJECT: 'REJECTED' },
  CONFIRMED: { ACCEPT: 'ACCEPTED', REJECT: 'REJECTED', CANCEL: 'CANCELLED' },
  ACCEPTED: { ASSIGN: 'ASSIGNED', CANCEL: 'CANCELLED' },
  ASSIGNED: { PICK_UP: 'PICKED_UP', CANCEL: 'CANCELLED' },
  PICKED_UP: { DELIVER: 'DELIVERED' },
  IN_TRANSIT: { DELIVER: 'DELIVERED' },
  DELIVERED: {},
  CANCELLED: {},
  REJECTED: {},
}

const EVENT_SET: ReadonlySet<string> = new Set(ORDER_EVENTS)

/**
 * Whether the order can still come to state `to` from state `from`: `to` is `from` itself or is
 * reached by a chain of the transitions of {@link TRANSITIONS}, with PICKED_UP moving on to its
 * alias IN_TRANSIT (ORD-01: tracking shows either). A terminal state reaches only itself. False
 * when either argument is not a state.
 *
 * Implements ORD-01 (IN_TRANSIT after PICKED_UP) and ORD-07 (the forward path).
 *
 * @example
 * [canReach('CONFIRMED', 'DELIVERED'), canReach('PICKED_UP', 'IN_TRANSIT'), canReach('ASSIGNED', 'REJECTED'), canReach('DELIVERED', 'DELIVERED')]
 * //=> [true, true, false, true]
 *
 * @category rules
 * @since 0.2.0
 */
export const canReach = (from: unknown, to: unknown): boolean => isOrderStatus(from) && isOrderStatus(to) && REACHABLE.get(from)?.has(to) === true

/** The successors of a state: its transitions, and IN_TRANSIT after PICKED_UP (ORD-01). */
const successors = (s: OrderStatusName): ReadonlyArray<OrderStatusName> => [
  ...ORDER_EVENTS.flatMap((e) => {
    const next = TRANSITIONS[s][e]
    return next === undefined ? [] : [next]
  }),
  ...(s === 'PICKED_UP' ? (['IN_TRANSIT'] as const) : []),
]

/** For each state, the states it can reach (itself included), computed once from the table. */
const REACHABLE: ReadonlyMap<OrderStatusName, ReadonlySet<OrderStatusName>> = new Map(
  ORDER_STATUSES.map((from) => {
    const seen = new Set<OrderStatusName>([from])
    const queue: OrderStatusName[] = [from]
    for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
      for (const n of successors(s)) if (!seen.has(n)) (seen.add(n), queue.push(n))
    }
    return [from, seen] as const
  }),
)

/**
 * Whether the order is CONFIRMED or past it on the forward path (CONFIRMED, ACCEPTED, ASSIGNED,
 * PICKED_UP, IN_TRANSIT, DELIVERED): the states reached from CONFIRMED from which DELIVERED can
 * still be reached. A confirm whose answer was lost succeeded when the order reads one of them.
 * False for INITIALIZED, CANCELLED, REJECTED and anything that is not a state.
 *
 * Implements ORD-03 (what a confirm leads to) and ORD-07 (the forward path).
 *
 * @example
 * [isConfirmedOrLater('INITIALIZED'), isConfirmedOrLater('CONFIRMED'), isConfirmedOrLater('DELIVERED'), isConfirmedOrLater('CANCELLED')]
 * //=> [false, true, true, false]
 *
 * @category rules
 * @since 0.2.0
 */
export const isConfirmedOrLater = (status: unknown): boolean => canReach('CONFIRMED', status) && canReach(status, 'DELIVERED')

/**
 * Whether a shipment is under way or done, so that its position means something (TRK-03): the order is confirmed or later on the forward path (see
 * {@link isConfirmedOrLater}); not before confirmation, not once cancelled or rejected. False
 * for anything that is not a state.
 *
 * Implements TRK-03 (when a location is estimated).
 *
 * @example
 * [isUnderWay('ASSIGNED'), isUnderWay('INITIALIZED'), isUnderWay('REJECTED'), isUnderWay(null)]
 * //=> [true, false, false, false]
 *
 * @category rules
 * @since 0.2.0
 */
export const isUnderWay = (status: unknown): boolean => isConfirmedOrLater(status)

/**
 * Returns the state an event moves an order to, or a 400 ProblemDetail naming the state and the
 * event: `order_not_cancellable` for a refused CANCEL, `invalid_transition` otherwise, and
 * `validation_failed` for something that is not a state or an event. IN_TRANSIT behaves exactly
 * as PICKED_UP; terminal states accept nothing.
 *
 * Implements ORD-01 … ORD-05, ORD-07 (the table is {@link TRANSITIONS}; docs/lifecycle.md is
 * generated from it).
 *
 * @example
 * [transition('INITIALIZED', 'CONFIRM').right, transition('PICKED_UP', 'CANCEL').left.reason]
 * //=> ['CONFIRMED', 'order_not_cancellable']
 *
 * @category rules
 * @since 0.1.0
 */
export const transition = (status: unknown, event: unknown): Either<ProblemDetail, OrderStatusName> => {
  const bad = [
    ...(isOrderStatus(status) ? [] : [violationAt(['orderStatus'], null, 'pattern', `must be one of ${ORDER_STATUSES.join(', ')}`)]),
    ...(typeof event === 'string' && EVENT_SET.has(event) ? [] : [violationAt(['event'], null, 'pattern', `must be one of ${ORDER_EVENTS.join(', ')}`)]),
  ]
  if (bad.length > 0 || !isOrderStatus(status)) return left(validationProblem(bad))
  const next = TRANSITIONS[status][event as OrderEvent]
  if (next !== undefined) return right(next)
  return left(
    event === 'CANCEL'
      ? problemFor('order_not_cancellable', `An order in ${status} cannot be cancelled: only orders before pickup can.`)
      : problemFor('invalid_transition', `An order in ${status} does not accept ${String(event)}.`),
  )
}

/**
 * The lifecycle as a Markdown table (states by events), generated from {@link TRANSITIONS} so
 * the documentation cannot drift: docs/lifecycle.md is this text, checked by a test.
 * Rules ORD-01 to ORD-07.
 *
 * @example
 * lifecycleTable().split('\n')[2]
 * //=> '| INITIALIZED | CONFIRMED | CANCELLED |  | REJECTED |  |  |  | yes | open |'
 *
 * @category utils
 * @since 0.1.0
 */
export const lifecycleTable = (): string => {
  const head = `| state | ${ORDER_EVENTS.join(' | ')} | cancellable | appointment writes |`
  const rule = `|---|${ORDER_EVENTS.map(() => '---').join('|')}|---|---|`
  const rows = ORDER_STATUSES.map((s) => {
    const cells = ORDER_EVENTS.map((e) => TRANSITIONS[s][e] ?? '')
    return `| ${s} | ${cells.join(' | ')} | ${isCancellable(s) ? 'yes' : 'no'} | ${isAppointmentLocked(s) ? 'locked (409)' : 'open'} |`
  })
  return [head, rule, ...rows].join('\n')
}
