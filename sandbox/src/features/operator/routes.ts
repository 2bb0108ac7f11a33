// Operator controls, outside /v1/shipper: creating companies, listing them, issuing further keys.
// They take the operator token (Authorization: Bearer <operator token>), which the sandbox prints
// at start or takes from --operator-token / SANDBOX_OPERATOR_TOKEN, and never a company's
// credentials. A company name that exists is 409, never a new key for that company: a further key
// is the explicit POST /sandbox/companies/{companyId}/keys.
import type { FastifyInstance } from 'fastify'
import { problemFor, violationAt } from 'shipper-rules'
import { COMPANY_ID_PATTERN, createCompany, issueKey } from '../../auth/credentials.js'
import { access } from '../../http/access.js'
import { isObject, sendProblem, type Context } from '../../http/context.js'
import { companyNameViolation } from './companyName.js'
import { findCompany, listCompanies } from './queries.js'

const COMPANY_ID = new RegExp(COMPANY_ID_PATTERN)

export const operatorRoutes = (ctx: Context) => async (app: FastifyInstance) => {
  app.post('/sandbox/companies', access('operator'), async (request, reply) => {
    const body = request.body
    const name = isObject(body) ? body['name'] : undefined
    const violation = companyNameViolation(name)
    if (violation !== undefined) return sendProblem(reply, problemFor('validation_failed', undefined, [violation]))
    const issued = await createCompany(ctx.store, ctx.secrets, name as string, new Date())
    if (issued === undefined) return sendProblem(reply, problemFor('conflict', 'A company of that name exists. A further key for it: POST /sandbox/companies/{companyId}/keys (see GET /sandbox/companies).'))
    return reply.code(201).send(issued)
  })

  app.get('/sandbox/companies', access('operator'), async (_request, reply) => {
    return reply.send({ companies: await listCompanies(ctx.store) })
  })

  app.post<{ Params: { companyId: string } }>('/sandbox/companies/:companyId/keys', access('operator'), async (request, reply) => {
    const id = request.params.companyId
    if (!COMPANY_ID.test(id)) return sendProblem(reply, problemFor('validation_failed', undefined, [violationAt(['companyId'], null, 'pattern', 'must be a company id (cmp_ and 12 hexadecimal digits)')]))
    const company = await findCompany(ctx.store, id)
    if (company === undefined) return sendProblem(reply, problemFor('not_found', `No company ${id}.`))
    return reply.code(201).send(await issueKey(ctx.store, ctx.secrets, company, new Date()))
  })
}
