// Wire text (docs/rules.md, "Wire text"; attached to ERR-01 and ID-03): every string of a request
// is well-formed Unicode without U+0000, refused otherwise with one 400 `encoding` violation at its
// field by every validator and parser; the codecs and the OpenAPI patterns (compiled by ajv, `u`
// flag) agree. Dates: the wire years are 0001 to 9999 and no computed time leaves them (ID-03,
// QTE-03, QTE-04). The Idempotency-Key header's format is in idempotency.test.ts (CRT-10).
import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import type { Violation } from '../../src/errors/violation.js'
import { isDateTimeString } from '../../src/model/timestamps.js'
import { isWellFormedWireText, isWellFormedWireTextByScan } from '../../src/internal/text.js'
import { NOT_BLANK_WIRE_TEXT_FORMAT, WIRE_TEXT_FORMAT } from '../../src/model/patterns.js'
import { normalizeAddress } from '../../src/rules/address.js'
import { validateAppointmentRequirement } from '../../src/rules/appointment.js'
import { checkAppointmentWrite } from '../../src/rules/appointmentChecks.js'
import { estimateDelivery } from '../../src/rules/calendarEta.js'
import { parseDocumentType, parseStop } from '../../src/rules/documents.js'
import { newestQuoteByReference } from '../../src/rules/quotes.js'
import { validateCreateShipment, validateQuoteRequest } from '../../src/rules/requests.js'
import { parseOrderNumber } from '../../src/rules/tenancy.js'
import { parseTrackingInclude, validateGpsData } from '../../src/rules/tracking.js'
import { checkWireText, isWireText } from '../../src/rules/wireText.js'
import { shipmentAddressArb } from '../../src/arbitraries/address.js'
import { requirementArb } from '../../src/arbitraries/appointment.js'
import { fullCreateArb } from '../../src/arbitraries/dispatch.js'
import { quoteRequestArb } from '../../src/arbitraries/quote.js'
import { FAR_FUTURE, gpsArb } from '../../src/arbitraries/tracking.js'
import { ajvFor } from '../support/openapiAjv.js'

/** The oracle, apart from the code: encodeURIComponent throws on an unpaired surrogate. */
const wellFormed = (s: string): boolean => {
  try {
    encodeURIComponent(s)
  } catch {
    return false
  }
  return !s.includes('\u0000')
}

/** Units that make or break wire text, and ordinary ones around them. */
const UNITS = ['a', ' ', 'é', '\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\ud83d\udce6', '\ud83d', '\udce6', '\uffff', '\u0001'] as const
const textArb = fc.array(fc.constantFrom(...UNITS), { maxLength: 8 }).map((cs) => cs.join(''))
/** Text with one bad unit (U+0000 or a surrogate that no neighbour pairs) somewhere. */
const badTextArb = fc
  .tuple(fc.string({ unit: 'grapheme-ascii', maxLength: 6 }), fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\udce6\ud83d'), fc.string({ unit: 'grapheme-ascii', maxLength: 6 }))
  .map(([a, bad, b]) => `${a}${bad}${b}`)

const fieldsOf = (vs: ReadonlyArray<Violation>): string[] => vs.map((v) => `${v.field} ${v.code}`)

/** The one violation of a Left ProblemDetail as `field code`, or what came instead. */
const only = (r: { _tag: 'Left'; left: { status: number; reason: string; violations?: ReadonlyArray<Violation> } } | { _tag: 'Right' }): string =>
  r._tag === 'Right' ? 'accepted' : `${r.left.status} ${r.left.reason} ${fieldsOf(r.left.violations ?? []).join(', ')}`

describe('ERR-01 wire text: one well-formed check, the same in the helper, the codecs and the OpenAPI patterns', () => {
  it('isWireText agrees with an independent oracle on any mix of NUL, lone surrogates, pairs and plain text', () => {
    fc.assert(
      fc.property(fc.oneof(textArb, fc.string({ unit: 'binary', maxLength: 20 }), fc.string({ maxLength: 20 })), (s) => {
        expect(isWireText(s)).toBe(wellFormed(s))
      }),
    )
    expect([isWireText(1), isWireText(null), isWireText(['a'])]).toEqual([false, false, false])
  })
  it('both ways of deciding it (the engine\'s isWellFormed and a search for U+0000; the regular-expression scan where the engine lacks it) agree with the oracle, on Latin-1 and two-byte strings of any length', () => {
    // Latin-1 text (V8 stores it one byte per unit) and long strings with the bad unit anywhere
    const latin1 = fc.string({ unit: fc.constantFrom('a', ' ', 'é', '\u0000', '\u00ff', '\u0001'), maxLength: 40 })
    const long = fc.tuple(fc.string({ unit: 'grapheme-ascii', minLength: 50, maxLength: 300 }), fc.constantFrom(...UNITS), fc.nat()).map(([a, u, at]) => {
      const i = at % (a.length + 1)
      return `${a.slice(0, i)}${u}${a.slice(i)}`
    })
    expect(typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed).toBe('function') // Node 20: the native way is the one taken
    fc.assert(
      fc.property(fc.oneof(textArb, latin1, long, fc.string({ unit: 'binary', maxLength: 20 })), (s) => {
        expect(isWellFormedWireText(s)).toBe(wellFormed(s))
        expect(isWellFormedWireTextByScan(s)).toBe(wellFormed(s))
      }),
    )
  })

  it('ajv (unicodeRegExp, as JSON Schema 2020-12 reads a pattern) agrees with the validator on both patterns', () => {
    const ajv = ajvFor()
    const free = ajv.compile({ type: 'string', pattern: WIRE_TEXT_FORMAT.pattern })
    const required = ajv.compile({ type: 'string', pattern: NOT_BLANK_WIRE_TEXT_FORMAT.pattern })
    fc.assert(
      fc.property(fc.oneof(textArb, fc.string({ unit: 'binary', maxLength: 12 }), fc.stringMatching(/^\s{0,3}$/)), (s) => {
        expect(free(s)).toBe(wellFormed(s))
        expect(required(s)).toBe(wellFormed(s) && /\S/u.test(s))
      }),
    )
    // the cases the rule is about, named
    expect([free('\ud83d\udce6'), free('\ud800'), free('\udc00'), free('a\u0000b'), free('\udce6\ud83d')]).toEqual([true, false, false, false, false])
  })

  it('checkWireText reports every bad string at its path and every bad key at its object, each once, and nothing else', () => {
    const leafArb = fc.oneof(textArb, fc.integer(), fc.boolean(), fc.constant(null))
    const jsonArb = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, leafArb, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(fc.oneof(fc.constantFrom('k', 'name'), textArb), tie('value'), { maxKeys: 3 })),
    })).value
    fc.assert(
      fc.property(jsonArb, (value) => {
        // the oracle: a recursive walk that renders the expected fields
        const expected = new Set<string>()
        const visit = (v: unknown, path: string): void => {
          if (typeof v === 'string') {
            if (!wellFormed(v)) expected.add(path)
          } else if (Array.isArray(v)) v.forEach((x, i) => visit(x, `${path}[${i}]`))
          else if (typeof v === 'object' && v !== null) {
            for (const [k, x] of Object.entries(v)) {
              if (!wellFormed(k)) {
                expected.add(path)
                if (typeof x === 'string' && !wellFormed(x)) expected.add(path)
                else visit(x, path)
              } else visit(x, path === '' ? k : `${path}.${k}`)
            }
          }
        }
        visit(value, 'body')
        const got = checkWireText(value, 'body')
        expect(new Set(got.map((v) => v.field))).toEqual(expected)
        expect(got.every((v) => v.code === 'encoding' && v.entity === 'body' && wellFormed(v.field) && wellFormed(v.reason))).toBe(true)
      }),
    )
  })

  it('checkWireText is total: cycles, any depth and unreadable values give an answer, never an exception', () => {
    const cyclic: Record<string, unknown> = { a: '\u0000' }
    cyclic['self'] = cyclic
    expect(fieldsOf(checkWireText(cyclic))).toEqual(['a encoding'])
    let deep: unknown = 'x\ud800'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(checkWireText(deep)).toHaveLength(1)
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error('hostile') } })
    expect(fieldsOf(checkWireText(hostile, ['X-Company-Name']))).toEqual(['X-Company-Name type'])
    expect(checkWireText({ a: ['ok', 1, true, null, { b: '📦' }] })).toEqual([])
  })
})

describe('ERR-01 every request validator refuses text that is not wire text with one encoding violation at its field', () => {
  /** Replaces one string of a valid payload (any depth) by bad text; the path as a validator renders it. */
  const stringPlaces = (v: unknown, path: ReadonlyArray<string | number> = []): Array<ReadonlyArray<string | number>> => {
    if (typeof v === 'string') return [path]
    if (Array.isArray(v)) return v.flatMap((x, i) => stringPlaces(x, [...path, i]))
    if (typeof v === 'object' && v !== null) return Object.entries(v).flatMap(([k, x]) => stringPlaces(x, [...path, k]))
    return []
  }
  const setAt = (v: unknown, path: ReadonlyArray<string | number>, value: unknown): unknown => {
    if (path.length === 0) return value
    const [head, ...rest] = path
    if (Array.isArray(v)) return v.map((x, i) => (i === head ? setAt(x, rest, value) : x))
    return { ...(v as object), [head as string]: setAt((v as Record<string, unknown>)[head as string], rest, value) }
  }
  const getAt = (v: unknown, path: ReadonlyArray<string | number>): unknown =>
    path.reduce<unknown>((x, s) => (typeof x === 'object' && x !== null ? (x as Record<string | number, unknown>)[s] : undefined), v)
  const render = (path: ReadonlyArray<string | number>): string =>
    path.reduce<string>((out, s) => (typeof s === 'number' ? `${out}[${s}]` : out === '' ? s : `${out}.${s}`), '')

  type Answer = { readonly _tag: 'Left'; readonly left: unknown } | { readonly _tag: 'Right'; readonly right: unknown }
  const cases: ReadonlyArray<{ readonly name: string; readonly valid: fc.Arbitrary<unknown>; readonly check: (x: unknown) => Answer }> = [
    { name: 'validateCreateShipment', valid: fullCreateArb, check: (x) => validateCreateShipment(x) },
    { name: 'validateQuoteRequest', valid: quoteRequestArb, check: (x) => validateQuoteRequest(x) },
    { name: 'normalizeAddress', valid: shipmentAddressArb, check: (x) => normalizeAddress(x) },
    { name: 'validateAppointmentRequirement', valid: requirementArb, check: (x) => validateAppointmentRequirement(x) },
    { name: 'validateGpsData', valid: gpsArb, check: (x) => validateGpsData(x, FAR_FUTURE) },
  ]
  /** The violations of a Left: a list (field level) or a ProblemDetail's, which must be a 400. */
  const violationsOf = (left: unknown): ReadonlyArray<Violation> => {
    if (Array.isArray(left)) return left as ReadonlyArray<Violation>
    const p = left as { readonly status: number; readonly violations?: ReadonlyArray<Violation> }
    expect(p.status).toBe(400)
    return p.violations ?? []
  }

  for (const c of cases) {
    it(`${c.name}: any string of a valid payload made ill-formed (short enough for its limit) is one encoding violation at its path`, () => {
      fc.assert(
        fc.property(
          c.valid.chain((p) => {
            // the fields the validator reads: the strings its normalized value keeps where the payload has a string (unknown fields are dropped)
            const r = c.check(p)
            const places = r._tag === 'Right' ? stringPlaces(r.right).filter((path) => typeof getAt(p, path) === 'string') : []
            return fc.tuple(fc.constant(p), places.length === 0 ? fc.constant(null) : fc.constantFrom(...places), fc.constantFrom('\u0000', '\ud800', '\udc00', 'a\u0000', '\udce6\ud83d'))
          }),
          ([payload, place, bad]) => {
            expect(c.check(payload)._tag).toBe('Right')
            if (place === null) return
            const broken = c.check(setAt(payload, place, bad))
            expect(broken._tag).toBe('Left')
            if (broken._tag === 'Left') expect(fieldsOf(violationsOf(broken.left))).toEqual([`${render(place)} encoding`])
          },
        ),
      )
    })
  }

  it('an unknown key or value holding such text is ignored, as any unknown field: the request stays valid and nothing throws', () => {
    fc.assert(
      fc.property(fullCreateArb, badTextArb, badTextArb, (body, key, value) => {
        const withKey = { ...(body as object), [key]: value, extra: { [key]: [value] } }
        expect(isRight(validateCreateShipment(withKey))).toBe(true)
      }),
    )
  })
})

describe('ERR-01 every path, query and header parser refuses text that is not wire text with one encoding violation', () => {
  it('orderNumber, stop, documentType, include, reference and X-Service-Change-Reason', () => {
    fc.assert(
      fc.property(badTextArb, (bad) => {
        expect(only(parseOrderNumber(bad))).toBe('400 validation_failed orderNumber encoding')
        expect(only(parseStop(bad))).toBe('400 validation_failed stop encoding')
        expect(only(parseDocumentType(bad))).toBe('400 validation_failed documentType encoding')
        expect(only(parseTrackingInclude(bad))).toBe('400 validation_failed include encoding')
        expect(only(newestQuoteByReference([], { companyId: 'c1', reference: bad }))).toBe('400 validation_failed reference encoding')
        expect(only(checkAppointmentWrite('ACCEPTED', { endpoint: 'PUT_REQUIREMENT', confirmChangeAfterAcceptance: true, changeReason: `Dock moved ${bad}` }))).toBe('400 validation_failed X-Service-Change-Reason encoding')
      }),
    )
    // well-formed text with a pair is still judged by its own rule
    expect(only(parseTrackingInclude('location,📦'))).toBe('400 validation_failed include invalid')
    expect(checkAppointmentWrite('ACCEPTED', { endpoint: 'PUT_REQUIREMENT', confirmChangeAfterAcceptance: true, changeReason: 'Dock 📦 moved' })).toEqual({ _tag: 'Right', right: { changeReason: 'Dock 📦 moved' } })
  })
})

describe('ID-03 wire date-times: years 0001 to 9999, and no computed time leaves them', () => {
  it('the date-time format refuses year 0000 and five-digit years, and accepts 0001 and 9999', () => {
    expect(['0000-01-01T00:00:00Z', '0000-02-29T00:00:00Z', '+010000-01-01T00:00:00Z', '10000-01-01T00:00:00Z'].map(isDateTimeString)).toEqual([false, false, false, false])
    expect(['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '0004-02-29T12:00+01:00'].map(isDateTimeString)).toEqual([true, true, true])
  })

  it('QTE-03, QTE-04: an ETA past 9999-12-31T23:59:59Z is no ETA (null); every ETA returned is a wire date-time', () => {
    expect(estimateDelivery({ pickup: DateTime.fromISO('9999-12-31T23:59:59Z'), transitDays: 3, deliveryZone: 'America/Chicago' }, { zone: 'America/Chicago' })).toBe(null)
    const lateArb = fc.integer({ min: Date.UTC(9999, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59) })
    const zoneArb = fc.constantFrom('America/Chicago', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC', 'Asia/Tokyo')
    fc.assert(
      fc.property(lateArb, fc.integer({ min: 0, max: 400 }), zoneArb, zoneArb, (ms, days, zone, deliveryZone) => {
        const eta = estimateDelivery({ pickup: DateTime.fromMillis(ms, { zone: 'utc' }), transitDays: days, deliveryZone }, { zone })
        if (eta !== null) {
          expect(isDateTimeString(eta)).toBe(true)
          expect(Date.parse(eta)).toBeLessThanOrEqual(Date.UTC(9999, 11, 31, 23, 59, 59, 999))
        }
        // the last business day of 9999 plus 300 business days is past the range: no ETA
        if (days >= 300) expect(eta).toBe(null)
      }),
    )
  })
})
