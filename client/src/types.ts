/**
 * The client's public types: options, per-call options, the client's shape and what its helpers
 * return.
 *
 * @module
 */
import type {
  AppointmentDocumentResponse,
  AppointmentRequirementRequest,
  CreateShipmentRequest,
  DocumentResponse,
  InvoiceResponse,
  MergedAppointment,
  OrderStatusName,
  QuoteByReferenceResponse,
  QuoteRequest,
  QuoteResponse,
  Shipment,
  Tracking,
} from 'shipper-rules'
import type { ShipperError } from './errors.js'
import type { OperationId } from './operations.js'

/**
 * A quote request as sent on the wire (the output type of the library's `QuoteRequest` codec), so
 * an object literal compiles.
 *
 * @category model
 * @since 0.1.0
 */
export type QuoteRequestInput = (typeof QuoteRequest)['_O']

/**
 * A shipment create body as sent on the wire (output type of `CreateShipmentRequest`).
 *
 * @category model
 * @since 0.1.0
 */
export type CreateShipmentInput = (typeof CreateShipmentRequest)['_O']

/**
 * An appointment requirement as sent on the wire (output type of `AppointmentRequirementRequest`).
 *
 * @category model
 * @since 0.1.0
 */
export type AppointmentRequirementInput = (typeof AppointmentRequirementRequest)['_O']

/**
 * An appointment requirement as the client reads it: the library's `readAppointmentResponse`
 * value, whichever placement of `appointmentRequired` the server used.
 *
 * @category model
 * @since 0.1.0
 */
export type AppointmentResponse = MergedAppointment

/**
 * A stop of a shipment.
 *
 * @category model
 * @since 0.1.0
 */
export type Stop = 'PICKUP' | 'DELIVERY'

/**
 * A shipment document type (DOC-01).
 *
 * @category model
 * @since 0.1.0
 */
export type ShipmentDocumentType = 'BILL_OF_LADING' | 'INVOICE' | 'SHIPPING_LABEL' | 'POD'

/**
 * An appointment document type.
 *
 * @category model
 * @since 0.1.0
 */
export type AppointmentDocumentType = 'PACKING_SLIP' | 'CUSTOMER_BOL' | 'APPOINTMENT_DOCUMENT'

/**
 * The clock the client waits with. Tests pass a virtual one; the default is the platform's
 * `Date.now`, `setTimeout` and `clearTimeout`.
 *
 * @category options
 * @since 0.1.0
 */
export interface Timers {
  now(): number
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/**
 * What `onAttempt` hears after each HTTP attempt.
 *
 * @category options
 * @since 0.1.0
 */
export interface AttemptEvent {
  /** The OpenAPI operationId of the attempt's request. */
  readonly operation: OperationId
  /** 1-based, counted over the whole call (a reconcile GET is an attempt of the confirm or cancel call). */
  readonly attempt: number
  /** The X-Request-Id sent. */
  readonly requestId: string
  /** What the client does next: resolve, wait and retry, wait and read the resource back, or throw. */
  readonly outcome: 'success' | 'retry' | 'reconcile' | 'fail'
  /** The HTTP status, when there was an answer. */
  readonly status?: number
  readonly error?: ShipperError
  /** The wait before the next attempt, for 'retry' and 'reconcile'. */
  readonly delayMs?: number
}

/**
 * The client's configuration.
 *
 * @category options
 * @since 0.1.0
 */
export interface ClientOptions {
  /** Where the API is: `http://127.0.0.1:8080` serves `/v1/shipper/...`. Credentials go to this origin only. */
  readonly baseUrl: string
  /** The bearer token, sent as `Bearer <token>` in the header the library names `HEADER.authorization` (shipper-rules). */
  readonly token: string
  /** The service API key, sent in the header the library names `HEADER.apiKey` (shipper-rules). */
  readonly apiKey: string
  /** The fetch to call; default the platform's `globalThis.fetch`, looked up at each call. */
  readonly fetch?: typeof globalThis.fetch
  /** Each attempt's time limit, the body read included; default 30,000 ms. */
  readonly timeoutMs?: number
  /** The whole call's time limit, retries and waits included; default 120,000 ms. */
  readonly deadlineMs?: number
  /** Retries after the first attempt; default 3. */
  readonly maxRetries?: number
  /** Backoff base; default 500 ms. */
  readonly retryBaseMs?: number
  /** Backoff cap; default 20,000 ms. */
  readonly retryCapMs?: number
  /** Check requests with the library's validators before sending; default true. */
  readonly validate?: boolean
  /** Appended to the User-Agent: `shipper-rules-client/0.1.0 <userAgent>`. Not sent from a browser, which sets its own. */
  readonly userAgent?: string
  /** Reads an upload given as a path; the `shipper-rules-client/node` entry sets it to `fs.readFile`. */
  readonly readFile?: (path: string) => Promise<Uint8Array>
  /** The clock; default the platform's. */
  readonly timers?: Timers
  /** The jitter source in [0, 1); default `Math.random`. */
  readonly random?: () => number
  /** Called after each attempt (logging, metrics). An exception it throws is ignored. */
  readonly onAttempt?: (event: AttemptEvent) => void
}

/**
 * Per-call options; each overrides the client's own for this call.
 *
 * @category options
 * @since 0.1.0
 */
export interface CallOptions {
  /** Aborts the call at once (the attempt in flight and any wait): AbortedError. */
  readonly signal?: AbortSignal
  readonly timeoutMs?: number
  readonly deadlineMs?: number
  readonly maxRetries?: number
  /** The base X-Request-Id (letters, digits, `._~-`, at most 64): attempt n ≥ 2 sends `<base>.<n>`. Default a random UUID per call. */
  readonly requestId?: string
}

/**
 * Options of shipments.create.
 *
 * @category options
 * @since 0.1.0
 */
export interface CreateOptions extends CallOptions {
  /** The intent's Idempotency-Key; default a random UUID made once per call. Pass the one from an error to resume. */
  readonly idempotencyKey?: string
}

/**
 * Options of tracking.get.
 *
 * @category options
 * @since 0.1.0
 */
export interface TrackingOptions extends CallOptions {
  /** Ask for the estimated location (`include=location`). */
  readonly location?: boolean
}

/**
 * Options of appointments.put.
 *
 * @category options
 * @since 0.1.0
 */
export interface AppointmentPutOptions extends CallOptions {
  /** Override the lock after carrier acceptance; needs `changeReason`. */
  readonly confirmChangeAfterAcceptance?: boolean
  /** Sent as X-Service-Change-Reason. */
  readonly changeReason?: string
}

/**
 * Options of waitForStatus.
 *
 * @category options
 * @since 0.1.0
 */
export interface WaitOptions {
  /** First wait between polls; default 2,000 ms, growing ×1.5. */
  readonly intervalMs?: number
  /** Longest wait between polls; default 30,000 ms. */
  readonly maxIntervalMs?: number
  /** Give up after this long (TimeoutError); default 10 minutes. */
  readonly timeoutMs?: number
  readonly signal?: AbortSignal
}

/**
 * Options of tender: create's options and the customer reference the quote was requested under.
 *
 * @category options
 * @since 0.1.0
 */
export interface TenderOptions extends CreateOptions {
  /** The QuoteRequest's `customerReference` to look the newest quote up by. */
  readonly reference: string
}

/**
 * A document and its bytes, fetched from its pre-signed link without credentials.
 *
 * @category model
 * @since 0.1.0
 */
export interface DownloadedDocument {
  readonly document: DocumentResponse
  readonly bytes: Uint8Array
  readonly contentType: string
}

/**
 * A binary answer (the appointment PDF).
 *
 * @category model
 * @since 0.1.0
 */
export interface BinaryResponse {
  readonly bytes: Uint8Array
  readonly contentType: string
}

/**
 * What tender did.
 *
 * @category model
 * @since 0.1.0
 */
export interface TenderResult {
  readonly shipment: Shipment
  /** 'quote': booked on the newest quote; 'repriced': booked without one (the server priced it). */
  readonly basis: 'quote' | 'repriced'
  /** What by-reference answered (null on 404 quote_not_found). */
  readonly quote: QuoteByReferenceResponse | null
  /** That quote's price (quotes.get), null without one. */
  readonly quotedPriceInCents: number | null
  /** shipment.totalPriceInCents − quotedPriceInCents, null without a quote price. */
  readonly priceDifferenceInCents: number | null
}

/**
 * The client: one method per endpoint, grouped by resource, and two helpers.
 *
 * @category client
 * @since 0.1.0
 */
export interface ShipperClient {
  readonly quotes: {
    /** POST /quote. */
    create(body: QuoteRequestInput, options?: CallOptions): Promise<QuoteResponse>
    /** GET /quote/{quoteId}. */
    get(quoteId: string, options?: CallOptions): Promise<QuoteResponse>
    /** GET /quotes/by-reference?reference=… : the newest quote under a customer reference. */
    byReference(reference: string, options?: CallOptions): Promise<QuoteByReferenceResponse>
  }
  readonly shipments: {
    /** POST /shipment with an Idempotency-Key kept across retries: one shipment per call. */
    create(body: CreateShipmentInput, options?: CreateOptions): Promise<Shipment>
    /** GET /shipment/{orderNumber}. */
    get(orderNumber: string, options?: CallOptions): Promise<Shipment>
    /** PUT /shipment/{orderNumber}/confirm, reconciled by reading the shipment after an ambiguous failure. */
    confirm(orderNumber: string, options?: CallOptions): Promise<Shipment>
    /** PUT /shipment/{orderNumber}/cancel, reconciled the same way. */
    cancel(orderNumber: string, options?: CallOptions): Promise<Shipment>
  }
  readonly tracking: {
    /** GET /shipment/{orderNumber}/tracking (with `include=location` when asked). */
    get(orderNumber: string, options?: TrackingOptions): Promise<Tracking>
  }
  readonly invoices: {
    /** GET /shipment/{orderNumber}/invoice. */
    get(orderNumber: string, options?: CallOptions): Promise<InvoiceResponse>
  }
  readonly documents: {
    /** GET /shipment/{orderNumber}/document/{documentType}: the link. */
    get(orderNumber: string, documentType: ShipmentDocumentType, options?: CallOptions): Promise<DocumentResponse>
    /** The link, then its bytes (GET without credentials: the link is its own credential). */
    download(orderNumber: string, documentType: ShipmentDocumentType, options?: CallOptions): Promise<DownloadedDocument>
  }
  readonly appointments: {
    /** GET /shipment/{orderNumber}/appointment/{stop}. */
    get(orderNumber: string, stop: Stop, options?: CallOptions): Promise<AppointmentResponse>
    /** PUT /shipment/{orderNumber}/appointment/{stop}. */
    put(orderNumber: string, stop: Stop, body: AppointmentRequirementInput, options?: AppointmentPutOptions): Promise<AppointmentResponse>
    /** POST …/appointment/{stop}/document/{documentType}, multipart part `file`. A string is a path (needs `readFile`). */
    uploadDocument(
      orderNumber: string,
      stop: Stop,
      documentType: AppointmentDocumentType,
      file: Blob | Uint8Array | string,
      meta: { readonly filename: string; readonly contentType: string },
      options?: CallOptions,
    ): Promise<AppointmentDocumentResponse>
    /** DELETE …/appointment/{stop}/document/{documentType}. */
    deleteDocument(orderNumber: string, stop: Stop, documentType: AppointmentDocumentType, options?: CallOptions): Promise<void>
    /** GET …/appointment/{stop}/pdf: the cover sheet's bytes. */
    pdf(orderNumber: string, stop: Stop, options?: CallOptions): Promise<BinaryResponse>
  }
  /** Polls tracking (no location) until the status is reached or the predicate holds. */
  waitForStatus(orderNumber: string, target: OrderStatusName | ((tracking: Tracking) => boolean), options?: WaitOptions): Promise<Tracking>
  /** Books on the newest quote under `options.reference` when it is matchable, else without one. */
  tender(body: CreateShipmentInput, options: TenderOptions): Promise<TenderResult>
}
