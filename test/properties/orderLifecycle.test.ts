import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '../../src/model/orderStatuses.js'
import { isAppointmentLocked, isCancellable, isOrderStatus, ORDER_EVENTS, transition } from '../../src/rules/orderLifecycle.js'

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

// The model of ORD-07 with its events, written from RULES.md's sentences.
const MODEL: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  INITIALIZED: { CONFIRM: 'CONFIRMED', CANCEL: 'CANCELLED', REJECT: 'REJECTED' },
  CONFIRMED: { ACCEPT: 'ACCEPTED', REJECT: 'REJECTED', CANCEL: 'CANCELLED' },
  ACCEPTED: { ASSIGN: 'ASSIGNED', CANCEL: 'CANCELLED' },
  ASSIGNED: { PICK_UP: 'PICKED_UP', CANCEL: 'CANCELLED' },
  PICKED_UP: { DELIVER: 'DELIVERED' },
  IN_TRANSIT: { DELIVER: 'DELIVERED' },
}

describe('ORD-02 … ORD-07 transitions', () => {
  it('a random sequence of events folds to the same state as the model, refusals leaving the state unchanged', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ORDER_EVENTS), { maxLength: 12 }), (events) => {
        let state = 'INITIALIZED'
        let model = 'INITIALIZED'
        for (const e of events) {
          const r = transition(state, e)
          const next = MODEL[model]?.[e]
          expect(r._tag === 'Right' ? r.right : null).toBe(next ?? null)
          if (r._tag === 'Right') state = r.right
          if (next !== undefined) model = next
        }
        expect(state).toBe(model)
      }),
    )
  })
  it('a refused transition is a 400 naming the state and the event (order_not_cancellable for CANCEL)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), fc.constantFrom(...ORDER_EVENTS), (s, e) => {
        const r = transition(s, e)
        if (MODEL[s]?.[e] !== undefined) return
        expect(r._tag).toBe('Left')
        if (r._tag === 'Left') {
          expect([r.left.status, r.left.reason]).toEqual([400, e === 'CANCEL' ? 'order_not_cancellable' : 'invalid_transition'])
          expect(r.left.detail).toContain(s)
          if (e !== 'CANCEL') expect(r.left.detail).toContain(e)
        }
      }),
    )
  })
  it('IN_TRANSIT answers every event exactly as PICKED_UP; terminal states accept nothing', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_EVENTS), (e) => {
        const outcome = (r: ReturnType<typeof transition>) => (r._tag === 'Right' ? r.right : [r.left.status, r.left.reason])
        expect(outcome(transition('IN_TRANSIT', e))).toEqual(outcome(transition('PICKED_UP', e)))
        for (const t of ['DELIVERED', 'CANCELLED', 'REJECTED']) expect(transition(t, e)._tag).toBe('Left')
      }),
    )
  })
  it('anything that is not a state or an event is 400 validation_failed, never a throw', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (s, e) => {
        const r = transition(s, e)
        if (!isOrderStatus(s) || !(ORDER_EVENTS as ReadonlyArray<unknown>).includes(e)) expect(r._tag === 'Left' && r.left.reason).toBe('validation_failed')
      }),
    )
  })
  it('a successful cancel happens exactly from the cancellable states', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), (s) => {
        expect(transition(s, 'CANCEL')._tag === 'Right').toBe(isCancellable(s))
      }),
    )
  })
})
