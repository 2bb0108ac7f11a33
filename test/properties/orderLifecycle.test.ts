import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '../../src/model/orderStatuses.js'
import { isAppointmentLocked, isCancellable, isOrderStatus } from '../../src/rules/orderLifecycle.js'

// ORD-07 as RULES.md states it, plus the spec's shown transitions (confirm, cancel before pickup):
// the model the lifecycle functions are checked against.
const NEXT: Readonly<Record<string, ReadonlyArray<string>>> = {
  INITIALIZED: ['CONFIRMED', 'CANCELLED', 'REJECTED'],
  CONFIRMED: ['ACCEPTED', 'REJECTED', 'CANCELLED'],
  ACCEPTED: ['ASSIGNED', 'CANCELLED'],
  ASSIGNED: ['PICKED_UP', 'IN_TRANSIT', 'CANCELLED'],
  PICKED_UP: ['DELIVERED'],
  IN_TRANSIT: ['DELIVERED'],
  DELIVERED: [],
  CANCELLED: [],
  REJECTED: [],
}
const reachable = (from: string): Set<string> => {
  const seen = new Set<string>()
  const todo = [from]
  while (todo.length > 0) for (const n of NEXT[todo.pop()!]!) if (!seen.has(n)) (seen.add(n), todo.push(n))
  return seen
}

describe('ORD-06 appointment write lock along the lifecycle', () => {
  it('the lock is monotone: once locked, every later state is locked', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), (s) => {
        if (isAppointmentLocked(s)) for (const later of reachable(s)) expect([later, isAppointmentLocked(later)]).toEqual([later, true])
      }),
    )
  })
  it('writes are open exactly before ACCEPTED (INITIALIZED, CONFIRMED)', () => {
    expect(ORDER_STATUSES.filter((s) => !isAppointmentLocked(s))).toEqual(['INITIALIZED', 'CONFIRMED'])
  })
  it('anything that is not a state is locked (fail closed) and not cancellable', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        if (!isOrderStatus(v)) expect([isAppointmentLocked(v), isCancellable(v)]).toEqual([true, false])
      }),
    )
  })
})

describe('ORD-01 and ORD-04 states', () => {
  it('IN_TRANSIT behaves exactly as PICKED_UP', () => {
    expect([isAppointmentLocked('IN_TRANSIT'), isCancellable('IN_TRANSIT')]).toEqual([isAppointmentLocked('PICKED_UP'), isCancellable('PICKED_UP')])
  })
  it('cancellable exactly before pickup, and never once a non-cancellable state is reached', () => {
    expect(ORDER_STATUSES.filter(isCancellable)).toEqual(['INITIALIZED', 'CONFIRMED', 'ACCEPTED', 'ASSIGNED'])
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), (s) => {
        if (!isCancellable(s)) for (const later of reachable(s)) expect(isCancellable(later)).toBe(false)
      }),
    )
  })
})
