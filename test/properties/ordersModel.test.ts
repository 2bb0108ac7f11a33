// Model-based test of the order lifecycle with fc.commands: a small order object driven by
// `transition`, checked against an independent model at every step.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isCancellable, ORDER_EVENTS, transition, type OrderEvent } from '../../src/rules/orderLifecycle.js'

// The model: ORD-07 and the spec's shown transitions, written as a function, not a table.
const modelNext = (s: string, e: OrderEvent): string | null => {
  if (e === 'CANCEL') return ['INITIALIZED', 'CONFIRMED', 'ACCEPTED', 'ASSIGNED'].includes(s) ? 'CANCELLED' : null
  if (e === 'CONFIRM') return s === 'INITIALIZED' ? 'CONFIRMED' : null
  if (e === 'REJECT') return s === 'INITIALIZED' || s === 'CONFIRMED' ? 'REJECTED' : null
  if (e === 'ACCEPT') return s === 'CONFIRMED' ? 'ACCEPTED' : null
  if (e === 'ASSIGN') return s === 'ACCEPTED' ? 'ASSIGNED' : null
  if (e === 'PICK_UP') return s === 'ASSIGNED' ? 'PICKED_UP' : null
  return s === 'PICKED_UP' || s === 'IN_TRANSIT' ? 'DELIVERED' : null
}
const TERMINAL = ['DELIVERED', 'CANCELLED', 'REJECTED']

interface Model { state: string }
interface Real { state: string; history: string[] }

class EventCommand implements fc.Command<Model, Real> {
  constructor(readonly event: OrderEvent) {}
  check(): boolean {
    return true
  }
  run(model: Model, real: Real): void {
    const before = real.state
    const r = transition(before, this.event)
    const expected = modelNext(model.state, this.event)
    expect(r._tag === 'Right' ? r.right : null).toBe(expected)
    if (TERMINAL.includes(before)) expect(r._tag).toBe('Left') // never leaves a terminal state
    if (r._tag === 'Right') {
      if (r.right === 'CANCELLED') expect(isCancellable(before)).toBe(true) // CANCELLED only from a cancellable state
      real.state = r.right
      real.history.push(r.right)
    } else {
      expect(r.left.status).toBe(400) // refused: the state is unchanged
    }
    if (expected !== null) model.state = expected
    expect(real.state).toBe(model.state)
  }
  toString(): string {
    return this.event
  }
}

describe('ORD-01 … ORD-07 lifecycle, model-based', () => {
  it('random event sequences agree with the model at every step, never leave a terminal state, and cancel only from a cancellable state', () => {
    const commands = fc.commands(ORDER_EVENTS.map((e) => fc.constant(new EventCommand(e))), { maxCommands: 25 })
    fc.assert(
      fc.property(commands, (cmds) => {
        fc.modelRun(() => ({ model: { state: 'INITIALIZED' }, real: { state: 'INITIALIZED', history: [] } }), cmds)
      }),
    )
  })
})
