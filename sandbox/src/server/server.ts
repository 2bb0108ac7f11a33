// The sandbox server: Fastify with JSON logging (pino), the spec's endpoints, the sandbox
// controls and the OpenAPI document. No framework default body ever escapes: unknown routes, bad
// URLs, oversized path parameters and headers, malformed HTTP, slow requests, malformed JSON,
// wrong content types, oversized bodies and crashes all answer a ProblemDetail.
import { randomUUID } from 'node:crypto'
import { createServer, STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { defaultConfig, HEADER, HEADER_KEY, problemFor, type ProblemDetail, type RulesConfig } from 'shipper-rules'
import { loadSecrets, newOperatorToken, operatorTokenHash } from '../auth/credentials.js'
import { Clocks } from '../clock/clock.js'
import { isDatabaseUnavailable, type Store } from '../db/store.js'
import { drainOversizedJson } from '../http/drain.js'
import { addressRoutes } from '../features/addresses/routes.js'
import { appointmentRoutes } from '../features/appointments/routes.js'
import { keyRoutes } from '../features/controls/keys.js'
import { DEFAULT_REQUEST_LOG_LIMIT, installCapture, RequestLog } from '../features/console/capture.js'
import { consoleRoutes } from '../features/console/routes.js'
import { controlRoutes } from '../features/controls/routes.js'
import { docsRoutes } from '../features/docs/routes.js'
import { documentRoutes } from '../features/documents/routes.js'
import { healthRoutes, PROBE_PATHS } from '../features/health/routes.js'
import { operatorRoutes } from '../features/operator/routes.js'
import { shipmentRoutes } from '../features/orders/routes.js'
import { quoteRoutes } from '../features/quotes/routes.js'
import { QuoteCache } from '../shared/quotes.js'
import { trackingRoutes } from '../features/tracking/routes.js'
import { installAccess } from '../http/access.js'
import { DEFAULT_BODY_LIMIT_BYTES, instanceOf, REQUEST_ID_HEADER, requestIdOf, sendProblem, type Context } from '../http/context.js'
import type { UploadOptions } from '../pdf/conversions.js'
import { DEFAULT_TARIFF, type Tariff } from '../pricing/tariff.js'
import { sandboxOpenApiDocument } from './sandboxDocument.js'
import { idleCompaction } from './idleCompaction.js'
import { collectGarbage } from '../runtime/gc.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as sent: Idempotency-Key replays compare it with the stored one (CRT-10). */
    rawBody?: string
  }
}

/** Where log lines go instead of standard output (a test reads them). */
export interface DestinationStream {
  write(line: string): unknown
}

/** Uploads: maxImagePixels (25,000,000), maxImageSide, conversionTimeoutMs, … (conversions.ts). */
export interface ServerOptions extends UploadOptions {
  readonly store: Store
  readonly tariff?: Tariff
  /** The rules configuration the sandbox keeps and declares in its documents (default the library's defaultConfig; main.ts reads --rules-config with readRulesConfig). */
  readonly config?: RulesConfig
  /** pino logging (JSON lines on standard output, or on `stream`); off in tests. Credentials, query strings and request data never reach it. */
  readonly logger?: boolean | { readonly stream: DestinationStream }
  /** The largest JSON body accepted, bytes (413 above). */
  readonly bodyLimit?: number
  /** The operator token (operator controls); a random one when absent (read it back with {@link operatorTokenOf}). */
  readonly operatorToken?: string
  /** The base of the links the sandbox gives out (download links), e.g. https://sandbox.example.com; default the address it listens on. Never the request's Host. */
  readonly publicUrl?: string
  /** Failed authentications allowed per client address and window before 429 (default 20 per 60 s). */
  readonly authFailures?: { readonly max: number; readonly windowMs: number }
  /** HTTP timeouts, ms (see DEFAULT_TIMEOUTS). */
  readonly timeouts?: Partial<Timeouts>
  /** Browser origins allowed to call the sandbox (CORS), each `scheme://host[:port]` as browsers send it; none by default (no CORS header at all). */
  readonly corsOrigins?: ReadonlyArray<string>
  /** How long GET /readyz waits for the database, ms (default 2000). */
  readonly readyTimeoutMs?: number
  /** Entries of the console's request log kept per company (default 1,000); 0 turns the log off (nothing is captured). */
  readonly requestLogLimit?: number
  /**
   * Give memory back when the server goes quiet (idleCompaction.ts): V8's low-memory collection of
   * this thread's heap and of the store's, after QUIET_MS (15 s) without a request, at most every
   * SPACING_MS (60 s), or after the times given. Off by default (tests build many servers); the CLI turns it on.
   */
  readonly idleCompaction?: boolean | { readonly quietMs?: number; readonly spacingMs?: number }
  /** Where the built console is (default sandbox/dist/console); how often its stream polls the database, ms. */
  readonly console?: { readonly dir?: string; readonly streamPollMs?: number }
}

/** What a cross-origin caller may send and read (decisions of issue 25). */
const CORS = {
  methods: ['GET', 'POST', 'PUT', 'DELETE'],
  allowedHeaders: [HEADER.authorization, HEADER.apiKey, 'Content-Type', HEADER.idempotencyKey, HEADER.changeReason, HEADER.requestId],
  exposedHeaders: [HEADER.requestId, HEADER.idempotentReplayed, HEADER.retryAfter, 'Content-Disposition'],
  maxAgeSeconds: 600,
} as const

/**
 * Why a CORS origin option is not one a browser could send (undefined when it is): an http(s)
 * origin serialized as browsers do, `scheme://host[:port]`, lower case, no default port, no path.
 * @example
 * corsOriginProblem('http://localhost:5173') //=> undefined
 */
export const corsOriginProblem = (origin: string): string | undefined => {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return `${JSON.stringify(origin)} is not a URL; an origin is scheme://host[:port], e.g. http://localhost:5173`
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${JSON.stringify(origin)} is not an http or https origin`
  if (url.origin !== origin) return `${JSON.stringify(origin)} is not an origin as browsers send it (scheme://host[:port], lower case, no default port, no path or trailing slash): ${url.origin}?`
  return undefined
}

/** Fastify's request log lines, with the health probes' at debug (operators poll them): everything else as Fastify writes it. */
class SandboxLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (PROBE_PATHS.has(pathOf(request.url))) request.log.debug({ req: request }, 'incoming request')
    else super.incomingRequest(request, reply, metadata)
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if ((error === null || error === undefined) && PROBE_PATHS.has(pathOf(request.url))) reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed')
    else super.requestCompleted(error, request, reply, metadata)
  }
}

export interface Timeouts {
  /** The request line and every header must arrive within this (Node's headersTimeout). */
  readonly headersMs: number
  /** The whole request, body included, must arrive within this: a slow body is cut off with a 408 ProblemDetail (Node's requestTimeout). */
  readonly requestMs: number
  /** An idle keep-alive connection is closed after this. */
  readonly keepAliveMs: number
  /** A connection on which nothing moves (no byte either way) is closed after this. */
  readonly idleMs: number
  /** How often the server checks the header and request timeouts (their resolution). */
  readonly checkEveryMs: number
}

export const DEFAULT_TIMEOUTS: Timeouts = { headersMs: 10_000, requestMs: 60_000, keepAliveMs: 5_000, idleMs: 60_000, checkEveryMs: 1_000 }
export const DEFAULT_AUTH_FAILURES = { max: 20, windowMs: 60_000 } as const

/** The longest path parameter that reaches a handler (the library judges it); longer is 414. */
const MAX_PARAM_LENGTH = 512

/** The seconds a client is told to wait when the database is unavailable. */
const DATABASE_RETRY_AFTER_SECONDS = 5

const operatorTokens = new WeakMap<FastifyInstance, string>()

/** The operator token of a server built without one (generated at build): what the command line prints. */
export const operatorTokenOf = (app: FastifyInstance): string | undefined => operatorTokens.get(app)

/** A path without its query string: what the logs record of a URL (a download link's signature is a credential). */
const pathOf = (url: string | undefined): string => (url ?? '').split('?')[0] ?? ''

/**
 * pino's options: a request is logged as its method, path (no query string), and request id; an
 * error as its type, message, code and stack only (never a driver's copy of the query parameters
 * or of the request); credentials headers are never serialized.
 */
const loggerOptions = (stream?: DestinationStream) => ({
  level: 'info',
  ...(stream !== undefined ? { stream } : {}),
  serializers: {
    req: (req: { method?: string; url?: string; id?: string }) => ({ method: req.method ?? '', path: pathOf(req.url), id: req.id ?? '' }),
    res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode ?? 0 }),
    err: (err: { type?: string; name?: string; message?: string; code?: unknown; stack?: string }) => ({
      type: err.name ?? err.type ?? 'Error',
      message: typeof err.message === 'string' ? err.message.slice(0, 500) : '',
      code: typeof err.code === 'string' || typeof err.code === 'number' ? String(err.code) : '',
      stack: err.stack ?? '',
    }),
  },
  redact: { paths: ['req.headers', 'req.query', 'req.body', 'body', 'params', 'query', 'headers'], remove: true },
})

/** The ProblemDetail text of an error the HTTP parser answers before Fastify sees a request (written on the socket as is), under a request id of its own. */
const rawProblem = (status: number, problem: ProblemDetail): string => {
  const id = randomUUID()
  const body = JSON.stringify({ ...problem, instance: instanceOf(id) })
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${HEADER.requestId}: ${id}\r\nConnection: close\r\n\r\n${body}`
}

/** The parser's errors (a bad header byte, a header over the limit, a request that took too long), each a ProblemDetail where the socket can still carry one. */
const clientErrorHandler = (error: Error & { code?: string }, socket: Socket): void => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const problem =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? problemFor('request_timeout', 'The request did not arrive in time; it was cut off.')
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? problemFor('request_header_fields_too_large', 'The request headers are larger than the server accepts (16 KiB in all).')
        : error.code === 'HPE_URI_TOO_LONG'
          ? problemFor('uri_too_long', 'The request line is too long.')
          : problemFor('bad_request', 'The request is not valid HTTP (a header name or value with a forbidden character, a malformed request line or body framing).')
  if (socket.writable) socket.write(rawProblem(problem.status, problem))
  socket.destroy()
}

export const buildServer = async (options: ServerOptions): Promise<FastifyInstance> => {
  const corsOrigins = [...new Set(options.corsOrigins ?? [])]
  for (const origin of corsOrigins) {
    const problem = corsOriginProblem(origin)
    if (problem !== undefined) throw new Error(`CORS origin: ${problem}`)
  }
  const timeouts = { ...DEFAULT_TIMEOUTS, ...(options.timeouts ?? {}) }
  const operatorToken = options.operatorToken ?? newOperatorToken()
  let listening = ''
  const ctx: Context = {
    store: options.store,
    secrets: await loadSecrets(options.store),
    tariff: options.tariff ?? DEFAULT_TARIFF,
    config: options.config ?? defaultConfig,
    clocks: new Clocks(),
    operatorTokenHash: operatorTokenHash(operatorToken),
    get publicUrl() {
      return options.publicUrl ?? listening
    },
    blocked: new Map(),
  }
  const app = Fastify({
    logger: options.logger === undefined || options.logger === false ? false : loggerOptions(options.logger === true ? undefined : options.logger.stream),
    // the request id: the client's X-Request-Id when acceptable (context.ts), else a UUID; pino
    // writes it as reqId on every line of the request (Fastify's requestIdHeader would take any value)
    requestIdHeader: false,
    genReqId: (raw) => requestIdOf(raw.headers[REQUEST_ID_HEADER]),
    logController: new SandboxLogController({ requestIdLogLabel: 'reqId' }),
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT_BYTES,
    return503OnClosing: false,
    // a path parameter up to 512 characters reaches the handler (the library judges it); longer is 414
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    serverFactory: (handler) =>
      createServer({ headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs), requestTimeout: timeouts.requestMs, connectionsCheckingInterval: timeouts.checkEveryMs, keepAliveTimeout: timeouts.keepAliveMs }, handler),
    clientErrorHandler,
    frameworkErrors: (error, _request, reply) => {
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendProblem(reply.header('connection', 'close'), problemFor('uri_too_long', `A path parameter is longer than ${MAX_PARAM_LENGTH} characters.`))
      return sendProblem(reply, problemFor('bad_request', 'The URL is not valid (a percent sign not followed by two hexadecimal digits, or an encoded byte sequence that is not UTF-8).'))
    },
  })
  if (options.operatorToken === undefined) operatorTokens.set(app, operatorToken)
  // every answer names its request (the error answers also in the ProblemDetail: sendProblem)
  // (a callback hook, not an async one: no promise and no microtask per request)
  // (and, when idle compaction is on, marks the server busy: see idleCompaction.ts)
  const idle =
    options.idleCompaction === undefined || options.idleCompaction === false
      ? undefined
      : idleCompaction({ ...(options.idleCompaction === true ? {} : options.idleCompaction), compact: async () => (await collectGarbage(), await options.store.compact?.()) })
  if (idle !== undefined) app.addHook('onClose', async () => idle.stop())
  app.addHook('onRequest', (request, reply, done) => {
    idle?.activity()
    reply.header(REQUEST_ID_HEADER, request.id)
    done()
  })
  // CORS only for configured origins: any other origin (or none) gets no Access-Control-* header,
  // and its OPTIONS is the 404 of an unknown route; a preflight of a configured origin is a 204
  if (corsOrigins.length > 0) {
    const allowed = new Set(corsOrigins)
    await app.register(cors, {
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
      methods: [...CORS.methods],
      allowedHeaders: [...CORS.allowedHeaders],
      exposedHeaders: [...CORS.exposedHeaders],
      maxAge: CORS.maxAgeSeconds,
      // an OPTIONS without Access-Control-Request-Method would be a text/plain 400 otherwise
      strictPreflight: false,
    })
  }
  app.addHook('onListen', async () => {
    const address = app.server.address()
    if (address !== null && typeof address === 'object') listening = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
  })

  // failed authentications per client address (@fastify/rate-limit's counter; a 429 past the limit)
  const limits = { ...DEFAULT_AUTH_FAILURES, ...(options.authFailures ?? {}) }
  await app.register(rateLimit, { global: false })
  const check = app.createRateLimit({ max: limits.max, timeWindow: limits.windowMs })
  ctx.failures = async (request) => {
    const r = await check(request)
    return r.isAllowed ? { exceeded: false, retryAfterSeconds: 0 } : { exceeded: r.isExceeded, retryAfterSeconds: Math.max(1, r.ttlInSeconds) }
  }

  // JSON bodies (application/json and any +json type) are kept as text for Idempotency-Key
  // comparison; an empty body is no body, so a PUT without one is judged by the handler.
  app.removeAllContentTypeParsers()
  const parseJson = (request: FastifyRequest, text: string | Buffer, done: (err: Error | null, body?: unknown) => void): void => {
    const raw = typeof text === 'string' ? text : text.toString('utf8')
    request.rawBody = raw
    if (raw.length === 0) return done(null, undefined)
    try {
      done(null, JSON.parse(raw))
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400, code: 'SBX_MALFORMED_JSON' }), undefined)
    }
  }
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJson)
  app.addContentTypeParser(/^application\/[a-z0-9.+-]*\+json$/i, { parseAs: 'string' }, parseJson)

  app.setNotFoundHandler((request, reply) => sendProblem(reply, problemFor('not_found', `No endpoint ${request.method} ${request.url.split('?')[0]}.`)))

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500
    if (error.code === 'SBX_MALFORMED_JSON') return sendProblem(reply, problemFor('bad_request', error.message))
    if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendProblem(reply, problemFor('unsupported_media_type', 'Request bodies must be JSON (Content-Type: application/json).'))
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // the body is still coming: read and drop it (http/drain.ts) so the client reads this answer
      drainOversizedJson(request.raw, reply.raw, (name) => reply.removeHeader(name))
      return sendProblem(reply, problemFor('file_too_large', `The request body is larger than ${options.bodyLimit ?? DEFAULT_BODY_LIMIT_BYTES} bytes.`))
    }
    if (status === 408) return sendProblem(reply.header('connection', 'close'), problemFor('request_timeout', 'The request did not arrive in time; it was cut off.'))
    if (status >= 400 && status < 500) return sendProblem(reply, problemFor('bad_request', 'The request could not be read.'))
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable')
      return sendProblem(reply.header(HEADER_KEY.retryAfter, String(DATABASE_RETRY_AFTER_SECONDS)), problemFor('internal_error', 'The database is unavailable; retry in a few seconds.'))
    }
    request.log.error({ err: error }, 'unhandled error')
    return sendProblem(reply, problemFor('internal_error'))
  })

  // every route from here on declares who may call it (http/access.ts)
  installAccess(app, ctx)
  // the console's request log: captured after the answer, written off the request's path
  const requestLogLimit = options.requestLogLimit ?? DEFAULT_REQUEST_LOG_LIMIT
  if (requestLogLimit > 0) installCapture(app, new RequestLog(options.store, ctx.clocks, requestLogLimit))
  await app.register(docsRoutes(ctx, { publicUrl: options.publicUrl, sandboxDocument: () => sandboxOpenApiDocument(ctx.config) }))

  await app.register(healthRoutes(ctx, options.readyTimeoutMs !== undefined ? { readyTimeoutMs: options.readyTimeoutMs } : {}))
  // the quotes this server stored, for the creates that name them (shared/quotes.ts)
  const quotes = new QuoteCache()
  await app.register(quoteRoutes(ctx, quotes))
  await app.register(shipmentRoutes(ctx, quotes))
  await app.register(trackingRoutes(ctx))
  await app.register(documentRoutes(ctx))
  await app.register(appointmentRoutes(ctx, options))
  await app.register(addressRoutes(ctx))
  await app.register(controlRoutes(ctx))
  await app.register(keyRoutes(ctx))
  await app.register(operatorRoutes(ctx))
  await app.register(consoleRoutes(ctx, { ...(options.console?.dir !== undefined ? { consoleDir: options.console.dir } : {}), ...(options.console?.streamPollMs !== undefined ? { streamPollMs: options.console.streamPollMs } : {}) }))
  return app
}
