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

/**
 * A valid GpsData, every field over its whole range: latitude and longitude at their bounds,
 * -0, whole and fractional degrees; heading 0 … 359; speed up to 2^53 − 1; any vehicle id;
 * timestamps from any year 0001 … 9999 (judge them with a `now` late enough, such as the latest
 * instant a Date holds); sometimes a field the spec does not name.
 *
 * Targets TRK-02.
 *
 * @example
 * fc.sample(gpsArb, { seed: 1, numRuns: 30 }).every((g) => isRight(validateGpsData(g, DateTime.fromMillis(8.64e15, { zone: 'utc' }))))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
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
