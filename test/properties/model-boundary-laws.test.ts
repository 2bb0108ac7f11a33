// src/model boundaries the mutation analysis found unpinned: NonNegativeNumber accepts exactly the
// finite numbers of at least 0 (0 and -0 included); a phone extension is 1 to 10 digits (ten
// accepted, eleven refused).
import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { NonNegativeNumber } from '../../src/model/numbers.js'
import { isPhoneExtension } from '../../src/model/patterns.js'

describe('model boundaries', () => {
  it('NonNegativeNumber: a finite number of at least 0, 0 itself included', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.constantFrom(0, -0, Number.MIN_VALUE, -Number.MIN_VALUE, Infinity)), (n) => {
        const want = Number.isFinite(n) && n >= 0
        expect(NonNegativeNumber.is(n)).toBe(want)
        expect(isRight(NonNegativeNumber.decode(n))).toBe(want)
      }),
    )
  })

  it('a phone extension: 1 to 10 digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.constantFrom('0', '7', '9'), (n, d) => {
        expect(isPhoneExtension(d.repeat(n))).toBe(n >= 1 && n <= 10)
      }),
    )
  })
})
