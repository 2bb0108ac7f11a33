// What every route plugin is given: the store, the secrets, the tariff, the company clocks, and
// the per-request steps every handler starts with (credentials, ownership). Two kinds of caller:
// a company (both credentials of the spec: a bearer token and an API key), for the API and the
// company controls; the operator (the operator token), for the controls that create companies
// and issue keys. Failed authentications are counted per client address and answered 429 past
// the limit.
import { randomUUID } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { authorize, isLeft, problemFor, type EndpointKind, type ProblemDetail } from 'shipper-rules'
import { isOperatorToken, readCredentials, type Caller, type Secrets } from './auth.js'
import type { Clocks } from './clock.js'
import type { Store } from './db/store.js'
import type { Tariff } from './tariff.js'

/** Counts a failed authentication of a request's client address: whether the address is now over its limit, and for how long. */
export type FailureCounter = (request: FastifyRequest) => Promise<{ readonly exceeded: boolean; readonly retryAfterSeconds: number }>

export interface Context {
  readonly store: Store
  readonly secrets: Secrets
  readonly tariff: Tariff
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

/** Whether a parsed JSON body is an object (not an array or null): what every control's body must be. */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The realm and scope of every bearer challenge (RFC 6750 §3). */
const CHALLENGE = 'Bearer realm="shipper-rules-sandbox", scope="shipper"'

/** The response header naming a request: the client's own id when it sent an acceptable one, else the sandbox's. */
export const REQUEST_ID_HEADER = 'x-request-id'

/** A request id the sandbox accepts from a client: 1 to 128 URL-safe characters (RFC 3986 unreserved), nothing a log or a header could be confused by. */
const REQUEST_ID = /^[A-Za-z0-9._~-]{1,128}$/

/**
 * The id of a request: the client's `X-Request-Id` when it is 1 to 128 characters of A-Z a-z 0-9
 * . _ ~ -, else a new UUID (a header sent twice arrives joined by a comma, so it is replaced too).
 * @example
 * requestIdOf('order-4711.retry~2') //=> 'order-4711.retry~2'
 */
export const requestIdOf = (sent: unknown): string => (typeof sent === 'string' && sent.length <= 128 && REQUEST_ID.test(sent) ? sent : randomUUID())

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

export interface Authenticated extends Caller {
  readonly companyId: string
}

const MAX_BLOCKED = 10_000

/** The 429 of an address past its limit of failed authentications, with the seconds left. */
const tooMany = (reply: FastifyReply, retryAfterSeconds: number): void => {
  sendProblem(reply.header('retry-after', String(retryAfterSeconds)), problemFor('too_many_requests', 'Too many failed authentications from this address; retry later.'))
}

/** The 429 of an address over its limit, if it is; forgets addresses whose time has passed. */
const blockedProblem = (ctx: Context, request: FastifyRequest, reply: FastifyReply): boolean => {
  const until = ctx.blocked.get(request.ip)
  if (until === undefined) return false
  const left = until - Date.now()
  if (left <= 0) {
    ctx.blocked.delete(request.ip)
    return false
  }
  tooMany(reply, Math.ceil(left / 1000))
  return true
}

/** Answers a failed authentication: the problem, or a 429 once the address passed its limit. */
const failed = async (ctx: Context, request: FastifyRequest, reply: FastifyReply, problem: ProblemDetail): Promise<undefined> => {
  const counted = ctx.failures === undefined ? undefined : await ctx.failures(request)
  if (counted?.exceeded === true) {
    if (ctx.blocked.size >= MAX_BLOCKED) ctx.blocked.delete(ctx.blocked.keys().next().value as string)
    ctx.blocked.set(request.ip, Date.now() + counted.retryAfterSeconds * 1000)
    tooMany(reply, counted.retryAfterSeconds)
    return undefined
  }
  sendProblem(reply, problem)
  return undefined
}

/** Both credentials, judged by `authorize` (AUTH-01…04): the caller and its company, or the 401/403 (or 429) already sent. */
export const authenticate = async (ctx: Context, request: FastifyRequest, reply: FastifyReply): Promise<Authenticated | undefined> => {
  if (blockedProblem(ctx, request, reply)) return undefined
  const caller = await readCredentials(ctx.store, ctx.secrets, request.headers)
  const decision = authorize(caller.credentials)
  if (isLeft(decision)) return failed(ctx, request, reply, decision.left)
  return { ...caller, companyId: decision.right.companyId }
}

/** The operator token (`Authorization: Bearer <operator token>`), compared in constant time: true, or the 401 (or 429) already sent. */
export const authenticateOperator = async (ctx: Context, request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
  if (blockedProblem(ctx, request, reply)) return false
  if (isOperatorToken(ctx.operatorTokenHash, request.headers['authorization'])) return true
  await failed(ctx, request, reply, problemFor('unauthorized', 'Operator controls need the operator token: Authorization: Bearer <operator token> (printed by the sandbox at start, or set with --operator-token).'))
  return false
}

/** Whether the caller may touch a resource of `companyId` (403, or 404 order_not_found on appointment endpoints). */
export const ownership = (caller: Authenticated, companyId: string, endpoint: EndpointKind = 'other'): ProblemDetail | undefined => {
  const decision = authorize(caller.credentials, { companyId }, endpoint)
  return isLeft(decision) ? decision.left : undefined
}

export const notFound = (reason: 'shipment_not_found' | 'quote_not_found' | 'document_not_found' | 'not_found', detail?: string): ProblemDetail => problemFor(reason, detail)
