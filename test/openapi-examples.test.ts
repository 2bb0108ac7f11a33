// The examples of the generated OpenAPI document (issue 25, item 1): every request body, every
// parameter (path, query, header), every response (success and error) and every response header
// has one; each is valid by its schema, compiled by ajv (draft 2020-12) beside the document's
// components; the request bodies are the bundled payloads of examples/, equal to their files; an
// error example's reason is one its response lists. Also the `servers` option.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openApiDocument } from '../src/openapi/index.js'
import { REQUEST_EXAMPLE_FILES, REQUEST_EXAMPLES } from '../src/openapi/examples.js'
import { rightOf } from './support/either.js'
import { ajvFor, generatedDocument } from './support/openapiAjv.js'

const ROOT = join(import.meta.dirname, '..')
type Json = Record<string, unknown>

const document = generatedDocument()
const ajv = ajvFor(document)
const DOCUMENT_ID = 'urn:shipper-rules:openapi'

/** Whether a value is valid by a schema of the document (its `#/components/...` references resolved). */
const validBy = (schema: unknown, value: unknown): string | true => {
  const text = JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`)
  const validate = ajv.compile(JSON.parse(text) as object)
  return validate(value) === true ? true : ajv.errorsText(validate.errors)
}

const resolve = (node: Json): Json => {
  const r = node['$ref']
  if (typeof r !== 'string') return node
  const [, kind, name] = r.split('/').slice(1)
  return (document.components as unknown as Record<string, Record<string, Json>>)[kind!]![name!]!
}

const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Json>).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, op })),
)

describe('every example of the document is there and valid by its schema', () => {
  it('there are 15 operations to look at', () => {
    expect(operations).toHaveLength(15)
  })

  for (const { where, op } of operations) {
    it(`${where}: its parameters, body and responses`, () => {
      let checked = 0
      for (const p of ((op['parameters'] ?? []) as Json[]).map(resolve)) {
        expect([where, p['name'], 'example' in p]).toEqual([where, p['name'], true])
        expect([where, p['name'], validBy(p['schema'], p['example'])]).toEqual([where, p['name'], true])
        checked++
      }
      const body = op['requestBody'] as { content: Record<string, Json> } | undefined
      for (const [type, media] of Object.entries(body?.content ?? {})) {
        expect([where, type, 'example' in media]).toEqual([where, type, true])
        expect([where, type, validBy(media['schema'], media['example'])]).toEqual([where, type, true])
        checked++
      }
      for (const [status, response] of Object.entries(op['responses'] as Record<string, Json>)) {
        for (const [name, h] of Object.entries((response['headers'] ?? {}) as Record<string, Json>)) {
          const header = resolve(h)
          expect([where, status, name, validBy(header['schema'], header['example'])]).toEqual([where, status, name, true])
          checked++
        }
        for (const [type, media] of Object.entries((response['content'] ?? {}) as Record<string, Json>)) {
          expect([where, status, type, 'example' in media]).toEqual([where, status, type, true])
          expect([where, status, type, validBy(media['schema'], media['example'])]).toEqual([where, status, type, true])
          checked++
        }
      }
      expect(checked).toBeGreaterThan(10)
    })
  }

  it('an error example carries the status of its response, a reason listed there, and the request id in instance', () => {
    for (const { where, op } of operations) {
      for (const [status, response] of Object.entries(op['responses'] as Record<string, Json>)) {
        if (Number(status) < 400) continue
        const media = (response['content'] as Record<string, { schema: { allOf: Json[] }; example: Json }>)['application/problem+json']!
        const reasons = ((media.schema.allOf[1]!['properties'] as Json)['reason'] as { enum: string[] }).enum
        expect([where, status, media.example['status']]).toEqual([where, status, Number(status)])
        expect([where, status, reasons.includes(media.example['reason'] as string)]).toEqual([where, status, true])
        expect(media.example['instance']).toMatch(/^urn:request-id:[A-Za-z0-9._~-]{1,128}$/)
      }
    }
  })

  it('a narrowed error schema refuses an example whose reason belongs to another status (so the checks above can fail)', () => {
    const create = (document.paths['/v1/shipper/shipment'] as Record<string, Json>)['post']!
    const media = ((create['responses'] as Record<string, Json>)['409']!['content'] as Record<string, Json>)['application/problem+json']!
    const wrong = { ...(media['example'] as Json), reason: 'order_not_found', status: 409 }
    expect(validBy(media['schema'], wrong)).not.toBe(true)
    expect(validBy(media['schema'], { ...(media['example'] as Json), status: 400 })).not.toBe(true)
  })

  it('every header of components.headers has a valid example', () => {
    for (const [name, h] of Object.entries(document.components.headers)) expect([name, validBy(h['schema'], h['example'])]).toEqual([name, true])
  })
})

describe('the request examples are the bundled payloads of examples/', () => {
  for (const [name, file] of Object.entries(REQUEST_EXAMPLE_FILES)) {
    it(`${name} is examples/${file}`, () => {
      expect(REQUEST_EXAMPLES[name as keyof typeof REQUEST_EXAMPLES]).toEqual(JSON.parse(readFileSync(join(ROOT, 'examples', file!), 'utf8')))
    })
  }
  it('every JSON request body of the document uses one of them', () => {
    const used = operations.flatMap(({ op }) => {
      const media = (op['requestBody'] as { content: Record<string, Json> } | undefined)?.content['application/json']
      return media === undefined ? [] : [String(media['schema'] && (media['schema'] as Json)['$ref']).replace('#/components/schemas/', '')]
    })
    expect(used.sort()).toEqual(Object.keys(REQUEST_EXAMPLE_FILES).sort())
  })
})

describe('servers', () => {
  const base = {
    url: '{base_url}',
    description: expect.any(String),
    variables: { base_url: { default: 'http://127.0.0.1:8080', description: expect.any(String) } },
  }
  it('without options: only the base_url template, defaulting to the local sandbox', () => {
    expect(document.servers).toEqual([base])
  })
  it('with a serverUrl: that URL first (trailing slashes dropped), then the template', () => {
    expect(rightOf(openApiDocument({ serverUrl: 'http://127.0.0.1:41234/' })).servers).toEqual([{ url: 'http://127.0.0.1:41234', description: expect.any(String) }, base])
    expect(rightOf(openApiDocument({ serverUrl: 'https://sandbox.example.com' })).servers[0]).toMatchObject({ url: 'https://sandbox.example.com' })
    expect(rightOf(openApiDocument({ serverUrl: '' })).servers).toEqual([base])
  })
  it('info.contact names the project', () => {
    expect(document.info.contact).toEqual({ name: 'shipper-rules' })
  })
})
