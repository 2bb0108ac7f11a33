// repairInput: lenient input on request only. Valid payloads come from the shared generators in
// their canonical spelling; src/arbitraries/typing.ts adds what a person types (blanks, ASCII
// case slips on codes, optional fields sent as "", blanks or null) at known paths and records it,
// so the repairs are checked field by field against the noise, and the strict validators judge
// the result.
import fc from 'fast-check'
import { isLeft, isRight, type Either } from 'fp-ts/lib/Either.js'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { normalizeAddress } from '../../src/rules/address.js'
import { validateAppointmentRequirement } from '../../src/rules/appointment.js'
import { validateComponents } from '../../src/rules/freightComponents.js'
import { REPAIR_CHANGES, REPAIR_KINDS, repairInput, type Repair, type RepairKind } from '../../src/rules/repair.js'
import { validateCreateShipment, validateQuoteRequest } from '../../src/rules/requests.js'
import { validateGpsData } from '../../src/rules/tracking.js'
import { shipmentAddressArb } from '../../src/arbitraries/address.js'
import { componentsArb } from '../../src/arbitraries/components.js'
import { deepFreeze } from '../arbitraries/freeze.js'
import { createArb } from '../../src/arbitraries/requests.js'
import { BLANKS, GPS_NOW_ISO, TYPING_KINDS, typedArb, type Slot } from '../../src/arbitraries/typing.js'

const NOW = DateTime.fromISO(GPS_NOW_ISO, { zone: 'utc' })

/** A valid create request to carry a dispatch contact (there is no validator of a dispatch alone). */
const HOST = {
  pickupAddress: { name: 'Acme', address1: '1 Main St', city: 'Chicago', state: 'IL', zipCode: '60601', phoneNumber: '+13125550100', contactPerson: 'Ann Lee' },
  deliveryAddress: { name: 'Caribe Foods', address1: 'Carr. 2 Km 18.5', city: 'Toa Baja', state: 'PR', zipCode: '00949', phoneNumber: '+17875550188', contactPerson: 'Luis Ortega' },
  orderComponents: [{ palletCount: 1, poundsWeight: 500 }],
  description: 'Machine parts',
}

/** The strict validator of each kind, as a server calls it. */
const STRICT: Readonly<Record<RepairKind, (body: unknown) => Either<unknown, unknown>>> = {
  address: (b) => normalizeAddress(b),
  components: (b) => validateComponents(b),
  'quote-request': (b) => validateQuoteRequest(b),
  'create-shipment': (b) => validateCreateShipment(b),
  appointment: (b) => validateAppointmentRequirement(b),
  gps: (b) => validateGpsData(b, NOW),
  dispatch: (b) => validateCreateShipment({ ...HOST, shipperDispatch: b }),
}

const accepted = (kind: RepairKind, body: unknown): boolean => {
  const r = STRICT[kind](body)
  if (isLeft(r)) expect.soft(r.left, `${kind} rejected ${JSON.stringify(body)}`).toBeUndefined()
  return isRight(r)
}

/** Consecutive repairs of one field, as one group. */
const groups = (repairs: ReadonlyArray<Repair>): Array<{ field: string; entries: Repair[] }> => {
  const out: Array<{ field: string; entries: Repair[] }> = []
  for (const r of repairs) {
    const last = out[out.length - 1]
    if (last !== undefined && last.field === r.field) last.entries.push(r)
    else out.push({ field: r.field, entries: [r] })
  }
  return out
}

/** The laws every kind obeys, drawn from its canonical valid payloads and their typed versions. */
const kindLaws = (kind: RepairKind): void => {
  const valid = TYPING_KINDS[kind].valid
  const typed = typedArb(kind)

  it('a strict-valid payload in canonical spelling is a fixed point: no repairs, the very same value back', () => {
    fc.assert(
      fc.property(valid, (body) => {
        expect(accepted(kind, body)).toBe(true)
        const r = repairInput(kind, body)
        expect(r.repairs).toEqual([])
        expect(r.body).toBe(body)
      }),
    )
  })

  it('idempotent: repairing the repaired body again reports no repairs and gives it back', () => {
    fc.assert(
      fc.property(typed, ({ input }) => {
        const once = repairInput(kind, input)
        const twice = repairInput(kind, once.body)
        expect(twice.repairs).toEqual([])
        expect(twice.body).toBe(once.body)
      }),
    )
  })

  it('typing noise is repaired back to exactly the valid payload; the repairs name exactly the noisy fields, in input order, one entry per change, with before and after', () => {
    fc.assert(
      fc.property(typed, ({ input, expected, noisyFields }) => {
        const r = repairInput(kind, deepFreeze(input))
        expect(r.body).toStrictEqual(expected)
        const gs = groups(r.repairs)
        expect(gs.map((g) => g.field)).toEqual(noisyFields.map((n) => n.field))
        gs.forEach((g, i) => {
          const n = noisyFields[i]!
          expect(g.entries.map((e) => e.change)).toEqual(n.changes)
          expect(g.entries[0]!.before).toBe(n.before)
          expect(g.entries[g.entries.length - 1]!.after).toBe(n.after)
          // each entry is one change: the next starts where the previous ended
          g.entries.slice(1).forEach((e, j) => expect(e.before).toBe(g.entries[j]!.after))
        })
      }),
    )
  })

  it('the strict validator accepts the repaired payload, with the valid payload\'s value; null on an optional field or a case slip on a code (country aside) is rejected as typed', () => {
    fc.assert(
      fc.property(typed, ({ input, expected, noisyFields }) => {
        const repaired = STRICT[kind](repairInput(kind, input).body)
        expect(isRight(repaired)).toBe(true)
        expect(repaired).toEqual(STRICT[kind](expected))
        const strictlyWrong = noisyFields.some(
          (n) => n.changes.includes('dropped_null') || (n.changes.some((c) => c.endsWith('_cased')) && !n.field.endsWith('country')),
        )
        if (strictlyWrong) expect(isLeft(STRICT[kind](input))).toBe(true)
      }),
    )
  })
}

/** Any strict-valid payload (canonical or not) stays valid after repair, with the same meaning apart from trimmed text. */
const staysValid = (kind: RepairKind, arb: fc.Arbitrary<unknown>): void => {
  it('repair never breaks a strict-valid payload, canonical or not (lower-case country, blanks around notes or a description, empty notes)', () => {
    fc.assert(
      fc.property(arb, (body) => {
        expect(accepted(kind, body)).toBe(true)
        expect(accepted(kind, repairInput(kind, body).body)).toBe(true)
      }),
    )
  })
}

describe('ADDR-01 … ADDR-13 lenient input: an address (repairInput)', () => {
  kindLaws('address')
  staysValid('address', shipmentAddressArb)
})

describe('FRT-01 … FRT-08 lenient input: order components (repairInput)', () => {
  kindLaws('components')
  staysValid('components', componentsArb)
})

describe('QTE-01 lenient input: a quote request (repairInput)', () => {
  kindLaws('quote-request')
})

describe('CRT-01 … CRT-08 lenient input: a create-shipment request (repairInput)', () => {
  kindLaws('create-shipment')
  staysValid('create-shipment', createArb)
})

describe('APT-01 … APT-06 lenient input: an appointment requirement (repairInput)', () => {
  kindLaws('appointment')
})

describe('TRK-02 lenient input: a GPS ping (repairInput)', () => {
  kindLaws('gps')
})

describe('CRT-08 lenient input: a shipper dispatch contact (repairInput)', () => {
  kindLaws('dispatch')
})

describe('ADDR-02 … ADDR-11, APT-01, QTE-01, CRT-08 strict by default, lenient on request (repairInput)', () => {
  const address = HOST.pickupAddress
  const cases: ReadonlyArray<{ kind: RepairKind; typed: unknown; meant: unknown; field: string }> = [
    { kind: 'address', typed: { ...address, state: 'il' }, meant: address, field: 'state' },
    { kind: 'address', typed: { ...address, zipCode: ' 60601 ' }, meant: address, field: 'zipCode' },
    { kind: 'address', typed: { ...address, email: '' }, meant: address, field: 'email' },
    { kind: 'address', typed: { ...address, openTime: null }, meant: address, field: 'openTime' },
    { kind: 'address', typed: { ...address, phoneNumber: '\ufeff+13125550100' }, meant: address, field: 'phoneNumber' },
    { kind: 'appointment', typed: { channel: 'portal', portalUrl: 'https://book.example.com ' }, meant: { channel: 'PORTAL', portalUrl: 'https://book.example.com' }, field: 'channel' },
    { kind: 'appointment', typed: { channel: 'PHONE', portalUrl: '', contacts: [{ name: 'Dock', phone: '+13125550100', email: null }] }, meant: { channel: 'PHONE', contacts: [{ name: 'Dock', phone: '+13125550100' }] }, field: 'portalUrl' },
    { kind: 'dispatch', typed: { name: 'Night desk', phone: '+13125550100', scac: 'abc' }, meant: { name: 'Night desk', phone: '+13125550100', scac: 'ABC' }, field: 'scac' },
    { kind: 'quote-request', typed: { ...HOST, shipmentMode: 'LTL' }, meant: { ...HOST, shipmentMode: 'ltl' }, field: 'shipmentMode' },
    { kind: 'create-shipment', typed: { ...HOST, pickupAddress: { ...address, state: ' il' }, shipperDispatch: null }, meant: HOST, field: 'pickupAddress.state' },
  ]
  it('each typed payload is rejected by the strict validator at the typed field, and accepted once repaired into the payload meant', () => {
    for (const c of cases) {
      const strict = STRICT[c.kind](c.typed)
      expect(isLeft(strict), `${c.kind} ${c.field}`).toBe(true)
      if (isLeft(strict)) {
        const problem = strict.left as { violations?: ReadonlyArray<{ field: string }> } | ReadonlyArray<{ field: string }>
        const fields = (Array.isArray(problem) ? problem : (problem as { violations?: ReadonlyArray<{ field: string }> }).violations ?? []).map((v) => v.field)
        expect(fields.some((f) => f === c.field || f.endsWith(`.${c.field}`))).toBe(true)
      }
      const repaired = repairInput(c.kind, c.typed)
      expect(repaired.body).toEqual(c.meant)
      expect(repaired.repairs.map((r) => r.field)).toContain(c.field)
      expect(accepted(c.kind, repaired.body)).toBe(true)
    }
  })
  it('required fields are never dropped, so the validator still names them: a blank name is trimmed to "" and reported as required', () => {
    const r = repairInput('address', { ...address, name: ' \u00a0', state: null })
    expect(r.body).toEqual({ ...address, name: '', state: null })
    expect(r.repairs).toEqual([{ field: 'name', change: 'trimmed', before: ' \u00a0', after: '' }])
    const strict = normalizeAddress(r.body)
    expect(isLeft(strict) && strict.left.map((v) => [v.field, v.code])).toEqual([['name', 'required'], ['state', 'type']])
    // portalUrl is required when the channel, once repaired, is PORTAL; optional (so dropped) otherwise
    expect(repairInput('appointment', { portalUrl: ' ', channel: ' portal' }).body).toEqual({ portalUrl: '', channel: 'PORTAL' })
    expect(repairInput('appointment', { portalUrl: ' ', channel: 'email' }).body).toEqual({ channel: 'EMAIL' })
  })
})

// -----------------------------------------------------------------------------------------------
// Case mapping: ASCII letters only

const CODE_FIELDS: ReadonlyArray<{ kind: RepairKind; key: string }> = [
  { kind: 'address', key: 'state' },
  { kind: 'address', key: 'country' },
  { kind: 'appointment', key: 'channel' },
  { kind: 'dispatch', key: 'scac' },
  { kind: 'quote-request', key: 'shipmentMode' },
]
/** Letters whose Unicode case mapping reaches ASCII, or that look like ASCII letters. */
const NON_ASCII_LETTERS = ['ı', 'İ', 'ſ', 'ß', 'ﬀ', 'ﬁ', '\u212a', '\u212b', 'і', 'а', 'р', 'о', 'ѕ', 'ο', 'α', 'ν', 'ɪ', 'ǆ', 'ｌ', 'µ'] as const
const asciiLetterArb = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ')
const asciiRunArb = fc.array(asciiLetterArb, { maxLength: 4 }).map((cs) => cs.join(''))
const trickyCodeArb = fc.tuple(asciiRunArb, fc.constantFrom(...NON_ASCII_LETTERS), asciiRunArb).map(([a, t, b]) => a + t + b)
const isAsciiLetter = (c: string): boolean => /^[A-Za-z]$/.test(c)

describe('ADDR-02, ADDR-05, APT-01, QTE-01, CRT-08 lenient input: only ASCII letters are ever case-mapped (repairInput)', () => {
  it('a code holding a non-ASCII letter (ı, ſ, ß, ﬀ, the Kelvin sign, Cyrillic, Greek) comes out exactly as typed, with no repair', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CODE_FIELDS), trickyCodeArb, ({ kind, key }, code) => {
        const body = { [key]: code }
        const r = repairInput(kind, body)
        expect(r.repairs).toEqual([])
        expect(r.body).toBe(body)
      }),
    )
  })
  it('whatever is typed in a code field, the repaired code is the trimmed text with at most some ASCII letters swapped to their other case', () => {
    const anyCode = fc.oneof(fc.string({ unit: 'binary', maxLength: 6 }), trickyCodeArb, fc.tuple(fc.constantFrom('', ...BLANKS), asciiRunArb, fc.constantFrom('', ...BLANKS)).map((p) => p.join('')))
    fc.assert(
      fc.property(fc.constantFrom(...CODE_FIELDS), anyCode, ({ kind, key }, code) => {
        const out = (repairInput(kind, { [key]: code }).body as Record<string, unknown>)[key]
        const trimmed = code.trim()
        if (out === undefined) {
          expect(trimmed).toBe('')
          return
        }
        expect(typeof out).toBe('string')
        expect((out as string).length).toBe(trimmed.length)
        for (let i = 0; i < trimmed.length; i++) {
          const a = trimmed[i]!
          const b = (out as string)[i]!
          if (a !== b) expect([isAsciiLetter(a), isAsciiLetter(b), a.toLowerCase() === b.toLowerCase()]).toEqual([true, true, true])
        }
      }),
    )
  })
  it('examples: ıl, Illinois, ſc and ß stay as typed (the validator rejects them); il, Pr, portal, abc, LTL are case slips', () => {
    const state = (s: string): unknown => (repairInput('address', { state: s }).body as { state: unknown }).state
    expect([state('ıl'), state('Illinois'), state('ſc'), state('ß'), state('\u212ay'), state('il'), state('Pr')]).toEqual(['ıl', 'Illinois', 'ſc', 'ß', '\u212ay', 'IL', 'PR'])
    expect((repairInput('appointment', { channel: 'portal' }).body as { channel: string }).channel).toBe('PORTAL')
    expect((repairInput('appointment', { channel: 'fax' }).body as { channel: string }).channel).toBe('fax')
    expect((repairInput('dispatch', { scac: 'abc' }).body as { scac: string }).scac).toBe('ABC')
    expect((repairInput('dispatch', { scac: 'abcde' }).body as { scac: string }).scac).toBe('abcde')
    expect((repairInput('quote-request', { shipmentMode: 'LTL' }).body as { shipmentMode: string }).shipmentMode).toBe('ltl')
  })
})

// -----------------------------------------------------------------------------------------------
// Totality, purity, prototypes

/** Every key a form names, at any depth. */
const keysOf = (slot: Slot, into: Set<string> = new Set()): Set<string> => {
  if (slot.kind === 'object') for (const [k, s] of Object.entries(slot.fields)) (into.add(k), keysOf(s, into))
  if (slot.kind === 'list') keysOf(slot.of, into)
  return into
}
const KEYS = [...new Set(REPAIR_KINDS.flatMap((k) => [...keysOf(TYPING_KINDS[k].form)])), '__proto__', 'constructor', 'toString', 'hasOwnProperty', '0', 'x']
const typedTextArb = fc.oneof(
  fc.constantFrom('', ' ', '\u00a0', '\ufeff', ' il ', 'portal', 'LTL', 'abc', 'Illinois', 'ıl', ' 60601'),
  fc.string({ maxLength: 6 }),
)

/** Objects keyed by the spec's field names (and `__proto__`, `constructor`), any depth, plain or null-prototype. */
const shapedArb = (leaf: fc.Arbitrary<unknown>, nullPrototype: boolean): fc.Arbitrary<unknown> =>
  fc.letrec<{ node: unknown }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.array(tie('node'), { maxLength: 4 }),
      fc
        .tuple(fc.array(fc.tuple(fc.constantFrom(...KEYS), tie('node')), { maxLength: 8 }), nullPrototype ? fc.boolean() : fc.constant(false))
        .map(([entries, bare]) => {
          const o = (bare ? Object.create(null) : {}) as Record<string, unknown>
          for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true })
          return o
        }),
    ),
  })).node

const ANYTHING = { withNullPrototype: true, withBoxedValues: true, withSparseArray: true, withObjectString: true, withMap: true, withSet: true, withDate: true, withBigInt: true } as const
const anyInputArb = fc.oneof(fc.anything(ANYTHING), shapedArb(fc.oneof(typedTextArb, fc.anything(ANYTHING)), true))

describe('ADDR, FRT, QTE, CRT, APT, TRK lenient input: repairInput is total, deterministic and never mutates its argument', () => {
  it('no input throws, a deep-frozen argument is never written to, every repair is well-formed, the result is stable and idempotent', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REPAIR_KINDS), anyInputArb, (kind, raw) => {
        const input = deepFreeze(raw)
        const r = repairInput(kind, input)
        expect(repairInput(kind, input)).toStrictEqual(r)
        for (const repair of r.repairs) {
          expect(REPAIR_CHANGES).toContain(repair.change)
          expect(typeof repair.field).toBe('string')
          expect(repair.after === undefined).toBe(repair.change.startsWith('dropped_'))
        }
        if (r.repairs.length === 0) expect(r.body).toBe(input)
        expect(repairInput(kind, r.body).repairs).toEqual([])
      }),
    )
  })
  it('typed arrays, unknown kinds, primitives: returned as they are, with no repairs', () => {
    for (const body of [new Uint8Array([32, 97]), 'il', 7, null, undefined, Symbol('x'), () => 1, [' a '], new String(' il ')]) {
      for (const kind of [...REPAIR_KINDS, 'parcel', undefined, 42] as RepairKind[]) {
        const r = repairInput(kind, body)
        expect(r).toEqual({ body, repairs: [] })
      }
    }
    const hostile = { toString: () => { throw new Error('coerced') } } as unknown as RepairKind
    expect(repairInput(hostile, { state: 'il' }).repairs).toEqual([])
  })
  it('accessors are never called, and copied as accessors when their object is rebuilt', () => {
    let calls = 0
    const body = Object.defineProperties({ state: 'il' } as Record<string, unknown>, {
      country: { get: () => (calls++, 'us'), enumerable: true },
      notes: { get: () => { throw new Error('read') }, enumerable: true },
    })
    const r = repairInput('address', body)
    expect(calls).toBe(0)
    expect(r.repairs.map((x) => x.field)).toEqual(['state'])
    expect(Object.getOwnPropertyDescriptor(r.body, 'country')?.get).toBeTypeOf('function')
  })
  it('an own __proto__ key (as JSON.parse makes it) stays an own data property: no prototype is set or polluted', () => {
    const jsonArb = shapedArb(fc.oneof(typedTextArb, fc.integer(), fc.boolean(), fc.constant(null)), false).map((v) => JSON.stringify(v) ?? 'null')
    const protoKeys = (text: string): number => text.match(/[{,]"__proto__":/g)?.length ?? 0
    const plainEverywhere = (v: unknown): boolean =>
      typeof v !== 'object' || v === null || (Object.getPrototypeOf(v) === (Array.isArray(v) ? Array.prototype : Object.prototype) && Object.values(v).every(plainEverywhere))
    const before = Object.getOwnPropertyNames(Object.prototype)
    fc.assert(
      fc.property(fc.constantFrom(...REPAIR_KINDS), jsonArb, (kind, text) => {
        const r = repairInput(kind, JSON.parse(text))
        expect(plainEverywhere(r.body)).toBe(true)
        expect(protoKeys(JSON.stringify(r.body))).toBe(protoKeys(text))
      }),
    )
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(before)
    const r = repairInput('address', JSON.parse('{"__proto__": {"polluted": true}, "state": " il"}'))
    expect(Object.getPrototypeOf(r.body)).toBe(Object.prototype)
    expect(Object.keys(r.body as object)).toEqual(['__proto__', 'state'])
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })
  it('a sparse list keeps its holes and its length', () => {
    const list: unknown[] = []
    list[1] = { palletCount: 1, poundsWeight: 2, description: ' Resin ' }
    list.length = 4
    const r = repairInput('components', list)
    const out = r.body as unknown[]
    expect([out.length, 0 in out, 2 in out, out[1]]).toEqual([4, false, false, { palletCount: 1, poundsWeight: 2, description: 'Resin' }])
    expect(r.repairs).toEqual([{ field: 'orderComponents[1].description', change: 'trimmed', before: ' Resin ', after: 'Resin' }])
  })
})
