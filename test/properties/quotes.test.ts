import fc from 'fast-check'
import { isLeft, isRight } from 'fp-ts/lib/Either.js'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { makeConfig } from '../../src/config.js'
import {
  isQuoteMatchable,
  newestQuoteByReference,
  parseQuoteId,
  quoteExpiresAt,
  tenderPrice,
  type StoredQuote,
} from '../../src/rules/quotes.js'

const HOUR = 3_600_000
const instantArb = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }).map((ms) => DateTime.fromMillis(ms, { zone: 'utc' }))
const priceArb = fc.oneof(fc.integer({ min: 1, max: 50_000_000 }), fc.constantFrom<number | null>(null, 0, -100, 12.5, Number.NaN, 2 ** 53))

describe('QTE-02 expiry', () => {
  it('a quote expires exactly the configured validity after creation (48 hours by default)', () => {
    fc.assert(
      fc.property(instantArb, fc.integer({ min: 1, max: 500 }), (createdAt, hours) => {
        expect(quoteExpiresAt(createdAt).toMillis() - createdAt.toMillis()).toBe(48 * HOUR)
        const config = makeConfig({ quoteValidityHours: hours })
        if (!isRight(config)) throw new Error('configuration rejected')
        expect(quoteExpiresAt(createdAt, { config: config.right }).toMillis() - createdAt.toMillis()).toBe(hours * HOUR)
      }),
    )
  })
})

describe('QTE-06 matchable', () => {
  it('matchable iff open, priced with a positive safe integer, and before 48 hours have passed', () => {
    fc.assert(
      fc.property(instantArb, fc.boolean(), priceArb, fc.integer({ min: -10 * HOUR, max: 100 * HOUR }), (createdAt, open, price, age) => {
        const now = createdAt.plus({ milliseconds: age })
        const expected = open && typeof price === 'number' && Number.isSafeInteger(price) && price > 0 && age < 48 * HOUR
        expect(isQuoteMatchable({ createdAt, open, quotedPriceInCents: price }, now)).toBe(expected)
      }),
    )
  })
  it('the 48-hour boundary: one millisecond before is matchable, exactly 48 hours is not', () => {
    fc.assert(
      fc.property(instantArb, (createdAt) => {
        const quote = { createdAt, open: true, quotedPriceInCents: 100 }
        expect(isQuoteMatchable(quote, createdAt.plus({ milliseconds: 48 * HOUR - 1 }))).toBe(true)
        expect(isQuoteMatchable(quote, createdAt.plus({ hours: 48 }))).toBe(false)
      }),
    )
  })
})

describe('QTE-05 newest quote by reference', () => {
  const REFERENCES = ['PO-1', 'PO-2', 'po-1', ' PO-1', 'PO-1 ', 'Po-1', '   ']
  const quoteArb = fc.record({
    id: fc.stringMatching(/^q[0-9a-f]{3}$/),
    companyId: fc.constantFrom('acme', 'globex', 'initech'),
    customerReference: fc.constantFrom(...REFERENCES),
    createdAt: fc.integer({ min: 0, max: 20 }).map((h) => DateTime.fromMillis(Date.UTC(2026, 10, 1) + h * HOUR, { zone: 'utc' })),
    open: fc.boolean(),
    quotedPriceInCents: fc.integer({ min: 1, max: 1000 }),
  })
  const padArb = fc.constantFrom(' ', '\t', '\u00a0', '\u3000')
  const flipCase = (c: string): string => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())
  const newest = <Q extends StoredQuote>(qs: ReadonlyArray<Q>): Q | undefined =>
    qs.length === 0 ? undefined : qs.reduce((a, b) => (b.createdAt > a.createdAt || (+b.createdAt === +a.createdAt && b.id > a.id) ? b : a))

  it('never returns another company’s quote, and returns the newest (ties by id) of the caller’s quotes whose reference equals the query exactly', () => {
    fc.assert(
      fc.property(fc.array(quoteArb, { maxLength: 25 }), fc.constantFrom('acme', 'globex'), fc.constantFrom(...REFERENCES), (quotes, companyId, reference) => {
        const r = newestQuoteByReference(quotes, { companyId, reference })
        const best = newest(quotes.filter((q) => q.companyId === companyId && q.customerReference === reference))
        if (best === undefined) expect(isLeft(r) && [r.left.status, r.left.reason]).toEqual([404, 'quote_not_found'])
        else expect(isRight(r) && r.right).toBe(best)
      }),
    )
  })
  it('a stored reference is found as stored; a change of case of one letter or one blank around it finds only a quote stored under that changed text', () => {
    fc.assert(
      fc.property(fc.array(quoteArb, { minLength: 1, maxLength: 15 }), fc.nat(), fc.nat(), padArb, fc.constantFrom('case', 'before', 'after'), (quotes, k, n, pad, how) => {
        const target = quotes[k % quotes.length]!
        const ref = target.customerReference
        const found = newestQuoteByReference(quotes, { companyId: target.companyId, reference: ref })
        expect(isRight(found) && found.right.customerReference).toBe(ref)
        const letters = [...ref.matchAll(/[A-Za-z]/g)].map((m) => m.index)
        const changed =
          how === 'case' && letters.length > 0
            ? ref.slice(0, letters[n % letters.length]) + flipCase(ref[letters[n % letters.length]!]!) + ref.slice(letters[n % letters.length]! + 1)
            : how === 'before' ? pad + ref : ref + pad
        const r = newestQuoteByReference(quotes, { companyId: target.companyId, reference: changed })
        const best = newest(quotes.filter((q) => q.companyId === target.companyId && q.customerReference === changed))
        if (best === undefined) expect(isLeft(r) && [r.left.status, r.left.reason]).toEqual([404, 'quote_not_found'])
        else expect(isRight(r) && r.right).toBe(best)
        if (isRight(r)) expect(r.right.customerReference).not.toBe(ref)
      }),
    )
  })
  it('the answer does not depend on the order of the quotes', () => {
    fc.assert(
      fc.property(fc.array(quoteArb, { maxLength: 15 }).chain((qs) => fc.tuple(fc.constant(qs), fc.shuffledSubarray(qs, { minLength: qs.length, maxLength: qs.length }))), ([a, b]) => {
        expect(newestQuoteByReference(b, { companyId: 'acme', reference: 'PO-1' })).toEqual(newestQuoteByReference(a, { companyId: 'acme', reference: 'PO-1' }))
      }),
    )
  })
  it('an absent or empty reference is 400 required, one that is not a string 400 type, at reference, whatever the quotes', () => {
    fc.assert(
      fc.property(fc.array(quoteArb, { maxLength: 5 }), fc.oneof(fc.constantFrom(undefined, ''), fc.constantFrom(null, 42, ['PO-1'], ['PO-1', 'PO-2'], {}), fc.anything().filter((v) => typeof v !== 'string')), (quotes, reference) => {
        const r = newestQuoteByReference(quotes, { companyId: 'acme', reference })
        const code = reference === undefined || reference === '' ? 'required' : 'type'
        expect(isLeft(r) && [r.left.status, r.left.violations?.map((v) => [v.field, v.code])]).toEqual([400, [['reference', code]]])
      }),
    )
  })
  it('a blank reference is a value like any other: found only when stored exactly so', () => {
    fc.assert(
      fc.property(fc.array(quoteArb, { maxLength: 10 }), (quotes) => {
        const r = newestQuoteByReference(quotes, { companyId: 'acme', reference: '   ' })
        const best = newest(quotes.filter((q) => q.companyId === 'acme' && q.customerReference === '   '))
        expect(isRight(r) ? r.right : r.left.reason).toBe(best ?? 'quote_not_found')
      }),
    )
  })
})

describe('QTE-07 re-pricing a tender', () => {
  it('the quoted price when matchable and the freight matches; otherwise the fresh price, flagged unless equal', () => {
    fc.assert(
      fc.property(fc.option(fc.record({ createdAt: instantArb, open: fc.boolean(), quotedPriceInCents: priceArb }), { nil: null }), fc.boolean(), fc.integer({ min: 1, max: 50_000_000 }), fc.integer({ min: 0, max: 60 * HOUR }), (quote, freightMatches, fresh, age) => {
        const now = (quote?.createdAt ?? DateTime.fromMillis(0)).plus({ milliseconds: age })
        const r = tenderPrice({ quote: quote as StoredQuote | null, freightMatches, freshPriceInCents: fresh, now })
        const keep = quote !== null && freightMatches && isQuoteMatchable(quote, now)
        expect(r.repriced).toBe(!keep)
        expect(r.priceInCents).toBe(keep ? quote!.quotedPriceInCents : fresh)
        if (r.repriced) {
          const quoted = quote !== null && Number.isSafeInteger(quote.quotedPriceInCents) ? (quote.quotedPriceInCents as number) : null
          expect(r.differenceInCents).toBe(quoted === null ? null : fresh - quoted)
          expect(r.flagForOperations).toBe(r.differenceInCents !== 0)
          expect(r.reason).toBe(quote === null ? 'no_quote' : !isQuoteMatchable(quote, now) ? 'quote_not_matchable' : 'freight_mismatch')
          expect(Number.isSafeInteger(r.priceInCents)).toBe(true)
        }
      }),
    )
  })
})

describe('QTE-08 quote ids', () => {
  it('a UUID in any letter case reads as its lower-case form (canonical: UUIDs are case-insensitive)', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.func(fc.boolean()), (id, upperAt) => {
        const mixed = [...id].map((c, i) => (upperAt(i) ? c.toUpperCase() : c)).join('')
        expect(parseQuoteId(mixed)).toEqual({ _tag: 'Right', right: id.toLowerCase() })
      }),
    )
  })
  it('one blank before or after a UUID is 400 invalid_quote_id', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.constantFrom(' ', '\t', '\n', '\u00a0', '\ufeff'), fc.boolean(), (id, pad, before) => {
        const r = parseQuoteId(before ? pad + id : id + pad)
        expect(isLeft(r) && [r.left.status, r.left.reason]).toEqual([400, 'invalid_quote_id'])
      }),
    )
  })
  it('anything else is 400 invalid_quote_id; an accepted id is always lower-case', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.uuid().map((u) => u.slice(1)), fc.uuid().map((u) => u.replace(/-/g, '')), fc.uuid().map((u) => u.replace(/[a-f]/, '\u212a')), fc.anything()), (value) => {
        const r = parseQuoteId(value)
        if (isLeft(r)) expect([r.left.status, r.left.reason]).toEqual([400, 'invalid_quote_id'])
        else expect(r.right).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
      }),
    )
  })
})
