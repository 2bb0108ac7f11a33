/**
 * Field readers shared by every rule family: each takes the raw value of one field (read by the
 * caller as an own property), trims and normalizes it, and records a violation (with the full
 * path) when it is wrong. One checker per kind of field, so the same field is judged and worded
 * the same way everywhere. The caller reads the fields in one pass over the object's own keys
 * (see `readAddress`), which is several times faster than a keyed own-property lookup per field.
 *
 * Conventions: `null` and `undefined` are absent; a string blank after trimming is absent;
 * a reader returns the normalized value, or `undefined` when the field is absent or invalid.
 *
 * @internal
 * @module
 */
import { at, type Path } from '../errors/path.js'
import { violationAt, type Violation, type ViolationCode } from '../errors/violation.js'
import { isAbsent, jsonType } from './input.js'
import { isEmail, LIMITS } from '../model/patterns.js'
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
  readonly maxLength?: number
}

/**
 * A trimmed string. Absent or blank: `undefined` (a `required` violation when required). Not a
 * string: a `type` violation. Longer than `maxLength` after trimming: a `max_length` violation.
 */
export const readText = (
  sink: Sink,
  raw: unknown,
  path: Path,
  key: string | number,
  options: TextOptions = NO_OPTIONS,
): string | undefined => {
  if (isAbsent(raw)) {
    if (options.required === true) report(sink, path, key, 'required', REQUIRED_MESSAGE)
    return undefined
  }
  if (typeof raw !== 'string') {
    report(sink, path, key, 'type', typeMessage('a string', raw))
    return undefined
  }
  const text = raw.trim()
  if (text === '') {
    if (options.required === true) report(sink, path, key, 'required', `${REQUIRED_MESSAGE} and must not be blank`)
    return undefined
  }
  if (options.maxLength !== undefined && text.length > options.maxLength) {
    report(sink, path, key, 'max_length', `must be at most ${options.maxLength} characters`)
    return undefined
  }
  return text
}

export interface PatternOptions extends TextOptions {
  /** Whether the text is upper-cased before it is checked (codes). */
  readonly upperCase?: boolean
  /** The format check, run after the length check. */
  readonly test: (s: string) => boolean
  /** What the format is, completing "must be …". */
  readonly format: string
}

/** A trimmed string of a given format; a `pattern` violation when the format does not match. */
export const readPattern = (
  sink: Sink,
  raw: unknown,
  path: Path,
  key: string | number,
  options: PatternOptions,
): string | undefined => {
  const text = readText(sink, raw, path, key, options)
  if (text === undefined) return undefined
  const value = options.upperCase === true && hasLowerCase(text) ? text.toUpperCase() : text
  if (!options.test(value)) {
    report(sink, path, key, 'pattern', `must be ${options.format}`)
    return undefined
  }
  return value
}

/** Whether a string has a character that upper-casing would change (cheaper than upper-casing). */
const hasLowerCase = (s: string): boolean => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if ((c >= 97 && c <= 122) || c > 127) return true
  }
  return false
}

/** An e-mail address: at most 320 characters, WHATWG format (ADDR-10, APT-03, CRT-08). */
export const readEmail = (sink: Sink, raw: unknown, path: Path, key: string | number): string | undefined =>
  readPattern(sink, raw, path, key, EMAIL_OPTIONS)

const EMAIL_OPTIONS: PatternOptions = {
  maxLength: LIMITS.emailMaxLength,
  test: isEmail,
  format: 'an e-mail address (name@domain)',
}

/** An optional boolean flag; anything but `true`, `false` or absent is a `type` violation. */
export const readFlag = (sink: Sink, raw: unknown, path: Path, key: string | number): boolean | undefined => {
  if (isAbsent(raw)) return undefined
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
}

/**
 * A safe integer of at least `min`. Absent: `undefined` (`required` when required). Not a
 * number: `type`. A fraction, NaN or beyond 2^53: `not_integer`. Below `min`: `out_of_range`.
 */
export const readInteger = (
  sink: Sink,
  raw: unknown,
  path: Path,
  key: string | number,
  options: IntegerOptions,
): number | undefined => {
  if (isAbsent(raw)) {
    if (options.required === true) report(sink, path, key, 'required', REQUIRED_MESSAGE)
    return undefined
  }
  if (typeof raw !== 'number') {
    report(sink, path, key, 'type', typeMessage('a whole number', raw))
    return undefined
  }
  if (!Number.isSafeInteger(raw)) {
    report(sink, path, key, 'not_integer', 'must be a whole number')
    return undefined
  }
  if (raw < options.min) {
    report(sink, path, key, 'out_of_range', options.minMessage ?? `must be at least ${options.min}`)
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
  if (isAbsent(raw)) {
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
export const DATE_TIME_FIELD: PatternOptions = { test: isDateTimeString, format: 'an ISO 8601 date-time with Z or an offset' }
