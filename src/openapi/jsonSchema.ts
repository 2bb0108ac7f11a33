/**
 * The JSON Schema of an io-ts codec (spec: Versioning 2, "the machine-readable description is
 * OpenAPI 3.1.0"): the walker that turns the wire codecs of `src/model/` into the draft 2020-12
 * schemas of the generated OpenAPI document, so the codecs stay the one source of truth.
 *
 * Plain io-ts combinators are read by their `_tag`; a refinement (and any other codec built in
 * `model/schema.ts`) carries a `jsonSchema` annotation holding the keywords it adds, which are
 * merged with its base type's schema. A refinement without an annotation, or a combinator this
 * walker does not know, is an error naming the codec's path: the document never states less
 * than the codec checks, and nothing is thrown.
 *
 * @module
 */
import type { Either } from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import { left, right } from '../internal/either.js'
import { isDescribed, type JsonSchema } from '../model/schema.js'

/**
 * The codecs that are named components of the document, each mapped (by object identity) to its
 * name under `#/components/schemas/`.
 *
 * @internal
 */
export type ComponentNames = ReadonlyMap<unknown, string>

/** The `$ref` of a named component. */
const refTo = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` })

/** Keywords that only describe (the later one wins when a refinement restates one). */
const ANNOTATIONS: ReadonlySet<string> = new Set(['description', 'deprecated', 'title', 'examples', 'default', 'readOnly', 'writeOnly', '$comment'])

/** Numeric bounds where the tighter of two values applies when a refinement narrows its base. */
const TIGHTER: Readonly<Record<string, (a: number, b: number) => number>> = {
  minimum: Math.max,
  exclusiveMinimum: Math.max,
  minLength: Math.max,
  minItems: Math.max,
  minProperties: Math.max,
  maximum: Math.min,
  exclusiveMaximum: Math.min,
  maxLength: Math.min,
  maxItems: Math.min,
  maxProperties: Math.min,
}

/** Structural equality of two JSON values. */
const sameJson = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  )
}

/**
 * The conjunction of a base schema and the keywords a refinement adds: a new keyword is added, a
 * bound keeps the tighter value, `type: 'integer'` narrows `type: 'number'`, an annotation
 * (description, deprecated, …) replaces the base's, and any other keyword the base already has
 * with another value goes into an `allOf` member, so no constraint is lost.
 */
const narrow = (base: JsonSchema, added: JsonSchema): JsonSchema => {
  const out: Record<string, unknown> = { ...base }
  const conflicts: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(added)) {
    const had = out[k]
    const tighter = TIGHTER[k]
    if (!(k in out) || ANNOTATIONS.has(k)) out[k] = v
    else if (sameJson(had, v)) continue
    else if (tighter !== undefined && typeof had === 'number' && typeof v === 'number') out[k] = tighter(had, v)
    else if (k === 'type' && had === 'number' && v === 'integer') out[k] = v
    else if (k === 'type' && had === 'integer' && v === 'number') continue
    else conflicts[k] = v
  }
  if (Object.keys(conflicts).length > 0) {
    const allOf = out['allOf']
    out['allOf'] = Array.isArray(allOf) ? [...(allOf as ReadonlyArray<unknown>), conflicts] : [conflicts]
  }
  return out
}

/** Whether a value is an `anyOf` entry that only requires members: `{ required: [names] }`. */
const isRequiredOnly = (entry: unknown): entry is { readonly required: ReadonlyArray<string> } =>
  typeof entry === 'object' &&
  entry !== null &&
  Object.keys(entry).length === 1 &&
  Array.isArray((entry as { required?: unknown }).required) &&
  ((entry as { required: ReadonlyArray<unknown> }).required).every((n) => typeof n === 'string')

/**
 * An object schema whose `anyOf` only requires members (the email-or-phone rule: `anyOf: [{ required:
 * [email] }, { required: [phone] }]`) written as the same alternatives, each a whole object schema
 * (`anyOf: [{ type: object, properties, required: [name, email] }, { …, required: [name, phone] }]`),
 * with the annotations kept at the top. It accepts exactly the same values; code generators
 * (openapi-typescript, hey-api) then type it as a union of two object types, where the bare
 * `required` alternatives made them give up (`unknown`): `contact.name` compiles and a typo does not.
 */
const distributeRequiredAlternatives = (schema: JsonSchema): JsonSchema => {
  const anyOf = schema['anyOf']
  if (!isObjectSchema(schema) || !Array.isArray(anyOf) || anyOf.length < 2 || !anyOf.every(isRequiredOnly)) return schema
  const top = Object.fromEntries(Object.entries(schema).filter(([k]) => ANNOTATIONS.has(k)))
  const body = Object.fromEntries(Object.entries(schema).filter(([k]) => !ANNOTATIONS.has(k) && k !== 'anyOf'))
  const required = (body['required'] ?? []) as ReadonlyArray<string>
  return {
    ...top,
    anyOf: anyOf.map((alternative) => ({ ...body, required: [...required, ...alternative.required.filter((n) => !required.includes(n))] })),
  }
}

/** Whether a schema is a plain object schema (not a reference) whose members can be merged. */
const isObjectSchema = (s: JsonSchema): boolean => s['type'] === 'object' && !('$ref' in s)

/**
 * One object schema for the members of an intersection that are all objects: the union of their
 * properties (a property two members state differently is the `allOf` of both) and of their
 * required names; the members' other keywords (cross-field `anyOf`, `if`/`then`/`else`, …) are
 * kept at the top when no two members use the same keyword, otherwise each member's set becomes
 * one `allOf` entry.
 */
const mergeObjects = (members: ReadonlyArray<JsonSchema>): JsonSchema => {
  const properties: Record<string, unknown> = {}
  const required: string[] = []
  const extras: Array<Record<string, unknown>> = []
  for (const m of members) {
    for (const [name, s] of Object.entries((m['properties'] ?? {}) as Record<string, unknown>)) {
      const had = properties[name]
      properties[name] = had === undefined || sameJson(had, s) ? s : { allOf: [had, s] }
    }
    for (const name of (m['required'] ?? []) as ReadonlyArray<string>) if (!required.includes(name)) required.push(name)
    const extra = Object.fromEntries(Object.entries(m).filter(([k]) => k !== 'type' && k !== 'properties' && k !== 'required'))
    if (Object.keys(extra).length > 0) extras.push(extra)
  }
  const keys = extras.flatMap((e) => Object.keys(e))
  const disjoint = new Set(keys).size === keys.length
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(disjoint ? Object.assign({}, ...extras) : { allOf: extras }),
  }
}

/** The io-ts fields the walker reads; every codec has `name`, the rest depend on `_tag`. */
interface Walkable {
  readonly name: string
  readonly _tag?: unknown
  readonly type?: unknown
  readonly types?: ReadonlyArray<unknown>
  readonly props?: Readonly<Record<string, unknown>>
  readonly keys?: Readonly<Record<string, unknown>>
  readonly value?: unknown
}

/** Whether an annotation is JSON that a schema may hold: no function, no non-finite number. */
const isJson = (v: unknown): boolean => {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true
  if (typeof v === 'number') return Number.isFinite(v)
  if (Array.isArray(v)) return v.every(isJson)
  if (typeof v === 'object') return Object.values(v).every(isJson)
  return false
}

const render = (path: ReadonlyArray<string>): string => path.join('')

/**
 * Returns the JSON Schema (draft 2020-12, as OpenAPI 3.1 uses it) of what a codec accepts, or
 * every reason it cannot be stated, each naming the codec's path (`QuoteRequest.orderComponents[]`).
 * A codec named in `components` is written `{ $ref: '#/components/schemas/<name>' }` wherever it
 * occurs inside the given one; the given codec itself is always expanded (that is how the document
 * builds `components.schemas`). Unknown properties stay allowed: no `additionalProperties`.
 *
 * @internal
 */
export const jsonSchemaOf = (codec: t.Any, components: ComponentNames = new Map()): Either<ReadonlyArray<string>, JsonSchema> => {
  const errors: string[] = []

  const walk = (c: unknown, path: ReadonlyArray<string>, top: boolean): JsonSchema => {
    if (!top) {
      const name = components.get(c)
      if (name !== undefined) return refTo(name)
    }
    if (typeof c !== 'object' || c === null) {
      errors.push(`${render(path)}: not a codec`)
      return {}
    }
    const w = c as Walkable
    const annotation = isDescribed(c) ? c.jsonSchema : undefined
    if (annotation !== undefined && !isJson(annotation)) {
      errors.push(`${render(path)}: the annotation of '${w.name}' is not JSON (a function or a non-finite number)`)
      return {}
    }
    const inner = (x: unknown, segment: string): JsonSchema => walk(x, [...path, segment], false)
    let base: JsonSchema
    switch (w._tag) {
      case 'StringType':
        base = { type: 'string' }
        break
      case 'NumberType':
        base = { type: 'number' }
        break
      case 'BooleanType':
        base = { type: 'boolean' }
        break
      case 'NullType':
        base = { type: 'null' }
        break
      case 'LiteralType': {
        const v = w.value
        base = v === null ? { type: 'null' } : { type: typeof v, const: v }
        break
      }
      case 'KeyofType':
        base = { type: 'string', enum: Object.keys(w.keys ?? {}) }
        break
      case 'ArrayType':
      case 'ReadonlyArrayType':
        base = { type: 'array', items: inner(w.type, '[]') }
        break
      case 'InterfaceType':
      case 'PartialType': {
        const props = w.props ?? {}
        const properties = Object.fromEntries(Object.entries(props).map(([k, p]) => [k, inner(p, `.${k}`)]))
        const required = w._tag === 'InterfaceType' ? Object.keys(props) : []
        base = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) }
        break
      }
      case 'ExactType':
      case 'ReadonlyType':
        base = walk(w.type, path, false)
        break
      case 'IntersectionType': {
        const members = (w.types ?? []).map((m) => walk(m, path, false))
        base = members.every(isObjectSchema) ? mergeObjects(members) : { allOf: members }
        break
      }
      case 'UnionType':
        base = { anyOf: (w.types ?? []).map((m, i) => inner(m, `|${i}`)) }
        break
      case 'RefinementType':
        if (annotation === undefined) {
          errors.push(`${render(path)}: the refinement '${w.name}' carries no JSON Schema (build it with model/schema.ts)`)
          return {}
        }
        return distributeRequiredAlternatives(narrow(walk(w.type, path, false), annotation))
      default:
        // A hand-made codec (new t.Type) states its whole schema in its annotation.
        if (annotation !== undefined) return annotation
        errors.push(`${render(path)}: no JSON Schema for the codec '${w.name}' (_tag ${String(w._tag)})`)
        return {}
    }
    return annotation === undefined ? base : distributeRequiredAlternatives(narrow(base, annotation))
  }

  const schema = walk(codec, [codec.name], true)
  return errors.length > 0 ? left(errors) : right(schema)
}
