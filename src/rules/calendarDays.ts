/**
 * Calendar-day arithmetic on day numbers (days since 1970-01-01 as a civil date, not an instant),
 * in pure integer arithmetic: no Date, no time zone, no loop over days. The business-day rules
 * (`calendar.ts`) and the holiday calendars (`calendarHolidays.ts`) are built on it.
 *
 * @module
 */

/**
 * A civil date.
 *
 * @internal
 */
export interface CivilDate {
  readonly year: number
  readonly month: number
  readonly day: number
}

const floorDiv = (a: number, b: number): number => Math.floor(a / b)

/**
 * Returns the day number of a civil date: days since 1970-01-01 (negative before). Algorithm:
 * Howard Hinnant's days_from_civil, exact for every year JavaScript numbers hold.
 * For example, 1970-01-01 is day 0 and 2026-11-24 is day 20781.
 *
 * @internal
 */
export const dayNumber = ({ year, month, day }: CivilDate): number => {
  const y = month <= 2 ? year - 1 : year
  const era = floorDiv(y, 400)
  const yoe = y - era * 400
  const mp = (month + 9) % 12
  const doy = floorDiv(153 * mp + 2, 5) + day - 1
  const doe = yoe * 365 + floorDiv(yoe, 4) - floorDiv(yoe, 100) + doy
  return era * 146097 + doe - 719468
}

/**
 * Returns the civil date of a day number (inverse of {@link dayNumber}).
 * For example, `civilDate(20781)` is `{ year: 2026, month: 11, day: 24 }`.
 *
 * @internal
 */
export const civilDate = (n: number): CivilDate => {
  const z = n + 719468
  const era = floorDiv(z, 146097)
  const doe = z - era * 146097
  const yoe = floorDiv(doe - floorDiv(doe, 1460) + floorDiv(doe, 36524) - floorDiv(doe, 146096), 365)
  const doy = doe - (365 * yoe + floorDiv(yoe, 4) - floorDiv(yoe, 100))
  const mp = floorDiv(5 * doy + 2, 153)
  const day = doy - floorDiv(153 * mp + 2, 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day }
}

/**
 * ISO weekday of a day number: 1 Monday … 7 Sunday.
 * For example, `weekday(0)` is 4: 1970-01-01 was a Thursday.
 *
 * @internal
 */
export const weekday = (n: number): number => ((((n + 3) % 7) + 7) % 7) + 1

/**
 * Whether a day number falls on Saturday or Sunday.
 *
 * @internal
 */
export const isWeekend = (n: number): boolean => weekday(n) >= 6

/**
 * The number of weekdays (Monday to Friday) on or before day `n`, counted from a fixed Monday:
 * only differences are meaningful. Closed form: whole weeks times five plus the remainder.
 *
 * @internal
 */
export const weekdaysThrough = (n: number): number => {
  const m = n + 3 // day 0 = Monday 1969-12-29
  const weeks = floorDiv(m, 7)
  const rest = m - weeks * 7
  return weeks * 5 + Math.min(rest + 1, 5)
}
