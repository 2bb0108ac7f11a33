import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { transitDays } from '../../src/rules/calendar.js'
import { estimateDelivery } from '../../src/rules/calendarEta.js'
import { timeArb } from '../../src/arbitraries/address.js'

const ZONES = ['America/Chicago', 'America/New_York', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu', 'America/Puerto_Rico', 'Pacific/Guam']
const instantArb = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }).map((ms) => DateTime.fromMillis(ms, { zone: 'utc' }))

describe('QTE-04 estimated delivery', () => {
  it('is a UTC date-time at the delivery stop’s closeTime in its zone, on the day transitDays business days after pickup', () => {
    fc.assert(
      fc.property(instantArb, fc.integer({ min: 0, max: 30 }), fc.constantFrom(...ZONES), fc.constantFrom(...ZONES), timeArb, fc.constantFrom('none', 'carrier', 'us-federal') as fc.Arbitrary<'none' | 'carrier' | 'us-federal'>, (pickup, n, zone, deliveryZone, closeTime, holidays) => {
        const eta = estimateDelivery({ pickup, transitDays: n, deliveryCloseTime: closeTime, deliveryZone }, { zone, holidays })
        expect(eta).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
        const local = DateTime.fromISO(eta!, { zone: deliveryZone })
        // the wall-clock closeTime in the delivery zone (a closeTime inside a DST gap moves forward)
        if (local.toFormat('HH:mm') !== closeTime) expect(DateTime.fromISO(`${local.toISODate()}T${closeTime}`, { zone: deliveryZone }).toMillis()).toBe(local.toMillis())
        // the delivery day, read in the business-day zone, is n business days after the pickup day
        const dayInBusinessZone = DateTime.fromObject({ year: local.year, month: local.month, day: local.day, hour: 12 }, { zone })
        expect(transitDays(pickup, dayInBusinessZone, { zone, holidays })).toBe(n)
        // the same, read straight from the ETA with the stop's zone named: the two functions are inverse
        expect(transitDays(pickup, DateTime.fromISO(eta!, { zone: 'utc' }), { zone, holidays, deliveryZone })).toBe(n)
      }),
    )
  })
  it('is null when no ETA can be computed: no transit days, invalid pickup, time or zone', () => {
    fc.assert(
      fc.property(instantArb, (pickup) => {
        expect(estimateDelivery({ pickup, transitDays: null })).toBeNull()
        expect(estimateDelivery({ pickup, transitDays: -1 })).toBeNull()
        expect(estimateDelivery({ pickup, transitDays: 1.5 })).toBeNull()
        expect(estimateDelivery({ pickup: DateTime.invalid('x'), transitDays: 2 })).toBeNull()
        expect(estimateDelivery({ pickup, transitDays: 2, deliveryCloseTime: '25:00' })).toBeNull()
        expect(estimateDelivery({ pickup, transitDays: 2, deliveryZone: 'Atlantis/Capital' })).toBeNull()
      }),
    )
  })
})
