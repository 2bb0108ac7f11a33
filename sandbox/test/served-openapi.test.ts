// The OpenAPI documents the sandbox serves are the same documents after the sandbox moved into
// feature folders (issue 32, item 3): GET /api-docs/shipper-v1 and GET /api-docs/sandbox, fetched
// from a server started as the tests start one, with a fixed --public-url (the documents' first
// server), are deeply equal to the documents served before the move, kept under
// test/fixtures/served-openapi/. A difference is reported by its JSON path.
// Issue 33 changed both fixtures deliberately and only so: the `x-shipper-rules-config` extension
// (the declared rules configuration, here the library's defaults) at the root of each, and in the
// shipper document's description the one paragraph that names it. Issue 35 changed them once more,
// and only so: AppointmentContact and ShipperDispatch state the email-or-phone rule as an anyOf of two
// whole object schemas (name and email, name and phone required) instead of an object with an anyOf of
// bare `required` lists: the same values, but typed by code generators (openapi-typescript, hey-api).
// On 2026-11-28 the QTE-04 decision's words changed (in the declaration, twice in each fixture): business
// days counted by the declared calendar, the ETA on the delivery stop's own date.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type Store } from '../src/db/store.js'
import { buildServer } from '../src/server/server.js'

const FIXTURES = new URL('./fixtures/served-openapi/', import.meta.url)
/** The --public-url the fixtures were served with. */
const PUBLIC_URL = 'http://sandbox.test:8080'
const DOCUMENTS = [
  ['/api-docs/shipper-v1', 'shipper-v1.json'],
  ['/api-docs/sandbox', 'sandbox.json'],
] as const

/** Where two JSON values differ: one line per differing path (missing, extra, or another value), at most `limit`. */
export const differences = (expected: unknown, actual: unknown, path = '$', out: string[] = [], limit = 20): string[] => {
  if (out.length >= limit) return out
  const kind = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)
  if (kind(expected) !== kind(actual)) {
    out.push(`${path}: expected ${JSON.stringify(expected)?.slice(0, 200)}, served ${JSON.stringify(actual)?.slice(0, 200)}`)
    return out
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) out.push(`${path}: expected ${expected.length} items, served ${actual.length}`)
    for (let i = 0; i < Math.min(expected.length, actual.length); i++) differences(expected[i], actual[i], `${path}[${i}]`, out, limit)
    return out
  }
  if (typeof expected === 'object' && expected !== null && typeof actual === 'object' && actual !== null) {
    const e = expected as Record<string, unknown>
    const a = actual as Record<string, unknown>
    for (const key of Object.keys(e)) {
      if (!(key in a)) out.push(`${path}.${key}: missing from the served document`)
      else differences(e[key], a[key], `${path}.${key}`, out, limit)
    }
    for (const key of Object.keys(a)) if (!(key in e)) out.push(`${path}.${key}: served, not in the fixture`)
    return out
  }
  if (!Object.is(expected, actual)) out.push(`${path}: expected ${JSON.stringify(expected)}, served ${JSON.stringify(actual)}`)
  return out
}

describe('the served OpenAPI documents', () => {
  let dataDir = ''
  let store: Store
  let app: FastifyInstance
  let base = ''

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sandbox-served-openapi-'))
    store = await openStore({ dataDir })
    app = await buildServer({ store, operatorToken: 'sbx_op_served_openapi_test', publicUrl: PUBLIC_URL })
    base = await app.listen({ port: 0, host: '127.0.0.1' })
  })

  afterAll(async () => {
    await app?.close()
    await store?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('the path report names where two documents differ', () => {
    expect(differences({ a: { b: [1, 2] }, c: 'x' }, { a: { b: [1, 3] }, d: 'x' })).toEqual([
      '$.a.b[1]: expected 2, served 3',
      '$.c: missing from the served document',
      '$.d: served, not in the fixture',
    ])
    expect(differences({ a: [1] }, { a: [1] })).toEqual([])
  })

  for (const [path, file] of DOCUMENTS) {
    it(`${path} is the document served before the sandbox moved into feature folders (${file})`, async () => {
      const response = await fetch(`${base}${path}`)
      expect(response.status).toBe(200)
      const served: unknown = await response.json()
      const fixture: unknown = JSON.parse(readFileSync(new URL(file, FIXTURES), 'utf8'))
      expect(differences(fixture, served), `${path} differs from test/fixtures/served-openapi/${file}`).toEqual([])
      expect(served).toStrictEqual(fixture)
    })
  }
})
