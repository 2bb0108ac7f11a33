// Issue 26, behaviour 3: retries only what is safe, with exponential backoff and full jitter,
// honouring Retry-After, bounded by maxRetries and the deadline; final 4xx answers never retried.
// The waits are measured from outside, by the model: the virtual time between the moment an
// attempt's outcome reached the client and the moment the next attempt was sent.
//
// Law (design, client/src/policy.ts): before retry n the client waits
// max(floor(random() * min(cap, base * 2^(n-1))), retryAfter), and a reconcile GET is an attempt.
//
// How it can fail (checked by hand once, see the report of helper C2): backoffCeiling without the
// cap, or 2^n instead of 2^(n-1), breaks the upper bound; ignoring Retry-After breaks the lower
// bound; retrying a 4xx such as 422 breaks "one attempt"; `attempt <= maxRetries + 1` written as
// `<=  maxRetries + 2` breaks the attempt bound.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isShipperError } from '../../src/index.js'
import { ALMOST_ONE, assertOptions, budgetArb, CREATE_BODY, makeWorld, NO_DEADLINE_MS, randomArb, story, type Budget, type RandomMode, type World } from '../support/model/harness.js'
import { DEFINITE_ANSWERS, scheduleArb, type Fault } from '../support/model/faults.js'

type Op = 'create' | 'get' | 'tracking' | 'confirm'

const call = (w: World, op: Op, orderNumber: string): Promise<unknown> =>
  op === 'create'
    ? w.client.shipments.create(CREATE_BODY as never)
    : op === 'get'
      ? w.client.shipments.get(orderNumber)
      : op === 'tracking'
        ? w.client.tracking.get(orderNumber)
        : w.client.shipments.confirm(orderNumber)

const ceiling = (n: number, b: Budget): number => Math.min(b.retryCapMs, b.retryBaseMs * 2 ** (n - 1))

/** Whether an answer status is final for a plain retried call (create, a GET). */
const finalStatus = (status: number, fault: Fault): boolean =>
  (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 408 && status !== 429 && !(status === 409 && fault.kind === 'retry4xx'))

/** Checks every gap between attempts against the backoff law; returns nothing, throws on a break. */
const checkWaits = (w: World, budget: Budget, random: RandomMode, why: string): void => {
  const calls = w.server.calls
  for (let i = 0; i + 1 < calls.length; i++) {
    const prev = calls[i]!
    const next = calls[i + 1]!
    expect(prev.endedAt, why).not.toBeNull()
    const gap = next.startedAt - prev.endedAt!
    const n = i + 1
    const cap = ceiling(n, budget)
    const retryAfter = prev.notBefore === null ? 0 : Math.max(0, prev.notBefore - prev.endedAt!)
    const at = `retry ${n}: waited ${gap} ms, ceiling ${cap}, Retry-After ${retryAfter} ms${why}`
    // at least what Retry-After asked, at most the backoff ceiling unless Retry-After asked more
    expect(next.startedAt, at).toBeGreaterThanOrEqual(prev.notBefore ?? prev.endedAt!)
    expect(gap, at).toBeLessThanOrEqual(Math.max(cap, retryAfter))
    // jitter bounds: random() forced to 0 waits only the Retry-After; just below 1, the ceiling
    if (random.mode === 'zero') expect(gap, at).toBe(retryAfter)
    if (random.mode === 'max') expect(gap, at).toBe(Math.max(Math.floor(ALMOST_ONE * cap), retryAfter))
  }
}

describe('retries and backoff (issue 26, item 3)', () => {
  it('attempts stay within maxRetries + 1 (reconcile GETs included), each wait within the full-jitter ceiling and at least Retry-After, and nothing is sent after a final answer', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<Op>('create', 'get', 'tracking', 'confirm'), scheduleArb(60_000), budgetArb, randomArb, async (op, faults, budget, random) => {
        const w = makeWorld(faults, budget, random)
        const order = w.server.seed('INITIALIZED')
        const start = w.clock.now()
        const { result } = await w.clock.run(call(w, op, order.orderNumber))
        const why = story(w, `${op}:`)
        const calls = w.server.calls

        expect(calls.length, why).toBeGreaterThanOrEqual(1)
        expect(calls.length, why).toBeLessThanOrEqual(budget.maxRetries + 1)
        checkWaits(w, budget, random, why)
        // x-request-id: the call's base on attempt 1, <base>.<n> on attempt n
        const base = calls[0]!.requestId
        expect(base, why).toMatch(/^[A-Za-z0-9._~-]{1,64}$/)
        calls.forEach((c, i) => expect(c.requestId, why).toBe(i === 0 ? base : `${base}.${i + 1}`))
        if (!result.ok) {
          expect(isShipperError(result.error), `${String(result.error)}${why}`).toBe(true)
          // the error counts every attempt and names one the client sent (its request id): for a
          // plain call the last one; for confirm the last failed attempt (a reconcile GET that
          // read a movable state is no error)
          if (isShipperError(result.error)) {
            const e = result.error
            expect(e.attempts, why).toBe(calls.length)
            expect(e.requestId, `${e.kind} ${e.message}: requestId ${String(e.requestId)}${why}`).not.toBeNull()
            expect(calls.map((c) => c.requestId), why).toContain(e.requestId)
            if (op !== 'confirm') expect(e.requestId, why).toBe(calls[calls.length - 1]!.requestId)
            // "the call ran out of time" only when the deadline was in reach: at NO_DEADLINE_MS no
            // schedule's attempts and waits come near it
            if (budget.deadlineMs === NO_DEADLINE_MS) {
              expect(e.kind === 'timeout' && e.scope === 'deadline', `${e.kind} ${e.message}${why}`).toBe(false)
            }
          }
        }

        if (op !== 'confirm') {
          // a plain call stops at its first final answer (2xx, or a 4xx but 408, 429, 409 conflict)
          const firstFinal = calls.findIndex((c) => c.outcome === 'answer' && c.status !== null && finalStatus(c.status, c.fault))
          if (firstFinal >= 0) expect(calls.length, why).toBe(firstFinal + 1)
          // stopping early with a retryable error is only for the deadline: with random() at 0 the
          // next wait is exactly the Retry-After, and it must have passed the deadline
          if (!result.ok && isShipperError(result.error) && result.error.retryable && calls.length < budget.maxRetries + 1 && random.mode === 'zero') {
            const last = calls[calls.length - 1]!
            const nextAllowed = last.notBefore ?? last.endedAt!
            expect(nextAllowed, `stopped after ${calls.length} attempts before the deadline${why}`).toBeGreaterThanOrEqual(start + budget.deadlineMs)
          }
        }
      }),
      assertOptions(1000),
    )
  })

  it('a final 4xx answer (400, 401, 403, 404, 409 idempotency_key_conflict, 422) is never retried: one attempt, and the error is that answer', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<Op>('create', 'get', 'tracking'), fc.constantFrom(...DEFINITE_ANSWERS), budgetArb, randomArb, async (op, answer, budget, random) => {
        const w = makeWorld([{ kind: 'definite', answer }], budget, random)
        const order = w.server.seed('INITIALIZED')
        const { result } = await w.clock.run(call(w, op, order.orderNumber))
        const why = story(w, `${op}:`)
        expect(w.server.calls.length, why).toBe(1)
        expect(result.ok, why).toBe(false)
        if (result.ok || !isShipperError(result.error)) return expect.fail(`not a ShipperError: ${String(result.ok ? result.value : result.error)}`)
        expect(result.error.kind, why).toBe('problem')
        if (result.error.kind !== 'problem') return
        expect(result.error.status, why).toBe(answer.status)
        expect(result.error.reason, why).toBe(answer.reason)
        expect(result.error.retryable, why).toBe(false)
        expect(result.error.attempts, why).toBe(1)
      }),
      assertOptions(1000),
    )
  })
})
