// The component schemas of the generated OpenAPI document, compiled by ajv (draft 2020-12, the
// dialect of OpenAPI 3.1) exactly as a server or client using the document would: patterns with
// the `u` flag, lengths in code points, every `$ref` resolved against the document's own
// components. Strict mode stays on, so a keyword ajv does not know fails the compile; only the
// `int64` format (an OpenAPI annotation; the range is stated by minimum and maximum) and the
// `binary` format (the bytes of a file part or a PDF body, for code generators) are known and
// accept any value; strictTypes and strictRequired are off because the cross-field
// `if`/`then` schemas name properties and required names without repeating the object's schema.
import ajv2020 from 'ajv/dist/2020.js'
import type { ValidateFunction } from 'ajv'
import { isLeft } from 'fp-ts/lib/Either.js'
import { openApiDocument, type ComponentName, type OpenApiDocument } from '../../src/openapi/index.js'

// ajv is CommonJS: under NodeNext its default import is the module object, whose default is the class.
const Ajv2020 = ajv2020.default
type Ajv2020 = InstanceType<typeof Ajv2020>

/** The base URI under which the document's components are registered. */
const DOCUMENT_ID = 'urn:shipper-rules:openapi'

/** The generated document, or a failure listing what the generator could not state. */
export const generatedDocument = (): OpenApiDocument => {
  const d = openApiDocument()
  if (isLeft(d)) throw new Error(`the OpenAPI document cannot be generated:\n${d.left.join('\n')}`)
  return d.right
}

/** A fresh ajv holding every component of `document` (so `#/components/schemas/…` resolves). */
export const ajvFor = (document: OpenApiDocument = generatedDocument()): Ajv2020 => {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false })
  ajv.addFormat('int64', true)
  ajv.addFormat('binary', true)
  ajv.addKeyword('components')
  ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: document.components.schemas } })
  return ajv
}

let shared: Ajv2020 | undefined
const cache = new Map<string, ValidateFunction>()

/**
 * The compiled ajv validate function of a component schema of `openApiDocument()`, with every
 * component registered so that its `$ref`s resolve. Compiled once per name.
 */
export const compiledSchema = (name: ComponentName): ValidateFunction => {
  const hit = cache.get(name)
  if (hit !== undefined) return hit
  shared ??= ajvFor()
  const validate = shared.compile({ $ref: `${DOCUMENT_ID}#/components/schemas/${name}` })
  cache.set(name, validate)
  return validate
}

/** The compiled validate function of an array of one component (e.g. the pallet groups of examples/components). */
export const compiledArrayOf = (name: ComponentName): ValidateFunction => {
  shared ??= ajvFor()
  return shared.compile({ type: 'array', minItems: 1, items: { $ref: `${DOCUMENT_ID}#/components/schemas/${name}` } })
}
