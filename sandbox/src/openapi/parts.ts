// The building blocks of the sandbox's own OpenAPI document (served at GET /api-docs/sandbox):
// what one endpoint's entry says (who may call it, its body, its success, the problems it can
// answer), the problem tables every endpoint of a kind shares, the examples several features
// share, and the small schema helpers. Each feature describes its own endpoints with these
// (features/<resource>/openapi.ts), next to its routes; server/sandboxDocument.ts assembles the
// document from the features' parts. Every body, parameter and response carries an example the
// sandbox accepts or answers (test/sandbox-openapi.test.ts checks each against its schema and
// walks every operation).
import { HEADER, problemFor, REASON_CATALOGUE, violationAt, WIRE_FORMATS, type ProblemDetail, type ReasonCode } from 'shipper-rules'
import type { Access } from '../http/access.js'
import { DEFAULT_BODY_LIMIT_BYTES } from '../http/context.js'

export type Json = Record<string, unknown>

/** The document, or why it cannot be generated (the library's document could not be). */
export type SandboxDocumentResult = { readonly _tag: 'Right'; readonly right: Json } | { readonly _tag: 'Left'; readonly left: ReadonlyArray<string> }

/** The statuses a sandbox endpoint answers with a ProblemDetail. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 413 | 414 | 415 | 429 | 431 | 500
export const STATUS_ORDER: ReadonlyArray<ErrorStatus> = [400, 401, 403, 404, 408, 409, 413, 414, 415, 429, 431, 500]

/** The reason codes the catalogue gives a status. */
type ReasonsOf<S extends number> = { [R in ReasonCode]: (typeof REASON_CATALOGUE)[R]['status'] extends S ? R : never }[ReasonCode]

/** What a status means on one endpoint: the reasons it can carry, when, and an example (the first reason's plain problem when absent). */
export type Problems = { readonly [S in ErrorStatus]?: { readonly reasons: ReadonlyArray<ReasonsOf<S>>; readonly note: string; readonly example?: ProblemDetail } }

export interface Success {
  readonly status: 200 | 201
  readonly description: string
  /** A component schema (the sandbox's own or the library's), or a PDF. */
  readonly schema: string
  readonly example: unknown
}

/** One sandbox endpoint. `caller` is the route's own access (http/access.ts), so the document and the server cannot disagree on who may call. */
export interface Endpoint {
  readonly method: 'get' | 'put' | 'post'
  readonly path: string
  readonly operationId: string
  readonly tag: string
  readonly summary: string
  readonly description: string
  readonly caller: Access
  /** Names of component parameters. */
  readonly parameters?: ReadonlyArray<string>
  readonly body?: { readonly schema: string; readonly description: string; readonly example: unknown }
  readonly success: Success
  readonly problems: Problems
}

/** What the library's document gives the sandbox's schemas to build on. */
export interface LibraryPieces {
  /** The library's date-time string schema (without description or example). */
  readonly dateTime: Json
  /** The library's required-text schema (without description or example). */
  readonly notBlank: Json
  /** The library's Address and ShipmentAddress schemas. */
  readonly address: Json
  readonly shipmentAddress: Json
  /** The library's orderNumber path parameter schema. */
  readonly orderNumberSchema: unknown
}

/** A feature's part of the document: its tags, endpoints, component schemas, parameters and headers. */
export interface DocumentPart {
  readonly tags: ReadonlyArray<{ readonly name: string; readonly description: string }>
  readonly endpoints: ReadonlyArray<Endpoint>
  readonly schemas?: (library: LibraryPieces) => Record<string, Json>
  readonly parameters?: (library: LibraryPieces) => Record<string, Json>
  readonly headers?: Record<string, Json>
}

// ---- examples several features share (what the sandbox accepts and answers) ----

export const EXAMPLE_COMPANY_ID = 'cmp_3f9a1c27b84e'
export const EXAMPLE_ORDER = 'K7QX2'
export const EXAMPLE_NOW = '2026-11-26T21:34:10.357Z'

export const exampleShipment = (orderStatus: string) => ({
  id: 'ord_e51263ad-1a20-4bfd-b2d5-b4627d9f4cc2',
  companyId: EXAMPLE_COMPANY_ID,
  userId: 'usr_3f9a1c27b84e',
  orderNumber: EXAMPLE_ORDER,
  orderStatus,
  totalPriceInCents: 36650,
  createdAt: '2026-11-26T19:34:09.165Z',
  updatedAt: EXAMPLE_NOW,
})

export const validation = (field: string, code: 'required' | 'out_of_range' | 'pattern', message: string): ProblemDetail =>
  problemFor('validation_failed', undefined, [violationAt([field], null, code, message)])

/** The order number's schema in the sandbox's own schemas: the library's wire format. */
export const orderNumberString: Json = { type: 'string', pattern: WIRE_FORMATS.orderNumber.pattern }

// ---- the problems every endpoint of a kind can answer ----

export const COMPANY: Problems = {
  401: { reasons: ['unauthorized'], note: 'missing or invalid bearer token (the operator token is not a company credential); the answer carries a WWW-Authenticate bearer challenge' },
  403: { reasons: ['forbidden'], note: 'missing, invalid, revoked or expired API key' },
  429: { reasons: ['too_many_requests'], note: `too many failed authentications from this client address; ${HEADER.retryAfter} gives the seconds to wait` },
  500: { reasons: ['internal_error'], note: `an unexpected error, or the database is unavailable (then with ${HEADER.retryAfter})` },
}
export const OPERATOR: Problems = {
  401: { reasons: ['unauthorized'], note: 'missing or wrong operator token (a company\'s credentials are not the operator token); the answer carries a WWW-Authenticate bearer challenge' },
  429: COMPANY[429]!,
  500: COMPANY[500]!,
}
export const ANYBODY: Problems = { 500: COMPANY[500]! }

/** What the HTTP layer answers on a request with a body, before the handler reads it. */
export const BODY: Problems = {
  400: { reasons: ['bad_request'], note: 'the body is not valid JSON' },
  413: { reasons: ['file_too_large'], note: `the body is larger than the limit (${DEFAULT_BODY_LIMIT_BYTES / 1_048_576} MiB by default)` },
  415: { reasons: ['unsupported_media_type'], note: 'the body is not JSON (Content-Type application/json or a +json type)' },
}
export const ORDER: Problems = {
  400: { reasons: ['validation_failed'], note: 'a malformed orderNumber', example: validation('orderNumber', 'pattern', `must be ${WIRE_FORMATS.orderNumber.description}`) },
  403: { reasons: ['forbidden'], note: 'missing, invalid, revoked or expired API key, or an order of another company' },
  404: { reasons: ['shipment_not_found'], note: 'no order of that number' },
}
/**
 * What the HTTP layer answers on every operation before any route runs (server/server.ts: the
 * parser's raw answers, a URL that does not decode, the request timeout): merged into each operation's own.
 */
export const HTTP_LAYER: Problems = {
  400: { reasons: ['bad_request'], note: 'a URL, header or body that cannot be read (a bad percent-encoding, malformed JSON)' },
  408: { reasons: ['request_timeout'], note: 'the request did not arrive in time (--request-timeout)' },
  414: { reasons: ['uri_too_long'], note: 'the request line or a path value is too long' },
  431: { reasons: ['request_header_fields_too_large'], note: 'the request headers are too large' },
}

/** Merges problem tables: a later table's reasons join an earlier one's for the same status, notes joined. */
export const merge = (...tables: ReadonlyArray<Problems>): Problems => {
  const out: Record<number, { reasons: ReasonCode[]; note: string; example?: ProblemDetail }> = {}
  for (const table of tables) {
    for (const status of STATUS_ORDER) {
      const p = table[status]
      if (p === undefined) continue
      const have = out[status]
      if (have === undefined) out[status] = { reasons: [...p.reasons], note: p.note, ...(p.example !== undefined ? { example: p.example } : {}) }
      else {
        const added = p.reasons.filter((r) => !have.reasons.includes(r))
        out[status] = {
          reasons: [...have.reasons, ...added],
          note: added.length === 0 ? p.note : `${have.note}; or ${p.note}`,
          ...((have.example ?? p.example) !== undefined ? { example: (have.example ?? p.example)! } : {}),
        }
      }
    }
  }
  return out as Problems
}

// ---- schema helpers ----

export const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` })
export const nullable = (schema: Json): Json => ({ anyOf: [schema, { type: 'null' }] })
export const whole = (minimum: number, maximum: number, description: string): Json => ({ type: 'integer', minimum, maximum, description })
/** A path parameter. */
export const pathParameter = (name: string, description: string, schema: unknown, example: string): Json => ({ name, in: 'path', required: true, description, schema, example })

/**
 * A library object schema with more properties (and required ones): one flat schema rather than an
 * allOf, so that example checkers and generators that close objects see every property.
 */
export const extend = (base: Json, more: { readonly description: string; readonly required?: ReadonlyArray<string>; readonly properties: Json }): Json => ({
  ...base,
  description: more.description,
  required: [...((base['required'] ?? []) as ReadonlyArray<string>), ...(more.required ?? [])],
  properties: { ...((base['properties'] ?? {}) as Json), ...more.properties },
})
