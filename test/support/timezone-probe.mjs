// Calendar, quote and tracking results for fixed inputs, as plain JSON (issue 13, item 6).
// test/robustness/timezones.test.ts runs this file in child processes with different TZ and
// LC_ALL (`node test/support/timezone-probe.mjs` imports the built dist/), and calls `compute`
// in its own process with src/: every result must be the same everywhere.
//
// The inputs are instants written with an explicit offset but read into the process's own zone
// (luxon's default), so that a rule that took a calendar day, a weekday or a format from the
// machine instead of from its options would answer differently. They sit where the day differs
// between UTC+14 and UTC-11 (10:30 UTC is 00:30 the next day at Kiritimati and 23:30 the day
// before at Pago Pago), around US holidays and across the end of daylight saving time.

/** A result as plain JSON: DateTimes by their instant in UTC (the zone they carry is local here). */
export const plain = (DateTime, v) => {
  if (DateTime.isDateTime(v)) return { dateTime: v.isValid ? v.toUTC().toISO() : `invalid: ${v.invalidReason}` }
  if (Array.isArray(v)) return v.map((x) => plain(DateTime, x))
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v)
  if (v === undefined) return { undefined: true }
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(DateTime, x)]))
  return v
}

/**
 * The results, computed with the library `lib` (the package root's exports) and luxon's
 * `DateTime`.
 */
export const compute = (lib, DateTime) => {
  const at = (iso) => DateTime.fromISO(iso) // the process's own zone
  const days = ['2026-11-25T10:30:00Z', '2026-11-26T10:30:00Z', '2026-11-27T10:30:00Z', '2026-12-24T10:30:00Z', '2026-12-31T23:30:00Z', '2026-11-01T07:30:00Z', '2027-01-01T10:30:00Z']
  const christmas = lib.holidayCalendar(['2026-12-24', '2026-12-25'])
  const calendar = {
    transitDays: days.flatMap((a) =>
      days.map((b) => [
        lib.transitDays(at(a), at(b)),
        lib.transitDays(at(a), at(b), { holidays: 'carrier' }),
        lib.transitDays(at(a), at(b), { zone: 'Pacific/Honolulu', holidays: christmas }),
      ]),
    ),
    addBusinessDays: days.map((d) => [0, 1, 3, 10].map((n) => [lib.addBusinessDays(at(d), n), lib.addBusinessDays(at(d), n, { holidays: 'carrier', zone: 'America/New_York' })])),
    isBusinessDay: days.map((d) => [lib.isBusinessDay(at(d)), lib.isBusinessDay(at(d), { holidays: 'carrier' }), lib.isBusinessDay(at(d), { zone: 'Asia/Tokyo' })]),
  }
  const quote = { createdAt: at('2026-11-20T12:00:00Z'), open: true, quotedPriceInCents: 184_500 }
  const quotes = {
    estimateDelivery: days.map((d) => [0, 1, 2, 5].map((n) => [
      lib.estimateDelivery({ pickup: at(d), transitDays: n }),
      lib.estimateDelivery({ pickup: at(d), transitDays: n, deliveryZone: 'America/New_York', deliveryCloseTime: '17:30' }),
      lib.estimateDelivery({ pickup: at(d), transitDays: n, deliveryZone: 'America/Los_Angeles' }, { holidays: 'carrier' }),
    ])),
    quoteExpiresAt: days.map((d) => lib.quoteExpiresAt(at(d))),
    isQuoteMatchable: ['2026-11-22T11:59:59Z', '2026-11-22T12:00:00Z', '2026-11-22T12:00:01Z'].map((now) => lib.isQuoteMatchable(quote, at(now))),
    quoteByReferenceResponse: lib.quoteByReferenceResponse({ id: 'q1', companyId: 'c1', customerReference: 'PO-88', ...quote }, at('2026-11-21T13:00:00Z')),
    tenderPrice: [
      lib.tenderPrice({ quote: null, freightMatches: false, freshPriceInCents: 210_000, now: at('2026-11-22T10:00:00Z') }),
      lib.tenderPrice({ quote, freightMatches: true, freshPriceInCents: 210_000, now: at('2026-11-21T10:00:00Z') }),
    ],
  }
  const chicago = { latitude: 41.886, longitude: -87.618 }
  const dallas = { latitude: 32.79, longitude: -96.804 }
  const ping = { vehicleId: 'TRK-7', timestamp: '2026-11-24T01:30:00Z', latitude: 38.5, longitude: -92.1, heading: 210, speed: 55 }
  const place = (p) => ({ city: p.latitude > 40 ? 'Chicago' : p.latitude > 35 ? 'Jefferson City' : 'Dallas', state: p.latitude > 40 ? 'IL' : p.latitude > 35 ? 'MO' : 'TX' })
  const tracking = {
    estimateLocation: ['2026-11-23T13:00:00Z', '2026-11-24T02:00:00Z', '2026-11-24T20:00:00Z'].map((now) => [
      lib.estimateLocation({ origin: chicago, destination: dallas, pickedUpAt: at('2026-11-23T14:00:00Z'), eta: at('2026-11-24T14:00:00Z'), now: at(now) }),
      lib.estimateLocation({ origin: chicago, destination: dallas, pickedUpAt: at('2026-11-23T14:00:00Z'), eta: at('2026-11-24T14:00:00Z'), now: at(now), pings: [ping] }),
    ]),
    buildTracking: ['ACCEPTED', 'IN_TRANSIT', 'DELIVERED'].map((status) =>
      lib.buildTracking(
        {
          id: 'ord_1', orderNumber: 'A1B2C', status,
          actualPickupDate: at('2026-11-23T14:00:00Z'),
          estimatedPickupDate: at('2026-11-23T13:00:00Z'),
          predictedDelivery: at('2026-11-25T10:30:00Z'),
          ...(status === 'DELIVERED' ? { actualDeliveryDate: at('2026-11-25T09:00:00Z') } : {}),
          origin: chicago, destination: dallas, deliveryZone: 'America/Chicago', pings: [ping],
        },
        { include: { location: true }, now: at('2026-11-24T02:00:00Z'), placeOf: place },
      ),
    ),
    describeStatus: [undefined, 'Pacific/Honolulu', 'Pacific/Kiritimati'].map((zone) =>
      lib.describeStatus({ orderStatus: 'IN_TRANSIT', place: { city: 'Joliet', state: 'IL' }, eta: at('2026-11-25T08:00:00Z'), zone }),
    ),
  }
  return plain(DateTime, { calendar, quotes, tracking })
}

if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const lib = await import(new URL('../../dist/esm/index.js', import.meta.url).href)
  const { DateTime } = await import('luxon')
  process.stdout.write(`${JSON.stringify({
    zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    locale: Intl.DateTimeFormat().resolvedOptions().locale,
    offsetMinutes: -new Date('2026-11-26T10:30:00Z').getTimezoneOffset(),
    results: compute(lib, DateTime),
  })}\n`)
}
