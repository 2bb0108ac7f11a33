// The client through the fault-injecting proxy (shipper-rules-testkit's faultProxy) in front of the real sandbox:
// issue 26 items 1 and 2 end to end. For each fault the proxy injects (a response dropped after
// the server committed, a connection reset before forwarding, a 503 with Retry-After, an answer
// held past the client's timeout) and for a mixed sequence, a create for a fresh intent ends with
// exactly one shipment, and a confirm or cancel whose answer was lost resolves with the state the
// server reached. The proof is the server's side: the proxy records every answer the sandbox gave,
// delivered or not (how many creates it committed as a first answer, not a replay), the sandbox
// answers the intent's key with the same order when asked directly, and its order details show
// the final state.
import { DELAY, DROP_AFTER_COMMIT, faultProxy, limitMs, RESET_BEFORE, unavailable, type Fault, type FaultProxy, type ProxyRecord } from 'shipper-rules-testkit'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { CLIENT_VERSION, createShipperClient, type AttemptEvent, type ShipperClient } from 'shipper-rules-client'
import { companyHeaders, createBody, newCompany, orderDetails, quoteBody, marker, type Credentials } from '../support/sandbox.js'

const base = inject('base')
let proxy: FaultProxy
let creds: Credentials
let client: ShipperClient
let quick: ShipperClient
const attempts: AttemptEvent[] = []

// Two clients with small retry waits, so the file is quick. `client` has a long attempt timeout:
// no ordinary answer outlasts it, so the attempts each test counts are exactly the planned faults
// and the one that got through. `quick` is for the `delay` fault, whose held answer must outlast the
// attempt timeout: short, scaled by the load; an ordinary answer that outlasts it too is one more
// ambiguous attempt, so its tests count attempts as "at least".
const clientOptions = () => ({ baseUrl: proxy.baseUrl, token: creds.token, apiKey: creds.apiKey, deadlineMs: limitMs(120_000), maxRetries: 8, retryBaseMs: 10, retryCapMs: 50, onAttempt: (e: AttemptEvent) => attempts.push(e) })
const holdsAnswer = (faults: ReadonlyArray<Fault>): boolean => faults.some((f) => f.kind === 'delay')

beforeAll(async () => {
  creds = await newCompany(base, inject('operatorToken'), 'Client Proxy Shipper')
  proxy = await faultProxy(base)
  client = createShipperClient({ ...clientOptions(), timeoutMs: limitMs(30_000) })
  quick = createShipperClient({ ...clientOptions(), timeoutMs: limitMs(1_500) })
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
  const shipment = await (holdsAnswer(faults) ? quick : client).shipments.create(body)
  expect(proxy.pending()).toBe(0) // every planned fault was met
  const creates = proxy.records.filter(isCreate)
  // one attempt per fault and the one that got through
  if (holdsAnswer(faults)) expect(creates.length).toBeGreaterThanOrEqual(faults.length + 1)
  else expect(creates).toHaveLength(faults.length + 1)
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
  const caller = holdsAnswer(faults) ? quick : client
  const result = verb === 'confirm' ? await caller.shipments.confirm(orderNumber) : await caller.shipments.cancel(orderNumber)
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

describe('an aborted create resumes with its idempotencyKey', () => {
  it('abort while the committed answer is held; create again with the key: the same order, replayed', async () => {
    // `client`'s attempt timeout is long: only the caller's signal ends the held attempt
    proxy.reset()
    proxy.plan(CREATE, [DELAY])
    const body = createBody({ refNumber: marker('ABORT') })
    const controller = new AbortController()
    const pending = client.shipments.create(body, { signal: controller.signal })
    // abort once the server has committed (the proxy holds its answer)
    while (proxy.records.find(isCreate)?.upstream === undefined) await new Promise((resolve) => setTimeout(resolve, 20))
    controller.abort()
    const error = await pending.then(
      () => {
        throw new Error('expected the aborted create to reject')
      },
      (e: unknown) => e as { kind: string; idempotencyKey?: string; retryable: boolean },
    )
    expect(error.kind).toBe('aborted')
    expect(error.retryable).toBe(true)
    const first = proxy.records.find(isCreate)!
    expect(error.idempotencyKey).toBe(header(first, 'idempotency-key'))
    const resumed = await client.shipments.create(body, { idempotencyKey: error.idempotencyKey! })
    expect(resumed.orderNumber).toBe(first.upstream!.json.orderNumber)
    const creates = proxy.records.filter(isCreate)
    expect(creates).toHaveLength(2)
    expect(replayed(creates[1]!)).toBe(true)
  })
})

describe('the other methods under faults', () => {
  it('quotes.create is retried like a read: a lost answer leaves an unused quote, by-reference answers the newest', async () => {
    const reference = marker('QREF')
    proxy.reset()
    proxy.plan({ method: 'POST', path: /^\/v1\/shipper\/quote$/ }, [DROP_AFTER_COMMIT])
    const quote = await client.quotes.create(quoteBody({ customerReference: reference }))
    const posts = proxy.records.filter((r) => r.method === 'POST')
    expect(posts).toHaveLength(2)
    const ids = posts.map((r) => r.upstream?.json?.id as string)
    expect(ids[0]).not.toBe(ids[1])
    expect(quote.id).toBe(ids[1])
    // priced the same, and the newest is the one the caller holds
    expect(posts[0]!.upstream?.json?.quotedPriceInCents).toBe(quote.quotedPriceInCents)
    expect((await client.quotes.byReference(reference)).quoteId).toBe(quote.id)
  })

  it('appointments.put (an idempotent upsert) with its answer dropped is sent again and resolves', async () => {
    const orderNumber = await bookedOrder()
    proxy.reset()
    proxy.plan({ method: 'PUT', path: /\/appointment\/DELIVERY$/ }, [DROP_AFTER_COMMIT])
    const put = await client.appointments.put(orderNumber, 'DELIVERY', { channel: 'EMAIL', contacts: [{ name: 'Dock desk', email: 'dock@dallasfoods.example' }] })
    expect(put.channel).toBe('EMAIL')
    expect(proxy.records.filter((r) => r.method === 'PUT')).toHaveLength(2)
    expect((await client.appointments.get(orderNumber, 'DELIVERY')).channel).toBe('EMAIL')
  })

  it('a GET after a reset and a 503 resolves; a 404 is answered once, never retried', async () => {
    const orderNumber = await bookedOrder()
    proxy.reset()
    proxy.plan({ method: 'GET' }, [RESET_BEFORE, unavailable(0)])
    expect((await client.shipments.get(orderNumber)).orderNumber).toBe(orderNumber)
    expect(proxy.records).toHaveLength(3)
    proxy.reset()
    const error = await client.shipments.get('00000').then(
      () => null,
      (e: unknown) => e as { kind: string; status: number; attempts: number },
    )
    expect(error).toMatchObject({ kind: 'problem', status: 404, attempts: 1 })
    expect(proxy.records).toHaveLength(1)
  })

  it('deleteDocument (idempotent) after a reset resolves', async () => {
    const orderNumber = await bookedOrder()
    proxy.reset()
    proxy.plan({ method: 'DELETE' }, [RESET_BEFORE])
    await expect(client.appointments.deleteDocument(orderNumber, 'PICKUP', 'PACKING_SLIP')).resolves.toBeUndefined()
    expect(proxy.records.filter((r) => r.method === 'DELETE').map((r) => r.upstream?.status)).toEqual([undefined, 204])
  })
})

describe('what the server received', () => {
  it('both credentials, the User-Agent naming the client, and the request id it answers back', async () => {
    proxy.reset()
    const orderNumber = await bookedOrder()
    await client.tracking.get(orderNumber)
    const forwarded = proxy.records.filter((r) => r.upstream !== undefined)
    expect(forwarded.length).toBeGreaterThanOrEqual(3)
    for (const r of forwarded) {
      expect(header(r, 'authorization')).toBe(`Bearer ${creds.token}`)
      expect(header(r, 'x-service-api-key')).toBe(creds.apiKey)
      expect(header(r, 'user-agent')).toBe(`shipper-rules-client/${CLIENT_VERSION}`)
      const sent = header(r, 'x-request-id')
      expect(sent).toMatch(/^[A-Za-z0-9._~-]{1,64}$/)
      expect(first(r.upstream!.headers['x-request-id'])).toBe(sent)
    }
  })
})
