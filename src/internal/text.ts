/**
 * Text length as the spec and OpenAPI 3.1 count it: in characters (Unicode code points), so a
 * character outside the Basic Multilingual Plane (an emoji, written as two UTF-16 code units)
 * counts once, exactly as JSON Schema's `maxLength` does. Every length limit of the library goes
 * through {@link exceedsLength}.
 *
 * @internal
 * @module
 */

/**
 * The number of Unicode code points of a string: a surrogate pair counts once, a lone surrogate
 * once (as ajv's `ucs2length` counts them): `codePointLength('📦📦')` is 2.
 */
export const codePointLength = (s: string): number => {
  let n = s.length
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--
        i++
      }
    }
  }
  return n
}

/**
 * Whether a string has more than `max` code points. Bounded work for any input: a string of at
 * most `max` UTF-16 units cannot exceed it, and one of more than `2 × max` units always does, so
 * only strings in between are counted.
 */
export const exceedsLength = (s: string, max: number): boolean =>
  s.length > max && (s.length > 2 * max || codePointLength(s) > max)

/**
 * ASCII upper case: only a–z change (never `ı` → `I`, `ſ` → `S` or `ß` → `SS`, which
 * `toUpperCase()` would do).
 */
export const asciiUpperCase = (s: string): string => s.replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 32))

/** ASCII lower case: only A–Z change. */
export const asciiLowerCase = (s: string): string => s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32))
