// Laws and oracles for src/model/ that the mutation run (docs/mutation.md) showed missing: every
// wire-format predicate agrees with its pattern and length limit (WIRE_FORMATS is the oracle,
// compiled here on its own) and never accepts a value that only converts to a valid string; the
// calendar-day check agrees with the Gregorian calendar of Date; the codec builders of schema.ts
// accept exactly what their options say and describe it in a JSON Schema without stray keys; the
// number, coordinate and status codecs agree with plain comparisons; the cross-field rules of
// Address (ADDR-03, ADDR-07) and of the appointment requirement (APT-01) agree with a table.
import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { isLeft, isRight } from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import {
  formatTest,
  isE164,
  isEmail,
  isOrderNumber,
  isPhoneExtension,
  isTimeOfDay,
  isZipCode,
  WIRE_FORMATS,
  type WireFormat,
} from '../../src/model/patterns.js'
import { isCalendarDay, isDateTimeString } from '../../src/model/timestamps.js'
import { boundedNumber, formatted, integer, isDescribed, list, orNull, text, described } from '../../src/model/schema.js'
import { Int, NonNegativeInt, NonNegativeNumber, PositiveInt } from '../../src/model/numbers.js'
import { HttpErrorStatus } from '../../src/model/problem.js'
import { Latitude, Longitude } from '../../src/model/tracking.js'
import { Address } from '../../src/model/address.js'
import { AppointmentRequirementRequest } from '../../src/model/appointment.js'
import { REQUEST_STATES, SERVED_COUNTRIES, US_TERRITORIES } from '../../src/model/countries.js'
import { deepFreeze } from '../arbitraries/freeze.js'

// ---------------------------------------------------------------------------------------------
// The oracle of a wire format: a string, at most maxLength code points, matching the pattern.

const codePoints = (s: string): number => [...s].length
const oracleOf =
  (f: WireFormat) =>
  (s: unknown): boolean =>
    typeof s === 'string' && (f.maxLength === undefined || codePoints(s) <= f.maxLength) && new RegExp(f.pattern, 'u').test(s)

/** Strings that match a pattern, when fast-check can generate them (not with look-arounds). */
const matching = (pattern: string): fc.Arbitrary<string> | undefined => {
  if (/\(\?[=!<]/.test(pattern)) return undefined
  try {
    return fc.stringMatching(new RegExp(pattern))
  } catch {
    return undefined
  }
}

/** Candidates for a format: matching strings, the same with a character changed or added, anything. */
const candidatesFor = (f: WireFormat): fc.Arbitrary<string> => {
  const hits = matching(f.pattern) ?? fc.string()
  const near = fc.tuple(hits, fc.nat(), fc.string({ minLength: 1, maxLength: 2 })).map(([s, i, c]) => {
    const at = s.length === 0 ? 0 : i % s.length
    return i % 2 === 0 ? s.slice(0, at) + c + s.slice(at + 1) : s + c
  })
  return fc.oneof({ weight: 3, arbitrary: hits }, { weight: 2, arbitrary: near }, { weight: 1, arbitrary: fc.string() })
}

const FORMATS = Object.entries(WIRE_FORMATS) as ReadonlyArray<[keyof typeof WIRE_FORMATS, WireFormat]>

/** Values that are no strings but convert to the given one. */
const lookAlikes = (s: string): ReadonlyArray<unknown> => [
  Object(s) as unknown,
  [s],
  { toString: () => s, length: s.length },
  ...(s !== '' && Number.isFinite(Number(s)) ? [Number(s)] : []),
]

describe('wire formats: each predicate agrees with its pattern and length limit', () => {
  it('formatTest(f) accepts exactly the strings of at most maxLength code points that match the pattern, for every format', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FORMATS).chain(([name, f]) => fc.tuple(fc.constant(name), fc.constant(f), candidatesFor(f))),
        ([, f, s]) => {
          const test = formatTest(deepFreeze(f))
          expect(test(s)).toBe(oracleOf(f)(s))
          for (const v of lookAlikes(s)) expect(test(v as string)).toBe(false)
        },
      ),
    )
  })

  it('a matching text longer than maxLength is rejected (formats whose pattern alone allows any length)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.boolean(), (extra, upper) => {
        const local = (upper ? 'A' : 'a').repeat(WIRE_FORMATS.email.maxLength - 5 + extra)
        const email = `${local}@b.co`
        expect(isEmail(email)).toBe(codePoints(email) <= WIRE_FORMATS.email.maxLength)
        const url = `https://a.co/${'p'.repeat(WIRE_FORMATS.portalUrl.maxLength - 13 + extra)}`
        expect(formatTest(WIRE_FORMATS.portalUrl)(url)).toBe(codePoints(url) <= WIRE_FORMATS.portalUrl.maxLength)
      }),
    )
  })

  it('a format whose maxLength is not a number, or no format at all, rejects everything', () => {
    fc.assert(
      fc.property(fc.string(), fc.oneof(fc.string(), fc.boolean(), fc.constant(null)), (s, max) => {
        expect(formatTest({ pattern: '^.*$', maxLength: max, description: '' } as unknown as WireFormat)(s)).toBe(false)
        expect(formatTest(null as unknown as WireFormat)(s)).toBe(false)
        expect(formatTest({ pattern: '^.*$', description: '' })(s)).toBe(true)
      }),
    )
  })

  const named: ReadonlyArray<readonly [string, (s: string) => boolean, WireFormat, boolean]> = [
    ['isZipCode', isZipCode, WIRE_FORMATS.zipCode, true],
    ['isE164', isE164, WIRE_FORMATS.e164, true],
    ['isOrderNumber', isOrderNumber, WIRE_FORMATS.orderNumber, true],
    ['isEmail', isEmail, WIRE_FORMATS.email, true],
    ['isDateTimeString', isDateTimeString, WIRE_FORMATS.dateTime, true],
    // typed helpers without a guard for non-strings: judged on strings only
    ['isTimeOfDay', isTimeOfDay, WIRE_FORMATS.timeOfDay, false],
    ['isPhoneExtension', isPhoneExtension, WIRE_FORMATS.phoneExtension, false],
  ]
  for (const [name, predicate, format, guardsType] of named) {
    it(`${name} agrees with its wire format${guardsType ? ', and refuses values that only convert to a string' : ''}`, () => {
      const digits = fc.stringMatching(/^[0-9+:-]{0,17}$/)
      const fiveDigits = fc.stringMatching(/^\d{5}$/)
      fc.assert(
        fc.property(fc.oneof(candidatesFor(format), digits, fiveDigits), (s) => {
          expect(predicate(s)).toBe(oracleOf(format)(s))
          if (guardsType) for (const v of lookAlikes(s)) expect(predicate(v as string)).toBe(false)
        }),
      )
    })
  }

  it('the longest E.164 number, + and 15 digits, is accepted; one digit more is not', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{14}$/), fc.integer({ min: 0, max: 9 }), (digits, d) => {
        expect(isE164(`+${digits}`)).toBe(true)
        expect(isE164(`+${digits}${d}`)).toBe(false)
      }),
    )
  })
})

describe('isCalendarDay agrees with the Gregorian calendar', () => {
  const pad = (n: number, w: number): string => String(n).padStart(w, '0')
  const realDay = (y: number, m: number, d: number): boolean => {
    if (m < 1 || m > 12 || d < 1) return false
    const date = new Date(0)
    date.setUTCFullYear(y, m - 1, d)
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
  }
  it('29 February exists exactly in the leap years of the Gregorian rule, every century year included', () => {
    for (let y = 0; y <= 9999; y += 100) {
      for (const year of [y, y + 4]) {
        expect(isCalendarDay(`${pad(year, 4)}-02-29`)).toBe(realDay(year, 2, 29))
        expect(isCalendarDay(`${pad(year, 4)}-02-28`)).toBe(true)
      }
    }
  })

  it('for every year 0000-9999, month 00-13 and day 00-32, with 29 February and century years often', () => {
    const yearArb = fc.oneof(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 99 }).map((c) => c * 100),
      fc.integer({ min: 0, max: 2499 }).map((q) => q * 4),
    )
    fc.assert(
      fc.property(
        yearArb,
        fc.oneof(fc.integer({ min: 0, max: 13 }), fc.constant(2)),
        fc.oneof(fc.integer({ min: 0, max: 32 }), fc.constantFrom(28, 29, 30, 31)),
        (y, m, d) => {
          const s = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`
          expect(isCalendarDay(s)).toBe(realDay(y, m, d))
          expect(isCalendarDay(`${s}T00:00:00Z`)).toBe(realDay(y, m, d))
        },
      ),
    )
  })
})

// ---------------------------------------------------------------------------------------------

const numberArb: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double(),
  fc.constantFrom(0, -0, 1, -1, 0.5, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, -Number.MAX_SAFE_INTEGER - 1, Number.NaN, Number.POSITIVE_INFINITY),
)

describe('number codecs agree with plain comparisons', () => {
  it('Int, NonNegativeInt, PositiveInt, NonNegativeNumber, Latitude, Longitude and HttpErrorStatus', () => {
    fc.assert(
      fc.property(fc.oneof(numberArb, fc.integer({ min: 300, max: 700 }), fc.constantFrom(399, 400, 599, 600, -90, 90, -180, 180), fc.double({ min: -200, max: 200 })), (n) => {
        const safe = Number.isSafeInteger(n)
        expect(Int.is(n)).toBe(safe)
        expect(NonNegativeInt.is(n)).toBe(safe && n >= 0)
        expect(PositiveInt.is(n)).toBe(safe && n >= 1)
        expect(NonNegativeNumber.is(n)).toBe(Number.isFinite(n) && n >= 0)
        expect(Latitude.is(n)).toBe(Number.isFinite(n) && n >= -90 && n <= 90)
        expect(Longitude.is(n)).toBe(Number.isFinite(n) && n >= -180 && n <= 180)
        const status = Number.isInteger(n) && n >= 400 && n <= 599
        expect(HttpErrorStatus.is(n)).toBe(status)
        const decoded = HttpErrorStatus.decode(n)
        expect(isRight(decoded)).toBe(status)
        if (isLeft(decoded)) expect(decoded.left.every((e) => typeof e.message === 'string' && e.message.length > 0)).toBe(true)
        // a numeric string is not a number
        expect(HttpErrorStatus.is(String(n))).toBe(false)
        expect(Int.is(String(n))).toBe(false)
      }),
    )
  })
})

describe('schema builders accept what their options say and describe exactly that', () => {
  it('text: wire text of at most maxLength code points and, when notBlank, a non-space character; its schema states exactly that', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }),
        fc.boolean(),
        fc.option(fc.string({ minLength: 1, maxLength: 8 }), { nil: undefined }),
        fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.stringMatching(/^\s{0,4}$/),
          fc.array(fc.constantFrom('a', ' ', '\u0000', '\ud800', '\udc00', '\ud83d\udce6'), { maxLength: 5 }).map((cs) => cs.join('')),
        ),
        (maxLength, notBlank, name, s) => {
          const c = text({ ...(maxLength === undefined ? {} : { maxLength }), notBlank, ...(name === undefined ? {} : { name }) })
          // wire text (ERR-01, ID-03): encodeURIComponent throws on an unpaired surrogate, an oracle apart from the code
          const wellFormed = ((): boolean => { try { encodeURIComponent(s); return true } catch { return false } })() && !s.includes('\u0000')
          expect(c.is(s)).toBe((maxLength === undefined || codePoints(s) <= maxLength) && wellFormed && (!notBlank || /\S/u.test(s)))
          expect(c.is(1)).toBe(false)
          expect(c.name).toBe(name ?? (notBlank ? 'NonBlankText' : 'Text'))
          expect('maxLength' in c.jsonSchema).toBe(maxLength !== undefined)
          if (maxLength !== undefined) expect(c.jsonSchema['maxLength']).toBe(maxLength)
          expect(new RegExp(c.jsonSchema['pattern'] as string, 'u').test(s)).toBe(wellFormed && (!notBlank || /\S/u.test(s)))
          expect(isDescribed(c)).toBe(true)
        },
      ),
    )
  })

  it('integer and boundedNumber: within [minimum, maximum] (integers only for integer); the schema states the bounds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        fc.option(fc.string({ minLength: 1, maxLength: 8 }), { nil: undefined }),
        fc.oneof(fc.integer({ min: -120, max: 120 }), fc.double({ min: -120, max: 120, noNaN: true })),
        (minimum, width, name, n) => {
          const maximum = minimum + width
          const named = name === undefined ? {} : { name }
          const i = integer({ minimum, maximum, ...named })
          expect(i.is(n)).toBe(Number.isInteger(n) && n >= minimum && n <= maximum)
          expect(i.name).toBe(name ?? 'Integer')
          expect(i.jsonSchema).toEqual({ type: 'integer', minimum, maximum })
          const b = boundedNumber({ minimum, maximum, ...named })
          expect(b.is(n)).toBe(n >= minimum && n <= maximum)
          expect(b.is(minimum)).toBe(true)
          expect(b.is(maximum)).toBe(true)
          expect(b.name).toBe(name ?? 'BoundedNumber')
          expect(b.jsonSchema).toEqual({ minimum, maximum })
          expect(Object.keys(b.jsonSchema).sort()).toEqual(['maximum', 'minimum'])
          const unbounded = integer()
          expect(unbounded.is(n)).toBe(Number.isInteger(n))
          expect(unbounded.jsonSchema).toEqual({ type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER })
          // no upper bound: the schema states none
          const open = integer({ minimum, maximum: Number.POSITIVE_INFINITY })
          expect('maximum' in open.jsonSchema).toBe(false)
          expect(open.is(Number.MAX_SAFE_INTEGER)).toBe(true)
        },
      ),
    )
  })

  it('list: an array of the item codec with a length in [minItems, maxItems]; the schema lists only the given bounds; orNull adds null', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
        fc.array(fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constant('x')), { maxLength: 6 }),
        (minItems, maxItems, xs) => {
          const opts = { ...(minItems === undefined ? {} : { minItems }), ...(maxItems === undefined ? {} : { maxItems }) }
          const c = list(t.number, opts)
          const min = minItems ?? 0
          expect(c.is(xs)).toBe(xs.every((x) => typeof x === 'number') && xs.length >= min && (maxItems === undefined || xs.length <= maxItems))
          expect(c.name).toBe('Array<number>')
          expect('minItems' in c.jsonSchema).toBe(min > 0)
          expect('maxItems' in c.jsonSchema).toBe(maxItems !== undefined)
          const n = orNull(c)
          expect(n.is(null)).toBe(true)
          expect(n.is(xs)).toBe(c.is(xs))
          expect(n.is(undefined)).toBe(false)
        },
      ),
    )
  })

  it('formatted: its codec agrees with the wire format; the schema has maxLength exactly when the format has one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FORMATS).chain(([, f]) => fc.tuple(fc.constant(f), candidatesFor(f))),
        ([f, s]) => {
          const c = formatted<'X', { readonly X: symbol }>(f, 'X')
          expect(c.is(s)).toBe(oracleOf(f)(s))
          expect(c.jsonSchema['pattern']).toBe(f.pattern)
          expect('maxLength' in c.jsonSchema).toBe(f.maxLength !== undefined)
        },
      ),
    )
  })

  it('formatTest of a format whose pattern is not text rejects everything, even text that would match it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), (n) => {
        for (const pattern of [n, [String(n)], { toString: () => String(n) }]) {
          expect(formatTest({ pattern, description: '' } as unknown as WireFormat)(String(n))).toBe(false)
        }
      }),
    )
  })

  it('isDescribed: exactly the objects with an own jsonSchema', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        const own = typeof v === 'object' && v !== null && Object.prototype.hasOwnProperty.call(v, 'jsonSchema')
        expect(isDescribed(v)).toBe(own)
      }),
    )
    expect(isDescribed(described(t.string, {}))).toBe(true)
    expect(isDescribed(Object.assign(() => 0, { jsonSchema: {} }))).toBe(false)
    expect(isDescribed(Object.create({ jsonSchema: {} }))).toBe(false)
    expect(isDescribed(null)).toBe(false)
    expect(isDescribed('jsonSchema')).toBe(false)
  })
})

describe('cross-field codecs agree with their tables', () => {
  it('ADDR-03 / ADDR-07 Address: a territory names itself as state; a US or served country names a request state', () => {
    const territories: ReadonlySet<string> = new Set(US_TERRITORIES)
    const served: ReadonlySet<string> = new Set(SERVED_COUNTRIES)
    const requestStates: ReadonlySet<string> = new Set(REQUEST_STATES)
    const countryArb = fc.oneof(
      fc.constant(undefined),
      fc.constantFrom(...SERVED_COUNTRIES, 'CA', 'MX', 'DE'),
      fc.constantFrom(...SERVED_COUNTRIES, 'CA').map((c) => c.toLowerCase()),
      fc.constantFrom('pR', 'Gu', 'uS'),
    )
    const stateArb = fc.constantFrom(...REQUEST_STATES, 'ON', 'BC', 'XX', 'QC')
    fc.assert(
      fc.property(countryArb, stateArb, (country, state) => {
        const a = deepFreeze({ zipCode: '60601', state, ...(country === undefined ? {} : { country }) })
        const upper = country?.toUpperCase()
        const territoryOk = upper === undefined || !territories.has(upper) || state === upper
        const servedOk = upper !== undefined && !served.has(upper) ? true : requestStates.has(state)
        expect(Address.is(a)).toBe(territoryOk && servedOk)
      }),
    )
  })

  it('APT-01 AppointmentRequirementRequest: a portal URL exactly when the channel is PORTAL', () => {
    fc.assert(
      fc.property(fc.constantFrom('PHONE', 'EMAIL', 'PORTAL'), fc.boolean(), (channel, withUrl) => {
        const r = deepFreeze({ channel, ...(withUrl ? { portalUrl: 'https://portal.example.com/book' } : {}) })
        expect(AppointmentRequirementRequest.is(r)).toBe((channel === 'PORTAL') === withUrl)
      }),
    )
  })
})
