// The conventions a client leans on (issue 25, item 2): a request id on every answer (the client's
// own when acceptable), in the ProblemDetail's `instance` and in every log line of the request; an
// Idempotent-Replayed header on a replayed create only; /healthz and /readyz (a database that
// fails or hangs makes /readyz a 500 with Retry-After, never a hung request); CORS for configured
// origins only, none by default.
import { connect } from 'node:net'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { startSandbox as startSandboxCli } from 'shipper-rules-testkit'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { instanceOf, requestIdOf } from '../src/http/context.js'
import { main } from '../src/main.js'
import { buildServer, corsOriginProblem } from '../src/server/server.js'
import { openStore, type Store } from '../src/db/store.js'
import { createBody, freshStoreOptions, OPERATOR_TOKEN, removeStore, startSandbox, type Credentials, type Sandbox } from './support/harness.js'
import { checkAgainstOpenApi, document } from './support/openapi.js'

const storeOptions = freshStoreOptions()
const logLines: string[] = []
let sandbox: Sandbox
let acme: Credentials

beforeAll(async () => {
  sandbox = await startSandbox(storeOptions, { logger: { stream: { write: (line: string) => logLines.push(line) } } })
  acme = await sandbox.company('Acme Freight Buyers')
})
afterAll(async () => {
  await sandbox.stop()
  removeStore(storeOptions)
})

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
/** The characters a client's request id may use (the oracle: a list, not the server's pattern). */
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._~-'
const acceptable = (id: string): boolean => id.length >= 1 && id.length <= 128 && [...id].every((c) => ID_ALPHABET.includes(c))

interface Raw {
  readonly status: number
  readonly headers: Headers
  readonly json: any
}

/** Every /v1/shipper answer of this file that the OpenAPI document does not describe, its declared headers included. */
const documentFailures: string[] = []
/** The declared response headers found on those answers and checked (the check saw something). */
const headersChecked = new Set<string>()

/** The headers the document declares for an answer: each required one present, each present one of its schema. */
const checkDeclaredHeaders = (method: string, path: string, r: Raw): void => {
  const where = `${method} ${path.slice(0, 60)} → ${r.status}`
  const template = Object.keys(document['paths']).find((t) => new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path.split('?')[0] ?? path))
  const resolve = (x: any, kind: 'headers' | 'responses'): any => (typeof x?.$ref === 'string' ? document['components'][kind]?.[x.$ref.split('/').pop()] : x)
  const declared = template === undefined ? undefined : resolve(document['paths'][template][method.toLowerCase()]?.responses[String(r.status)], 'responses')
  for (const [name, h] of Object.entries((declared?.headers ?? {}) as Record<string, unknown>)) {
    const header = resolve(h, 'headers')
    const value = r.headers.get(name)
    if (value === null) {
      if (header?.required === true) documentFailures.push(`${where}: no ${name} header`)
      continue
    }
    headersChecked.add(name)
    const schema = header?.schema ?? {}
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value)) documentFailures.push(`${where}: ${name} does not match ${schema.pattern}`)
    if (Array.isArray(schema.enum) && !schema.enum.includes(value)) documentFailures.push(`${where}: ${name} not one of ${schema.enum.join(', ')}`)
  }
}

/** A request by fetch, with the answer's headers (the harness keeps only status, type and body); a /v1/shipper answer is checked against the document. */
const send = async (method: string, path: string, headers: Record<string, string> = {}, body?: string, base: string = sandbox.base): Promise<Raw> => {
  const response = await fetch(`${base}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) })
  const text = await response.text()
  const contentType = response.headers.get('content-type') ?? ''
  const r = { status: response.status, headers: response.headers, json: text.length > 0 && contentType.includes('json') ? JSON.parse(text) : undefined }
  if (path.startsWith('/v1/shipper') && method !== 'OPTIONS') {
    const failure = checkAgainstOpenApi(method, path, { status: r.status, contentType, json: r.json })
    if (failure !== undefined) documentFailures.push(failure)
    checkDeclaredHeaders(method, path, r)
  }
  return r
}

const corsHeaders = (r: Raw): string[] => [...r.headers.keys()].filter((k) => k.startsWith('access-control-'))

const credentials = (c: Credentials): Record<string, string> => ({ authorization: `Bearer ${c.token}`, 'x-service-api-key': c.apiKey })

/** Sends raw bytes on a new connection and reads everything until the server closes it. */
const rawHttp = (text: string | Buffer, base: string = sandbox.base): Promise<string> =>
  new Promise((resolve, reject) => {
    const url = new URL(base)
    const socket = connect(Number(url.port), url.hostname)
    let answer = ''
    socket.setEncoding('latin1')
    socket.on('data', (c: string) => (answer += c))
    socket.on('close', () => resolve(answer))
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? resolve(answer) : reject(e)))
    socket.on('connect', () => socket.end(text))
  })

const headerOf = (answer: string, name: string): string | undefined => new RegExp(`\r\n${name}: ([^\r]*)`, 'i').exec(answer.split('\r\n\r\n')[0] ?? '')?.[1]
const bodyOf = (answer: string): any => JSON.parse(answer.split('\r\n\r\n').slice(1).join('\r\n\r\n'))

/** The request id an answer names: its header, which an error body's instance must repeat. */
const expectNamed = (r: Raw): string => {
  const id = r.headers.get('x-request-id')
  expect(id).not.toBeNull()
  if (r.json !== undefined && typeof r.json.status === 'number' && r.json.status >= 400) expect(r.json.instance).toBe(`urn:request-id:${id}`)
  return id!
}

describe('request id', () => {
  it('an acceptable X-Request-Id is echoed, anything else replaced by a UUID (property over header strings)', async () => {
    // header-legal values (printable ASCII and tab): fetch trims the ends, so the server judges the trimmed value
    const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 140 })
    const fromAlphabet = fc.string({ unit: fc.constantFrom(...ID_ALPHABET), minLength: 1, maxLength: 140 })
    await fc.assert(
      fc.asyncProperty(fc.oneof(headerText, fromAlphabet), async (sent) => {
        const r = await send('GET', '/healthz', { 'x-request-id': sent })
        const id = r.headers.get('x-request-id') ?? ''
        const judged = sent.trim()
        if (acceptable(judged)) expect(id).toBe(judged)
        else expect(id).toMatch(UUID_V4)
      }),
      { numRuns: 150 },
    )
  })

  it('requestIdOf: the same rule on any value at all, strings of any code point included', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ unit: fc.constantFrom(...ID_ALPHABET, '\r', '\n', ' ', ','), maxLength: 130 }), fc.constantFrom(undefined, null, 42, ['abc'], { id: 'abc' })), (sent) => {
        const id = requestIdOf(sent)
        if (typeof sent === 'string' && acceptable(sent)) expect(id).toBe(sent)
        else expect(id).toMatch(UUID_V4)
      }),
    )
  })

  it('too long, bad characters, an attempt to inject a header: replaced, and the bytes never reach a header', async () => {
    for (const sent of ['a'.repeat(129), 'abc def', 'abc;def', 'a,b', '<script>', '"quoted"', '%0d%0aSet-Cookie:%20x=1', 'ab/cd', 'urn:x']) {
      const id = (await send('GET', '/healthz', { 'x-request-id': sent })).headers.get('x-request-id')
      expect(id).toMatch(UUID_V4)
    }
    expect((await send('GET', '/healthz', { 'x-request-id': 'a'.repeat(128) })).headers.get('x-request-id')).toBe('a'.repeat(128))
    // a header sent twice arrives joined by a comma; bytes outside ASCII; a CR LF that tries to end the header early
    const twice = await rawHttp('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Request-Id: one\r\nX-Request-Id: two\r\nConnection: close\r\n\r\n')
    expect(headerOf(twice, 'x-request-id')).toMatch(UUID_V4)
    const latin = await rawHttp(Buffer.concat([Buffer.from('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Request-Id: caf'), Buffer.from([0xe9]), Buffer.from('\r\nConnection: close\r\n\r\n')]))
    expect(headerOf(latin, 'x-request-id')).toMatch(UUID_V4)
    const injected = await rawHttp('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Request-Id: abc\rSet-Cookie: x=1\r\nConnection: close\r\n\r\n')
    expect(injected).toMatch(/^HTTP\/1\.1 400 /)
    expect(injected).not.toMatch(/\r\nSet-Cookie/i)
    expect(headerOf(injected, 'x-request-id')).toMatch(UUID_V4)
  })

  it('on answers 200, 400, 401, 404, 413, 414, 415 and 500, in the header and as the ProblemDetail instance', async () => {
    const json = { 'content-type': 'application/json' }
    const answers: Array<[number, Raw]> = [
      [200, await send('GET', '/sandbox/clock', { ...credentials(acme), 'x-request-id': 'ok-1' })],
      [400, await send('POST', '/v1/shipper/quote', { ...credentials(acme), ...json, 'x-request-id': 'bad-json' }, '{')],
      [401, await send('GET', '/v1/shipper/shipment/ABCDE', { 'x-request-id': 'no-credentials' })],
      [404, await send('GET', '/no/such/route', { 'x-request-id': 'nowhere' })],
      [413, await send('POST', '/v1/shipper/quote', { ...credentials(acme), ...json, 'x-request-id': 'too-big' }, `"${'x'.repeat(1_100_000)}"`)],
      [414, await send('GET', `/v1/shipper/quote/${'a'.repeat(5_000)}`, { ...credentials(acme), 'x-request-id': 'long-param' })],
      [415, await send('POST', '/v1/shipper/quote', { ...credentials(acme), 'content-type': 'text/plain', 'x-request-id': 'plain' }, 'hello')],
    ]
    // a 500: a statement the database refuses
    await sandbox.store.query('ALTER TABLE orders ADD CONSTRAINT sandbox_conventions_refuses CHECK (false) NOT VALID')
    try {
      answers.push([500, await send('POST', '/v1/shipper/shipment', { ...credentials(acme), ...json, 'x-request-id': 'server-error' }, JSON.stringify(createBody()))])
    } finally {
      await sandbox.store.query('ALTER TABLE orders DROP CONSTRAINT sandbox_conventions_refuses')
    }
    const sentIds = ['ok-1', 'bad-json', 'no-credentials', 'nowhere', 'too-big', 'long-param', 'plain', 'server-error']
    answers.forEach(([status, r], i) => {
      expect(r.status).toBe(status)
      expect(expectNamed(r)).toBe(sentIds[i])
      if (status >= 400) expect(r.json).toMatchObject({ status, instance: instanceOf(sentIds[i]!) })
    })
    // with no id sent: a fresh UUID each time, the same in header and instance
    const a = await send('GET', '/no/such/route')
    const b = await send('GET', '/no/such/route')
    expect(expectNamed(a)).toMatch(UUID_V4)
    expect(expectNamed(b)).not.toBe(expectNamed(a))
  })

  it('the HTTP parser’s own answers (400, 431) carry an id of their own in the header and the instance', async () => {
    for (const [request, status] of [
      ['GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n', 400],
      [`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Request-Id: mine\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`, 431],
    ] as const) {
      const answer = await rawHttp(request)
      expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `))
      const id = headerOf(answer, 'x-request-id') ?? ''
      expect(id).toMatch(UUID_V4)
      expect(bodyOf(answer)).toMatchObject({ status, instance: instanceOf(id) })
    }
  })

  it('operator routes and the OpenAPI document carry it too', async () => {
    expect((await send('GET', '/sandbox/companies', { authorization: `Bearer ${OPERATOR_TOKEN}`, 'x-request-id': 'op-1' })).headers.get('x-request-id')).toBe('op-1')
    expect((await send('GET', '/api-docs/shipper-v1', { 'x-request-id': 'docs-1' })).headers.get('x-request-id')).toBe('docs-1')
  })

  it('every log line of a request carries its id as reqId, and no credential', async () => {
    const before = logLines.length
    await send('GET', '/v1/shipper/shipment/ABCDE', { ...credentials(acme), 'x-request-id': 'log-probe-7' })
    await send('GET', '/v1/shipper/shipment/ABCDE', { authorization: 'Bearer not-a-token-SECRETISH', 'x-request-id': 'log-probe-8' })
    const lines = logLines.slice(before).map((l) => JSON.parse(l) as { reqId?: string; msg?: string })
    const of7 = lines.filter((l) => l.reqId === 'log-probe-7')
    expect(of7.map((l) => l.msg)).toEqual(['incoming request', 'request completed'])
    expect(lines.filter((l) => l.reqId === 'log-probe-8')).toHaveLength(2)
    const text = logLines.slice(before).join('')
    for (const secret of [acme.token, acme.apiKey, 'SECRETISH']) expect(text).not.toContain(secret)
  })
})

describe('Idempotent-Replayed', () => {
  it('only on a replayed create: not on the first answer, not without a key, not on a conflict', async () => {
    const headers = { ...credentials(acme), 'content-type': 'application/json', 'idempotency-key': 'conventions-replay-1' }
    const first = await send('POST', '/v1/shipper/shipment', headers, JSON.stringify(createBody()))
    expect(first.status).toBe(200)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const again = await send('POST', '/v1/shipper/shipment', headers, JSON.stringify(createBody()))
    expect(again.status).toBe(200)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.json).toEqual(first.json)
    const conflict = await send('POST', '/v1/shipper/shipment', headers, JSON.stringify(createBody({ description: 'Something else' })))
    expect(conflict.status).toBe(409)
    expect(conflict.headers.get('idempotent-replayed')).toBeNull()
    const keyless = await send('POST', '/v1/shipper/shipment', { ...credentials(acme), 'content-type': 'application/json' }, JSON.stringify(createBody()))
    expect(keyless.status).toBe(200)
    expect(keyless.headers.get('idempotent-replayed')).toBeNull()
    // the harness's check against the OpenAPI document, of the same answers
    for (const h of [headers, headers]) await sandbox.call('POST', '/v1/shipper/shipment', { raw: JSON.stringify(createBody()), headers: h })
    expect(sandbox.openApiFailures).toEqual([])
  })
})

/** A store whose queries can be made to fail or to hang, over a real one (for /readyz). */
const switchable = (store: Store) => {
  const state = { mode: 'pass' as 'pass' | 'fail' | 'hang' }
  const wrapped: Store = {
    kind: store.kind,
    transaction: (fn) => store.transaction(fn),
    close: async () => undefined,
    query: <T>(sql: string, params?: ReadonlyArray<unknown>): Promise<T[]> =>
      state.mode === 'pass' ? store.query<T>(sql, params) : state.mode === 'fail' ? Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })) : new Promise<T[]>(() => undefined),
  }
  return { state, wrapped }
}

describe('/healthz and /readyz', () => {
  it('200 with no credentials, GET and HEAD, never rate limited nor logged at info', async () => {
    const before = logLines.length
    const health = await send('GET', '/healthz', { 'x-request-id': 'probe-h' })
    expect(health.status).toBe(200)
    expect(health.json).toEqual({ status: 'ok' })
    const ready = await send('GET', '/readyz', { 'x-request-id': 'probe-r' })
    expect(ready.status).toBe(200)
    expect(ready.json).toEqual({ status: 'ready' })
    for (const path of ['/healthz', '/readyz']) {
      const head = await fetch(`${sandbox.base}${path}`, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(head.headers.get('x-request-id')).toMatch(UUID_V4)
      expect(await head.text()).toBe('')
    }
    const probes = logLines.slice(before).map((l) => JSON.parse(l) as { reqId?: string; level: number }).filter((l) => l.reqId === 'probe-h' || l.reqId === 'probe-r')
    expect(probes.filter((l) => l.level >= 30)).toEqual([])
  })

  it('an address blocked for failed authentications still gets its probes answered', async () => {
    const limited = await buildServer({ store: sandbox.store, operatorToken: OPERATOR_TOKEN, authFailures: { max: 2, windowMs: 60_000 } })
    try {
      const statuses = []
      for (let i = 0; i < 4; i++) statuses.push((await limited.inject({ method: 'GET', url: '/sandbox/clock', headers: { authorization: 'Bearer nope', 'x-service-api-key': 'nope' } })).statusCode)
      expect(statuses.at(-1)).toBe(429)
      for (let i = 0; i < 10; i++) {
        expect((await limited.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
        expect((await limited.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
      }
    } finally {
      await limited.close()
    }
  })
})

describe('CORS', () => {
  const ORIGIN = 'http://localhost:5173'
  const OTHER = 'https://evil.example'
  let corsApp: FastifyInstance
  let corsBase: string
  beforeAll(async () => {
    corsApp = await buildServer({ store: sandbox.store, operatorToken: OPERATOR_TOKEN, corsOrigins: [ORIGIN, 'https://app.example.com'] })
    corsBase = await corsApp.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await corsApp.close()
  })

  const preflight = { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,x-service-api-key,content-type,idempotency-key' }

  it('a configured origin: preflight 204 with methods, headers and max-age', async () => {
    const r = await send('OPTIONS', '/v1/shipper/shipment', preflight, undefined, corsBase)
    expect(r.status).toBe(204)
    expect(r.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(r.headers.get('access-control-allow-methods')?.split(/,\s*/)).toEqual(['GET', 'POST', 'PUT', 'DELETE'])
    expect(r.headers.get('access-control-allow-headers')?.toLowerCase().split(/,\s*/)).toEqual(['authorization', 'x-service-api-key', 'content-type', 'idempotency-key', 'x-service-change-reason', 'x-request-id'])
    expect(Number(r.headers.get('access-control-max-age'))).toBeGreaterThan(0)
    expect(r.headers.get('vary')).toMatch(/origin/i)
    expect(r.headers.get('x-request-id')).toMatch(UUID_V4)
  })

  it('a configured origin: answers and errors readable, with the exposed headers', async () => {
    for (const r of [await send('GET', '/sandbox/clock', { origin: ORIGIN, ...credentials(acme) }, undefined, corsBase), await send('GET', '/v1/shipper/shipment/ABCDE', { origin: ORIGIN }, undefined, corsBase)]) {
      expect(r.headers.get('access-control-allow-origin')).toBe(ORIGIN)
      expect(r.headers.get('access-control-expose-headers')?.split(/,\s*/)).toEqual(['X-Request-Id', 'Idempotent-Replayed', 'Retry-After', 'Content-Disposition'])
    }
  })

  it('any other origin, or none, gets no Access-Control-* header; its OPTIONS is the 404 ProblemDetail', async () => {
    const pre = await send('OPTIONS', '/v1/shipper/shipment', { ...preflight, origin: OTHER }, undefined, corsBase)
    expect(pre.status).toBe(404)
    expect(pre.headers.get('content-type')).toContain('application/problem+json')
    expect(corsHeaders(pre)).toEqual([])
    expectNamed(pre)
    for (const headers of [{ origin: OTHER }, { origin: `${ORIGIN}.evil.example` }, { origin: 'null' }, {}]) expect(corsHeaders(await send('GET', '/healthz', headers, undefined, corsBase))).toEqual([])
  })

  it('by default no origin is allowed: no Access-Control-* header at all, OPTIONS is 404', async () => {
    const pre = await send('OPTIONS', '/v1/shipper/shipment', preflight)
    expect(pre.status).toBe(404)
    expect(pre.json).toMatchObject({ reason: 'not_found' })
    expect(corsHeaders(pre)).toEqual([])
    expect(corsHeaders(await send('GET', '/healthz', { origin: ORIGIN }))).toEqual([])
  })

  it('an origin option is scheme://host[:port] as browsers send it; anything else is refused at start', async () => {
    for (const good of ['http://localhost:5173', 'https://app.example.com', 'http://127.0.0.1:8080', 'http://[::1]:3000']) expect(corsOriginProblem(good)).toBeUndefined()
    for (const bad of ['http://localhost:5173/', 'https://app.example.com/app', 'HTTP://Example.com', 'http://example.com:80', 'https://example.com:443', 'ftp://example.com', 'localhost:5173', '*', '', 'http://a.example?x=1']) {
      expect(corsOriginProblem(bad)).toBeTypeOf('string')
    }
    await expect(buildServer({ store: sandbox.store, corsOrigins: ['https://app.example.com/'] })).rejects.toThrow(/CORS origin/)
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    try {
      expect(await main(['--cors-origin', 'http://localhost:5173', '--cors-origin', 'http://localhost:5173/app'])).toBe(2)
      expect(String(stderr.mock.calls.at(-1)?.[0])).toContain('--cors-origin')
    } finally {
      stderr.mockRestore()
    }
  })
})

// the slow ones last: a long gap between two requests on one keep-alive connection of fetch can
// meet the server closing it on a loaded machine
describe('/readyz when the database fails', () => {
  it('/readyz is a 500 internal_error with Retry-After when the database refuses or hangs; /healthz stays 200', async () => {
    const { state, wrapped } = switchable(sandbox.store)
    const app: FastifyInstance = await buildServer({ store: wrapped, operatorToken: OPERATOR_TOKEN, readyTimeoutMs: 200 })
    try {
      for (const mode of ['fail', 'hang'] as const) {
        state.mode = mode
        const ready = await app.inject({ method: 'GET', url: '/readyz', headers: { 'x-request-id': `ready-${mode}` } })
        expect(ready.statusCode).toBe(500)
        expect(ready.headers['retry-after']).toBe('5')
        expect(ready.headers['x-request-id']).toBe(`ready-${mode}`)
        expect(ready.json()).toMatchObject({ status: 500, reason: 'internal_error', instance: instanceOf(`ready-${mode}`) })
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
      }
      state.mode = 'pass'
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
    } finally {
      state.mode = 'pass'
      await app.close()
    }
  })

  it('/readyz is a 500 once the store is closed', async () => {
    const options = freshStoreOptions()
    const store = await openStore(options)
    const app = await buildServer({ store, operatorToken: OPERATOR_TOKEN })
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
      await store.close()
      const ready = await app.inject({ method: 'GET', url: '/readyz' })
      expect(ready.statusCode).toBe(500)
      expect(ready.headers['retry-after']).toBe('5')
      expect(ready.json()).toMatchObject({ reason: 'internal_error' })
      expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' })
    } finally {
      await app.close()
      removeStore(options)
    }
  })
})

describe('the command line', () => {
  it('a bad origin in SANDBOX_CORS_ORIGINS (comma-separated, spaces around ignored) is refused before anything starts', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    vi.stubEnv('SANDBOX_CORS_ORIGINS', ' https://one.example , https://two.example/path ')
    try {
      expect(await main([])).toBe(2)
      expect(String(stderr.mock.calls.at(-1)?.[0])).toContain('"https://two.example/path"')
    } finally {
      vi.unstubAllEnvs()
      stderr.mockRestore()
    }
  })

  it('--cors-origin (repeatable) wins over SANDBOX_CORS_ORIGINS; the banner and the ready line list the origins', async () => {
    const cliStore = freshStoreOptions()
    const env = { ...process.env, SANDBOX_CORS_ORIGINS: 'https://one.example' }
    const cli = await startSandboxCli({ ...(cliStore.dataDir !== undefined ? { dataDir: cliStore.dataDir } : {}), env, args: ['--cors-origin', 'http://localhost:5173', '--cors-origin', 'http://localhost:3000'] })
    try {
      expect(cli.banner).toContain('CORS origins: http://localhost:5173, http://localhost:3000')
      expect(cli.banner).toContain(`${cli.baseUrl}/readyz`)
      expect(cli.ready.corsOrigins).toEqual(['http://localhost:5173', 'http://localhost:3000'])
      const r = await send('OPTIONS', '/readyz', { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' }, undefined, cli.baseUrl)
      expect(r.status).toBe(204)
      expect(r.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
      expect(corsHeaders(await send('GET', '/healthz', { origin: 'https://one.example' }, undefined, cli.baseUrl))).toEqual([])
    } finally {
      expect(await cli.stop()).toBe(0)
      removeStore(cliStore)
    }
  })
})

describe('the OpenAPI document', () => {
  it('describes every /v1/shipper answer of this file: status, body, and the headers it declares (X-Request-Id, Idempotent-Replayed)', () => {
    expect(documentFailures).toEqual([])
    expect([...headersChecked].sort()).toEqual(['Idempotent-Replayed', 'X-Request-Id'])
    expect(sandbox.openApiFailures).toEqual([])
  })
})
