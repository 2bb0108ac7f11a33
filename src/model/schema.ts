/**
 * The one place where a wire type is declared: small constructors that build an io-ts codec and
 * carry, on the same object, the JSON Schema (OpenAPI 3.1 / draft 2020-12) that states exactly
 * what the codec accepts. The OpenAPI generator reads these annotations, the codecs check the
 * same patterns and limits (`WIRE_FORMATS`, `LIMITS`), and the request validators use the same
 * checkers, so the three cannot drift; properties compare them on generated payloads.
 *
 * Plain io-ts combinators (`t.type`, `t.partial`, `t.intersection`, `t.union`, `t.keyof`,
 * `t.literal`, `t.array`, `t.string`, `t.number`, `t.boolean`, `t.null`) need no annotation:
 * the generator knows them. Every refinement must be built here, so it carries its schema.
 * Internal to the model and the OpenAPI generator (not exported from the package root).
 *
 * @internal
 * @module
 */
import * as t from 'io-ts'
import { exceedsLength, isWellFormedWireText } from '../internal/text.js'
import { NOT_BLANK_PATTERN, NOT_BLANK_WIRE_TEXT_FORMAT, WIRE_TEXT_FORMAT, type WireFormat } from './patterns.js'

/**
 * A JSON Schema object (draft 2020-12, as OpenAPI 3.1 uses it).
 *
 * @category model
 * @since 0.2.0
 */
export type JsonSchema = { readonly [keyword: string]: unknown }

/**
 * A codec that carries the JSON Schema of what it accepts. For a refinement the schema holds
 * the keywords the refinement adds; the generator merges them with its base type's schema.
 *
 * @category model
 * @since 0.2.0
 */
export interface Described {
  readonly jsonSchema: JsonSchema
}

/**
 * Whether a codec carries a JSON Schema annotation.
 *
 * @category refinements
 * @since 0.2.0
 */
export const isDescribed = (codec: unknown): codec is Described =>
  typeof codec === 'object' && codec !== null && Object.prototype.hasOwnProperty.call(codec, 'jsonSchema')

/**
 * Attaches a JSON Schema annotation to a codec made for it (a new codec, never a shared one).
 *
 * @category constructors
 * @since 0.2.0
 */
export const described = <C extends t.Any>(codec: C, jsonSchema: JsonSchema): C & Described =>
  Object.defineProperty(codec, 'jsonSchema', { value: jsonSchema, enumerable: true }) as C & Described

/**
 * A string of a wire format: the length limit in code points first, then the pattern (`u` flag).
 *
 * @category constructors
 * @since 0.2.0
 */
export const formatted = <N extends string, B extends { readonly [K in N]: symbol }>(format: WireFormat, name: N) => {
  const re = new RegExp(format.pattern, 'u')
  const max = format.maxLength
  return described(
    t.brand(
      t.string,
      (s): s is t.Branded<string, B> => (max === undefined || !exceedsLength(s, max)) && re.test(s),
      name,
    ),
    { pattern: format.pattern, ...(max === undefined ? {} : { maxLength: max }) },
  )
}

/**
 * Free text: wire text (well-formed Unicode without U+0000, `WIRE_TEXT_FORMAT`) of at most
 * `maxLength` characters (code points), optionally required to hold one character that is not
 * white space (`notBlank`).
 *
 * @category constructors
 * @since 0.2.0
 */
export const text = (options: { readonly maxLength?: number; readonly notBlank?: boolean; readonly name?: string } = {}) => {
  const max = options.maxLength
  const notBlank = options.notBlank === true
  const name = options.name ?? (notBlank ? 'NonBlankText' : 'Text')
  return described(
    t.refinement(t.string, (s) => (max === undefined || !exceedsLength(s, max)) && isWellFormedWireText(s) && (!notBlank || NOT_BLANK_PATTERN.test(s)), name),
    { ...(max === undefined ? {} : { maxLength: max }), pattern: notBlank ? NOT_BLANK_WIRE_TEXT_FORMAT.pattern : WIRE_TEXT_FORMAT.pattern },
  )
}

/**
 * A whole number from `minimum` to `maximum` (default: the largest safe integer, 2^53 − 1;
 * `Infinity` where a configured cap applies instead, as a 422 limit outside the schema).
 *
 * @category constructors
 * @since 0.2.0
 */
export const integer = (options: { readonly minimum?: number; readonly maximum?: number; readonly name?: string } = {}) => {
  const min = options.minimum ?? Number.MIN_SAFE_INTEGER
  const max = options.maximum ?? Number.MAX_SAFE_INTEGER
  return described(
    t.refinement(t.number, (n) => Number.isInteger(n) && n >= min && n <= max, options.name ?? 'Integer'),
    { type: 'integer', minimum: min, ...(max === Number.POSITIVE_INFINITY ? {} : { maximum: max }) },
  )
}

/**
 * A finite number from `minimum` to `maximum`.
 *
 * @category constructors
 * @since 0.2.0
 */
export const boundedNumber = (options: { readonly minimum: number; readonly maximum: number; readonly name?: string }) =>
  described(
    t.refinement(t.number, (n) => n >= options.minimum && n <= options.maximum, options.name ?? 'BoundedNumber'),
    { minimum: options.minimum, maximum: options.maximum },
  )

/**
 * An array of `minItems` to `maxItems` items of one codec.
 *
 * @category constructors
 * @since 0.2.0
 */
export const list = <C extends t.Mixed>(item: C, options: { readonly minItems?: number; readonly maxItems?: number; readonly name?: string } = {}) => {
  const min = options.minItems ?? 0
  const max = options.maxItems
  return described(
    t.refinement(t.array(item), (a) => a.length >= min && (max === undefined || a.length <= max), options.name ?? `Array<${item.name}>`),
    { ...(min > 0 ? { minItems: min } : {}), ...(max === undefined ? {} : { maxItems: max }) },
  )
}

/**
 * A cross-field rule on an object codec, stated twice side by side: as a predicate for the codec
 * and as JSON Schema keywords (`anyOf`, `if`/`then`/`else`, …) for the OpenAPI document.
 *
 * @category constructors
 * @since 0.2.0
 */
export const crossField = <C extends t.Mixed>(
  codec: C,
  predicate: (value: t.TypeOf<C>) => boolean,
  jsonSchema: JsonSchema,
  name: string = codec.name,
) => described(t.refinement(codec, predicate, name), jsonSchema)

/**
 * A value or `null`, where the spec says "or null".
 *
 * @category constructors
 * @since 0.2.0
 */
export const orNull = <C extends t.Mixed>(codec: C) => t.union([codec, t.null])

/**
 * Documentation for a codec in the OpenAPI document (description, deprecated, examples): a
 * new codec with the same behaviour and the extra keywords.
 *
 * @category constructors
 * @since 0.2.0
 */
export const documented = <C extends t.Mixed>(codec: C, keywords: JsonSchema) =>
  described(t.refinement(codec, () => true, codec.name), keywords)
