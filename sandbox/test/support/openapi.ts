// Checks an HTTP answer against the library's generated OpenAPI document: the operation must
// declare the status, and a JSON body must validate against the schema declared for its content
// type (ajv, draft 2020-12, as the library's own test/openapi.test.ts compiles the components).
import ajv2020 from 'ajv/dist/2020.js'
import { openApiDocument } from 'shipper-rules/openapi'
import { schemaValidators } from './openapiSandbox.js'

const Ajv2020 = ajv2020.default
const DOCUMENT_ID = 'urn:shipper-rules:openapi'

type Json = Record<string, any>
const generated = openApiDocument()
if (generated._tag === 'Left') throw new Error(`OpenAPI document: ${generated.left.join('; ')}`)
export const document = generated.right as unknown as Json

const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false })
ajv.addFormat('int64', true)
const validatorFor = schemaValidators(ajv, DOCUMENT_ID, document)

const templates = Object.keys(document['paths']).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}))

const problemResponse = { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetail' } } } }

/**
 * Answers the document cannot declare per operation, because the request never reached one: an
 * unknown route or method (404), a JSON body over the size limit (413) or not JSON at all (415).
 * They must still be ProblemDetails.
 */
const TRANSPORT_STATUSES = new Set([413, 415])

/** A description of the mismatch, or undefined when the document describes the answer. */
export const checkAgainstOpenApi = (method: string, url: string, answer: { status: number; contentType: string; json: unknown }): string | undefined => {
  const path = url.split('?')[0] ?? url
  const match = templates.find((t) => t.pattern.test(path))
  const where = `${method} ${path} → ${answer.status}`
  const operation = match === undefined ? undefined : document['paths'][match.template][method.toLowerCase()]
  if (operation === undefined && answer.status !== 404) return `${where}: no operation in the document`
  const declared = operation?.responses[String(answer.status)]
  const response = declared ?? (operation === undefined || TRANSPORT_STATUSES.has(answer.status) ? problemResponse : undefined)
  if (response === undefined) return `${where}: status not declared`
  const mediaType = answer.contentType.split(';')[0]?.trim() ?? ''
  const content = response.content as Json | undefined
  if (content === undefined) return answer.json === undefined ? undefined : `${where}: a body where none is declared`
  const media = content[mediaType]
  if (media === undefined) return `${where}: content type ${mediaType} not declared (${Object.keys(content).join(', ')})`
  if (!mediaType.includes('json')) return undefined
  const validate = validatorFor(media.schema)
  return validate(answer.json) ? undefined : `${where}: ${ajv.errorsText(validate.errors)}`
}
