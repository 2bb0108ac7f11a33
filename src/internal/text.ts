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

/** `s` with every character in `from`–`to` shifted by `delta`; `s` itself (no copy) when none is. */
const shiftRange = (s: string, from: number, to: number, delta: number): string => {
  let i = 0
  while (i < s.length) {
    const c = s.charCodeAt(i)
    if (c >= from && c <= to) break
    i++
  }
  if (i === s.length) return s
  let out = s.slice(0, i)
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i)
    out += c >= from && c <= to ? String.fromCharCode(c + delta) : s[i]
  }
  return out
}

/**
 * ASCII upper case: only a–z change (never `ı` → `I`, `ſ` → `S` or `ß` → `SS`, which
 * `toUpperCase()` would do). A string with no a–z is returned as is, without a copy.
 */
export const asciiUpperCase = (s: string): string => shiftRange(s, 97, 122, -32)

/** ASCII lower case: only A–Z change. A string with no A–Z is returned as is. */
export const asciiLowerCase = (s: string): string => shiftRange(s, 65, 90, 32)

/**
 * `s` as well-formed Unicode: every lone surrogate (half of a pair without its other half)
 * replaced by U+FFFD, as a UTF-8 encoder writes it; a surrogate pair is kept. A string without a
 * lone surrogate is returned as is, without a copy (what `String.prototype.toWellFormed` does,
 * which not every supported runtime has).
 */
export const wellFormed = (s: string): string => {
  let out = ''
  let from = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0xd800 || c > 0xdfff) continue
    if (c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++
        continue
      }
    }
    out += s.slice(from, i) + '\ufffd'
    from = i + 1
  }
  return from === 0 ? s : out + s.slice(from)
}
