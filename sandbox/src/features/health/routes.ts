// Health probes for operators and orchestrators: `GET /healthz` (the process answers; no database
// call) and `GET /readyz` (the database answers a trivial query within a short bound). Neither
// needs credentials nor counts against any limit; both answer HEAD too (Fastify's HEAD routes).
// Their request lines are logged at debug, not info (server.ts), since they are polled.
import type { FastifyInstance } from 'fastify'
import { HEADER_KEY, problemFor } from 'shipper-rules'
import { access } from '../../http/access.js'
import { sendProblem, type Context } from '../../http/context.js'
import { DEFAULT_READY_TIMEOUT_MS, RETRY_AFTER_SECONDS } from './limits.js'


/** The paths of the probes: their request lines are logged at debug (server.ts). */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz'])


/**
 * Whether `work` resolves within `ms`: not when it rejects or takes longer (the race has handled
 * its late rejection, if any). The timer is cleared either way, so a hung query holds nothing but itself.
 */
const settlesWithin = async (work: Promise<unknown>, ms: number): Promise<{ readonly ok: true } | { readonly ok: false; readonly error: unknown }> => {
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  try {
    await Promise.race([work, timedOut])
    return { ok: true }
  } catch (error) {
    return { ok: false, error }
  } finally {
    clearTimeout(timer)
  }
}

export const healthRoutes = (ctx: Context, options: { readonly readyTimeoutMs?: number } = {}) => async (app: FastifyInstance) => {
  const timeoutMs = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS
  // one database probe at a time: polls arriving while one is out share its verdict, so a hung
  // database never piles up queries behind a busy poller
  let inFlight: ReturnType<typeof settlesWithin> | undefined
  const probe = (): ReturnType<typeof settlesWithin> => {
    inFlight ??= settlesWithin(ctx.store.query('SELECT 1 AS ready'), timeoutMs).finally(() => {
      inFlight = undefined
    })
    return inFlight
  }

  app.get('/healthz', access('public'), async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }))

  app.get('/readyz', access('public'), async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const outcome = await probe()
    if (outcome.ok) return reply.send({ status: 'ready' })
    request.log.warn({ err: outcome.error }, 'readiness: the database did not answer')
    return sendProblem(reply.header(HEADER_KEY.retryAfter, String(RETRY_AFTER_SECONDS)), problemFor('internal_error', `The database did not answer within ${timeoutMs / 1000} s; retry in a few seconds.`))
  })
}
