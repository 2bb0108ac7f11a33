/**
 * The `tracking` kind of `shipper-rules validate`: builds the Tracking response a server would
 * send for an order described in one JSON file (its status, stop ZIP codes, dates, the current
 * time, the include query and recent GPS pings), with places and zones from shipper-rules/geo.
 *
 * @module
 */
import { left, type Either } from 'fp-ts/lib/Either.js'
import { DateTime } from 'luxon'
import { validationProblem, type ProblemDetail } from '../errors/problem.js'
import { ROOT } from '../errors/path.js'
import { violationAt, type Violation } from '../errors/violation.js'
import { nearestZip, timeZoneForZip, zipCentroid } from '../geo/index.js'
import { DATE_TIME_FIELD, readPattern, report, type Sink } from '../validate/fields.js'
import { isObject, own } from '../internal/input.js'
import { instantOf } from '../internal/instant.js'
import { parseTrackingInclude, validateGpsData } from '../rules/tracking.js'
import { buildTracking } from '../rules/trackingStatus.js'

export const TRACKING_INPUT = `{ "id", "orderNumber", "status", "pickupZip", "deliveryZip", "now",
        "include"?, "actualPickupDate"?, "estimatedPickupDate"?, "actualDeliveryDate"?,
        "predictedDelivery"?, "deliveryAppointment"?, "pings"?: [GpsData] }`

const DATES = ['actualPickupDate', 'estimatedPickupDate', 'actualDeliveryDate', 'predictedDelivery', 'deliveryAppointment'] as const

/** Reads the order facts of a tracking file; a wrong field or ping is a 400 naming it (unlike a server, which would ignore a bad ping). */
export const trackingKind = (input: unknown): Either<ProblemDetail, unknown> => {
  if (!isObject(input)) return left(validationProblem([violationAt([], null, 'type', 'must be an object describing the order')]))
  const out: Violation[] = []
  const sink: Sink = { entity: null, out }
  const date = (key: string, required: boolean): DateTime | undefined => {
    const text = readPattern(sink, own(input, key), ROOT, key, { ...DATE_TIME_FIELD, required })
    return text === undefined ? undefined : DateTime.fromMillis(instantOf(text), { zone: 'utc' })
  }
  const zip = (key: string) => {
    const place = zipCentroid(own(input, key))
    if (place === null) report(sink, ROOT, key, 'invalid', 'must be a US ZIP code of the geo table')
    return place
  }
  const include = parseTrackingInclude(own(input, 'include'))
  if (include._tag === 'Left') return include
  const now = date('now', true)
  const dates = Object.fromEntries(DATES.map((k) => [k, date(k, false)]))
  const origin = zip('pickupZip')
  const destination = zip('deliveryZip')
  const pings = own(input, 'pings') ?? []
  if (!Array.isArray(pings)) report(sink, ROOT, 'pings', 'type', 'must be an array of GpsData')
  else if (now !== undefined) {
    pings.forEach((p, i) => {
      const r = validateGpsData(p, now, { path: ['pings', i] })
      if (r._tag === 'Left') out.push(...r.left)
    })
  }
  if (out.length > 0 || now === undefined) return left(validationProblem(out))
  const status = own(input, 'status')
  return buildTracking(
    {
      id: String(own(input, 'id') ?? ''),
      orderNumber: String(own(input, 'orderNumber') ?? ''),
      status: typeof status === 'string' ? status : null,
      ...dates,
      origin,
      destination,
      deliveryZone: timeZoneForZip(own(input, 'deliveryZip')),
      pings: Array.isArray(pings) ? pings : [],
    },
    { include: include.right, now, placeOf: nearestZip },
  )
}
