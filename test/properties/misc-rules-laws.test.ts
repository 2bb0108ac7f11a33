// Laws for src/rules/repair.ts, quotes.ts, invoice.ts and documents.ts that the mutation run
// (docs/mutation.md) left unpinned.
// - repair (API.md's opt-in repair over ADDR, FRT, QTE-01, CRT, APT, TRK-02): portalUrl is
//   required exactly when the repaired channel is PORTAL, whatever the channel holds (absent, not
//   text, blanks, another case); shipmentMode is lower-cased, the upper-case codes upper-cased; a
//   list's entries are never dropped and only its index keys are read (keys such as `-1`, `01`,
//   `1.5`, `4294967295` are not entries); accessors are never called and are copied as they are; a
//   rebuilt object or list holds ordinary properties (writable, enumerable, configurable) even
//   when the input is frozen; a property that vanishes while being read never makes repair throw.
// - quotes (QTE-02, QTE-05 … QTE-08): what a chargeable price is; a `now` that is not a DateTime
//   never matches; the newest quote under a reference against a sort oracle (ties by greatest id,
//   the first of equals kept); the tender price against the QTE-07 table; an unreadable creation
//   time gives quoteExpiresAt's own invalid DateTime.
// - invoice (INV-01 … INV-04, ORD-05): the refusal's words for a null state; each line item
//   against the table of the doc comment; the class derived with the given config's density
//   scale; the charge violations (codes, paths, words) against a running-total oracle; billTo
//   required when not prepaid; poNumber absent when not stored.
// - documents (DOC-05, DOC-06): the stored file name against an independent oracle (UTF-8 bytes
//   counted code point by code point, the 255-byte limit at exactly the limit), its invariants
//   and idempotence; findDocument reads only with text stop and type, from an array, and returns
//   only objects.
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { defaultConfig } from '../../src/config.js'
import { DENSITY_SCALE_18 } from '../../src/model/densityScales.js'
import { storedFilename, findDocument } from '../../src/rules/documents.js'
import { effectiveFreightClass } from '../../src/rules/freightClass.js'
import { buildInvoice, type InvoiceOrder } from '../../src/rules/invoice.js'
import { deliveredOrder, DOCK } from '../support/invoiceOrder.js'
import { isChargeablePrice, isQuoteMatchable, newestQuoteByReference, quoteExpiresAt, tenderPrice, type StoredQuote } from '../../src/rules/quotes.js'
import { repairInput, type Repair, type RepairKind } from '../../src/rules/repair.js'

const HOUR = 3_600_000
const T0 = Date.UTC(2026, 10, 23, 14, 0, 0)
const utc = (ms: number): DateTime => DateTime.fromMillis(ms, { zone: 'utc' })

// ---------------------------------------------------------------------------------------------
// repair

const asciiUpper = (s: string): string => s.replace(/[a-z]/g, (c) => c.toUpperCase())
const asciiLower = (s: string): string => s.replace(/[A-Z]/g, (c) => c.toLowerCase())
/** A string with each ASCII letter's case chosen by the mask. */
const caseArb = (word: string): fc.Arbitrary<string> =>
  fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length }).map((mask) => [...word].map((c, i) => (mask[i] ? c.toUpperCase() : c.toLowerCase())).join(''))
const padArb = fc.constantFrom('', ' ', '\u00a0', '\t\n', '\ufeff')

/** Every own property of every container the repair rebuilt (not the one it was given) is an ordinary one. */
const expectOrdinaryWhereRebuilt = (input: unknown, output: unknown): void => {
  if (typeof output !== 'object' || output === null || typeof input !== 'object' || input === null) return
  for (const key of Reflect.ownKeys(output)) {
    if (Array.isArray(output) && key === 'length') continue
    const d = Object.getOwnPropertyDescriptor(output, key)!
    if (output !== input) {
      expect(d.enumerable, `${String(key)} enumerable`).toBe(true)
      expect(d.configurable, `${String(key)} configurable`).toBe(true)
      if ('value' in d) expect(d.writable, `${String(key)} writable`).toBe(true)
    }
    const before = Object.getOwnPropertyDescriptor(input, key)
    if ('value' in d && before !== undefined && 'value' in before) expectOrdinaryWhereRebuilt(before.value, d.value)
  }
}

describe('APT-01 … APT-06 repair: portalUrl is required exactly when the repaired channel is PORTAL', () => {
  const channelArb = fc.oneof(
    fc.constant({ present: false as const }),
    fc.tuple(padArb, fc.constantFrom('portal', 'phone', 'email', 'fax'), padArb).chain(([a, w, b]) => caseArb(w).map((c) => ({ present: true as const, value: `${a}${c}${b}` as unknown }))),
    fc.constantFrom<unknown>(null, 5, true, '', '  ', ['PORTAL'], { PORTAL: 1 }).map((value) => ({ present: true as const, value })),
  )
  const portalUrlArb = fc.constantFrom<unknown>(null, '', '   ', '\u00a0', ' https://portal.example.com ', 'https://portal.example.com')

  it('a blank or null portalUrl is kept (trimmed) when the channel repairs to PORTAL and dropped otherwise, and repair never throws', () => {
    fc.assert(
      fc.property(channelArb, portalUrlArb, (channel, portalUrl) => {
        const body: Record<string, unknown> = channel.present ? { channel: channel.value, portalUrl } : { portalUrl }
        const r = repairInput('appointment', body)
        const required = channel.present && typeof channel.value === 'string' && asciiUpper(channel.value.trim()) === 'PORTAL'
        const out = r.body as Record<string, unknown>
        const urlRepairs = r.repairs.filter((x) => x.field === 'portalUrl')
        if (portalUrl === null) {
          expect(Object.hasOwn(out, 'portalUrl')).toBe(required)
          expect(urlRepairs).toEqual(required ? [] : [{ field: 'portalUrl', change: 'dropped_null', before: null, after: undefined }])
        } else if (typeof portalUrl === 'string' && portalUrl.trim() === '') {
          expect(Object.hasOwn(out, 'portalUrl')).toBe(required)
          if (required) expect(out['portalUrl']).toBe('')
          expect(urlRepairs).toEqual(
            required
              ? portalUrl === '' ? [] : [{ field: 'portalUrl', change: 'trimmed', before: portalUrl, after: '' }]
              : [{ field: 'portalUrl', change: 'dropped_empty', before: portalUrl, after: undefined }],
          )
        } else {
          expect(out['portalUrl']).toBe((portalUrl as string).trim())
        }
        // the channel itself: trimmed and upper-cased when that makes a channel, else as typed
        if (channel.present && typeof channel.value === 'string') {
          const t = channel.value.trim()
          const expected = ['PHONE', 'EMAIL', 'PORTAL'].includes(asciiUpper(t)) ? asciiUpper(t) : t
          expect(out['channel']).toBe(expected)
        } else if (channel.present) {
          expect(out['channel']).toBe(channel.value)
        } else {
          expect(Object.hasOwn(out, 'channel')).toBe(false)
        }
      }),
    )
  })
})

describe('QTE-01 / CRT repair: a code is case-mapped to the case of its field', () => {
  it('shipmentMode in any ASCII case (with blanks) becomes ltl or ftl, lower_cased after trimmed', () => {
    fc.assert(
      fc.property(padArb, fc.constantFrom('ltl', 'ftl', 'air').chain((w) => caseArb(w).map((typed) => [w, typed] as const)), padArb, (a, [word, typed], b) => {
        const raw = `${a}${typed}${b}`
        const r = repairInput('quote-request', { shipmentMode: raw })
        const trimmed = raw.trim()
        const expected: Repair[] = []
        if (trimmed !== raw) expected.push({ field: 'shipmentMode', change: 'trimmed', before: raw, after: trimmed })
        const known = word !== 'air'
        if (known && asciiLower(trimmed) !== trimmed) expected.push({ field: 'shipmentMode', change: 'lower_cased', before: trimmed, after: asciiLower(trimmed) })
        expect(r.repairs).toEqual(expected)
        expect((r.body as { shipmentMode: string }).shipmentMode).toBe(known ? asciiLower(trimmed) : trimmed)
      }),
    )
  })

  it('state, country and scac in any ASCII case become upper case, upper_cased', () => {
    fc.assert(
      fc.property(fc.constantFrom(['address', 'state', 'il'], ['address', 'country', 'us'], ['dispatch', 'scac', 'abcd'], ['dispatch', 'scac', 'xy'], ['appointment', 'channel', 'email']) as fc.Arbitrary<[RepairKind, string, string]>, fc.integer({ min: 0, max: 15 }), ([kind, field, word], mask) => {
        const typed = [...word].map((c, i) => ((mask >> i) & 1 ? c.toUpperCase() : c)).join('')
        const r = repairInput(kind, { [field]: typed })
        expect((r.body as Record<string, unknown>)[field]).toBe(asciiUpper(word))
        expect(r.repairs).toEqual(typed === asciiUpper(word) ? [] : [{ field, change: 'upper_cased', before: typed, after: asciiUpper(word) }])
      }),
    )
  })
})

/** Keys that an array may hold but that are not array indices. */
const NOT_INDICES = ['foo', '-1', '-0', '1.5', 'NaN', 'Infinity', '4294967295', '01', '1e0', '', ' 1', '0x1'] as const

describe('repair of lists: entries are never dropped, only index keys are entries', () => {
  const entryArb = fc.constantFrom<unknown>('', '  ', null, ' A-1 ', 'A-2', 7)

  it('a blank or null entry of referenceNumbers is kept at its position (trimmed), never dropped', () => {
    fc.assert(
      fc.property(fc.array(entryArb, { minLength: 1, maxLength: 5 }), (entries) => {
        const r = repairInput('appointment', { channel: 'PHONE', referenceNumbers: entries })
        const out = (r.body as { referenceNumbers: unknown[] }).referenceNumbers
        expect(out).toHaveLength(entries.length)
        expect(out).toEqual(entries.map((e) => (typeof e === 'string' ? e.trim() : e)))
        const expected = entries.flatMap((e, i) => (typeof e === 'string' && e.trim() !== e ? [{ field: `referenceNumbers[${i}]`, change: 'trimmed', before: e, after: e.trim() }] : []))
        expect(r.repairs).toEqual(expected)
      }),
    )
  })

  it('own keys of a list that are not indices are neither read nor repaired nor copied: the repair is that of the plain list', () => {
    fc.assert(
      fc.property(
        fc.array(entryArb, { maxLength: 4 }),
        fc.uniqueArray(fc.constantFrom(...NOT_INDICES), { minLength: 1, maxLength: 4 }),
        fc.constantFrom<unknown>(' x ', '  ', null, { description: ' y ' }),
        fc.constantFrom<RepairKind>('appointment', 'components'),
        (entries, extraKeys, extraValue, kind) => {
          const list: unknown[] = kind === 'components' ? entries.map((e) => ({ palletCount: 1, poundsWeight: 10, description: e })) : [...entries]
          const withExtras: unknown[] = [...list]
          for (const k of extraKeys) Object.defineProperty(withExtras, k, { value: extraValue, enumerable: true, writable: true, configurable: true })
          const wrap = (l: ReadonlyArray<unknown>): unknown => (kind === 'components' ? l : { channel: 'PHONE', referenceNumbers: l })
          const plain = repairInput(kind, wrap(list))
          const extra = repairInput(kind, wrap(Object.freeze(withExtras)))
          expect(extra.repairs).toEqual(plain.repairs)
          const outList = (kind === 'components' ? extra.body : (extra.body as { referenceNumbers: unknown }).referenceNumbers) as unknown[]
          const plainList = (kind === 'components' ? plain.body : (plain.body as { referenceNumbers: unknown }).referenceNumbers) as unknown[]
          if (plain.repairs.length === 0) expect(outList).toBe(withExtras)
          else {
            expect(Array.isArray(outList)).toBe(true)
            expect(Object.keys(outList)).toEqual(Object.keys(plainList))
            expect([...outList]).toEqual([...plainList])
          }
        },
      ),
    )
  })
})

describe('repair reads own data properties only and rebuilds ordinary objects', () => {
  it('accessors (known or unknown fields, list entries) are never called, are copied as they are, and change nothing else', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('name', 'state', 'extra', 'notes'),
        fc.constantFrom(' Acme ', 'Acme'),
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom(' R-1 ', 'R-1', ''),
        (accessorKey, name, accessorAt, ref) => {
          let calls = 0
          const get = (): unknown => {
            calls++
            return ' boom '
          }
          const address: Record<string, unknown> = { name, zipCode: '60601' }
          Object.defineProperty(address, accessorKey, { get, enumerable: true, configurable: false })
          const plainAddress: Record<string, unknown> = { name, zipCode: '60601' }
          if (accessorKey === 'name') delete plainAddress['name']
          const ra = repairInput('address', Object.freeze(address))
          const pa = repairInput('address', plainAddress)
          expect(ra.repairs).toEqual(pa.repairs)
          const da = Object.getOwnPropertyDescriptor(ra.body, accessorKey)!
          expect(da.get).toBe(get)
          expect(da.enumerable).toBe(true)
          if (ra.body !== address) expect(da.configurable).toBe(true)
          expectOrdinaryWhereRebuilt(address, ra.body)

          const refs: unknown[] = [ref, ' R-2 ', 'R-3']
          Object.defineProperty(refs, accessorAt, { get, enumerable: true, configurable: false })
          const rl = repairInput('appointment', { channel: 'PHONE', referenceNumbers: Object.freeze(refs) })
          const expected = [ref, ' R-2 ', 'R-3'].flatMap((e, i) => (i !== accessorAt && e.trim() !== e ? [{ field: `referenceNumbers[${i}]`, change: 'trimmed', before: e, after: e.trim() }] : []))
          expect(rl.repairs).toEqual(expected)
          const outRefs = (rl.body as { referenceNumbers: unknown[] }).referenceNumbers
          const dl = Object.getOwnPropertyDescriptor(outRefs, String(accessorAt))!
          expect(dl.get).toBe(get)
          expectOrdinaryWhereRebuilt({ channel: 'PHONE', referenceNumbers: refs }, rl.body)
          expect(calls).toBe(0)
        },
      ),
    )
  })

  it('a rebuilt body of a frozen input has writable, enumerable, configurable properties, unchanged ones included', () => {
    fc.assert(
      fc.property(
        fc.record({ name: fc.constantFrom(' Acme ', 'Acme', ''), city: fc.constantFrom('Joliet', ' Joliet'), notes: fc.constantFrom<unknown>(null, 'n', ' '), zipCode: fc.constant('60601'), other: fc.constantFrom(1, 'x') }),
        (address) => {
          const frozen = Object.freeze({ ...address })
          const r = repairInput('address', frozen)
          expectOrdinaryWhereRebuilt(frozen, r.body)
          if (r.repairs.length === 0) expect(r.body).toBe(frozen)
          else expect(Object.keys(r.body as object).length).toBeGreaterThan(0)
        },
      ),
    )
  })

  it('a property that vanishes while being read (a Proxy) is left out, never makes repair throw', () => {
    fc.assert(
      fc.property(fc.constantFrom('extra', 'city', 'notes'), fc.integer({ min: 1, max: 4 }), (key, vanishAt) => {
        const target: Record<string, unknown> = { name: ' Acme ', [key]: ' v ', zipCode: '60601' }
        let reads = 0
        const body = new Proxy(target, {
          getOwnPropertyDescriptor: (t, k) => (k === key && ++reads >= vanishAt ? undefined : Reflect.getOwnPropertyDescriptor(t, k)),
        })
        const r = repairInput('address', body)
        const out = r.body as Record<string, unknown>
        expect(out['name']).toBe('Acme')
        if (Object.hasOwn(out, key)) expect([' v ', 'v']).toContain(out[key])
      }),
    )
  })
})

// ---------------------------------------------------------------------------------------------
// quotes

const PRICES: ReadonlyArray<unknown> = [0, 1, -1, 12_500, 1.5, -0.5, 2 ** 53, 2 ** 53 - 1, Number.NaN, Number.POSITIVE_INFINITY, '12500', null, undefined, true, 10n]
const chargeable = (p: unknown): boolean => typeof p === 'number' && Number.isSafeInteger(p) && p > 0

describe('QTE-06 a chargeable price is a positive safe integer of cents', () => {
  it('isChargeablePrice agrees with the definition on numbers of every kind and on what is not a number', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...PRICES), fc.double(), fc.integer()), (p) => {
        expect(isChargeablePrice(p)).toBe(chargeable(p))
      }),
    )
  })

  it('a now that is not a valid luxon DateTime never makes a quote matchable, even one that reads like a clock', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<unknown>(null, undefined, T0, new Date(T0), '2026-11-23T14:00:00Z', { toMillis: () => T0, isValid: true }, DateTime.invalid('test')),
        fc.integer({ min: -HOUR, max: 47 * HOUR }),
        (now, age) => {
          const quote = { createdAt: utc(T0 - age), open: true, quotedPriceInCents: 12_500 }
          expect(isQuoteMatchable(quote, now as DateTime)).toBe(false)
          // the same quote is matchable at that instant given as a DateTime
          expect(isQuoteMatchable(quote, utc(T0))).toBe(true)
        },
      ),
    )
  })

  it('QTE-02 a creation time that is not a valid DateTime gives quoteExpiresAt\'s own invalid DateTime', () => {
    fc.assert(
      fc.property(fc.constantFrom<unknown>(null, undefined, T0, '2026-11-23T14:00:00Z', {}, DateTime.invalid('bad input')), (createdAt) => {
        const e = quoteExpiresAt(createdAt as DateTime)
        expect(e.isValid).toBe(false)
        expect(e.invalidReason).toBe('quoteExpiresAt needs a valid DateTime')
      }),
    )
  })
})

describe('QTE-05 the newest quote under a reference', () => {
  const quoteArb = fc.record({
    id: fc.constantFrom('q1', 'q2', 'q3', 'q10'),
    companyId: fc.constantFrom('c1', 'c2'),
    customerReference: fc.constantFrom<string | null | undefined>('PO-1', 'PO-1 ', 'po-1', null, undefined),
    createdAt: fc.constantFrom(0, 1, 2, -1).map((h) => utc(T0 + h * HOUR)),
    open: fc.boolean(),
    quotedPriceInCents: fc.constant(100),
  })

  it('is the latest createdAt among the company\'s quotes stored under exactly that reference, ties to the greatest id, the first of equals kept', () => {
    fc.assert(
      fc.property(fc.array(quoteArb, { maxLength: 8 }), fc.constantFrom('c1', 'c2'), fc.constantFrom('PO-1', 'po-1'), (quotes, companyId, reference) => {
        const r = newestQuoteByReference(quotes as StoredQuote[], { companyId, reference })
        let best: StoredQuote | undefined
        for (const q of quotes) {
          if (q.companyId !== companyId || q.customerReference !== reference) continue
          const newer = best === undefined || q.createdAt.toMillis() > best.createdAt.toMillis() || (q.createdAt.toMillis() === best.createdAt.toMillis() && q.id > best.id)
          if (newer) best = q as StoredQuote
        }
        if (best === undefined) expect(r._tag === 'Left' && r.left.reason).toBe('quote_not_found')
        else expect(r._tag === 'Right' && r.right).toBe(best)
      }),
    )
  })

  it('two quotes under the reference: the newer wins in either order; at the same instant the greater id, and of two equal ones the first', () => {
    fc.assert(
      fc.property(fc.integer({ min: -3, max: 3 }), fc.constantFrom('q1', 'q2'), fc.constantFrom('q1', 'q2'), fc.boolean(), (dh, idA, idB, swap) => {
        const a = { id: idA, companyId: 'c1', customerReference: 'PO-1', createdAt: utc(T0), open: true, quotedPriceInCents: 1 }
        const b = { id: idB, companyId: 'c1', customerReference: 'PO-1', createdAt: utc(T0 + dh * HOUR), open: true, quotedPriceInCents: 1 }
        const list = swap ? [b, a] : [a, b]
        const r = newestQuoteByReference(list, { companyId: 'c1', reference: 'PO-1' })
        const expected = dh > 0 ? b : dh < 0 ? a : idA === idB ? list[0] : idA > idB ? a : b
        expect(r._tag === 'Right' && r.right).toBe(expected)
      }),
    )
  })
})

describe('QTE-07 the tender price against its table', () => {
  it('the quoted price when matchable and the freight matches; else the fresh price, the reason, the difference, flagged unless equal', () => {
    fc.assert(
      fc.property(
        fc.option(fc.record({ open: fc.constantFrom<unknown>(true, false, 'true'), quotedPriceInCents: fc.constantFrom<unknown>(12_500, 0, 1.5, null, -100, 20_000), age: fc.constantFrom(0, 1, 47, 48, 49, -2).map((h) => h * HOUR) }), { nil: null }),
        fc.boolean(),
        fc.constantFrom(12_500, 20_000, 0, 7_300),
        (q, freightMatches, fresh) => {
          const now = utc(T0)
          const quote = q === null ? null : { open: q.open as boolean, quotedPriceInCents: q.quotedPriceInCents as number, createdAt: utc(T0 - q.age) }
          const r = tenderPrice({ quote, freightMatches, freshPriceInCents: fresh, now })
          const matchable = q !== null && q.open === true && chargeable(q.quotedPriceInCents) && q.age < 48 * HOUR
          if (matchable && freightMatches) {
            expect(r).toEqual({ repriced: false, priceInCents: q.quotedPriceInCents })
            return
          }
          const quoted = q !== null && Number.isSafeInteger(q.quotedPriceInCents) ? (q.quotedPriceInCents as number) : null
          const difference = quoted === null ? null : fresh - quoted
          expect(r).toEqual({
            repriced: true,
            reason: q === null ? 'no_quote' : matchable ? 'freight_mismatch' : 'quote_not_matchable',
            priceInCents: fresh,
            differenceInCents: difference,
            flagForOperations: difference !== 0,
          })
        },
      ),
    )
  })
})

// ---------------------------------------------------------------------------------------------
// invoice

const ADDRESS = DOCK
const CONSIGNEE = { ...ADDRESS, name: 'Caribe Foods', zipCode: '00949', state: 'PR' }
const BILL_TO = { ...ADDRESS, name: 'Accounts Payable' }
const ORDER = deliveredOrder({ deliveryAddress: CONSIGNEE })
const DIMS = { length: 48, width: 40, height: 54 } // 60 cubic feet

describe('INV-01 … INV-04 the invoice of a delivered order', () => {
  it('INV-01 the refusal names the state: a string as stored, null as null, anything else by its type', () => {
    fc.assert(
      fc.property(fc.constantFrom<unknown>('IN_TRANSIT', 'delivered', '', 'null', null, undefined, 3, true, {}), (status) => {
        const r = buildInvoice({ ...ORDER, status } as never, [], { invoiceDate: '2026-11-22' })
        const named = typeof status === 'string' ? status : status === null ? 'null' : typeof status
        expect(r._tag === 'Left' && [r.left.status, r.left.reason, r.left.detail]).toEqual([400, 'invoice_not_available', `An invoice exists only for a delivered shipment; this one is ${named}.`])
      }),
    )
  })

  it('a line item per component: description, else packaging type, else Freight; nmfcCode or null; packageType or pallets; weight and quantity; totals the sums', () => {
    const componentArb = fc.record(
      {
        palletCount: fc.integer({ min: 1, max: 5 }),
        poundsWeight: fc.integer({ min: 1, max: 2000 }),
        dimensions: fc.constant(DIMS),
        freightClass: fc.constantFrom('100', '70'),
        description: fc.constantFrom('Machine parts', ''),
        packagingType: fc.constantFrom('crates', 'drums'),
        nmfcCode: fc.constantFrom('156600', '100'),
      },
      { requiredKeys: ['palletCount', 'poundsWeight', 'dimensions'] },
    )
    fc.assert(
      fc.property(fc.array(componentArb, { maxLength: 4 }), fc.option(fc.constantFrom('PO-1'), { nil: undefined }), (components, poNumber) => {
        const order = { ...ORDER, components, ...(poNumber === undefined ? {} : { poNumber }) } as InvoiceOrder
        const r = buildInvoice(order, [], { invoiceDate: '2026-11-22' })
        expect(r._tag).toBe('Right')
        if (r._tag !== 'Right') return
        expect(r.right.lineItems).toEqual(
          components.map((c) => ({
            description: c.description !== undefined ? c.description : c.packagingType !== undefined ? c.packagingType : 'Freight',
            freightClass: c.freightClass ?? effectiveFreightClass(c).freightClass,
            nmfcCode: c.nmfcCode !== undefined ? c.nmfcCode : null,
            weight: c.poundsWeight * c.palletCount,
            quantity: c.palletCount,
            packageType: c.packagingType !== undefined ? c.packagingType : 'pallets',
          })),
        )
        expect(r.right.totalWeight).toBe(components.reduce((s, c) => s + c.poundsWeight * c.palletCount, 0))
        expect(r.right.totalPieces).toBe(components.reduce((s, c) => s + c.palletCount, 0))
        expect(Object.hasOwn(r.right, 'poNumber')).toBe(poNumber !== undefined)
        expect(Object.hasOwn(r.right, 'refNumber')).toBe(false)
        expect([r.right.shipper, r.right.consignee, r.right.billTo]).toEqual([ADDRESS, CONSIGNEE, ADDRESS])
      }),
    )
  })

  it('FRT-07 a class that is not declared is derived with the density scale of the given config', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3500 }), fc.constantFrom(undefined, defaultConfig, { ...defaultConfig, densityScale: DENSITY_SCALE_18 }), (pounds, config) => {
        const c = { palletCount: 1, poundsWeight: pounds, dimensions: DIMS }
        const r = buildInvoice({ ...ORDER, components: [c] } as InvoiceOrder, [], { invoiceDate: '2026-11-22', ...(config === undefined ? {} : { config }) })
        expect(r._tag === 'Right' && r.right.lineItems[0]!.freightClass).toBe(effectiveFreightClass(c, config === undefined ? {} : { config }).freightClass)
      }),
    )
    // 30 lb on 60 cubic feet is 0.5 pcf: 500 on the 18-class scale, 400 on NMFC 2025 (the default)
    const light = { ...ORDER, components: [{ palletCount: 1, poundsWeight: 30, dimensions: DIMS }] } as InvoiceOrder
    const old = buildInvoice(light, [], { invoiceDate: '2026-11-22', config: { ...defaultConfig, densityScale: DENSITY_SCALE_18 } })
    const now = buildInvoice(light, [], { invoiceDate: '2026-11-22' })
    expect([old._tag === 'Right' && old.right.lineItems[0]!.freightClass, now._tag === 'Right' && now.right.lineItems[0]!.freightClass]).toEqual(['500', '400'])
  })

  it('the charges: not_integer for an amount that is not a safe integer, out_of_range when the running total would leave the safe range, billTo required when not prepaid', () => {
    const amountArb = fc.constantFrom<unknown>(100, 0, -250, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, '100', null)
    fc.assert(
      fc.property(fc.array(amountArb, { maxLength: 5 }), fc.option(fc.boolean(), { nil: undefined }), fc.boolean(), (amounts, prepaid, withBillTo) => {
        const charges = amounts.map((amountInCents, i) => ({ chargeType: `C${i}`, description: 'Line haul', amountInCents }))
        const r = buildInvoice({ ...ORDER } as InvoiceOrder, charges as never, { invoiceDate: '2026-11-22', ...(prepaid === undefined ? {} : { prepaid }), ...(withBillTo ? { billTo: BILL_TO } : {}) } as never)
        const violations: unknown[] = []
        let total = 0
        amounts.forEach((a, i) => {
          const field = `charges[${i}].amountInCents`
          if (typeof a !== 'number' || !Number.isSafeInteger(a)) violations.push({ field, entity: null, code: 'not_integer', reason: 'must be a whole number of cents' })
          else if (!Number.isSafeInteger(total + a)) violations.push({ field, entity: null, code: 'out_of_range', reason: 'makes the total leave the range of exact cents' })
          else total += a
        })
        if (prepaid === false && !withBillTo) violations.push({ field: 'billTo', entity: null, code: 'required', reason: 'is required when the shipment is not prepaid' })
        if (violations.length > 0) {
          expect(r._tag === 'Left' && [r.left.status, r.left.reason, r.left.violations]).toEqual([400, 'validation_failed', violations])
        } else {
          expect(r._tag === 'Right' && [r.right.totalChargesInCents, r.right.billTo]).toEqual([total, prepaid === false ? BILL_TO : ADDRESS])
        }
      }),
    )
  })
})

// ---------------------------------------------------------------------------------------------
// documents

/** UTF-8 bytes of one code point (a lone surrogate is written as U+FFFD, 3 bytes). */
const utf8Bytes = (cp: string): number => {
  const c = cp.codePointAt(0)!
  return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4
}
/** DOC-05 as the doc comment words it, computed independently. */
const storedFilenameOracle = (name: unknown): string => {
  const raw = typeof name === 'string' ? name : ''
  const base = raw.split(/[/\\]/).pop()!
  let clean = ''
  // a lone surrogate (iterated as a 1-unit string) is U+FFFD before anything is removed
  for (const ch of base) if (!/[\u0000-\u001f\u007f<>:"|?*]/.test(ch)) clean += ch.length === 1 && ch >= '\ud800' && ch <= '\udfff' ? '\ufffd' : ch
  clean = clean.trim()
  while (clean !== '' && (clean[0] === '.' || clean[0]!.trim() === '')) clean = clean.slice(1)
  const dot = clean.lastIndexOf('.')
  const stemSource = dot > 0 ? clean.slice(0, dot) : clean
  let stem = ''
  let bytes = 0
  for (const cp of stemSource) {
    if (bytes + utf8Bytes(cp) > 255 - '.pdf'.length) break
    bytes += utf8Bytes(cp)
    stem += cp
  }
  stem = stem.trim()
  while (stem !== '' && (stem.endsWith('.') || stem.slice(-1).trim() === '')) stem = stem.slice(0, -1)
  return `${stem === '' ? 'document' : stem}.pdf`
}

const NAME_CHARS = ['a', 'Z', '1', ' ', '.', '-', '\u00a0', '/', '\\', '<', ':', '"', '*', '\u0000', '\u007f', 'é', '€', '😀', '\ud800', '\t']
const longRun = fc
  .tuple(fc.constantFrom('a', 'é', '€', '😀', 'a é'), fc.integer({ min: 0, max: 4 }), fc.constantFrom('', '.pdf', '.png', ' ..', '.', ' . x'), fc.constantFrom('', 'x', '😀', 'é'))
  .map(([unit, delta, tail, lead]) => {
    // runs of `unit` whose UTF-8 size lands at, just under and just over the 251-byte stem limit
    const size = new TextEncoder().encode(unit).length
    const n = Math.floor(251 / size) - 2 + delta
    return lead + unit.repeat(Math.ceil(n / [...unit].length)) + tail
  })
const nameArb = fc.oneof(
  fc.array(fc.constantFrom(...NAME_CHARS), { maxLength: 16 }).map((a) => a.join('')),
  longRun,
  fc.constantFrom('../../x.png', 'C:\\scans\\Packing Slip.JPEG', '...', 'abc..pdf', 'abc .  .x', '..x.pdf', ' . abc. .pdf', 'a<b>c:d.pdf', 'é'.repeat(126), 'é'.repeat(125) + 'a', 'a'.repeat(251), 'a'.repeat(252) + '.pdf', '😀'.repeat(63)),
)

describe('DOC-05 the stored file name', () => {
  it('agrees with the doc comment computed independently (base name, unsafe characters removed, leading dots and blanks, .pdf, at most 255 UTF-8 bytes)', () => {
    fc.assert(
      fc.property(nameArb, (name) => {
        expect(storedFilename(name)).toBe(storedFilenameOracle(name))
      }),
    )
  })

  it('is at most 255 bytes, ends in .pdf, has no unsafe character, no leading dot or blank, a stem without trailing dot or blank; idempotent', () => {
    fc.assert(
      fc.property(nameArb, (name) => {
        const s = storedFilename(name)
        expect(new TextEncoder().encode(s).length).toBeLessThanOrEqual(255)
        expect(s.endsWith('.pdf')).toBe(true)
        expect(s).not.toMatch(/[\u0000-\u001f\u007f<>:"|?*/\\]/)
        expect(s).not.toMatch(/^[.\s]/)
        expect(s.slice(0, -4)).not.toMatch(/[.\s]$/)
        expect(storedFilename(s)).toBe(s)
      }),
    )
  })

  // typed between characters (code points): one put between the two halves of a pair would make
  // each half a lone surrogate, which is U+FFFD (tested above), not the character the pair was
  it('unsafe characters are removed as if never typed', () => {
    fc.assert(
      fc.property(nameArb, fc.array(fc.tuple(fc.nat(), fc.constantFrom('<', '>', ':', '"', '|', '?', '*', '\u0000', '\u001f', '\u007f')), { minLength: 1, maxLength: 4 }), (name, inserts) => {
        const typed = [...name]
        for (const [at, ch] of inserts) typed.splice(at % (typed.length + 1), 0, ch)
        expect(storedFilename(typed.join(''))).toBe(storedFilename(name))
      }),
    )
  })

  it('a stem of exactly 251 bytes (255 with .pdf) is kept whole; one more code point is cut', () => {
    fc.assert(
      fc.property(fc.constantFrom('a', 'é', '€', '😀'), fc.constantFrom('b', 'é', '😀'), fc.constantFrom('.png', '', '.'), (unit, extra, ext) => {
        const size = new TextEncoder().encode(unit).length
        const n = Math.floor(251 / size)
        const fit = unit.repeat(n) + 'a'.repeat(251 - n * size)
        expect(new TextEncoder().encode(fit).length).toBe(251)
        expect(storedFilename(`${fit}${ext}`)).toBe(`${fit}.pdf`)
        expect(storedFilename(`${fit}${extra}${ext}`)).toBe(`${fit}.pdf`)
        expect(new TextEncoder().encode(storedFilename(`${fit}${extra}`)).length).toBe(255)
      }),
    )
  })
})

describe('DOC-06 findDocument reads only a text stop and type, in an array, and returns only objects', () => {
  const keyArb = fc.oneof({ arbitrary: fc.constantFrom<unknown>('PICKUP', 'CUSTOMER_BOL'), weight: 3 }, { arbitrary: fc.constantFrom<unknown>(5, null, undefined, true), weight: 1 })
  const docArb = fc.record({ stop: keyArb, type: keyArb, fn: fc.boolean(), id: fc.constantFrom('d1', 'd2') }).map(({ stop, type, fn, id }) =>
    fn ? Object.assign(() => id, { stop, type, id }) : { stop, type, id },
  )

  it('the first element whose stop and type equal the query, when both are text, the set an array and that element an object; else undefined', () => {
    fc.assert(
      fc.property(fc.array(docArb, { maxLength: 4 }), fc.option(fc.nat(), { freq: 4, nil: undefined }), keyArb, keyArb, fc.boolean(), (docs, pick, stop0, type0, impostor) => {
        // mostly the stop and type of an element of the set, so that a match is frequent
        const picked = pick === undefined || docs.length === 0 ? undefined : docs[pick % docs.length]!
        const [stop, type] = picked === undefined ? [stop0, type0] : [picked.stop, picked.type]
        // an impostor is not an array but has Array.prototype.find
        const set: unknown = impostor ? Object.assign(Object.create(Array.prototype) as object, { ...docs, length: docs.length }) : docs
        const found = findDocument(set as never, stop as never, type as never)
        const first = docs.find((d) => d.stop === stop && d.type === type)
        const expected = typeof stop === 'string' && typeof type === 'string' && !impostor && typeof first === 'object' ? first : undefined
        expect(found).toBe(expected)
      }),
    )
    // a function carrying a stop and a type is not a document
    const fn = Object.assign(() => 1, { stop: 'PICKUP', type: 'CUSTOMER_BOL' })
    expect(findDocument([fn] as never, 'PICKUP', 'CUSTOMER_BOL')).toBeUndefined()
  })
})
