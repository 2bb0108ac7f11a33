import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseOrderNumber } from '../../src/rules/tenancy.js'

const orderNumberArb = fc.stringMatching(/^[A-Za-z0-9]{5}$/)
/** Blanks a person or a form might add: ASCII and Unicode spaces, line ends, a BOM. */
const padArb = fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\u3000', '\ufeff')
const flipCase = (c: string): string => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())
const failureOf = (r: ReturnType<typeof parseOrderNumber>) => (r._tag === 'Left' ? [r.left.status, r.left.violations?.map((v) => [v.field, v.code])] : r)

describe('ID-01 order numbers', () => {
  it('a valid order number (five ASCII letters or digits) is returned exactly as sent', () => {
    fc.assert(
      fc.property(orderNumberArb, (v) => {
        expect(parseOrderNumber(v)).toEqual({ _tag: 'Right', right: v })
      }),
    )
  })
  it('a change of case of one letter is another order number, returned as sent, never folded back', () => {
    fc.assert(
      fc.property(orderNumberArb.filter((v) => /[A-Za-z]/.test(v)), fc.nat(), (v, n) => {
        const letters = [...v.matchAll(/[A-Za-z]/g)].map((m) => m.index)
        const i = letters[n % letters.length]!
        const changed = v.slice(0, i) + flipCase(v[i]!) + v.slice(i + 1)
        expect(parseOrderNumber(changed)).toEqual({ _tag: 'Right', right: changed })
      }),
    )
  })
  it('one blank before or after, or one character replaced by a non-ASCII letter or digit, is 400 pattern at orderNumber', () => {
    fc.assert(
      fc.property(orderNumberArb, padArb, fc.boolean(), (v, pad, before) => {
        expect(failureOf(parseOrderNumber(before ? pad + v : v + pad))).toEqual([400, [['orderNumber', 'pattern']]])
      }),
    )
    fc.assert(
      fc.property(orderNumberArb, fc.nat(4), fc.constantFrom('\u00e9', '\u0131', '\u017f', '\u212a', '\uff11', '\u0663', '-', '_'), (v, i, c) => {
        expect(failureOf(parseOrderNumber(v.slice(0, i) + c + v.slice(i + 1)))).toEqual([400, [['orderNumber', 'pattern']]])
      }),
    )
  })
  it('absent or empty is required, another string pattern, any other value type; never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 7 }), fc.anything()), (v) => {
        const r = parseOrderNumber(v)
        const expected =
          typeof v === 'string' && /^[A-Za-z0-9]{5}$/.test(v)
            ? { _tag: 'Right', right: v }
            : [400, [['orderNumber', v === undefined || v === '' ? 'required' : typeof v === 'string' ? 'pattern' : 'type']]]
        expect(r._tag === 'Right' ? r : failureOf(r)).toEqual(expected)
      }),
    )
  })
})
