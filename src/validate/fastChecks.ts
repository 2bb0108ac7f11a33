/**
 * The checks of the request validators' fast paths (see `rules/requestsFast.ts`): each answers
 * `true` only for a value the reference reader of the field accepts (the same test, or a stricter
 * one: a length limit counted in UTF-16 units, which never exceeds the count in code points), so
 * a fast path that gives up on `false` and lets the reference reader word the violation is exact.
 * Char loops where the pattern is simple; no allocation.
 *
 * @internal
 * @module
 */
import { REQUEST_STATE_SET, SERVED_SET, TERRITORY_SET } from '../model/countries.js'
import { EMAIL_PATTERN, LIMITS, NOT_BLANK_PATTERN } from '../model/patterns.js'
import { isDateTimeString } from '../model/timestamps.js'
import type { JsonObject } from '../internal/input.js'
import { isWellFormedWireText } from '../internal/text.js'

const hasOwn = Object.prototype.hasOwnProperty

const isDigit = (c: number): boolean => c >= 48 && c <= 57
const isUpper = (c: number): boolean => c >= 65 && c <= 90

/** Every character from `from` on is a decimal digit. */
export const digitsFrom = (s: string, from: number): boolean => {
  for (let i = from; i < s.length; i++) if (!isDigit(s.charCodeAt(i))) return false
  return true
}

/** `^(?!00000$|99999$)\d{5}$` (ADDR-04). */
export const isZip = (s: string): boolean => s.length === 5 && digitsFrom(s, 0) && s !== '00000' && s !== '99999'

/** `^[A-Z]{2}$` */
export const isUpper2 = (s: string): boolean => s.length === 2 && isUpper(s.charCodeAt(0)) && isUpper(s.charCodeAt(1))

/** `^[A-Za-z]{2}$` (clearing bit 5 maps a–z, and only a–z, onto A–Z). */
export const isLetters2 = (s: string): boolean => s.length === 2 && isUpper(s.charCodeAt(0) & 0xffdf) && isUpper(s.charCodeAt(1) & 0xffdf)

/** Kinds of a two-letter code in {@link codeKind}: a served country, a request state, a served territory. */
export const SERVED = 1
export const REQUEST_STATE = 2
export const TERRITORY = 4

const indexOf2 = (s: string): number => (s.charCodeAt(0) - 65) * 26 + s.charCodeAt(1) - 65

// The country tables as one lookup by the code's two letters (a Set lookup hashes the string),
// built once at module load from the same tables and never written after.
const KINDS = /* @__PURE__ */ ((): Uint8Array => {
  const t = new Uint8Array(676)
  const mark = (codes: ReadonlySet<string>, kind: number): void => {
    for (const c of codes) t[indexOf2(c)] = (t[indexOf2(c)] ?? 0) | kind
  }
  mark(SERVED_SET, SERVED)
  mark(REQUEST_STATE_SET, REQUEST_STATE)
  mark(TERRITORY_SET, TERRITORY)
  return t
})()

/** The kinds of a code that passed {@link isUpper2}, as bits (`SERVED`, `REQUEST_STATE`, `TERRITORY`). */
export const codeKind = (s: string): number => KINDS[indexOf2(s)] ?? 0

/** `\S` somewhere: a visible ASCII character first answers at once, anything else asks the pattern. */
const notBlank = (s: string): boolean => {
  const c = s.charCodeAt(0)
  return (c > 32 && c < 127) || NOT_BLANK_PATTERN.test(s)
}

export const isText = (v: unknown): v is string => typeof v === 'string'

/** Absent or a string of wire text (no unpaired surrogate, no U+0000). */
export const optText = (v: unknown): boolean => v === undefined || (typeof v === 'string' && isWellFormedWireText(v))

/** Absent, or wire text of at most `max` UTF-16 units (so at most `max` code points). */
export const optShort = (v: unknown, max: number): boolean => v === undefined || (typeof v === 'string' && v.length <= max && isWellFormedWireText(v))

/** Required text: wire text of at most `max` UTF-16 units with a character that is not white space. */
export const required = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max && notBlank(v) && isWellFormedWireText(v)

/** Absent or a boolean. */
export const optFlag = (v: unknown): boolean => v === undefined || typeof v === 'boolean'

/** Absent, or an e-mail address of at most 320 UTF-16 units. */
export const optEmail = (v: unknown): boolean => v === undefined || (typeof v === 'string' && v.length <= LIMITS.emailMaxLength && EMAIL_PATTERN.test(v))

/** Absent, or a string the reference reader's own format test accepts. */
export const optFormat = (v: unknown, f: { readonly test: (s: string) => boolean }): boolean => v === undefined || (typeof v === 'string' && f.test(v))

/** A whole number of at least `min`. */
export const isWhole = (v: unknown, min: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min

/**
 * Whether a value read by a named load is what `own(o, key)` reads: absent, or an own property's
 * (an inherited value gives `false`, and the fast path gives up).
 */
export const isOwn = (o: JsonObject, key: string, v: unknown): boolean => v === undefined || hasOwn.call(o, key)

/** `own(o, key) === true` (a stop's flag as the reference reads it), with a named load first. */
export const ownTrue = (o: JsonObject, key: string, v: unknown): boolean => v === true && hasOwn.call(o, key)

/** A wire date-time field as the reference reads it when it is plainly valid, else `undefined`. */
export const fastDateTime = (v: unknown): string | undefined => (typeof v === 'string' && isDateTimeString(v) ? v : undefined)
