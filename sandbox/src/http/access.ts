// Who may call a route, said by the route itself: every route declares `config: { access }`, and
// one hook judges it before the handler runs (after the body is parsed, so a malformed body is
// still its 400 first, as before). Three kinds of caller:
// - `company`: both credentials of the spec (a bearer token and an API key), judged by the
//   library's `authorize` (AUTH-01…04); the handler reads the caller with `callerOf`;
// - `operator`: the operator token (`Authorization: Bearer <operator token>`), for the controls
//   that create companies and issue keys;
// - `public`: anybody (health, the documents, pre-signed downloads).
// A route that declares none is refused when it is registered, so the server does not start.
// Failed authentications are counted per client address and answered 429 past the limit.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { authorize, HEADER, HEADER_KEY, isLeft, problemFor, type EndpointKind, type ProblemDetail } from 'shipper-rules'
import { isOperatorToken, readCredentials, type Caller } from '../auth/credentials.js'
import { sendProblem, type Context } from './context.js'

/** Who may call a route. */
export type Access = 'company' | 'operator' | 'public'

export const ACCESS_KINDS: ReadonlyArray<Access> = ['company', 'operator', 'public']

/** A route's options declaring who may call it: `app.get(path, access('company'), handler)`. */
export const access = (who: Access): { readonly config: { readonly access: Access } } => ({ config: { access: who } })

const isAccess = (v: unknown): v is Access => ACCESS_KINDS.includes(v as Access)

export interface Authenticated extends Caller {
  readonly companyId: string
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (http/access.ts); a route without it is refused at registration. */
    access?: Access
  }
  interface FastifyRequest {
    /** The company caller of a `company` route, set by the access hook. */
    caller?: Authenticated
  }
}

/** A route as registered, with its access. */
export interface RouteAccess {
  readonly method: string
  readonly url: string
  readonly access: Access
}

const declaredRoutes = new WeakMap<FastifyInstance, RouteAccess[]>()

/** Every route registered on a server built with the access hook, with the access it declares. */
export const routeAccessOf = (app: FastifyInstance): ReadonlyArray<RouteAccess> => declaredRoutes.get(app) ?? []

/** The company caller of a `company` route (set by the access hook before the handler runs). */
export const callerOf = (request: FastifyRequest): Authenticated => {
  const caller = request.caller
  if (caller === undefined) throw new Error(`${request.method} ${request.routeOptions.url ?? ''}: no company caller (the route's access is not 'company')`)
  return caller
}

const MAX_BLOCKED = 10_000

/** The 429 of an address past its limit of failed authentications, with the seconds left. */
const tooMany = (reply: FastifyReply, retryAfterSeconds: number): void => {
  sendProblem(reply.header(HEADER_KEY.retryAfter, String(retryAfterSeconds)), problemFor('too_many_requests', 'Too many failed authentications from this address; retry later.'))
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
const authenticate = async (ctx: Context, request: FastifyRequest, reply: FastifyReply): Promise<Authenticated | undefined> => {
  if (blockedProblem(ctx, request, reply)) return undefined
  const caller = await readCredentials(ctx.store, ctx.secrets, request.headers)
  const decision = authorize(caller.credentials)
  if (isLeft(decision)) return failed(ctx, request, reply, decision.left)
  return { ...caller, companyId: decision.right.companyId }
}

/** The operator token (`Authorization: Bearer <operator token>`), compared in constant time: true, or the 401 (or 429) already sent. */
const authenticateOperator = async (ctx: Context, request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
  if (blockedProblem(ctx, request, reply)) return false
  if (isOperatorToken(ctx.operatorTokenHash, request.headers[HEADER_KEY.authorization])) return true
  await failed(ctx, request, reply, problemFor('unauthorized', `Operator controls need the operator token: ${HEADER.authorization}: Bearer <operator token> (printed by the sandbox at start, or set with --operator-token).`))
  return false
}

/**
 * Installs the access hook on a server, before any route is registered: every route registered
 * afterwards must declare `config: { access }` (else its registration throws), and its callers are
 * judged before its handler runs.
 */
export const installAccess = (app: FastifyInstance, ctx: Context): void => {
  const declared: RouteAccess[] = []
  declaredRoutes.set(app, declared)
  app.decorateRequest('caller', undefined)
  app.addHook('onRoute', (route) => {
    const access = route.config?.access
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (!isAccess(access)) throw new Error(`${methods.join(', ')} ${route.url}: every route declares who may call it (config: { access: 'company' | 'operator' | 'public' }); this one declares ${JSON.stringify(access)}`)
    for (const method of methods) declared.push({ method, url: route.url, access })
  })
  // a callback hook, not an async one: a public route passes without a promise; a refused caller's
  // answer is already sent, and the hook then ends without calling done (Fastify's early answer)
  app.addHook('preHandler', (request, reply, done) => {
    // the not-found handler is no route: it has no access of its own and answers anybody
    const access = request.routeOptions.config.access
    if (access === 'company') {
      authenticate(ctx, request, reply).then((caller) => {
        if (caller === undefined) return
        request.caller = caller
        done()
      }, done)
    } else if (access === 'operator') {
      authenticateOperator(ctx, request, reply).then((allowed) => {
        if (allowed) done()
      }, done)
    } else done()
  })
}

/** Whether the caller may touch a resource of `companyId` (403, or 404 order_not_found on appointment endpoints). */
export const ownership = (caller: Authenticated, companyId: string, endpoint: EndpointKind = 'other'): ProblemDetail | undefined => {
  const decision = authorize(caller.credentials, { companyId }, endpoint)
  return isLeft(decision) ? decision.left : undefined
}
