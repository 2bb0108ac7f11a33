import fc from 'fast-check'
import countries from 'i18n-iso-countries'
import { describe, expect, it } from 'vitest'
import {
  canonicalTerritory,
  classifyCountry,
  ISO_3166_1_ALPHA_2,
  isRequestState,
  isUsTerritory,
  SERVED_COUNTRIES,
  US_STATES_AND_DC,
  US_TERRITORIES,
  type ServedCountry,
} from '../../src/rules/country.js'

// Oracle: the officially assigned codes of i18n-iso-countries (XK there is user-assigned).
const ISO = new Set(Object.keys(countries.getAlpha2Codes()).filter((c) => c !== 'XK'))
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const twoLetterArb = fc.tuple(fc.constantFrom(...UPPER), fc.constantFrom(...UPPER)).map(([a, b]) => a + b)
const served = new Set<string>(['US', 'PR', 'GU', 'VI', 'AS', 'MP'])

describe('ADDR-06 country table', () => {
  it('the ISO 3166-1 table is exactly the 249 officially assigned codes', () => {
    expect([...ISO_3166_1_ALPHA_2].sort()).toEqual([...ISO].sort())
    expect(ISO_3166_1_ALPHA_2.size).toBe(249)
  })
  it('every two-letter code is served, recognized but not served, or unknown, as the oracle says', () => {
    fc.assert(
      fc.property(twoLetterArb, (code) => {
        const expected = served.has(code) ? 'served' : ISO.has(code) ? 'not_served' : 'unknown'
        expect(classifyCountry(code)).toBe(expected)
      }),
    )
  })
  it('the served countries are the US and the five territories, all recognized', () => {
    expect(new Set(SERVED_COUNTRIES)).toEqual(served)
    for (const c of SERVED_COUNTRIES) expect(ISO.has(c)).toBe(true)
  })
})

describe('ADDR-02 request states', () => {
  it('a request state is one of the 50 states, DC or a territory: 56 codes', () => {
    const all = [...US_STATES_AND_DC, ...US_TERRITORIES]
    expect(new Set(all).size).toBe(56)
    fc.assert(fc.property(twoLetterArb, (code) => {
      expect(isRequestState(code)).toBe(all.includes(code as never))
    }))
  })
})

describe('ADDR-07 canonical territory form', () => {
  const stateArb = fc.constantFrom<string | undefined>(undefined, ...US_STATES_AND_DC, ...US_TERRITORIES)
  it('canonicalTerritory is idempotent', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SERVED_COUNTRIES), stateArb, (country, state) => {
        const once = canonicalTerritory(country, state)
        if (once !== null) expect(canonicalTerritory(once.country, once.state)).toEqual(once)
      }),
    )
  })
  it('a territory is written with its code in both fields, whichever spelling was sent', () => {
    fc.assert(
      fc.property(fc.constantFrom(...US_TERRITORIES), (t) => {
        expect(canonicalTerritory('US', t)).toEqual({ country: t, state: t })
        expect(canonicalTerritory(t, t)).toEqual({ country: t, state: t })
      }),
    )
  })
  it('a territory country with a different state is a mismatch; US with a state is unchanged', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SERVED_COUNTRIES), stateArb, (country: ServedCountry, state) => {
        const r = canonicalTerritory(country, state)
        if (country === 'US') {
          expect(r).toEqual(state !== undefined && isUsTerritory(state) ? { country: state, state } : { country, state })
        } else {
          expect(r === null).toBe(state !== undefined && state !== country)
        }
      }),
    )
  })
})
