// Generators for GPS pings (TRK-02): valid by construction, every field in its whole range
// (boundaries, -0, whole and fractional degrees, speeds up to 2^53 − 1, any vehicle id), and a
// clock far enough ahead that no generated timestamp lies in its future.
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { dateTimeArb } from './dateTime.js'

/** The latest instant a JavaScript Date (and luxon) holds: every wire timestamp is before it. */
export const FAR_FUTURE: DateTime = DateTime.fromMillis(8.64e15, { zone: 'utc' })

const degrees = (limit: number): fc.Arbitrary<number> =>
  fc.oneof(
    fc.double({ min: -limit, max: limit, noNaN: true }),
    fc.integer({ min: -limit, max: limit }),
    fc.constantFrom(-limit, limit, 0, -0),
  )

/** A valid GpsData, timestamps from any year 0000 … 9999 (judge it with {@link FAR_FUTURE}). */
export const gpsArb: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    vehicleId: fc.oneof(fc.stringMatching(/^[A-Z]{3}-\d{1,4}$/), fc.string(), fc.string({ unit: 'grapheme', maxLength: 8 })),
    timestamp: dateTimeArb,
    latitude: degrees(90),
    longitude: degrees(180),
    heading: fc.oneof(fc.integer({ min: 0, max: 359 }), fc.constantFrom(0, 359)),
    speed: fc.oneof(fc.integer({ min: 0, max: 200 }), fc.constantFrom(0, Number.MAX_SAFE_INTEGER), fc.maxSafeNat()),
    extra: fc.option(fc.record({ accuracyM: fc.double({ noNaN: true }) }), { nil: undefined }),
  })
  .map(({ extra, ...ping }) => ({ ...ping, ...extra }))
