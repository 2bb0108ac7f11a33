// Laws for src/rules/orderLifecycle.ts and the quote lookups of src/rules/quotes.ts that the
// mutation analysis (docs/mutation.md) found unpinned: the problems a refused transition and a
// refused lookup give, their reasons, violations and details, which a server returns as they are
// and a front end shows (ORD-01 … ORD-07, QTE-05 … QTE-07).
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '../../src/model/orderStatuses.js'
import { ORDER_EVENTS, TRANSITIONS, transition } from '../../src/rules/orderLifecycle.js'
import { newestQuoteByReference, parseQuoteId, quoteByReferenceResponse } from '../../src/rules/quotes.js'

const notAStatusArb = fc.oneof(fc.string().filter((s) => !(ORDER_STATUSES as ReadonlyArray<string>).includes(s)), fc.integer(), fc.constant(null), fc.constant(undefined))
const notAnEventArb = fc.oneof(fc.string().filter((s) => !(ORDER_EVENTS as ReadonlyArray<string>).includes(s)), fc.integer(), fc.constant(null), fc.constant(undefined))

describe('ORD-07 a transition the table does not hold: which problem, and its words', () => {
  it('every state and event: the next state when the table holds one; else 400 order_not_cancellable for CANCEL, invalid_transition otherwise', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), fc.constantFrom(...ORDER_EVENTS), (status, event) => {
        const r = transition(status, event)
        const next = (TRANSITIONS[status] as Readonly<Record<string, string | undefined>>)[event]
        if (next !== undefined) {
          expect(r).toEqual({ _tag: 'Right', right: next })
          return
        }
        expect(r._tag).toBe('Left')
        if (r._tag !== 'Left') return
        expect(r.left.status).toBe(400)
        if (event === 'CANCEL') {
          expect(r.left.reason).toBe('order_not_cancellable')
          expect(r.left.detail).toBe(`An order in ${status} cannot be cancelled: only orders before pickup can.`)
        } else {
          expect(r.left.reason).toBe('invalid_transition')
          expect(r.left.detail).toBe(`An order in ${status} does not accept ${event}.`)
        }
        expect(r.left.violations).toBeUndefined()
      }),
    )
  })

  it('a state or event outside the lists: 400 with one pattern violation for each that is wrong, state first', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom<unknown>(...ORDER_STATUSES), notAStatusArb), fc.oneof(fc.constantFrom<unknown>(...ORDER_EVENTS), notAnEventArb), (status, event) => {
        const badStatus = !(ORDER_STATUSES as ReadonlyArray<unknown>).includes(status)
        const badEvent = !(ORDER_EVENTS as ReadonlyArray<unknown>).includes(event)
        fc.pre(badStatus || badEvent)
        const r = transition(status, event)
        expect(r._tag).toBe('Left')
        if (r._tag !== 'Left') return
        expect(r.left.status).toBe(400)
        expect(r.left.violations).toEqual([
          ...(badStatus ? [{ field: 'orderStatus', entity: null, code: 'pattern', reason: `must be one of ${ORDER_STATUSES.join(', ')}` }] : []),
          ...(badEvent ? [{ field: 'event', entity: null, code: 'pattern', reason: `must be one of ${ORDER_EVENTS.join(', ')}` }] : []),
        ])
      }),
    )
  })
})

const T0 = DateTime.fromISO('2026-11-20T12:00:00Z', { zone: 'utc' })
const uuidArb = fc.uuid().map((u) => u.toLowerCase())
const storedArb = fc.record({
  id: uuidArb,
  companyId: fc.constantFrom('acme', 'globex'),
  customerReference: fc.constantFrom('PO-1', 'PO-2', 'po-1'),
  createdAt: fc.integer({ min: 0, max: 5 }).map((h) => T0.plus({ hours: h })),
  open: fc.boolean(),
  quotedPriceInCents: fc.integer({ min: 1, max: 10_000_000 }),
})

describe('QTE-05 … QTE-07 the quote looked up by customer reference', () => {
  it('the company\'s newest quote under exactly that reference, the greater id on the same instant; else 404 quote_not_found', () => {
    fc.assert(
      fc.property(fc.array(storedArb, { maxLength: 8 }), fc.constantFrom('acme', 'globex'), fc.constantFrom('PO-1', 'PO-2', 'po-1', 'PO-3'), (quotes, companyId, reference) => {
        const mine = quotes.filter((q) => q.companyId === companyId && q.customerReference === reference)
        const want = [...mine].sort((a, b) => b.createdAt.toMillis() - a.createdAt.toMillis() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))[0]
        const r = newestQuoteByReference(quotes, { companyId, reference })
        if (want === undefined) {
          expect(r._tag === 'Left' && [r.left.status, r.left.reason, r.left.detail]).toEqual([404, 'quote_not_found', 'No quote of this company is held under this reference.'])
        } else {
          expect(r).toEqual({ _tag: 'Right', right: want })
        }
      }),
    )
  })

  it('a missing, empty or repeated reference is a 400 naming the parameter; a quote with an unreadable instant is never the answer', () => {
    fc.assert(
      fc.property(fc.array(storedArb, { maxLength: 4 }), fc.constantFrom<unknown>(undefined, '', ['PO-1', 'PO-2'], 7), (quotes, reference) => {
        const r = newestQuoteByReference(quotes, { companyId: 'acme', reference })
        expect(r._tag).toBe('Left')
        if (r._tag !== 'Left') return
        const missing = reference === undefined || reference === ''
        expect(r.left.status).toBe(400)
        expect(r.left.violations).toEqual([
          missing
            ? { field: 'reference', entity: null, code: 'required', reason: 'is required: the customer reference to look up' }
            : { field: 'reference', entity: null, code: 'type', reason: 'must be one customer reference (the parameter given once)' },
        ])
        const broken = quotes.map((q) => ({ ...q, companyId: 'acme', customerReference: 'PO-9', createdAt: DateTime.invalid('unreadable') }))
        expect(newestQuoteByReference(broken, { companyId: 'acme', reference: 'PO-9' })._tag).toBe('Left')
      }),
    )
  })

  it('the lookup\'s answer: the id, the reference (empty when none was stored) and whether the quote can still be matched', () => {
    fc.assert(
      fc.property(storedArb, fc.boolean(), fc.integer({ min: 0, max: 100 }), (q, withReference, hoursLater) => {
        const stored = withReference ? q : { ...q, customerReference: undefined }
        const now = q.createdAt.plus({ hours: hoursLater })
        expect(quoteByReferenceResponse(stored as never, now)).toStrictEqual({
          quoteId: q.id,
          customerReference: withReference ? q.customerReference : '',
          matchable: q.open && hoursLater < 48,
        })
      }),
    )
  })

  it('a quote id is a UUID, read in lower case; anything else is 400 invalid_quote_id with the example', () => {
    fc.assert(
      fc.property(uuidArb, fc.boolean(), fc.oneof(fc.string(), fc.integer()), (id, upper, junk) => {
        expect(parseQuoteId(upper ? id.toUpperCase() : id)).toEqual({ _tag: 'Right', right: id })
        fc.pre(typeof junk !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(junk))
        const r = parseQuoteId(junk)
        expect(r._tag === 'Left' && [r.left.status, r.left.reason, r.left.detail]).toEqual([400, 'invalid_quote_id', 'A quote id is a UUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301.'])
      }),
    )
  })
})
