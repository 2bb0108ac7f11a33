// Issue 26, behaviour 4: timeouts and cancellation end the call promptly. In virtual time the
// client's guarantees are exact (client/src/policy.ts and the design): an attempt is aborted at
// min(timeoutMs, time left to the deadline); no wait runs past the deadline; so a call settles no
// later than deadlineMs after it started, and no attempt lasts longer than timeoutMs. The caller's
// AbortSignal ends the call at the moment it fires, with kind 'aborted', and nothing is sent after
// it; an aborted create resumes with the error's idempotencyKey onto the same single shipment.
//
// How it can fail (checked by hand once, see the report of helper C2): an attempt timer armed with
// timeoutMs instead of min(timeoutMs, left) lets the call overrun its deadline by up to one
// attempt; a backoff wait that does not listen to the caller's signal settles the call only when
// the wait ends (after the abort) or sends one more attempt.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isShipperError } from '../../src/index.js'
import { assertOptions, budgetArb, CREATE_BODY, makeWorld, randomArb, story, type World } from '../support/model/harness.js'
import { scheduleArb } from '../support/model/faults.js'

type Op = 'create' | 'confirm' | 'get'

const call = (w: World, op: Op, orderNumber: string, signal?: AbortSignal): Promise<unknown> => {
  const options = signal === undefined ? {} : { signal }
  return op === 'create'
    ? w.client.shipments.create(CREATE_BODY as never, options)
    : op === 'confirm'
      ? w.client.shipments.confirm(orderNumber, options)
      : w.client.shipments.get(orderNumber, options)
}

const opArb = fc.constantFrom<Op>('create', 'confirm', 'get')

describe('deadlines and cancellation (issue 26, item 4)', () => {
  it('a call settles within deadlineMs of its start and no attempt outlives timeoutMs, whatever the faults', async () => {
    await fc.assert(
      fc.asyncProperty(opArb, scheduleArb(60_000), budgetArb, randomArb, async (op, faults, budget, random) => {
        const w = makeWorld(faults, budget, random)
        const order = w.server.seed('INITIALIZED')
        const start = w.clock.now()
        const { result, settledAt } = await w.clock.run(call(w, op, order.orderNumber))
        const why = story(w, `${op}, settled at ${settledAt - start} ms:`)
        expect(settledAt - start, why).toBeLessThanOrEqual(budget.deadlineMs)
        for (const c of w.server.calls) {
          // every attempt ended (none left hanging), within its timeout
          expect(c.endedAt, why).not.toBeNull()
          expect(c.endedAt! - c.startedAt, why).toBeLessThanOrEqual(budget.timeoutMs)
          // and no attempt starts at or after the deadline
          expect(c.startedAt - start, why).toBeLessThan(budget.deadlineMs)
        }
        if (!result.ok) expect(isShipperError(result.error), `${String(result.error)}${why}`).toBe(true)
      }),
      assertOptions(1000),
    )
  })

  it("the caller's AbortSignal settles the call at the moment it fires, kind 'aborted', with nothing sent after; an aborted create resumes onto the same single shipment", async () => {
    await fc.assert(
      fc.asyncProperty(
        opArb,
        scheduleArb(60_000, { definite: false }),
        budgetArb,
        randomArb,
        fc.oneof({ weight: 1, arbitrary: fc.constant('before' as const) }, { weight: 6, arbitrary: fc.integer({ min: 0, max: 200_000 }) }),
        async (op, faults, budget, random, abortAt) => {
          const controller = new AbortController()
          let sentAfterAbort = 0
          const w = makeWorld(faults, budget, random, (fetch) => (input, init) => {
            if (controller.signal.aborted) sentAfterAbort++
            return fetch(input, init)
          })
          const order = w.server.seed('INITIALIZED')
          const start = w.clock.now()
          const abort: { at: number | null } = { at: null }
          const fire = (): void => {
            abort.at = w.clock.now()
            controller.abort()
          }
          if (abortAt === 'before') fire()
          else w.clock.schedule(abortAt, fire)
          const { result, settledAt } = await w.clock.run(call(w, op, order.orderNumber, controller.signal))
          const why = story(w, `${op}, abort ${abortAt === 'before' ? 'before the call' : `at ${abortAt} ms`}, settled at ${settledAt - start} ms:`)

          expect(sentAfterAbort, why).toBe(0)
          if (abortAt === 'before') expect(w.server.calls.length, why).toBe(0)
          // no attempt is left running once the call settled
          expect(w.server.calls.every((c) => c.endedAt !== null), why).toBe(true)
          if (abort.at === null) return // settled before the abort: the other properties judge it
          // settled at the very moment of the abort, as an AbortedError
          expect(settledAt, why).toBe(abort.at)
          expect(result.ok, why).toBe(false)
          if (result.ok) return
          expect(isShipperError(result.error) && result.error.kind, `${String(result.error)}${why}`).toBe('aborted')
          if (op !== 'create' || !isShipperError(result.error)) return

          // resume the aborted intent with its key: one shipment, whether or not an attempt had committed
          const key = result.error.idempotencyKey
          expect(key, why).toBeDefined()
          const before = w.server.commits.filter((c) => c.kind === 'create')
          w.server.setFaults([])
          const again = await w.clock.run(w.client.shipments.create(CREATE_BODY as never, { idempotencyKey: key! }))
          const after = w.server.commits.filter((c) => c.kind === 'create')
          const why2 = story(w, 'after resuming:')
          expect(again.result.ok, `${again.result.ok ? '' : String(again.result.error)}${why2}`).toBe(true)
          expect(after.length, why2).toBe(1)
          if (before.length === 1) expect(after[0], why2).toBe(before[0])
          expect(new Set(w.server.calls.map((c) => c.idempotencyKey)).size, why2).toBe(1)
        },
      ),
      assertOptions(1000),
    )
  })
})
