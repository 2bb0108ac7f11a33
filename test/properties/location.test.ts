// src/rules/location.ts, the pieces the live position estimate and the tracking assembly share
// (TRK-03, TRK-06): `iso` writes any instant as a wire timestamp in UTC with a four-digit year
// (ID-03), clamped to the years 0001 to 9999 and exact inside them; `unavailableLocation` is
// always a location that says no estimate exists (flagged delayed, a radius covering the Earth,
// the reason in its message) and is still valid GpsData, placed at the origin, else the
// destination, else 0, 0, and stamped `now`, else the pickup, else the epoch.
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { WIRE_MAX_MS, WIRE_MIN_MS } from '../../src/internal/wireTime.js'
import { EVERYWHERE_KM, iso, unavailableLocation } from '../../src/rules/location.js'
import { validateGpsData } from '../../src/rules/tracking.js'

const WIRE_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/
/** Instants of 2000 to 2100, where a GPS fix is stamped. */
const instantArb = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }).map((ms) => DateTime.fromMillis(ms, { zone: 'utc' }))
const latLonArb = fc.record({ latitude: fc.double({ min: -90, max: 90, noNaN: true }), longitude: fc.double({ min: -180, max: 180, noNaN: true }) })
/** A position or anything else (the rules take unknown input). */
const placeArb = fc.oneof(latLonArb, fc.constant(undefined), fc.anything())

describe('iso: an instant as a wire timestamp (ID-03)', () => {
  it('any number of milliseconds: a UTC timestamp with a four-digit year, the instant itself inside the years 0001 to 9999, the nearest end outside', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: WIRE_MIN_MS, max: WIRE_MAX_MS }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(WIRE_MIN_MS - 1, WIRE_MAX_MS + 1, -8.64e15, 8.64e15)), (ms) => {
        const text = iso(ms)
        expect(text).toMatch(WIRE_TIMESTAMP)
        // (-0 is the instant 0)
        const clamped = Math.min(WIRE_MAX_MS, Math.max(WIRE_MIN_MS, Math.trunc(ms))) || 0
        if (Number.isInteger(ms)) expect(Date.parse(text)).toBe(clamped)
        // no milliseconds written when there are none
        if (Number.isInteger(ms) && clamped % 1000 === 0) expect(text).not.toContain('.')
      }),
    )
  })
})

describe('unavailableLocation: no estimate, said so, and still valid GpsData (TRK-03, TRK-06)', () => {
  it('flagged delayed with the reason, a radius covering the Earth, placed and stamped by the first of its inputs that is valid', () => {
    fc.assert(
      fc.property(placeArb, placeArb, fc.option(instantArb, { nil: undefined }), fc.option(instantArb, { nil: undefined }), fc.string({ minLength: 1, maxLength: 40 }), (origin, destination, now, pickedUpAt, why) => {
        const location = unavailableLocation({ origin, destination, now, pickedUpAt }, why)
        expect(location.isSignificantlyDelayed).toBe(true)
        expect(location.uncertaintyRadiusKm).toBe(EVERYWHERE_KM)
        expect(location.delayMessage).toBe(`No position estimate: ${why}.`)
        const isPlace = (p: unknown): p is { latitude: number; longitude: number } => typeof p === 'object' && p !== null && Number.isFinite((p as { latitude?: unknown }).latitude) && Number.isFinite((p as { longitude?: unknown }).longitude) && Math.abs((p as { latitude: number }).latitude) <= 90 && Math.abs((p as { longitude: number }).longitude) <= 180
        const at = isPlace(origin) ? origin : isPlace(destination) ? destination : { latitude: 0, longitude: 0 }
        expect([location.center.latitude, location.center.longitude]).toEqual([at.latitude, at.longitude])
        const stamp = now ?? pickedUpAt ?? DateTime.fromMillis(0, { zone: 'utc' })
        expect(Date.parse(location.center.timestamp)).toBe(stamp.toMillis())
        expect(location.lastEventTimestamp).toBe(location.center.timestamp)
        // valid GpsData, judged at the instant it is stamped with
        expect(validateGpsData(location.center, stamp)._tag).toBe('Right')
      }),
    )
  })
})
