// Sandbox-only key management, outside /v1/shipper: revoking the API key a call carries, so that
// an integrator can see the 403 a revoked key gets (spec: Authentication 4). Issuing keys is
// POST /sandbox/companies and `shipper-rules-sandbox keys create`.
import type { FastifyInstance } from 'fastify'
import { HEADER_KEY } from 'shipper-rules'
import { revokeKey } from '../../auth/credentials.js'
import { access, callerOf } from '../../http/access.js'
import type { Context } from '../../http/context.js'

export const keyRoutes = (ctx: Context) => async (app: FastifyInstance) => {
  app.post('/sandbox/keys/revoke', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const key = request.headers[HEADER_KEY.apiKey] as string
    await revokeKey(ctx.store, ctx.secrets, key)
    return reply.send({ companyId: caller.companyId, revoked: true })
  })
}
