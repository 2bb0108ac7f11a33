// The served OpenAPI documents, read by the console where it needs a fact of the API (the
// explorer's operations, forms and examples; the document types and stops an order page offers;
// the clock's bounds), so that the console retypes none of them: the sandbox serves the
// documents the library generates (GET /api-docs/shipper-v1 and /api-docs/sandbox, public).
import type { ConsoleApi } from './types.js'

export type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [key: string]: Json }
export type JsonObject = { readonly [key: string]: Json }

/** The documents the sandbox serves, by name. */
export const DOCUMENTS = { shipper: '/api-docs/shipper-v1', sandbox: '/api-docs/sandbox' } as const
export type DocumentName = keyof typeof DOCUMENTS

const cache = new Map<string, Promise<JsonObject | null>>()

/** A served document (read once per page load), or null when it cannot be read. */
export const loadDocument = (api: ConsoleApi, name: DocumentName): Promise<JsonObject | null> => {
  const path = DOCUMENTS[name]
  let doc = cache.get(path)
  if (doc === undefined) {
    doc = api.get(path).then((a) => (a.ok && isObject(a.json) ? (a.json as JsonObject) : null))
    cache.set(path, doc)
    void doc.then((d) => {
      if (d === null) cache.delete(path)
    })
  }
  return doc
}

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Follows a local `$ref` (`#/components/...`) as often as needed (at most 20 hops). */
export const resolve = (doc: JsonObject, node: Json | undefined): Json | undefined => {
  let current = node
  for (let hops = 0; hops < 20 && isObject(current) && typeof current['$ref'] === 'string'; hops++) {
    const ref = current['$ref']
    if (!ref.startsWith('#/')) return undefined
    let target: Json | undefined = doc
    for (const part of ref.slice(2).split('/')) {
      const key = part.replace(/~1/g, '/').replace(/~0/g, '~')
      target = isObject(target) ? target[key] : undefined
    }
    current = target
  }
  return current
}

export type Parameter = { readonly name: string; readonly in: string; readonly required: boolean; readonly description: string; readonly schema: JsonObject; readonly example: Json | undefined }

export type Operation = {
  readonly document: DocumentName
  readonly method: string
  readonly path: string
  readonly operationId: string
  readonly summary: string
  readonly description: string
  readonly parameters: ReadonlyArray<Parameter>
  /** The JSON body's schema and example, when the operation takes a JSON body. */
  readonly body: { readonly schema: JsonObject; readonly example: Json | undefined; readonly required: boolean } | null
  /** A body the explorer cannot build (multipart upload), named by its media type. */
  readonly otherBody: string | null
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

const readParameter = (doc: JsonObject, node: Json | undefined): Parameter | null => {
  const p = resolve(doc, node)
  if (!isObject(p) || typeof p['name'] !== 'string' || typeof p['in'] !== 'string') return null
  const schema = resolve(doc, p['schema'])
  return {
    name: p['name'],
    in: p['in'],
    required: p['required'] === true,
    description: typeof p['description'] === 'string' ? p['description'] : '',
    schema: isObject(schema) ? schema : {},
    example: p['example'] ?? (isObject(schema) ? schema['example'] : undefined),
  }
}

/** Every operation of a document, in the document's order. */
export const operationsOf = (doc: JsonObject, document: DocumentName): ReadonlyArray<Operation> => {
  const paths = doc['paths']
  if (!isObject(paths)) return []
  const out: Operation[] = []
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue
    const shared = Array.isArray(item['parameters']) ? (item['parameters'] as ReadonlyArray<Json>) : []
    for (const method of METHODS) {
      const op = item[method]
      if (!isObject(op)) continue
      const own = Array.isArray(op['parameters']) ? (op['parameters'] as ReadonlyArray<Json>) : []
      const parameters = [...shared, ...own].map((p) => readParameter(doc, p)).filter((p): p is Parameter => p !== null)
      const requestBody = resolve(doc, op['requestBody'])
      const content = isObject(requestBody) && isObject(requestBody['content']) ? requestBody['content'] : {}
      const json = content['application/json']
      const body = isObject(json)
        ? { schema: ((s) => (isObject(s) ? s : {}))(resolve(doc, json['schema'])), example: json['example'], required: isObject(requestBody) && requestBody['required'] === true }
        : null
      const otherTypes = Object.keys(content).filter((t) => t !== 'application/json')
      out.push({
        document,
        method: method.toUpperCase(),
        path,
        operationId: typeof op['operationId'] === 'string' ? op['operationId'] : `${method} ${path}`,
        summary: typeof op['summary'] === 'string' ? op['summary'] : '',
        description: typeof op['description'] === 'string' ? op['description'] : '',
        parameters,
        body,
        otherBody: body === null && otherTypes.length > 0 ? otherTypes.join(', ') : null,
      })
    }
  }
  return out
}

/** The enum of a component parameter (`components.parameters.<name>.schema.enum`), or empty. */
export const parameterEnum = (doc: JsonObject, name: string): ReadonlyArray<string> => {
  const components = doc['components']
  const parameters = isObject(components) ? components['parameters'] : undefined
  const p = readParameter(doc, isObject(parameters) ? parameters[name] : undefined)
  const values = p?.schema['enum']
  return Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : []
}

/** The example of a component parameter, as text ('' when it has none). */
export const parameterExample = (doc: JsonObject, name: string): string => {
  const components = doc['components']
  const parameters = isObject(components) ? components['parameters'] : undefined
  const example = readParameter(doc, isObject(parameters) ? parameters[name] : undefined)?.example
  return typeof example === 'string' ? example : ''
}

/** A component schema (`components.schemas.<name>`), resolved, or null. */
export const componentSchema = (doc: JsonObject, name: string): JsonObject | null => {
  const components = doc['components']
  const schemas = isObject(components) ? components['schemas'] : undefined
  const schema = resolve(doc, isObject(schemas) ? schemas[name] : undefined)
  return isObject(schema) ? schema : null
}
