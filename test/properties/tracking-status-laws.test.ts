// Laws for src/rules/trackingStatus.ts and src/rules/tracking.ts that the mutation analysis
// (docs/mutation.md) found unexercised: the status sentence against the phase table of the doc
// comment and an independent weekday oracle, in English whatever luxon's default locale, only for
// a place whose city and state are non-blank strings (trimmed) and for facts that are an object;
// the Tracking resource's 500s with their exact problem, its stamps present exactly when valid,
// no location unless asked, why a location is unavailable, and the configuration reaching the
// estimate and the sentence; the include query's reasons against an oracle, at and beyond its
// length limit; a GPS ping that is no object, a missing field, an unreadable now and the clock-skew
// limit with their exact violations (TRK-01, TRK-02, TRK-05, TRK-06, ORD-08).
import fc from 'fast-check'
import { DateTime, Settings } from 'luxon'
import { describe, expect, it } from 'vitest'
import { makeConfig, type RulesConfig } from '../../src/config.js'
import { ORDER_STATUSES } from '../../src/model/orderStatuses.js'
import { parseTrackingInclude, validateGpsData } from '../../src/rules/tracking.js'
import { estimateLocation } from '../../src/rules/trackingEstimate.js'
import { buildTracking, describeStatus, type TrackingFacts } from '../../src/rules/trackingStatus.js'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const T0 = Date.UTC(2026, 10, 23, 14, 0, 0) // Monday 2026-11-23 14:00Z
const at = (ms: number): DateTime => DateTime.fromMillis(ms, { zone: 'utc' })
/** The wire stamp: UTC, milliseconds only when not 0 (oracle: Date, not luxon). */
const stampOf = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z')

// ---------------------------------------------------------------------------------------------
// TRK-05 the status sentence
// ---------------------------------------------------------------------------------------------

/** The phase table of the doc comment (docs/tracking.md, "The status sentence"). */
const PHASE: Readonly<Record<string, string>> = {
  CONFIRMED: 'Awaiting pickup',
  ACCEPTED: 'Awaiting pickup',
  ASSIGNED: 'Awaiting pickup',
  PICKED_UP: 'In transit',
  IN_TRANSIT: 'In transit',
  DELIVERED: 'Delivered',
}
/** Zones without daylight saving time in 2026, with their fixed offsets in minutes. */
const FIXED_ZONES: ReadonlyArray<readonly [string, number]> = [
  ['UTC', 0],
  ['Pacific/Honolulu', -600],
  ['Pacific/Pago_Pago', -660],
  ['Pacific/Kiritimati', 840],
  ['Asia/Tokyo', 540],
  ['Asia/Kolkata', 330],
]
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** "Tuesday, Nov 24": the calendar day of an instant at a fixed offset, in English (oracle: Date arithmetic). */
const dayAt = (ms: number, offsetMinutes: number): string => {
  const d = new Date(ms + offsetMinutes * MINUTE)
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`
}
/** Default locales a machine (or an application) may have set for luxon. */
const LOCALES = ['de-DE', 'fr-FR', 'ja-JP', 'es-ES', 'ar-EG', 'en-US']
const withDefaultLocale = <A>(locale: string, f: () => A): A => {
  const before = Settings.defaultLocale
  Settings.defaultLocale = locale
  try {
    return f()
  } finally {
    Settings.defaultLocale = before
  }
}

const CITIES = ['Joliet', 'Dallas', 'St. Louis', 'Winston-Salem', 'Coeur d\'Alene']
const STATES = ['IL', 'TX', 'MO', 'NC', 'ID']
const PADS = ['', ' ', '  ', '\t', '\n ']
const padded = (s: string) => fc.tuple(fc.constantFrom(...PADS), fc.constantFrom(...PADS)).map(([a, b]) => `${a}${s}${b}`)
/** A place that can be named, with the words the sentence uses for it. */
const goodPlaceArb = fc.record({ city: fc.constantFrom(...CITIES), state: fc.constantFrom(...STATES) }).chain(({ city, state }) =>
  fc.record({ city: padded(city), state: padded(state) }).map((place) => ({ place: place as unknown, named: `${city}, ${state}` as string | undefined })),
)
const BLANKS = ['', ' ', '   ', '\t\n']
/** Something that is no place a sentence can name: blank, not a string (boxed strings and a function carrying the fields included), or no object. */
const badPlaceArb = fc.oneof(
  fc.tuple(fc.constantFrom(...BLANKS), fc.constantFrom(...STATES)).map(([city, state]) => ({ city, state })),
  fc.tuple(fc.constantFrom(...CITIES), fc.constantFrom(...BLANKS)).map(([city, state]) => ({ city, state })),
  fc.tuple(fc.constantFrom(...CITIES), fc.constantFrom(...STATES)).map(([city, state]) => ({ city: new String(city), state })),
  fc.tuple(fc.constantFrom(...CITIES), fc.constantFrom(...STATES)).map(([city, state]) => ({ city, state: new String(state) })),
  fc.tuple(fc.constantFrom(...CITIES), fc.constantFrom(...STATES)).map(([city, state]) => Object.assign(() => null, { city, state })),
  fc.tuple(fc.constantFrom(...CITIES), fc.constantFrom(...STATES)).map(([city, state]) => ({ city: [city], state })),
  fc.constantFrom<unknown>(null, undefined, 'Joliet, IL', 7, { city: 'Joliet' }, { state: 'IL' }, { city: 7, state: 'IL' }, ['Joliet', 'IL']),
).map((place) => ({ place: place as unknown, named: undefined as string | undefined }))

/** A status with a phase, one without (the other spec states, unset, junk) and look-alikes that are no string. */
const statusArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...ORDER_STATUSES) },
  fc.constantFrom<unknown>(null, undefined, '', 'in_transit', 'Delivered', 'DELIVERED ', 'toString', 'hasOwnProperty', '__proto__'),
  fc.constantFrom(...Object.keys(PHASE)).map((s) => [s] as unknown),
  fc.constantFrom(...Object.keys(PHASE)).map((s) => new String(s) as unknown),
  fc.constantFrom(...Object.keys(PHASE)).map((s) => ({ toString: () => s }) as unknown),
)
const etaArb = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -40 * HOUR, max: 400 * HOUR }).map((d) => at(T0 + d) as unknown) },
  fc.constantFrom<unknown>(undefined, null, DateTime.invalid('unreadable'), '2026-11-25T08:00:00Z', T0),
)
const zoneArb = fc.constantFrom(...FIXED_ZONES)

/** The sentence by the doc comment's recipe, from the phase table and the weekday oracle. */
const expectedSentence = (status: unknown, named: string | undefined, eta: unknown, offset: number): string | undefined => {
  if (typeof status !== 'string' || !Object.hasOwn(PHASE, status) || named === undefined) return undefined
  const where = `${PHASE[status]} near ${named}`
  if (!DateTime.isDateTime(eta) || !eta.isValid) return where
  const day = dayAt(eta.toMillis(), offset)
  return status === 'DELIVERED' ? `${where} on ${day}` : `${where}; expected ${day}`
}

describe('TRK-05 the status sentence', () => {
  it('is the phase of the table, "near City, ST" trimmed, and the ETA\'s day in the zone: " on" once delivered, "; expected" before; in English whatever luxon\'s default locale', () => {
    fc.assert(
      fc.property(statusArb, fc.oneof(goodPlaceArb, goodPlaceArb, badPlaceArb), etaArb, zoneArb, fc.constantFrom(...LOCALES), (status, { place, named }, eta, [zone, offset], locale) => {
        const facts = { orderStatus: status, place: place as never, eta: eta as never, zone }
        const got = withDefaultLocale(locale, () => describeStatus(facts))
        expect(got).toBe(expectedSentence(status, named, eta, offset))
        // a significantly delayed estimate gets no sentence, whatever else is known
        expect(withDefaultLocale(locale, () => describeStatus({ ...facts, isSignificantlyDelayed: true }))).toBeUndefined()
      }),
    )
  })

  it('a place is named only when its city and state are non-blank strings: blank, boxed, missing or no object at all names none', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(PHASE)), badPlaceArb, goodPlaceArb, etaArb, (status, { place }, good, eta) => {
        expect(describeStatus({ orderStatus: status, place: place as never, eta: eta as never, zone: 'UTC' })).toBeUndefined()
        // the same facts with a good place do say something: the law is about the place alone
        expect(describeStatus({ orderStatus: status, place: good.place as never, eta: eta as never, zone: 'UTC' })).toMatch(new RegExp(` near ${good.named!.replace(/[.]/g, '\\.')}(;| on |$)`))
      }),
    )
  })

  it('facts that are not an object say nothing, even a function carrying every field', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(PHASE)), goodPlaceArb, zoneArb, fc.integer({ min: 0, max: 100 * HOUR }), (status, { place, named }, [zone, offset], d) => {
        const fields = { orderStatus: status, place: place as never, eta: at(T0 + d), zone }
        expect(describeStatus(fields)).toBe(expectedSentence(status, named, at(T0 + d), offset))
        for (const facts of [Object.assign(() => undefined, fields), null, undefined, status, 7]) {
          expect(describeStatus(facts as never)).toBeUndefined()
        }
      }),
    )
  })
})

// ---------------------------------------------------------------------------------------------
// TRK-06 / ORD-08 / TRK-01 the Tracking resource
// ---------------------------------------------------------------------------------------------

const INTERNAL = { type: 'tag:shipper-rules,2026:problem:internal_error', title: 'Internal server error', status: 500, reason: 'internal_error' }
const orderNumberArb = fc.stringMatching(/^[A-Za-z0-9]{5}$/)
const idArb = fc.constantFrom('ord_1', '', 'ord_2b9f', '7')
const statusOrUnsetArb = fc.constantFrom<string | null | undefined>(...ORDER_STATUSES, null, undefined)
const instantOrNotArb = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.integer({ min: -48, max: 96 }), fc.constantFrom(0, 0, 1, 250, 999)).map(([h, ms]) => at(T0 + h * HOUR + ms) as unknown) },
  fc.constantFrom<unknown>(undefined, null, DateTime.invalid('unreadable'), '2026-11-24T12:00:00Z', T0),
)
const ms = (d: unknown): number | undefined => (DateTime.isDateTime(d) && d.isValid ? d.toMillis() : undefined)

describe('TRK-06 / ORD-08 the Tracking resource without a location', () => {
  it('facts that are no object are the 500 "could not be read"', () => {
    fc.assert(
      fc.property(fc.constantFrom<unknown>(null, undefined, 'A1B2C', 7, true, Object.assign(() => 0, { id: 'ord_1', orderNumber: 'A1B2C', status: 'ACCEPTED' })), fc.boolean(), (facts, location) => {
        const r = buildTracking(facts as never, { include: { location }, now: at(T0) })
        expect(r._tag === 'Left' && r.left).toStrictEqual({ ...INTERNAL, detail: 'The order could not be read.' })
      }),
    )
  })

  it('a stored state outside the spec is the 500 naming orderStatus, whatever the order number', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string().filter((s) => !(ORDER_STATUSES as ReadonlyArray<string>).includes(s)), fc.constantFrom<unknown>('in_transit', 'UNSET', 7, true, {}, ['IN_TRANSIT'], new String('ACCEPTED'))),
        fc.oneof(orderNumberArb, fc.constantFrom<unknown>('A1B2', 12345, null)),
        (status, orderNumber) => {
          const r = buildTracking({ id: 'ord_1', orderNumber, status } as never, { include: { location: false }, now: at(T0) })
          expect(r._tag === 'Left' && r.left).toStrictEqual({
            ...INTERNAL,
            detail: 'The stored order status is not one of the spec.',
            violations: [{ field: 'orderStatus', entity: 'Tracking', code: 'invalid', reason: 'must be an order status of the spec or unset' }],
          })
        },
      ),
    )
  })

  it('an order number other than five letters or digits, or an id that is not a string, is the 500 naming orderNumber', () => {
    const badNumber = fc.constantFrom<unknown>('A1B2', 'A1B2C3', 'A1B2!', '', 12345, null, undefined, ['A1B2C'], new String('A1B2C'))
    const badId = fc.constantFrom<unknown>(1, null, undefined, {}, ['ord_1'], new String('ord_1'))
    fc.assert(
      fc.property(statusOrUnsetArb, fc.oneof(fc.tuple(badNumber, fc.oneof(idArb, badId)), fc.tuple(orderNumberArb, badId)), (status, [orderNumber, id]) => {
        const r = buildTracking({ id, orderNumber, status } as never, { include: { location: false }, now: at(T0) })
        expect(r._tag === 'Left' && r.left).toStrictEqual({
          ...INTERNAL,
          detail: 'The stored order number or id is not valid.',
          violations: [{ field: 'orderNumber', entity: 'Tracking', code: 'invalid', reason: 'must be five letters or digits, with a string id' }],
        })
      }),
    )
  })

  it('each date appears exactly when it is a valid DateTime, as its UTC stamp; the appointment wins over the prediction; no location unless include.location is true', () => {
    const optionsArb = fc.constantFrom<unknown>(
      { include: { location: false }, now: at(T0) },
      { include: {}, now: at(T0) },
      { include: { location: 'true' }, now: at(T0) },
      { now: at(T0) },
      {},
      undefined,
      null,
    )
    fc.assert(
      fc.property(
        statusOrUnsetArb, orderNumberArb, idArb,
        fc.record({ actualPickupDate: instantOrNotArb, actualDeliveryDate: instantOrNotArb, estimatedPickupDate: instantOrNotArb, deliveryAppointment: instantOrNotArb, predictedDelivery: instantOrNotArb }),
        optionsArb,
        (status, orderNumber, id, dates, options) => {
          const r = buildTracking({ id, orderNumber, status, ...dates } as never, options as never)
          const expected: Record<string, unknown> = { id, orderNumber, orderStatus: status ?? null }
          for (const key of ['actualPickupDate', 'actualDeliveryDate', 'estimatedPickupDate'] as const) {
            const t = ms(dates[key])
            if (t !== undefined) expected[key] = stampOf(t)
          }
          const booked = ms(dates.deliveryAppointment) ?? ms(dates.predictedDelivery)
          expected['estimatedDeliveryDate'] = booked === undefined ? null : stampOf(booked)
          expect(r._tag === 'Right' && r.right).toStrictEqual(expected)
        },
      ),
    )
  })
})

const RADIUS_EVERYWHERE = Math.PI * 6371.0088
const CHICAGO = { latitude: 41.886, longitude: -87.618 }
const DALLAS = { latitude: 32.79, longitude: -96.804 }
const endArb = fc.oneof({ weight: 3, arbitrary: fc.constantFrom<unknown>(CHICAGO, DALLAS, { latitude: -33.9, longitude: 151.2 }) }, fc.constantFrom<unknown>(null, undefined))
const unavailable = (origin: unknown, destination: unknown, now: number, why: string) => {
  const pos = (origin ?? destination ?? { latitude: 0, longitude: 0 }) as { latitude: number; longitude: number }
  return {
    center: { vehicleId: '', timestamp: stampOf(now), latitude: pos.latitude, longitude: pos.longitude, heading: 0, speed: 0 },
    uncertaintyRadiusKm: RADIUS_EVERYWHERE,
    lastEventTimestamp: stampOf(now),
    isSignificantlyDelayed: true,
    delayMessage: `No position estimate: ${why}.`,
  }
}
const UNDER_WAY = ['CONFIRMED', 'ACCEPTED', 'ASSIGNED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED']

describe('TRK-03 / TRK-06 a location asked for but impossible: the unavailable estimate at the first known stop and now, saying why', () => {
  it('an order not under way (unset included) says its status, whatever else is known', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<string | null | undefined>(...ORDER_STATUSES.filter((s) => !UNDER_WAY.includes(s)), null, undefined),
        endArb, endArb, instantOrNotArb, instantOrNotArb, fc.integer({ min: -10 * HOUR, max: 60 * HOUR }),
        (status, origin, destination, pickup, predicted, now) => {
          const facts = { id: 'ord_1', orderNumber: 'A1B2C', status, origin, destination, actualPickupDate: pickup, predictedDelivery: predicted } as unknown as TrackingFacts
          const r = buildTracking(facts, { include: { location: true }, now: at(T0 + now), placeOf: () => ({ city: 'Joliet', state: 'IL' }) })
          expect(r._tag === 'Right' && r.right.location).toStrictEqual(unavailable(origin, destination, T0 + now, `no shipment is under way (status ${status ?? 'unset'})`))
        },
      ),
    )
  })

  it('an order under way without a valid actual or estimated pickup time says so', () => {
    const notAnInstant = fc.constantFrom<unknown>(undefined, null, DateTime.invalid('unreadable'), '2026-11-23T14:00:00Z')
    fc.assert(
      fc.property(fc.constantFrom(...UNDER_WAY), endArb, endArb, notAnInstant, notAnInstant, fc.integer({ min: 1, max: 60 }), (status, origin, destination, actual, estimated, h) => {
        const facts = { id: 'ord_1', orderNumber: 'A1B2C', status, origin, destination, actualPickupDate: actual, estimatedPickupDate: estimated, predictedDelivery: at(T0 + 30 * HOUR) } as unknown as TrackingFacts
        const r = buildTracking(facts, { include: { location: true }, now: at(T0 + h * HOUR) })
        expect(r._tag === 'Right' && r.right.location).toStrictEqual(unavailable(origin, destination, T0 + h * HOUR, 'neither the actual nor the estimated pickup time is known'))
      }),
    )
  })
})

/** Configurations that differ from the default in the estimate (radius, threshold) and in the sentence's default zone. */
const configArb = fc.tuple(fc.constantFrom(2, 5, 37), fc.constantFrom(40, 7), fc.constantFrom(120, 30), zoneArb).map(([baseRadiusKm, radiusGrowthKmPerHour, delayThresholdMinutes, [zone, offset]]) => {
  const c = makeConfig({ tracking: { baseRadiusKm, radiusGrowthKmPerHour, delayThresholdMinutes }, businessDays: { zone } })
  if (c._tag !== 'Right') throw new Error(`configuration refused: ${JSON.stringify(c.left)}`)
  return { config: c.right as RulesConfig, offset }
})

describe('TRK-03 / TRK-05 / TRK-06 an order under way: the estimate of the configuration given, with the sentence when one can be said', () => {
  it('the location is estimateLocation\'s with the same configuration; the sentence names placeOf\'s place and the ETA\'s day in the delivery zone, else the configured one; no function, no place', () => {
    const placeOfArb = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom<unknown>(() => ({ city: 'Joliet', state: 'IL' }), () => ({ city: ' Dallas ', state: 'TX' })) },
      fc.constantFrom<unknown>(() => null, undefined, 'Joliet', { city: 'Joliet', state: 'IL' }, 7),
    )
    let said = 0
    fc.assert(
      fc.property(
        fc.constantFrom(...UNDER_WAY),
        fc.option(configArb, { nil: undefined, freq: 4 }),
        fc.option(zoneArb, { nil: undefined, freq: 2 }),
        placeOfArb,
        fc.record({
          pickup: fc.integer({ min: -6, max: 6 }),
          transit: fc.integer({ min: 2, max: 80 }),
          elapsed: fc.integer({ min: 0, max: 90 }),
          delivered: fc.option(fc.integer({ min: 1, max: 80 }), { nil: undefined }),
        }),
        (status, cfg, deliveryZone, placeOf, { pickup, transit, elapsed, delivered }) => {
          const pickedUpAt = at(T0 + pickup * HOUR)
          const predicted = at(T0 + (pickup + transit) * HOUR)
          const actualDelivery = delivered === undefined ? undefined : at(T0 + (pickup + delivered) * HOUR)
          const now = at(T0 + (pickup + elapsed) * HOUR)
          const facts: TrackingFacts = {
            id: 'ord_1', orderNumber: 'A1B2C', status,
            actualPickupDate: pickedUpAt, predictedDelivery: predicted, actualDeliveryDate: actualDelivery,
            origin: CHICAGO, destination: DALLAS, deliveryZone: deliveryZone?.[0], pings: [],
          }
          const r = buildTracking(facts, { include: { location: true }, now, placeOf: placeOf as never, ...(cfg === undefined ? {} : { config: cfg.config }) })
          if (r._tag !== 'Right' || r.right.location === undefined) throw new Error('no location although one was asked for')
          const { statusDescription, ...location } = r.right.location
          const eta = actualDelivery ?? predicted
          const estimate = estimateLocation({ origin: CHICAGO, destination: DALLAS, pickedUpAt, eta, now, pings: [] }, cfg === undefined ? {} : { config: cfg.config })
          expect(location).toStrictEqual(estimate)
          const place = typeof placeOf === 'function' ? (placeOf as () => { city: string; state: string } | null)() : null
          const offset = deliveryZone?.[1] ?? cfg?.offset ?? -360 // America/Chicago is UTC-6 in November
          const sentence = estimate.isSignificantlyDelayed || place === null ? undefined : expectedSentence(status, `${place.city.trim()}, ${place.state.trim()}`, eta, offset)
          expect(statusDescription).toBe(sentence)
          if (sentence !== undefined) said++
        },
      ),
    )
    // the sentence side of the law was exercised
    expect(said).toBeGreaterThan(0)
  })

  it('without a delivery zone, the day of the ETA is the one in the configured business-days zone', () => {
    fc.assert(
      fc.property(fc.constantFrom(...UNDER_WAY), configArb, fc.integer({ min: 2, max: 80 }), fc.integer({ min: 0, max: 59 }), (status, { config, offset }, transit, minutes) => {
        const pickedUpAt = at(T0)
        const predicted = at(T0 + transit * HOUR + minutes * MINUTE)
        const now = at(T0 + HOUR)
        const facts: TrackingFacts = { id: 'ord_1', orderNumber: 'A1B2C', status, actualPickupDate: pickedUpAt, predictedDelivery: predicted, origin: CHICAGO, destination: DALLAS }
        const r = buildTracking(facts, { include: { location: true }, now, placeOf: () => ({ city: 'Joliet', state: 'IL' }), config })
        expect(r._tag === 'Right' && r.right.location?.statusDescription).toBe(expectedSentence(status, 'Joliet, IL', predicted, offset))
      }),
    )
  })
})

// ---------------------------------------------------------------------------------------------
// TRK-01 the include query
// ---------------------------------------------------------------------------------------------

const jsonTypeOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)
const includeViolation = (code: string, reason: string) => [{ field: 'include', entity: null, code, reason }]
const SUPPORTED = 'the supported sections are: location (exactly, comma-separated, without blanks)'
/** The reason for a list that is not all `location`, by the doc comment's words (oracle). */
const listReason = (entries: ReadonlyArray<string>): string => {
  const unknown: string[] = []
  for (const e of entries) if (e !== '' && e !== 'location' && !unknown.includes(e)) unknown.push(e)
  const shown = unknown.map((e) => `'${[...e].length <= 40 ? e : [...e].slice(0, 40).join('') + '…'}'`)
  const parts: string[] = []
  if (unknown.length === 1) parts.push(`an unknown section ${shown[0]}`)
  if (unknown.length > 1) parts.push(`unknown sections ${shown.join(', ')}`)
  if (entries.includes('')) parts.push('an empty entry')
  return `has ${parts.join(' and ')}; ${SUPPORTED}`
}

describe('TRK-01 the include query', () => {
  it('absent asks for nothing; a value that is not a string is one type violation naming its JSON type', () => {
    expect(parseTrackingInclude(undefined)).toStrictEqual({ _tag: 'Right', right: { location: false } })
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom<unknown>(null, 7, true, [], ['location'], ['location', 'location'], {}, { location: true }), fc.anything().filter((v) => typeof v !== 'string' && v !== undefined)), (query) => {
        const r = parseTrackingInclude(query)
        expect(r._tag === 'Left' && r.left.violations).toStrictEqual(
          includeViolation('type', `must be one comma-separated list of sections (the parameter given once), got ${jsonTypeOf(query)}`),
        )
      }),
    )
  })

  it('a list of entries: location only is the section; otherwise one invalid violation naming every unknown entry once (cut at 40 characters) and the empty one', () => {
    const entryArb = fc.oneof(
      { weight: 4, arbitrary: fc.constant('location') },
      { weight: 2, arbitrary: fc.constant('') },
      { weight: 3, arbitrary: fc.constantFrom('route', 'eta', 'Location', ' location', 'location ', 'pings', 'x'.repeat(40), 'y'.repeat(41), `${'z'.repeat(40)}tail`) },
      fc.string({ maxLength: 12 }).filter((s) => !s.includes(',')),
    )
    fc.assert(
      fc.property(fc.array(entryArb, { minLength: 1, maxLength: 8 }), (entries) => {
        const r = parseTrackingInclude(entries.join(','))
        if (entries.every((e) => e === 'location')) expect(r).toStrictEqual({ _tag: 'Right', right: { location: true } })
        else expect(r._tag === 'Left' && r.left.violations).toStrictEqual(includeViolation('invalid', listReason(entries)))
      }),
    )
  })

  it('a value is judged on its length first: at most 1,024 characters it is split, one more is max_length', () => {
    const MAX = 1024
    fc.assert(
      fc.property(fc.constantFrom(MAX - 1, MAX, MAX, MAX + 1, MAX + 1, MAX + 2, 4 * MAX), fc.constantFrom('route', '', 'x'), (length, filler) => {
        // location,location,…, then the filler, cut or padded (with a comma-free tail) to the length
        const head = 'location,'.repeat(Math.floor((length - 10) / 9))
        const text = (head + filler).padEnd(length, 'q').slice(0, length)
        expect(text.length).toBe(length)
        const r = parseTrackingInclude(text)
        if (length > MAX) expect(r._tag === 'Left' && r.left.violations).toStrictEqual(includeViolation('max_length', 'must be at most 1024 characters'))
        else expect(r._tag === 'Left' && r.left.violations).toStrictEqual(includeViolation('invalid', listReason(text.split(','))))
      }),
    )
    // the longest list of locations under the limit is read
    const longest = Array.from({ length: Math.floor((MAX + 1) / 9) }, () => 'location').join(',')
    expect(longest.length).toBeLessThanOrEqual(MAX)
    expect(parseTrackingInclude(longest)).toStrictEqual({ _tag: 'Right', right: { location: true } })
  })
})

// ---------------------------------------------------------------------------------------------
// TRK-02 a GPS ping
// ---------------------------------------------------------------------------------------------

const PING = { vehicleId: 'TRK-1', timestamp: '2026-11-23T13:00:00Z', latitude: 41.5, longitude: -88.1, heading: 90, speed: 80 } as const
const FIELDS = ['vehicleId', 'timestamp', 'latitude', 'longitude', 'heading', 'speed'] as const
const pathArb = fc.constantFrom<readonly [string | undefined, string]>([undefined, ''], ['pings[3]', 'pings[3].'], ['gps', 'gps.'])

describe('TRK-02 a GPS ping', () => {
  it('no ping at all is required; one that is no object (null, an array, text, a number) is a type violation naming its JSON type, at the path', () => {
    fc.assert(
      fc.property(pathArb, fc.oneof(fc.constantFrom<unknown>(undefined, null, [], [PING], 'TRK-1', 7, true), fc.anything().filter((v) => !(typeof v === 'object' && v !== null && !Array.isArray(v)))), ([path, prefix], input) => {
        const r = validateGpsData(input, at(T0), path === undefined ? {} : { path })
        const field = prefix.replace(/\.$/, '')
        expect(r._tag === 'Left' && r.left).toStrictEqual([
          input === undefined
            ? { field, entity: 'GpsData', code: 'required', reason: 'is required' }
            : { field, entity: 'GpsData', code: 'type', reason: `must be a GpsData object, got ${jsonTypeOf(input)}` },
        ])
        // and no ping at all, at the same path, every time
        const none = validateGpsData(undefined, at(T0), path === undefined ? {} : { path })
        expect(none._tag === 'Left' && none.left).toStrictEqual([{ field, entity: 'GpsData', code: 'required', reason: 'is required' }])
      }),
    )
  })

  it('every missing field is one required violation at its own path, in the order of the spec', () => {
    fc.assert(
      fc.property(pathArb, fc.subarray([...FIELDS], { minLength: 1 }), ([path, prefix], missing) => {
        const input = Object.fromEntries(Object.entries(PING).filter(([k]) => !missing.includes(k as never)))
        const r = validateGpsData(input, at(T0), path === undefined ? {} : { path })
        expect(r._tag === 'Left' && r.left).toStrictEqual(missing.map((k) => ({ field: `${prefix}${k}`, entity: 'GpsData', code: 'required', reason: 'is required' })))
      }),
    )
  })

  it('a now that is no valid DateTime is one type violation at now, when there is a timestamp to judge', () => {
    fc.assert(
      fc.property(fc.constantFrom<unknown>(DateTime.invalid('unreadable'), null, undefined, T0, '2026-11-23T14:00:00Z', {}), pathArb, (now, [path]) => {
        const r = validateGpsData(PING, now as never, path === undefined ? {} : { path })
        expect(r._tag === 'Left' && r.left).toStrictEqual([{ field: 'now', entity: 'GpsData', code: 'type', reason: 'must be a valid DateTime to judge whether the timestamp lies in the future' }])
      }),
    )
  })

  it('a timestamp later than now plus the configured skew is out_of_range, naming the skew; at the limit it is accepted', () => {
    fc.assert(
      fc.property(fc.constantFrom(0, 1, 120, 300), fc.constantFrom(-60_000, -1000, -1, 0, 0, 1, 1, 999, 1000, 3_600_000), pathArb, (skew, beyond, [path, prefix]) => {
        const c = makeConfig({ gpsClockSkewSeconds: skew })
        if (c._tag !== 'Right') throw new Error('configuration refused')
        const stamp = new Date(T0 + skew * 1000 + beyond).toISOString()
        const r = validateGpsData({ ...PING, timestamp: stamp }, at(T0), { config: c.right, ...(path === undefined ? {} : { path }) })
        if (beyond > 0) expect(r._tag === 'Left' && r.left).toStrictEqual([{ field: `${prefix}timestamp`, entity: 'GpsData', code: 'out_of_range', reason: `must not be in the future (more than ${skew} s after now)` }])
        else expect(r).toStrictEqual({ _tag: 'Right', right: { ...PING, timestamp: stamp } })
      }),
    )
  })
})
