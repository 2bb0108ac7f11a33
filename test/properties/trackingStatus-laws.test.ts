// Laws for src/rules/trackingStatus.ts (TRK-01, TRK-05, TRK-06, ORD-08) that the mutation analysis
// (docs/mutation.md) found unpinned:
// - buildTracking's 500s by a table of stored facts that are not the spec's (the whole problem:
//   reason, detail and violation); the pickup stamps present exactly when valid; options without
//   `include` ask for nothing; without `placeOf` no sentence;
// - a location that cannot be estimated says why, placed at the origin and stamped now;
// - the configuration reaches the estimate (its radius) and the sentence (its default zone);
// - describeStatus reads text only (a boxed or listed status, a place that is a function or holds
//   boxed or blank text: no sentence), trims the place, says "on" for a delivery and "expected"
//   otherwise, and stays English whatever luxon's default locale.
import fc from 'fast-check'
import { DateTime, Settings } from 'luxon'
import { describe, expect, it } from 'vitest'
import { makeConfig, type RulesConfig } from '../../src/config.js'
import { problemFor } from '../../src/errors/problem.js'
import { violationAt } from '../../src/errors/violation.js'
import { ORDER_STATUSES } from '../../src/model/orderStatuses.js'
import { buildTracking, describeStatus, STATUS_PHASES } from '../../src/rules/trackingStatus.js'
import { rightOf } from '../support/either.js'

const T0 = Date.UTC(2026, 10, 23, 14, 0, 0)
const HOUR = 3_600_000
const at = (ms: number): DateTime => DateTime.fromMillis(ms, { zone: 'utc' })
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z')
const configOf = (overrides: Record<string, unknown>): RulesConfig => rightOf(makeConfig(overrides))
const CHICAGO = { latitude: 41.886, longitude: -87.618 }
const DALLAS = { latitude: 32.79, longitude: -96.804 }
const good = { id: 'ord_1', orderNumber: 'A1B2C', status: 'IN_TRANSIT' }
const NOW = at(T0 + 5 * HOUR)

describe('TRK-06 buildTracking: stored facts that are not the spec’s are a 500', () => {
  it('by a table: the reason, the detail and the one violation', () => {
    const unreadable = problemFor('internal_error', 'The order could not be read.')
    const badStatus = problemFor('internal_error', 'The stored order status is not one of the spec.', [violationAt(['orderStatus'], 'Tracking', 'invalid', 'must be an order status of the spec or unset')])
    const badNumber = problemFor('internal_error', 'The stored order number or id is not valid.', [violationAt(['orderNumber'], 'Tracking', 'invalid', 'must be five letters or digits, with a string id')])
    const CASES: ReadonlyArray<readonly [unknown, unknown]> = [
      [null, unreadable],
      ['ord_1', unreadable],
      [7, unreadable],
      [{ ...good, status: 'SHIPPED' }, badStatus],
      [{ ...good, status: 'in_transit' }, badStatus],
      [{ ...good, status: 3 }, badStatus],
      [{ ...good, orderNumber: 'A1B2' }, badNumber],
      [{ ...good, orderNumber: 12345 }, badNumber],
      [{ ...good, id: 1 }, badNumber],
      [{ ...good, id: undefined }, badNumber],
    ]
    fc.assert(
      fc.property(fc.constantFrom(...CASES), fc.boolean(), ([facts, problem], location) => {
        expect(buildTracking(facts as never, { include: { location }, now: NOW })).toStrictEqual({ _tag: 'Left', left: problem })
      }),
    )
  })

  it('the pickup stamps are present exactly when they are valid DateTimes; options without include ask for no location', () => {
    const dateArb = fc.constantFrom<unknown>(undefined, null, at(T0), at(T0 + HOUR), DateTime.invalid('unreadable'), '2026-11-23T14:00:00Z')
    fc.assert(
      fc.property(dateArb, dateArb, dateArb, (actualPickupDate, estimatedPickupDate, actualDeliveryDate) => {
        const r = buildTracking({ ...good, actualPickupDate, estimatedPickupDate, actualDeliveryDate } as never, {} as never)
        expect(r._tag).toBe('Right')
        if (r._tag !== 'Right') return
        const stamp = (d: unknown) => (DateTime.isDateTime(d) && d.isValid ? iso(d.toMillis()) : undefined)
        expect(r.right.actualPickupDate).toBe(stamp(actualPickupDate))
        expect(r.right.estimatedPickupDate).toBe(stamp(estimatedPickupDate))
        expect(r.right.actualDeliveryDate).toBe(stamp(actualDeliveryDate))
        expect('location' in r.right).toBe(false)
      }),
    )
  })
})

describe('TRK-06 a location that cannot be estimated', () => {
  it('an order not under way, or without a pickup time: flagged, saying why, at the origin and stamped now', () => {
    fc.assert(
      fc.property(fc.constantFrom(null, ...ORDER_STATUSES), fc.boolean(), (status, picked) => {
        const facts = { ...good, status, origin: CHICAGO, destination: DALLAS, predictedDelivery: at(T0 + 30 * HOUR), ...(picked ? { actualPickupDate: at(T0) } : {}) }
        const r = buildTracking(facts as never, { include: { location: true }, now: NOW })
        expect(r._tag).toBe('Right')
        if (r._tag !== 'Right') return
        const loc = r.right.location!
        const underWay = status !== null && ['CONFIRMED', 'ACCEPTED', 'ASSIGNED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED'].includes(status)
        if (underWay && picked) {
          expect(loc.delayMessage.startsWith('No position estimate')).toBe(false)
          return
        }
        expect(loc.isSignificantlyDelayed).toBe(true)
        expect(loc.delayMessage).toBe(`No position estimate: ${underWay ? 'neither the actual nor the estimated pickup time is known' : `no shipment is under way (status ${status ?? 'unset'})`}.`)
        expect(loc.center).toMatchObject({ latitude: CHICAGO.latitude, longitude: CHICAGO.longitude, timestamp: iso(NOW.toMillis()) })
      }),
    )
  })
})

describe('TRK-05, TRK-06 the configuration and placeOf', () => {
  it('the configured model sizes the radius; the configured zone dates the sentence; without placeOf there is no sentence', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.constantFrom('Pacific/Honolulu', 'Asia/Tokyo', 'America/Chicago'), fc.boolean(), (baseRadiusKm, zone, withPlace) => {
        const config = configOf({ tracking: { baseRadiusKm, radiusGrowthKmPerHour: 0 }, businessDays: { zone, holidays: 'none' } })
        const eta = at(T0 + 30 * HOUR + 11 * HOUR)
        const facts = { ...good, origin: CHICAGO, destination: DALLAS, actualPickupDate: at(T0), predictedDelivery: eta }
        const r = buildTracking(facts, { include: { location: true }, now: NOW, config, ...(withPlace ? { placeOf: () => ({ city: 'Joliet', state: 'IL' }) } : {}) })
        expect(r._tag).toBe('Right')
        if (r._tag !== 'Right') return
        const loc = r.right.location!
        expect(loc.uncertaintyRadiusKm).toBe(baseRadiusKm)
        const day = eta.setZone(zone).setLocale('en-US').toFormat('cccc, LLL d')
        expect(loc.statusDescription).toBe(withPlace ? `In transit near Joliet, IL; expected ${day}` : undefined)
      }),
    )
  })
})

describe('TRK-05 describeStatus', () => {
  const place = { city: 'Joliet', state: 'IL' }
  it('reads text only: a boxed or listed status, a place that is a function or holds boxed or blank text give no sentence', () => {
    const fnPlace = Object.assign(() => 0, place)
    const CASES: ReadonlyArray<Record<string, unknown>> = [
      { orderStatus: Object('IN_TRANSIT'), place },
      { orderStatus: ['IN_TRANSIT'], place },
      { orderStatus: 'IN_TRANSIT', place: fnPlace },
      { orderStatus: 'IN_TRANSIT', place: { city: Object('Joliet'), state: 'IL' } },
      { orderStatus: 'IN_TRANSIT', place: { city: 'Joliet', state: Object('IL') } },
      { orderStatus: 'IN_TRANSIT', place: { city: ' ', state: 'IL' } },
      { orderStatus: 'IN_TRANSIT', place: { city: 'Joliet', state: '  ' } },
      { orderStatus: 'IN_TRANSIT', place: null },
    ]
    fc.assert(
      fc.property(fc.constantFrom(...CASES), (facts) => {
        expect(describeStatus(facts as never)).toBeUndefined()
      }),
    )
    expect(describeStatus({ orderStatus: 'IN_TRANSIT', place })).toBe('In transit near Joliet, IL')
  })

  it('the place trimmed; "on" the ETA day for a delivery, "expected" otherwise; English whatever luxon’s default locale', () => {
    const withPhase = Object.keys(STATUS_PHASES) as Array<keyof typeof STATUS_PHASES>
    fc.assert(
      fc.property(fc.constantFrom(...withPhase), fc.constantFrom('', ' ', '  '), fc.integer({ min: 0, max: 400 * 24 }), fc.constantFrom('de-DE', 'fr-FR', 'ja-JP', 'en-US'), (orderStatus, pad, hours, locale) => {
        const previous = Settings.defaultLocale
        Settings.defaultLocale = locale
        try {
          const eta = at(T0 + hours * HOUR)
          const s = describeStatus({ orderStatus, place: { city: `${pad}Joliet${pad}`, state: `${pad}IL` }, eta, zone: 'America/Chicago' })
          const day = DateTime.fromMillis(eta.toMillis(), { zone: 'America/Chicago', locale: 'en-US' }).toFormat('cccc, LLL d')
          const where = `${STATUS_PHASES[orderStatus]} near Joliet, IL`
          expect(s).toBe(orderStatus === 'DELIVERED' ? `${where} on ${day}` : `${where}; expected ${day}`)
        } finally {
          Settings.defaultLocale = previous
        }
      }),
    )
  })
})
