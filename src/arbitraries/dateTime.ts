// Generators for wire date-times (ID-03): every spelling the spec's format allows, built from
// parts (any year 0001 … 9999, year 0000 being none, the last days of months and 29 February in leap years, with and
// without seconds, fractions of 1 to 9 digits, Z or an offset with or without colon), together
// with the instant each names, computed by the JavaScript Date (an oracle independent of the
// library's own arithmetic).
import fc from 'fast-check'

/**
 * A wire date-time and the epoch milliseconds it names (digits past the millisecond dropped).
 *
 * @category arbitraries
 * @since 0.2.0
 */
export interface WireDateTime {
  readonly text: string
  readonly instant: number
}

const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
const daysIn = (y: number, m: number): number => (m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31)
const two = (n: number): string => String(n).padStart(2, '0')

const yearArb = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1970, max: 2100 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 9999 }) },
  { weight: 1, arbitrary: fc.constantFrom(1, 4, 1600, 1900, 2000, 2024, 2100, 2400, 9999) },
)

const zoneArb = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ text: 'Z', minutes: 0 }) },
  {
    weight: 3,
    arbitrary: fc
      .record({ sign: fc.constantFrom(1, -1), h: fc.integer({ min: 0, max: 23 }), m: fc.constantFrom(0, 0, 30, 45, 59), colon: fc.boolean() })
      .map(({ sign, h, m, colon }) => ({ text: `${sign < 0 ? '-' : '+'}${two(h)}${colon ? ':' : ''}${two(m)}`, minutes: sign * (h * 60 + m) })),
  },
)

/**
 * A wire date-time in any spelling the spec's format allows (years 0001 … 9999, the last days
 * of months and 29 February, with or without seconds, fractions of 1 to 9 digits, Z or an offset
 * with or without a colon), with the epoch milliseconds it names (`instant`, computed by the
 * JavaScript Date, digits past the millisecond dropped).
 *
 * Targets ID-03.
 *
 * @example
 * fc.sample(wireDateTimeArb, { seed: 1, numRuns: 30 }).every((d) => isRight(DateTimeString.decode(d.text)))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const wireDateTimeArb: fc.Arbitrary<WireDateTime> = fc
  .record({
    year: yearArb,
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    seconds: fc.option(
      fc.record({ s: fc.integer({ min: 0, max: 59 }), fraction: fc.option(fc.stringMatching(/^\d{1,9}$/), { nil: undefined }) }),
      { nil: undefined },
    ),
    zone: zoneArb,
  })
  .map(({ year, month, day, hour, minute, seconds, zone }) => {
    const d = Math.min(day, daysIn(year, month))
    const sec = seconds === undefined ? '' : `:${two(seconds.s)}${seconds.fraction === undefined ? '' : `.${seconds.fraction}`}`
    const text = `${String(year).padStart(4, '0')}-${two(month)}-${two(d)}T${two(hour)}:${two(minute)}${sec}${zone.text}`
    const date = new Date(0)
    date.setUTCFullYear(year, month - 1, d)
    const ms = seconds?.fraction === undefined ? 0 : Number(seconds.fraction.padEnd(3, '0').slice(0, 3))
    date.setUTCHours(hour, minute, seconds?.s ?? 0, ms)
    return { text, instant: date.getTime() - zone.minutes * 60_000 }
  })

/**
 * A wire date-time text (the `text` of `wireDateTimeArb`).
 *
 * Targets ID-03.
 *
 * @example
 * fc.sample(dateTimeArb, { seed: 1, numRuns: 30 }).every((t) => isRight(DateTimeString.decode(t)))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const dateTimeArb: fc.Arbitrary<string> = wireDateTimeArb.map((d) => d.text)

/**
 * Two wire date-times, the first naming an instant no later than the second (a pickup date and
 * a delivery deadline in order).
 *
 * Targets ID-03 and CRT-06.
 *
 * @example
 * fc.sample(orderedDateTimesArb, { seed: 1, numRuns: 30 }).every(([a, b]) => isRight(DateTimeString.decode(a)) && isRight(DateTimeString.decode(b)))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const orderedDateTimesArb: fc.Arbitrary<readonly [string, string]> = fc
  .tuple(wireDateTimeArb, wireDateTimeArb)
  .map(([a, b]): readonly [string, string] => (a.instant <= b.instant ? [a.text, b.text] : [b.text, a.text]))
