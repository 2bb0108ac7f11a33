// The char-level forms of the simple wire formats that the request validators' fast paths use
// (src/validate/fastChecks.ts) accept exactly what the formats' own patterns accept
// (model/patterns.ts, compiled as the readers compile them): on valid values, on near misses (one
// character changed, added or removed) and on short strings over each format's own alphabet.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatTest, WIRE_FORMATS } from '../../src/model/patterns.js'
import { isDateTimeString } from '../../src/model/timestamps.js'
import { instantOf } from '../../src/internal/instant.js'
import { dateTimeInstant, fastDateTime, isDateTime, isE164, isExtension, isScac, isTimeOfDay } from '../../src/validate/fastChecks.js'

/** A valid sample, then one edit: a character replaced, inserted or removed (from `alphabet`). */
const nearMiss = (samples: ReadonlyArray<string>, alphabet: ReadonlyArray<string>): fc.Arbitrary<string> =>
  fc.tuple(fc.constantFrom(...samples), fc.nat(), fc.constantFrom(...alphabet), fc.constantFrom('replace', 'insert', 'remove', 'keep')).map(([s, at, c, how]) => {
    const i = at % (s.length + 1)
    if (how === 'replace') return s.slice(0, i) + c + s.slice(i + 1)
    if (how === 'insert') return s.slice(0, i) + c + s.slice(i)
    if (how === 'remove') return s.slice(0, i) + s.slice(i + 1)
    return s
  })

const over = (alphabet: ReadonlyArray<string>, maxLength: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...alphabet), { maxLength }).map((cs) => cs.join(''))

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']
const ODD = ['', 'a', 'Z', ' ', '٣', '\u0000', '\ud800', '+', '-', ':', '.']

const agree = (name: string, fast: (s: string) => boolean, slow: (s: string) => boolean, arb: fc.Arbitrary<string>): void => {
  it(`${name}: the char check and the pattern agree`, () => {
    fc.assert(fc.property(arb, (s) => {
      expect(fast(s), JSON.stringify(s)).toBe(slow(s))
    }), { numRuns: 2000 })
  })
}

describe('the fast paths\' char checks are their formats, exactly', () => {
  const e164 = formatTest(WIRE_FORMATS.e164)
  const contactPhone = formatTest(WIRE_FORMATS.contactPhone)
  const phones = ['+18475550142', '+12', '+123456789012345', '+1234567', '+12345678']
  const phoneArb = fc.oneof(nearMiss(phones, [...DIGITS, ...ODD]), over(['+', '0', '1', '9', 'x'], 18))
  agree('e164 (addresses, dispatch)', (s) => isE164(s, 2), e164, phoneArb)
  agree('contactPhone (appointment contacts)', (s) => isE164(s, 8), contactPhone, phoneArb)
  agree('dispatchPhone', (s) => isE164(s, 2), formatTest(WIRE_FORMATS.dispatchPhone), phoneArb)

  agree('timeOfDay', isTimeOfDay, formatTest(WIRE_FORMATS.timeOfDay), fc.oneof(nearMiss(['07:00', '15:30', '23:59', '00:00', '19:09', '20:45'], [...DIGITS, ...ODD]), over(['0', '1', '2', '3', '5', '6', '9', ':'], 6)))
  agree('phoneExtension', isExtension, formatTest(WIRE_FORMATS.phoneExtension), fc.oneof(nearMiss(['1', '0042', '1234567890'], [...DIGITS, ...ODD]), over([...DIGITS, 'a'], 12)))
  agree('scac', isScac, formatTest(WIRE_FORMATS.scac), fc.oneof(nearMiss(['LKDC', 'AB', 'XYZ'], ['A', 'Z', '@', '[', 'a', 'z', 'É', ...ODD]), over(['A', 'Z', 'a', '@', '['], 6)))

  const dates = [
    '2026-11-24T08:00:00-06:00', '2026-12-01T16:00:00Z', '2024-02-29T23:59Z', '2000-02-29T00:00:00.123456789+0530',
    '1900-02-28T12:00+23:59', '0001-01-01T00:00:00.5Z', '9999-12-31T23:59:59-00:00', '2026-04-30T10:15:30.1-1200',
  ]
  const dateArb = fc.oneof(
    nearMiss(dates, [...DIGITS, ...ODD, 'T', 'Z', 'z', 't']),
    // any digits in the layout: every month, day, hour and offset, leap years and the year 0000
    fc.tuple(
      fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 }),
      fc.option(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.option(fc.string({ unit: fc.constantFrom(...DIGITS), minLength: 0, maxLength: 11 })))),
      fc.constantFrom('Z', '+05:30', '-0800', '+24:00', '-23:60', '+1', ''),
    ).map(([y, mo, d, h, mi, sec, zone]) => {
      const p = (n: number, w = 2) => String(n).padStart(w, '0')
      const s = sec === null ? '' : `:${p(sec[0])}${sec[1] === null ? '' : `.${sec[1]}`}`
      return `${p(y, 4)}-${p(mo)}-${p(d)}T${p(h)}:${p(mi)}${s}${zone}`
    }),
  )
  agree('dateTime', isDateTime, isDateTimeString, dateArb)

  it('dateTimeInstant: the instant instantOf gives for every date-time, NaN for anything else', () => {
    fc.assert(fc.property(dateArb, (s) => {
      const t = dateTimeInstant(s)
      if (isDateTimeString(s)) expect(t, s).toBe(instantOf(s))
      else expect(t, s).toBeNaN()
    }), { numRuns: 2000 })
  })

  it('fastDateTime gives the value of a date-time, and undefined for anything else', () => {
    expect([fastDateTime('2026-11-24T08:00:00-06:00'), fastDateTime('2026-02-29T08:00Z'), fastDateTime(20261124), fastDateTime(undefined)])
      .toEqual(['2026-11-24T08:00:00-06:00', undefined, undefined, undefined])
  })
})
