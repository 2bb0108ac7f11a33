// The sandbox's own OpenAPI document (GET /api-docs/sandbox, src/openapi.ts) as integrators'
// tools see it (issue 25, items 1 and 3): valid OpenAPI 3.1; every example valid by its schema;
// every route the server registers described by one of the two documents it serves; every
// operation called on a fresh sandbox with the document's own examples (real ids put in) and
// answering as the document says; both documents served with this sandbox's URL as their first
// server; Spectral (spectral:oas) 0 errors and 0 warnings, Redocly (recommended) 0 errors.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import ajv2020 from 'ajv/dist/2020.js'
import { Validator } from '@seriousme/openapi-schema-validator'
import { openApiDocument } from 'shipper-rules/openapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxOpenApiDocument } from '../src/server/sandboxDocument.js'
import { schemaValidators } from './support/openapiSandbox.js'
import { baseUrlOfHost } from '../src/features/docs/routes.js'
import { createBody, freshStoreOptions, operatorHeaders, quoteBody, removeStore, startSandbox, type Answer, type Credentials, type Sandbox } from './support/harness.js'

type Json = Record<string, any>

const generated = sandboxOpenApiDocument()
if (generated._tag === 'Left') throw new Error(`sandbox document: ${generated.left.join('; ')}`)
const document = generated.right as Json
const shipperGenerated = openApiDocument()
if (shipperGenerated._tag === 'Left') throw new Error(`shipper document: ${shipperGenerated.left.join('; ')}`)
const shipper = shipperGenerated.right as unknown as Json

// ---- ajv over the document's components ----

const Ajv2020 = ajv2020.default
const DOCUMENT_ID = 'urn:shipper-rules-sandbox:openapi'
const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false })
ajv.addFormat('int64', true)
ajv.addFormat('binary', true)
ajv.addKeyword('example')
const validatorFor = schemaValidators(ajv, DOCUMENT_ID, document)
/** Why a value does not match a schema, or undefined. */
const mismatch = (schema: Json, value: unknown): string | undefined => {
  const v = validatorFor(schema)
  return v(value) ? undefined : ajv.errorsText(v.errors)
}
/** A component ($ref) resolved, or the object itself. */
const resolve = (o: Json): Json => {
  const r = o['$ref']
  if (typeof r !== 'string') return o
  const [, kind, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(r) ?? []
  return document['components'][kind!][name!] as Json
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const
const operations = Object.entries(document['paths'] as Record<string, Json>).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m] !== undefined).map((method) => ({ path, method, op: item[method] as Json })),
)

describe('the sandbox document', () => {
  it('is valid OpenAPI 3.1 (the official schema; every $ref resolves)', async () => {
    const result = await new Validator().validate(structuredClone(document))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(document['openapi']).toBe('3.1.0')
  })

  it('describes every sandbox operation once, each with an operationId, a tag of the document and security', () => {
    const ids = operations.map((o) => o.op['operationId'] as string)
    expect(new Set(ids).size).toBe(ids.length)
    expect(operations.length).toBe(28)
    const tags = new Set((document['tags'] as Json[]).map((t) => t['name']))
    for (const { op } of operations) {
      expect(tags.has(op['tags'][0])).toBe(true)
      expect(Array.isArray(op['security'])).toBe(true)
    }
  })

  it('gives every body, parameter, header and response an example its schema accepts', () => {
    const failures: string[] = []
    let checked = 0
    const check = (where: string, schema: Json | undefined, holder: Json): void => {
      if (!('example' in holder)) return void failures.push(`${where}: no example`)
      checked++
      if (schema === undefined) return void failures.push(`${where}: no schema`)
      const problem = mismatch(schema, holder['example'])
      if (problem !== undefined) failures.push(`${where}: ${problem}`)
    }
    for (const { path, method, op } of operations) {
      const at = `${method.toUpperCase()} ${path}`
      for (const p of (op['parameters'] ?? []) as Json[]) {
        const param = resolve(p)
        check(`${at} parameter ${param['name']}`, param['schema'], param)
      }
      for (const [type, media] of Object.entries((op['requestBody']?.['content'] ?? {}) as Record<string, Json>)) check(`${at} body ${type}`, media['schema'], media)
      for (const [status, response] of Object.entries(op['responses'] as Record<string, Json>)) {
        for (const [type, media] of Object.entries((response['content'] ?? {}) as Record<string, Json>)) check(`${at} ${status} ${type}`, media['schema'], media)
        if (response['headers']?.['X-Request-Id'] === undefined) failures.push(`${at} ${status}: no X-Request-Id header`)
        for (const [name, h] of Object.entries((response['headers'] ?? {}) as Record<string, Json>)) check(`${at} ${status} header ${name}`, resolve(h)['schema'], resolve(h))
      }
    }
    expect(failures).toEqual([])
    expect(checked).toBeGreaterThan(100)
  })

  it('answers errors as ProblemDetails whose reason is one the response lists, and 429 and 500 with Retry-After', () => {
    for (const { op } of operations) {
      for (const [status, response] of Object.entries(op['responses'] as Record<string, Json>)) {
        if (Number(status) < 400) continue
        const media = response['content']['application/problem+json'] as Json
        expect(Object.keys(response['content'])).toEqual(['application/problem+json'])
        const reasons = media['schema']['allOf'][1]['properties']['reason']['enum'] as string[]
        expect(reasons).toContain(media['example']['reason'])
        expect(media['example']['status']).toBe(Number(status))
        if (status === '429' || status === '500') expect(response['headers']['Retry-After']).toBeDefined()
      }
    }
  })
})

// ---- against a running sandbox ----

const storeOptions = freshStoreOptions()
let sandbox: Sandbox
let acme: Credentials

beforeAll(async () => {
  sandbox = await startSandbox(storeOptions)
  acme = await sandbox.company('Acme Freight Buyers')
})
afterAll(async () => {
  await sandbox?.stop()
  removeStore(storeOptions)
})

/** The routes the server registered, from Fastify's route tree: method and path with every parameter written {}. */
const registeredRoutes = (tree: string): ReadonlyArray<string> => {
  const stack: string[] = []
  const routes: string[] = []
  for (const line of tree.split('\n')) {
    const start = line.search(/[^│├└─\s]/)
    if (start < 0) continue
    const depth = Math.floor(start / 4)
    const m = /^(.*?)(?: \(([^)]*)\))?$/.exec(line.slice(start))
    const path = (stack[depth - 1] ?? '') + (m?.[1] ?? '')
    stack[depth] = path
    stack.length = depth + 1
    for (const method of (m?.[2] ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '')) routes.push(`${method} ${path.replace(/:[A-Za-z0-9_]+/g, '{}')}`)
  }
  return routes
}
const templatesOf = (doc: Json): Set<string> =>
  new Set(Object.entries(doc['paths'] as Record<string, Json>).flatMap(([path, item]) => METHODS.filter((m) => item[m] !== undefined).map((m) => `${m.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`)))

/** Routes no document describes, and why (none expected). HEAD is Fastify's automatic twin of each GET. */
const UNDOCUMENTED: Readonly<Record<string, string>> = {
  'GET /console': 'the console\'s page (HTML), not an API (test/console-api.test.ts checks it)',
  // GET /console/assets/*: Fastify's route tree prints the wildcard under /console as `*`
  'GET /console*': 'the console\'s bundled scripts and styles (/console/assets/*), not an API (test/console-api.test.ts checks them)',
}

describe('the documents and the server agree', () => {
  it('every route the server registers is an operation of the shipper or the sandbox document, and every sandbox operation is a route', () => {
    const routes = registeredRoutes(sandbox.app.printRoutes({ commonPrefix: false })).filter((r) => !r.startsWith('HEAD '))
    const documented = new Set([...templatesOf(shipper), ...templatesOf(document)])
    expect(routes.length).toBeGreaterThan(30)
    expect(routes.filter((r) => !documented.has(r) && UNDOCUMENTED[r] === undefined)).toEqual([])
    expect([...templatesOf(document)].filter((t) => !routes.includes(t))).toEqual([])
  })
})

/** The example of a parameter, resolved. */
const parameters = (op: Json): Json[] => ((op['parameters'] ?? []) as Json[]).map(resolve)

/** Checks an answer against the operation's response for its status: declared, content type, body schema, X-Request-Id. */
const answerMismatch = (op: Json, answer: Answer & { requestId: string | null }): string | undefined => {
  const response = op['responses'][String(answer.status)] as Json | undefined
  if (response === undefined) return `status ${answer.status} not declared: ${answer.bytes.toString('utf8').slice(0, 300)}`
  if (answer.requestId === null || !/^[A-Za-z0-9._~-]{1,128}$/.test(answer.requestId)) return `X-Request-Id ${answer.requestId}`
  const type = answer.contentType.split(';')[0]!.trim()
  const media = response['content']?.[type] as Json | undefined
  if (media === undefined) return `content type ${type} not declared`
  if (type === 'application/pdf') return answer.bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? undefined : 'not a PDF'
  return mismatch(media['schema'], answer.json)
}

describe('every operation of the sandbox document, called with its own examples', () => {
  it('answers its success status with a body its schema accepts; without credentials, the declared 401', async () => {
    // what the walk creates and puts in place of the examples' ids
    await sandbox.call('POST', '/sandbox/clock', { as: acme, body: { minutes: 1 } })
    const quote = await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody() })
    const created = await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ quoteId: quote.json.id }) })
    const order = created.json.orderNumber as string
    expect((await sandbox.call('PUT', `/v1/shipper/shipment/${order}/confirm`, { as: acme })).status).toBe(200)
    const revoking = await sandbox.company('Initech Revocations')
    const real: Record<string, string> = { orderNumber: order }
    const failures: string[] = []
    let walked = 0
    for (const { path, method, op } of operations) {
      const id = op['operationId'] as string
      if (id === 'downloadShipmentDocument') {
        // a fresh link: the walk moved the company's clock (advanceClock), and links expire by it
        const link = new URL((await sandbox.call('GET', `/v1/shipper/shipment/${order}/document/BILL_OF_LADING`, { as: acme })).json.downloadLink)
        real['expires'] = link.searchParams.get('expires') ?? ''
        real['signature'] = link.searchParams.get('signature') ?? ''
      }
      // an entry of the request log (the walk's own requests are in it by now)
      if (id === 'getConsoleRequest') real['entryId'] = (await call('GET', '/sandbox/console/requests?limit=1', { as: acme })).json?.items?.[0]?.id ?? ''
      const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const example = String(parameters(op).find((p) => p['name'] === name)?.['example'])
        return encodeURIComponent(real[name] ?? example)
      })
      const query = parameters(op).filter((p) => p['in'] === 'query')
      const search = query.map((p) => `${p['name']}=${encodeURIComponent(real[p['name']] ?? p['example'])}`).join('&')
      const security = (op['security'] as Json[])[0]
      const headers: Record<string, string> = security === undefined ? {} : 'operatorToken' in security ? operatorHeaders() : {}
      const as = security !== undefined && 'bearerAuth' in security ? (id === 'revokeApiKey' ? revoking : acme) : undefined
      const body = op['requestBody']?.['content']['application/json']?.['example']
      const target = `${url}${search === '' ? '' : `?${search}`}`
      // a stream stays open: its status, headers and first bytes are the answer
      const answer = op['responses']['200']?.['content']?.['text/event-stream'] !== undefined && as !== undefined ? await opened(target, as) : await call(method.toUpperCase(), target, { as, headers, body })
      const success = Object.keys(op['responses']).find((s) => s.startsWith('2'))
      if (String(answer.status) !== success) failures.push(`${id}: ${answer.status}, expected ${success}: ${answer.bytes.toString('utf8').slice(0, 300)}`)
      const wrong = answerMismatch(op, answer)
      if (wrong !== undefined) failures.push(`${id}: ${wrong}`)
      // ids the next operations need
      if (id === 'createSavedAddress') real['id'] = answer.json?.id
      if (id === 'createCompany') real['companyId'] = answer.json?.companyId
      if (id === 'getSandboxApiDocument' || id === 'getShipperApiDocument') {
        if (answer.json?.servers?.[0]?.url !== sandbox.base) failures.push(`${id}: first server ${answer.json?.servers?.[0]?.url}`)
      }
      // without credentials: the declared 401 with its challenge
      if (security !== undefined) {
        const denied = await call(method.toUpperCase(), target, { body })
        if (denied.status !== 401) failures.push(`${id} without credentials: ${denied.status}`)
        const deniedWrong = answerMismatch(op, denied)
        if (deniedWrong !== undefined) failures.push(`${id} without credentials: ${deniedWrong}`)
      }
      walked++
    }
    expect(failures).toEqual([])
    expect(walked).toBe(operations.length)
  })
})

/** The start of a server-sent event stream: its status, headers and first chunk (as text), then the connection is dropped. */
const opened = async (path: string, as: Credentials): Promise<Answer & { requestId: string | null }> => {
  const stop = new AbortController()
  const response = await fetch(`${sandbox.base}${path}`, { headers: { authorization: `Bearer ${as.token}`, 'x-service-api-key': as.apiKey }, signal: stop.signal })
  const reader = response.body!.getReader()
  const first = await reader.read()
  stop.abort()
  await reader.cancel().catch(() => undefined)
  const bytes = Buffer.from(first.value ?? new Uint8Array())
  return { status: response.status, headers: response.headers, contentType: response.headers.get('content-type') ?? '', json: bytes.toString('utf8'), bytes, requestId: response.headers.get('x-request-id') }
}

/** A call through the harness, with the answer's X-Request-Id (the harness keeps no headers). */
const call = async (method: string, path: string, options: { as?: Credentials | undefined; headers?: Record<string, string>; body?: unknown }): Promise<Answer & { requestId: string | null }> => {
  const headers: Record<string, string> = { ...(options.headers ?? {}) }
  if (options.as !== undefined) Object.assign(headers, { authorization: `Bearer ${options.as.token}`, 'x-service-api-key': options.as.apiKey })
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${sandbox.base}${path}`, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) })
  const bytes = Buffer.from(await response.arrayBuffer())
  const contentType = response.headers.get('content-type') ?? ''
  const json = contentType.includes('json') && bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : undefined
  return { status: response.status, headers: response.headers, contentType, json, bytes, requestId: response.headers.get('x-request-id') }
}

/** GET with a Host header of the test's choosing (fetch sets its own). */
const getWithHost = (path: string, host: string): Promise<Json> =>
  new Promise((done, fail) => {
    const url = new URL(sandbox.base)
    const req = request({ host: url.hostname, port: url.port, path, headers: { host } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => done({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }))
    })
    req.on('error', fail)
    req.end()
  })

describe('the served documents name this sandbox first', () => {
  it('a well-formed Host is the first server, then the base_url template; both documents', async () => {
    for (const path of ['/api-docs/sandbox', '/api-docs/shipper-v1']) {
      const r = await getWithHost(path, 'sandbox.local:8443')
      expect(r['status']).toBe(200)
      expect(r['body'].servers[0]).toMatchObject({ url: 'http://sandbox.local:8443' })
      expect(r['body'].servers.slice(1).map((s: Json) => s['url'])).toEqual(['{base_url}'])
    }
  })

  it('a Host that is not host[:port] falls back to the address the server listens on', async () => {
    for (const host of ['evil.example/<script>', 'a b', 'x:99999', '[zz::1]:80', 'évil.example', `${'a'.repeat(64)}.example`]) {
      const r = await getWithHost('/api-docs/sandbox', host)
      // Node refuses some of these itself (400); any document it serves names the listen address
      if (r['status'] === 200) expect(r['body'].servers[0].url).toBe(sandbox.base)
      else expect(r['status']).toBe(400)
    }
  })

  it('--public-url wins over Host, without its trailing slash', async () => {
    const other = freshStoreOptions()
    const s = await startSandbox(other, { publicUrl: 'https://sandbox.example.test/team/' })
    try {
      const r = await fetch(`${s.base}/api-docs/sandbox`, { headers: { host: 'attacker.example' } })
      expect(((await r.json()) as Json)['servers'][0].url).toBe('https://sandbox.example.test/team')
    } finally {
      await s.stop()
      removeStore(other)
    }
  })

  it('baseUrlOfHost accepts names, IPv4 and bracketed IPv6 with a port, and nothing else', () => {
    expect(baseUrlOfHost('localhost:8080')).toBe('http://localhost:8080')
    expect(baseUrlOfHost('127.0.0.1')).toBe('http://127.0.0.1')
    expect(baseUrlOfHost('[::1]:3000')).toBe('http://[::1]:3000')
    expect(baseUrlOfHost('Sandbox.Example.COM')).toBe('http://sandbox.example.com')
    for (const bad of [undefined, '', 'a/b', 'a b', 'x:0', 'x:65536', '[nothex]:1', '-a.example', 'a..b', 'a@b', `${'a'.repeat(64)}.b`, ['a']]) expect(baseUrlOfHost(bad)).toBeUndefined()
  })
})

// ---- lint ----

const ROOT = join(import.meta.dirname, '..', '..')
const BIN = join(ROOT, 'node_modules', '.bin')
const run = promisify(execFile)
const dir = mkdtempSync(join(tmpdir(), 'sandbox-openapi-lint-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Runs a lint CLI, which exits 1 when it found errors: its standard output either way. */
const lint = async (bin: string, args: ReadonlyArray<string>): Promise<string> => {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' }
  const out = await run(join(BIN, bin), [...args], { cwd: ROOT, env, maxBuffer: 64 << 20 }).catch((e: { stdout?: string; code?: number }) => {
    if (e.code === 1 && typeof e.stdout === 'string') return { stdout: e.stdout }
    throw e
  })
  return out.stdout
}

describe('lint tools on the sandbox document', () => {
  const file = join(dir, 'sandbox.json')
  const broken = join(dir, 'broken.json')
  beforeAll(() => {
    writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`)
    // a copy both must flag: an operation without a tag, a response example its schema refuses
    const copy = structuredClone(document)
    delete copy['paths']['/sandbox/clock']['get']['tags']
    copy['paths']['/sandbox/clock']['get']['responses']['200']['content']['application/json']['example'] = { now: 12 }
    writeFileSync(broken, `${JSON.stringify(copy, null, 2)}\n`)
  })
  const spectral = async (f: string) => JSON.parse(await lint('spectral', ['lint', '--ruleset', join(ROOT, 'openapi', 'lint', '.spectral.yaml'), '--format', 'json', '--quiet', f])) as Array<{ code: string; severity: number; path: string[]; message: string }>
  const redocly = async (f: string) => JSON.parse(await lint('redocly', ['lint', f, '--config', join(ROOT, 'openapi', 'lint', 'redocly.yaml'), '--format', 'json'])) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; severity: string; message: string }> }

  it('Spectral (spectral:oas): 0 errors, 0 warnings; the broken copy is flagged', async () => {
    const [clean, flagged] = await Promise.all([spectral(file), spectral(broken)])
    expect(clean.filter((r) => r.severity <= 1).map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`)).toEqual([])
    expect(flagged.filter((r) => r.severity <= 1).map((r) => r.code)).toEqual(expect.arrayContaining(['operation-tags', 'oas3-valid-media-example']))
  }, 240_000)

  it('Redocly (recommended, examples checked): 0 errors; the broken copy is flagged', async () => {
    const [clean, flagged] = await Promise.all([redocly(file), redocly(broken)])
    expect(clean.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`)).toEqual([])
    expect(clean.totals.errors).toBe(0)
    expect(flagged.totals.errors).toBeGreaterThan(0)
  }, 240_000)
})
