// The lifecycle predicates (canReach, isConfirmedOrLater, isUnderWay) agree with the transition
// table of src/rules/orderLifecycle.ts: read from TRANSITIONS here by a walk of the test's own,
// and checked against ORD-07 as RULES.md states it.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '../../src/model/orderStatuses.js'
import { canReach, isConfirmedOrLater, isOrderStatus, isUnderWay, ORDER_EVENTS, TRANSITIONS, transition } from '../../src/rules/orderLifecycle.js'

const status = fc.constantFrom(...ORDER_STATUSES)
const notAStatus = fc.anything().filter((v) => !isOrderStatus(v))

/** One step: an event of the table, or PICKED_UP showing as its alias IN_TRANSIT (ORD-01). */
const steps = (s: string): string[] => [
  ...ORDER_EVENTS.flatMap((e) => {
    const r = transition(s, e)
    return r._tag === 'Right' ? [r.right] : []
  }),
  ...(s === 'PICKED_UP' ? ['IN_TRANSIT'] : []),
]

describe('ORD-07 canReach', () => {
  it('is reflexive, and a step of the table is reachable', () => {
    fc.assert(
      fc.property(status, (s) => {
        expect(canReach(s, s)).toBe(true)
        for (const n of steps(s)) expect([s, n, canReach(s, n)]).toEqual([s, n, true])
      }),
    )
  })
  it('is transitive', () => {
    fc.assert(
      fc.property(status, status, status, (a, b, c) => {
        if (canReach(a, b) && canReach(b, c)) expect(canReach(a, c)).toBe(true)
      }),
    )
  })
  it('reaches nothing but by steps: a state other than the start is reached only through a step of the table', () => {
    fc.assert(
      fc.property(status, status, (a, b) => {
        expect(canReach(a, b)).toBe(a === b || steps(a).some((n) => canReach(n, b)))
      }),
    )
  })
  it('a terminal state (no event accepted) reaches only itself; a cancelled or rejected order never delivers', () => {
    for (const s of ORDER_STATUSES.filter((x) => Object.keys(TRANSITIONS[x]).length === 0)) {
      expect(ORDER_STATUSES.filter((t) => canReach(s, t))).toEqual([s])
    }
    expect([canReach('CANCELLED', 'DELIVERED'), canReach('REJECTED', 'DELIVERED'), canReach('ASSIGNED', 'REJECTED'), canReach('PICKED_UP', 'CANCELLED')]).toEqual([false, false, false, false])
  })
  it('the spec forward path: INITIALIZED reaches every state, and nothing goes back to INITIALIZED', () => {
    expect(ORDER_STATUSES.filter((t) => canReach('INITIALIZED', t))).toEqual([...ORDER_STATUSES])
    expect(ORDER_STATUSES.filter((s) => canReach(s, 'INITIALIZED'))).toEqual(['INITIALIZED'])
  })
  it('is false when either side is not a state', () => {
    fc.assert(
      fc.property(notAStatus, status, (v, s) => {
        expect([canReach(v, s), canReach(s, v), canReach(v, v)]).toEqual([false, false, false])
      }),
    )
  })
})

describe('ORD-03 isConfirmedOrLater', () => {
  it('holds exactly for the states reached from CONFIRMED that can still be DELIVERED', () => {
    fc.assert(
      fc.property(status, (s) => {
        expect(isConfirmedOrLater(s)).toBe(canReach('CONFIRMED', s) && canReach(s, 'DELIVERED'))
      }),
    )
  })
  it('is the confirm-and-after set: CONFIRMED, ACCEPTED, ASSIGNED, PICKED_UP, IN_TRANSIT, DELIVERED', () => {
    expect(ORDER_STATUSES.filter(isConfirmedOrLater)).toEqual(['CONFIRMED', 'ACCEPTED', 'ASSIGNED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED'])
  })
  it('a successful confirm leads into it, and it is closed under every step but CANCEL and REJECT', () => {
    const confirmed = transition('INITIALIZED', 'CONFIRM')
    expect(confirmed._tag === 'Right' && isConfirmedOrLater(confirmed.right)).toBe(true)
    fc.assert(
      fc.property(status, fc.constantFrom(...ORDER_EVENTS), (s, e) => {
        const r = transition(s, e)
        if (isConfirmedOrLater(s) && r._tag === 'Right' && e !== 'CANCEL' && e !== 'REJECT') expect([s, e, isConfirmedOrLater(r.right)]).toEqual([s, e, true])
      }),
    )
  })
  it('is false for anything that is not a state', () => {
    fc.assert(
      fc.property(notAStatus, (v) => {
        expect(isConfirmedOrLater(v)).toBe(false)
      }),
    )
  })
})

describe('TRK-03 isUnderWay', () => {
  it('agrees with isConfirmedOrLater on every value: not before confirmation, not once cancelled or rejected', () => {
    fc.assert(
      fc.property(fc.oneof(status, fc.anything()), (v) => {
        expect(isUnderWay(v)).toBe(isConfirmedOrLater(v))
      }),
    )
    expect(['INITIALIZED', 'CANCELLED', 'REJECTED'].map(isUnderWay)).toEqual([false, false, false])
  })
})
