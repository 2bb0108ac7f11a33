// The client's engine, one behaviour at a time, on a fake fetch and a virtual clock: what every
// attempt carries, the Idempotency-Key of a create, timeouts (the body read included), the
// caller's signal, Retry-After and the deadline, confirm/cancel reconciliation, uploads, the
// document link without credentials, waitForStatus and the TaskEither form. The fault sequences
// at random are test/properties' (helper C2); these are the fixed cases a reader checks by eye.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import {
  createShipperClient,
  isShipperError,
  taskEitherClient,
  type AttemptEvent,
  type ClientOptions,
  type CreateShipmentInput,
  type ShipperClient,
  type ShipperError,
} from '../../src/index.js'
import { drive, fakeFetch, json, problem, shipment, VirtualTimers, type Seen } from './clock.js'

const example = (p: string): unknown => JSON.parse(readFileSync(fileURLToPath(new URL(`../../../examples/${p}`, import.meta.url)), 'utf8'))
const CREATE = example('create-shipment/valid-chicago-to-san-juan.json') as CreateShipmentInput

const setup = (
  answers: Parameters<typeof fakeFetch>[1],
  options: Partial<ClientOptions> = {},
): { client: ShipperClient; timers: VirtualTimers; seen: Seen[]; events: AttemptEvent[] } => {
  const timers = new VirtualTimers()
  const { fetch, seen } = fakeFetch(timers, answers)
  const events: AttemptEvent[] = []
  const client = createShipperClient({
    baseUrl: 'http://api.test/',
    token: 'tok',
    apiKey: 'key',
    fetch,
    timers,
    random: () => 0.5,
    onAttempt: (e) => events.push(e),
    ...options,
  })
  return { client, timers, seen, events }
}

const failure = async (p: Promise<unknown>, timers: VirtualTimers): Promise<ShipperError> => {
  try {
    await drive(timers, p)
  } catch (e) {
    if (isShipperError(e)) return e
    throw e
  }
  throw new Error('the call resolved')
}

describe('every attempt', () => {
  it('carries both credentials, the User-Agent, accept and its request id (`<base>.<n>` on retries)', async () => {
    const { client, timers, seen } = setup([problem(503, 'service_unavailable'), new TypeError('reset'), json(200, shipment('INITIALIZED'))], {
      userAgent: 'acme-tms/2.1',
    })
    const s = await drive(timers, client.shipments.get('AB12C', { requestId: 'ticket-4471' }))
    expect(s.orderStatus).toBe('INITIALIZED')
    expect(seen.map((r) => r.headers['x-request-id'])).toEqual(['ticket-4471', 'ticket-4471.2', 'ticket-4471.3'])
    for (const r of seen) {
      expect(r.url).toBe('http://api.test/v1/shipper/shipment/AB12C')
      expect(r.headers).toMatchObject({
        authorization: 'Bearer tok',
        'x-service-api-key': 'key',
        'user-agent': 'shipper-rules-client/0.1.0 acme-tms/2.1',
        accept: 'application/json',
      })
    }
  })

  it('from a browser (navigator.userAgent "Mozilla/…") no User-Agent is set: the browser owns it and CORS need not allow it', async () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' })
    try {
      const { client, timers, seen } = setup([json(200, shipment('INITIALIZED'))])
      await drive(timers, client.shipments.get('AB12C'))
      expect(seen[0]!.headers['user-agent']).toBeUndefined()
      expect(seen[0]!.headers).toMatchObject({ authorization: 'Bearer tok', 'x-service-api-key': 'key' })
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('an error names the request id the server answered with, the attempts and the operation', async () => {
    const { client, timers } = setup([problem(404, 'order_not_found', { 'x-request-id': 'srv-1' })])
    const e = await failure(client.shipments.get('AB12C'), timers)
    expect(e).toMatchObject({ kind: 'problem', status: 404, reason: 'order_not_found', requestId: 'srv-1', attempts: 1, operation: 'getShipment', retryable: false })
  })

  it('a request the library refuses is never sent, with the violations the server would give', async () => {
    const { client, timers, seen } = setup([])
    const e = await failure(client.shipments.create({ ...CREATE, orderComponents: [] }, { idempotencyKey: 'k1' }), timers)
    expect(e.kind).toBe('invalid_request')
    if (e.kind !== 'invalid_request') return
    expect(e.problem.reason).toBe('validation_failed')
    expect(e.violations.map((v) => v.field)).toContain('orderComponents')
    expect(e).toMatchObject({ attempts: 0, idempotencyKey: 'k1', retryable: false })
    expect(seen).toEqual([])
  })

  it('validate: false sends what the library would refuse (the server judges)', async () => {
    const { client, timers, seen } = setup([problem(400, 'validation_failed')], { validate: false })
    const e = await failure(client.shipments.get('bad order'), timers)
    expect(e.kind).toBe('problem')
    expect(seen[0]!.url).toBe('http://api.test/v1/shipper/shipment/bad%20order')
  })

  it('a 2xx body the codec refuses is a ResponseInvalidError with the path, not retried', async () => {
    const { client, timers, seen } = setup([json(200, { ...shipment('SHIPPED') })])
    const e = await failure(client.shipments.get('AB12C'), timers)
    expect(e.kind).toBe('invalid_response')
    if (e.kind === 'invalid_response') expect(e.violations.map((v) => v.field)).toContain('orderStatus')
    expect(seen).toHaveLength(1)
  })
})

describe('shipments.create', () => {
  it('sends one Idempotency-Key on every attempt, and the body as given', async () => {
    const { client, timers, seen } = setup([new TypeError('reset'), problem(409, 'conflict'), problem(500, 'internal_error'), json(200, shipment('INITIALIZED'))], {
      maxRetries: 5,
    })
    await drive(timers, client.shipments.create(CREATE))
    const keys = seen.map((r) => r.headers['idempotency-key'])
    expect(keys).toHaveLength(4)
    expect(new Set(keys).size).toBe(1)
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    for (const r of seen) expect(r.body).toBe(JSON.stringify(CREATE))
  })

  it('a final error carries the key, and idempotency_key_conflict is final', async () => {
    const { client, timers, seen } = setup([new TypeError('reset'), problem(409, 'idempotency_key_conflict')])
    const e = await failure(client.shipments.create(CREATE, { idempotencyKey: 'intent-7' }), timers)
    expect(e).toMatchObject({ kind: 'problem', reason: 'idempotency_key_conflict', idempotencyKey: 'intent-7', attempts: 2 })
    expect(seen.map((r) => r.headers['idempotency-key'])).toEqual(['intent-7', 'intent-7'])
  })
})

describe('waits and time', () => {
  it('waits at least Retry-After before the next attempt', async () => {
    const { client, timers, seen, events } = setup([problem(429, 'rate_limited', { 'retry-after': '7' }), json(200, shipment('INITIALIZED'))])
    await drive(timers, client.shipments.get('AB12C'))
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(7000)
    expect(events.map((e) => e.outcome)).toEqual(['retry', 'success'])
    expect(events[0]!.delayMs).toBe(7000)
  })

  it('does not wait past the deadline: the last error at once', async () => {
    const { client, timers, seen } = setup([problem(503, 'service_unavailable', { 'retry-after': '60' })], { deadlineMs: 30_000 })
    const e = await failure(client.shipments.get('AB12C'), timers)
    expect(e).toMatchObject({ kind: 'problem', status: 503 })
    expect(seen).toHaveLength(1)
    expect(timers.now()).toBe(0)
  })

  it('stops after maxRetries retries', async () => {
    const { client, timers, seen } = setup(Array.from({ length: 10 }, () => problem(500, 'internal_error')), { maxRetries: 2 })
    const e = await failure(client.shipments.get('AB12C'), timers)
    expect(e.attempts).toBe(3)
    expect(seen).toHaveLength(3)
  })

  it('an answer whose body stalls times out at the attempt limit, and the next attempt goes out', async () => {
    const stalled = new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"id"')) }), { status: 200 })
    const { client, timers, seen } = setup([stalled, json(200, shipment('INITIALIZED'))], { timeoutMs: 5_000 })
    const events: string[] = []
    await drive(timers, client.shipments.get('AB12C', {}).then(() => events.push('resolved')))
    expect(events).toEqual(['resolved'])
    expect(seen[1]!.at).toBeGreaterThanOrEqual(5_000)
  })

  it('a fetch that never answers ends as a TimeoutError within the deadline', async () => {
    const timers = new VirtualTimers()
    const never = createShipperClient({ baseUrl: 'http://api.test', token: 't', apiKey: 'k', timers, timeoutMs: 1_000, maxRetries: 0, fetch: () => new Promise(() => {}) })
    const e = await failure(never.shipments.get('AB12C'), timers)
    expect(e).toMatchObject({ kind: 'timeout', scope: 'attempt', retryable: true })
    expect(timers.now()).toBe(1_000)
  })
})

describe('the caller’s signal', () => {
  it('an already aborted signal sends nothing', async () => {
    const { client, timers, seen } = setup([])
    const e = await failure(client.shipments.get('AB12C', { signal: AbortSignal.abort() }), timers)
    expect(e.kind).toBe('aborted')
    expect(seen).toEqual([])
  })

  it('aborting during a wait ends the call at once, and a create keeps its key to resume', async () => {
    const ac = new AbortController()
    const { client, timers, seen } = setup([problem(503, 'service_unavailable', { 'retry-after': '100' })])
    const p = client.shipments.create(CREATE, { signal: ac.signal, idempotencyKey: 'resume-me' })
    p.catch(() => undefined)
    await drive(timers, new Promise((r) => setImmediate(r)))
    ac.abort()
    const e = await failure(p, timers)
    expect(e).toMatchObject({ kind: 'aborted', idempotencyKey: 'resume-me' })
    expect(seen).toHaveLength(1)
    expect(timers.now()).toBe(0)
  })
})

describe('confirm and cancel reconciliation', () => {
  it('after an ambiguous confirm, a shipment already CONFIRMED resolves the call (no second PUT)', async () => {
    const { client, timers, seen, events } = setup([problem(502, 'bad_gateway'), json(200, shipment('CONFIRMED'))])
    const s = await drive(timers, client.shipments.confirm('AB12C'))
    expect(s.orderStatus).toBe('CONFIRMED')
    expect(seen.map((r) => `${r.method} ${r.url.replace('http://api.test/v1/shipper', '')}`)).toEqual(['PUT /shipment/AB12C/confirm', 'GET /shipment/AB12C'])
    expect(events.map((e) => [e.operation, e.outcome])).toEqual([
      ['confirmShipment', 'reconcile'],
      ['getShipment', 'success'],
    ])
  })

  it('still INITIALIZED: the PUT is sent again; a 400 invalid_transition after an ambiguous attempt is read back too', async () => {
    const { client, timers, seen } = setup([
      new TypeError('reset'),
      json(200, shipment('INITIALIZED')),
      problem(400, 'invalid_transition'),
      json(200, shipment('ACCEPTED')),
    ])
    const s = await drive(timers, client.shipments.confirm('AB12C'))
    expect(s.orderStatus).toBe('ACCEPTED')
    expect(seen.map((r) => r.method)).toEqual(['PUT', 'GET', 'PUT', 'GET'])
  })

  it('when the read-back finds INITIALIZED and the budget is spent, the call throws the PUT’s error', async () => {
    const { client, timers, seen, events } = setup([new TypeError('reset'), json(200, shipment('INITIALIZED'))], { maxRetries: 1 })
    const e = await failure(client.shipments.confirm('AB12C'), timers)
    expect(e).toMatchObject({ kind: 'network', operation: 'confirmShipment', retryable: true })
    expect(seen.map((r) => r.method)).toEqual(['PUT', 'GET'])
    expect(events.map((x) => x.outcome)).toEqual(['reconcile', 'fail'])
  })

  it('a refusal after an ambiguous attempt, with no budget left to read back, ends with the ambiguous error (the refusal may be this call’s own PUT)', async () => {
    const { client, timers, seen } = setup([new TypeError('reset'), json(200, shipment('INITIALIZED')), problem(400, 'invalid_transition')], { maxRetries: 2 })
    const e = await failure(client.shipments.confirm('AB12C'), timers)
    expect(e).toMatchObject({ kind: 'network', attempts: 3 })
    expect(seen).toHaveLength(3)
  })

  it('a 400 invalid_transition with no ambiguous attempt before it is final', async () => {
    const { client, timers, seen } = setup([problem(400, 'invalid_transition')])
    const e = await failure(client.shipments.confirm('AB12C'), timers)
    expect(e).toMatchObject({ kind: 'problem', reason: 'invalid_transition', operation: 'confirmShipment' })
    expect(seen).toHaveLength(1)
  })

  it('a cancel whose answer was lost reads CANCELLED and resolves; a state that cannot be cancelled is order_not_cancellable', async () => {
    const a = setup([new TypeError('reset'), json(200, shipment('CANCELLED'))])
    expect((await drive(a.timers, a.client.shipments.cancel('AB12C'))).orderStatus).toBe('CANCELLED')
    const b = setup([problem(504, 'gateway_timeout'), json(200, shipment('PICKED_UP'))])
    const e = await failure(b.client.shipments.cancel('AB12C'), b.timers)
    expect(e).toMatchObject({ kind: 'problem', status: 400, reason: 'order_not_cancellable', operation: 'cancelShipment', retryable: false })
  })
})

describe('binary and multipart', () => {
  it('uploads the part `file` with its filename and media type', async () => {
    const doc = { documentType: 'PACKING_SLIP', filename: 'slip.pdf', contentType: 'application/pdf', sizeBytes: 5, uploadedAt: '2026-01-01T00:00:00Z' }
    const { client, timers, seen } = setup([(s) => (s.body instanceof FormData ? json(200, doc) : new Error('not multipart'))])
    await drive(timers, client.appointments.uploadDocument('AB12C', 'PICKUP', 'PACKING_SLIP', new TextEncoder().encode('%PDF-'), { filename: 'slip.pdf', contentType: 'application/pdf' })).catch(
      (e: unknown) => {
        // the answer's shape is the library's codec's business; the request is what this test checks
        if (!isShipperError(e) || e.kind !== 'invalid_response') throw e
      },
    )
    const form = seen[0]!.body as FormData
    const file = form.get('file') as File
    expect(file.name).toBe('slip.pdf')
    expect(file.type).toBe('application/pdf')
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new TextEncoder().encode('%PDF-'))
    expect(seen[0]!.headers['content-type']).toBeUndefined()
  })

  it('a path without readFile (the main entry) is refused before sending', async () => {
    const { client, timers, seen } = setup([])
    const e = await failure(client.appointments.uploadDocument('AB12C', 'PICKUP', 'PACKING_SLIP', '/tmp/slip.pdf', { filename: 'slip.pdf', contentType: 'application/pdf' }), timers)
    expect(e.kind).toBe('invalid_request')
    expect(seen).toEqual([])
  })

  it('documents.download sends no credential to the link', async () => {
    const pdf = new Uint8Array([37, 80, 68, 70])
    const { client, timers, seen } = setup([
      json(200, { filename: 'bol.pdf', fileType: 'application/pdf', downloadLink: 'https://files.test/bol.pdf?sig=abc' }),
      new Response(pdf, { status: 200, headers: { 'content-type': 'application/pdf' } }),
    ])
    const d = await drive(timers, client.documents.download('AB12C', 'BILL_OF_LADING'))
    expect(d.bytes).toEqual(pdf)
    expect(d.contentType).toBe('application/pdf')
    expect(seen[1]!.url).toBe('https://files.test/bol.pdf?sig=abc')
    expect(Object.keys(seen[1]!.headers)).toEqual(['accept'])
    expect(seen[1]!.credentials).toBe('omit')
  })
})

describe('waitForStatus', () => {
  const tracking = (orderStatus: string | null): Record<string, unknown> => ({ id: 't1', orderNumber: 'AB12C', orderStatus })

  it('polls with growing intervals until the status, without location', async () => {
    const { client, timers, seen } = setup([json(200, tracking('INITIALIZED')), json(200, tracking('CONFIRMED')), json(200, tracking('ACCEPTED'))])
    const t = await drive(timers, client.waitForStatus('AB12C', 'ACCEPTED', { intervalMs: 1_000 }))
    expect(t.orderStatus).toBe('ACCEPTED')
    expect(seen.map((r) => r.at)).toEqual([0, 1_000, 2_500])
    expect(seen.every((r) => r.url.endsWith('/shipment/AB12C/tracking'))).toBe(true)
  })

  it('a state that can never reach the target ends the wait', async () => {
    const { client, timers } = setup([json(200, tracking('CANCELLED'))])
    const e = await failure(client.waitForStatus('AB12C', 'DELIVERED'), timers)
    expect(e).toMatchObject({ kind: 'unreachable', status: 'CANCELLED', retryable: false })
  })

  it('gives up with a TimeoutError at timeoutMs', async () => {
    const { client, timers } = setup(Array.from({ length: 20 }, () => json(200, tracking('CONFIRMED'))))
    const e = await failure(client.waitForStatus('AB12C', (t) => t.orderStatus === 'DELIVERED', { intervalMs: 1_000, timeoutMs: 10_000 }), timers)
    expect(e.kind).toBe('timeout')
    expect(timers.now()).toBe(10_000)
  })

  it('polls once more at its deadline: the last look is at timeoutMs, not an interval before it', async () => {
    // 1 s growing ×1.5: polls at 0, 1 s, 2.5 s, 4.75 s, 8.125 s; the next interval (5.0625 s) would pass
    // the 10 s deadline, so the wait sleeps to the deadline and looks once more.
    const never = setup(Array.from({ length: 20 }, () => json(200, tracking('CONFIRMED'))))
    await failure(never.client.waitForStatus('AB12C', 'DELIVERED', { intervalMs: 1_000, timeoutMs: 10_000 }), never.timers)
    expect(never.seen.map((r) => r.at)).toEqual([0, 1_000, 2_500, 4_750, 8_125, 10_000])
    // The status reached just before the deadline is seen by that last poll: the wait resolves.
    const late = setup([...Array.from({ length: 5 }, () => json(200, tracking('CONFIRMED'))), json(200, tracking('DELIVERED'))])
    const t = await drive(late.timers, late.client.waitForStatus('AB12C', 'DELIVERED', { intervalMs: 1_000, timeoutMs: 10_000 }))
    expect(t.orderStatus).toBe('DELIVERED')
    expect(late.seen.at(-1)!.at).toBe(10_000)
  })
})

describe('TaskEither form', () => {
  it('a ShipperError is a Left, a value a Right, and nothing is sent before the task runs', async () => {
    const { client, timers, seen } = setup([problem(404, 'order_not_found'), json(200, shipment('INITIALIZED'))])
    const te = taskEitherClient(client)
    const task = te.shipments.get('AB12C')
    expect(seen).toHaveLength(0)
    const l = await drive(timers, task())
    expect(l._tag === 'Left' && l.left.kind).toBe('problem')
    const r = await drive(timers, te.shipments.get('AB12C')())
    expect(r._tag === 'Right' && r.right.orderStatus).toBe('INITIALIZED')
  })
})

describe('tender', () => {
  const QUOTE_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301'
  const quote = { id: QUOTE_ID, quotedPriceInCents: 12_000, quoteExpirationTime: '2026-01-03T00:00:00Z', transitDays: 3, estimatedDeliveryDate: null }
  const body = (s: Seen): Record<string, unknown> => JSON.parse(s.body as string) as Record<string, unknown>

  it('books on the newest quote when it is matchable, and reports the price difference', async () => {
    const { client, timers, seen } = setup([
      json(200, { quoteId: QUOTE_ID, customerReference: 'PO-1', matchable: true }),
      json(200, quote),
      json(200, shipment('INITIALIZED')),
    ])
    const r = await drive(timers, client.tender(CREATE, { reference: 'PO-1', idempotencyKey: 'tender-1' }))
    expect(r).toMatchObject({ basis: 'quote', quotedPriceInCents: 12_000, priceDifferenceInCents: 345 })
    expect(seen[0]!.url).toBe('http://api.test/v1/shipper/quotes/by-reference?reference=PO-1')
    expect(body(seen[2]!)['quoteId']).toBe(QUOTE_ID)
    expect(seen[2]!.headers['idempotency-key']).toBe('tender-1')
  })

  it('books without a quote when the newest is not matchable (repriced), or when there is none (404)', async () => {
    const a = setup([json(200, { quoteId: QUOTE_ID, customerReference: 'PO-1', matchable: false }), json(200, quote), json(200, shipment('INITIALIZED'))])
    const ra = await drive(a.timers, a.client.tender({ ...CREATE, quoteId: QUOTE_ID }, { reference: 'PO-1' }))
    expect(ra).toMatchObject({ basis: 'repriced', quotedPriceInCents: 12_000, priceDifferenceInCents: 345 })
    expect(body(a.seen[2]!)).not.toHaveProperty('quoteId')
    const b = setup([problem(404, 'quote_not_found'), json(200, shipment('INITIALIZED'))])
    const rb = await drive(b.timers, b.client.tender(CREATE, { reference: 'PO-2' }))
    expect(rb).toMatchObject({ basis: 'repriced', quote: null, quotedPriceInCents: null, priceDifferenceInCents: null })
    expect(b.seen.map((s) => s.method)).toEqual(['GET', 'POST'])
  })
})
