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
import type { JsonObject } from '../internal/input.js'
import { daysFromCivil } from '../internal/instant.js'
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
export const fastDateTime = (v: unknown): string | undefined => (typeof v === 'string' && isDateTime(v) ? v : undefined)

// Char-level forms of the simple wire formats (model/patterns.ts), for the fast paths: a regular
// expression call costs more than these few comparisons, and a format test reached through a
// closure (`optFormat`) is a call the engine cannot inline. Each accepts exactly what its pattern
// accepts (test/properties/fastChecks.test.ts compares them on near-miss strings).

/** `^\+[1-9]\d{m,14}$` with m = `minDigits` − 1: + then `minDigits` to 15 digits, the first not 0 (`e164`: 2, `contactPhone`: 8). */
export const isE164 = (s: string, minDigits: number): boolean => {
  const n = s.length
  if (n < minDigits + 1 || n > 16 || s.charCodeAt(0) !== 43) return false
  const c = s.charCodeAt(1)
  return c >= 49 && c <= 57 && digitsFrom(s, 2)
}

/** `^(?:[01]\d|2[0-3]):[0-5]\d$` (`timeOfDay`). */
export const isTimeOfDay = (s: string): boolean => {
  if (s.length !== 5 || s.charCodeAt(2) !== 58) return false
  const h0 = s.charCodeAt(0)
  const h1 = s.charCodeAt(1)
  const m0 = s.charCodeAt(3)
  return (((h0 === 48 || h0 === 49) && isDigit(h1)) || (h0 === 50 && h1 >= 48 && h1 <= 51)) && m0 >= 48 && m0 <= 53 && isDigit(s.charCodeAt(4))
}

/** `^\d{1,10}$` (`phoneExtension`). */
export const isExtension = (s: string): boolean => s.length >= 1 && s.length <= 10 && digitsFrom(s, 0)

/** `^[A-Z]{2,4}$` (`scac`). */
export const isScac = (s: string): boolean => {
  const n = s.length
  if (n < 2 || n > 4) return false
  for (let i = 0; i < n; i++) if (!isUpper(s.charCodeAt(i))) return false
  return true
}

/** Absent, or an E.164 number of at least `minDigits` digits. */
export const optE164 = (v: unknown, minDigits: number): boolean => v === undefined || (typeof v === 'string' && isE164(v, minDigits))
/** Absent, or `HH:mm`. */
export const optTimeOfDay = (v: unknown): boolean => v === undefined || (typeof v === 'string' && isTimeOfDay(v))

/** The number written by the two decimal digits at `at`, or −1 when they are not both digits. */
const two = (s: string, at: number): number => {
  const a = s.charCodeAt(at) - 48
  const b = s.charCodeAt(at + 1) - 48
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1
}

/** Days in a month of the proleptic Gregorian calendar. */
const daysIn = (year: number, month: number): number =>
  month === 2 ? ((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31

/**
 * The wire date-time (`dateTime`: `YYYY-MM-DDTHH:mm`, optional seconds and 1 to 9 fraction digits,
 * `Z` or `±HH:mm` / `±HHmm`; a real day of a year 0001 to 9999; at most 35 characters), by char
 * codes: the instant it names in epoch milliseconds, as `instantOf` gives it, when
 * `isDateTimeString` accepts it; `NaN` for anything else. One pass that both checks and reads,
 * for the create request's date order.
 */
export const dateTimeInstant = (s: string): number => {
  const n = s.length
  if (n < 17 || n > 35 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58) return NaN
  const y1 = two(s, 0)
  const y2 = two(s, 2)
  const month = two(s, 5)
  const day = two(s, 8)
  const hour = two(s, 11)
  const minute = two(s, 14)
  const year = y1 * 100 + y2
  if (y1 < 0 || y2 < 0 || year === 0 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour < 0 || hour > 23 || minute < 0 || minute > 59) return NaN
  let i = 16
  let ms = 0
  if (s.charCodeAt(i) === 58) {
    const second = two(s, 17)
    if (second < 0 || second > 59) return NaN
    ms = second * 1000
    i = 19
    if (s.charCodeAt(i) === 46) {
      // the first three fraction digits are milliseconds (missing ones 0), the rest dropped
      let j = i + 1
      let scale = 100
      while (j < n && isDigit(s.charCodeAt(j))) {
        if (scale >= 1) ms += (s.charCodeAt(j) - 48) * scale
        scale /= 10
        j++
      }
      if (j === i + 1 || j > i + 10) return NaN
      i = j
    }
  }
  const minutes = (daysFromCivil(year, month, day) * 24 + hour) * 60 + minute
  const z = s.charCodeAt(i)
  if (z === 90) return i + 1 === n ? minutes * 60_000 + ms : NaN
  if (z !== 43 && z !== 45) return NaN
  const oh = two(s, i + 1)
  if (oh < 0 || oh > 23) return NaN
  const colon = s.charCodeAt(i + 3) === 58 ? 1 : 0
  const om = two(s, i + 3 + colon)
  if (om < 0 || om > 59 || i + 5 + colon !== n) return NaN
  const offset = (z === 45 ? -1 : 1) * (oh * 60 + om)
  return (minutes - offset) * 60_000 + ms
}

/** Whether a string is a wire date-time (see {@link dateTimeInstant}): what `isDateTimeString` accepts, exactly. */
export const isDateTime = (s: string): boolean => !Number.isNaN(dateTimeInstant(s))
