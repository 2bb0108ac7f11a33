// Every endpoint says who may call it (issue 32, item 3): each route declares
// `config: { access: 'company' | 'operator' | 'public' }` and one hook (src/http/access.ts) judges
// the caller before the handler runs. A route that declares no access is refused when it is
// registered; every registered route declares the access its document promises (the sandbox
// document's security of each operation; every shipper API operation is a company's).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { credentialHeaders } from 'shipper-rules'
import { openApiDocument } from 'shipper-rules/openapi'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { copyOfTemplate } from 'shipper-rules-testkit'
import { openStore, type Store } from '../src/db/store.js'
import { ACCESS_KINDS, access, installAccess, routeAccessOf, type Access } from '../src/http/access.js'
import type { Context } from '../src/http/context.js'
import { buildServer } from '../src/server/server.js'
import { sandboxOpenApiDocument, sandboxOperations } from '../src/server/sandboxDocument.js'

const OPERATOR_TOKEN = 'sbx_op_access_test_operator_token_0123'

/** A path with its parameters' names taken out: Fastify's `:name` and OpenAPI's `{name}` alike. */
const shape = (path: string): string => path.replace(/:[A-Za-z]+|\{[A-Za-z]+\}/g, '{}')

/** Routes no document describes, with their access: the console's pages (HTML and its bundled assets, not an API), open to anybody like the documents. */
const PAGES: ReadonlyMap<string, Access> = new Map([
  ['GET /console', 'public'],
  ['GET /console/assets/*', 'public'],
])

/** The access an operation's security asks for. */
const accessOfSecurity = (security: ReadonlyArray<Record<string, unknown>>): Access =>
  security.length === 0 ? 'public' : security.some((s) => 'operatorToken' in s) ? 'operator' : 'company'

describe('route access', () => {
  let dataDir = ''
  let store: Store
  let app: FastifyInstance
  let base = ''

  beforeAll(async () => {
    // a copy of the run's initialized PGlite directory when there is one (support/globalSetup.ts)
    const template = inject('pgliteTemplate')
    dataDir = template !== undefined && template !== '' ? copyOfTemplate(template, 'sandbox-access-') : mkdtempSync(join(tmpdir(), 'sandbox-access-'))
    store = await openStore({ dataDir })
    app = await buildServer({ store, operatorToken: OPERATOR_TOKEN })
    base = await app.listen({ port: 0, host: '127.0.0.1' })
  })

  afterAll(async () => {
    await app?.close()
    await store?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('every registered route declares company, operator or public, and HEAD the same as its GET', () => {
    const routes = routeAccessOf(app)
    expect(routes.length).toBeGreaterThan(20)
    for (const r of routes) expect(ACCESS_KINDS, `${r.method} ${r.url}`).toContain(r.access)
    for (const head of routes.filter((r) => r.method === 'HEAD')) {
      expect(routes.find((r) => r.method === 'GET' && r.url === head.url)?.access, `HEAD ${head.url}`).toBe(head.access)
    }
  })

  it("every route declares the access its operation's security promises, and every route is an operation of a served document", () => {
    const sandbox = sandboxOpenApiDocument()
    const shipper = openApiDocument()
    if (sandbox._tag === 'Left' || shipper._tag === 'Left') throw new Error('the documents cannot be generated')
    const promised = new Map<string, Access>()
    for (const [path, item] of Object.entries(sandbox.right['paths'] as Record<string, Record<string, { security: ReadonlyArray<Record<string, unknown>> }>>)) {
      for (const [method, op] of Object.entries(item)) promised.set(`${method.toUpperCase()} ${shape(path)}`, accessOfSecurity(op.security))
    }
    for (const [path, item] of Object.entries(shipper.right.paths as unknown as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(item).filter((m) => ['get', 'put', 'post', 'delete', 'patch'].includes(m))) promised.set(`${method.toUpperCase()} ${shape(path)}`, 'company')
    }
    const all = new Map<string, Access>(routeAccessOf(app).filter((r) => r.method !== 'HEAD').map((r) => [`${r.method} ${shape(r.url)}`, r.access] as const))
    for (const [page, want] of PAGES) expect(all.get(page), page).toBe(want)
    const declared = new Map([...all].filter(([route]) => !PAGES.has(route)))
    expect([...declared.keys()].sort()).toEqual([...promised.keys()].sort())
    for (const [route, want] of promised) expect(declared.get(route), route).toBe(want)
    // the document's parts name the same callers as the routes
    for (const op of sandboxOperations()) expect(declared.get(`${op.method.toUpperCase()} ${shape(op.path)}`), op.operationId).toBe(op.caller)
  })

  it('the hook judges each kind: a company route refuses no credentials and the operator token, an operator route refuses a company, a public route takes anybody', async () => {
    const company = (await (await fetch(`${base}/sandbox/companies`, { method: 'POST', headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Access Test Co' }) })).json()) as { apiKey: string; token: string }
    expect((await fetch(`${base}/sandbox/clock`)).status).toBe(401)
    expect((await fetch(`${base}/sandbox/clock`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })).status).toBe(401)
    expect((await fetch(`${base}/sandbox/clock`, { headers: credentialHeaders(company.apiKey, company.token) })).status).toBe(200)
    expect((await fetch(`${base}/sandbox/companies`, { headers: credentialHeaders(company.apiKey, company.token) })).status).toBe(401)
    expect((await fetch(`${base}/sandbox/companies`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })).status).toBe(200)
    expect((await fetch(`${base}/healthz`)).status).toBe(200)
    // the console's JSON API: a company's routes take a company, the operator's route the operator; its page anybody
    expect((await fetch(`${base}/sandbox/console/requests`)).status).toBe(401)
    expect((await fetch(`${base}/sandbox/console/requests`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })).status).toBe(401)
    expect((await fetch(`${base}/sandbox/console/requests`, { headers: credentialHeaders(company.apiKey, company.token) })).status).toBe(200)
    expect((await fetch(`${base}/sandbox/console/companies`, { headers: credentialHeaders(company.apiKey, company.token) })).status).toBe(401)
    expect((await fetch(`${base}/sandbox/console/companies`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })).status).toBe(200)
    expect([200, 404]).toContain((await fetch(`${base}/console`)).status)
  })
})

describe('a route without access', () => {
  const ctx = { blocked: new Map() } as unknown as Context

  it('is refused when it is registered', async () => {
    const app = Fastify()
    installAccess(app, ctx)
    expect(() => app.get('/undeclared', async () => 'x')).toThrow(/declares who may call it/)
    expect(() => app.get('/unknown-kind', { config: { access: 'anybody' as Access } }, async () => 'x')).toThrow(/declares "anybody"/)
    app.get('/declared', access('public'), async () => 'ok')
    await app.ready()
    expect((await app.inject({ method: 'GET', url: '/declared' })).body).toBe('ok')
    await app.close()
  })

  it('in a plugin keeps the server from starting', async () => {
    const app = Fastify()
    installAccess(app, ctx)
    void app.register(async (child) => {
      child.post('/undeclared', async () => 'x')
    })
    await expect(app.ready()).rejects.toThrow(/declares who may call it/)
  })
})
