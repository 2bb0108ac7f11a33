// The pure pieces of the retry policy (client/src/policy.ts): Retry-After (the library's), backoff bounds,
// request ids, and the classification of an answer. The oracles are the design's sentences, not
// the code: "delay-seconds or an HTTP date relative to Date", "full jitter below min(cap,
// base·2^(n-1)), at least Retry-After", "<base>.<n> within the header's 128 characters".
import fc from 'fast-check'
import { runsOf } from 'shipper-rules-testkit'
import { describe, expect, it } from 'vitest'
import { ProblemError, ResponseInvalidError } from '../../src/errors.js'
import { attemptRequestId, backoffCeiling, backoffDelay, classifyStatus, parseRetryAfter, randomUuid, REQUEST_ID_PATTERN } from '../../src/policy.js'
import { parseRetryAfter as libraryParseRetryAfter, problemFor, REASON_CODES, REQUEST_ID_FORMAT, statusForReason } from 'shipper-rules'

const HEADER_ID = new RegExp(REQUEST_ID_FORMAT.pattern)
const ctx = { operation: 'getShipment', requestId: 'r', attempts: 1 } as const

describe('Retry-After', () => {
  it('is the library’s parseRetryAfter (its properties are the library’s: test/properties/headers.test.ts)', () => {
    expect(parseRetryAfter).toBe(libraryParseRetryAfter)
    expect([parseRetryAfter('5', null, 0), parseRetryAfter('soon', null, 0)]).toEqual([5000, null])
  })
})

describe('backoff', () => {
  const budget = fc.record({ base: fc.integer({ min: 1, max: 10_000 }), cap: fc.integer({ min: 1, max: 100_000 }) })
  const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })

  it('the wait before retry n lies in [retryAfter, max(retryAfter, min(cap, base·2^(n-1)))]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), budget, unit, fc.option(fc.integer({ min: 0, max: 200_000 })), (n, b, r, ra) => {
        const ceiling = Math.min(b.cap, b.base * 2 ** (n - 1))
        const d = backoffDelay(n, { baseMs: b.base, capMs: b.cap, random: () => r, retryAfterMs: ra })
        expect(d).toBeGreaterThanOrEqual(ra ?? 0)
        expect(d).toBeLessThanOrEqual(Math.max(ra ?? 0, ceiling))
        expect(Number.isInteger(d)).toBe(true)
      }),
      { numRuns: runsOf(500) },
    )
  })

  it('the ceiling doubles from base until the cap, and never passes it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), budget, (n, b) => {
        const c = backoffCeiling(n, b.base, b.cap)
        expect(c).toBeLessThanOrEqual(b.cap)
        expect(backoffCeiling(n + 1, b.base, b.cap)).toBe(Math.min(b.cap, c * 2))
        expect(backoffCeiling(1, b.base, b.cap)).toBe(Math.min(b.cap, b.base))
      }),
      { numRuns: runsOf(300) },
    )
  })

  it('jitter is full: random() near 0 waits near 0, near 1 waits near the ceiling', () => {
    const o = { baseMs: 500, capMs: 20_000, retryAfterMs: null }
    expect(backoffDelay(3, { ...o, random: () => 0 })).toBe(0)
    expect(backoffDelay(3, { ...o, random: () => 0.999999 })).toBe(1999)
  })
})

describe('request ids', () => {
  const base = fc.stringMatching(/^[A-Za-z0-9._~-]{1,64}$/)

  it('attempt 1 sends the base, attempt n ≥ 2 `<base>.<n>`, always a valid X-Request-Id', () => {
    fc.assert(
      fc.property(base, fc.integer({ min: 1, max: 1_000_000 }), (b, n) => {
        expect(REQUEST_ID_PATTERN.test(b)).toBe(true)
        const id = attemptRequestId(b, n)
        expect(id).toBe(n === 1 ? b : `${b}.${n}`)
        expect(HEADER_ID.test(id)).toBe(true)
      }),
      { numRuns: runsOf(300) },
    )
  })

  it('the default base is a random version 4 UUID, distinct per call', () => {
    const ids = Array.from({ length: 200 }, randomUuid)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(new Set(ids).size).toBe(ids.length)
    expect(REQUEST_ID_PATTERN.test(`${ids[0]!}.4`)).toBe(true)
  })
})

describe('classification', () => {
  it('2xx and 4xx are definite but 408, 429 and 409 conflict; 5xx is ambiguous', () => {
    fc.assert(
      fc.property(fc.integer({ min: 200, max: 599 }), fc.constantFrom(null, 'conflict', 'idempotency_key_conflict', 'rate_limited'), (status, reason) => {
        const expected =
          status >= 500 ? 'ambiguous' : [408, 429].includes(status) || (status === 409 && reason === 'conflict') ? 'unprocessed' : 'definite'
        expect(classifyStatus(status, reason)).toBe(expected)
      }),
      { numRuns: runsOf(300) },
    )
  })

  it('a ProblemError is retryable exactly when its answer is not definite', () => {
    for (const reason of REASON_CODES) {
      const p = problemFor(reason)
      expect(p.status).toBe(statusForReason(reason))
      expect(new ProblemError(p, ctx).retryable).toBe(classifyStatus(p.status, reason) !== 'definite')
    }
  })

  it('an answer that does not decode is retryable only for a retryable error status', () => {
    expect(new ResponseInvalidError(200, [], null, ctx).retryable).toBe(false)
    expect(new ResponseInvalidError(404, [], null, ctx).retryable).toBe(false)
    expect(new ResponseInvalidError(502, [], '<html>', ctx).retryable).toBe(true)
    expect(new ResponseInvalidError(429, [], '', ctx).retryable).toBe(true)
  })
})
