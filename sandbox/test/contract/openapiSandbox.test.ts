// The extended response checker (test/support/openapiSandbox.ts): each rule on a small document
// (a passing answer, then one broken at a time), then the live sandbox's answers against the two
// documents it serves, which must find nothing, and a stripped X-Request-Id it must find.
import { limitMs } from 'shipper-rules-testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentChecker, documentsChecker, type CheckedAnswer } from '../support/openapiSandbox.js'
import { createBody, quoteBody, removeStore, startSandbox, type Credentials, type Sandbox } from '../support/harness.js'

const problem = { type: 'object', required: ['type', 'title', 'status', 'reason'], properties: { type: { type: 'string' }, title: { type: 'string' }, status: { type: 'integer' }, reason: { type: 'string' } } }
const toy = {
  openapi: '3.1.0',
  info: { title: 'toy', version: '1' },
  paths: {
    '/things/{id}': {
      get: {
        responses: {
          '200': { description: 'ok', headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } }, content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' }, example: { id: 'a' } } } },
          '429': { description: 'slow down', headers: { 'Retry-After': { required: true, schema: { type: 'integer', minimum: 0 } } }, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } },
        },
      },
      delete: { responses: { '204': { description: 'gone' } } },
    },
    '/things/list': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array' } } } } } } },
  },
  components: {
    schemas: { Thing: { type: 'object', required: ['id'], properties: { id: { type: 'string', example: 'a' } } }, Problem: problem },
    headers: { 'X-Request-Id': { required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9._~-]{1,128}$' } } },
  },
}

const answer = (status: number, headers: Record<string, string>, body?: unknown): CheckedAnswer => {
  const text = body === undefined ? '' : JSON.stringify(body)
  return { status, headers: new Headers(headers), json: body, length: Buffer.byteLength(text) }
}
const json = { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'r-1' }
const problemJson = { 'content-type': 'application/problem+json; charset=utf-8', 'x-request-id': 'r-1' }
const notFound = { type: 'about:blank', title: 'Not found', status: 404, reason: 'not_found' }

describe('the checker on a small document', () => {
  const check = documentsChecker([documentChecker(toy, { everyAnswer: ['x-request-id'] })], { everyAnswer: ['x-request-id'] })

  it('passes answers the document describes', () => {
    expect(check('GET', '/things/7?x=1', answer(200, json, { id: '7' }))).toEqual([])
    expect(check('GET', '/things/7', answer(429, { ...problemJson, 'retry-after': '5' }, { ...notFound, status: 429, reason: 'too_many_requests' }))).toEqual([])
    expect(check('DELETE', '/things/7', answer(204, { 'x-request-id': 'r-1' }))).toEqual([])
    expect(check('GET', '/things/list', answer(200, json, []))).toEqual([])
    expect(check('GET', '/elsewhere', answer(404, problemJson, notFound))).toEqual([])
    expect(check('OPTIONS', '/things/7', answer(204, {}))).toEqual([])
  })

  it('finds each mismatch: headers, status, content type, body, a body where none is declared, an unknown path', () => {
    const one = (failures: string[]): string => {
      expect(failures).toHaveLength(1)
      return failures[0]!
    }
    expect(one(check('GET', '/things/7', answer(200, { 'content-type': 'application/json' }, { id: '7' })))).toMatch(/no x-request-id header/)
    expect(one(check('GET', '/things/7', answer(200, { ...json, 'x-request-id': 'a b' }, { id: '7' })))).toMatch(/header X-Request-Id/)
    expect(one(check('GET', '/things/7', answer(429, problemJson, { ...notFound, status: 429 })))).toMatch(/required header Retry-After missing/)
    expect(one(check('GET', '/things/7', answer(429, { ...problemJson, 'retry-after': 'soon' }, { ...notFound, status: 429 })))).toMatch(/header Retry-After: "soon"/)
    expect(one(check('GET', '/things/7', answer(418, json, {})))).toMatch(/status not declared/)
    expect(one(check('GET', '/things/7', answer(200, { ...json, 'content-type': 'text/plain' }, undefined)))).toMatch(/content type text\/plain not declared/)
    expect(one(check('GET', '/things/7', answer(200, json, { name: 'no id' })))).toMatch(/must have required property 'id'/)
    expect(one(check('GET', '/things/list', answer(200, json, { id: '7' })))).toMatch(/must be array/)
    expect(one(check('DELETE', '/things/7', answer(204, json, { id: '7' })))).toMatch(/a body .* where none is declared/)
    expect(one(check('GET', '/elsewhere', answer(200, json, {})))).toMatch(/no document declares the path/)
    expect(one(check('GET', '/elsewhere', answer(404, { 'content-type': 'text/plain', 'x-request-id': 'r' }, undefined)))).toMatch(/not answered with a 404 ProblemDetail/)
  })
})

describe('the live sandbox against the two documents it serves', () => {
  let sandbox: Sandbox
  let acme: Credentials
  let check: ReturnType<typeof documentsChecker>
  beforeAll(async () => {
    sandbox = await startSandbox()
    acme = await sandbox.company('Checker Co')
    const documents = await Promise.all(['/api-docs/shipper-v1', '/api-docs/sandbox'].map(async (path) => (await (await fetch(`${sandbox.base}${path}`)).json()) as Record<string, any>))
    check = documentsChecker(documents.map((d) => documentChecker(d, { everyAnswer: ['x-request-id'] })), { everyAnswer: ['x-request-id'] })
  }, limitMs(60_000))
  afterAll(async () => {
    await sandbox.stop()
    removeStore(sandbox.storeOptions)
  })

  const send = async (method: string, path: string, options: { as?: Credentials; body?: unknown; headers?: Record<string, string> } = {}): Promise<CheckedAnswer> => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) }
    if (options.as !== undefined) Object.assign(headers, { authorization: `Bearer ${options.as.token}`, 'x-service-api-key': options.as.apiKey })
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(`${sandbox.base}${path}`, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) })
    const bytes = Buffer.from(await response.arrayBuffer())
    const type = response.headers.get('content-type') ?? ''
    return { status: response.status, headers: response.headers, json: type.includes('json') && bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : undefined, length: bytes.length }
  }

  it('finds nothing on answers of both documents, successes and errors, and finds a stripped X-Request-Id', async () => {
    const quote = await send('POST', '/v1/shipper/quote', { as: acme, body: quoteBody() })
    const create = { ...createBody(), quoteId: (quote.json as { id: string }).id }
    const calls: Array<[string, string, CheckedAnswer]> = [
      ['POST', '/v1/shipper/quote', quote],
      ['POST', '/v1/shipper/quote', await send('POST', '/v1/shipper/quote', { body: quoteBody() })],
      ['GET', '/v1/shipper/quote/00000000-0000-4000-8000-000000000000', await send('GET', '/v1/shipper/quote/00000000-0000-4000-8000-000000000000', { as: acme })],
      ['POST', '/v1/shipper/shipment', await send('POST', '/v1/shipper/shipment', { as: acme, body: create, headers: { 'idempotency-key': 'checker-1' } })],
      ['POST', '/v1/shipper/shipment', await send('POST', '/v1/shipper/shipment', { as: acme, body: create, headers: { 'idempotency-key': 'checker-1' } })],
      ['POST', '/v1/shipper/shipment', await send('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ orderComponents: [] }) })],
      ['GET', '/sandbox/clock', await send('GET', '/sandbox/clock', { as: acme })],
      ['GET', '/sandbox/clock', await send('GET', '/sandbox/clock')],
      ['GET', '/sandbox/addresses', await send('GET', '/sandbox/addresses', { as: acme })],
      ['GET', '/healthz', await send('GET', '/healthz')],
      ['GET', '/readyz', await send('GET', '/readyz')],
      ['GET', '/api-docs/sandbox', await send('GET', '/api-docs/sandbox')],
      ['GET', '/no/such/route', await send('GET', '/no/such/route')],
    ]
    const replay = calls[4]![2]
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(calls.flatMap(([method, path, a]) => check(method, path, a))).toEqual([])
    const stripped = new Headers(replay.headers)
    stripped.delete('x-request-id')
    expect(check('POST', '/v1/shipper/shipment', { ...replay, headers: stripped }).join('\n')).toMatch(/no x-request-id header/)
  })
})
