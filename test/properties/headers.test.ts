// The API's header names and the two helpers of src/model/headers.ts: credentialHeaders (AUTH-01)
// and the total Retry-After reader (RFC 9110 §10.2.3).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { credentialHeaders, HEADER, HEADER_KEY, parseRetryAfter, REQUEST_ID_FORMAT } from '../../src/model/headers.js'

/** Instants from 1970 to 9999 (an IMF-fixdate has a four-digit year), whole seconds. */
const instant = fc.integer({ min: 0, max: 253_402_300_799 }).map((s) => s * 1000)
const anyNow = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(Number.NaN, Infinity, -Infinity, 0))

describe('HEADER and HEADER_KEY', () => {
  it('name the same headers, HEADER_KEY in lower case, every name distinct', () => {
    expect(Object.keys(HEADER_KEY)).toEqual(Object.keys(HEADER))
    for (const [k, name] of Object.entries(HEADER)) expect(HEADER_KEY[k as keyof typeof HEADER]).toBe(name.toLowerCase())
    expect(new Set(Object.values(HEADER_KEY)).size).toBe(Object.keys(HEADER).length)
  })
  it('spell the spec: the credentials, the idempotency key, the change reason, the request id', () => {
    expect([HEADER.authorization, HEADER.apiKey, HEADER.idempotencyKey, HEADER.changeReason, HEADER.requestId, HEADER.idempotentReplayed, HEADER.retryAfter]).toEqual([
      'Authorization',
      'x-service-api-key',
      'Idempotency-Key',
      'X-Service-Change-Reason',
      'X-Request-Id',
      'Idempotent-Replayed',
      'Retry-After',
    ])
  })
})

describe('REQUEST_ID_FORMAT', () => {
  it('accepts exactly the texts of 1 to maxLength characters of its alphabet', () => {
    const pattern = new RegExp(REQUEST_ID_FORMAT.pattern)
    const one = new RegExp(`^[${REQUEST_ID_FORMAT.alphabet}]$`)
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(fc.constantFrom(...'aZ09._~-'), fc.string({ minLength: 1, maxLength: 1 })), maxLength: REQUEST_ID_FORMAT.maxLength + 2 }), (s) => {
        expect(pattern.test(s)).toBe(s.length >= 1 && s.length <= REQUEST_ID_FORMAT.maxLength && [...s].every((c) => one.test(c)))
      }),
    )
    expect(pattern.test('x'.repeat(REQUEST_ID_FORMAT.maxLength))).toBe(true)
    expect(pattern.test('x'.repeat(REQUEST_ID_FORMAT.maxLength + 1))).toBe(false)
  })
})

describe('AUTH-01 credentialHeaders', () => {
  it('carries the token as a bearer credential and the key verbatim, under the lower-case names', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (apiKey, token) => {
        const h = credentialHeaders(apiKey, token)
        expect(Object.keys(h).sort()).toEqual([HEADER_KEY.authorization, HEADER_KEY.apiKey].sort())
        expect(h[HEADER_KEY.authorization]).toBe(`Bearer ${token}`)
        expect(h[HEADER_KEY.apiKey]).toBe(apiKey)
      }),
    )
  })
  it('is total: whatever a JavaScript caller passes gives two strings, a string verbatim and anything but a number or boolean empty', () => {
    const hostile = fc.oneof(fc.anything({ withNullPrototype: true, withBigInt: true }), fc.constant(Symbol('s')), fc.constant({ toString: (): never => { throw new Error('no') } }))
    fc.assert(
      fc.property(hostile, hostile, (apiKey, token) => {
        const h = credentialHeaders(apiKey as string, token as string)
        const text = (v: unknown): string => (typeof v === 'string' ? v : ['number', 'boolean', 'bigint'].includes(typeof v) ? String(v) : '')
        expect(h).toEqual({ authorization: `Bearer ${text(token)}`, 'x-service-api-key': text(apiKey) })
      }),
    )
  })
})

describe('parseRetryAfter', () => {
  it('is total: any value, Date header and nowMs give null or a finite wait of at least 0', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), fc.oneof(fc.string(), fc.anything()), fc.oneof(anyNow, fc.anything()), (value, date, now) => {
        const r = parseRetryAfter(value as string, date as string, now as number)
        if (r !== null) expect([Number.isFinite(r), r >= 0]).toEqual([true, true])
      }),
    )
  })
  it('is total on dates too: an HTTP date value with any nowMs is never negative nor NaN', () => {
    fc.assert(
      fc.property(instant, anyNow, fc.option(instant), (at, now, date) => {
        const r = parseRetryAfter(new Date(at).toUTCString(), date === null ? null : new Date(date).toUTCString(), now)
        expect(r).not.toBeNull()
        expect([Number.isNaN(r), r! >= 0]).toEqual([false, true])
      }),
    )
  })
  it('delay-seconds (1 to 10 digits, white space around) is exactly that many seconds, whatever the clock and Date header', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), anyNow, fc.option(fc.string()), fc.constantFrom('', ' ', '\t'), (s, now, date, pad) => {
        expect(parseRetryAfter(`${pad}${s}${pad}`, date, now)).toBe(s * 1000)
      }),
    )
  })
  it('digits that are not delay-seconds (signs, fractions, 11 digits or more) are no Retry-After', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (s) => {
        for (const v of [`-${s}`, `+${s}`, `${s}.5`, `${s}s`, `1${'0'.repeat(10)}${s}`]) expect([v, parseRetryAfter(v, null, 0)]).toEqual([v, null])
      }),
    )
  })
  it('an HTTP date counts from a valid Date header, else from nowMs, never below 0', () => {
    fc.assert(
      fc.property(instant, instant, instant, (at, date, now) => {
        const h = new Date(at).toUTCString()
        expect(parseRetryAfter(h, new Date(date).toUTCString(), now)).toBe(Math.max(0, at - date))
        expect(parseRetryAfter(h, null, now)).toBe(Math.max(0, at - now))
        expect(parseRetryAfter(h, undefined, now)).toBe(Math.max(0, at - now))
        // A Date header that is no HTTP date is ignored, not trusted.
        expect(parseRetryAfter(h, 'yesterday', now)).toBe(Math.max(0, at - now))
      }),
    )
  })
  it('a date that does not exist (31 February) or is not an IMF-fixdate is no Retry-After', () => {
    for (const v of ['Sat, 31 Feb 2026 10:00:00 GMT', 'Wed, 21 Oct 2015', '2015-10-21T07:28:00Z', 'Wed, 21 Oct 2015 07:28:00 UTC', 'Wed, 21 Oct 2015 25:28:00 GMT']) {
      expect([v, parseRetryAfter(v, null, 0)]).toEqual([v, null])
    }
  })
  it('the day and month names are the IMF-fixdate\'s, in its letter case (JavaScript\'s date parser would take others)', () => {
    for (const v of ['wed, 21 Oct 2015 07:28:10 GMT', 'WED, 21 Oct 2015 07:28:10 GMT', 'Wed, 21 oct 2015 07:28:10 GMT', 'Xyz, 21 Oct 2015 07:28:10 GMT']) {
      expect([v, parseRetryAfter(v, null, 0)]).toEqual([v, null])
    }
    // a wrong weekday of a real date is the sender's slip, not another date
    expect(parseRetryAfter('Mon, 21 Oct 2015 07:28:10 GMT', 'Wed, 21 Oct 2015 07:28:00 GMT', 0)).toBe(10_000)
  })
  it('a Date header is read with the blanks around it trimmed, as the value is', () => {
    expect(parseRetryAfter(' Wed, 21 Oct 2015 07:28:10 GMT ', '  Wed, 21 Oct 2015 07:28:00 GMT\t', 0)).toBe(10_000)
  })
  it('absent, blank and unreadable values are null', () => {
    for (const v of [null, undefined, '', '   ', 'soon', '0x10', '1e3']) expect([v, parseRetryAfter(v, null, 0)]).toEqual([v, null])
  })
})
