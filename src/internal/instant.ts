/**
 * The instant a wire timestamp names, by arithmetic (ID-03): a date-time that passed
 * `isDateTimeString` needs no parser, and luxon's `fromISO` costs microseconds per call, which a
 * tracking call pays for every GPS ping.
 *
 * @internal
 * @module
 */

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
const daysFromCivil = (year: number, month: number, day: number): number => {
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
  const minutes = ((daysFromCivil(Number(s.slice(0, 4)), Number(s.slice(5, 7)), Number(s.slice(8, 10))) * 24 + Number(s.slice(11, 13))) * 60) + Number(s.slice(14, 16))
  let i = 16
  let ms = 0
  if (s.charCodeAt(i) === 58) {
    ms = Number(s.slice(17, 19)) * 1000
    i = 19
    if (s.charCodeAt(i) === 46) {
      let j = i + 1
      while (j < s.length && isDigit(s.charCodeAt(j))) j++
      ms += Number(`${s.slice(i + 1, Math.min(j, i + 4))}00`.slice(0, 3))
      i = j
    }
  }
  let offset = 0
  if (s.charCodeAt(i) !== 90) {
    const sign = s.charCodeAt(i) === 45 ? -1 : 1
    const colon = s.charCodeAt(i + 3) === 58 ? 1 : 0
    offset = sign * (Number(s.slice(i + 1, i + 3)) * 60 + Number(s.slice(i + 3 + colon, i + 5 + colon)))
  }
  return (minutes - offset) * 60_000 + ms
}
