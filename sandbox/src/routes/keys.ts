// Sandbox-only key management, outside /v1/shipper: revoking the API key a call carries, so that
// an integrator can see the 403 a revoked key gets (spec: Authentication 4). Issuing keys is
// POST /sandbox/companies and `shipper-rules-sandbox keys create`.
import type { FastifyInstance } from 'fastify'
import { revokeKey } from '../auth.js'
import { authenticate, type Context } from '../context.js'

export const keyRoutes = (ctx: Context) => async (app: FastifyInstance) => {
  app.post('/sandbox/keys/revoke', async (request, reply) => {
    const caller = await authenticate(ctx, request, reply)
    if (caller === undefined) return reply
    const key = request.headers['x-service-api-key'] as string
    await revokeKey(ctx.store, ctx.secrets, key)
    return reply.send({ companyId: caller.companyId, revoked: true })
  })
}
