/**
 * Recognizing a caller's DateTime: from either copy of luxon (ES module or CommonJS build), so
 * never `instanceof` (STYLE: DateTimes from callers).
 *
 * @internal
 * @module
 */
import { DateTime } from 'luxon'

/** Whether a value is a valid DateTime, from either copy of luxon. */
export const isInstant = (d: unknown): d is DateTime => DateTime.isDateTime(d) && d.isValid

/**
 * The failure value of a function returning a DateTime: an invalid DateTime (`isValid` false),
 * luxon's own way of saying "no such instant".
 *
 * @internal
 */
export const invalidDateTime = (): DateTime => DateTime.invalid('not a DateTime', 'an argument was not a valid luxon DateTime')

/**
 * Whether a value is a valid luxon DateTime (from any copy of luxon): the guard every function
 * taking a DateTime runs before using it.
 *
 * @internal
 */
export const isValidDateTime = (value: unknown): value is DateTime => {
  try {
    return DateTime.isDateTime(value) && value.isValid === true && Number.isFinite(value.toMillis())
  } catch {
    return false
  }
}
