// Oracles for business days, written to be obviously right rather than fast: a day-by-day walk
// with luxon, and holidays decided from each day's own date ("the third Monday of January"),
// not from the library's rule tables or day numbers.
import { DateTime } from 'luxon'

const nthWeekdayOfMonth = (d: DateTime): { n: number; last: boolean } => ({
  n: Math.ceil(d.day / 7),
  last: d.plus({ days: 7 }).month !== d.month,
})

/** Is this calendar date (ignoring time) the actual date of a holiday (before any shift)? */
const actualHoliday = (d: DateTime, calendar: 'us-federal' | 'carrier'): boolean => {
  const { n, last } = nthWeekdayOfMonth(d)
  const wd = d.weekday
  const md = (m: number, day: number) => d.month === m && d.day === day
  const carrier =
    md(1, 1) || (d.month === 5 && wd === 1 && last) || md(7, 4) || (d.month === 9 && wd === 1 && n === 1) || (d.month === 11 && wd === 4 && n === 4) || md(12, 25)
  if (calendar === 'carrier') return carrier
  return (
    carrier ||
    (d.month === 1 && wd === 1 && n === 3) ||
    (d.month === 2 && wd === 1 && n === 3) ||
    (md(6, 19) && d.year >= 2021) ||
    (d.month === 10 && wd === 1 && n === 2) ||
    md(11, 11)
  )
}

/** Is this date a holiday as observed: the actual date on a weekday, Friday for Saturday, Monday for Sunday? */
export const observedHolidayOracle = (d: DateTime, calendar: 'us-federal' | 'carrier'): boolean => {
  if (d.weekday >= 6) return false
  if (actualHoliday(d, calendar)) return true
  if (d.weekday === 5 && actualHoliday(d.plus({ days: 1 }), calendar)) return true
  if (d.weekday === 1 && actualHoliday(d.minus({ days: 1 }), calendar)) return true
  return false
}

export type OracleHolidays = 'none' | 'us-federal' | 'carrier' | ReadonlyArray<string>

export const isBusinessDayOracle = (d: DateTime, holidays: OracleHolidays): boolean => {
  if (d.weekday >= 6) return false
  if (holidays === 'none') return true
  if (typeof holidays === 'string') return !observedHolidayOracle(d, holidays)
  return !holidays.includes(d.toISODate()!)
}

/** Walks day by day from the day after pickup to the delivery day, the days taken in the zone. */
export const transitDaysOracle = (pickup: DateTime, delivery: DateTime, zone: string, holidays: OracleHolidays): number | null => {
  // The calendar dates in the zone, then a walk over civil dates (in UTC, where a day is a day).
  let day = DateTime.fromISO(pickup.setZone(zone).toISODate()!, { zone: 'utc' })
  const end = DateTime.fromISO(delivery.setZone(zone).toISODate()!, { zone: 'utc' })
  if (end < day) return null
  let count = 0
  while (day < end) {
    day = day.plus({ days: 1 })
    if (isBusinessDayOracle(day, holidays)) count += 1
  }
  return count
}
