/**
 * The wire timestamp format (spec: Resources and their fields; rules ID-03, CRT-06) without any
 * codec, so that the request validators which check it bundle no io-ts (see `time.ts` for the
 * codec built on it).
 *
 * Decision: a wire timestamp must name its instant, so it carries a date, a time and a zone
 * designator (`Z` or a numeric offset); a local date-time without zone is ambiguous and rejected.
 * Hours are 00 to 23 and offsets at most ±23:59 (RFC 3339), and the calendar date must exist.
 *
 * @module
 */
import { formatTest, WIRE_FORMATS } from './patterns.js'

export { DATE_TIME_PATTERN } from './patterns.js'

/**
 * Whether a string is a wire timestamp: a date, a time and a zone designator, naming a real
 * calendar date (ID-03).
 * For example, `isDateTimeString('2026-03-02T09:30:00')` is `false`.
 *
 * @internal
 */
export const isDateTimeString: (s: string) => boolean = formatTest(WIRE_FORMATS.dateTime)

/**
 * Whether the yyyy-MM-dd at the start of a string names a real day (month 1 to 12, day within
 * the month, leap years included). Plain arithmetic: a date check on every request must not
 * cost a parser (luxon's fromISO takes microseconds). Also judges the configuration's holiday
 * dates.
 *
 * @internal
 */
export const isCalendarDay = (s: string): boolean => {
  const year = Number(s.slice(0, 4))
  const month = Number(s.slice(5, 7))
  const day = Number(s.slice(8, 10))
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  return days !== undefined && day >= 1 && day <= days
}
