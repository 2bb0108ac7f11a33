/**
 * Holiday calendars (spec: QuoteResponse.transitDays; rule QTE-04, D: off by default). Each
 * calendar is a table of rules computed for any year, with the observed-day shift (a holiday on
 * a Saturday is observed the Friday before, on a Sunday the Monday after; an eve has its own
 * rule, below). Within a calendar the observed days of the rules are distinct weekdays, so
 * counting the holidays up to a day takes constant work: the rules of three years around it,
 * plus a closed form for every year before.
 *
 * @module
 */
import { dayNumber, isWeekend, weekday, type CivilDate } from './calendarDays.js'

/**
 * One holiday rule: a fixed date (observed on the nearest weekday), the n-th (or last, n = -1)
 * given weekday of a month (`offset` days later, if given: the day after Thanksgiving), or the
 * eve of a fixed holiday (`eve`: observed on its own date from Monday to Thursday; on Friday it
 * moves to Thursday, because the holiday after it, falling on Saturday, is observed that Friday;
 * on Saturday to the Friday before; on Sunday to the Tuesday after, because the holiday is
 * observed on the Monday). `from` is the first year the holiday exists.
 *
 * @category model
 * @since 0.1.0
 */
export type HolidayRule =
  | { readonly name: string; readonly kind: 'fixed'; readonly month: number; readonly day: number; readonly from?: number }
  | { readonly name: string; readonly kind: 'nth'; readonly month: number; readonly weekday: number; readonly n: number; readonly offset?: number; readonly from?: number }
  | { readonly name: string; readonly kind: 'eve'; readonly month: number; readonly day: number; readonly from?: number }

const fixed = (name: string, month: number, day: number, from?: number): HolidayRule =>
  from === undefined ? { name, kind: 'fixed', month, day } : { name, kind: 'fixed', month, day, from }
const nth = (name: string, month: number, wd: number, n: number, offset?: number): HolidayRule =>
  offset === undefined ? { name, kind: 'nth', month, weekday: wd, n } : { name, kind: 'nth', month, weekday: wd, n, offset }
const eve = (name: string, month: number, day: number): HolidayRule => ({ name, kind: 'eve', month, day })

/**
 * The carrier calendar, the days US LTL carriers close as their published holiday schedules show
 * (2022 to 2025 schedules of Saia, XPO, Estes, ArcBest, R+L, Dayton, Pitt Ohio, AAA Cooper, TForce,
 * Old Dominion): New Year's Day, Memorial Day, Independence Day, Labor Day, Thanksgiving and the
 * day after, Christmas Eve and Christmas Day; eight closing days a year, each on its own weekday.
 * A fixed holiday on Saturday is observed the Friday before, on Sunday the Monday after; Christmas
 * Eve on Saturday moves to Friday, on Sunday to Tuesday (Christmas takes the Monday), as in the
 * 2022 and 2023 schedules; on Friday to Thursday (Christmas, on Saturday, takes the Friday), a
 * decision that keeps two closing days as in every other year.
 * A calendar year holds 7 to 9 of these days, because New Year's Day on a Saturday is observed on
 * December 31 of the year before. New Year's Eve, which some carriers add, is the holiday setting
 * `'carrier-new-years-eve'` (the rule list `CARRIER_HOLIDAYS_WITH_NEW_YEARS_EVE` of this module).
 * The business days of QTE-03 and QTE-04 skip these when the configuration selects it.
 *
 * @example
 * CARRIER_HOLIDAYS.map((r) => r.name)
 * //=> ["New Year's Day", 'Memorial Day', 'Independence Day', 'Labor Day', 'Thanksgiving Day', 'Day after Thanksgiving', 'Christmas Eve', 'Christmas Day']
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
  nth('Day after Thanksgiving', 11, 4, 4, 1),
  eve('Christmas Eve', 12, 24),
  fixed('Christmas Day', 12, 25),
]

/**
 * The carrier calendar with New Year's Eve, which some carriers close too (Ward, YRC in their
 * 2022 and 2025 schedules): nine closing days a year. New Year's Eve follows Christmas Eve's
 * rule: on Friday it moves to Thursday (New Year's Day, on Saturday, takes the Friday), on
 * Saturday to Friday, on Sunday to Tuesday, January 2 (New Year's Day takes the Monday).
 * For the business days of QTE-03 and QTE-04, as an option: the holiday setting
 * `'carrier-new-years-eve'` selects it.
 *
 * @internal
 */
export const CARRIER_HOLIDAYS_WITH_NEW_YEARS_EVE: ReadonlyArray<HolidayRule> = [...CARRIER_HOLIDAYS, eve("New Year's Eve", 12, 31)]

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
  if (rule.kind === 'eve') {
    const n = dayNumber({ year, month: rule.month, day: rule.day })
    const wd = weekday(n)
    return wd === 5 || wd === 6 ? n - 1 : wd === 7 ? n + 2 : n
  }
  const offset = rule.offset ?? 0
  if (rule.n > 0) {
    const first = dayNumber({ year, month: rule.month, day: 1 })
    return first + ((rule.weekday - weekday(first) + 7) % 7) + (rule.n - 1) * 7 + offset
  }
  const last = dayNumber({ year, month: rule.month, day: daysInMonth(year, rule.month) })
  return last - ((weekday(last) - rule.weekday + 7) % 7) + offset
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
 * years `y - 1 … y + 1` by binary search in their sorted observed days. The per-year part is a
 * bounded memo (at most {@link YEARS_KEPT} years per counter, the oldest evicted first): a pure
 * function of the rules and the year, so a business-day count costs two lookups, not 48 rule
 * evaluations and a sort, and no result depends on what was asked before.
 *
 * @internal
 */
export const ruleCounter = (rules: ReadonlyArray<HolidayRule>): HolidayCounter => {
  const years = new Map<number, YearHolidays>()
  const yearOf = (year: number): YearHolidays => {
    const hit = years.get(year)
    if (hit !== undefined) return hit
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
    const entry = { first: dayNumber({ year, month: 1, day: 1 }), next: dayNumber({ year: year + 1, month: 1, day: 1 }), before, near }
    if (years.size >= YEARS_KEPT) years.delete(years.keys().next().value as number)
    years.set(year, entry)
    return entry
  }
  // The two years last asked for answer most calls: a transit count asks for its pickup's and its
  // delivery's year, over and over.
  let a: YearHolidays | undefined
  let b: YearHolidays | undefined
  return (n) => {
    let y: YearHolidays
    if (a !== undefined && n >= a.first && n < a.next) y = a
    else if (b !== undefined && n >= b.first && n < b.next) y = b
    else {
      y = yearOf(civilYear(n))
      b = a
      a = y
    }
    return y.before + countAtMost(y.near, n)
  }
}

/** How many years a rule counter keeps (a memo of a pure function; see {@link ruleCounter}). */
const YEARS_KEPT = 512

/** A year's part of a rule counter: its day range, the holidays of the years before, and the sorted observed days of the year and its neighbours. */
interface YearHolidays {
  readonly first: number
  readonly next: number
  readonly before: number
  readonly near: ReadonlyArray<number>
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

/**
 * The year of a day number without building the whole date: estimate, then correct by one.
 *
 * @internal
 */
export const civilYear = (n: number): number => {
  let y = Math.floor(n / 365.2425) + 1970
  if (dayNumber({ year: y, month: 1, day: 1 }) > n) y -= 1
  else if (dayNumber({ year: y + 1, month: 1, day: 1 }) <= n) y += 1
  return y
}
