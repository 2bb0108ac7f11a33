// What every route plugin is given: the store, the secrets, the tariff, and the per-request
// steps every handler of the spec starts with (credentials, ownership, the sandbox clock).
import type { FastifyReply, FastifyRequest } from 'fastify'
import { authorize, isLeft, problemFor, type EndpointKind, type ProblemDetail } from 'shipper-rules'
import { readCredentials, type Caller, type Secrets } from './auth.js'
import type { Store } from './db/store.js'
import type { Tariff } from './tariff.js'

export interface Context {
  readonly store: Store
  readonly secrets: Secrets
  readonly tariff: Tariff
}

/** Every error body is the library's ProblemDetail, served as application/problem+json. */
export const sendProblem = (reply: FastifyReply, problem: ProblemDetail): FastifyReply =>
  reply.code(problem.status).type('application/problem+json').send(problem)

/** A ProblemDetail thrown out of a transaction so that nothing it wrote is kept. */
export class ProblemError extends Error {
  constructor(readonly problem: ProblemDetail) {
    super(problem.detail)
  }
}

export interface Authenticated extends Caller {
  readonly companyId: string
}

/** Both credentials, judged by `authorize` (AUTH-01…04): the caller and its company, or the 401/403 already sent. */
export const authenticate = async (ctx: Context, request: FastifyRequest, reply: FastifyReply): Promise<Authenticated | undefined> => {
  const caller = await readCredentials(ctx.store, ctx.secrets, request.headers)
  const decision = authorize(caller.credentials)
  if (isLeft(decision)) {
    sendProblem(reply, decision.left)
    return undefined
  }
  return { ...caller, companyId: decision.right.companyId }
}

/** Whether the caller may touch a resource of `companyId` (403, or 404 order_not_found on appointment endpoints). */
export const ownership = (caller: Authenticated, companyId: string, endpoint: EndpointKind = 'other'): ProblemDetail | undefined => {
  const decision = authorize(caller.credentials, { companyId }, endpoint)
  return isLeft(decision) ? decision.left : undefined
}

export const notFound = (reason: 'shipment_not_found' | 'quote_not_found' | 'document_not_found' | 'not_found', detail?: string): ProblemDetail => problemFor(reason, detail)
