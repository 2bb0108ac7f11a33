// The OpenAPI 3.1.0 document of the sandbox's own endpoints (served at GET /api-docs/sandbox),
// assembled from the features' parts (features/<resource>/openapi.ts: their endpoints, schemas,
// parameters and headers) and the library's document, whose ProblemDetail, Shipment, address
// and appointment schemas and X-Request-Id and Retry-After headers it copies, so they cannot
// drift from it. The parts are listed in the document's order.
import { defaultConfig, HEADER, type RulesConfig } from 'shipper-rules'
import { openApiDocument, RULES_CONFIG_EXTENSION } from 'shipper-rules/openapi'
import { addressesDocument } from '../features/addresses/openapi.js'
import { consoleDocument } from '../features/console/openapi.js'
import { keysDocument } from '../features/controls/keysOpenapi.js'
import { controlsDocument } from '../features/controls/openapi.js'
import { docsDocument } from '../features/docs/openapi.js'
import { documentsDocument } from '../features/documents/openapi.js'
import { healthDocument } from '../features/health/openapi.js'
import { operatorDocument } from '../features/operator/openapi.js'
import { CHALLENGE } from '../http/context.js'
import { operation, refsOf, SECURITY } from '../openapi/operation.js'
import { orderNumberString, type DocumentPart, type Json, type LibraryPieces, type SandboxDocumentResult } from '../openapi/parts.js'

export type { SandboxDocumentResult } from '../openapi/parts.js'

/** The features' parts, in the document's order (of tags and operations). */
const PARTS: ReadonlyArray<DocumentPart> = [controlsDocument, addressesDocument, documentsDocument, keysDocument, operatorDocument, consoleDocument, healthDocument, docsDocument]

/** The library's schemas the sandbox's refer to (with those they refer to). */
const SHARED_ROOTS = ['ProblemDetail', 'Shipment', 'AppointmentRequirementRequest'] as const
/** The library's response headers the sandbox's answers carry too. */
const SHARED_HEADERS = [HEADER.requestId, HEADER.retryAfter] as const

/** The bearer challenge of every 401 (http/context.ts sends it). */
const WWW_AUTHENTICATE: Json = { description: 'The bearer challenge (RFC 6750).', schema: { type: 'string' }, example: CHALLENGE }

const SECURITY_SCHEMES: Record<string, Json> = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A company\'s bearer token (the token of createCompany or createCompanyKey), sent together with its API key, as on the shipper API.',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: HEADER.apiKey,
    description: 'A company\'s API key, sent together with its bearer token, as on the shipper API.',
  },
  operatorToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The operator token: printed by the sandbox at start, or set with --operator-token / SANDBOX_OPERATOR_TOKEN.',
  },
}

/** The default servers: a base_url variable (the sandbox prefixes its own URL when it serves the document). */
export const SANDBOX_SERVERS: ReadonlyArray<Json> = [
  {
    url: '{base_url}',
    description: 'The sandbox: the base URL it was started with (--public-url), or the address it listens on.',
    variables: { base_url: { default: 'http://127.0.0.1:8080', description: 'The sandbox\'s base URL, without a trailing slash.' } },
  },
]

/** The endpoints of the document, for tests: method, path (OpenAPI template), operationId and who may call. */
export const sandboxOperations = (): ReadonlyArray<{ readonly method: string; readonly path: string; readonly operationId: string; readonly caller: string }> =>
  PARTS.flatMap((part) => part.endpoints.map((e) => ({ method: e.method, path: e.path, operationId: e.operationId, caller: e.caller })))

/**
 * The OpenAPI 3.1.0 document of the sandbox's own endpoints, generated afresh from the features'
 * parts and the library's document (whose ProblemDetail, Shipment, address and appointment
 * schemas it copies) and its declaration of the rules configuration (`config`, default the
 * library's defaults: the `x-shipper-rules-config` extension); a Left when the library's document cannot be generated or a part names a
 * schema neither has.
 */
export const sandboxOpenApiDocument = (config: RulesConfig = defaultConfig): SandboxDocumentResult => {
  const shipper = openApiDocument({ config })
  if (shipper._tag === 'Left') return { _tag: 'Left', left: shipper.left }
  const components = shipper.right.components as unknown as { schemas: Record<string, Json>; parameters?: Record<string, Json>; headers?: Record<string, Json> }
  const library = components.schemas
  const shipmentProps = (library['Shipment']?.['properties'] ?? {}) as Record<string, Json>
  const addressProps = (library['ShipmentAddress']?.['properties'] ?? {}) as Record<string, Json>
  const strip = ({ description: _d, example: _e, examples: _x, ...schema }: Json): Json => schema
  const address = library['Address']
  const shipmentAddress = library['ShipmentAddress']
  if (address === undefined || shipmentAddress === undefined) return { _tag: 'Left', left: ["the library's document has no schema Address or ShipmentAddress"] }
  const pieces: LibraryPieces = {
    dateTime: shipmentProps['createdAt'] !== undefined ? strip(shipmentProps['createdAt']) : { type: 'string', format: 'date-time' },
    notBlank: addressProps['name'] !== undefined ? strip(addressProps['name']) : { type: 'string', minLength: 1 },
    address,
    shipmentAddress,
    orderNumberSchema: components.parameters?.['orderNumber']?.['schema'] ?? orderNumberString,
  }
  const own: Record<string, Json> = Object.assign({}, ...PARTS.map((part) => part.schemas?.(pieces) ?? {}))
  const libraryHeaders = components.headers ?? {}
  const missingHeaders = SHARED_HEADERS.filter((h) => libraryHeaders[h] === undefined)
  if (missingHeaders.length > 0) return { _tag: 'Left', left: missingHeaders.map((h) => `the library's document has no header ${h}`) }
  // the library's schemas reached from the roots and from the sandbox's own, transitively
  const shared = new Set<string>()
  const fromOwn = new Set<string>()
  refsOf(own, fromOwn)
  const queue: string[] = [...SHARED_ROOTS, ...[...fromOwn].filter((n) => own[n] === undefined)]
  while (queue.length > 0) {
    const name = queue.pop()!
    if (shared.has(name) || library[name] === undefined) continue
    shared.add(name)
    const next = new Set<string>()
    refsOf(library[name], next)
    queue.push(...next)
  }
  const missing = SHARED_ROOTS.filter((n) => library[n] === undefined)
  if (missing.length > 0) return { _tag: 'Left', left: missing.map((n) => `the library's document has no schema ${n}`) }
  const schemas: Record<string, Json> = {}
  for (const name of [...shared].sort()) schemas[name] = library[name]!
  for (const [name, schema] of Object.entries(own)) schemas[name] = schema
  const endpoints = PARTS.flatMap((part) => part.endpoints)
  const unknown = endpoints.flatMap((e) => [e.success.schema, ...(e.body === undefined ? [] : [e.body.schema])]).filter((n) => n !== 'pdf' && schemas[n] === undefined)
  if (unknown.length > 0) return { _tag: 'Left', left: unknown.map((n) => `no schema ${n} in the sandbox's parts or the library's document`) }
  const withInstance = typeof (library['ProblemDetail']?.['properties'] as Json | undefined)?.['instance'] === 'object'
  const paths: Record<string, Record<string, Json>> = {}
  for (const e of endpoints) (paths[e.path] ??= {})[e.method] = operation(e, withInstance)
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Shipper Rules Sandbox Controls',
      version: '1.0.0',
      summary: 'The sandbox\'s own endpoints: clock, lifecycle, outbox, saved addresses, downloads, keys, operator controls, health.',
      description: [
        'What the shipper-rules sandbox adds to the shipper API (whose own document is GET /api-docs/shipper-v1): the parts of the lifecycle and of time the API does not expose, saved addresses with their appointment defaults, the notifications it would have sent, the pre-signed downloads, key revocation, the operator\'s control plane, and health.',
        '',
        `Three kinds of caller: a company, with the same two credentials as the API (a bearer token and an ${HEADER.apiKey}), reaching only its own data; the operator, with the operator token; anybody, for health, downloads (the link is its own credential) and the documents. Every answer carries ${HEADER.requestId}; every error is an application/problem+json ProblemDetail of the library's catalogue.`,
      ].join('\n'),
      contact: (shipper.right.info as { contact?: Json }).contact ?? { name: 'shipper-rules maintainers' },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: SANDBOX_SERVERS,
    security: SECURITY.company,
    tags: PARTS.flatMap((part) => part.tags),
    paths,
    components: {
      schemas,
      parameters: Object.assign({}, ...PARTS.map((part) => part.parameters?.(pieces) ?? {})) as Record<string, Json>,
      headers: { ...Object.fromEntries(SHARED_HEADERS.map((h) => [h, libraryHeaders[h]!])), 'WWW-Authenticate': WWW_AUTHENTICATE, ...Object.assign({}, ...PARTS.map((part) => part.headers ?? {})) },
      securitySchemes: SECURITY_SCHEMES,
    },
    // the rules configuration the sandbox keeps, as the shipper document declares it
    [RULES_CONFIG_EXTENSION]: shipper.right[RULES_CONFIG_EXTENSION],
  }
  return { _tag: 'Right', right: JSON.parse(JSON.stringify(document)) as Json }
}
