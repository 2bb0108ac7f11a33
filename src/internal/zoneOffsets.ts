/**
 * UTC offsets of IANA zones, memoised. luxon's `IANAZone#offset` formats the instant with
 * `Intl.DateTimeFormat` on every call (about 3 µs); the business-day rules need two to four
 * offsets per call. This module keeps, per zone and per 366-day period of UTC time, the offsets in
 * force and the instants at which they change (found once by sampling the period day by day with
 * luxon and bisecting each change to the millisecond), so a later offset in the same period costs
 * a few comparisons.
 *
 * It is a memo of a pure function of constant data (the zone rules of the JavaScript engine), not
 * state a caller can observe: every offset it returns is the one `IANAZone#offset` returns for the
 * same instant (test/properties/zoneOffsets.test.ts compares them across zones and 1900–2100).
 * It is bounded: at most {@link MAX_PERIODS} zone-periods are kept (the oldest entry is evicted
 * first), and instants outside 1800–2300 are not memoised. The one assumption, checked by the
 * property, is that a zone's offset does not change twice within one day.
 *
 * @internal
 * @module
 */
import { DateTime, IANAZone } from 'luxon'

/** Milliseconds in a day of 24 hours (a day number is an instant's local time over this). @internal */
export const DAY_MS = 86_400_000
const PERIOD_MS = 366 * DAY_MS
const FIRST_MS = Date.UTC(1800, 0, 1)
const LAST_MS = Date.UTC(2300, 0, 1)

/** How many zone-periods (a zone's offsets over 366 days) the memo keeps at most. */
export const MAX_PERIODS = 2048

/** The offsets of one zone over one period: `offsets[i]` holds from `changes[i - 1]` (inclusive) on. */
interface Period {
  readonly changes: ReadonlyArray<number>
  readonly offsets: ReadonlyArray<number>
}

const periods = new Map<string, Period>()

const rawOffset = (zone: IANAZone, ms: number): number => IANAZone.prototype.offset.call(zone, ms)

/** The first instant in (lo, hi] whose offset differs from the offset at lo (it is known to differ at hi). */
const firstChange = (zone: IANAZone, lo: number, hi: number, before: number): number => {
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2)
    if (rawOffset(zone, mid) === before) lo = mid
    else hi = mid
  }
  return hi
}

const buildPeriod = (zone: IANAZone, start: number): Period => {
  const changes: number[] = []
  const offsets: number[] = [rawOffset(zone, start)]
  let previous = offsets[0] as number
  for (let t = start + DAY_MS; t <= start + PERIOD_MS; t += DAY_MS) {
    const o = rawOffset(zone, t)
    if (o !== previous) {
      const at = firstChange(zone, t - DAY_MS, t, previous)
      if (at < start + PERIOD_MS) {
        changes.push(at)
        offsets.push(o)
      }
      previous = o
    }
  }
  return { changes, offsets }
}

/**
 * The offset in minutes of `zone` at the instant `ms` (epoch milliseconds), exactly as
 * `zone.offset(ms)` gives it. NaN for an invalid zone or instant, like luxon.
 *
 * @internal
 */
export const offsetAt = (zone: IANAZone, ms: number): number => {
  if (!zone.isValid || !(ms >= FIRST_MS && ms < LAST_MS)) return rawOffset(zone, ms)
  const index = Math.floor(ms / PERIOD_MS)
  const period = zone instanceof MemoIANAZone ? zone.periodAt(index) : sharedPeriod(zone, index)
  const { changes, offsets } = period
  let i = 0
  while (i < changes.length && ms >= (changes[i] as number)) i++
  return offsets[i] as number
}

/** The period `index` of a zone, from the shared memo (built on first use). */
const sharedPeriod = (zone: IANAZone, index: number): Period => {
  const key = `${zone.name}\u0000${index}`
  let period = periods.get(key)
  if (period === undefined) {
    period = buildPeriod(zone, index * PERIOD_MS)
    if (periods.size >= MAX_PERIODS) periods.delete(periods.keys().next().value as string)
    periods.set(key, period)
  }
  return period
}

/** An IANA zone whose offsets come from the memo; otherwise luxon's IANAZone (same name, type and equality). */
class MemoIANAZone extends IANAZone {
  // The two periods last used (a transit count alternates between its pickup's and delivery's),
  // in front of the shared memo.
  private i0 = Number.NaN
  private p0: Period | undefined
  private i1 = Number.NaN
  private p1: Period | undefined

  private skipped: ReadonlyArray<number> | undefined

  override offset(ts: number): number {
    return offsetAt(this, ts)
  }

  skippedDays(): ReadonlyArray<number> {
    if (this.skipped === undefined) this.skipped = findSkippedDays(this)
    return this.skipped
  }

  periodAt(index: number): Period {
    if (index === this.i0 && this.p0 !== undefined) return this.p0
    if (index === this.i1 && this.p1 !== undefined) return this.p1
    const p = sharedPeriod(this, index)
    this.i1 = this.i0
    this.p1 = this.p0
    this.i0 = index
    this.p0 = p
    return p
  }
}

/**
 * The UTC days (day numbers) near which a zone of the tz database moves its clock forward across
 * the date line, skipping a whole calendar day: Manila, Guam, Saipan, Palau and Kosrae on
 * 31 December 1844 (-45656), Kwajalein on 21 August 1993 (8633), Kiritimati and Enderbury (Kanton)
 * on 31 December 1994 (9130), Apia and Fakaofo on 30 December 2011 (15338).
 * test/properties/zoneSkippedDays.test.ts scans every zone the engine knows, 1800–2100, and fails
 * when a day is skipped near none of these (a new tz release moving a zone across the date line).
 */
const DATE_LINE_DAYS: ReadonlyArray<number> = [-45656, 8633, 9130, 15338]

/**
 * The local day numbers a zone skips, found near {@link DATE_LINE_DAYS}: the offsets are sampled
 * a day apart from two days before to two days after each, and each change between samples is
 * bisected to the millisecond (at most one change a day, the memo's own assumption). A change
 * at instant c from offset o1 to o2 skips the days wholly inside the local times [c + o1, c + o2).
 */
const findSkippedDays = (zone: IANAZone): ReadonlyArray<number> => {
  const days: number[] = []
  for (const n of DATE_LINE_DAYS) {
    const day = n * DAY_MS
    let t = day - 2 * DAY_MS
    let before = rawOffset(zone, t)
    for (; t < day + 2 * DAY_MS; t += DAY_MS) {
      const after = rawOffset(zone, t + DAY_MS)
      if (after > before + 1439) {
        const c = firstChange(zone, t, t + DAY_MS, before)
        const o1 = Math.round(rawOffset(zone, c - 1) * 60_000)
        const o2 = Math.round(rawOffset(zone, c) * 60_000)
        for (let d = Math.ceil((c + o1) / DAY_MS); (d + 1) * DAY_MS <= c + o2; d++) days.push(d)
      }
      before = after
    }
  }
  return days
}

/**
 * The local day numbers (days since 1970-01-01 in the zone's own calendar) that no instant has in
 * `zone`: the calendar days a move across the date line skipped (Pacific/Apia has no
 * 30 December 2011). Ascending; empty for almost every zone. Found once per memoised zone.
 *
 * @internal
 */
export const skippedDays = (zone: IANAZone): ReadonlyArray<number> =>
  zone instanceof MemoIANAZone ? zone.skippedDays() : zone.isValid ? findSkippedDays(zone) : []

const zones = new Map<string, MemoIANAZone>()

/**
 * The memoised zone object of an IANA zone name, or undefined when the name is not a valid zone.
 * DateTimes made with it behave exactly as with `IANAZone.create(name)`, faster.
 *
 * @internal
 */
export const memoZone = (name: string): IANAZone | undefined => {
  const hit = zones.get(name)
  if (hit !== undefined) return hit
  if (!IANAZone.isValidZone(name)) return undefined
  const zone = new MemoIANAZone(name)
  if (zones.size >= MAX_PERIODS) zones.delete(zones.keys().next().value as string)
  zones.set(name, zone)
  return zone
}

/**
 * The instant at local wall-clock time `localMs` (the wall time written as if it were UTC) in
 * `zone`, with `guess` the offset to try first: luxon's own rule (DateTime#plus and friends), so a
 * wall time skipped by a DST change moves forward and a repeated one takes the earlier offset
 * exactly as luxon does.
 *
 * @internal
 */
export const instantOfLocal = (zone: IANAZone, localMs: number, guess: number): number => {
  let utc = localMs - guess * 60_000
  const o2 = offsetAt(zone, utc)
  if (guess === o2) return utc
  utc -= (o2 - guess) * 60_000
  const o3 = offsetAt(zone, utc)
  if (o2 === o3) return utc
  return localMs - Math.min(o2, o3) * 60_000
}

/**
 * A DateTime at the instant `ms` in the memoised zone (so its own later offsets are fast too),
 * with the locale, numbering system and output calendar of `like`.
 *
 * @internal
 */
export const dateTimeIn = (ms: number, zone: IANAZone, like: DateTime): DateTime =>
  DateTime.fromMillis(ms, { zone, locale: like.locale ?? undefined, numberingSystem: like.numberingSystem ?? undefined, outputCalendar: like.outputCalendar ?? undefined })
