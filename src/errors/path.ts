
import { total } from '../internal/total.js'/**
 * Field paths. Inside the library a path is a list of segments, extended by {@link at} while a
 * validator descends; {@link renderPath} writes the wire form used in `Violation.field`:
 * `pickupAddress.zipCode`, `orderComponents[2].dimensions.height`.
 *
 * @module
 */

/**
 * One step of a path: an object key or an array index.
 *
 * @category model
 * @since 0.1.0
 */
export type PathSegment = string | number

/**
 * A field path from the request root, as segments.
 *
 * @category model
 * @since 0.1.0
 */
export type Path = ReadonlyArray<PathSegment>

/**
 * The empty path: the request root itself.
 *
 * @internal
 */
export const ROOT: Path = []

/**
 * Returns the path extended by one segment; the argument is not modified.
 * For example, `renderPath(at(at(['orderComponents'], 2), 'dimensions'))` is `'orderComponents[2].dimensions'`.
 *
 * @internal
 */
export const at = (path: Path, segment: PathSegment): Path => [...path, segment]

/**
 * Returns the wire form of a path: keys joined by dots, indices in brackets, `''` for the root.
 * The `field` of a Violation (ERR-01).
 *
 * Total: for a path it cannot read (not a list, or a segment that is neither a string nor a
 * number) it returns `''` (the root) (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * renderPath(['orderComponents', 0, 'dimensions', 'height'])
 * //=> 'orderComponents[0].dimensions.height'
 *
 * @category utils
 * @since 0.1.0
 */
export const renderPath = /* @__PURE__ */ total(
(path: Path): string => {
  if (!Array.isArray(path)) return '' // a string is iterable too: never read character by character
  let out = ''
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`
    else if (typeof segment === 'string') out += out === '' ? segment : `.${segment}`
    else return '' // a segment of no declared type is never turned into text (a nested array's toString recurses)
  }
  return out
},
  () => '',
)

/**
 * Reads a path prefix given by a caller, either as segments or in its rendered wire form
 * (`'appointments.pickup'`, `'orderComponents[2]'`). Malformed text is kept as one key segment,
 * so the prefix always appears verbatim in rendered fields.
 * For example, `parsePath('orderComponents[2].dimensions')` is `['orderComponents', 2, 'dimensions']`.
 *
 * @internal
 */
export const parsePath = (prefix: string | Path | undefined): Path => {
  if (prefix === undefined) return ROOT
  if (typeof prefix !== 'string') return readablePath(prefix)
  if (prefix === '') return ROOT
  if (!prefix.includes('.') && !prefix.includes('[')) return [prefix]
  if (!PATH_TEXT.test(prefix)) return [prefix]
  const out: PathSegment[] = []
  for (const m of prefix.matchAll(PATH_PART)) {
    if (m[1] !== undefined) out.push(m[1])
    else if (m[2] !== undefined) out.push(Number(m[2]))
  }
  return out
}

/**
 * A caller's path given as segments, checked: a list of strings and numbers. Anything else
 * throws, which the exported function's guard (`total`) turns into its documented failure value
 * (options it cannot read), instead of reaching text that would coerce it.
 */
const readablePath = (prefix: unknown): Path => {
  if (!Array.isArray(prefix)) throw new TypeError('a path is a list of strings and numbers')
  for (let i = 0; i < prefix.length; i++) {
    const segment: unknown = prefix[i]
    if (typeof segment !== 'string' && typeof segment !== 'number') throw new TypeError('a path is a list of strings and numbers')
  }
  return prefix as Path
}

const PATH_TEXT = /^[A-Za-z_$][\w$]*(?:\[\d+\]|\.[A-Za-z_$][\w$]*)*$/
const PATH_PART = /([A-Za-z_$][\w$]*)|\[(\d+)\]/g
