// Laws for repairInput (src/rules/repair.ts, the opt-in repair of a person's typing) that the
// mutation analysis found unpinned:
// - a code field typed in any case and with blanks is trimmed, then mapped the way its code goes
//   (upper for states, countries, channels and SCACs; lower for shipment modes), each change one
//   entry, the case mapping only when the mapped value is a valid code;
// - portalUrl is required (never dropped) exactly when the channel, as repaired, is PORTAL;
// - accessors are never called, and a rebuilt object keeps them as accessors; every property a
//   rebuilt object or list defines is a plain writable, enumerable, configurable data property;
// - a rebuilt list keeps exactly its indices (holes stay holes), never a key that only looks like
//   one ('01', '-1', '1.5', '4294967295').
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { repairInput } from '../../src/rules/repair.js'

const upper = (s: string): string => s.replace(/[a-z]/g, (c) => c.toUpperCase())
const lower = (s: string): string => s.replace(/[A-Z]/g, (c) => c.toLowerCase())
const casings = (s: string) => fc.constantFrom(s, lower(s), upper(s), s[0]!.toUpperCase() + lower(s.slice(1)), lower(s[0]!) + upper(s.slice(1)))
const padArb = fc.constantFrom('', ' ', '\u00a0', '\t ')

/** [kind, path to the field, the valid code, its direction] */
const CODES: ReadonlyArray<readonly [string, ReadonlyArray<string>, string, 'upper' | 'lower']> = [
  ['address', ['state'], 'IL', 'upper'],
  ['address', ['country'], 'US', 'upper'],
  ['quote-request', ['shipmentMode'], 'ltl', 'lower'],
  ['quote-request', ['shipmentMode'], 'ftl', 'lower'],
  ['appointment', ['channel'], 'PORTAL', 'upper'],
  ['appointment', ['channel'], 'EMAIL', 'upper'],
  ['dispatch', ['scac'], 'ABCD', 'upper'],
  ['quote-request', ['pickupAddress', 'state'], 'TX', 'upper'],
]

const nest = (path: ReadonlyArray<string>, v: unknown): Record<string, unknown> =>
  path.length === 1 ? { [path[0]!]: v } : { [path[0]!]: nest(path.slice(1), v) }

describe('repair: code fields', () => {
  it('trimmed, then mapped toward the code’s case: one entry per change, the body holding the code', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CODES).chain((c) => fc.tuple(fc.constant(c), casings(c[2]), padArb, padArb)), ([[kind, path, code, to], typed, before, after]) => {
        const raw = before + typed + after
        const r = repairInput(kind as never, nest(path, raw))
        const field = path.join('.')
        const want: Array<{ field: string; change: string; before: unknown; after: unknown }> = []
        if (raw !== typed) want.push({ field, change: 'trimmed', before: raw, after: typed })
        if (typed !== code) want.push({ field, change: to === 'upper' ? 'upper_cased' : 'lower_cased', before: typed, after: code })
        expect(r.repairs).toStrictEqual(want)
        expect(r.body).toStrictEqual(nest(path, code))
      }),
    )
  })

  it('a value whose mapping is no valid code is only trimmed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CODES), fc.constantFrom('illinois', 'xx1', 'ıl', 'ﬀ'), ([kind, path], typed) => {
        const r = repairInput(kind as never, nest(path, typed))
        const mapped = r.repairs.filter((x) => x.change === 'upper_cased' || x.change === 'lower_cased')
        expect(mapped).toStrictEqual([])
      }),
    )
  })
})

describe('repair: portalUrl and the channel', () => {
  it('without a channel, or with one that is not text, a blank portalUrl is dropped and the channel left as it is', () => {
    fc.assert(
      fc.property(fc.constantFrom<unknown>(undefined, 5, null, ['PORTAL'], { PORTAL: true }), fc.constantFrom(' ', '', '\t'), (channel, blank) => {
        const input: Record<string, unknown> = { portalUrl: blank }
        if (channel !== undefined) input['channel'] = channel
        const r = repairInput('appointment', input)
        const body = r.body as Record<string, unknown>
        expect('portalUrl' in body).toBe(false)
        if (channel !== undefined && channel !== null) expect(body['channel']).toBe(channel)
      }),
    )
  })

  it('a blank portalUrl is kept (trimmed) when the channel, as repaired, is PORTAL, and dropped otherwise', () => {
    fc.assert(
      fc.property(casings('PORTAL'), fc.constantFrom('PHONE', 'email', 'FAX'), fc.boolean(), padArb, fc.constantFrom(' ', '', '\t'), (portal, other, isPortal, pad, blank) => {
        const channel = pad + (isPortal ? portal : other) + pad
        const r = repairInput('appointment', { channel, portalUrl: blank })
        const body = r.body as Record<string, unknown>
        if (isPortal) expect(body['portalUrl']).toBe('')
        else expect('portalUrl' in body).toBe(false)
        expect(r.repairs.some((x) => x.field === 'portalUrl' && x.change === 'dropped_empty')).toBe(!isPortal)
      }),
    )
  })
})

describe('repair: accessors and rebuilt properties', () => {
  it('an accessor is never called and stays an accessor in the rebuilt object; every repaired property is a plain data property', () => {
    fc.assert(
      fc.property(fc.constantFrom('name', 'city', 'zipCode', 'notes'), padArb.filter((p) => p !== ''), (getterKey, pad) => {
        let calls = 0
        const get = (): string => {
          calls++
          return 'x'
        }
        const input: Record<string, unknown> = { address1: `${pad}1 Main St${pad}` }
        Object.defineProperty(input, getterKey, { get, enumerable: true, configurable: false })
        Object.defineProperty(input, 'state', { value: 'IL', writable: false, enumerable: true, configurable: false })
        const r = repairInput('address', input)
        expect(calls).toBe(0)
        const body = r.body as Record<string, unknown>
        expect(body === input).toBe(false)
        const d = Object.getOwnPropertyDescriptor(body, getterKey)!
        expect(d.get).toBe(get)
        expect([d.enumerable, d.configurable, 'value' in d]).toStrictEqual([true, true, false])
        expect(Object.getOwnPropertyDescriptor(body, 'address1')).toStrictEqual({ value: '1 Main St', writable: true, enumerable: true, configurable: true })
        // an unchanged data property is copied as a plain one too
        expect(Object.getOwnPropertyDescriptor(body, 'state')).toStrictEqual({ value: 'IL', writable: true, enumerable: true, configurable: true })
        expect(calls).toBe(0)
      }),
    )
  })

  it('nothing to repair, an accessor alone: the same object back, no repairs, the accessor not called', () => {
    let calls = 0
    const input = {}
    Object.defineProperty(input, 'state', { get: () => (calls++, ' il'), enumerable: true })
    const r = repairInput('address', input)
    expect(r).toStrictEqual({ body: input, repairs: [] })
    expect(r.body).toBe(input)
    expect(calls).toBe(0)
  })
})

describe('repair: lists', () => {
  it('a rebuilt list keeps exactly its own indices, holes as holes, blank entries as empty strings (never dropped), and no key that only looks like an index', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.constantFrom('PO-1', ' PO-2 ', 'DOCK 7\t', '  '), { nil: undefined }), { minLength: 1, maxLength: 6 }),
        fc.subarray(['01', '-1', '1.5', '4294967295', 'x', '1e0']),
        (entries, fakeKeys) => {
          const list: unknown[] = new Array(entries.length)
          entries.forEach((e, i) => {
            if (e !== undefined) list[i] = e
          })
          for (const k of fakeKeys) (list as unknown as Record<string, unknown>)[k] = ' junk '
          const r = repairInput('appointment', { channel: 'EMAIL', referenceNumbers: list })
          const out = (r.body as Record<string, unknown>)['referenceNumbers'] as unknown[]
          const changed = entries.some((e) => e !== undefined && e !== e.trim())
          if (!changed) {
            expect(out).toBe(list)
            return
          }
          expect(Array.isArray(out)).toBe(true)
          expect(out).toHaveLength(list.length)
          expect(Object.keys(out)).toStrictEqual(entries.flatMap((e, i) => (e === undefined ? [] : [String(i)])))
          entries.forEach((e, i) => {
            if (e !== undefined) expect(Object.getOwnPropertyDescriptor(out, i)).toStrictEqual({ value: e.trim(), writable: true, enumerable: true, configurable: true })
          })
          expect(r.repairs.map((x) => x.field)).toStrictEqual(entries.flatMap((e, i) => (e !== undefined && e !== e.trim() ? [`referenceNumbers[${i}]`] : [])))
        },
      ),
    )
  })
})
