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
 * Whether a UTF-16 unit is white space as `trim()` and `\s` see it: ECMAScript's WhiteSpace and
 * LineTerminator (tab, LF, VT, FF, CR, space, NBSP, U+1680, U+2000–U+200A, U+2028, U+2029,
 * U+202F, U+205F, U+3000, BOM). All of it is in the BMP, so one unit decides; without a string
 * made per unit (test/properties/text.test.ts compares it with `trim()` on all 65,536 units).
 */
export const isBlankUnit = (c: number): boolean =>
  c < 0x80
    ? c === 0x20 || (c >= 0x09 && c <= 0x0d)
    : c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff

/**
 * A UTF-16 unit that may make text ill-formed for the wire: U+0000 or any surrogate. Without the
 * `u` flag, so that it sees code units; most text has none, and then one scan decides.
 */
const SUSPECT_UNIT = /[\u0000\ud800-\udfff]/

/**
 * The engine's own `String.prototype.isWellFormed` (ES2024: no unpaired surrogate), taken once at
 * load like the other built-ins this library calls; `undefined` on an engine without it.
 */
const nativeWellFormed = /* @__PURE__ */ ((): ((this: string) => boolean) | undefined => {
  const f: unknown = (String.prototype as { readonly isWellFormed?: unknown }).isWellFormed
  return typeof f === 'function' ? (f as (this: string) => boolean) : undefined
})()

/**
 * Whether a string is wire text: well-formed Unicode (no unpaired surrogate, as I-JSON, RFC 7493,
 * requires) without U+0000 (which PostgreSQL's `text` and `jsonb` cannot hold). Where the engine
 * has `String.prototype.isWellFormed` (Node 20 does), that and a search for U+0000: V8 answers the
 * first without a scan for a string it stores one byte per character (all Latin-1 text), and the
 * second is a memchr-like search, 2 to 50 times faster than a regular expression over the units
 * (docs/performance.md). Elsewhere one regular-expression scan, the exact pair check running only
 * when it finds a surrogate or U+0000. Both answer the same (test/properties/text.test.ts).
 */
export const isWellFormedWireText = (s: string): boolean =>
  nativeWellFormed !== undefined ? nativeWellFormed.call(s) && s.indexOf('\u0000') === -1 : isWellFormedWireTextByScan(s)

/** {@link isWellFormedWireText} without the engine's `isWellFormed`: one regular-expression scan, then the pair check. */
export const isWellFormedWireTextByScan = (s: string): boolean => !SUSPECT_UNIT.test(s) || pairedWithoutNul(s)

const pairedWithoutNul = (s: string): boolean => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 0) return false
    if (c >= 0xd800 && c <= 0xdfff) {
      if (c > 0xdbff) return false
      const d = s.charCodeAt(i + 1)
      if (!(d >= 0xdc00 && d <= 0xdfff)) return false
      i++
    }
  }
  return true
}

/** The message of text that is not wire text (ERR-01, ID-03 decision: I-JSON text without U+0000). */
export const WIRE_TEXT_MESSAGE = 'must be well-formed Unicode text without U+0000 (no unpaired surrogate)'
