import fc from 'fast-check'
import { isLeft, isRight } from 'fp-ts/lib/Either.js'
import countries from 'i18n-iso-countries'
import { describe, expect, it } from 'vitest'
import { Address, QuoteRequestAddress, ShipmentAddress } from '../../src/model/address.js'
import { normalizeAddress, type AddressPurpose } from '../../src/rules/address.js'
import {
  ISO_3166_1_ALPHA_2,
  SERVED_COUNTRIES,
  US_STATES_AND_DC,
  US_TERRITORIES,
} from '../../src/rules/country.js'
import {
  CORRUPTIBLE_FIELDS,
  corruptedAddressArb,
  countryStateArb,
  emailArb,
  FLAG_NAMES,
  prefixArb,
  shipmentAddressArb,
  timeArb,
  zipArb,
} from '../../src/arbitraries/address.js'
import { deepFreeze } from '../arbitraries/freeze.js'
import { leftOf, rightOf } from '../support/either.js'

const PURPOSES: ReadonlyArray<AddressPurpose> = ['shipment', 'quote', 'response']

const ok = rightOf
const violationsOf = leftOf

// Oracles written independently of the implementation.
const DIGITS = '0123456789'
const zipOracle = (s: string): boolean =>
  s.length === 5 && [...s].every((c) => DIGITS.includes(c)) && Number(s) >= 1 && Number(s) <= 99998
const phoneOracle = (s: string): boolean =>
  s[0] === '+' && s.length >= 3 && s.length <= 16 && s[1] !== '0' && [...s.slice(1)].every((c) => DIGITS.includes(c))
const isoOracle = new Set(Object.keys(countries.getAlpha2Codes()).filter((c) => c !== 'XK'))
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const twoLetterArb = fc.tuple(fc.constantFrom(...UPPER), fc.constantFrom(...UPPER)).map(([a, b]) => a + b)

describe('ADDR-01 required fields on shipment create', () => {
  it('removing any one required field gives exactly one required violation at its path', () => {
    const required = ['name', 'address1', 'city', 'contactPerson', 'phoneNumber', 'state', 'zipCode']
    fc.assert(
      fc.property(shipmentAddressArb, fc.constantFrom(...required), prefixArb, (a, field, prefix) => {
        const { [field]: _dropped, ...input } = a
        const vs = violationsOf(normalizeAddress(input, { path: prefix.path }))
        expect(vs).toEqual([{ field: `${prefix.field}.${field}`, entity: prefix.entity, code: 'required', reason: expect.any(String) }])
      }),
    )
  })
  it('strict: null is never absent, and a blank required text is one violation at its path (required for text, pattern for formats)', () => {
    const formats = ['phoneNumber', 'state', 'zipCode']
    const texts = ['name', 'address1', 'city', 'contactPerson']
    fc.assert(
      fc.property(shipmentAddressArb, fc.constantFrom(...formats, ...texts), fc.constantFrom(null, '', '   ', '\u00a0', '\ufeff'), (a, field, blank) => {
        const vs = violationsOf(normalizeAddress({ ...a, [field]: blank }))
        const code = blank === null ? 'type' : texts.includes(field) ? 'required' : 'pattern'
        expect(vs.map((v) => [v.field, v.code])).toEqual([[field, code]])
      }),
    )
  })
  it('strict: strings are kept exactly as sent, blank optional strings included; null for an optional field is a type violation', () => {
    fc.assert(
      fc.property(shipmentAddressArb, fc.constantFrom('', '  ', '\n\t', ' Suite 4 '), fc.constantFrom('address2', 'notes', 'email', 'openTime', 'phoneExtension', 'country', 'liftgateRequired'), (a, text, optional) => {
        const n = ok(normalizeAddress({ ...a, address2: text, notes: text }))
        expect(n.address2).toBe(text)
        expect(n.notes).toBe(text)
        const sent = ok(normalizeAddress(a)) as unknown as Record<string, unknown>
        const asSent = ['name', 'address1', 'address2', 'city', 'zipCode', 'phoneNumber', 'phoneExtension', 'contactPerson', 'email', 'openTime', 'closeTime', 'notes']
        for (const k of asSent) if (k in a) expect(sent[k]).toBe(a[k])
        expect(violationsOf(normalizeAddress({ ...a, [optional]: null })).map((v) => [v.field, v.code])).toEqual([[optional, 'type']])
      }),
    )
  })
})

describe('ADDR-02 state', () => {
  it('a request state is accepted exactly when it names a US state, DC or territory, in upper case', () => {
    fc.assert(
      fc.property(shipmentAddressArb, twoLetterArb, fc.constantFrom('upper', 'lower', 'mixed'), (a, code, spelling) => {
        const state = spelling === 'upper' ? code : spelling === 'lower' ? code.toLowerCase() : code[0]! + code[1]!.toLowerCase()
        const r = normalizeAddress({ ...a, country: 'US', state })
        const named = (US_STATES_AND_DC as ReadonlyArray<string>).includes(code) || (US_TERRITORIES as ReadonlyArray<string>).includes(code)
        expect(isRight(r)).toBe(spelling === 'upper' && named)
        if (spelling !== 'upper') expect(violationsOf(r).map((v) => [v.field, v.code])).toEqual([['state', 'pattern']])
        else if (!named) expect(violationsOf(r).map((v) => [v.field, v.code])).toEqual([['state', 'unknown_state']])
      }),
    )
  })
  it('non-ASCII letters never become codes: ıl, ſc, ßß are rejected, never upper-cased into IL, SC, SSSS', () => {
    fc.assert(
      fc.property(shipmentAddressArb, fc.constantFrom('ıl', 'ſc', 'ßß', 'İL', 'ＩＬ', 'Il'), fc.constantFrom('state', 'country'), (a, code, field) => {
        expect(violationsOf(normalizeAddress({ ...a, [field]: code })).map((v) => v.field)).toEqual([field])
      }),
    )
  })
})

describe('ADDR-03 response addresses', () => {
  it("a response may name any recognized country and that country's two-letter subdivision; a request may not", () => {
    fc.assert(
      fc.property(fc.constantFrom(...[...ISO_3166_1_ALPHA_2].filter((c) => !(SERVED_COUNTRIES as ReadonlyArray<string>).includes(c))), twoLetterArb, zipArb, (country, state, zipCode) => {
        const input = { country, state, zipCode }
        expect(ok(normalizeAddress(input, { purpose: 'response' }))).toMatchObject({ country, state, zipCode })
        expect(violationsOf(normalizeAddress(input, { purpose: 'quote' })).map((v) => v.code)).toContain('not_supported')
      }),
    )
  })
})

describe('ADDR-04 zipCode', () => {
  it('a zipCode is accepted exactly when the oracle says five digits other than 00000 and 99999', () => {
    // strict: a padded code is not five digits (the oracle never trims either)
    const candidate = fc.oneof(
      fc.stringMatching(/^\d{4,6}$/),
      fc.constantFrom('00000', '99999', '00001', '99998', ' 60601', '60601 ', '\u00a060601', '6060 1'),
      fc.string({ maxLength: 6 }),
    )
    fc.assert(
      fc.property(candidate, (zipCode) => {
        const r = normalizeAddress({ zipCode }, { purpose: 'quote' })
        expect(isRight(r)).toBe(zipOracle(zipCode))
        if (isLeft(r)) expect(r.left.map((v) => v.field)).toEqual(['zipCode'])
      }),
    )
  })
})

describe('ADDR-05 country default and case', () => {
  it('an absent country is US and a served country in any case normalizes to upper case', () => {
    fc.assert(
      fc.property(zipArb, fc.constantFrom(...SERVED_COUNTRIES), fc.boolean(), (zipCode, c, absent) => {
        const country = absent ? undefined : c.split('').map((ch, i) => (i % 2 === 0 ? ch.toLowerCase() : ch)).join('')
        const n = ok(normalizeAddress(country === undefined ? { zipCode } : { zipCode, country }, { purpose: 'quote' }))
        expect(n.country).toBe(absent ? 'US' : c)
      }),
    )
  })
})

describe('ADDR-06 accepted countries', () => {
  it('served codes pass; other ISO codes are not_supported; other two-letter codes are unknown_country (oracle: i18n-iso-countries)', () => {
    fc.assert(
      fc.property(twoLetterArb, zipArb, (country, zipCode) => {
        const r = normalizeAddress({ zipCode, country }, { purpose: 'quote' })
        if ((SERVED_COUNTRIES as ReadonlyArray<string>).includes(country)) expect(isRight(r)).toBe(true)
        else expect(violationsOf(r)).toEqual([{ field: 'country', entity: null, code: isoOracle.has(country) ? 'not_supported' : 'unknown_country', reason: expect.any(String) }])
      }),
    )
  })
})

describe('ADDR-07 territories', () => {
  it('the two spellings of a territory normalize to the same value: the territory code in both fields', () => {
    fc.assert(
      fc.property(shipmentAddressArb, fc.constantFrom(...US_TERRITORIES), (a, t) => {
        const viaUs = ok(normalizeAddress({ ...a, country: 'US', state: t }))
        const viaTerritory = ok(normalizeAddress({ ...a, country: t.toLowerCase(), state: t }))
        expect(viaUs).toEqual(viaTerritory)
        expect([viaUs.country, viaUs.state]).toEqual([t, t])
      }),
    )
  })
  it('a territory country with any other state is one mismatch at state', () => {
    const pairArb = fc.constantFrom(...US_TERRITORIES).chain((t) =>
      fc.constantFrom(...[...US_STATES_AND_DC, ...US_TERRITORIES].filter((s) => s !== t)).map((s) => [t, s] as const),
    )
    fc.assert(
      fc.property(shipmentAddressArb, pairArb, (a, [t, s]) => {
        const vs = violationsOf(normalizeAddress({ ...a, country: t, state: s }, { path: 'deliveryAddress' }))
        expect(vs.map((v) => [v.field, v.code])).toEqual([['deliveryAddress.state', 'mismatch']])
      }),
    )
  })
})

describe('ADDR-08 … ADDR-11 formats and defaults', () => {
  it('phoneNumber is accepted exactly when the E.164 oracle accepts it', () => {
    fc.assert(
      // strict: a padded number is not E.164 (the oracle never trims either)
      fc.property(shipmentAddressArb, fc.oneof(fc.stringMatching(/^\+?\d{0,17}$/), fc.constantFrom(' +13125550100', '+13125550100 ', '+1 3125550100'), fc.string({ maxLength: 18 })), (a, phoneNumber) => {
        const r = normalizeAddress({ ...a, phoneNumber })
        expect(isRight(r)).toBe(phoneOracle(phoneNumber))
      }),
    )
  })
  it('phoneExtension is kept when 1 to 10 digits and rejected otherwise', () => {
    fc.assert(
      fc.property(shipmentAddressArb, fc.stringMatching(/^\d{1,12}$/), (a, ext) => {
        const r = normalizeAddress({ ...a, phoneExtension: ext })
        if (ext.length <= 10) expect(ok(r).phoneExtension).toBe(ext)
        else expect(violationsOf(r).map((v) => v.code)).toEqual(['pattern'])
      }),
    )
  })
  it('an e-mail over 320 characters is max_length whatever its format; a valid one is kept as sent, a padded one is a pattern violation', () => {
    fc.assert(
      fc.property(shipmentAddressArb, emailArb, fc.integer({ min: 321, max: 5000 }), (a, email, n) => {
        expect(ok(normalizeAddress({ ...a, email })).email).toBe(email)
        expect(violationsOf(normalizeAddress({ ...a, email: ` ${email}` })).map((v) => [v.field, v.code])).toEqual([['email', 'pattern']])
        const long = `${'a'.repeat(n - 12)}@example.com`
        expect(violationsOf(normalizeAddress({ ...a, email: long })).map((v) => [v.field, v.code])).toEqual([['email', 'max_length']])
      }),
    )
  })
  it('openTime and closeTime default to 10:00 and 16:00 and keep a valid HH:mm', () => {
    fc.assert(
      fc.property(shipmentAddressArb, fc.option(timeArb, { nil: undefined }), fc.option(timeArb, { nil: undefined }), (a, open, close) => {
        const { openTime: _o, closeTime: _c, ...rest } = a
        const input = { ...rest, ...(open === undefined ? {} : { openTime: open }), ...(close === undefined ? {} : { closeTime: close }) }
        const n = ok(normalizeAddress(input))
        expect([n.openTime, n.closeTime]).toEqual([open ?? '10:00', close ?? '16:00'])
      }),
    )
  })
})

describe('ADDR-12 flags', () => {
  it('a flag is kept when boolean, omitted when absent, and a type violation otherwise', () => {
    fc.assert(
      fc.property(shipmentAddressArb, fc.constantFrom(...FLAG_NAMES), fc.oneof(fc.boolean(), fc.constantFrom('true', 0, 1, [], {})), (a, flag, value) => {
        const r = normalizeAddress({ ...a, [flag]: value })
        if (typeof value === 'boolean') expect((ok(r) as unknown as Record<string, unknown>)[flag]).toBe(value)
        else expect(violationsOf(r).map((v) => [v.field, v.code])).toEqual([[flag, 'type']])
      }),
    )
  })
})

describe('ADDR-13 quote addresses', () => {
  it('quote purpose accepts any address that has a valid zipCode, whatever else is missing', () => {
    fc.assert(
      fc.property(shipmentAddressArb, fc.shuffledSubarray(['name', 'address1', 'address2', 'city', 'state', 'country', 'phoneNumber', 'contactPerson', 'email', 'openTime', 'closeTime', ...FLAG_NAMES]), (a, removed) => {
        const input: Record<string, unknown> = { ...a }
        for (const k of removed) delete input[k]
        const n = ok(normalizeAddress(input, { purpose: 'quote' }))
        expect(n.zipCode).toBe(a['zipCode'])
      }),
    )
  })
})

describe('normalization laws (ADDR-01 … ADDR-13)', () => {
  it('normalization is idempotent for every purpose', () => {
    fc.assert(
      fc.property(shipmentAddressArb, fc.constantFrom(...PURPOSES), (a, purpose) => {
        const once = ok(normalizeAddress(a, { purpose }))
        expect(ok(normalizeAddress(once, { purpose }))).toEqual(once)
      }),
    )
  })
  it('the normalized value is the canonical form of what was sent', () => {
    fc.assert(
      fc.property(countryStateArb, zipArb, (cs, zipCode) => {
        const n = ok(normalizeAddress({ ...cs.wire, zipCode }, { purpose: 'quote' }))
        expect(n).toEqual({ ...cs.canonical, zipCode, openTime: '10:00', closeTime: '16:00' })
      }),
    )
  })
  it('every normalized address satisfies the wire patterns and re-decodes through the io-ts codec unchanged', () => {
    fc.assert(
      fc.property(shipmentAddressArb, (a) => {
        const n = ok(normalizeAddress(a))
        const decoded = ShipmentAddress.decode(n)
        expect(isRight(decoded)).toBe(true)
        if (isRight(decoded)) expect(decoded.right).toEqual(n)
        expect(isRight(QuoteRequestAddress.decode(ok(normalizeAddress(a, { purpose: 'quote' }))))).toBe(true)
        expect(isRight(Address.decode(ok(normalizeAddress(a, { purpose: 'response' }))))).toBe(true)
        const fields = { ...ShipmentAddress.type.types[0].props, ...ShipmentAddress.type.types[1].props }
        expect(Object.keys(n).every((k) => k in fields)).toBe(true)
      }),
    )
  })
  it('corrupting one field gives exactly one violation, at that field’s full path, with the entity', () => {
    fc.assert(
      fc.property(corruptedAddressArb({ min: 1, max: 1 }), prefixArb, ({ input, fields }, prefix) => {
        const vs = violationsOf(normalizeAddress(input, { path: prefix.path }))
        expect(vs.map((v) => v.field)).toEqual([`${prefix.field}.${fields[0]!}`])
        expect(vs[0]!.entity).toBe(prefix.entity)
      }),
    )
  })
  it('corrupting k fields gives k violations, one at each corrupted path', () => {
    fc.assert(
      fc.property(corruptedAddressArb({ min: 1, max: CORRUPTIBLE_FIELDS.length }), ({ input, fields }) => {
        const vs = violationsOf(normalizeAddress(input))
        expect(vs.map((v) => v.field).sort()).toEqual([...fields].sort())
      }),
    )
  })
  it('no violation message echoes the rejected value', () => {
    fc.assert(
      fc.property(corruptedAddressArb({ min: 1, max: 4 }), ({ input, fields }) => {
        const personal = new Set(['name', 'contactPerson', 'phoneNumber', 'phoneExtension', 'email', 'address1', 'city'])
        for (const v of violationsOf(normalizeAddress(input)).filter((x) => personal.has(x.field))) {
          const sent = input[v.field]
          if (typeof sent === 'string' && sent.trim().length >= 4) expect(v.reason).not.toContain(sent.trim())
        }
        return fields.length > 0
      }),
    )
  })
})

describe('totality and purity', () => {
  it('no input makes normalizeAddress throw, and the result is always an Either', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withObjectString: true, withBoxedValues: true, withSparseArray: true }), fc.constantFrom(...PURPOSES), (input, purpose) => {
        const r = normalizeAddress(input, { purpose })
        expect(['Left', 'Right']).toContain(r._tag)
      }),
    )
  })
  it('keys named __proto__ and constructor, and inherited properties, never become fields', () => {
    fc.assert(
      fc.property(zipArb, (zipCode) => {
        const polluted = JSON.parse(`{"__proto__": {"zipCode": "${zipCode}", "name": "x"}, "constructor": {"prototype": {"city": "y"}}}`) as unknown
        expect(violationsOf(normalizeAddress(polluted, { purpose: 'quote' })).map((v) => v.field)).toEqual(['zipCode'])
        const inherited = Object.create({ zipCode }) as unknown
        expect(violationsOf(normalizeAddress(inherited, { purpose: 'quote' })).map((v) => v.code)).toEqual(['required'])
        expect(({} as Record<string, unknown>)['zipCode']).toBeUndefined()
      }),
    )
  })
  it('huge strings are judged by length before any pattern and do not throw', () => {
    const huge = 'x'.repeat(2_000_000)
    const r = normalizeAddress({ zipCode: huge, email: huge, phoneNumber: huge, state: huge, country: huge, name: huge, openTime: huge })
    expect(violationsOf(r).map((v) => v.field).sort()).toEqual(['address1', 'city', 'contactPerson', 'country', 'email', 'openTime', 'phoneNumber', 'state', 'zipCode'])
  })
  it('arguments are never mutated (deep-frozen inputs, same value after the call)', () => {
    fc.assert(
      fc.property(fc.oneof(shipmentAddressArb, corruptedAddressArb({ min: 1, max: 3 }).map((c) => c.input)), prefixArb, (a, prefix) => {
        const before = structuredClone(a)
        const path = typeof prefix.path === 'string' ? prefix.path : deepFreeze([...prefix.path])
        normalizeAddress(deepFreeze(a), { path })
        expect(a).toEqual(before)
      }),
    )
  })
})
