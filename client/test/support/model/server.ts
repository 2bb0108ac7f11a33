// A model of the shipper server behind a fake `fetch` (issue 26, Tests item 1): the endpoints the
// fault properties call (shipment create with its Idempotency-Key store, get, confirm, cancel,
// tracking), each answer built with the library so the client's codecs accept it, and a fault
// per call taken from a drawn schedule (faults.ts). It records every call the client made (lost
// ones too), what the server saw and every commit, in virtual time, so a property can judge the
// client from the outside: keys, request ids, waits between attempts, attempts after an abort.
import { DateTime } from 'luxon'
import { decideIdempotency, parseIdempotencyKey, problemFor, transition, validateCreateShipment, type ProblemDetail } from 'shipper-rules'
import type { VirtualClock } from './clock.js'
import { OK, showFault, type Fault } from './faults.js'

export const TOKEN = 'model-token-0123456789'
export const API_KEY = 'model-api-key-9876543210'
export const BASE_URL = 'http://127.0.0.1:8080'
const COMPANY_ID = 'company-model-1'

export type OrderStatus = 'INITIALIZED' | 'CONFIRMED' | 'ACCEPTED' | 'ASSIGNED' | 'PICKED_UP' | 'IN_TRANSIT' | 'DELIVERED' | 'CANCELLED' | 'REJECTED'

/** A shipment as the server stores and answers it (the wire Shipment). */
export interface ShipmentJson {
  readonly id: string
  readonly companyId: string
  readonly userId: string
  readonly orderNumber: string
  orderStatus: OrderStatus
  readonly totalPriceInCents: number
  readonly createdAt: string
  updatedAt: string
}

/** Something the server's state changed for: a shipment created, or a transition. */
export interface Commit {
  readonly at: number
  readonly call: number
  readonly kind: 'create' | 'CONFIRM' | 'CANCEL'
  readonly orderNumber: string
  readonly idempotencyKey: string | null
  readonly from: OrderStatus | null
  readonly to: OrderStatus
}

/** One call of the fake fetch: an attempt, as the network saw it. */
export interface CallRecord {
  readonly index: number
  readonly fault: Fault
  readonly startedAt: number
  /** when the outcome (rejection, or the whole answer with its body) reached the client */
  endedAt: number | null
  readonly method: string
  readonly path: string
  readonly search: string
  readonly headers: Readonly<Record<string, string>>
  readonly idempotencyKey: string | null
  readonly requestId: string | null
  readonly body: string | null
  readonly credentialsOk: boolean
  readonly signalAbortedAtStart: boolean
  /** the server ran the request (it may still have lost the answer) */
  seen: boolean
  /** it changed the server's state */
  committed: boolean
  /** the status the server answered, when it answered */
  status: number | null
  /** the earliest moment the answer's Retry-After allows the next attempt */
  notBefore: number | null
  /** how the attempt ended for the client */
  outcome: 'answer' | 'rejected' | 'aborted' | 'pending'
}

interface Answer {
  readonly status: number
  readonly body: unknown
  readonly headers?: Readonly<Record<string, string>>
  readonly committed: boolean
}

const problemAnswer = (problem: ProblemDetail | Record<string, unknown>, status: number): Answer => ({
  status,
  body: problem,
  headers: { 'content-type': 'application/problem+json' },
  committed: false,
})

const iso = (ms: number): string => new Date(ms).toISOString()

const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('This operation was aborted', 'AbortError')

/** fetch's own error for a failed connection: a TypeError with the socket error as cause. */
const networkError = (code: string): TypeError => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(`socket ${code}`), { code }) })

export class ModelServer {
  readonly calls: CallRecord[] = []
  readonly commits: Commit[] = []
  readonly shipments = new Map<string, ShipmentJson>()
  private readonly keys = new Map<string, { readonly body: unknown; readonly createdAt: DateTime; readonly response: ShipmentJson }>()
  private faults: ReadonlyArray<Fault>
  private faultOffset = 0
  /** Hung requests that commit just before the server handles a later call. */
  private late: Array<{ readonly beforeCall: number; readonly run: () => void }> = []
  private nextOrder = 1

  constructor(
    private readonly clock: VirtualClock,
    faults: ReadonlyArray<Fault> = [],
  ) {
    this.faults = faults
  }

  /** Replaces the schedule: the next call takes the first fault of `faults`. */
  setFaults(faults: ReadonlyArray<Fault>): void {
    this.faults = faults
    this.faultOffset = this.calls.length
  }

  /** A shipment that exists before the call under test (not a commit of it). */
  seed(status: OrderStatus): ShipmentJson {
    const s = this.newShipment(status)
    this.shipments.set(s.orderNumber, s)
    return s
  }

  /** Calls that reached the server and that it ran (seen), in order. */
  get seen(): ReadonlyArray<CallRecord> {
    return this.calls.filter((c) => c.seen)
  }

  describeCalls(): string {
    return this.calls
      .map((c) => `#${c.index + 1} t=${c.startedAt - this.calls[0]!.startedAt}..${c.endedAt === null ? '?' : c.endedAt - this.calls[0]!.startedAt} ${c.method} ${c.path} [${showFault(c.fault)}] ${c.outcome}${c.status === null ? '' : ` ${c.status}`}${c.committed ? ' committed' : ''} key=${c.idempotencyKey ?? '-'} rid=${c.requestId ?? '-'}`)
      .join('\n')
  }

  private newShipment(status: OrderStatus): ShipmentJson {
    const n = this.nextOrder++
    const now = iso(this.clock.now())
    return {
      id: `shp_${String(n).padStart(8, '0')}`,
      companyId: COMPANY_ID,
      userId: 'user-model-1',
      orderNumber: `S${n.toString(36).toUpperCase().padStart(4, '0')}`,
      orderStatus: status,
      totalPriceInCents: 184_250 + n,
      createdAt: now,
      updatedAt: now,
    }
  }

  /** The fake `fetch` handed to the client. */
  readonly fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : null
    const url = new URL(request === null ? String(input) : request.url)
    const headers = new Headers(init?.headers ?? request?.headers)
    const signal = init?.signal ?? request?.signal ?? null
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase()
    const rawBody = init?.body ?? null
    if (rawBody !== null && typeof rawBody !== 'string') {
      return Promise.reject(new Error(`the model server reads JSON string bodies only, got ${Object.prototype.toString.call(rawBody)}`))
    }
    const fault = this.faults[this.calls.length - this.faultOffset] ?? OK
    const record: CallRecord = {
      index: this.calls.length,
      fault,
      startedAt: this.clock.now(),
      endedAt: null,
      method,
      path: url.pathname,
      search: url.search,
      headers: Object.fromEntries(headers.entries()),
      idempotencyKey: headers.get('idempotency-key'),
      requestId: headers.get('x-request-id'),
      body: rawBody,
      credentialsOk: headers.get('authorization') === `Bearer ${TOKEN}` && headers.get('x-service-api-key') === API_KEY,
      signalAbortedAtStart: signal?.aborted === true,
      seen: false,
      committed: false,
      status: null,
      notBefore: null,
      outcome: 'pending',
    }
    this.calls.push(record)
    const due = this.late.filter((l) => l.beforeCall <= record.index)
    this.late = this.late.filter((l) => l.beforeCall > record.index)
    for (const l of due) l.run()
    return new Promise<Response>((resolve, reject) => {
      let done = false
      const end = (outcome: CallRecord['outcome']): boolean => {
        if (done) return false
        done = true
        record.outcome = outcome
        record.endedAt = this.clock.now()
        return true
      }
      const fail = (error: unknown): void => {
        if (end('rejected')) reject(error)
      }
      const onAbort = (): void => {
        if (signal !== null && end('aborted')) reject(abortReason(signal))
      }
      if (signal?.aborted === true) {
        onAbort()
        return
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      const run = (): Answer => {
        record.seen = true
        const commitsBefore = this.commits.length
        const answer = this.handle(record)
        record.committed = this.commits.length > commitsBefore
        return answer
      }
      const answerWith = (answer: Answer, extra: Record<string, string> = {}): void => {
        if (done) return
        record.status = answer.status
        const h = new Headers({ 'content-type': 'application/json', ...answer.headers, ...extra })
        if (record.requestId !== null) h.set('x-request-id', record.requestId)
        const text = answer.body === undefined ? null : JSON.stringify(answer.body)
        const notBefore = this.retryAfterNotBefore(h)
        if (end('answer')) {
          record.notBefore = notBefore
          resolve(new Response(answer.status === 204 ? null : text, { status: answer.status, headers: h }))
        }
      }
      switch (fault.kind) {
        case 'ok': {
          const answer = run()
          if (fault.latencyMs === 0) answerWith(answer)
          else this.clock.schedule(fault.latencyMs, () => answerWith(answer))
          return
        }
        case 'lost_request':
          fail(networkError('ECONNREFUSED'))
          return
        case 'lost_response':
          run()
          fail(networkError('ECONNRESET'))
          return
        case 'reset':
          if (fault.committed) run()
          fail(networkError('ECONNRESET'))
          return
        case 'hang':
          // settles only through onAbort; a late commit happens whatever the client did meanwhile
          if (fault.committed && fault.late === null) run()
          else if (fault.committed && 'ms' in fault.late!) this.clock.schedule(fault.late.ms, run)
          else if (fault.committed && 'calls' in fault.late!) this.late.push({ beforeCall: record.index + fault.late.calls, run })
          return
        case 'error500':
          if (fault.committed) run()
          answerWith(problemAnswer(problemFor('internal_error', 'The model server failed.'), 500))
          return
        case 'throttled': {
          const body = fault.status === 429 ? problemFor('too_many_requests') : { type: 'about:blank', title: 'Service unavailable', status: 503, detail: 'The model server is unavailable.' }
          answerWith(problemAnswer(body, fault.status), this.retryAfterHeaders(fault))
          return
        }
        case 'retry4xx':
          answerWith(problemAnswer(fault.status === 408 ? problemFor('request_timeout') : problemFor('conflict', 'A request with this Idempotency-Key is in progress.'), fault.status))
          return
        case 'definite':
          answerWith(problemAnswer(problemFor(fault.answer.reason), fault.answer.status))
          return
        case 'slow_body': {
          const answer = run()
          record.status = answer.status
          const h = new Headers({ 'content-type': 'application/json', ...answer.headers })
          if (record.requestId !== null) h.set('x-request-id', record.requestId)
          // the client has the headers; the attempt ends (endedAt) only when the stalled body errors
          done = true
          signal?.removeEventListener('abort', onAbort)
          const body = new ReadableStream<Uint8Array>({
            start: (controller) => {
              const stall = (): void => {
                record.outcome = 'aborted'
                record.endedAt = this.clock.now()
                controller.error(signal === null ? new Error('stalled') : abortReason(signal))
              }
              if (signal?.aborted === true) stall()
              else signal?.addEventListener('abort', stall, { once: true })
            },
          })
          resolve(new Response(body, { status: answer.status, headers: h }))
          return
        }
      }
    })
  }

  private retryAfterHeaders(fault: Extract<Fault, { kind: 'throttled' }>): Record<string, string> {
    const ra = fault.retryAfter
    if (ra === null) return {}
    if (ra.form === 'seconds') return { 'retry-after': String(ra.seconds) }
    const second = Math.floor(this.clock.now() / 1000) * 1000
    const date = new Date(second + ra.seconds * 1000).toUTCString()
    return ra.dateHeader ? { 'retry-after': date, date: new Date(second).toUTCString() } : { 'retry-after': date }
  }

  /** The earliest next attempt this answer's Retry-After allows, by the design's reading of it. */
  private retryAfterNotBefore(h: Headers): number | null {
    const ra = h.get('retry-after')
    if (ra === null) return null
    const now = this.clock.now()
    if (/^\d+$/.test(ra)) return now + Number(ra) * 1000
    const date = Date.parse(ra)
    const base = h.get('date')
    return base === null ? date : now + (date - Date.parse(base))
  }

  /** The server proper: what it answers to a request it runs (faults aside). */
  private handle(call: CallRecord): Answer {
    if (!call.credentialsOk) return problemAnswer(problemFor('unauthorized'), 401)
    const parts = call.path.split('/').filter((p) => p !== '')
    if (parts[0] !== 'v1' || parts[1] !== 'shipper' || parts[2] !== 'shipment') return problemAnswer(problemFor('not_found'), 404)
    const orderNumber = parts[3]
    if (call.method === 'POST' && parts.length === 3) return this.create(call)
    if (orderNumber === undefined) return problemAnswer(problemFor('not_found'), 404)
    const shipment = this.shipments.get(orderNumber)
    if (shipment === undefined) return problemAnswer(problemFor('order_not_found'), 404)
    if (call.method === 'GET' && parts.length === 4) return { status: 200, body: { ...shipment }, committed: false }
    if (call.method === 'GET' && parts.length === 5 && parts[4] === 'tracking') {
      return { status: 200, body: { id: shipment.id, orderNumber: shipment.orderNumber, orderStatus: shipment.orderStatus, estimatedDeliveryDate: null }, committed: false }
    }
    if (call.method === 'PUT' && parts.length === 5 && (parts[4] === 'confirm' || parts[4] === 'cancel')) {
      const event = parts[4] === 'confirm' ? 'CONFIRM' : 'CANCEL'
      const next = transition(shipment.orderStatus, event)
      if (next._tag === 'Left') return problemAnswer(next.left, next.left.status)
      const from = shipment.orderStatus
      shipment.orderStatus = next.right
      shipment.updatedAt = iso(this.clock.now())
      this.commits.push({ at: this.clock.now(), call: call.index, kind: event, orderNumber, idempotencyKey: null, from, to: next.right })
      return { status: 200, body: { ...shipment }, committed: true }
    }
    return problemAnswer(problemFor('not_found'), 404)
  }

  private create(call: CallRecord): Answer {
    let body: unknown
    try {
      body = JSON.parse(call.body ?? '')
    } catch {
      return problemAnswer(problemFor('bad_request', 'The body is not JSON.'), 400)
    }
    const key = parseIdempotencyKey(call.idempotencyKey ?? undefined)
    if (key._tag === 'Left') return problemAnswer(key.left, key.left.status)
    const now = DateTime.fromMillis(this.clock.now(), { zone: 'utc' })
    if (key.right !== null) {
      const decision = decideIdempotency(this.keys.get(key.right) ?? null, { body, now })
      if (decision.kind === 'replay') return { status: 200, body: { ...decision.response }, headers: { 'idempotent-replayed': 'true' }, committed: false }
      if (decision.kind === 'conflict') return problemAnswer(decision.problem, decision.problem.status)
    }
    const valid = validateCreateShipment(body)
    if (valid._tag === 'Left') return problemAnswer(valid.left, valid.left.status)
    const shipment = this.newShipment('INITIALIZED')
    this.shipments.set(shipment.orderNumber, shipment)
    if (key.right !== null) this.keys.set(key.right, { body, createdAt: now, response: { ...shipment } })
    this.commits.push({ at: this.clock.now(), call: call.index, kind: 'create', orderNumber: shipment.orderNumber, idempotencyKey: key.right, from: null, to: 'INITIALIZED' })
    return { status: 200, body: { ...shipment }, committed: true }
  }
}

