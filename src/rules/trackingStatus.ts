/**
 * The tracking response (spec: Tracking, ShipmentLocation, endpoint rule 6; rules TRK-05, TRK-06,
 * ORD-08, TRK-01): the one-line status sentence, and the assembly of a Tracking resource from what
 * a server knows about an order.
 *
 * @module
 */
import type { Either } from 'fp-ts/lib/Either.js'
import { DateTime, IANAZone } from 'luxon'
import { defaultConfig, type RulesConfig } from '../config.js'
import { problemFor, type ProblemDetail } from '../errors/problem.js'
import { violationAt } from '../errors/violation.js'
import { left, right } from '../internal/either.js'
import { isInstant } from '../internal/dateTime.js'
import { iso, unavailableLocation } from './location.js'
import type { LatLon } from '../internal/sphere.js'
import { isOrderStatus, isUnderWay } from './orderLifecycle.js'
import { isOrderNumber } from '../model/patterns.js'
import type { GpsData, ShipmentLocation, Tracking } from '../model/tracking.js'
import type { TrackingInclude } from './tracking.js'
import { estimateLocation } from './trackingEstimate.js'
import { total } from '../internal/total.js'
import { unreadableProblem } from '../errors/unreadable.js'

/**
 * The phase each order status puts into words (TRK-05); a status without one (INITIALIZED,
 * CANCELLED, REJECTED) has no status sentence.
 *
 * @example
 * STATUS_PHASES.IN_TRANSIT
 * //=> 'In transit'
 *
 * @category model
 * @since 0.1.0
 */
export const STATUS_PHASES = {
  CONFIRMED: 'Awaiting pickup',
  ACCEPTED: 'Awaiting pickup',
  ASSIGNED: 'Awaiting pickup',
  PICKED_UP: 'In transit',
  IN_TRANSIT: 'In transit',
  DELIVERED: 'Delivered',
} as const

/**
 * A place a sentence can name: a city and its two-letter state (the nearest ZIP code's, from
 * `nearestZip` of shipper-rules/geo).
 *
 * @category model
 * @since 0.1.0
 */
export interface Place {
  readonly city: string
  readonly state: string
}

/**
 * What a status sentence is made of.
 *
 * @category model
 * @since 0.1.0
 */
export interface StatusFacts {
  /** The order's status; null or an unknown value has no phase. */
  readonly orderStatus: unknown
  /** The approximate place: the nearest ZIP code's city and state. */
  readonly place?: Place | null | undefined
  /** The expected delivery (the actual delivery once DELIVERED). */
  readonly eta?: DateTime | null | undefined
  /** The delivery stop's IANA zone (`timeZoneForZip` of shipper-rules/geo); default `config.businessDays.zone`. */
  readonly zone?: string | null | undefined
  /** A significantly delayed estimate must not be shown, so it gets no sentence (TRK-04). */
  readonly isSignificantlyDelayed?: boolean | undefined
}

const hasPhase = (s: unknown): s is keyof typeof STATUS_PHASES =>
  typeof s === 'string' && Object.prototype.hasOwnProperty.call(STATUS_PHASES, s)
const isPlace = (p: unknown): p is Place =>
  typeof p === 'object' && p !== null &&
  typeof (p as Place).city === 'string' && (p as Place).city.trim() !== '' &&
  typeof (p as Place).state === 'string' && (p as Place).state.trim() !== ''

/**
 * Returns the one-line status sentence: phase, approximate place and the date of the ETA in the
 * delivery stop's own time zone ("In transit near Joliet, IL; expected Tuesday, Nov 24";
 * "Delivered near Dallas, TX on Tuesday, Nov 24"), or `undefined` when nothing meaningful can be
 * said: no phase for the status, no place, a significantly delayed estimate, or a zone that is
 * not an IANA zone. Without an ETA the sentence stops after the place. Always English (en-US),
 * whatever the machine's locale.
 *
 * Implements TRK-05. Decision (D): the phases of {@link STATUS_PHASES}; the date is the ETA's
 * calendar day where the freight is delivered, since that is the day the consignee waits for.
 *
 * Total: for facts or options it cannot read it returns `undefined` (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * [undefined, 'Pacific/Honolulu'].map((zone) =>
 *   describeStatus({ orderStatus: 'IN_TRANSIT', place: { city: 'Joliet', state: 'IL' }, eta: DateTime.fromISO('2026-11-25T08:00:00Z'), zone }))
 * //=> ['In transit near Joliet, IL; expected Wednesday, Nov 25', 'In transit near Joliet, IL; expected Tuesday, Nov 24']
 * describeStatus({ orderStatus: 'IN_TRANSIT', place: { city: 'Joliet', state: 'IL' }, isSignificantlyDelayed: true })
 * //=> undefined
 *
 * @category rules
 * @since 0.1.0
 */
export const describeStatus = /* @__PURE__ */ total(
(facts: StatusFacts, options: { readonly config?: RulesConfig } = {}): string | undefined => {
  if (typeof facts !== 'object' || facts === null || facts.isSignificantlyDelayed === true) return undefined
  const { orderStatus, place } = facts
  if (!hasPhase(orderStatus) || !isPlace(place)) return undefined
  const zone = facts.zone ?? (options.config ?? defaultConfig).businessDays.zone
  // IANAZone.create keeps one instance per name, so validity is judged once per zone, not per call
  if (typeof zone !== 'string' || !IANAZone.create(zone).isValid) return undefined
  const where = `${STATUS_PHASES[orderStatus]} near ${place.city.trim()}, ${place.state.trim()}`
  if (!isInstant(facts.eta)) return where
  const day = DateTime.fromMillis(facts.eta.toMillis(), { zone, locale: 'en-US' }).toFormat('cccc, LLL d')
  return orderStatus === 'DELIVERED' ? `${where} on ${day}` : `${where}; expected ${day}`
},
  () => undefined,
)

/**
 * What a server knows about an order when it answers a tracking call.
 *
 * @category model
 * @since 0.1.0
 */
export interface TrackingFacts {
  readonly id: string
  readonly orderNumber: string
  /** The stored state; null or undefined when it is unset (ORD-08). */
  readonly status: string | null | undefined
  readonly actualPickupDate?: DateTime | null | undefined
  readonly actualDeliveryDate?: DateTime | null | undefined
  readonly estimatedPickupDate?: DateTime | null | undefined
  /** The delivery time a server predicted (e.g. `estimateDelivery`), if any. */
  readonly predictedDelivery?: DateTime | null | undefined
  /** The start of the booked delivery appointment, if any. */
  readonly deliveryAppointment?: DateTime | null | undefined
  /** The pickup and delivery positions (`zipCentroid` of each stop's ZIP code). */
  readonly origin?: LatLon | null | undefined
  readonly destination?: LatLon | null | undefined
  /** The delivery stop's IANA zone (`timeZoneForZip`), for the status sentence. */
  readonly deliveryZone?: string | null | undefined
  /** Recent vehicle positions, wire GpsData objects. */
  readonly pings?: ReadonlyArray<unknown> | undefined
}

/**
 * Options of {@link buildTracking}: what was asked for (`parseTrackingInclude`), the current time,
 * and how to name the place near a position (`nearestZip` of shipper-rules/geo).
 *
 * @category model
 * @since 0.1.0
 */
export interface TrackingOptions {
  readonly include: TrackingInclude
  readonly now: DateTime
  readonly placeOf?: ((position: LatLon) => Place | null) | undefined
  readonly config?: RulesConfig
}

/**
 * Assembles the Tracking resource: `orderStatus` null exactly when the stored state is unset;
 * `estimatedDeliveryDate` the booked delivery appointment, else the predicted delivery, else null;
 * `location` only when `include.location`, computed by {@link estimateLocation} from the actual
 * pickup (else the estimated one) to the actual delivery (else the estimated delivery), with the
 * status sentence of {@link describeStatus} when one can be said. A stored state or order number
 * that is not one of the spec's is a 500 `internal_error` (the server's data is wrong, not the
 * caller's request).
 *
 * Implements TRK-06, ORD-08, TRK-01 (no location unless asked). Decisions (D): a booked appointment
 * wins over a prediction; a location asked for but impossible to estimate (no coordinates, no
 * pickup or delivery time, an order that is not under way) is present and flagged significantly
 * delayed, its delayMessage saying why, so that a caller can tell "not requested" from "not
 * known".
 *
 * Total: facts that are not an object are the 500 `internal_error` "The order could not be read." (the
 * server's data again); facts or options it cannot read (a getter or Proxy that throws) give a 400
 * `validation_failed` Left with one `type` violation at the root (never an exception, whatever a
 * JavaScript caller passes).
 *
 * @example
 * buildTracking({ id: 'ord_1', orderNumber: 'A1B2C', status: 'ACCEPTED' }, { include: { location: false }, now: DateTime.fromISO('2026-11-23T12:00:00Z') }).right
 * //=> { id: 'ord_1', orderNumber: 'A1B2C', orderStatus: 'ACCEPTED', estimatedDeliveryDate: null }
 *
 * @category rules
 * @since 0.1.0
 */
export const buildTracking = /* @__PURE__ */ total(
(facts: TrackingFacts, options: TrackingOptions): Either<ProblemDetail, Tracking> => {
  if (typeof facts !== 'object' || facts === null) return left(problemFor('internal_error', 'The order could not be read.'))
  const status = facts.status ?? null
  if (status !== null && !isOrderStatus(status)) {
    return left(problemFor('internal_error', 'The stored order status is not one of the spec.', [violationAt(['orderStatus'], 'Tracking', 'invalid', 'must be an order status of the spec or unset')]))
  }
  if (typeof facts.orderNumber !== 'string' || !isOrderNumber(facts.orderNumber) || typeof facts.id !== 'string') {
    return left(problemFor('internal_error', 'The stored order number or id is not valid.', [violationAt(['orderNumber'], 'Tracking', 'invalid', 'must be five letters or digits, with a string id')]))
  }
  const booked = isInstant(facts.deliveryAppointment) ? facts.deliveryAppointment : isInstant(facts.predictedDelivery) ? facts.predictedDelivery : undefined
  const out: { -readonly [K in keyof Tracking]: Tracking[K] } = {
    id: facts.id,
    orderNumber: facts.orderNumber as Tracking['orderNumber'],
    orderStatus: status as Tracking['orderStatus'],
  }
  const stamp = (d: DateTime): Stamp => iso(d.toMillis()) as Stamp
  if (isInstant(facts.actualPickupDate)) out.actualPickupDate = stamp(facts.actualPickupDate)
  if (isInstant(facts.actualDeliveryDate)) out.actualDeliveryDate = stamp(facts.actualDeliveryDate)
  if (isInstant(facts.estimatedPickupDate)) out.estimatedPickupDate = stamp(facts.estimatedPickupDate)
  out.estimatedDeliveryDate = booked === undefined ? null : stamp(booked)
  if (options?.include?.location === true) out.location = locate(facts, status, booked, options)
  return right(out as Tracking)
},
  () => unreadableProblem<Tracking>(),
)

type Stamp = NonNullable<Tracking['estimatedDeliveryDate']>

const locate = (facts: TrackingFacts, status: string | null, booked: DateTime | undefined, options: TrackingOptions): ShipmentLocation => {
  const pickedUpAt = isInstant(facts.actualPickupDate) ? facts.actualPickupDate : facts.estimatedPickupDate
  const eta = isInstant(facts.actualDeliveryDate) ? facts.actualDeliveryDate : booked
  const base = { origin: facts.origin, destination: facts.destination, now: options.now, pickedUpAt }
  if (status === null || !isUnderWay(status)) return unavailableLocation(base, `no shipment is under way (status ${status ?? 'unset'})`)
  if (!isInstant(pickedUpAt)) return unavailableLocation(base, 'neither the actual nor the estimated pickup time is known')
  if (!isInstant(eta)) return unavailableLocation(base, 'the delivery date is not predicted yet')
  if (facts.origin === null || facts.origin === undefined || facts.destination === null || facts.destination === undefined) {
    return unavailableLocation(base, 'the pickup or delivery position is not known')
  }
  const config = options.config ?? defaultConfig
  const location = estimateLocation({ origin: facts.origin, destination: facts.destination, pickedUpAt, eta, now: options.now, pings: facts.pings }, { config })
  const center: GpsData = location.center
  const place = typeof options.placeOf === 'function' ? options.placeOf({ latitude: center.latitude, longitude: center.longitude }) : null
  const sentence = describeStatus({ orderStatus: status, place, eta, zone: facts.deliveryZone, isSignificantlyDelayed: location.isSignificantlyDelayed }, { config })
  return sentence === undefined ? location : { ...location, statusDescription: sentence }
}
