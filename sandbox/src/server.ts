// The sandbox server: Fastify with JSON logging (pino), the spec's endpoints, the sandbox
// controls and the OpenAPI document. No framework default body ever escapes: unknown routes,
// malformed JSON, wrong content types, oversized bodies and crashes all answer a ProblemDetail.
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify'
import { isLeft, problemFor } from 'shipper-rules'
import { openApiDocument } from 'shipper-rules/openapi'
import { loadSecrets } from './auth.js'
import { sendProblem, type Context } from './context.js'
import { isDatabaseUnavailable, type Store } from './db/store.js'
import { addressRoutes } from './routes/addresses.js'
import { appointmentRoutes } from './routes/appointments.js'
import { controlRoutes } from './routes/controls.js'
import { documentRoutes } from './routes/documents.js'
import { keyRoutes } from './routes/keys.js'
import { quoteRoutes } from './routes/quotes.js'
import { shipmentRoutes } from './routes/shipments.js'
import { trackingRoutes } from './routes/tracking.js'
import { DEFAULT_TARIFF, type Tariff } from './tariff.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as sent: Idempotency-Key replays compare it with the stored one (CRT-10). */
    rawBody?: string
  }
}

export interface ServerOptions {
  readonly store: Store
  readonly tariff?: Tariff
  /** pino logging (JSON lines on standard output); off in tests. */
  readonly logger?: boolean
  /** The largest JSON body accepted, bytes (413 above). */
  readonly bodyLimit?: number
}

export const buildServer = async (options: ServerOptions): Promise<FastifyInstance> => {
  const ctx: Context = { store: options.store, secrets: await loadSecrets(options.store), tariff: options.tariff ?? DEFAULT_TARIFF }
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: options.bodyLimit ?? 1_048_576, return503OnClosing: false })

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
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendProblem(reply, problemFor('file_too_large', `The request body is larger than ${options.bodyLimit ?? 1_048_576} bytes.`))
    if (status >= 400 && status < 500) return sendProblem(reply, problemFor('bad_request', 'The request could not be read.'))
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable')
      return sendProblem(reply.header('retry-after', '5'), problemFor('internal_error', 'The database is unavailable; retry in a few seconds.'))
    }
    request.log.error({ err: error }, 'unhandled error')
    return sendProblem(reply, problemFor('internal_error'))
  })

  const document = openApiDocument()
  app.get('/api-docs/shipper-v1', async (_request, reply) => (isLeft(document) ? sendProblem(reply, problemFor('internal_error', 'The OpenAPI document cannot be generated.')) : reply.send(document.right)))

  await app.register(quoteRoutes(ctx))
  await app.register(shipmentRoutes(ctx))
  await app.register(trackingRoutes(ctx))
  await app.register(documentRoutes(ctx))
  await app.register(appointmentRoutes(ctx))
  await app.register(addressRoutes(ctx))
  await app.register(controlRoutes(ctx))
  await app.register(keyRoutes(ctx))
  return app
}
