// Laws for src/rules/address.ts that the mutation run (docs/mutation.md) showed missing: the
// normalized address holds exactly the members that were sent (plus the defaults the spec names),
// never a member whose value is undefined; keys the spec does not define change nothing, whatever
// their length; what is not an address object is one violation with its code and reason; the
// entity option wins over the path; violations come in the wire order of the Address fields;
// and the reasons of the country and state codes (ADDR-01 … ADDR-07).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalizeAddress } from '../../src/rules/address.js'
import { corruptedAddressArb, shipmentAddressArb } from '../../src/arbitraries/address.js'

/** The Address fields in the order the spec's Address table lists them. */
const WIRE_ORDER = [
  'name', 'address1', 'address2', 'city', 'state', 'zipCode', 'country', 'phoneNumber', 'phoneExtension',
  'contactPerson', 'email', 'openTime', 'closeTime', 'notes',
  'liftgateRequired', 'limitedAccess', 'appointmentRequired', 'callAheadRequired', 'lumperRequired', 'insideRequired',
]
/** What the normalized address may add to what was sent: the defaults (ADDR-05 country, open and close times). */
const DEFAULTED = ['country', 'openTime', 'closeTime']

const jsonWord = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)

describe('ADDR-01 … ADDR-12 the normalized address holds what was sent, and nothing undefined', () => {
  it('every member has a value; its keys are the keys sent plus the defaulted ones; an optional member left out stays out', () => {
    fc.assert(
      fc.property(shipmentAddressArb, fc.subarray(['address2', 'phoneExtension', 'email', 'notes', 'liftgateRequired', 'limitedAccess', 'appointmentRequired', 'callAheadRequired', 'lumperRequired', 'insideRequired']), (valid, drop) => {
        const input = { ...valid }
        for (const k of drop) delete input[k]
        const r = normalizeAddress(input)
        expect(r._tag).toBe('Right')
        if (r._tag !== 'Right') return
        const out = r.right as unknown as Record<string, unknown>
        for (const [k, v] of Object.entries(out)) expect(v, k).not.toBeUndefined()
        const sent = Object.keys(input).filter((k) => WIRE_ORDER.includes(k))
        expect(new Set(Object.keys(out))).toEqual(new Set([...sent, ...DEFAULTED]))
      }),
    )
  })

  it('keys the spec does not define are ignored, whatever their length (the reader dispatches on length)', () => {
    const unknownKey = fc.string({ minLength: 1, maxLength: 24 }).filter((k) => !WIRE_ORDER.includes(k) && k !== '__proto__')
    fc.assert(
      fc.property(shipmentAddressArb, fc.array(fc.tuple(unknownKey, fc.oneof(fc.boolean(), fc.string(), fc.integer())), { maxLength: 4 }), (valid, extra) => {
        const plain = normalizeAddress(valid)
        const noisy: Record<string, unknown> = { ...valid }
        for (const [k, v] of extra) noisy[k] = v
        // keys of a defined field's length that are not that field
        noisy['appointmentRequirex'] = true
        noisy['zipcode'] = '00000'
        noisy['State'] = 'ZZ'
        expect(normalizeAddress(noisy)).toStrictEqual(plain)
      }),
    )
  })
})

describe('ADDR-01 what is not an address object: one violation at the path, with the entity asked for', () => {
  it('absent: required, "is required"; anything else: type, naming what it got', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.boolean(), fc.array(fc.integer(), { maxLength: 2 })),
        fc.constantFrom('pickupAddress', 'stops[1].address'),
        fc.option(fc.constantFrom('stop', null), { nil: undefined }),
        (input, path, entity) => {
          const r = normalizeAddress(input, { path, ...(entity === undefined ? {} : { entity }) })
          expect(r._tag).toBe('Left')
          if (r._tag !== 'Left') return
          expect(r.left).toStrictEqual([
            {
              field: path,
              entity: entity !== undefined ? entity : path.split(/[.[]/)[0],
              reason: input === undefined ? 'is required' : `must be an address object, got ${jsonWord(input)}`,
              code: input === undefined ? 'required' : 'type',
            },
          ])
        },
      ),
    )
  })
})

describe('ADDR-01 … ADDR-12 violations are listed in the wire order of the Address fields', () => {
  it('whatever fields are wrong, their violations follow the Address table, under any path', () => {
    fc.assert(
      fc.property(corruptedAddressArb({ min: 2, max: 6 }), fc.constantFrom(undefined, 'deliveryAddress', 'a.b'), ({ input }, path) => {
        const r = normalizeAddress(input, path === undefined ? {} : { path })
        expect(r._tag).toBe('Left')
        if (r._tag !== 'Left') return
        const ranks = r.left.map((v) => WIRE_ORDER.indexOf(v.field.slice(v.field.lastIndexOf('.') + 1)))
        for (const k of ranks) expect(k).toBeGreaterThanOrEqual(0)
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
      }),
    )
  })
})

describe('ADDR-02, ADDR-05 … ADDR-07 the reasons of the country and state codes', () => {
  it('an unknown country, an unknown state, and a territory written under another territory\'s country', () => {
    fc.assert(
      fc.property(shipmentAddressArb, fc.constantFrom('ZZ', 'XX', 'QQ'), fc.constantFrom('ZZ', 'QQ', 'XY'), (valid, country, state) => {
        const unknownCountry = normalizeAddress({ ...valid, country })
        expect(unknownCountry._tag === 'Left' && unknownCountry.left.find((v) => v.field === 'country')).toMatchObject({ code: 'unknown_country', reason: 'must be an ISO 3166-1 alpha-2 country code' })
        const unknownState = normalizeAddress({ ...valid, country: 'US', state })
        expect(unknownState._tag === 'Left' && unknownState.left).toEqual([{ field: 'state', entity: null, code: 'unknown_state', reason: 'must be a US state, DC or territory code' }])
        const mismatch = normalizeAddress({ ...valid, country: 'PR', state: 'GU' })
        expect(mismatch._tag === 'Left' && mismatch.left).toEqual([{ field: 'state', entity: null, code: 'mismatch', reason: 'must be PR when country is the US territory PR' }])
      }),
    )
  })
})
