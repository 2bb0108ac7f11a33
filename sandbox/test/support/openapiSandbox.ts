// Checks an HTTP answer against the OpenAPI document that describes its path, response headers
// included: what test/support/openapi.ts does for /v1/shipper (operation, declared status, content
// type, JSON body against its schema), extended to
//   - the response headers: every header the response declares `required: true` is present, and
//     every declared header that is present validates against its schema (Retry-After an integer,
//     Idempotent-Replayed "true", X-Request-Id its pattern);
//   - headers every answer carries whatever the document says (X-Request-Id, decisions of issue 25);
//   - a body where the response declares none (a 204 with bytes);
//   - any number of documents, each owning the paths it declares: the shipper document for
//     /v1/shipper, the sandbox's own for /sandbox, /healthz, /readyz and /api-docs. An answer on
//     a path no document declares must be a 404 ProblemDetail.
// OPTIONS and HEAD are left out: a CORS preflight is answered by @fastify/cors before any route
// and no document describes it (test/conventions.test.ts checks its headers).
import ajv2020 from 'ajv/dist/2020.js'
import type { ValidateFunction } from 'ajv'

const Ajv2020 = ajv2020.default

type Json = Record<string, any>

/** An answer as the harness keeps it, with its headers. */
export interface CheckedAnswer {
  readonly status: number
  readonly headers: Headers
  /** The parsed body when the content type is JSON, else undefined. */
  readonly json: unknown
  /** The body's length in bytes. */
  readonly length: number
}

export interface CheckerOptions {
  /** Headers every answer must carry, lower case (e.g. x-request-id). */
  readonly everyAnswer?: ReadonlyArray<string>
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch']

/** One document's checker: undefined when the document does not declare the path, else the mismatches (none: []). */
export type DocumentChecker = (method: string, url: string, answer: CheckedAnswer) => string[] | undefined

/**
 * A checker for one OpenAPI 3.1 document. Schemas are compiled by ajv (draft 2020-12) once each,
 * `$ref`s resolved against the document's components; formats are not validated (the document's
 * own formats, binary and int64, are annotations) and annotation keywords such as `example` are
 * allowed.
 */
/**
 * Compiles a document's schemas with `ajv`, each once: the document's components are registered
 * under `id`, so a schema's `#/components/…` references resolve against them.
 */
export const schemaValidators = (ajv: InstanceType<typeof ajv2020.default>, id: string, document: Json): ((schema: Json) => ValidateFunction) => {
  ajv.addKeyword('components')
  ajv.addSchema({ $id: id, components: { schemas: document['components']?.['schemas'] ?? {} } })
  const compiled = new Map<string, ValidateFunction>()
  return (schema) => {
    const text = JSON.stringify(schema).replaceAll('"#/components/', `"${id}#/components/`)
    let v = compiled.get(text)
    if (v === undefined) {
      v = ajv.compile(JSON.parse(text))
      compiled.set(text, v)
    }
    return v
  }
}

let documents = 0

export const documentChecker = (document: Json, options: CheckerOptions = {}): DocumentChecker => {
  const id = `urn:openapi-document:${++documents}`
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false })
  const validatorFor = schemaValidators(ajv, id, document)
  const resolve = (node: Json | undefined): Json | undefined => {
    let at = node
    for (let hops = 0; at !== undefined && typeof at['$ref'] === 'string' && hops < 8; hops++) {
      at = (at['$ref'] as string)
        .slice(2)
        .split('/')
        .reduce<Json | undefined>((o, key) => o?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], document)
    }
    return at
  }
  // literal paths before templated ones, so /sandbox/companies never matches a {param} sibling
  const templates = Object.keys(document['paths'] ?? {})
    .map((template) => ({ template, params: (template.match(/\{/g) ?? []).length, pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`) }))
    .sort((a, b) => a.params - b.params)
  const everyAnswer = options.everyAnswer ?? []

  return (method, url, answer) => {
    const path = url.split('?')[0] ?? url
    const match = templates.find((t) => t.pattern.test(path))
    if (match === undefined) return undefined
    const where = `${method} ${path} → ${answer.status}`
    const failures: string[] = []
    for (const name of everyAnswer) if (!answer.headers.has(name)) failures.push(`${where}: no ${name} header`)
    const operation = resolve(document['paths'][match.template]?.[method.toLowerCase()])
    if (operation === undefined) {
      // a method the path does not have: the framework's 404 (or 405), a ProblemDetail
      if (answer.status !== 404 && answer.status !== 405) failures.push(`${where}: no operation ${method} in the document`)
      return failures
    }
    const responses = (operation['responses'] ?? {}) as Json
    const status = String(answer.status)
    const response = resolve(responses[status] ?? responses[`${status[0]}XX`] ?? responses['default'])
    if (response === undefined) return [...failures, `${where}: status not declared (${Object.keys(responses).join(', ')})`]

    for (const [name, declared] of Object.entries((response['headers'] ?? {}) as Json)) {
      const header = resolve(declared as Json)
      if (header === undefined || name.toLowerCase() === 'content-type') continue
      const value = answer.headers.get(name)
      if (value === null) {
        if (header['required'] === true && !everyAnswer.includes(name.toLowerCase())) failures.push(`${where}: required header ${name} missing`)
        continue
      }
      const schema = header['schema'] as Json | undefined
      if (schema === undefined) continue
      const type = resolve(schema)?.['type']
      const typed = (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : type === 'boolean' && (value === 'true' || value === 'false') ? value === 'true' : value
      const validate = validatorFor(schema)
      if (!validate(typed)) failures.push(`${where}: header ${name}: ${JSON.stringify(value)} ${ajv.errorsText(validate.errors, { dataVar: name })}`)
    }

    const content = response['content'] as Json | undefined
    const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    if (content === undefined) {
      if (answer.length > 0) failures.push(`${where}: a body (${mediaType || 'no content type'}, ${answer.length} bytes) where none is declared`)
      return failures
    }
    const media = content[mediaType] as Json | undefined
    if (media === undefined) return [...failures, `${where}: content type ${mediaType || '(none)'} not declared (${Object.keys(content).join(', ')})`]
    if (mediaType.endsWith('json') && media['schema'] !== undefined) {
      const validate = validatorFor(media['schema'] as Json)
      if (!validate(answer.json)) failures.push(`${where}: ${ajv.errorsText(validate.errors)}`)
    }
    return failures
  }
}

/**
 * Checks an answer against the first document that declares its path; an answer on a path none
 * declares must be a 404 ProblemDetail (application/problem+json with type, title, status 404,
 * reason) carrying the `everyAnswer` headers.
 */
export const documentsChecker = (checkers: ReadonlyArray<DocumentChecker>, options: CheckerOptions = {}) => (method: string, url: string, answer: CheckedAnswer): string[] => {
  if (!METHODS.includes(method.toLowerCase())) return []
  for (const check of checkers) {
    const failures = check(method, url, answer)
    if (failures !== undefined) return failures
  }
  const where = `${method} ${url.split('?')[0] ?? url} → ${answer.status}`
  const failures = (options.everyAnswer ?? []).filter((name) => !answer.headers.has(name)).map((name) => `${where}: no ${name} header`)
  if (answer.status !== 404) return [...failures, `${where}: no document declares the path`]
  const json = answer.json as Json | undefined
  const problem = (answer.headers.get('content-type') ?? '').startsWith('application/problem+json') && json !== undefined && typeof json['type'] === 'string' && typeof json['title'] === 'string' && json['status'] === 404 && typeof json['reason'] === 'string'
  return problem ? failures : [...failures, `${where}: an unknown path not answered with a 404 ProblemDetail`]
}
