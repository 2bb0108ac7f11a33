/**
 * Business days (spec: QuoteResponse.transitDays and estimatedDeliveryDate; rules QTE-03,
 * QTE-04). Calendar days are judged in a named IANA zone (never the process's zone); counting is
 * arithmetic on day numbers (whole weeks plus a remainder, holidays by closed form and binary
 * search), so its cost does not grow with the span.
 *
 * @module
 */
import { DateTime, type IANAZone } from 'luxon'
import { invalidDateTime, isInstant } from '../internal/dateTime.js'
import { DAY_MS, dateTimeIn, instantOfLocal, memoZone, offsetAt, skippedDays } from '../internal/zoneOffsets.js'
import { defaultConfig, type HolidayCalendarSetting, type RulesConfig } from '../config.js'
import { civilDate, weekdaysThrough } from './calendarDays.js'
import { CARRIER_HOLIDAYS, CARRIER_HOLIDAYS_WITH_NEW_YEARS_EVE, listCounter, ruleCounter, US_FEDERAL_HOLIDAYS, type HolidayCounter } from './calendarHolidays.js'
import { total } from '../internal/total.js'

/**
 * Options of the business-day functions.
 *
 * @category model
 * @since 0.1.0
 */
export interface BusinessDayOptions {
  /** IANA zone in which calendar days are judged; default `config.businessDays.zone`. */
  readonly zone?: string
  /** Holiday calendar; default `config.businessDays.holidays` (`none`). */
  readonly holidays?: HolidayCalendarSetting | HolidayCalendar
  readonly config?: RulesConfig
  /**
   * `transitDays` only: the IANA zone of the delivery stop, in which the delivery's calendar day
   * is read (the day of the stop's own close time, as `estimateDelivery` places the ETA); default
   * the calendar's zone.
   */
  readonly deliveryZone?: string
}

const COUNTERS = {
  none: (() => 0) as HolidayCounter,
  'us-federal': ruleCounter(US_FEDERAL_HOLIDAYS),
  carrier: ruleCounter(CARRIER_HOLIDAYS),
  'carrier-new-years-eve': ruleCounter(CARRIER_HOLIDAYS_WITH_NEW_YEARS_EVE),
}

/**
 * A caller's holiday list prepared once (sorted weekday day numbers), to pass as
 * `options.holidays` instead of the raw list, which is prepared anew on every call.
 *
 * @category model
 * @since 0.1.0
 */
export interface HolidayCalendar {
  readonly _tag: 'HolidayCalendar'
  readonly count: HolidayCounter
}

/**
 * Prepares a caller's list of holidays (`yyyy-MM-dd` dates; weekend dates have no effect,
 * malformed ones are ignored) for repeated business-day calls.
 * For the business days of QTE-03 and QTE-04.
 *
 * @example
 * transitDays(DateTime.fromISO('2026-12-23T12:00:00Z'), DateTime.fromISO('2026-12-28T12:00:00Z'), { holidays: holidayCalendar(['2026-12-24', '2026-12-25']) })
 * //=> 1
 *
 * @category constructors
 * @since 0.1.0
 */
export const holidayCalendar = (dates: ReadonlyArray<string>): HolidayCalendar => ({
  _tag: 'HolidayCalendar',
  count: listCounter(Array.isArray(dates) ? dates.filter((d): d is string => typeof d === 'string') : []),
})

const counterFor = (setting: HolidayCalendarSetting | HolidayCalendar): HolidayCounter | undefined => {
  if (typeof setting === 'string') return Object.prototype.hasOwnProperty.call(COUNTERS, setting) ? COUNTERS[setting] : undefined
  if (Array.isArray(setting)) return setting.every((d) => typeof d === 'string') ? listCounter(setting) : undefined
  if (typeof setting === 'object' && setting !== null && (setting as HolidayCalendar)._tag === 'HolidayCalendar') {
    return (setting as HolidayCalendar).count
  }
  return undefined
}

interface Calendar {
  readonly zone: IANAZone
  readonly holidays: HolidayCounter
  /** The days the zone skips (see {@link skippedDays}): no business days, whatever their weekday. */
  readonly skipped: ReadonlyArray<number>
}

const calendarOf = (options: BusinessDayOptions): Calendar | undefined => {
  const config = options.config ?? defaultConfig
  const name = options.zone ?? config.businessDays.zone
  const zone = typeof name === 'string' ? memoZone(name) : undefined
  const holidays = counterFor(options.holidays ?? config.businessDays.holidays)
  return zone !== undefined && holidays !== undefined ? { zone, holidays, skipped: skippedDays(zone) } : undefined
}

/** Weekdays that are not holidays, on or before day n, days the zone skips included. */
const weekdaysOffThrough = (cal: Calendar, n: number): number => weekdaysThrough(n) - cal.holidays(n)

/** Business days on or before day n (only differences are meaningful). */
const businessThrough = (cal: Calendar, n: number): number =>
  cal.skipped.length === 0 ? weekdaysOffThrough(cal, n) : weekdaysOffThrough(cal, n) - skippedWorkdaysThrough(cal, n)

/** The days the zone skipped, on or before day n, that would have been business days. */
const skippedWorkdaysThrough = (cal: Calendar, n: number): number =>
  cal.skipped.filter((s) => s <= n && weekdaysOffThrough(cal, s) - weekdaysOffThrough(cal, s - 1) === 1).length

/** The calendar day (day number) of an instant in a zone, or undefined when it is no valid instant. */
const dayNumberOf = (dt: unknown, z: IANAZone): number | undefined => {
  if (!isInstant(dt)) return undefined
  const ms = dt.toMillis()
  return Math.floor((ms + offsetAt(z, ms) * 60_000) / DAY_MS)
}

/**
 * Returns the number of business days in (pickup day, delivery day]: the pickup day excluded,
 * the delivery day included, weekends (and the selected holidays) not counted, both days taken
 * as calendar days in `options.zone`, or the delivery day in `options.deliveryZone` when given
 * (the stop's own date of an ETA at its close time: an ETA at 00:00 in New York is the day before
 * in Chicago, so without it a calendar in Chicago would count one day less than
 * `estimateDelivery` added). Same day gives 0. Null when the delivery day precedes the pickup
 * day, a DateTime is invalid, or a zone or the holiday setting is unknown.
 *
 * Implements QTE-03, QTE-04. Decisions (D): days are judged in the configured zone
 * (`config.businessDays.zone`, default America/Chicago); holidays are off by default; a calendar
 * day the zone skipped when it moved across the date line (Pacific/Apia has no Friday
 * 30 December 2011) is no business day. Cost is constant in the span.
 *
 * Total: for arguments it cannot read (not DateTimes, malformed options) it returns `null` (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * // Friday to Monday: one business day
 * transitDays(DateTime.fromISO('2026-11-20T15:00:00Z'), DateTime.fromISO('2026-11-23T15:00:00Z'))
 * //=> 1
 *
 * @example
 * // Saturday 23:59 in Chicago to an ETA at 00:00 on Tuesday in New York (Monday 23:00 in Chicago)
 * transitDays(DateTime.fromISO('2026-05-24T04:59:00Z'), DateTime.fromISO('2026-05-26T04:00:00Z'), { deliveryZone: 'America/New_York' })
 * //=> 2
 *
 * @category rules
 * @since 0.1.0
 */
export const transitDays = /* @__PURE__ */ total(
(pickup: DateTime, delivery: DateTime, options: BusinessDayOptions = {}): number | null => {
  const cal = calendarOf(options)
  if (cal === undefined) return null
  const deliveryZone = options.deliveryZone === undefined ? cal.zone : typeof options.deliveryZone === 'string' ? memoZone(options.deliveryZone) : undefined
  if (deliveryZone === undefined) return null
  const a = dayNumberOf(pickup, cal.zone)
  const b = dayNumberOf(delivery, deliveryZone)
  if (a === undefined || b === undefined || b < a) return null
  return businessThrough(cal, b) - businessThrough(cal, a)
},
  () => null,
)

/**
 * Whether the calendar day of an instant, in the zone, is a business day. False for an invalid
 * DateTime or an unknown zone.
 * Rule QTE-03.
 *
 * Total: for arguments it cannot read it returns `false` (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * isBusinessDay(DateTime.fromISO('2026-11-26T12:00:00Z'), { holidays: 'carrier' }) // Thanksgiving
 * //=> false
 *
 * @category rules
 * @since 0.1.0
 */
export const isBusinessDay = /* @__PURE__ */ total(
(instant: DateTime, options: BusinessDayOptions = {}): boolean => {
  const cal = calendarOf(options)
  const d = cal === undefined ? undefined : dayNumberOf(instant, cal.zone)
  return cal !== undefined && d !== undefined && businessThrough(cal, d) - businessThrough(cal, d - 1) === 1
},
  () => false,
)

/**
 * Returns the instant `days` business days after `start` (before it when negative), at the same
 * wall-clock time in `options.zone`: the inverse of {@link transitDays} on business days, so
 * `transitDays(d, addBusinessDays(d, n)) === n` for a business day d and n ≥ 0. It never lands on
 * a weekend or holiday, nor on a day the zone skipped (Thursday 29 December 2011 in Pacific/Apia
 * plus one business day is Monday 2 January 2012): with `days` 0 a non-business start moves to
 * the next business day. An
 * invalid start, a non-integer count or an unknown zone gives an invalid DateTime.
 *
 * Implements QTE-03. Exponential then binary search over day numbers: logarithmic in `days`.
 *
 * Total: for arguments it cannot read it returns an invalid DateTime (`isValid` false) (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * addBusinessDays(DateTime.fromISO('2026-11-25T09:00', { zone: 'America/Chicago' }), 2, { holidays: 'carrier' }).toISODate()
 * //=> '2026-12-01'
 *
 * @category rules
 * @since 0.1.0
 */
export const addBusinessDays = /* @__PURE__ */ total(
(start: DateTime, days: number, options: BusinessDayOptions = {}): DateTime => {
  const cal = calendarOf(options)
  if (cal === undefined || !isInstant(start) || !Number.isSafeInteger(days)) {
    return DateTime.invalid('addBusinessDays needs a valid DateTime, a whole number of days and a known zone and holiday calendar')
  }
  const z = cal.zone
  const startMs = start.toMillis()
  const startOffset = offsetAt(z, startMs)
  const localMs = startMs + startOffset * 60_000
  const s = { day: Math.floor(localMs / DAY_MS) }
  const here = businessThrough(cal, s.day)
  const startIsBusiness = here - businessThrough(cal, s.day - 1) === 1
  const target = here + days + (days === 0 && !startIsBusiness ? 1 : 0)
  // The smallest day d with businessThrough(d) >= target is a business day (the count steps up there).
  let lo: number
  let hi: number
  if (target > here) {
    lo = s.day
    let step = 8
    hi = s.day + step
    while (businessThrough(cal, hi) < target) {
      lo = hi
      step *= 2
      hi = s.day + step
    }
  } else {
    hi = s.day
    let step = 8
    lo = s.day - step
    while (businessThrough(cal, lo) >= target) {
      hi = lo
      step *= 2
      lo = s.day - step
    }
  }
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2)
    if (businessThrough(cal, mid) >= target) hi = mid
    else lo = mid
  }
  // The same wall-clock time `hi - s.day` days later, resolved as luxon's DateTime#plus resolves it.
  return dateTimeIn(instantOfLocal(z, localMs + (hi - s.day) * DAY_MS, startOffset), z, start)
},
  () => invalidDateTime(),
)

/**
 * The calendar date (`yyyy-MM-dd`) of an instant in a zone, or null when either is invalid.
 *
 * @internal
 */
export const civilDateIn = (instant: DateTime, zone: string): string | null => {
  const z = memoZone(zone)
  const d = z === undefined ? undefined : dayNumberOf(instant, z)
  if (d === undefined) return null
  const c = civilDate(d)
  return `${String(c.year).padStart(4, '0')}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`
}
