/**
 * The order states as data (spec: Shipment.orderStatus, States and transitions), with no codec
 * attached so that rules can use them without bringing io-ts into a bundle.
 *
 * @module
 */

/**
 * The nine order states, in lifecycle order (ORD-01; IN_TRANSIT is an alias of PICKED_UP).
 *
 * @example
 * ORDER_STATUSES.length
 * //=> 9
 *
 * @category model
 * @since 0.1.0
 */
export const ORDER_STATUSES = [
  'INITIALIZED',
  'CONFIRMED',
  'ACCEPTED',
  'ASSIGNED',
  'PICKED_UP',
  'IN_TRANSIT',
  'DELIVERED',
  'CANCELLED',
  'REJECTED',
] as const

/**
 * One of the nine order states.
 *
 * @category model
 * @since 0.1.0
 */
export type OrderStatusName = (typeof ORDER_STATUSES)[number]
