// What every route plugin is given (the store, the secrets, the tariff, the company clocks) and
// how every answer is made: the request id, and the ProblemDetail of every error. Who may call a
// route is the access hook's (access.ts).
import { randomUUID } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { HEADER_KEY, REQUEST_ID_FORMAT, type ProblemDetail, type RulesConfig } from 'shipper-rules'
import type { Secrets } from '../auth/credentials.js'
import type { Clocks } from '../clock/clock.js'
import type { Store } from '../db/store.js'
import type { Tariff } from '../pricing/tariff.js'

/** Counts a failed authentication of a request's client address: whether the address is now over its limit, and for how long. */
export type FailureCounter = (request: FastifyRequest) => Promise<{ readonly exceeded: boolean; readonly retryAfterSeconds: number }>

export interface Context {
  readonly store: Store
  readonly secrets: Secrets
  readonly tariff: Tariff
  /** The rules configuration the sandbox keeps and declares (--rules-config; default the library's defaultConfig): every library call that takes a config gets it. */
  readonly config: RulesConfig
  readonly clocks: Clocks
  /** The SHA-256 of the operator token (never the token itself). */
  readonly operatorTokenHash: Buffer
  /** The base of every link the sandbox gives out (download links): configured, never taken from the request's Host. */
  readonly publicUrl: string
  /** Set once the rate-limit plugin is registered. */
  failures?: FailureCounter
  /** Client addresses over their limit of failed authentications, until when (ms since the epoch). */
  readonly blocked: Map<string, number>
}

/** The largest JSON body the server accepts unless configured otherwise (ServerOptions.bodyLimit), bytes: 413 above. */
export const DEFAULT_BODY_LIMIT_BYTES = 1_048_576

/** Whether a parsed JSON body is an object (not an array or null): what every control's body must be. */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The realm and scope of every bearer challenge (RFC 6750 §3). */
export const CHALLENGE = 'Bearer realm="shipper-rules-sandbox", scope="shipper"'

/** The response header naming a request: the client's own id when it sent an acceptable one, else the sandbox's. */
export const REQUEST_ID_HEADER = HEADER_KEY.requestId

/** A request id the sandbox accepts from a client: the library's REQUEST_ID_FORMAT (1 to 128 URL-safe characters, RFC 3986 unreserved), nothing a log or a header could be confused by. */
const REQUEST_ID = new RegExp(REQUEST_ID_FORMAT.pattern)

/**
 * The id of a request: the client's `X-Request-Id` when it is 1 to 128 characters of A-Z a-z 0-9
 * . _ ~ -, else a new UUID (a header sent twice arrives joined by a comma, so it is replaced too).
 * @example
 * requestIdOf('order-4711.retry~2') //=> 'order-4711.retry~2'
 */
export const requestIdOf = (sent: unknown): string => (typeof sent === 'string' && sent.length <= REQUEST_ID_FORMAT.maxLength && REQUEST_ID.test(sent) ? sent : randomUUID())

/** The ProblemDetail `instance` (RFC 9457) naming a request by its id. */
export const instanceOf = (requestId: string): string => `urn:request-id:${requestId}`

/**
 * Every error body is the library's ProblemDetail, served as application/problem+json, with the
 * request id as its `instance` and in the X-Request-Id header; every 401 carries a bearer challenge.
 */
export const sendProblem = (reply: FastifyReply, problem: ProblemDetail): FastifyReply => {
  if (problem.status === 401 && !reply.hasHeader('www-authenticate')) reply.header('www-authenticate', CHALLENGE)
  const id = String(reply.request.id)
  return reply.header(REQUEST_ID_HEADER, id).code(problem.status).type('application/problem+json').send({ ...problem, instance: instanceOf(id) })
}

/** A ProblemDetail thrown out of a transaction so that nothing it wrote is kept. */
export class ProblemError extends Error {
  constructor(readonly problem: ProblemDetail) {
    super(problem.detail)
  }
}
