// Oracles for business days, written to be obviously right rather than fast: a day-by-day walk
// with luxon, and holidays decided from each day's own date ("the third Monday of January"),
// not from the library's rule tables or day numbers.
import { DateTime } from 'luxon'

const nthWeekdayOfMonth = (d: DateTime): { n: number; last: boolean } => ({
  n: Math.ceil(d.day / 7),
  last: d.plus({ days: 7 }).month !== d.month,
})

/** The calendars the oracles know: the two built-in ones and the carrier calendar with New Year's Eve. */
export type OracleCalendar = 'us-federal' | 'carrier' | 'carrier-new-years-eve'

/** Is this calendar date (ignoring time) the actual date of a holiday shifted as a fixed date is (before any shift)? */
const actualHoliday = (d: DateTime, calendar: OracleCalendar): boolean => {
  const { n, last } = nthWeekdayOfMonth(d)
  const wd = d.weekday
  const md = (m: number, day: number) => d.month === m && d.day === day
  const common =
    md(1, 1) || (d.month === 5 && wd === 1 && last) || md(7, 4) || (d.month === 9 && wd === 1 && n === 1) || (d.month === 11 && wd === 4 && n === 4) || md(12, 25)
  if (calendar !== 'us-federal') return common
  return (
    common ||
    (d.month === 1 && wd === 1 && n === 3) ||
    (d.month === 2 && wd === 1 && n === 3) ||
    (md(6, 19) && d.year >= 2021) ||
    (d.month === 10 && wd === 1 && n === 2) ||
    md(11, 11)
  )
}

/**
 * Is this weekday the closing day of an eve (December `eveDay`), as carriers shift it? The eve
 * itself from Monday to Thursday; a Thursday whose next day is the eve on a Friday; a Friday whose
 * next day is the eve on a Saturday; a Tuesday two days after the eve on a Sunday.
 */
const eveClosing = (d: DateTime, eveDay: number): boolean => {
  const isEve = (x: DateTime) => x.month === 12 && x.day === eveDay
  const wd = d.weekday
  return (
    (isEve(d) && wd <= 4) ||
    (wd === 4 && isEve(d.plus({ days: 1 }))) ||
    (wd === 5 && isEve(d.plus({ days: 1 }))) ||
    (wd === 2 && isEve(d.minus({ days: 2 })))
  )
}

/**
 * Is this date a holiday as observed: the actual date on a weekday, Friday for Saturday, Monday for
 * Sunday; for the carrier calendars also the Friday after Thanksgiving (the day after the fourth
 * Thursday of November) and Christmas Eve (and New Year's Eve) as shifted by `eveClosing`?
 */
export const observedHolidayOracle = (d: DateTime, calendar: OracleCalendar): boolean => {
  if (d.weekday >= 6) return false
  if (actualHoliday(d, calendar)) return true
  if (d.weekday === 5 && actualHoliday(d.plus({ days: 1 }), calendar)) return true
  if (d.weekday === 1 && actualHoliday(d.minus({ days: 1 }), calendar)) return true
  if (calendar === 'us-federal') return false
  const yesterday = d.minus({ days: 1 })
  if (d.weekday === 5 && yesterday.month === 11 && nthWeekdayOfMonth(yesterday).n === 4) return true
  if (eveClosing(d, 24)) return true
  return calendar === 'carrier-new-years-eve' && eveClosing(d, 31)
}

/** The settings the business-day oracles take: those of the library's `holidays` option. */
export type OracleHolidays = 'none' | 'us-federal' | 'carrier' | 'carrier-new-years-eve' | ReadonlyArray<string>

export const isBusinessDayOracle = (d: DateTime, holidays: OracleHolidays): boolean => {
  if (d.weekday >= 6) return false
  if (holidays === 'none') return true
  if (typeof holidays === 'string') return !observedHolidayOracle(d, holidays)
  return !holidays.includes(d.toISODate()!)
}

/**
 * Does the calendar date of `day` (a UTC DateTime standing for a civil date) happen in the zone?
 * Not when the zone jumped across the date line over it (Pacific/Apia has no 30 December 2011):
 * luxon then moves its noon, a wall time that never happened, forward into the next day. No zone
 * skips noon without skipping the whole day (a change at noon of twelve hours or more is a date-line
 * jump).
 */
export const dateExistsIn = (day: DateTime, zone: string): boolean => {
  const key = `${zone} ${day.toMillis()}`
  let exists = existence.get(key)
  if (exists === undefined) {
    exists = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour: 12 }, { zone }).toISODate() === day.toISODate()
    existence.set(key, exists)
  }
  return exists
}
/** Answers of dateExistsIn already computed (the walks of a property overlap). */
const existence = new Map<string, boolean>()

/** Walks day by day from the day after pickup to the delivery day, the days taken in the zone (a day the zone skips is no business day). */
export const transitDaysOracle = (pickup: DateTime, delivery: DateTime, zone: string, holidays: OracleHolidays): number | null => {
  // The calendar dates in the zone, then a walk over civil dates (in UTC, where a day is a day).
  let day = DateTime.fromISO(pickup.setZone(zone).toISODate()!, { zone: 'utc' })
  const end = DateTime.fromISO(delivery.setZone(zone).toISODate()!, { zone: 'utc' })
  if (end < day) return null
  let count = 0
  while (day < end) {
    day = day.plus({ days: 1 })
    if (isBusinessDayOracle(day, holidays) && dateExistsIn(day, zone)) count += 1
  }
  return count
}
