// The contract test runner (issue 25, item 3): Portman 1.33 turns each document the sandbox
// serves (/api-docs/shipper-v1, 15 operations; /api-docs/sandbox, 28, of which the console's event stream is not run: see NOT_RUN) into a Postman collection
// with its contract tests (a 2xx status, the declared content type, a JSON body valid against the
// response schema, the declared response headers present), built from the document's own
// examples; Newman 6 runs it against a fresh sandbox. What an example cannot name (a quote id,
// order numbers in the states each operation needs, a saved address id, a download link's
// signature, the credentials) is made here through the harness and handed to Newman as variables,
// which portman-shipper.json and portman-sandbox.json substitute for those values and nothing else.
// Two more lines of configuration, each a tool limit rather than the document's:
//   - the upload part's encoding.contentType is the list "application/pdf, image/jpeg, image/png"
//     (OpenAPI: any of them); Postman sends the part with that literal Content-Type, which the
//     sandbox answers 415, so the collection names application/pdf (rawReplacements);
//   - a download link expires by the company clock, which the advanceClock example moves 2 hours
//     on, so the Downloads folder runs first (orderOfFolders).
//
// Why Portman: Dredd 14.1 (apiaryio/dredd) is archived, its OpenAPI 3 support was experimental and
// 3.0-only (3.1 documents are not supported); Portman is maintained, reads OpenAPI 3.1, and its
// checks are the document's own (status, content type, schema, headers). Its cost is the install:
// Portman with Newman and openapi-to-postmanv2 add about 240 MB to node_modules.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { limitMs } from 'shipper-rules-testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBody, OPERATOR_TOKEN, removeStore, startSandbox, type Credentials, type Sandbox } from '../support/harness.js'
import { makePdf } from '../support/pdfFixtures.js'
import { newmanRun, operationsOf, portmanCollection, requestsOf } from './portman.js'

type Json = Record<string, any>

const config = (name: string): Json => JSON.parse(readFileSync(new URL(`./portman-${name}.json`, import.meta.url), 'utf8')) as Json

/** Each document's conversion and run (two processes) on an idle machine, stretched by the load. */
const LIMIT = limitMs(120_000)

/**
 * Operations of each document the runner cannot exercise, each with the reason. Empty: all run.
 */
const NOT_RUN: Record<'shipper' | 'sandbox', Record<string, string>> = {
  shipper: {},
  sandbox: { streamConsoleRequests: 'a server-sent event stream stays open, and Newman waits for a whole answer (test/console-api.test.ts and sandbox-openapi.test.ts read it)' },
}

let sandbox: Sandbox
let acme: Credentials
let work: string

beforeAll(async () => {
  sandbox = await startSandbox()
  acme = await sandbox.company('Contract Runner Co')
  work = mkdtempSync(join(tmpdir(), 'sandbox-contract-'))
  writeFileSync(join(work, 'document.pdf'), await makePdf(1, 'Contract run'))
}, LIMIT)
afterAll(async () => {
  await sandbox.stop()
  removeStore(sandbox.storeOptions)
  rmSync(work, { recursive: true, force: true })
})

const served = async (path: string): Promise<Json> => {
  const answer = await fetch(`${sandbox.base}${path}`)
  expect(answer.status, path).toBe(200)
  return (await answer.json()) as Json
}

/** The example of a media type object or a parameter: `example`, or the first of `examples`. */
const exampleOf = (holder: Json | undefined): unknown => {
  if (holder === undefined) return undefined
  if (holder['example'] !== undefined) return holder['example']
  const first = Object.values((holder['examples'] ?? {}) as Json)[0] as Json | undefined
  return first?.['value']
}

const resolve = (document: Json, node: Json): Json => {
  const ref = node['$ref']
  return typeof ref === 'string' ? (ref.slice(2).split('/').reduce((at: Json, key) => at[key], document) as Json) : node
}

const parameterExample = (document: Json, path: string, method: string, name: string): unknown => {
  const parameters = [...(document['paths'][path]['parameters'] ?? []), ...(document['paths'][path][method]['parameters'] ?? [])].map((p: Json) => resolve(document, p))
  const parameter = parameters.find((p) => p['name'] === name)
  return exampleOf(parameter) ?? exampleOf(parameter?.['schema'])
}

const bodyExample = (document: Json, path: string, method: string): Json | undefined => exampleOf(document['paths'][path][method]['requestBody']?.['content']?.['application/json']) as Json | undefined

/** The orders the operations need, each in its state, made from the document's own examples. */
const makeShipperFixtures = async (document: Json): Promise<Record<string, string>> => {
  const call = async (method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Json> => {
    const answer = await sandbox.call(method, path, { as: acme, body, ...(headers !== undefined ? { headers } : {}) })
    if (answer.status !== 200) throw new Error(`fixture ${method} ${path}: ${answer.status} ${answer.bytes.toString('utf8')}`)
    return answer.json as Json
  }
  // the quote the create example names must exist and match it (lane, priced accessorials,
  // freight: CRT-05), so it is requested from the create example's own lane and freight (the
  // state too: PR with country us is the territory PR)
  const create = bodyExample(document, '/v1/shipper/shipment', 'post') ?? createBody()
  const lane = (address: Json): Json => Object.fromEntries(['zipCode', 'state', 'country', 'liftgateRequired', 'insideRequired'].filter((k) => address[k] !== undefined).map((k) => [k, address[k]]))
  const reference = parameterExample(document, '/v1/shipper/quotes/by-reference', 'get', 'reference')
  const quote = await call('POST', '/v1/shipper/quote', {
    pickupAddress: lane(create['pickupAddress']),
    deliveryAddress: lane(create['deliveryAddress']),
    orderComponents: create['orderComponents'],
    ...(typeof reference === 'string' ? { customerReference: reference } : {}),
  })
  const order = async (): Promise<string> => (await call('POST', '/v1/shipper/shipment', { ...create, quoteId: quote['id'] }))['orderNumber'] as string
  const [delivered, confirmable, cancellable, open, confirmed] = [await order(), await order(), await order(), await order(), await order()]
  const requirement = bodyExample(document, '/v1/shipper/shipment/{orderNumber}/appointment/{stop}', 'put') ?? { channel: 'PHONE', contacts: [{ name: 'Dock desk', phone: '+12145550100' }] }
  for (const stop of ['PICKUP', 'DELIVERY']) await call('PUT', `/v1/shipper/shipment/${delivered}/appointment/${stop}`, requirement)
  await call('PUT', `/v1/shipper/shipment/${delivered}/confirm`)
  await call('PUT', `/v1/shipper/shipment/${confirmed}/confirm`)
  for (const event of ['ACCEPT', 'ASSIGN', 'PICK_UP', 'DELIVER']) await call('POST', `/sandbox/orders/${delivered}/events`, { event })
  return { apiKey: acme.apiKey, bearerToken: acme.token, quoteId: String(quote['id']), deliveredOrder: delivered!, confirmableOrder: confirmable!, cancellableOrder: cancellable!, openOrder: open!, confirmedOrder: confirmed! }
}

let shipperFixtures: Promise<{ document: Json; variables: Record<string, string> }> | undefined
/** The shipper document and its fixtures, made once for both tests (the sandbox controls act on those orders too). */
const shipper = (): Promise<{ document: Json; variables: Record<string, string> }> =>
  (shipperFixtures ??= (async () => {
    const document = await served('/api-docs/shipper-v1')
    return { document, variables: await makeShipperFixtures(document) }
  })())

/** What the sandbox document's operations need besides the shipper fixtures. */
const sandboxFixtures = async (document: Json, variables: Record<string, string>): Promise<Record<string, string>> => {
  const call = async (method: string, path: string, body?: unknown, as: Credentials = acme): Promise<Json> => {
    const answer = await sandbox.call(method, path, { as, body })
    if (answer.status !== 200 && answer.status !== 201) throw new Error(`fixture ${method} ${path}: ${answer.status} ${answer.bytes.toString('utf8')}`)
    return answer.json as Json
  }
  const address = await call('POST', '/sandbox/addresses', bodyExample(document, '/sandbox/addresses', 'post'))
  const link = new URL(String((await call('GET', `/v1/shipper/shipment/${variables['deliveredOrder']}/document/BILL_OF_LADING`))['downloadLink']))
  const [, , , downloadOrder, downloadFile] = link.pathname.split('/')
  // an entry of the company's request log for getConsoleRequest (written a moment after the answer)
  let entryId: string | undefined
  for (const deadline = Date.now() + limitMs(15_000); entryId === undefined && Date.now() < deadline; await new Promise((r) => setTimeout(r, 25))) {
    entryId = ((await call('GET', '/sandbox/console/requests?limit=1'))['items'] as Json[])[0]?.['id'] as string | undefined
  }
  // revokeApiKey revokes the key it is called with: a further key of the company, made for it
  const spare = await sandbox.company('Contract Runner Co')
  return {
    apiKey: acme.apiKey,
    bearerToken: acme.token,
    operatorToken: OPERATOR_TOKEN,
    companyId: acme.companyId,
    revokeKey: spare.apiKey,
    revokeToken: spare.token,
    // CONFIRMED, for the example event ACCEPT
    confirmedOrder: variables['confirmedOrder']!,
    deliveredOrder: variables['deliveredOrder']!,
    addressId: String(address['id']),
    downloadOrder: downloadOrder!,
    downloadFile: downloadFile!,
    expires: link.searchParams.get('expires') ?? '',
    signature: link.searchParams.get('signature') ?? '',
    entryId: entryId ?? '',
  }
}

/** Converts, runs and checks one document: every operation once, every contract test passed. */
const runDocument = async (name: 'shipper' | 'sandbox', document: Json, variables: Record<string, string>): Promise<void> => {
  const operations = operationsOf(document)
  for (const id of Object.keys(NOT_RUN[name])) expect(operations.map((o) => o.operationId)).toContain(id)
  // the operations not run are left out of the document Portman converts
  const runnable = structuredClone(document)
  for (const item of Object.values(runnable['paths'] as Record<string, Json>)) for (const [method, op] of Object.entries(item)) if (NOT_RUN[name][(op as Json)?.['operationId']] !== undefined) delete item[method]
  const collection = await portmanCollection(work, name, runnable, config(name), sandbox.base)
  const requests = requestsOf(collection)
  const key = (o: { method: string; path: string }): string => `${o.method} ${o.path}`
  expect(requests.map(key).sort()).toEqual(operations.filter((o) => NOT_RUN[name][o.operationId] === undefined).map(key).sort())
  const { executions, failures } = await newmanRun(work, name, collection, variables)
  expect(failures).toEqual([])
  expect(executions.map((e) => e.id).sort()).toEqual(requests.map((r) => r.id).sort())
  const failed = executions.filter((e) => e.failed.length > 0 || e.passed === 0).map((e) => `${e.name} → ${e.status}: ${e.failed.join('; ')}`)
  expect(failed).toEqual([])
}

describe('Portman + Newman over the documents the sandbox serves', () => {
  it(
    'shipper-v1: all 15 operations run once with the document\u2019s examples and pass their contract tests',
    async () => {
      const { document, variables } = await shipper()
      expect(operationsOf(document)).toHaveLength(15)
      await runDocument('shipper', document, variables)
    },
    LIMIT,
  )

  it(
    'sandbox: every operation runs once with the document\u2019s examples and passes its contract tests',
    async () => {
      const document = await served('/api-docs/sandbox')
      const { variables } = await shipper()
      await runDocument('sandbox', document, await sandboxFixtures(document, variables))
    },
    LIMIT,
  )
})
