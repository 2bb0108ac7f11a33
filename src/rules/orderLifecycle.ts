/**
 * The order lifecycle (spec: States and transitions; rules ORD-01, ORD-04, ORD-06, ORD-07) as
 * data: where each state stands, whether an order can be cancelled, and whether appointment
 * writes are locked. The transition function of issue 6 builds on the same table.
 *
 * @module
 */
import { ORDER_STATUSES, type OrderStatusName } from '../model/orderStatuses.js'

/**
 * Each state's place in the lifecycle: its stage (IN_TRANSIT shares PICKED_UP's, ORD-01), and
 * whether it is terminal.
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
