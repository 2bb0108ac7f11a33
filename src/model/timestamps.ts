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

/**
 * An ISO 8601 date-time with a zone designator: `YYYY-MM-DDTHH:mm`, optional seconds and up to
 * nine fraction digits, then `Z` or `±HH:mm` / `±HHmm` (ID-03).
 *
 * @category model
 * @since 0.1.0
 */
export const DATE_TIME_PATTERN =
  /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/

/** The longest string {@link DATE_TIME_PATTERN} can match: checked first, before the pattern. */
const DATE_TIME_MAX_LENGTH = 35

/**
 * Whether a string is a wire timestamp: a date, a time and a zone designator, naming a real
 * calendar date (ID-03).
 *
 * @example
 * isDateTimeString('2026-03-02T09:30:00')
 * //=> false
 *
 * @category refinements
 * @since 0.1.0
 */
export const isDateTimeString = (s: string): boolean =>
  s.length <= DATE_TIME_MAX_LENGTH && DATE_TIME_PATTERN.test(s) && isCalendarDay(s)

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
