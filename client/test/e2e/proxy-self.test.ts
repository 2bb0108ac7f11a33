// The fault-injecting proxy itself, with plain fetch: each fault does what proxy.test.ts relies on
// (a dropped answer was committed upstream, a reset or a 503 never reached the server), so a
// client test that passes through it proves what it says.
import { DELAY, DROP_AFTER_COMMIT, faultProxy, RESET_BEFORE, unavailable, type FaultProxy } from 'shipper-rules-testkit'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { companyHeaders, createBody, newCompany, orderDetails, type Credentials } from '../support/sandbox.js'

const base = inject('base')
let proxy: FaultProxy
let creds: Credentials

beforeAll(async () => {
  creds = await newCompany(base, inject('operatorToken'), 'Proxy Self Check')
  proxy = await faultProxy(base)
})
afterAll(async () => {
  await proxy.close()
})

const createVia = (key: string, signal?: AbortSignal) =>
  fetch(`${proxy.baseUrl}/v1/shipper/shipment`, {
    method: 'POST',
    headers: { ...companyHeaders(creds), 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(createBody()),
    ...(signal !== undefined ? { signal } : {}),
  })

describe('the fault proxy', () => {
  it('passes a request through and records the upstream answer', async () => {
    proxy.reset()
    const response = await fetch(`${proxy.baseUrl}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
    expect(proxy.records).toHaveLength(1)
    expect(proxy.records[0]).toMatchObject({ method: 'GET', url: '/healthz', fault: 'pass', upstream: { status: 200 } })
  })

  it('drop_response_after_commit: the client gets a network error, the server committed the create', async () => {
    proxy.reset()
    proxy.plan({ method: 'POST', path: /^\/v1\/shipper\/shipment$/ }, [DROP_AFTER_COMMIT])
    await expect(createVia(`proxy-self-drop-${Date.now()}`)).rejects.toThrow()
    const record = proxy.records[0]!
    expect(record.fault).toBe('drop_response_after_commit')
    expect(record.upstream?.status).toBe(200)
    expect(record.upstream?.headers['idempotent-replayed']).toBeUndefined()
    const orderNumber = record.upstream?.json?.orderNumber as string
    expect((await orderDetails(base, creds, orderNumber))?.shipment?.orderNumber).toBe(orderNumber)
    expect(proxy.pending()).toBe(0)
  })

  it('reset_before: the client gets a network error, nothing was forwarded', async () => {
    proxy.reset()
    proxy.plan({ method: 'POST' }, [RESET_BEFORE])
    await expect(createVia(`proxy-self-reset-${Date.now()}`)).rejects.toThrow()
    expect(proxy.records).toHaveLength(1)
    expect(proxy.records[0]!.fault).toBe('reset_before')
    expect(proxy.records[0]!.upstream).toBeUndefined()
  })

  it('503: answered by the proxy with Retry-After and a ProblemDetail, nothing forwarded', async () => {
    proxy.reset()
    proxy.plan({}, [unavailable(1)])
    const response = await fetch(`${proxy.baseUrl}/healthz`)
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('1')
    expect(await response.json()).toMatchObject({ status: 503, reason: 'service_unavailable' })
    expect(proxy.records[0]!.upstream).toBeUndefined()
  })

  it('delay: holds the committed answer until the client gives up', async () => {
    proxy.reset()
    proxy.plan({ method: 'POST' }, [DELAY])
    const controller = new AbortController()
    const pending = createVia(`proxy-self-delay-${Date.now()}`, controller.signal)
    // abort once the upstream has answered: the answer is held, the client's attempt ends on its own signal
    while (proxy.records[0]?.upstream === undefined) await new Promise((resolve) => setTimeout(resolve, 20))
    controller.abort()
    await expect(pending).rejects.toThrow()
    expect(proxy.records[0]!.upstream?.status).toBe(200)
  })
})
