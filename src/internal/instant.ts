/**
 * The instant a wire timestamp names, by arithmetic (ID-03): a date-time that passed
 * `isDateTimeString` needs no parser, and luxon's `fromISO` costs microseconds per call, which a
 * tracking call pays for every GPS ping.
 *
 * @internal
 * @module
 */

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export const daysFromCivil = (year: number, month: number, day: number): number => {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146_097 + doe - 719_468
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57

/**
 * Epoch milliseconds of a string that passed `isDateTimeString` (`YYYY-MM-DDTHH:mm`, optional
 * seconds and fraction, `Z` or `±HH:mm` / `±HHmm`). Fraction digits past the millisecond are
 * dropped, as luxon drops them.
 */
export const instantOf = (s: string): number => {
  const minutes = ((daysFromCivil(two(s, 0) * 100 + two(s, 2), two(s, 5), two(s, 8)) * 24 + two(s, 11)) * 60) + two(s, 14)
  let i = 16
  let ms = 0
  if (s.charCodeAt(i) === 58) {
    ms = two(s, 17) * 1000
    i = 19
    if (s.charCodeAt(i) === 46) {
      // milliseconds: the first three fraction digits, missing ones read as 0; the rest dropped
      let j = i + 1
      let scale = 100
      while (j < s.length && isDigit(s.charCodeAt(j))) {
        if (scale >= 1) ms += (s.charCodeAt(j) - 48) * scale
        scale /= 10
        j++
      }
      i = j
    }
  }
  let offset = 0
  if (s.charCodeAt(i) !== 90) {
    const sign = s.charCodeAt(i) === 45 ? -1 : 1
    const colon = s.charCodeAt(i + 3) === 58 ? 1 : 0
    offset = sign * (two(s, i + 1) * 60 + two(s, i + 3 + colon))
  }
  return (minutes - offset) * 60_000 + ms
}

/** The number written by the two decimal digits of `s` at `at` (they are known to be digits). */
const two = (s: string, at: number): number => (s.charCodeAt(at) - 48) * 10 + s.charCodeAt(at + 1) - 48
