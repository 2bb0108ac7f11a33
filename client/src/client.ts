/**
 * createShipperClient: one method per endpoint of the shipper API, each validating its request
 * with the library before sending and decoding the answer with the library's codecs, driven by
 * the call engine (call.ts) under the policy of policy.ts.
 *
 * @module
 */
import {
  AppointmentDocumentResponse,
  DocumentResponse,
  HEADER,
  HEADER_KEY,
  InvoiceResponse,
  LIFECYCLE,
  QuoteByReferenceResponse,
  QuoteResponse,
  Shipment,
  Tracking,
  canReach,
  checkAppointmentUpload,
  isCancellable,
  isConfirmedOrLater,
  parseAppointmentDocumentType,
  parseDocumentType,
  parseIdempotencyKey,
  parseOrderNumber,
  parseQuoteId,
  parseStop,
  problemFor,
  readAppointmentResponse,
  validateAppointmentRequirement,
  validateCreateShipment,
  validateQuoteRequest,
  validationProblem,
  violationAt,
  type MergedAppointment,
  type OrderStatusName,
  type ProblemDetail,
} from 'shipper-rules'
import { Call, sleep, withCodec, type CallSettings, type Config, type Either, type Req } from './call.js'
import { AbortedError, ProblemError, RequestInvalidError, StatusUnreachableError, TimeoutError, isShipperError, type DecodeViolation, type ShipperError } from './errors.js'
import type { OperationId } from './operations.js'
import { REQUEST_ID_PATTERN, randomUuid } from './policy.js'
import type { AppointmentDocumentType, CallOptions, ClientOptions, ShipperClient, Stop, TenderResult } from './types.js'

/**
 * The client's version, sent in its User-Agent.
 *
 * @category client
 * @since 0.1.0
 */
export const CLIENT_VERSION = '0.1.0'

const right = <A>(a: A): Either<never, A> => ({ _tag: 'Right', right: a })
const seg = encodeURIComponent

/**
 * Makes a client for the shipper API at `options.baseUrl`.
 *
 * @example
 * const client = createShipperClient({ baseUrl: 'http://127.0.0.1:8080', token: 'eyJ…', apiKey: 'key' })
 * typeof client.shipments.create
 * //=> 'function'
 *
 * @category client
 * @since 0.1.0
 */
export const createShipperClient = (options: ClientOptions): ShipperClient => {
  const cfg: Config = {
    api: `${options.baseUrl.replace(/\/+$/, '')}/v1/shipper`,
    token: options.token,
    apiKey: options.apiKey,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: options.timeoutMs ?? 30_000,
    deadlineMs: options.deadlineMs ?? 120_000,
    maxRetries: options.maxRetries ?? 3,
    retryBaseMs: options.retryBaseMs ?? 500,
    retryCapMs: options.retryCapMs ?? 20_000,
    validate: options.validate !== false,
    userAgent: `shipper-rules-client/${CLIENT_VERSION}${options.userAgent === undefined ? '' : ` ${options.userAgent}`}`,
    // A browser's User-Agent is its own: Chromium drops ours, Firefox sends it and so needs the
    // server's CORS to allow the header. Every browser's starts with "Mozilla/"; Node's, Deno's
    // and Bun's navigator (where there is one) name the runtime.
    sendUserAgent: !/^Mozilla\//.test(String((globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent ?? '')),
    readFile: options.readFile,
    timers: options.timers ?? {
      now: () => Date.now(),
      setTimeout: (cb, ms) => setTimeout(cb, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    },
    random: options.random ?? Math.random,
    onAttempt: options.onAttempt,
  }

  /** Throws the RequestInvalidError of a refused check (when validation is on). */
  const check = <A>(operation: OperationId, r: Either<ProblemDetail, A>, idempotencyKey?: string): void => {
    if (cfg.validate && r._tag === 'Left') {
      throw new RequestInvalidError(r.left, { operation, requestId: null, attempts: 0, idempotencyKey })
    }
  }

  /** A new call, after checking the caller's request id. */
  const start = (operation: OperationId, o: CallOptions | undefined, idempotencyKey?: string): Call => {
    const id = o?.requestId
    if (id !== undefined && !REQUEST_ID_PATTERN.test(id)) {
      const v = violationAt([HEADER.requestId], null, 'pattern', 'must be 1 to 64 letters, digits, ".", "_", "~" or "-"')
      throw new RequestInvalidError(validationProblem([v]), { operation, requestId: null, attempts: 0, idempotencyKey })
    }
    const s: CallSettings = { signal: o?.signal, timeoutMs: o?.timeoutMs, deadlineMs: o?.deadlineMs, maxRetries: o?.maxRetries }
    return new Call(cfg, operation, id ?? randomUuid(), s, idempotencyKey)
  }

  const json = <A>(
    operation: OperationId,
    method: Req<A>['method'],
    path: string,
    decode: Req<A>['decode'],
    extra: Partial<Pick<Req<A>, 'body' | 'headers'>> = {},
  ): Req<A> => ({ operation, method, url: cfg.api + path, credentials: true, accept: 'application/json', read: 'json', decode, ...extra })

  const get = async <A>(operation: OperationId, path: string, decode: Req<A>['decode'], o: CallOptions | undefined): Promise<A> =>
    start(operation, o).run(json(operation, 'GET', path, decode))

  const order = (operation: OperationId, n: string): string => (check(operation, parseOrderNumber(n)), `/shipment/${seg(n)}`)
  const stopOf = (operation: OperationId, n: string, stop: Stop): string => (check(operation, parseStop(stop)), `${order(operation, n)}/appointment/${seg(stop)}`)
  const apptDoc = (operation: OperationId, n: string, stop: Stop, t: AppointmentDocumentType): string => (
    check(operation, parseAppointmentDocumentType(t)), `${stopOf(operation, n, stop)}/document/${seg(t)}`
  )
  const readAppointment = (body: unknown): Either<ReadonlyArray<DecodeViolation>, MergedAppointment> => {
    const r = readAppointmentResponse(body)
    return r._tag === 'Right' ? r : { _tag: 'Left', left: r.left.map((v) => ({ field: v.field, expected: v.reason })) }
  }

  /** confirm and cancel: the PUT, reconciled by a GET of the shipment after an ambiguous outcome. */
  const move = async (kind: 'confirm' | 'cancel', n: string, o: CallOptions | undefined): Promise<Shipment> => {
    const operation = kind === 'confirm' ? 'confirmShipment' : 'cancelShipment'
    const path = order(operation, n)
    const call = start(operation, o)
    const put = json(operation, 'PUT', `${path}/${kind}`, withCodec(Shipment))
    const read = json('getShipment', 'GET', path, withCodec(Shipment))
    const refusal = kind === 'confirm' ? 'invalid_transition' : 'order_not_cancellable'
    const reached = (s: OrderStatusName): boolean => (kind === 'confirm' ? isConfirmedOrLater(s) : s === 'CANCELLED')
    const movable = (s: OrderStatusName): boolean => (kind === 'confirm' ? s === 'INITIALIZED' : isCancellable(s))
    let ambiguous: ShipperError | undefined
    let reading = false
    for (;;) {
      const out = await call.send(reading ? read : put)
      if (!out.ok) {
        if (out.cls === 'definite') {
          const refused = out.error.kind === 'problem' && out.error.reason === refusal
          if (reading || ambiguous === undefined || !refused) call.fail()
          // The refusal may be this call's own earlier PUT taking effect: should the budget end
          // before the read-back, the call ends with the ambiguous error, never the refusal.
          call.lastError = ambiguous
          reading = true
          await call.pause('reconcile')
          continue
        }
        if (out.cls === 'ambiguous' && !reading) {
          ambiguous = out.error
          reading = true
        }
        await call.pause(reading ? 'reconcile' : 'retry')
        continue
      }
      if (!reading) {
        call.emit('success')
        return out.value
      }
      const s = out.value.orderStatus
      if (reached(s)) {
        call.emit('success')
        return out.value
      }
      if (!movable(s)) {
        const detail =
          kind === 'confirm' ? `An order in ${s} does not accept CONFIRM.` : `An order in ${s} cannot be cancelled: only orders before pickup can.`
        call.fail(new ProblemError(problemFor(refusal, detail), call.context(out.requestId)))
      }
      reading = false
      await call.pause('retry')
    }
  }

  const client: ShipperClient = {
    quotes: {
      create: async (body, o) => {
        check('createQuote', validateQuoteRequest(body))
        return start('createQuote', o).run(json('createQuote', 'POST', '/quote', withCodec(QuoteResponse), { body: JSON.stringify(body) }))
      },
      get: async (quoteId, o) => {
        check('getQuote', parseQuoteId(quoteId))
        return get('getQuote', `/quote/${seg(quoteId)}`, withCodec(QuoteResponse), o)
      },
      byReference: async (reference, o) =>
        get('getQuoteByReference', `/quotes/by-reference?reference=${seg(reference)}`, withCodec(QuoteByReferenceResponse), o),
    },
    shipments: {
      create: async (body, o) => {
        const key = o?.idempotencyKey ?? randomUuid()
        check('createShipment', parseIdempotencyKey(key), key)
        check('createShipment', validateCreateShipment(body), key)
        const req = json('createShipment', 'POST', '/shipment', withCodec(Shipment), { body: JSON.stringify(body), headers: { [HEADER_KEY.idempotencyKey]: key } })
        return start('createShipment', o, key).run(req)
      },
      get: async (n, o) => get('getShipment', order('getShipment', n), withCodec(Shipment), o),
      confirm: async (n, o) => move('confirm', n, o),
      cancel: async (n, o) => move('cancel', n, o),
    },
    tracking: {
      get: async (n, o) => get('getTracking', `${order('getTracking', n)}/tracking${o?.location === true ? '?include=location' : ''}`, withCodec(Tracking), o),
    },
    invoices: {
      get: async (n, o) => get('getInvoice', `${order('getInvoice', n)}/invoice`, withCodec(InvoiceResponse), o),
    },
    documents: {
      get: async (n, t, o) => {
        check('getShipmentDocument', parseDocumentType(t))
        return get('getShipmentDocument', `${order('getShipmentDocument', n)}/document/${seg(t)}`, withCodec(DocumentResponse), o)
      },
      download: async (n, t, o) => {
        check('getShipmentDocument', parseDocumentType(t))
        const path = `${order('getShipmentDocument', n)}/document/${seg(t)}`
        const call = start('getShipmentDocument', o)
        const document = await call.run(json('getShipmentDocument', 'GET', path, withCodec(DocumentResponse)))
        // The link is its own credential: no token, no key, no cookies go to its origin.
        const link: Req<{ bytes: Uint8Array; contentType: string }> = {
          operation: 'downloadDocument',
          method: 'GET',
          url: new URL(document.downloadLink, cfg.api).href,
          credentials: false,
          accept: '*/*',
          read: 'bytes',
          decode: (bytes, contentType) => right({ bytes: bytes as Uint8Array, contentType }),
        }
        // Its own call (errors name downloadDocument), within what is left of this call's deadline.
        const rest = { ...o, deadlineMs: call.deadlineAt - cfg.timers.now(), maxRetries: call.maxRetries }
        const { bytes, contentType } = await start('downloadDocument', rest).run(link)
        return { document, bytes, contentType }
      },
    },
    appointments: {
      get: async (n, stop, o) => get('getAppointmentRequirement', stopOf('getAppointmentRequirement', n, stop), readAppointment, o),
      put: async (n, stop, body, o) => {
        const op = 'putAppointmentRequirement'
        const path = stopOf(op, n, stop)
        const v = validateAppointmentRequirement(body)
        check(op, v._tag === 'Left' ? { _tag: 'Left', left: validationProblem(v.left) } : v)
        const query = o?.confirmChangeAfterAcceptance === undefined ? '' : `?confirmChangeAfterAcceptance=${String(o.confirmChangeAfterAcceptance)}`
        const headers = o?.changeReason === undefined ? {} : { [HEADER_KEY.changeReason]: o.changeReason }
        return start(op, o).run(json(op, 'PUT', path + query, readAppointment, { body: JSON.stringify(body), headers }))
      },
      uploadDocument: async (n, stop, t, file, meta, o) => {
        const op = 'uploadAppointmentDocument'
        const path = apptDoc(op, n, stop, t)
        let blob: Blob
        if (typeof file === 'string') {
          if (cfg.readFile === undefined) {
            const v = violationAt(['file'], null, 'type', 'a path needs the readFile option (the shipper-rules-client/node entry sets it); pass a Blob or a Uint8Array')
            throw new RequestInvalidError(validationProblem([v]), { operation: op, requestId: null, attempts: 0 })
          }
          blob = new Blob([(await cfg.readFile(file)) as Uint8Array<ArrayBuffer>], { type: meta.contentType })
        } else {
          blob = file instanceof Uint8Array ? new Blob([file as Uint8Array<ArrayBuffer>], { type: meta.contentType }) : file
        }
        check(op, checkAppointmentUpload({ documentType: t, contentType: meta.contentType, sizeBytes: blob.size, filename: meta.filename }))
        const form = new FormData()
        form.append('file', blob.type === meta.contentType ? blob : new Blob([blob], { type: meta.contentType }), meta.filename)
        return start(op, o).run(json(op, 'POST', path, withCodec(AppointmentDocumentResponse), { body: form }))
      },
      deleteDocument: async (n, stop, t, o) => {
        const op = 'deleteAppointmentDocument'
        const path = apptDoc(op, n, stop, t)
        return start(op, o).run<void>({ ...json<void>(op, 'DELETE', path, () => right(undefined)), read: 'none' })
      },
      pdf: async (n, stop, o) => {
        const op = 'getAppointmentPdf'
        const path = `${stopOf(op, n, stop)}/pdf`
        const req: Req<{ bytes: Uint8Array; contentType: string }> = {
          ...json(op, 'GET', path, (bytes, contentType) => right({ bytes: bytes as Uint8Array, contentType })),
          accept: 'application/pdf',
          read: 'bytes',
        }
        return start(op, o).run(req)
      },
    },

    waitForStatus: async (n, target, o = {}) => {
      check('getTracking', parseOrderNumber(n))
      const { timers } = cfg
      const until = timers.now() + (o.timeoutMs ?? 600_000)
      let interval = o.intervalMs ?? 2_000
      const maxInterval = o.maxIntervalMs ?? 30_000
      let polls = 0
      const ctx = (): { operation: OperationId; requestId: null; attempts: number } => ({ operation: 'getTracking', requestId: null, attempts: polls })
      for (;;) {
        polls += 1
        // Each poll is a whole tracking.get with its own deadline (the last one starts at the wait's
        // deadline, so a wait never ends without having looked at the deadline itself).
        const t = await client.tracking.get(n, { deadlineMs: cfg.deadlineMs, ...(o.signal === undefined ? {} : { signal: o.signal }) })
        const status = t.orderStatus
        if (typeof target === 'function' ? target(t) : status === target) return t
        // A predicate cannot be asked whether it could still hold: a terminal state ends the wait.
        if (status !== null && (typeof target === 'function' ? LIFECYCLE[status].terminal : !canReach(status, target))) {
          throw new StatusUnreachableError(status, typeof target === 'function' ? 'the awaited condition' : target, ctx())
        }
        const left = until - timers.now()
        if (left <= 0) throw new TimeoutError('deadline', ctx())
        // The next poll is at the next interval, or at the deadline when that comes first: one last look.
        await sleep(timers, Math.min(interval, left), o.signal, () => new AbortedError(ctx(), o.signal?.reason))
        interval = Math.min(maxInterval, interval * 1.5)
      }
    },

    tender: async (body, o) => {
      const { reference, idempotencyKey: _key, ...call } = o
      let quote = null
      try {
        quote = await client.quotes.byReference(reference, call)
      } catch (e) {
        if (!(isShipperError(e) && e.kind === 'problem' && e.status === 404 && e.reason === 'quote_not_found')) throw e
      }
      const quotedPriceInCents = quote === null ? null : (await client.quotes.get(quote.quoteId, call)).quotedPriceInCents
      const { quoteId: _drop, ...rest } = body
      const basis = quote?.matchable === true ? 'quote' : 'repriced'
      const shipment = await client.shipments.create(basis === 'quote' && quote !== null ? { ...rest, quoteId: quote.quoteId } : rest, o)
      return {
        shipment,
        basis,
        quote,
        quotedPriceInCents,
        priceDifferenceInCents: quotedPriceInCents === null ? null : shipment.totalPriceInCents - quotedPriceInCents,
      } satisfies TenderResult
    },
  }
  return client
}
