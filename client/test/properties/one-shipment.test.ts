// Issue 26, behaviour 1: exactly one shipment per intent. Whatever the body (any valid create
// request: the library's own generator, shipper-rules/arbitraries' createArb), and whatever the
// network and the server do to the attempts of one shipments.create (requests lost, answers lost after the commit, 500s,
// 503/429 with Retry-After, hangs, resets, stalled bodies, final 4xx answers), the call ends with
// the one shipment the server holds for its Idempotency-Key, or with a ShipperError that carries
// the key, and calling create again with that key yields that same shipment, never a second one.
//
// How it can fail (checked by hand once, see the report of helper C2): a client that draws a new
// Idempotency-Key per attempt (policy: `randomUuid()` inside the attempt loop instead of once per
// call) lets a lost_response followed by a retry create two shipments; a client that does not
// put the key on the error breaks the resume step.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createArb } from 'shipper-rules/arbitraries'
import { isShipperError } from '../../src/index.js'
import { assertOptions, budgetArb, makeWorld, randomArb, story } from '../support/model/harness.js'
import { scheduleArb } from '../support/model/faults.js'

/** A caller's own key (visible ASCII, at most 255), or none (the client makes one). */
const callerKeyArb = fc.option(fc.stringMatching(/^[!-~]{1,40}$/), { nil: null })

describe('shipments.create: one shipment per intent (issue 26, item 1)', () => {
  it('ends with the one shipment of its key or a ShipperError with the key; every attempt carries that key; resuming with it yields the same single shipment', async () => {
    await fc.assert(
      fc.asyncProperty(createArb, scheduleArb(60_000), budgetArb, randomArb, callerKeyArb, async (body, faults, budget, random, callerKey) => {
        const w = makeWorld(faults, budget, random)
        const { result } = await w.clock.run(w.client.shipments.create(body as never, callerKey === null ? {} : { idempotencyKey: callerKey }))
        const why = story(w)
        const creates = () => w.server.commits.filter((c) => c.kind === 'create')

        // the server never holds two shipments for this intent
        expect(creates().length, why).toBeLessThanOrEqual(1)
        // every attempt carried both credentials and the same key (the caller's when given)
        expect(w.server.calls.length, why).toBeGreaterThan(0)
        expect(w.server.calls.every((c) => c.credentialsOk), why).toBe(true)
        const keys = new Set(w.server.calls.map((c) => c.idempotencyKey))
        expect(keys.size, why).toBe(1)
        const key = [...keys][0]
        expect(key, why).not.toBeNull()
        if (callerKey !== null) expect(key, why).toBe(callerKey)

        if (result.ok) {
          // resolved: with the one committed shipment, as the server holds it
          expect(creates().length, why).toBe(1)
          expect(result.value, why).toEqual(w.server.shipments.get(creates()[0]!.orderNumber))
          return
        }
        const error = result.error
        expect(isShipperError(error), `${String(error)}${why}`).toBe(true)
        if (!isShipperError(error)) return
        expect(error.idempotencyKey, why).toBe(key)
        expect(error.operation, why).toBe('createShipment')

        // resume: the same intent again, with the error's key, on a network that now works
        const before = creates()[0]
        w.server.setFaults([])
        const again = await w.clock.run(w.client.shipments.create(body as never, { idempotencyKey: error.idempotencyKey! }))
        const why2 = story(w, 'after resuming:')
        expect(again.result.ok, `${again.result.ok ? '' : String(again.result.error)}${why2}`).toBe(true)
        expect(creates().length, why2).toBe(1)
        if (before !== undefined) expect(creates()[0], why2).toBe(before)
        if (again.result.ok) expect(again.result.value, why2).toEqual(w.server.shipments.get(creates()[0]!.orderNumber))
      }),
      assertOptions(1000),
    )
  })
})
