// The ASCII case mappings used where the spec compares codes case-insensitively (country codes)
// and by the lenient repair: exactly the characters a–z (A–Z) change, by the simplest oracle (a
// regular-expression replace), and nothing else does, whatever the string holds.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { asciiLowerCase, asciiUpperCase, isBlankUnit } from '../../src/internal/text.js'

const anyText = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom('a', 'z', 'A', 'Z', 'ı', 'ß', 'ſ', '{', '@', '`', '[', 'é') }))

describe('ASCII case mappings', () => {
  it('asciiUpperCase changes exactly a–z, like a replace over [a-z]', () => {
    fc.assert(fc.property(anyText, (s) => {
      expect(asciiUpperCase(s)).toBe(s.replace(/[a-z]/g, (c) => c.toUpperCase()))
    }))
  })
  it('asciiLowerCase changes exactly A–Z, like a replace over [A-Z]', () => {
    fc.assert(fc.property(anyText, (s) => {
      expect(asciiLowerCase(s)).toBe(s.replace(/[A-Z]/g, (c) => c.toLowerCase()))
    }))
  })
  it('both keep the length and are idempotent; upper after lower is upper', () => {
    fc.assert(fc.property(anyText, (s) => {
      expect(asciiUpperCase(s)).toHaveLength(s.length)
      expect(asciiUpperCase(asciiUpperCase(s))).toBe(asciiUpperCase(s))
      expect(asciiLowerCase(asciiLowerCase(s))).toBe(asciiLowerCase(s))
      expect(asciiUpperCase(asciiLowerCase(s))).toBe(asciiUpperCase(s))
    }))
  })
})

describe('white space, unit by unit', () => {
  it('isBlankUnit agrees with trim() on every one of the 65,536 UTF-16 units', () => {
    const blanks: number[] = []
    for (let c = 0; c <= 0xffff; c++) {
      const trimmed = String.fromCharCode(c).trim() === ''
      expect(isBlankUnit(c), `U+${c.toString(16)}`).toBe(trimmed)
      if (trimmed) blanks.push(c)
    }
    expect(blanks.length).toBe(25)
  })
})
