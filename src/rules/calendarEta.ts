/**
 * Estimated delivery (spec: QuoteResponse.estimatedDeliveryDate; rule QTE-04).
 *
 * @module
 */
import { DateTime } from 'luxon'
import { isInstant } from '../internal/dateTime.js'
import { defaultConfig } from '../config.js'
import { isTimeOfDay } from '../model/patterns.js'
import { addBusinessDays, type BusinessDayOptions } from './calendar.js'
import { total } from '../internal/total.js'
import { DAY_MS, instantOfLocal, memoZone, offsetAt } from '../internal/zoneOffsets.js'
import { isWireInstant } from '../internal/wireTime.js'

/**
 * What an ETA is computed from: the pickup instant, the transit in business days (null when no
 * ETA can be computed), and the delivery stop's closeTime and IANA zone.
 *
 * @category model
 * @since 0.1.0
 */
export interface EtaInput {
  readonly pickup: DateTime
  readonly transitDays: number | null
  /** HH:mm; default 16:00 (the address default). */
  readonly deliveryCloseTime?: string
  /** IANA zone of the delivery stop; default the business-day zone. */
  readonly deliveryZone?: string
}

/**
 * Returns `estimatedDeliveryDate` as a UTC ISO date-time (`2026-11-24T22:00:00Z`), or null when
 * no ETA can be computed (no transit days, an invalid pickup, time or zone). The delivery day is
 * the pickup day plus `transitDays` business days (counted as {@link addBusinessDays} counts
 * them; 0 is the pickup day itself), so `transitDays(pickup, eta) === transitDays`; the time is
 * the delivery stop's closeTime in the delivery stop's zone.
 *
 * Implements QTE-04. Decision (D): the ETA names the latest time freight is received that day
 * (closeTime, default 16:00) in the stop's own zone, so "delivered by" is never promised early.
 * A close time that a DST change repeats that day is its first occurrence, and one it skips is
 * moved forward by the gap (01:30 on the night Chicago falls back is 06:30Z; 02:30 on the night it
 * springs forward is 03:30 CDT), whatever the date the server runs on.
 *
 * An ETA outside the years 0001 to 9999 in UTC (a pickup at 9999-12-31T23:59:59Z plus any
 * transit) is no ETA: `null`, never a five-digit year, so `transitDays` is null with it (QTE-03,
 * ID-03); every ETA returned matches the wire date-time format.
 *
 * Only an absent closeTime or zone takes its default: `null`, or anything else that is not text,
 * is no estimate (as ADDR-11, where `null` is a violation, not the default).
 *
 * Total: for input it cannot read it returns `null` (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * estimateDelivery({ pickup: DateTime.fromISO('2026-11-20T14:00:00Z'), transitDays: 2, deliveryZone: 'America/New_York' })
 * //=> '2026-11-24T21:00:00Z'
 *
 * @category rules
 * @since 0.1.0
 */
export const estimateDelivery = /* @__PURE__ */ total(
(input: EtaInput, options: BusinessDayOptions = {}): string | null => {
  if (input.transitDays === null || !Number.isSafeInteger(input.transitDays) || input.transitDays < 0) return null
  // Only an absent key takes the default (as ADDR-11): null is no close time, so no estimate.
  const closeTime = input.deliveryCloseTime === undefined ? '16:00' : input.deliveryCloseTime
  if (typeof closeTime !== 'string' || !isTimeOfDay(closeTime)) return null
  // 0 is same-day delivery, even on a day that is not a business day; otherwise count forward.
  const day =
    input.transitDays === 0
      ? isInstant(input.pickup)
        ? input.pickup.setZone(options.zone ?? (options.config ?? defaultConfig).businessDays.zone)
        : DateTime.invalid('invalid pickup')
      : addBusinessDays(input.pickup, input.transitDays, options)
  if (!day.isValid) return null
  const zone = input.deliveryZone !== undefined ? input.deliveryZone : options.zone ?? (options.config ?? defaultConfig).businessDays.zone
  if (typeof zone !== 'string') return null // never coerced to text (a nested array's toString recurses)
  const z = memoZone(zone)
  if (z === undefined) return null
  // The wall time closeTime on that day, resolved without luxon's DateTime.fromObject, whose first
  // guess of the offset is the zone's offset now (Settings.now()): a close time that a DST change
  // repeats would then be one instant or the other depending on when the server runs. The guess
  // here is the zone's offset a day before, so a repeated time is its first occurrence and a
  // skipped one moves forward by the gap, whenever it runs (Temporal's "compatible").
  // (the day's local date as a day number: Date.UTC would read a year below 100 as 19xx)
  const localDay = Math.floor((day.toMillis() + day.offset * 60_000) / DAY_MS)
  const localMs = localDay * DAY_MS + (Number(closeTime.slice(0, 2)) * 60 + Number(closeTime.slice(3))) * 60_000
  const eta = DateTime.fromMillis(instantOfLocal(z, localMs, offsetAt(z, localMs - DAY_MS)), { zone: 'utc' })
  // an ETA past 9999-12-31T23:59:59Z (or before year 1) has no wire date-time: no ETA (ID-03)
  return eta.isValid && isWireInstant(eta.toMillis()) ? eta.toISO({ suppressMilliseconds: true }) : null
},
  () => null,
)
