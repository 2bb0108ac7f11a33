// A sandbox server for one test file: in process, on 127.0.0.1 and a random port, on a fresh
// PGlite data directory, or on a fresh schema of the PostgreSQL server of DATABASE_URL. Every
// answer (but OPTIONS and HEAD) is checked as it arrives against the OpenAPI document that declares
// its path, as the server serves them (GET /api-docs/shipper-v1 and /api-docs/sandbox, fetched once
// at start): status, content type, JSON body, response headers, X-Request-Id on every answer
// (test/support/openapiSandbox.ts). stop() throws when any answer was not described, so no test
// file can forget to look.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { copyOfTemplate, limitMs } from 'shipper-rules-testkit'
import { inject } from 'vitest'
import { openStore, type Store, type StoreOptions } from '../../src/db/store.js'
import { buildServer, type ServerOptions } from '../../src/server/server.js'
import { documentChecker, documentsChecker, type CheckerOptions } from './openapiSandbox.js'

export interface Credentials {
  readonly companyId: string
  readonly apiKey: string
  readonly token: string
}

export interface Sandbox {
  readonly base: string
  readonly store: Store
  readonly app: FastifyInstance
  readonly storeOptions: StoreOptions
  /** Every answer the file received that the served OpenAPI documents do not describe. */
  readonly openApiFailures: string[]
  /** How many answers were checked against the documents. */
  readonly checked: { count: number }
  call(method: string, path: string, options?: CallOptions): Promise<Answer>
  company(name: string): Promise<Credentials>
  /** Stops the server and closes the database (the data stays); then throws if openApiFailures is not empty. */
  stop(): Promise<void>
}

export interface CallOptions {
  readonly as?: Credentials | undefined
  readonly body?: unknown
  /** Sent as is (no JSON encoding). */
  readonly raw?: string | Buffer
  readonly headers?: Record<string, string>
  /**
   * Why this answer is not checked against the documents: only for hostile HTTP answered by the
   * HTTP layer before any route, on a method no document can declare for the path. Say why.
   */
  readonly unchecked?: string
}

export interface Answer {
  readonly status: number
  readonly headers: Headers
  readonly contentType: string
  readonly json: any
  readonly bytes: Buffer
}

export const freshStoreOptions = (): StoreOptions => {
  const url = process.env['DATABASE_URL']
  if (url !== undefined && url !== '') return { databaseUrl: url, schema: `sbx_test_${randomBytes(6).toString('hex')}` }
  // a copy of the run's initialized directory (support/globalSetup.ts), else a new one
  const template = inject('pgliteTemplate')
  return { dataDir: template !== undefined && template !== '' ? copyOfTemplate(template, 'sandbox-test-') : mkdtempSync(join(tmpdir(), 'sandbox-test-')) }
}

export const removeStore = (options: StoreOptions): void => {
  if (options.dataDir !== undefined) rmSync(options.dataDir, { recursive: true, force: true })
}

/** The operator token of every test server (a test of the operator credential passes its own). */
export const OPERATOR_TOKEN = 'sbx_op_test_operator_token_0123456789'

/** The operator's headers: what the operator controls take. */
export const operatorHeaders = (token: string = OPERATOR_TOKEN): Record<string, string> => ({ authorization: `Bearer ${token}` })

const CHECKER_OPTIONS: CheckerOptions = { everyAnswer: ['x-request-id'] }

/** The checker of the two documents as the server at `address` serves them. */
const servedDocumentsChecker = async (address: string) => {
  const documents = await Promise.all(
    ['/api-docs/shipper-v1', '/api-docs/sandbox'].map(async (path) => {
      const response = await fetch(`${address}${path}`)
      if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`)
      return (await response.json()) as Record<string, any>
    }),
  )
  return documentsChecker(documents.map((document) => documentChecker(document, CHECKER_OPTIONS)), CHECKER_OPTIONS)
}

export const startSandbox = async (storeOptions: StoreOptions = freshStoreOptions(), serverOptions: Omit<ServerOptions, 'store'> = {}, wrapStore: (store: Store) => Store = (s) => s): Promise<Sandbox> => {
  const store = wrapStore(await openStore(storeOptions))
  // the suites send many bad credentials on purpose: the failure limit is tested on its own.
  // Idle keep-alive connections stay open longer than 5 s: the server runs in the test's own
  // process, so when the event loop is held (a PGlite query, a transform, a loaded machine) past
  // the 5 s, the server's close and the client's next request on that socket meet in one turn of
  // the loop and the request fails "other side closed" (seen once in CI); fetch drops an idle
  // socket itself after 4 s, so a longer server side only removes the race. It is two minutes,
  // scaled with the load (limitMs): on a loaded machine a CPU-bound property in the file's own
  // process held the loop 32 s, past the 30 s it was, and the next fetch met the close (ECONNRESET).
  // hostile-http.test.ts, which passes its own timeouts, tests the real ones.
  const app = await buildServer({ store, operatorToken: OPERATOR_TOKEN, authFailures: { max: 1_000_000, windowMs: 60_000 }, timeouts: { keepAliveMs: limitMs(120_000) }, ...serverOptions })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const openApiFailures: string[] = []
  const checked = { count: 0 }
  const check = await servedDocumentsChecker(address)
  const call = async (method: string, path: string, options: CallOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) }
    if (options.as !== undefined) {
      headers['authorization'] ??= `Bearer ${options.as.token}`
      headers['x-service-api-key'] ??= options.as.apiKey
    }
    let body: string | Buffer | undefined
    if (options.raw !== undefined) body = options.raw
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    const response = await fetch(`${address}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) })
    const bytes = Buffer.from(await response.arrayBuffer())
    const contentType = response.headers.get('content-type') ?? ''
    const json = contentType.includes('json') && bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : undefined
    const answer = { status: response.status, headers: response.headers, contentType, json, bytes }
    // a CORS preflight (answered by @fastify/cors before any route) and HEAD are described by no document
    if (method !== 'OPTIONS' && method !== 'HEAD' && options.unchecked === undefined) {
      checked.count++
      openApiFailures.push(...check(method, path, { status: answer.status, headers: answer.headers, json, length: bytes.length }))
    }
    return answer
  }
  return {
    base: address,
    store,
    app,
    storeOptions,
    openApiFailures,
    checked,
    call,
    company: async (name) => {
      // a new company, or (its name taken) a further key for it: both operator controls
      let r = await call('POST', '/sandbox/companies', { body: { name }, headers: operatorHeaders() })
      if (r.status === 409) {
        const listed = (await call('GET', '/sandbox/companies', { headers: operatorHeaders() })).json as { companies: Array<{ companyId: string; companyName: string }> }
        const id = listed.companies.find((c) => c.companyName === name)?.companyId
        r = await call('POST', `/sandbox/companies/${id}/keys`, { headers: operatorHeaders() })
      }
      if (r.status !== 201) throw new Error(`company ${name}: ${r.status} ${r.bytes.toString('utf8')}`)
      return r.json as Credentials
    },
    stop: async () => {
      await app.close()
      await store.close()
      process.stdout.write(`[harness] ${checked.count} answers checked against the OpenAPI documents, ${openApiFailures.length} not described\n`)
      if (openApiFailures.length > 0) throw new Error(`answers the OpenAPI documents do not describe:\n${openApiFailures.join('\n')}`)
    },
  }
}

// ---- request bodies a test can start from ----

export const pickup = { name: 'Lakeside DC', address1: '2400 S Wolf Rd', city: 'Des Plaines', state: 'IL', zipCode: '60018', phoneNumber: '+18475550142', contactPerson: 'Dana Whitfield' }
export const delivery = { name: 'Dallas Foods', address1: '1 Main St', city: 'Dallas', state: 'TX', zipCode: '75201', phoneNumber: '+12145550100', contactPerson: 'Ann Lee' }
export const components = [{ palletCount: 2, poundsWeight: 900, dimensions: { length: 48, width: 40, height: 48 } }]

export const quoteBody = (overrides: Record<string, unknown> = {}) => ({ pickupAddress: { zipCode: pickup.zipCode }, deliveryAddress: { zipCode: delivery.zipCode }, orderComponents: components, ...overrides })
export const createBody = (overrides: Record<string, unknown> = {}) => ({ pickupAddress: pickup, deliveryAddress: delivery, orderComponents: components, description: 'Grocery restock', ...overrides })
