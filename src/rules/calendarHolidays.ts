/**
 * Holiday calendars (spec: QuoteResponse.transitDays; rule QTE-04, D: off by default). Each
 * calendar is a table of rules computed for any year, with the observed-day shift (a holiday on
 * a Saturday is observed the Friday before, on a Sunday the Monday after). Counting the
 * holidays up to a day takes constant work: the rules of three years around it, plus a closed
 * form for every year before.
 *
 * @module
 */
import { dayNumber, isWeekend, weekday, type CivilDate } from './calendarDays.js'

/**
 * One holiday rule: a fixed date (observed on the nearest weekday), or the n-th (or last, n = -1)
 * given weekday of a month. `from` is the first year the holiday exists.
 *
 * @category model
 * @since 0.1.0
 */
export type HolidayRule =
  | { readonly name: string; readonly kind: 'fixed'; readonly month: number; readonly day: number; readonly from?: number }
  | { readonly name: string; readonly kind: 'nth'; readonly month: number; readonly weekday: number; readonly n: number; readonly from?: number }

const fixed = (name: string, month: number, day: number, from?: number): HolidayRule =>
  from === undefined ? { name, kind: 'fixed', month, day } : { name, kind: 'fixed', month, day, from }
const nth = (name: string, month: number, wd: number, n: number): HolidayRule => ({ name, kind: 'nth', month, weekday: wd, n })

/**
 * The carrier calendar: New Year's Day, Memorial Day, Independence Day, Labor Day, Thanksgiving,
 * Christmas.
 * The business days of QTE-03 and QTE-04 skip these when the configuration selects it.
 *
 * @example
 * CARRIER_HOLIDAYS.length
 * //=> 6
 *
 * @category model
 * @since 0.1.0
 */
export const CARRIER_HOLIDAYS: ReadonlyArray<HolidayRule> = [
  fixed("New Year's Day", 1, 1),
  nth('Memorial Day', 5, 1, -1),
  fixed('Independence Day', 7, 4),
  nth('Labor Day', 9, 1, 1),
  nth('Thanksgiving Day', 11, 4, 4),
  fixed('Christmas Day', 12, 25),
]

/**
 * The US federal calendar (5 U.S.C. 6103), today's rules applied to every year, with Juneteenth
 * from 2021.
 * The business days of QTE-03 and QTE-04 skip these when the configuration selects it.
 *
 * @example
 * US_FEDERAL_HOLIDAYS.length
 * //=> 11
 *
 * @category model
 * @since 0.1.0
 */
export const US_FEDERAL_HOLIDAYS: ReadonlyArray<HolidayRule> = [
  fixed("New Year's Day", 1, 1),
  nth('Birthday of Martin Luther King, Jr.', 1, 1, 3),
  nth("Washington's Birthday", 2, 1, 3),
  nth('Memorial Day', 5, 1, -1),
  fixed('Juneteenth National Independence Day', 6, 19, 2021),
  fixed('Independence Day', 7, 4),
  nth('Labor Day', 9, 1, 1),
  nth('Columbus Day', 10, 1, 2),
  fixed('Veterans Day', 11, 11),
  nth('Thanksgiving Day', 11, 4, 4),
  fixed('Christmas Day', 12, 25),
]

const daysInMonth = (year: number, month: number): number =>
  dayNumber({ year: month === 12 ? year + 1 : year, month: month === 12 ? 1 : month + 1, day: 1 }) - dayNumber({ year, month, day: 1 })

/**
 * The observed day number of a rule in a year, or undefined before the rule's first year.
 * For example, July 4, 2026 is a Saturday, so the observed day of Independence Day in 2026 is
 * the day number of Friday, July 3.
 *
 * @internal
 */
export const observedDay = (rule: HolidayRule, year: number): number | undefined => {
  if (rule.from !== undefined && year < rule.from) return undefined
  if (rule.kind === 'fixed') {
    const n = dayNumber({ year, month: rule.month, day: rule.day })
    const wd = weekday(n)
    return wd === 6 ? n - 1 : wd === 7 ? n + 1 : n
  }
  if (rule.n > 0) {
    const first = dayNumber({ year, month: rule.month, day: 1 })
    return first + ((rule.weekday - weekday(first) + 7) % 7) + (rule.n - 1) * 7
  }
  const last = dayNumber({ year, month: rule.month, day: daysInMonth(year, rule.month) })
  return last - ((weekday(last) - rule.weekday + 7) % 7)
}

/**
 * A way to count non-business weekdays: how many holidays fall on or before a day. Only
 * differences matter.
 *
 * @internal
 */
export type HolidayCounter = (n: number) => number

/** Number of sorted values ≤ n, by binary search. */
const countAtMost = (sorted: ReadonlyArray<number>, n: number): number => {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (sorted[mid]! <= n) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * The counter of a rule calendar: holidays of every year before `y - 1` by a closed form, those of
 * years `y - 1 … y + 1` by binary search in their sorted observed days.
 *
 * @internal
 */
export const ruleCounter = (rules: ReadonlyArray<HolidayRule>): HolidayCounter => (n) => {
  const year = civilYear(n)
  let before = 0
  for (const r of rules) before += r.from === undefined ? year - 1 : Math.max(0, year - 1 - r.from)
  const near: number[] = []
  for (let y = year - 1; y <= year + 1; y++) {
    for (const r of rules) {
      const d = observedDay(r, y)
      if (d !== undefined) near.push(d)
    }
  }
  near.sort((a, b) => a - b)
  return before + countAtMost(near, n)
}

/**
 * The counter of a caller's list of ISO dates: weekend dates are dropped (they are not business
 * days anyway), duplicates collapse; binary search. Malformed entries are ignored here (makeConfig
 * and the options check reject them).
 *
 * @internal
 */
export const listCounter = (dates: ReadonlyArray<string>): HolidayCounter => {
  const days = [...new Set(dates.map(parseIsoDate).filter((d): d is number => d !== undefined && !isWeekend(d)))].sort((a, b) => a - b)
  return (n) => countAtMost(days, n)
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * The day number of a `yyyy-MM-dd` text naming a real date, or undefined.
 *
 * @internal
 */
export const parseIsoDate = (text: string): number | undefined => {
  const m = ISO_DATE.exec(text)
  if (m === null) return undefined
  const date: CivilDate = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > daysInMonth(date.year, date.month)) return undefined
  return dayNumber(date)
}

const civilYear = (n: number): number => {
  // The year of a day number without building the whole date: estimate, then correct.
  let y = Math.floor(n / 365.2425) + 1970
  if (dayNumber({ year: y, month: 1, day: 1 }) > n) y -= 1
  else if (dayNumber({ year: y + 1, month: 1, day: 1 }) <= n) y += 1
  return y
}
