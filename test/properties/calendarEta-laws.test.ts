// Laws for src/rules/calendarEta.ts that the mutation analysis (docs/mutation.md) found unpinned:
// the defaults (closeTime 16:00, the delivery zone falling back to the business-day zone of the
// options, then of the configuration), same-day delivery on any day, and the null answers for a
// close time or zone that is not text (QTE-04).
import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { makeConfig } from '../../src/config.js'
import { estimateDelivery } from '../../src/rules/calendarEta.js'
import { timeArb } from '../arbitraries/address.js'

const ZONES = ['America/Chicago', 'America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu', 'Pacific/Guam']
const instantArb = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }).map((ms) => DateTime.fromMillis(ms, { zone: 'utc' }))
const configIn = (zone: string) => {
  const r = makeConfig({ businessDays: { zone, holidays: 'none' } })
  if (!isRight(r)) throw new Error(`no configuration for ${zone}`)
  return r.right
}

describe('QTE-04 the estimated delivery: its defaults', () => {
  it('no close time is 16:00; no delivery zone is the options\' zone, else the configuration\'s, else America/Chicago', () => {
    fc.assert(
      fc.property(instantArb, fc.integer({ min: 0, max: 10 }), fc.constantFrom(...ZONES), fc.constantFrom(...ZONES), (pickup, n, zone, configZone) => {
        const config = configIn(configZone)
        expect(estimateDelivery({ pickup, transitDays: n, deliveryZone: zone }, { zone })).toBe(estimateDelivery({ pickup, transitDays: n, deliveryCloseTime: '16:00', deliveryZone: zone }, { zone }))
        expect(estimateDelivery({ pickup, transitDays: n, deliveryCloseTime: '09:30' }, { zone })).toBe(estimateDelivery({ pickup, transitDays: n, deliveryCloseTime: '09:30', deliveryZone: zone }, { zone }))
        expect(estimateDelivery({ pickup, transitDays: n }, { config })).toBe(estimateDelivery({ pickup, transitDays: n, deliveryZone: configZone }, { zone: configZone }))
        expect(estimateDelivery({ pickup, transitDays: n })).toBe(estimateDelivery({ pickup, transitDays: n, deliveryZone: 'America/Chicago' }, { zone: 'America/Chicago' }))
      }),
    )
  })

  it('0 transit days is the pickup\'s own day in the business-day zone, a weekend included, at the close time', () => {
    fc.assert(
      fc.property(instantArb, fc.constantFrom(...ZONES), timeArb, (pickup, zone, closeTime) => {
        const eta = estimateDelivery({ pickup, transitDays: 0, deliveryCloseTime: closeTime, deliveryZone: zone }, { zone })
        expect(eta).not.toBeNull()
        const local = DateTime.fromISO(eta!, { zone })
        expect(local.toISODate()).toBe(pickup.setZone(zone).toISODate())
        expect(estimateDelivery({ pickup: DateTime.invalid('unreadable'), transitDays: 0 })).toBeNull()
      }),
    )
  })

  it('a close time or zone that is not text is no estimate, whatever it would read as', () => {
    fc.assert(
      fc.property(instantArb, fc.integer({ min: 0, max: 5 }), fc.constantFrom<unknown>(['16:00'], 1600, { toString: () => '16:00' }), (pickup, n, odd) => {
        expect(estimateDelivery({ pickup, transitDays: n, deliveryCloseTime: odd } as never)).toBeNull()
        expect(estimateDelivery({ pickup, transitDays: n, deliveryZone: ['America/Chicago'] } as never)).toBeNull()
      }),
    )
  })
})
