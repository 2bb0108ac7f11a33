// DOC-05: storedFilename against an oracle written from its doc comment, one step at a time on
// code points: the base name after the last `/` or `\`; every lone surrogate U+FFFD (so removing
// a character between two halves never pairs them); control and file-system-unsafe
// characters removed; blanks trimmed and leading dots and blanks removed; the extension (from a
// last dot that is not the first character) dropped; the longest prefix of whole code points
// that fits 251 UTF-8 bytes; blanks and trailing
// dots trimmed; `.pdf` appended, `document.pdf` when nothing is left. Over names of every kind of
// character (1- to 4-byte, lone surrogates, separators, dots, blanks, unsafe ones) and of every
// length around the limit.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { storedFilename } from '../../src/rules/documents.js'

const encoder = new TextEncoder()
const bytes = (s: string): number => encoder.encode(s).length
const UNSAFE = new Set([...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f', '<', '>', ':', '"', '|', '?', '*'])
const isBlank = (c: string): boolean => c.trim() === ''

const oracle = (name: unknown): string => {
  const raw = typeof name === 'string' ? name : ''
  let base = raw
  for (let i = raw.length - 1; i >= 0; i--) {
    if (raw[i] === '/' || raw[i] === '\\') {
      base = raw.slice(i + 1)
      break
    }
  }
  // iterating a string yields a pair as one 2-unit string and a lone surrogate as a 1-unit one
  const isLone = (c: string): boolean => c.length === 1 && c >= '\ud800' && c <= '\udfff'
  let cps = [...base].map((c) => (isLone(c) ? '\ufffd' : c)).filter((c) => !UNSAFE.has(c))
  while (cps.length > 0 && isBlank(cps[cps.length - 1]!)) cps.pop()
  while (cps.length > 0 && (isBlank(cps[0]!) || cps[0] === '.')) cps.shift()
  const lastDot = cps.lastIndexOf('.')
  if (lastDot > 0) cps = cps.slice(0, lastDot)
  const kept: string[] = []
  let used = 0
  for (const c of cps) {
    const n = bytes(c)
    if (used + n > 251) break
    kept.push(c)
    used += n
  }
  while (kept.length > 0 && (isBlank(kept[kept.length - 1]!) || kept[kept.length - 1] === '.')) kept.pop()
  while (kept.length > 0 && isBlank(kept[0]!)) kept.shift()
  return `${kept.length === 0 ? 'document' : kept.join('')}.pdf`
}

const charArb = fc.constantFrom(
  'a', 'Z', '7', '-', '_', '(', ' ', '\t', '\u00a0', '\u3000', '\u2028', '.', '/', '\\', '<', '*', ':', '\u0000', '\u001f', '\u007f',
  'é', 'ß', '中', '€', '😀', '𝄞', '\ud800', '\udc00',
  // the edges of each UTF-8 length (U+007F/0080, U+07FF/0800, U+FFFF/10000) and of the surrogate
  // ranges (U+D7FF, U+DBFF, U+DC00, U+DFFF, U+E000; the highest pair U+10FFFF)
  '\u007e', '\u0080', '\u07ff', '\u0800', '\ud7ff', '\udbff', '\udfff', '\ue000', '\uffff', '\ud800\udc00', '\udbff\udfff',
)
const nameArb = fc.oneof(
  // a stem ending in dots and blanks before the extension, or at the end
  fc
    .tuple(fc.array(charArb, { maxLength: 6 }), fc.array(fc.constantFrom('.', ' ', '\u3000', '\t'), { minLength: 1, maxLength: 3 }), fc.constantFrom('.png', '', '.'))
    .map(([stem, tail, ext]) => stem.join('') + tail.join('') + ext),
  fc.array(charArb, { maxLength: 20 }).map((cs) => cs.join('')),
  fc.tuple(fc.constantFrom('a', 'é', '中', '😀', ' ', '.', '\u07ff', '\u0800'), fc.integer({ min: 60, max: 300 }), fc.array(charArb, { maxLength: 8 })).map(([c, n, tail]) => c.repeat(n) + tail.join('')),
  // surrogate halves and their neighbours side by side, in every order
  fc.array(fc.constantFrom('\ud7ff', '\ud800', '\udbff', '\udc00', '\udfff', '\ue000', 'a', '\u0000'), { maxLength: 8 }).map((cs) => cs.join('')),
  fc.tuple(fc.array(charArb, { maxLength: 6 }), fc.constantFrom('a', '€', '😀'), fc.integer({ min: 240, max: 260 }), fc.constantFrom('.png', '.JPEG', '', '. ', '..', ' .pdf')).map(([head, c, n, ext]) => head.join('') + c.repeat(n) + ext),
)

describe('DOC-05 storedFilename against its oracle', () => {
  it('every name, of every kind of character and of every length around the limit', () => {
    fc.assert(
      fc.property(nameArb, (name) => {
        const got = storedFilename(name)
        expect(got).toBe(oracle(name))
        expect(bytes(got)).toBeLessThanOrEqual(255)
        expect(storedFilename(got)).toBe(got)
        expect([...got].some((c) => c.length === 1 && c >= '\ud800' && c <= '\udfff')).toBe(false)
      }),
    )
  })

  it('removing a character between two halves of a pair never joins them (the counterexample of a CI run)', () => {
    const name = '\ud800\u0000\udc00' + 'a'.repeat(260) + '.png'
    expect(storedFilename(name)).toBe(oracle(name))
    expect(storedFilename(name)).toBe('\ufffd\ufffd' + 'a'.repeat(245) + '.pdf')
    expect(storedFilename('x\udc00\ud800y.png')).toBe('x\ufffd\ufffdy.pdf')
    expect(storedFilename('\ud83d\ude00.png')).toBe('\ud83d\ude00.pdf')
  })

  it('what is not text is document.pdf', () => {
    for (const v of [undefined, null, 7, ['a.pdf'], { name: 'a.pdf' }, Object('a.pdf')]) expect(storedFilename(v)).toBe('document.pdf')
  })
})
