// The status sentence (TRK-05) against Intl's own calendar in the delivery zone, and the tracking
// assembly (TRK-06, ORD-08, TRK-01) with the geo entry point naming places.
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { defaultConfig } from '../../src/config.js'
import { nearestZip, timeZoneForZip, zipCentroid } from '../../src/geo/index.js'
import { ORDER_STATUSES } from '../../src/model/orderStatuses.js'
import { Tracking } from '../../src/model/tracking.js'
import { transitDays } from '../../src/rules/calendar.js'
import { buildTracking, describeStatus, STATUS_PHASES, type TrackingFacts } from '../../src/rules/trackingStatus.js'
import { deepFreeze } from '../arbitraries/freeze.js'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const T0 = Date.UTC(2026, 10, 23, 14, 0, 0)
const at = (ms: number): DateTime => DateTime.fromMillis(ms, { zone: 'utc' })
const ZONES = ['America/Chicago', 'America/New_York', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu', 'America/Puerto_Rico', 'Pacific/Guam'] as const
const PHASED = Object.keys(STATUS_PHASES)
const UNPHASED = ORDER_STATUSES.filter((s) => !PHASED.includes(s))

/** The day as Intl writes it in a zone: "Tuesday, Nov 24" (the oracle; the code uses luxon). */
const dayIn = (ms: number, zone: string): string => {
  const part = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone: zone, ...o }).format(ms)
  return `${part({ weekday: 'long' })}, ${part({ month: 'short' })} ${part({ day: 'numeric' })}`
}

const placeArb = fc.record({
  city: fc.constantFrom('Joliet', 'Dallas', "Coeur d'Alene", 'Honolulu', 'San Juan'),
  state: fc.constantFrom('IL', 'TX', 'ID', 'HI', 'PR'),
})
const etaArb = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 11, 31) })

describe('TRK-05 the status sentence', () => {
  it('names the phase, the place and the ETA day in the delivery zone, as Intl writes that day', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PHASED), placeArb, etaArb, fc.constantFrom(...ZONES), (status, place, eta, zone) => {
        const phase = STATUS_PHASES[status as keyof typeof STATUS_PHASES]
        const where = `${phase} near ${place.city}, ${place.state}`
        const expected = status === 'DELIVERED' ? `${where} on ${dayIn(eta, zone)}` : `${where}; expected ${dayIn(eta, zone)}`
        expect(describeStatus({ orderStatus: status, place, eta: at(eta), zone })).toBe(expected)
        // without a zone, the configured one
        expect(describeStatus({ orderStatus: status, place, eta: at(eta) })).toBe(describeStatus({ orderStatus: status, place, eta: at(eta), zone: defaultConfig.businessDays.zone }))
        // without an ETA, the sentence stops after the place
        expect(describeStatus({ orderStatus: status, place, eta: null, zone })).toBe(where)
      }),
    )
  })

  it('is omitted when delayed, without a phase, without a place, or with a zone that is not an IANA zone', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PHASED),
        placeArb,
        etaArb,
        fc.constantFrom<unknown>(...UNPHASED, null, undefined, 'in_transit', 42),
        fc.constantFrom<unknown>(null, undefined, { city: '', state: 'IL' }, { city: 'Joliet', state: ' ' }, { city: 'Joliet' }, 'Joliet, IL'),
        fc.constantFrom('Mars/Olympus_Mons', 'Central Time', ''),
        (status, place, eta, noPhase, noPlace, badZone) => {
          const ok = { orderStatus: status, place, eta: at(eta) }
          expect(describeStatus(ok)).toBeDefined()
          expect(describeStatus({ ...ok, isSignificantlyDelayed: true })).toBeUndefined()
          expect(describeStatus({ ...ok, orderStatus: noPhase })).toBeUndefined()
          expect(describeStatus({ ...ok, place: noPlace as never })).toBeUndefined()
          expect(describeStatus({ ...ok, zone: badZone })).toBeUndefined()
        },
      ),
    )
  })

  it('judges a Honolulu or Anchorage delivery in its own zone: the ETA day and the transit days differ from Chicago', () => {
    const honolulu = timeZoneForZip('96813')!
    const anchorage = timeZoneForZip('99501')!
    expect([honolulu, anchorage]).toEqual(['Pacific/Honolulu', 'America/Anchorage'])
    const place = { city: zipCentroid('96813')!.city, state: zipCentroid('96813')!.state }
    // 08:00 UTC on Wednesday Nov 25 is still Tuesday evening in Honolulu (22:00) and Anchorage (23:00)
    const eta = DateTime.fromISO('2026-11-25T08:00:00Z')
    expect(describeStatus({ orderStatus: 'IN_TRANSIT', place, eta })).toBe('In transit near Honolulu, HI; expected Wednesday, Nov 25')
    expect(describeStatus({ orderStatus: 'IN_TRANSIT', place, eta, zone: honolulu })).toBe('In transit near Honolulu, HI; expected Tuesday, Nov 24')
    expect(describeStatus({ orderStatus: 'IN_TRANSIT', place, eta, zone: anchorage })).toBe('In transit near Honolulu, HI; expected Tuesday, Nov 24')
    // picked up Friday Nov 20: two business days to Wednesday in Chicago, one to Tuesday in Honolulu
    const pickup = DateTime.fromISO('2026-11-20T20:00:00Z')
    expect(transitDays(pickup, eta)).toBe(3)
    expect(transitDays(pickup, eta, { zone: honolulu })).toBe(2)
  })
})

/** An order's facts: any status (or unset), some dates, a Chicago to Dallas route, pings near or far. */
const factsArb = fc
  .record({
    status: fc.constantFrom<string | null | undefined>(...ORDER_STATUSES, null, undefined),
    pickup: fc.option(fc.integer({ min: -12 * HOUR, max: 12 * HOUR }), { nil: undefined }),
    estimatedPickup: fc.option(fc.integer({ min: -12 * HOUR, max: 12 * HOUR }), { nil: undefined }),
    delivered: fc.option(fc.integer({ min: 12 * HOUR, max: 48 * HOUR }), { nil: undefined }),
    predicted: fc.option(fc.integer({ min: 12 * HOUR, max: 48 * HOUR }), { nil: undefined }),
    appointment: fc.option(fc.integer({ min: 12 * HOUR, max: 48 * HOUR }), { nil: undefined }),
    now: fc.integer({ min: -12 * HOUR, max: 72 * HOUR }),
    pings: fc.array(
      fc.record({
        vehicleId: fc.constant('TRK-7'),
        timestamp: fc.integer({ min: 0, max: 24 * HOUR }).map((d) => new Date(T0 + d).toISOString()),
        latitude: fc.double({ min: 32, max: 42.5, noNaN: true }),
        longitude: fc.double({ min: -97.5, max: -84, noNaN: true }),
        heading: fc.integer({ min: 0, max: 359 }),
        speed: fc.integer({ min: 0, max: 120 }),
      }),
      { maxLength: 3 },
    ),
    location: fc.boolean(),
  })
  .map((r) => {
    const dt = (d: number | undefined) => (d === undefined ? undefined : at(T0 + d))
    const facts: TrackingFacts = {
      id: 'ord_1',
      orderNumber: 'A1B2C',
      status: r.status,
      actualPickupDate: dt(r.pickup),
      estimatedPickupDate: dt(r.estimatedPickup),
      actualDeliveryDate: dt(r.delivered),
      predictedDelivery: dt(r.predicted),
      deliveryAppointment: dt(r.appointment),
      origin: zipCentroid('60601'),
      destination: zipCentroid('75201'),
      deliveryZone: timeZoneForZip('75201'),
      pings: r.pings,
    }
    return { facts, raw: r }
  })

const placeOf = (p: { latitude: number; longitude: number }) => nearestZip(p)

describe('TRK-06 / ORD-08 / TRK-01 the tracking assembly', () => {
  it('orderStatus is null exactly when the stored state is unset; estimatedDeliveryDate is the appointment, else the prediction, else null', () => {
    fc.assert(
      fc.property(factsArb, ({ facts, raw }) => {
        const r = buildTracking(facts, { include: { location: raw.location }, now: at(T0 + raw.now), placeOf })
        if (r._tag === 'Left') throw new Error('a valid order gave a problem')
        expect(Tracking.is(r.right)).toBe(true)
        expect(r.right.orderStatus).toBe(raw.status ?? null)
        const booked = raw.appointment ?? raw.predicted
        expect(r.right.estimatedDeliveryDate).toBe(booked === undefined ? null : at(T0 + booked).toISO({ suppressMilliseconds: true }))
        expect('location' in r.right).toBe(raw.location)
      }),
    )
  })

  it('a delayed estimate never carries a status sentence; a sentence names the place nearest the center and the delivery day in Dallas', () => {
    const seen = { delayed: 0, sentence: 0 }
    fc.assert(
      fc.property(factsArb, ({ facts, raw }) => {
        const r = buildTracking(facts, { include: { location: true }, now: at(T0 + raw.now), placeOf })
        if (r._tag === 'Left' || r.right.location === undefined) throw new Error('no location although one was asked for')
        const loc = r.right.location
        if (loc.isSignificantlyDelayed) expect(loc.statusDescription).toBeUndefined()
        if (loc.isSignificantlyDelayed) seen.delayed++
        if (loc.statusDescription !== undefined && loc.statusDescription !== null) {
          seen.sentence++
          const near = nearestZip(loc.center)!
          expect(loc.statusDescription).toContain(`near ${near.city}, ${near.state}`)
          const eta = raw.delivered ?? raw.appointment ?? raw.predicted
          expect(loc.statusDescription).toContain(dayIn(T0 + eta!, 'America/Chicago'))
        }
      }),
    )
    // both sides of the law were exercised, many times (1 run in 20 each; FC_NUM_RUNS may lower the runs)
    expect(Math.min(seen.delayed, seen.sentence)).toBeGreaterThan(Math.floor((fc.readConfigureGlobal().numRuns ?? 100) / 20))
  })

  it('a stored state or order number outside the spec is a 500; no input throws; the facts are never mutated', () => {
    fc.assert(
      fc.property(factsArb, fc.string(), fc.anything(), ({ facts, raw }, junk, anything) => {
        const bad = buildTracking({ ...facts, status: `X${junk}` }, { include: { location: false }, now: at(T0) })
        expect(bad._tag === 'Left' && [bad.left.status, bad.left.reason]).toEqual([500, 'internal_error'])
        const badNumber = buildTracking({ ...facts, orderNumber: `${junk}!` }, { include: { location: false }, now: at(T0) })
        expect(badNumber._tag === 'Left' && badNumber.left.status).toBe(500)
        const { pings, origin, destination } = facts
        deepFreeze([pings, origin, destination])
        expect(() => buildTracking(facts, { include: { location: true }, now: at(T0 + raw.now), placeOf })).not.toThrow()
        expect(() => buildTracking(anything as never, anything as never)).not.toThrow()
      }),
    )
  })
})
