/**
 * Field readers shared by every rule family: each takes the raw value of one field (read by the
 * caller as an own property), checks it exactly as the spec's line reads, and records a
 * violation (with the full path) when it is wrong. One checker per kind of field, so the same
 * field is judged and worded the same way everywhere. The caller reads the fields in one pass over
 * the object's own keys (see `readAddress`), which is several times faster than a keyed
 * own-property lookup per field.
 *
 * Conventions (strict by default): only `undefined` (a missing key) is absent; `null` is a
 * value of the wrong type unless the field's reader says otherwise; strings are never trimmed
 * or case-folded; an empty string is a value, judged like any other; lengths count code points.
 * A reader returns the value as sent, or `undefined` when the field is absent or invalid.
 *
 * @internal
 * @module
 */
import { at, type Path } from '../errors/path.js'
import { violationAt, type Violation, type ViolationCode } from '../errors/violation.js'
import { jsonType } from '../internal/input.js'
import { exceedsLength, isWellFormedWireText, WIRE_TEXT_MESSAGE } from '../internal/text.js'

export { WIRE_TEXT_MESSAGE }
import { formatTest, NOT_BLANK_PATTERN, WIRE_FORMATS, type WireFormat } from '../model/patterns.js'
import { isDateTimeString } from '../model/timestamps.js'

/** Where violations go while one input is validated: its entity and the growing list. */
export interface Sink {
  readonly entity: string | null
  readonly out: Violation[]
}

/** Records a violation at `path` + `key`. */
export const report = (sink: Sink, path: Path, key: string | number, code: ViolationCode, reason: string): void => {
  sink.out.push(violationAt(at(path, key), sink.entity, code, reason))
}

/** The message of a wrong JSON type. */
export const typeMessage = (expected: string, value: unknown): string =>
  `must be ${expected}, got ${jsonType(value)}`

export const REQUIRED_MESSAGE = 'is required'

const NO_OPTIONS: TextOptions = {}

export interface TextOptions {
  readonly required?: boolean
  /** At most this many characters (code points). */
  readonly maxLength?: number
  /** The text must hold one character that is not white space (required free text). */
  readonly notBlank?: boolean
}

/**
 * A string, as sent. Absent (`undefined`): `undefined`, and a `required` violation when
 * required. Not a string (`null` included): a `type` violation. More than `maxLength` code
 * points: `max_length`. Not wire text (an unpaired surrogate or U+0000, judged after the length and
 * before blankness and any format): `encoding`. With `notBlank`, only white space (or empty): `required`.
 */
export const readText = (
  sink: Sink,
  raw: unknown,
  path: Path,
  key: string | number,
  options: TextOptions = NO_OPTIONS,
): string | undefined => {
  if (raw === undefined) {
    if (options.required === true) report(sink, path, key, 'required', REQUIRED_MESSAGE)
    return undefined
  }
  if (typeof raw !== 'string') {
    report(sink, path, key, 'type', typeMessage('a string', raw))
    return undefined
  }
  if (options.maxLength !== undefined && exceedsLength(raw, options.maxLength)) {
    report(sink, path, key, 'max_length', `must be at most ${options.maxLength} characters`)
    return undefined
  }
  if (!isWellFormedWireText(raw)) {
    report(sink, path, key, 'encoding', WIRE_TEXT_MESSAGE)
    return undefined
  }
  if (options.notBlank === true && !NOT_BLANK_PATTERN.test(raw)) {
    report(sink, path, key, 'required', `${REQUIRED_MESSAGE} and must not be blank`)
    return undefined
  }
  return raw
}

export interface PatternOptions extends TextOptions {
  /** The format check, run after the length check. */
  readonly test: (s: string) => boolean
  /** What the format is, completing "must be …". */
  readonly format: string
}

/** A string of a given format, as sent; a `pattern` violation when the format does not match. */
export const readPattern = (
  sink: Sink,
  raw: unknown,
  path: Path,
  key: string | number,
  options: PatternOptions,
): string | undefined => {
  const text = readText(sink, raw, path, key, options)
  if (text === undefined) return undefined
  if (!options.test(text)) {
    report(sink, path, key, 'pattern', `must be ${options.format}`)
    return undefined
  }
  return text
}

/**
 * The reader options of a wire format: its length limit, then its pattern, worded by its
 * description (one wording per format everywhere).
 */
export const formatField = (format: WireFormat, required = false): PatternOptions => ({
  required,
  ...(format.maxLength === undefined ? {} : { maxLength: format.maxLength }),
  test: formatTest({ pattern: format.pattern, description: format.description }),
  format: format.description,
})

/** An e-mail address: at most 320 characters, WHATWG format (ADDR-10, APT-03, CRT-08). */
export const readEmail = (sink: Sink, raw: unknown, path: Path, key: string | number): string | undefined =>
  readPattern(sink, raw, path, key, EMAIL_OPTIONS)

const EMAIL_OPTIONS: PatternOptions = formatField(WIRE_FORMATS.email)

/** An optional boolean flag; anything but `true`, `false` or absent is a `type` violation. */
export const readFlag = (sink: Sink, raw: unknown, path: Path, key: string | number): boolean | undefined => {
  if (raw === undefined) return undefined
  if (typeof raw === 'boolean') return raw
  report(sink, path, key, 'type', typeMessage('true or false', raw))
  return undefined
}

export interface IntegerOptions {
  readonly required?: boolean
  /** The smallest value the field's shape allows (checked as a 400 rule, not a limit). */
  readonly min: number
  /** Completes "must be at least …" when the value is below `min`. */
  readonly minMessage?: string
  /**
   * The largest value the field's shape allows (a 400 `out_of_range`); default 2^53 − 1, the
   * largest whole number a JSON number carries exactly. `null` when the caller applies a
   * configured cap of its own (a 422 limit), so that 1e300 is reported as over that cap.
   */
  readonly max?: number | null
}

/**
 * A whole number of at least `min` and at most `max`. Absent: `undefined` (`required` when
 * required). Not a number (`null` included): `type`. A fraction, NaN or infinite:
 * `not_integer`. Below `min` or above `max`: `out_of_range`.
 */
export const readInteger = (
  sink: Sink,
  raw: unknown,
  path: Path,
  key: string | number,
  options: IntegerOptions,
): number | undefined => {
  if (raw === undefined) {
    if (options.required === true) report(sink, path, key, 'required', REQUIRED_MESSAGE)
    return undefined
  }
  if (typeof raw !== 'number') {
    report(sink, path, key, 'type', typeMessage('a whole number', raw))
    return undefined
  }
  if (!Number.isInteger(raw)) {
    report(sink, path, key, 'not_integer', 'must be a whole number')
    return undefined
  }
  if (raw < options.min) {
    report(sink, path, key, 'out_of_range', options.minMessage ?? `must be at least ${options.min}`)
    return undefined
  }
  const max = options.max === undefined ? Number.MAX_SAFE_INTEGER : options.max
  if (max !== null && raw > max) {
    report(sink, path, key, 'out_of_range', `must be at most ${max}`)
    return undefined
  }
  return raw
}

export interface NumberOptions {
  readonly required?: boolean
  readonly min: number
  readonly max: number
}

/**
 * A finite number from `min` to `max`. Absent: `undefined` (`required` when required). Not a
 * number: `type`. NaN or infinite, or outside the range: `out_of_range`.
 */
export const readNumber = (
  sink: Sink,
  raw: unknown,
  path: Path,
  key: string | number,
  options: NumberOptions,
): number | undefined => {
  if (raw === undefined) {
    if (options.required === true) report(sink, path, key, 'required', REQUIRED_MESSAGE)
    return undefined
  }
  if (typeof raw !== 'number') {
    report(sink, path, key, 'type', typeMessage('a number', raw))
    return undefined
  }
  if (!(raw >= options.min && raw <= options.max)) {
    report(sink, path, key, 'out_of_range', `must be a number from ${options.min} to ${options.max}`)
    return undefined
  }
  return raw
}

/** A wire timestamp field (ID-03): one format check and one wording wherever a date-time is read. */
export const DATE_TIME_FIELD: PatternOptions = { test: isDateTimeString, format: WIRE_FORMATS.dateTime.description }
