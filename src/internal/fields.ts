/**
 * Field readers shared by every rule family: each reads one own property of a wire object,
 * trims and normalizes it, and records a violation (with the full path) when it is wrong. One
 * checker per kind of field, so the same field is judged and worded the same way everywhere.
 *
 * Conventions: `null` and `undefined` are absent; a string blank after trimming is absent;
 * a reader returns the normalized value, or `undefined` when the field is absent or invalid.
 *
 * @internal
 * @module
 */
import { at, type Path } from '../errors/path.js'
import { violationAt, type Violation, type ViolationCode } from '../errors/violation.js'
import { isAbsent, jsonType, own, type JsonObject } from './input.js'
import { isEmail, LIMITS } from '../model/patterns.js'

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
  obj: JsonObject,
  key: string,
  path: Path,
  options: TextOptions = {},
): string | undefined => {
  const raw = own(obj, key)
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
  obj: JsonObject,
  key: string,
  path: Path,
  options: PatternOptions,
): string | undefined => {
  const text = readText(sink, obj, key, path, options)
  if (text === undefined) return undefined
  const value = options.upperCase === true ? text.toUpperCase() : text
  if (!options.test(value)) {
    report(sink, path, key, 'pattern', `must be ${options.format}`)
    return undefined
  }
  return value
}

/** An e-mail address: at most 320 characters, WHATWG format (ADDR-10, APT-03, CRT-08). */
export const readEmail = (sink: Sink, obj: JsonObject, key: string, path: Path): string | undefined =>
  readPattern(sink, obj, key, path, {
    maxLength: LIMITS.emailMaxLength,
    test: isEmail,
    format: 'an e-mail address (name@domain)',
  })

/** An optional boolean flag; anything but `true`, `false` or absent is a `type` violation. */
export const readFlag = (sink: Sink, obj: JsonObject, key: string, path: Path): boolean | undefined => {
  const raw = own(obj, key)
  if (isAbsent(raw)) return undefined
  if (typeof raw === 'boolean') return raw
  report(sink, path, key, 'type', typeMessage('true or false', raw))
  return undefined
}
