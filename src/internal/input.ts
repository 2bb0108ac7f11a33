/**
 * Reading untrusted wire JSON without surprises: only own properties count (an inherited
 * `name` or a `__proto__` key never leaks into a value), and nothing here throws.
 *
 * @internal
 * @module
 */

/** A JSON object: not null, not an array. */
export type JsonObject = { readonly [key: string]: unknown }

/** Whether a value is a JSON object (not null, not an array, not a function). */
export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const hasOwn = Object.prototype.hasOwnProperty

/** The own property `key` of an object, or `undefined` (inherited properties are ignored). */
export const own = (obj: JsonObject, key: string): unknown =>
  hasOwn.call(obj, key) ? obj[key] : undefined

/** Whether a value counts as absent on the wire: `undefined` or `null`. */
export const isAbsent = (value: unknown): value is undefined | null => value === undefined || value === null

/** The JSON type name of a value, for messages ("expected a string, got a number"). */
export const jsonType = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
