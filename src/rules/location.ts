/**
 * Pieces shared by the live position estimate and the tracking assembly (TRK-03, TRK-06).
 *
 * @internal
 * @module
 */
import { DateTime } from 'luxon'
import { isInstant } from '../internal/dateTime.js'
import { WIRE_MAX_MS, WIRE_MIN_MS } from '../internal/wireTime.js'
import { EARTH_RADIUS_KM, isLatLon, type LatLon } from '../internal/sphere.js'
import type { GpsData, ShipmentLocation } from '../model/tracking.js'

/** Half the Earth's circumference: a radius that covers every place. */
export const EVERYWHERE_KM = Math.PI * EARTH_RADIUS_KM

/**
 * An instant as a wire timestamp in UTC, without milliseconds when they are 0; an instant outside
 * the years 0001 to 9999 is written as the nearest end of that range (ID-03: every wire time has a
 * four-digit year).
 */
export const iso = (ms: number): string =>
  DateTime.fromMillis(Math.min(WIRE_MAX_MS, Math.max(WIRE_MIN_MS, ms)), { zone: 'utc' }).toISO({ suppressMilliseconds: true }) ?? '1970-01-01T00:00:00Z'

/**
 * A location that says no estimate can be made, and why: flagged significantly delayed (so it is
 * never shown), with a radius covering the Earth, placed at the origin (else the destination,
 * else 0, 0) and stamped `now` (else the pickup, else the epoch) so that it is still valid GpsData.
 */
export const unavailableLocation = (
  input: { readonly origin?: unknown; readonly destination?: unknown; readonly now?: unknown; readonly pickedUpAt?: unknown },
  why: string,
): ShipmentLocation => {
  const ms = isInstant(input.now) ? input.now.toMillis() : isInstant(input.pickedUpAt) ? input.pickedUpAt.toMillis() : 0
  const at: LatLon = isLatLon(input.origin) ? input.origin : isLatLon(input.destination) ? input.destination : { latitude: 0, longitude: 0 }
  return {
    center: { vehicleId: '', timestamp: iso(ms), latitude: at.latitude, longitude: at.longitude, heading: 0, speed: 0 } as GpsData,
    uncertaintyRadiusKm: EVERYWHERE_KM,
    lastEventTimestamp: iso(ms),
    isSignificantlyDelayed: true,
    delayMessage: `No position estimate: ${why}.`,
  } as ShipmentLocation
}
