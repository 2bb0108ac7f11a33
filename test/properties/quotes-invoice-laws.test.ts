// Laws for src/rules/quotes.ts (QTE-05, QTE-06) and src/rules/invoice.ts (INV-01 … INV-04) that
// the mutation analysis found unpinned:
// - newestQuoteByReference against an oracle: among the company's valid quotes under the
//   reference, the latest by creation, ties to the greater id; none: quote_not_found;
// - tenderPrice against a table of its three reasons and the price difference;
// - isChargeablePrice is a positive safe integer number; parseQuoteId reads text only;
//   quoteExpiresAt of an invalid DateTime says why;
// - buildInvoice: the refusal names the status (text, null or its type); the charge, total and
//   billTo violations in their words; each line's description, package type and class (from the
//   configured scale).
import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { defaultConfig, makeConfig } from '../../src/config.js'
import { validationProblem } from '../../src/errors/problem.js'
import { violationAt } from '../../src/errors/violation.js'
import { buildInvoice } from '../../src/rules/invoice.js'
import { isChargeablePrice, newestQuoteByReference, parseQuoteId, quoteExpiresAt, tenderPrice } from '../../src/rules/quotes.js'

const T0 = Date.UTC(2026, 10, 23, 14, 0, 0)
const HOUR = 3_600_000
const at = (ms: number): DateTime => DateTime.fromMillis(ms, { zone: 'utc' })

describe('QTE-05 newestQuoteByReference', () => {
  it('the latest valid quote of the company under the reference, ties to the greater id; none is quote_not_found', () => {
    const quoteArb = fc.record(
      {
        id: fc.constantFrom('a', 'b', 'c', 'B'),
        companyId: fc.constantFrom('cmp_1', 'cmp_2'),
        customerReference: fc.constantFrom<string | null>('LOAD-1', 'LOAD-2', null),
        createdAt: fc.constantFrom(at(T0), at(T0 + 1), at(T0 + HOUR), at(T0 - HOUR), DateTime.invalid('unreadable')),
        open: fc.boolean(),
        quotedPriceInCents: fc.constant(1000),
      },
      { requiredKeys: ['id', 'companyId', 'createdAt', 'open', 'quotedPriceInCents'] },
    )
    fc.assert(
      fc.property(fc.array(quoteArb, { maxLength: 8 }), fc.constantFrom('cmp_1', 'cmp_2'), fc.constantFrom('LOAD-1', 'LOAD-2'), (quotes, companyId, reference) => {
        let best: (typeof quotes)[number] | undefined
        for (const q of quotes) {
          if (q.companyId !== companyId || q.customerReference !== reference || !q.createdAt.isValid) continue
          if (best === undefined || q.createdAt.toMillis() > best.createdAt.toMillis() || (q.createdAt.toMillis() === best.createdAt.toMillis() && q.id > best.id)) best = q
        }
        const r = newestQuoteByReference(quotes, { companyId, reference })
        if (best === undefined) expect(r._tag === 'Left' && r.left.reason).toBe('quote_not_found')
        else expect(r._tag === 'Right' && r.right).toBe(best)
      }),
    )
  })
})

describe('QTE-06 tenderPrice', () => {
  it('the quoted price when the quote is matchable and the freight matches; else the fresh price, the reason, the difference and the flag', () => {
    const now = at(T0 + HOUR)
    fc.assert(
      fc.property(
        fc.constantFrom<'none' | 'matchable' | 'closed' | 'expired' | 'unpriced'>('none', 'matchable', 'closed', 'expired', 'unpriced'),
        fc.boolean(),
        fc.constantFrom(1000, 1200, 900),
        (kind, freightMatches, fresh) => {
          const quote =
            kind === 'none' ? null
            : { createdAt: kind === 'expired' ? at(T0 - 100 * HOUR) : at(T0), open: kind !== 'closed', quotedPriceInCents: kind === 'unpriced' ? null : 1000 }
          const r = tenderPrice({ quote, freightMatches, freshPriceInCents: fresh, now })
          if (kind === 'matchable' && freightMatches) {
            expect(r).toStrictEqual({ repriced: false, priceInCents: 1000 })
            return
          }
          const reason = kind === 'none' ? 'no_quote' : kind === 'matchable' ? 'freight_mismatch' : 'quote_not_matchable'
          const difference = kind === 'none' || kind === 'unpriced' ? null : fresh - 1000
          expect(r).toStrictEqual({ repriced: true, reason, priceInCents: fresh, differenceInCents: difference, flagForOperations: difference !== 0 })
        },
      ),
    )
  })

  it('isChargeablePrice: exactly a positive safe integer number; parseQuoteId reads text only; quoteExpiresAt of an invalid DateTime says why', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double(), fc.constantFrom<unknown>(1.5, 2 ** 53, -1, 0, '5', Object(5), 5n, null)), (v) => {
        expect(isChargeablePrice(v)).toBe(typeof v === 'number' && Number.isSafeInteger(v) && v > 0)
      }),
    )
    const id = '3f2504e0-4f89-11d3-9a0c-0305e82c3301'
    expect(parseQuoteId(id)).toStrictEqual({ _tag: 'Right', right: id })
    for (const v of [Object(id), [id], { toString: () => id }]) expect(parseQuoteId(v)._tag).toBe('Left')
    expect(quoteExpiresAt(DateTime.invalid('unreadable')).invalidReason).toBe('quoteExpiresAt needs a valid DateTime')
  })
})

describe('INV-01 … INV-04 buildInvoice', () => {
  const address = { zipCode: '60601' } as never
  const order = (over: Record<string, unknown> = {}) => ({
    id: 'ord_1', orderNumber: 'A1B2C', status: 'DELIVERED', shipDate: '2026-11-20', deliveryDate: '2026-11-22', pickupAddress: address, deliveryAddress: address,
    components: [{ palletCount: 2, poundsWeight: 500, dimensions: { length: 48, width: 40, height: 48 } }],
    ...over,
  })
  const opts = { invoiceDate: '2026-11-23T00:00:00Z' }

  it('a shipment not delivered: invoice_not_available naming its status, null, or the type of what it holds', () => {
    fc.assert(
      fc.property(fc.constantFrom<unknown>('IN_TRANSIT', 'CANCELLED', '', null, 7, undefined, true), (status) => {
        const r = buildInvoice(order({ status }) as never, [], opts)
        const named = typeof status === 'string' ? status : status === null ? 'null' : typeof status
        expect(r._tag === 'Left' && [r.left.reason, r.left.detail]).toStrictEqual(['invoice_not_available', `An invoice exists only for a delivered shipment; this one is ${named}.`])
      }),
    )
  })

  it('charges that are not whole cents, a total leaving exact cents, a missing billTo: each violation in its words', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom<unknown>(100, 1.5, '100', 2 ** 53 - 1, -5), { maxLength: 4 }), fc.boolean(), (amounts, prepaid) => {
        const charges = amounts.map((amountInCents) => ({ chargeType: 'BASE_FREIGHT', description: 'x', amountInCents }))
        const want = []
        let total = 0
        amounts.forEach((a, i) => {
          if (typeof a !== 'number' || !Number.isSafeInteger(a)) want.push(violationAt(['charges', i, 'amountInCents'], null, 'not_integer', 'must be a whole number of cents'))
          else if (!Number.isSafeInteger(total + a)) want.push(violationAt(['charges', i, 'amountInCents'], null, 'out_of_range', 'makes the total leave the range of exact cents'))
          else total += a
        })
        if (!prepaid) want.push(violationAt(['billTo'], null, 'required', 'is required when the shipment is not prepaid'))
        const r = buildInvoice(order() as never, charges as never, { ...opts, prepaid })
        if (want.length > 0) expect(r).toStrictEqual({ _tag: 'Left', left: validationProblem(want) })
        else expect(r._tag).toBe('Right')
      }),
    )
  })

  it('each line: the description, else the packaging type, else Freight; the package type, else pallets; the class from the configured scale; poNumber only when given', () => {
    const scaled = makeConfig({ densityScale: { name: 'ONE', bands: [{ minPcf: 0, freightClass: '150' }] } })
    if (!isRight(scaled)) throw new Error('configuration refused')
    fc.assert(
      fc.property(fc.option(fc.constantFrom('Bagged resin', ''), { nil: undefined }), fc.option(fc.constantFrom('CRATE', 'drum'), { nil: undefined }), fc.boolean(), fc.option(fc.constantFrom('PO-7'), { nil: undefined }), (description, packagingType, custom, poNumber) => {
        const component = { palletCount: 2, poundsWeight: 500, dimensions: { length: 48, width: 40, height: 48 }, ...(description === undefined ? {} : { description }), ...(packagingType === undefined ? {} : { packagingType }) }
        const r = buildInvoice(order({ components: [component], ...(poNumber === undefined ? {} : { poNumber }) }) as never, [], { ...opts, config: custom ? scaled.right : defaultConfig })
        expect(r._tag).toBe('Right')
        if (r._tag !== 'Right') return
        expect(r.right.lineItems[0]).toMatchObject({ description: description ?? packagingType ?? 'Freight', packageType: packagingType ?? 'pallets', quantity: 2, weight: 1000, freightClass: custom ? '150' : '100' })
        expect('poNumber' in r.right).toBe(poNumber !== undefined)
      }),
    )
  })
})
