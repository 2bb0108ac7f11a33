import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { defaultConfig, makeConfig } from '../../src/config.js'
import { insideServiceFeeCents } from '../../src/rules/accessorials.js'

const stopArb = fc.record(
  { insideRequired: fc.boolean(), lumperRequired: fc.boolean() },
  { requiredKeys: [] },
)

describe('ADDR-14 inside-service fee', () => {
  it('the fee is the configured flat fee once per stop that requires inside service', () => {
    fc.assert(
      fc.property(stopArb, stopArb, fc.integer({ min: 0, max: 1_000_000 }), (pickupAddress, deliveryAddress, fee) => {
        const made = makeConfig({ insideServiceFeeCents: fee })
        expect(isRight(made)).toBe(true)
        if (!isRight(made)) return
        const stops = [pickupAddress, deliveryAddress].filter((s) => s.insideRequired === true).length
        expect(insideServiceFeeCents({ pickupAddress, deliveryAddress }, { config: made.right })).toBe(stops * fee)
      }),
    )
  })
  it('the lumper flag never changes the quote', () => {
    fc.assert(
      fc.property(stopArb, stopArb, fc.boolean(), fc.boolean(), (p, d, l1, l2) => {
        const a = insideServiceFeeCents({ pickupAddress: { ...p, lumperRequired: l1 }, deliveryAddress: { ...d, lumperRequired: l2 } })
        const b = insideServiceFeeCents({ pickupAddress: p, deliveryAddress: d })
        expect(a).toBe(b)
      }),
    )
  })
  it('the default fee is the documented $75.00 per stop and the result is whole cents', () => {
    expect(defaultConfig.insideServiceFeeCents).toBe(7500)
    expect(insideServiceFeeCents({ pickupAddress: { insideRequired: true }, deliveryAddress: {} })).toBe(7500)
    fc.assert(fc.property(stopArb, stopArb, (p, d) => Number.isSafeInteger(insideServiceFeeCents({ pickupAddress: p, deliveryAddress: d }))))
  })
})
