// Generators for what a server derives from the clock and the calendar: how far to move a clock
// across a time window (the Idempotency-Key window, the quote validity) at, a minute under and a
// minute over its end, and pickup instants at the edges of the business-day calendar (a Friday
// night, a weekend, the eve of a holiday, the delivery stop's close time a minute before, at and
// after). Each value names the edge it sits on, so a failing case reads as what it is.
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { defaultConfig, type RulesConfig } from '../config.js'
import { civilDate, dayNumber, weekday } from '../rules/calendarDays.js'
import { CARRIER_HOLIDAYS, CARRIER_HOLIDAYS_WITH_NEW_YEARS_EVE, observedDay, US_FEDERAL_HOLIDAYS, type HolidayRule } from '../rules/calendarHolidays.js'
import { DAY_MS, instantOfLocal, memoZone, offsetAt } from '../internal/zoneOffsets.js'

/**
 * How far past the start of a time window a request is sent, whole minutes (the resolution of a
 * clock moved in minutes), and whether that is still inside the window.
 *
 * @category arbitraries
 * @since 0.4.0
 */
export interface WindowStep {
  /** Whole minutes after the start of the window, at least 1. */
  readonly minutes: number
  /** Whether `minutes` is before the end of the window (windows are half-open: at the end is outside). */
  readonly inside: boolean
  /** `below`, `at` or `above` the end (one minute either side), or `random`. */
  readonly edge: 'below' | 'at' | 'above' | 'random'
}

/**
 * A step across a window of `hours` hours (24 for the Idempotency-Key window, 48 for quote
 * validity: the configuration's `idempotencyWindowHours` and `quoteValidityHours`): most often
 * exactly at its end, a minute under or a minute over, else anywhere from 1 minute to twice the
 * window; `inside` says whether the step is before the end (half-open). A window of 0 hours or
 * less, or not a whole number, has only the step of 1 minute, outside.
 *
 * Targets CRT-10, QTE-02 and QTE-06.
 *
 * @example
 * fc.sample(windowStepArb(defaultConfig.idempotencyWindowHours), { seed: 1, numRuns: 40 }).every((s) => s.inside === (decideIdempotency({ body: 1, createdAt: DateTime.fromISO('2026-11-20T10:00:00Z'), response: 'r' }, { body: 1, now: DateTime.fromISO('2026-11-20T10:00:00Z').plus({ minutes: s.minutes }) }).kind === 'replay'))
 * //=> true
 *
 * @category arbitraries
 * @since 0.4.0
 */
export const windowStepArb = (hours: number): fc.Arbitrary<WindowStep> => {
  const end = Number.isSafeInteger(hours) && hours > 0 ? hours * 60 : 0
  if (end === 0) return fc.constant({ minutes: 1, inside: false, edge: 'random' as const })
  const edge = (minutes: number, e: WindowStep['edge']): WindowStep => ({ minutes, inside: minutes < end, edge: e })
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(edge(end - 1, 'below'), edge(end, 'at'), edge(end + 1, 'above')) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 * end }).map((m) => edge(m, 'random')) },
  )
}

/**
 * The three steps at the end of a window of `hours` hours: a minute under (inside), exactly at
 * (outside: windows are half-open) and a minute over (outside). Empty for a window that is not a
 * positive whole number of hours.
 *
 * Targets CRT-10, QTE-02 and QTE-06.
 *
 * @example
 * windowEdgeSteps(24).map((s) => [s.minutes, s.inside])
 * //=> [[1439, true], [1440, false], [1441, false]]
 *
 * @category arbitraries
 * @since 0.4.0
 */
export const windowEdgeSteps = (hours: number): ReadonlyArray<WindowStep> => {
  if (!Number.isSafeInteger(hours) || hours <= 0) return []
  const end = hours * 60
  return [
    { minutes: end - 1, inside: true, edge: 'below' },
    { minutes: end, inside: false, edge: 'at' },
    { minutes: end + 1, inside: false, edge: 'above' },
  ]
}

/**
 * A pickup instant and the delivery stop's close time of a quote, at an edge of the business-day
 * calendar, and the edge it sits on.
 *
 * @category arbitraries
 * @since 0.4.0
 */
export interface CalendarPickup {
  /** The pickup instant, a wire date-time in UTC (`2026-11-25T21:59:00Z`). */
  readonly pickup: string
  /** The delivery stop's closeTime, HH:mm. */
  readonly deliveryCloseTime: string
  /** What the pickup sits on: `Thanksgiving Day eve at close time - 1 min`, `Friday 23:59`, … */
  readonly edge: string
}

const two = (n: number): string => String(n).padStart(2, '0')
const DAY_NAMES = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
const CLOSE_TIMES: ReadonlyArray<string> = ['16:00', '00:00', '08:30', '23:59']

/**
 * The instant of a wall time `minute` minutes after the start of a day (day number; negative or
 * past 24 h reaches the days around it) in a zone, as a UTC wire date-time, or undefined for an
 * unknown zone. Resolved as the ETA resolves a wall time (calendarEta.ts): a repeated time is its
 * first occurrence, a skipped one moves forward, whatever the machine's clock.
 */
const wallTime = (day: number, minute: number, zone: string): string | undefined => {
  const z = memoZone(zone)
  if (z === undefined) return undefined
  const localMs = day * DAY_MS + minute * 60_000
  const t = DateTime.fromMillis(instantOfLocal(z, localMs, offsetAt(z, localMs - DAY_MS)), { zone: 'utc' })
  return t.isValid ? t.toISO({ suppressMilliseconds: true }) ?? undefined : undefined
}

const minuteOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))

/** The named calendars' rules beyond the carrier holidays. */
const NAMED: Readonly<Record<string, ReadonlyArray<HolidayRule>>> = {
  'us-federal': US_FEDERAL_HOLIDAYS,
  'carrier-new-years-eve': CARRIER_HOLIDAYS_WITH_NEW_YEARS_EVE,
}

/**
 * The holidays of a year as day numbers with names, one a day: the carrier holidays, the
 * configuration's named calendar (US federal, or the carrier one with New Year's Eve) and its own
 * list of dates.
 */
const holidaysOf = (config: RulesConfig, year: number): ReadonlyArray<{ day: number; name: string }> => {
  const out: Array<{ day: number; name: string }> = []
  const setting = config.businessDays.holidays
  const named = typeof setting === 'string' && Object.prototype.hasOwnProperty.call(NAMED, setting) ? NAMED[setting]! : []
  for (const rule of [...CARRIER_HOLIDAYS, ...named]) {
    const d = observedDay(rule, year)
    if (d !== undefined && !out.some((h) => h.day === d)) out.push({ day: d, name: rule.name })
  }
  const listed = config.businessDays.holidays
  if (Array.isArray(listed)) {
    for (const text of listed as ReadonlyArray<unknown>) {
      const m = typeof text === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) : null
      if (m !== null && Number(m[1]) === year && !out.some((h) => h.day === dayNumber({ year, month: Number(m[2]), day: Number(m[3]) }))) out.push({ day: dayNumber({ year, month: Number(m[2]), day: Number(m[3]) }), name: `holiday ${text as string}` })
    }
  }
  return out.sort((a, b) => a.day - b.day)
}

/**
 * The pickups at the edges of the calendar in one year, in the configuration's business-day
 * zone (`businessDays.zone`): for each holiday (the carrier holidays, which a server that declares
 * none must not skip, the configuration's named calendar and its own list of dates) the eve a
 * minute before, at and a minute after the delivery close time, the holiday itself at 00:00, and
 * the Friday before it at 23:59; for the first week of the year a Friday at 23:59, a Saturday at noon, a Sunday at 23:59 and a
 * Monday at 00:00. The close times are 16:00 (the address default), 00:00, 08:30 and 23:59 in
 * turn. A year outside 1 … 9998 gives none.
 *
 * Targets QTE-03 and QTE-04.
 *
 * @example
 * calendarEdgePickups(defaultConfig, 2026).find((p) => p.edge.startsWith('Thanksgiving Day eve'))
 * //=> { pickup: '2026-11-25T21:59:00Z', deliveryCloseTime: '16:00', edge: 'Thanksgiving Day eve (Wednesday) at close time - 1 min' }
 *
 * @category arbitraries
 * @since 0.4.0
 */
export const calendarEdgePickups = (config: RulesConfig = defaultConfig, year: number): ReadonlyArray<CalendarPickup> => {
  if (!Number.isSafeInteger(year) || year < 1 || year > 9998) return []
  const zone = config.businessDays.zone
  const out: CalendarPickup[] = []
  let turn = 0
  const add = (day: number, minute: number, close: string, edge: string): void => {
    const pickup = wallTime(day, minute, zone)
    if (pickup !== undefined) out.push({ pickup, deliveryCloseTime: close, edge })
  }
  for (const h of holidaysOf(config, year)) {
    const close = CLOSE_TIMES[turn++ % CLOSE_TIMES.length]!
    const eve = h.day - 1
    const name = `${h.name} eve (${DAY_NAMES[weekday(eve)]})`
    add(eve, minuteOf(close) - 1, close, `${name} at close time - 1 min`)
    add(eve, minuteOf(close), close, `${name} at close time`)
    add(eve, minuteOf(close) + 1, close, `${name} at close time + 1 min`)
    add(h.day, 0, close, `${h.name} (${DAY_NAMES[weekday(h.day)]}) 00:00`)
    const friday = h.day - ((weekday(h.day) + 2) % 7 || 7)
    add(friday, 23 * 60 + 59, close, `the Friday before ${h.name} 23:59`)
  }
  const jan = dayNumber({ year, month: 1, day: 1 })
  const fri = jan + ((5 - weekday(jan) + 7) % 7)
  add(fri, 23 * 60 + 59, '16:00', `Friday ${two(civilDate(fri).month)}-${two(civilDate(fri).day)} 23:59`)
  add(fri + 1, 12 * 60, '23:59', 'Saturday 12:00')
  add(fri + 2, 23 * 60 + 59, '00:00', 'Sunday 23:59')
  add(fri + 3, 0, '08:30', 'Monday 00:00')
  return out
}

/**
 * A pickup at an edge of the calendar in one of the years `years.min` … `years.max` (default
 * 2026 … 2030), most often one of {@link calendarEdgePickups}, else any minute of those years
 * with any of the close times 16:00, 00:00, 08:30 and 23:59.
 *
 * Targets QTE-03 and QTE-04.
 *
 * @example
 * fc.sample(pickupAcrossCalendarArb(defaultConfig, { min: 2027, max: 2027 }), { seed: 1, numRuns: 30 }).every((p) => p.pickup > '2026-12-20' && p.pickup < '2028-01-02')
 * //=> true
 *
 * @category arbitraries
 * @since 0.4.0
 */
export const pickupAcrossCalendarArb = (
  config: RulesConfig = defaultConfig,
  years: { readonly min: number; readonly max: number } = { min: 2026, max: 2030 },
): fc.Arbitrary<CalendarPickup> => {
  const lo = Math.max(1, Math.min(9998, Math.trunc(years.min)))
  const hi = Math.max(lo, Math.min(9998, Math.trunc(years.max)))
  const edges = Array.from({ length: hi - lo + 1 }, (_, i) => calendarEdgePickups(config, lo + i)).flat()
  const first = dayNumber({ year: lo, month: 1, day: 1 })
  const last = dayNumber({ year: hi + 1, month: 1, day: 1 }) - 1
  const random = fc
    .tuple(fc.integer({ min: first, max: last }), fc.integer({ min: 0, max: 24 * 60 - 1 }), fc.constantFrom(...CLOSE_TIMES))
    .map(([day, minute, close]): CalendarPickup => ({ pickup: wallTime(day, minute, config.businessDays.zone) ?? '', deliveryCloseTime: close, edge: 'random' }))
    .filter((p) => p.pickup !== '')
  return edges.length === 0 ? random : fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...edges) }, { weight: 1, arbitrary: random })
}
