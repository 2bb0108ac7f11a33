// The model the fault properties stand on, checked against the library: its answers decode with
// the library's codecs (so a client failure is the client's, not the model's), its Idempotency-Key
// store replays and conflicts as the spec says, and the virtual clock fires timers in order.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readProblemDetail, Shipment, Tracking } from 'shipper-rules'
import { createArb } from 'shipper-rules/arbitraries'
import { EPOCH_MS, VirtualClock } from '../support/model/clock.js'
import { API_KEY, BASE_URL, ModelServer, TOKEN } from '../support/model/server.js'
import { assertOptions, CREATE_BODY } from '../support/model/harness.js'

const headers = (extra: Record<string, string> = {}): Record<string, string> => ({ authorization: `Bearer ${TOKEN}`, 'x-service-api-key': API_KEY, ...extra })

describe('the model server', () => {
  it('answers a create with a Shipment the codec decodes, replays the same body under the same key, and refuses another body with 409 idempotency_key_conflict', async () => {
    const clock = new VirtualClock()
    const server = new ModelServer(clock)
    const post = (body: unknown): Promise<Response> =>
      server.fetch(`${BASE_URL}/v1/shipper/shipment`, { method: 'POST', headers: headers({ 'idempotency-key': 'k-1', 'x-request-id': 'r1' }), body: JSON.stringify(body) })
    const first = await post(CREATE_BODY)
    expect(first.status).toBe(200)
    expect(first.headers.get('x-request-id')).toBe('r1')
    const shipment: unknown = await first.json()
    expect(Shipment.decode(shipment)._tag).toBe('Right')
    const replay = await post(CREATE_BODY)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(await replay.json()).toEqual(shipment)
    const other = await post({ ...CREATE_BODY, description: 'another intent' })
    expect(other.status).toBe(409)
    const problem = readProblemDetail(await other.json())
    expect(problem._tag === 'Right' && problem.right.reason).toBe('idempotency_key_conflict')
    expect(server.commits.map((c) => c.kind)).toEqual(['create'])
  })

  it('answers every valid create body (the library\'s createArb) with a Shipment the codec decodes, and replays it under the same key', async () => {
    await fc.assert(
      fc.asyncProperty(createArb, async (body) => {
        const server = new ModelServer(new VirtualClock())
        const post = (): Promise<Response> =>
          server.fetch(`${BASE_URL}/v1/shipper/shipment`, { method: 'POST', headers: headers({ 'idempotency-key': 'k-1' }), body: JSON.stringify(body) })
        const first = await post()
        expect(first.status).toBe(200)
        const shipment: unknown = await first.json()
        expect(Shipment.decode(shipment)._tag).toBe('Right')
        expect(await (await post()).json()).toEqual(shipment)
        expect(server.commits.map((c) => c.kind)).toEqual(['create'])
      }),
      assertOptions(100),
    )
  })

  it('transitions with the library (a second confirm is 400 invalid_transition), answers tracking the codec decodes, and refuses missing credentials', async () => {
    const clock = new VirtualClock()
    const server = new ModelServer(clock)
    const order = server.seed('INITIALIZED')
    const confirm = (): Promise<Response> => server.fetch(`${BASE_URL}/v1/shipper/shipment/${order.orderNumber}/confirm`, { method: 'PUT', headers: headers() })
    const ok = await confirm()
    expect(((await ok.json()) as { orderStatus: string }).orderStatus).toBe('CONFIRMED')
    const again = await confirm()
    expect(again.status).toBe(400)
    const read = readProblemDetail(await again.json())
    expect(read._tag === 'Right' && read.right.reason).toBe('invalid_transition')
    const tracking = await server.fetch(`${BASE_URL}/v1/shipper/shipment/${order.orderNumber}/tracking`, { headers: headers() })
    expect(Tracking.decode(await tracking.json())._tag).toBe('Right')
    const anonymous = await server.fetch(`${BASE_URL}/v1/shipper/shipment/${order.orderNumber}`, {})
    expect(anonymous.status).toBe(401)
    expect(server.calls.map((c) => c.credentialsOk)).toEqual([true, true, true, false])
  })

  it('hang and slow_body end only when the attempt signal aborts, at that virtual moment', async () => {
    const clock = new VirtualClock()
    const server = new ModelServer(clock, [{ kind: 'hang', committed: true, late: null }, { kind: 'slow_body' }])
    const order = server.seed('INITIALIZED')
    const url = `${BASE_URL}/v1/shipper/shipment/${order.orderNumber}/confirm`
    const ac1 = new AbortController()
    clock.schedule(1_500, () => ac1.abort())
    const hung = await clock.run(server.fetch(url, { method: 'PUT', headers: headers(), signal: ac1.signal }))
    expect(hung.result.ok).toBe(false)
    expect(hung.settledAt).toBe(EPOCH_MS + 1_500)
    expect(server.calls[0]!.committed).toBe(true)
    const ac2 = new AbortController()
    clock.schedule(700, () => ac2.abort())
    const stalled = await clock.run(server.fetch(url, { method: 'PUT', headers: headers(), signal: ac2.signal }).then((r) => r.text()))
    expect(stalled.result.ok).toBe(false)
    expect(stalled.settledAt).toBe(EPOCH_MS + 2_200)
    expect(server.calls[1]!.endedAt).toBe(EPOCH_MS + 2_200)
  })
})

describe('the virtual clock', () => {
  it('fires timers in time order (ties in the order set), records the client waits, and reports a call that can never settle', async () => {
    const clock = new VirtualClock()
    const fired: string[] = []
    clock.timers.setTimeout(() => fired.push('b'), 20)
    clock.timers.setTimeout(() => fired.push('a'), 10)
    clock.timers.setTimeout(() => fired.push('c'), 20)
    const cleared = clock.timers.setTimeout(() => fired.push('x'), 5)
    clock.timers.clearTimeout(cleared)
    const done = new Promise<void>((resolve) => clock.timers.setTimeout(resolve, 30))
    const { settledAt } = await clock.run(done)
    expect(fired).toEqual(['a', 'b', 'c'])
    expect(settledAt).toBe(EPOCH_MS + 30)
    expect(clock.requested.map((r) => r.ms)).toEqual([20, 10, 20, 5, 30])
    await expect(clock.run(new Promise(() => undefined))).rejects.toThrow(/can never settle/)
  })
})
