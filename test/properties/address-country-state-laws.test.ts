// ADDR-02, ADDR-05 … ADDR-07, ADDR-13: the country and state of a request's address over a table
// of spellings (served, unserved and unknown countries, lower and mixed case, a territory named as
// the state of a US address or as its own country, a state that is not a US code), each with and
// without the other, for a shipment and for a quote. The fast path (fastAddress) and the
// reference (normalizeAddress) answer alike: the fast path answers every address the reference
// accepts, with the same value, and gives up on every one it refuses.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fastAddress, normalizeAddress } from '../../src/rules/address.js'
import { shipmentAddressArb } from '../../src/arbitraries/address.js'

const COUNTRIES = [undefined, 'US', 'us', 'Us', 'CA', 'MX', 'PR', 'GU', 'VI', 'AS', 'MP', 'DE', 'XX', 'U1', 'USA', '', 'u', 7, null] as const
const STATES = [undefined, 'IL', 'il', 'TX', 'DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM', 'ON', 'XX', 'DE', '', 'I', 'ILL', 3, null] as const

describe('ADDR-02, ADDR-05 … ADDR-07 country and state: fast path and reference alike', () => {
  it('over the table of countries and states, for a shipment and a quote', () => {
    fc.assert(
      fc.property(shipmentAddressArb, fc.constantFrom(...COUNTRIES), fc.constantFrom(...STATES), fc.boolean(), (base, country, state, shipment) => {
        const { country: _c, state: _s, ...rest } = base
        const address: Record<string, unknown> = { ...rest }
        if (country !== undefined) address['country'] = country
        if (state !== undefined) address['state'] = state
        const ref = normalizeAddress(address, { purpose: shipment ? 'shipment' : 'quote' })
        const fast = fastAddress(address, shipment)
        if (ref._tag === 'Right') expect(fast).toStrictEqual(ref.right)
        else expect(fast).toBeUndefined()
      }),
    )
  })

  it('the whole table once, on one address: both answers occur, and they agree', () => {
    const base = { name: 'Acme', address1: '1 Main St', city: 'Des Plaines', zipCode: '60018', contactPerson: 'Pat', phoneNumber: '+13125550100' }
    let accepted = 0
    let refused = 0
    for (const country of COUNTRIES) {
      for (const state of STATES) {
        for (const shipment of [true, false]) {
          const address: Record<string, unknown> = { ...base }
          if (country !== undefined) address['country'] = country
          if (state !== undefined) address['state'] = state
          const ref = normalizeAddress(address, { purpose: shipment ? 'shipment' : 'quote' })
          const fast = fastAddress(address, shipment)
          if (ref._tag === 'Right') {
            accepted++
            expect(fast).toStrictEqual(ref.right)
          } else {
            refused++
            expect(fast).toBeUndefined()
          }
        }
      }
    }
    expect(accepted).toBeGreaterThan(20)
    expect(refused).toBeGreaterThan(20)
  })
})
