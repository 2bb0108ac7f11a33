// The portalUrl wire format (APT-02) against an oracle built on the WHATWG URL parser (the one
// browsers use): a generated URL is accepted exactly when the parser reads it as https with no
// userinfo, the host is a DNS name (LDH labels of 1 to 63, the last starting with a letter) or a
// dotted-quad IPv4 address, the port is absent or 1 to 65535 as written (the parser alone would
// also take `:` and `:0`), and the parser keeps the text as written (up to the host's letter
// case, the explicit default port :443 and the `/` it adds to an empty path); the URL standard's
// dot segments are named explicitly, since the parser of Node 20 misses some.
import fc from 'fast-check'
import { runsOf } from 'shipper-rules-testkit'
import { describe, expect, it } from 'vitest'
import { PORTAL_URL_PATTERN, WIRE_FORMATS } from '../../src/model/patterns.js'
import { isPortalUrl as isHttpsPortalUrl } from '../../src/rules/appointment.js'

const LDH = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-'
const LETTERS = LDH.slice(0, 52)
const HEX = '0123456789abcdefABCDEF'
const chars = (alphabet: string, max: number, min = 0) => fc.string({ unit: fc.constantFrom(...alphabet), minLength: min, maxLength: max })

/**
 * A label, now and then too long or with a hyphen at an edge. Labels starting `xn--` are kept
 * out: the parser checks their Punycode, which a pattern cannot (see the explicit test below).
 */
const labelArb = fc
  .oneof({ weight: 6, arbitrary: chars(LDH, 12, 1) }, { weight: 1, arbitrary: chars(LDH, 70, 60) }, { weight: 1, arbitrary: fc.constantFrom('-a', 'a-', '-', '0', '9a', 'a9', 'Z') })
  .map((l) => (/^xn--/i.test(l) ? `x${l}` : l))
const octetArb = fc.oneof(fc.integer({ min: 0, max: 300 }).map(String), fc.constantFrom('00', '01', '007', '255', '256'))
const hostArb = fc.oneof(
  { weight: 4, arbitrary: fc.array(labelArb, { minLength: 1, maxLength: 4 }).map((ls) => ls.join('.')) },
  { weight: 2, arbitrary: fc.array(octetArb, { minLength: 4, maxLength: 4 }).map((os) => os.join('.')) },
  { weight: 1, arbitrary: fc.array(octetArb, { minLength: 1, maxLength: 5 }).map((os) => os.join('.')) },
  { weight: 1, arbitrary: fc.constantFrom('localhost', 'dock.example.com', 'a.com.', 'x.0x1f', '0x7f.1', 'a.1b') },
)
/** Absent (undefined) or the text after the colon. */
const portArb = fc.option(
  fc.oneof(fc.integer({ min: 0, max: 70_000 }).map(String), fc.constantFrom('', '0', '1', '443', '8443', '65535', '65536', '080', '0443', '00')),
  { nil: undefined },
)
const pctArb = fc.tuple(fc.constantFrom(...HEX), fc.constantFrom(...HEX)).map(([a, b]) => `%${a}${b}`)
const PCHAR = "ABCXYZabcxyz0189-._~!$&'()*+,;=:@"
const pieceArb = (alphabet: string) => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...alphabet) }, { weight: 1, arbitrary: pctArb })
const segmentArb = fc.oneof(
  { weight: 4, arbitrary: fc.array(pieceArb(PCHAR), { maxLength: 6 }).map((p) => p.join('')) },
  { weight: 1, arbitrary: fc.constantFrom('', '.', '..', '...', '%2e', '%2E', '.%2e', '%2e%2E', '.a', 'a.') },
)
const pathArb = fc.array(segmentArb, { maxLength: 4 }).map((ss) => ss.map((s) => `/${s}`).join(''))
const tailArb = (lead: string) =>
  fc.option(fc.array(pieceArb(`${PCHAR}/?`), { maxLength: 8 }).map((p) => lead + p.join('')), { nil: '' })

interface Parts {
  readonly host: string
  readonly port: string | undefined
  readonly path: string
  readonly query: string
  readonly fragment: string
}
const partsArb: fc.Arbitrary<Parts> = fc.record({ host: hostArb, port: portArb, path: pathArb, query: tailArb('?'), fragment: tailArb('#') })
const textOf = (p: Parts): string => `https://${p.host}${p.port === undefined ? '' : `:${p.port}`}${p.path}${p.query}${p.fragment}`

const isLdh = (s: string): boolean => [...s].every((c) => LDH.includes(c))
/** A DNS name as APT-02 reads it: LDH labels of 1 to 63, no hyphen at an edge, the last starting with a letter. */
const isDnsName = (host: string): boolean => {
  const labels = host.split('.')
  const last = labels[labels.length - 1]!
  return LETTERS.includes(last[0] ?? '') && labels.every((l) => l.length >= 1 && l.length <= 63 && isLdh(l) && !l.startsWith('-') && !l.endsWith('-'))
}

/** The oracle: the WHATWG parser's verdict and canonical form, plus the APT-02 host and port rules. */
const oracle = (p: Parts): boolean => {
  const text = textOf(p)
  if (text.length > 512) return false
  let u: URL
  try {
    u = new URL(text)
  } catch {
    return false
  }
  if (u.protocol !== 'https:' || u.username !== '' || u.password !== '') return false
  if (u.hostname !== p.host.toLowerCase()) return false // the parser rewrote the host (a numeric form, a dot, …)
  const labels = p.host.split('.')
  const ipv4 = labels.length === 4 && labels.every((l) => /^[0-9]+$/.test(l))
  if (!ipv4 && !isDnsName(p.host)) return false
  // The parser also takes an empty port and port 0; APT-02 does not (a port is 1 to 65535).
  if (p.port !== undefined && !((p.port === u.port && p.port !== '' && p.port !== '0') || (p.port === '443' && u.port === ''))) return false
  // The URL standard's single-dot and double-dot segments, which its path parser removes. Node 20's
  // parser (ada 2.9) misses some (`https://a//.a/..` comes back unchanged), so they are named here.
  const dotSegments = ['.', '%2e', '..', '.%2e', '%2e.', '%2e%2e']
  if (p.path.split('/').some((seg) => dotSegments.includes(seg.toLowerCase()))) return false
  const expected = `https://${u.host}${p.path === '' ? '/' : p.path}${p.query}${p.fragment}`
  return u.href === expected
}

describe('APT-02 portalUrl: the wire format against the WHATWG parser', () => {
  it('a generated URL is accepted exactly when the parser reads it as https with a valid host and port and keeps it as written', () => {
    fc.assert(
      fc.property(partsArb, (p) => {
        expect(isHttpsPortalUrl(textOf(p))).toBe(oracle(p))
      }),
      { numRuns: runsOf(3000) },
    )
  })
  it('an accepted URL never changes under the parser beyond host case, the default port and the root path', () => {
    fc.assert(
      fc.property(partsArb, (p) => {
        const text = textOf(p)
        if (!isHttpsPortalUrl(text)) return
        const u = new URL(text)
        expect(u.href.length - text.length).toBeLessThanOrEqual(1)
        expect([u.protocol, u.username, u.password, u.search + u.hash === p.query.replace(/^\?$/, '') + p.fragment.replace(/^#$/, '')]).toEqual(['https:', '', '', true])
      }),
    )
  })
  it('the format is the one entry of WIRE_FORMATS, at most 512 characters, compiled with the u flag', () => {
    expect(WIRE_FORMATS.portalUrl.maxLength).toBe(512)
    expect(PORTAL_URL_PATTERN.flags).toBe('u')
    expect(PORTAL_URL_PATTERN.source).toBe(new RegExp(WIRE_FORMATS.portalUrl.pattern, 'u').source)
  })
})

describe('APT-02 portalUrl: explicit cases', () => {
  it.each([
    'https://dock.example.com',
    'https://dock.example.com/',
    'https://Dock.Example.COM/book',
    'https://localhost',
    'https://192.168.0.1:8443/a',
    'https://0.0.0.0',
    'https://255.255.255.255',
    'https://a.com:1',
    'https://a.com:443',
    'https://a.com:65535',
    'https://a.com/p;q=1/x:y@z?a=1&b=%2F/?#frag/?!$',
    "https://a.com/it's#it's",
    'https://a.com/%7e%7E',
    'https://a.com/...',
    'https://a.com/.a/a./',
    'https://a.com?x',
    'https://a.com#',
    'https://1.2.3.4.com',
    `https://${'a'.repeat(63)}.com`,
    'https://xn--bcher-kva.example/',
    // An A-label is accepted as LDH text: a pattern cannot check its Punycode (a WHATWG parser rejects this one).
    'https://xn--a.com',
  ])('accepts %s', (url) => {
    expect(isHttpsPortalUrl(url)).toBe(true)
  })
  it.each([
    'http://dock.example.com',
    'HTTPS://dock.example.com',
    'Https://dock.example.com',
    'https:dock.example.com',
    'https:/dock.example.com',
    'https://',
    'https:///path',
    'https://:443',
    'https://user@host.com',
    'https://user:pw@host.com',
    'https://host.com:0',
    'https://host.com:00',
    'https://host.com:0443',
    'https://host.com:65536',
    'https://host.com:',
    'https://-a.com',
    'https://a-.com',
    'https://a b.com',
    'https://a_b.com',
    'https://a..com',
    'https://.a.com',
    'https://a.com.',
    'https://a.1',
    'https://a.1b',
    'https://1.2.3',
    'https://01.2.3.4',
    'https://256.1.1.1',
    'https://[::1]/',
    'https://[2001:db8::1]:8443/',
    `https://${'a'.repeat(64)}.com`,
    'https://a.com/a b',
    'https://a.com/a|b',
    'https://a.com/a\\b',
    'https://a.com/{x}',
    'https://a.com/%zz',
    'https://a.com/%2',
    'https://a.com/./x',
    'https://a.com/a/..',
    'https://a.com/%2e%2E/x',
    "https://a.com/?it's",
    'https://a.com/#a#b',
    'https://a.com/[x]',
    'https://dock.example.com/b\u00fccher',
    'https://b\u00fccher.example',
    'https://a.com/\u{1F4E6}',
    ' https://a.com',
    'https://a.com ',
    'https://a.com/\n',
    '',
  ])('rejects %j', (url) => {
    expect(isHttpsPortalUrl(url)).toBe(false)
  })
  it('the limit is 512 characters: 512 is accepted, 513 is not; non-ASCII is rejected at any length', () => {
    const head = 'https://dock.example.com/'
    const at = (n: number) => head + 'x'.repeat(n - head.length)
    expect([at(511), at(512), at(513)].map(isHttpsPortalUrl)).toEqual([true, true, false])
    const emoji = `${head}${'x'.repeat(512 - head.length - 1)}\u{1F4E6}` // 512 code points, 513 UTF-16 units
    expect(isHttpsPortalUrl(emoji)).toBe(false)
    expect(isHttpsPortalUrl(`${head}\u{1F4E6}`)).toBe(false)
  })
  // That it answers in linear time is proved by the ReDoS checker (test/robustness/patterns.test.ts)
  // and measured by bench/hostile.mjs, not read off the clock here (a loaded CI machine could).
  it('the pattern rejects long hostile text past the length limit (runs that make a backtracking pattern explode)', () => {
    const hostile = [
      `https://${'a-'.repeat(50_000)}!`,
      `https://${'a.'.repeat(50_000)}1`,
      `https://${'1.'.repeat(50_000)}!`,
      `https://a.com/${'%2e'.repeat(30_000)} `,
      `https://a.com/${'/.'.repeat(50_000)}\n`,
      `https://a.com/?${'%a'.repeat(50_000)}`,
    ]
    for (const s of hostile) {
      expect(PORTAL_URL_PATTERN.test(s)).toBe(false)
    }
  })
})
