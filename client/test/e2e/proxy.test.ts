// The client through the fault-injecting proxy (support/proxy.ts) in front of the real sandbox:
// issue 26 items 1 and 2 end to end. For each fault the proxy injects (a response dropped after
// the server committed, a connection reset before forwarding, a 503 with Retry-After, an answer
// held past the client's timeout) and for a mixed sequence, a create for a fresh intent ends with
// exactly one shipment, and a confirm or cancel whose answer was lost resolves with the state the
// server reached. The proof is the server's side: the proxy records every answer the sandbox gave,
// delivered or not (how many creates it committed as a first answer, not a replay), the sandbox
// answers the intent's key with the same order when asked directly, and its order details show
// the final state.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createShipperClient, type AttemptEvent, type ShipperClient } from 'shipper-rules-client'
import { scaledLimitMs } from '../support/limits.js'
import { DELAY, DROP_AFTER_COMMIT, RESET_BEFORE, startProxy, unavailable, type Fault, type FaultProxy, type ProxyRecord } from '../support/proxy.js'
import { companyHeaders, createBody, newCompany, orderDetails, quoteBody, marker, type Credentials } from '../support/sandbox.js'

const base = inject('base')
let proxy: FaultProxy
let creds: Credentials
let client: ShipperClient
const attempts: AttemptEvent[] = []

// Small waits so the file is quick; the attempt timeout is what a `delay` fault outlasts, scaled so
// that a loaded machine's ordinary answer does not time out (if one does, it is one more ambiguous
// attempt, which the client must survive too).
const TIMEOUT_MS = scaledLimitMs(1_500)

beforeAll(async () => {
  creds = await newCompany(base, inject('operatorToken'), 'Client Proxy Shipper')
  proxy = await startProxy(base)
  client = createShipperClient({
    baseUrl: proxy.base,
    token: creds.token,
    apiKey: creds.apiKey,
    timeoutMs: TIMEOUT_MS,
    deadlineMs: scaledLimitMs(120_000),
    maxRetries: 8,
    retryBaseMs: 10,
    retryCapMs: 50,
    onAttempt: (e) => attempts.push(e),
  })
})
afterAll(async () => {
  await proxy.close()
})

const CREATE = { method: 'POST', path: /^\/v1\/shipper\/shipment$/ } as const
const isCreate = (r: ProxyRecord): boolean => r.method === 'POST' && r.url === '/v1/shipper/shipment'
const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v)
/** A header of the request the client sent. */
const header = (r: ProxyRecord, name: string): string | undefined => first(r.headers[name])
/** Whether the sandbox answered the request as a replay of an earlier create (Idempotent-Replayed: true). */
const replayed = (r: ProxyRecord): boolean => first(r.upstream?.headers['idempotent-replayed']) === 'true'

/** Plans `faults` for the creates, books a fresh intent through the proxy, and checks the server made exactly one order for it. */
const oneShipmentPerIntent = async (faults: ReadonlyArray<Fault>) => {
  proxy.reset()
  attempts.length = 0
  proxy.plan(CREATE, faults)
  const body = createBody({ refNumber: marker('INTENT') })
  const shipment = await client.shipments.create(body)
  expect(proxy.pending()).toBe(0) // every planned fault was met
  const creates = proxy.records.filter(isCreate)
  // one attempt per fault and the one that got through (more only if an ordinary answer outlasted the timeout)
  expect(creates.length).toBeGreaterThanOrEqual(faults.length + 1)
  // one Idempotency-Key for the intent, on every attempt
  const keys = new Set(creates.map((r) => header(r, 'idempotency-key')))
  expect(keys.size).toBe(1)
  const key = [...keys][0]!
  expect(key).toBeTruthy()
  // what the server answered, delivered or not: one first answer, every other a replay of it
  const answered = creates.filter((r) => r.upstream !== undefined)
  const orders = new Set(answered.map((r) => r.upstream!.json?.orderNumber))
  expect([...orders]).toEqual([shipment.orderNumber])
  expect(answered.filter((r) => r.upstream!.status === 200 && !replayed(r))).toHaveLength(1)
  // asked directly, the sandbox knows one order for the key: the same one, as a replay
  const direct = await fetch(`${base}/v1/shipper/shipment`, {
    method: 'POST',
    headers: { ...companyHeaders(creds), 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  })
  expect(direct.status).toBe(200)
  expect(direct.headers.get('idempotent-replayed')).toBe('true')
  expect(((await direct.json()) as { orderNumber: string }).orderNumber).toBe(shipment.orderNumber)
  const details = await orderDetails(base, creds, shipment.orderNumber)
  expect(details?.shipment?.orderStatus).toBe('INITIALIZED')
  return { shipment, creates }
}

describe('exactly one shipment per intent, whatever the proxy does to the create', () => {
  it('the response dropped after the server committed', async () => {
    const { creates } = await oneShipmentPerIntent([DROP_AFTER_COMMIT])
    expect(creates[0]!.upstream?.status).toBe(200)
    expect(replayed(creates[1]!)).toBe(true)
  })

  it('the connection reset before forwarding', async () => {
    const { creates } = await oneShipmentPerIntent([RESET_BEFORE])
    expect(creates[0]!.upstream).toBeUndefined()
  })

  it('a 503 with Retry-After: 1 is waited for', async () => {
    await oneShipmentPerIntent([unavailable(1)])
    const retry = attempts.find((e) => e.operation === 'createShipment' && e.outcome === 'retry')
    expect(retry?.status).toBe(503)
    // the planned wait honours Retry-After (the jitter alone is under retryCapMs = 50)
    expect(retry?.delayMs).toBeGreaterThanOrEqual(1000)
  })

  it('a 503 with Retry-After: 0 is retried', async () => {
    await oneShipmentPerIntent([unavailable(0), unavailable(0)])
    expect(attempts.filter((e) => e.outcome === 'retry' && e.status === 503)).toHaveLength(2)
  })

  it('the answer held past the attempt timeout, then dropped', async () => {
    const { creates } = await oneShipmentPerIntent([DELAY])
    expect(creates[0]!.upstream?.status).toBe(200)
    expect(attempts.find((e) => e.outcome === 'retry')?.error?.kind).toBe('timeout')
  })

  it('a mixed sequence: reset, 503, dropped after commit, held, dropped again', async () => {
    await oneShipmentPerIntent([RESET_BEFORE, unavailable(0), DROP_AFTER_COMMIT, DELAY, DROP_AFTER_COMMIT])
    // the attempts were numbered and each carried its own request id
    const ids = proxy.records.filter(isCreate).map((r) => header(r, 'x-request-id'))
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.slice(1).every((id, i) => id === `${ids[0]}.${i + 2}`)).toBe(true)
  })
})

/** A shipment booked on a quote (so it can be confirmed), through the proxy with no fault. */
const bookedOrder = async (): Promise<string> => {
  const quote = await client.quotes.create(quoteBody())
  return (await client.shipments.create(createBody({ refNumber: marker('RECON'), quoteId: quote.id }))).orderNumber
}

const transitionPath = (orderNumber: string, verb: 'confirm' | 'cancel') => new RegExp(`^/v1/shipper/shipment/${orderNumber}/${verb}$`)

/** Runs a confirm or cancel with `faults` planned on its PUT; returns the PUTs the proxy received. */
const reconciled = async (verb: 'confirm' | 'cancel', faults: ReadonlyArray<Fault>) => {
  const orderNumber = await bookedOrder()
  proxy.reset()
  attempts.length = 0
  proxy.plan({ method: 'PUT', path: transitionPath(orderNumber, verb) }, faults)
  const result = verb === 'confirm' ? await client.shipments.confirm(orderNumber) : await client.shipments.cancel(orderNumber)
  const target = verb === 'confirm' ? 'CONFIRMED' : 'CANCELLED'
  expect(result).toMatchObject({ orderNumber, orderStatus: target })
  expect(proxy.pending()).toBe(0)
  // the order's final state, read from the sandbox directly
  expect((await orderDetails(base, creds, orderNumber))?.shipment?.orderStatus).toBe(target)
  const puts = proxy.records.filter((r) => r.method === 'PUT')
  // the server changed the state once
  expect(puts.filter((r) => r.upstream?.status === 200)).toHaveLength(1)
  return { orderNumber, puts }
}

describe('lost state changes are reconciled by reading the shipment back', () => {
  it('confirm with its response dropped after commit resolves CONFIRMED without a second PUT', async () => {
    const { orderNumber, puts } = await reconciled('confirm', [DROP_AFTER_COMMIT])
    expect(puts).toHaveLength(1)
    expect(proxy.records.some((r) => r.method === 'GET' && r.url === `/v1/shipper/shipment/${orderNumber}`)).toBe(true)
    expect(attempts.some((e) => e.operation === 'confirmShipment' && e.outcome === 'reconcile')).toBe(true)
  })

  it('cancel with its response dropped after commit resolves CANCELLED without a second PUT', async () => {
    const { puts } = await reconciled('cancel', [DROP_AFTER_COMMIT])
    expect(puts).toHaveLength(1)
  })

  it('confirm whose answer is held past the timeout resolves CONFIRMED', async () => {
    const { puts } = await reconciled('confirm', [DELAY])
    expect(puts).toHaveLength(1)
  })

  it('confirm reset before forwarding: the read-back finds it INITIALIZED and the PUT is sent again', async () => {
    const { puts } = await reconciled('confirm', [RESET_BEFORE])
    expect(puts).toHaveLength(2)
    expect(puts[0]!.upstream).toBeUndefined()
  })

  it('cancel after a 503 and a dropped answer resolves CANCELLED', async () => {
    const { puts } = await reconciled('cancel', [unavailable(0), DROP_AFTER_COMMIT])
    expect(puts).toHaveLength(2)
  })
})
