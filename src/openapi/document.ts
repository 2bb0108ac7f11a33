/**
 * The OpenAPI 3.1.0 document of the shipper API, interface version 1.2.0 (spec: Versioning 2;
 * Endpoints; Authentication; Errors), generated from the io-ts codecs of `src/model/`: the
 * component schemas by `jsonSchemaOf`, the operations from the table in `paths.ts`, and the
 * description from the strictness decisions, the cross-field rules and the default configuration,
 * so the document states what the validators accept and cannot drift from them.
 *
 * @module
 */
import type { Either } from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import { defaultConfig, type DimensionLimits, type RulesConfig } from '../config.js'
import { left, right } from '../internal/either.js'
import { CROSS_FIELD_RULES, HEADER, STRICTNESS_DECISIONS, type JsonSchema } from '../model/index.js'
import { COMPONENT_CODECS, COMPONENT_DESCRIPTIONS, type ComponentName } from './components.js'
import { configDeclaration, RULES_CONFIG_EXTENSION, type RulesConfigDeclaration } from './declaration.js'
import { jsonSchemaOf } from './jsonSchema.js'
import { shipperPaths, TAGS } from './paths.js'
import { HEADERS } from './responses.js'

/** A URL without its trailing slashes (a server URL ends before the paths' leading slash). */
const withoutTrailingSlash = (url: string): string => {
  let end = url.length
  while (end > 0 && url[end - 1] === '/') end--
  return url.slice(0, end)
}

/**
 * The generated OpenAPI 3.1.0 document.
 *
 * @category model
 * @since 0.2.0
 */
export interface OpenApiDocument {
  readonly openapi: '3.1.0'
  readonly info: {
    readonly title: string
    readonly version: string
    readonly summary: string
    readonly description: string
    readonly license: { readonly name: string; readonly identifier: string }
    readonly contact: { readonly name: string }
  }
  readonly servers: ReadonlyArray<JsonSchema>
  readonly security: ReadonlyArray<Readonly<Record<string, ReadonlyArray<string>>>>
  readonly tags: ReadonlyArray<{ readonly name: string; readonly description: string }>
  readonly paths: Readonly<Record<string, JsonSchema>>
  readonly components: {
    readonly schemas: Readonly<Record<ComponentName, JsonSchema>>
    readonly parameters: Readonly<Record<string, JsonSchema>>
    readonly headers: Readonly<Record<string, JsonSchema>>
    readonly securitySchemes: Readonly<Record<'bearerAuth' | 'apiKey', JsonSchema>>
  }
  /** The rules configuration the server keeps (since 0.4.0): see `configDeclaration` and `declaredConfig`. */
  readonly [RULES_CONFIG_EXTENSION]: RulesConfigDeclaration
}

/**
 * Options of {@link openApiDocument}.
 *
 * @category model
 * @since 0.3.0
 */
export interface OpenApiOptions {
  /**
   * The base URL (without the /v1/shipper prefix) of the server that serves the document, e.g.
   * the sandbox's own public URL: listed first in `servers`, before the `{base_url}` template. A
   * trailing slash is dropped.
   */
  readonly serverUrl?: string
  /**
   * The rules configuration the server keeps (default `defaultConfig`), since 0.4.0: written into
   * the document as the `x-shipper-rules-config` extension, and the description's limits are its
   * own. A configuration `makeConfig` refuses makes the generator a Left listing each violation.
   */
  readonly config?: RulesConfig
}

/** The default of the base_url server variable: the local sandbox. */
const LOCAL_SANDBOX = 'http://127.0.0.1:8080'

/** The interface version the spec gives the machine-readable description (Versioning 2). */
const INTERFACE_VERSION = '1.2.0'

const inches = (d: DimensionLimits): string => `${d.length} x ${d.width} x ${d.height} in`
/** A whole number with a comma every three digits (2,500), by a loop: no pattern to backtrack. */
const grouped = (n: number): string => {
  const s = String(n)
  let out = ''
  for (let i = 0; i < s.length; i++) out += (i > 0 && (s.length - i) % 3 === 0 ? ',' : '') + s[i]
  return out
}
const pounds = (n: number): string => `${grouped(n)} lb`

/** The description: what the document is, the strictness decisions, and the rules it cannot state. */
const description = (config: RulesConfig): string => {
  const p = config.pallet
  return [
    'Quotes, shipments, tracking, invoices, shipment documents and per-stop appointment data for a shipper company integrating pallet-based LTL/FTL freight booking. Every operation is scoped to the company that owns the API key; the company id is never sent in a request body. Money is an integer number of US cents; timestamps are ISO 8601 date-times with Z or an offset.',
    '',
    'This document is generated from the io-ts codecs of the `shipper-rules` library, which also state exactly what its request validators accept.',
    '',
    '## Strict by default',
    '',
    'Request bodies are read exactly as the schemas state them: nothing is trimmed, case-folded, or taken as absent when it is an empty string or null. Unknown properties are ignored and dropped (the schemas allow additional properties). Where the spec leaves strictness open:',
    '',
    '| Question | Decision |',
    '|---|---|',
    ...STRICTNESS_DECISIONS.map((d) => `| ${d.question} | ${d.decision} |`),
    '',
    '## Rules a schema cannot state',
    '',
    'These are checked by the service (and the library\'s validators), not by the schemas:',
    '',
    ...CROSS_FIELD_RULES.map((r) => `- ${r.rule}: ${r.where}.`),
    '',
    `The pallet limits are configuration-driven and may change; a violation message states the limit that applied. Defaults: each dimension at least ${inches(p.minDimensions)} and at most ${inches(p.maxDimensions)} (length x width x height), at most ${pounds(p.maxPoundsPerPallet)} per pallet; at a stop that requires a liftgate at most ${inches(p.liftgate.maxDimensions)} and ${pounds(p.liftgate.maxPoundsPerPallet)} per pallet; at most ${p.maxPalletsPerOrder} pallets per order. A pallet larger than the ${p.standardFootprint.length} x ${p.standardFootprint.width} in footprint is accepted and priced as oversized. Above a limit: 422 \`pallet_invalid\` with per-field violations.`,
    '',
    `Quotes are valid ${config.quoteValidityHours} hours; an Idempotency-Key is remembered for ${config.idempotencyWindowHours} hours.`,
    '',
    `The whole rules configuration this server keeps, with the choices the spec leaves open (freight class scale, total weight, calendar, position model, …), is declared in the \`${RULES_CONFIG_EXTENSION}\` extension at the root of this document.`,
    '',
    '## Deprecations',
    '',
    '`OrderComponent.palletDimensions` (positional [height, length, width]) is deprecated, still accepted, and will be removed in a future major release; use `dimensions`.',
  ].join('\n')
}

const SECURITY_SCHEMES: OpenApiDocument['components']['securitySchemes'] = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Authorization: Bearer <ACCESS_TOKEN>. Proves identity; the token must carry the scope `shipper` (a bearer token is not an OAuth 2 flow, so the scope is stated here and the security requirement lists none). Missing or invalid: 401. Always sent together with the API key.',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: HEADER.apiKey,
    description: 'Ties the call to the shipper company; all reads and writes are limited to its data. Missing, invalid or expired: 403. Always sent together with the bearer token.',
  },
}

/**
 * Returns the OpenAPI 3.1.0 document of the shipper API (interface version 1.2.0), generated
 * from the codecs: every request and response body a component schema, the 15 endpoints with
 * their parameters and problem responses, both credentials required together on every
 * operation. Every error response is narrowed to the reasons the operation can give, every
 * body, parameter and response carries an example, and every response declares its headers
 * (X-Request-Id; Retry-After on 429 and 500; Idempotent-Replayed on the create).
 * `options.serverUrl` (the URL of the server serving the document) is listed first in `servers`;
 * `options.config` (default `defaultConfig`) is declared in the root extension
 * `x-shipper-rules-config` (see `configDeclaration`) and gives the description its limits.
 * A codec the generator cannot state (an unannotated refinement, an unknown combinator) makes it
 * a Left listing each, by path. Built afresh on every call.
 * Implements no rule ID.
 *
 * @example
 * openApiDocument().right.openapi
 * //=> '3.1.0'
 *
 * @category codecs
 * @since 0.2.0
 */
export const openApiDocument = (options: OpenApiOptions = {}): Either<ReadonlyArray<string>, OpenApiDocument> => {
  const errors: string[] = []
  const names = new Map<unknown, string>(Object.entries(COMPONENT_CODECS).map(([name, codec]) => [codec, name]))
  if (names.size !== Object.keys(COMPONENT_CODECS).length) errors.push('components: one codec is registered under two names')
  const schemaOf = (codec: t.Any): JsonSchema => {
    const r = jsonSchemaOf(codec, names)
    if (r._tag === 'Left') {
      errors.push(...r.left)
      return {}
    }
    return r.right
  }
  const schemas = Object.fromEntries(
    (Object.keys(COMPONENT_CODECS) as ReadonlyArray<ComponentName>).map((name) => {
      const s = schemaOf(COMPONENT_CODECS[name])
      return [name, 'description' in s ? s : { description: COMPONENT_DESCRIPTIONS[name], ...s }]
    }),
  ) as Record<ComponentName, JsonSchema>
  const { paths, parameters } = shipperPaths(schemaOf)
  const declared = configDeclaration(options?.config ?? defaultConfig)
  if (declared._tag === 'Left') errors.push(...declared.left.map((v) => `config: ${v.field === '' ? '(root)' : v.field} ${v.reason}`))
  if (errors.length > 0 || declared._tag === 'Left') return left(errors)
  const config = declared.right.config
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Shipper Integration API',
      version: INTERFACE_VERSION,
      summary: 'Quotes, shipments, tracking, invoices, documents and appointments for shippers.',
      description: description(config),
      license: { name: 'MIT', identifier: 'MIT' },
      // the package names no repository, so the contact is the project's name (no e-mail)
      contact: { name: 'shipper-rules' },
    },
    servers: [
      ...(typeof options?.serverUrl === 'string' && options.serverUrl !== ''
        ? [{ url: withoutTrailingSlash(options.serverUrl), description: 'The server that served this document.' }]
        : []),
      {
        url: '{base_url}',
        description: 'Production or sandbox: the base URL given with the credentials (the default is a local sandbox).',
        variables: { base_url: { default: LOCAL_SANDBOX, description: 'The base URL, without the /v1/shipper prefix.' } },
      },
    ],
    // Both credentials together (Authentication 1): one requirement naming both schemes. The
    // bearer scheme is not OAuth 2, so it has no flows to declare scopes in: the requirement lists
    // none (lint tools expect that) and the scheme's description names the scope `shipper`.
    security: [{ bearerAuth: [], apiKey: [] }],
    tags: TAGS,
    paths,
    components: { schemas, parameters, headers: HEADERS, securitySchemes: SECURITY_SCHEMES },
    [RULES_CONFIG_EXTENSION]: declared.right,
  }
  // A JSON copy: nothing in the result is shared with the module's tables or a previous call.
  return right(JSON.parse(JSON.stringify(document)) as OpenApiDocument)
}
