/**
 * Tracking (spec: Resources, Tracking, ShipmentLocation, GpsData; rules TRK-02 to TRK-06,
 * ORD-08). Whether a GPS timestamp lies in the future depends on `now` and is a rule, not part of
 * the wire type.
 *
 * @module
 */
import * as t from 'io-ts'
import { described, text } from './schema.js'
import { OrderNumber } from './brands.js'
import { Int, NonNegativeInt, NonNegativeNumber } from './numbers.js'
import { OrderStatus } from './shipment.js'
import { DateTimeString } from './time.js'

/**
 * The brand of {@link Latitude}.
 *
 * @category model
 * @since 0.1.0
 */
export interface LatitudeBrand {
  readonly Latitude: unique symbol
}

/**
 * A latitude in degrees: a finite number from -90 to 90 (TRK-02).
 *
 * @example
 * Latitude.is(91)
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const Latitude = described(
  t.brand(t.number, (n): n is t.Branded<number, LatitudeBrand> => Number.isFinite(n) && n >= -90 && n <= 90, 'Latitude'),
  { minimum: -90, maximum: 90 },
)

/**
 * A latitude in degrees.
 *
 * @category model
 * @since 0.1.0
 */
export type Latitude = t.TypeOf<typeof Latitude>

/**
 * The brand of {@link Longitude}.
 *
 * @category model
 * @since 0.1.0
 */
export interface LongitudeBrand {
  readonly Longitude: unique symbol
}

/**
 * A longitude in degrees: a finite number from -180 to 180 (TRK-02).
 *
 * @example
 * Longitude.is(-87.6)
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const Longitude = described(
  t.brand(t.number, (n): n is t.Branded<number, LongitudeBrand> => Number.isFinite(n) && n >= -180 && n <= 180, 'Longitude'),
  { minimum: -180, maximum: 180 },
)

/**
 * A longitude in degrees.
 *
 * @category model
 * @since 0.1.0
 */
export type Longitude = t.TypeOf<typeof Longitude>

/**
 * The brand of {@link Heading}.
 *
 * @category model
 * @since 0.1.0
 */
export interface HeadingBrand {
  readonly Heading: unique symbol
}

/**
 * A compass heading: an integer from 0 to 359 degrees, 0 is North (TRK-02).
 *
 * @example
 * Heading.is(360)
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const Heading = described(
  t.brand(Int, (n): n is t.Branded<Int, HeadingBrand> => n >= 0 && n <= 359, 'Heading'),
  { minimum: 0, maximum: 359 },
)

/**
 * A compass heading in whole degrees.
 *
 * @category model
 * @since 0.1.0
 */
export type Heading = t.TypeOf<typeof Heading>

/**
 * A vehicle position (TRK-02): every field required; speed in whole km/h.
 *
 * @example
 * GpsData.is({})
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const GpsData = t.type(
  {
    vehicleId: text({ name: 'VehicleId' }),
    timestamp: DateTimeString,
    latitude: Latitude,
    longitude: Longitude,
    heading: Heading,
    speed: NonNegativeInt,
  },
  'GpsData',
)

/**
 * A vehicle position.
 *
 * @category model
 * @since 0.1.0
 */
export type GpsData = t.TypeOf<typeof GpsData>

/**
 * An estimated shipment position (TRK-03, TRK-04, TRK-05): statusDescription is omitted or null
 * when no meaningful sentence can be produced.
 *
 * @example
 * ShipmentLocation.is({})
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const ShipmentLocation = t.intersection(
  [
    t.type({
      center: GpsData,
      uncertaintyRadiusKm: NonNegativeNumber,
      lastEventTimestamp: DateTimeString,
      isSignificantlyDelayed: t.boolean,
      delayMessage: t.string,
    }),
    t.partial({ statusDescription: t.union([t.string, t.null]) }),
  ],
  'ShipmentLocation',
)

/**
 * An estimated shipment position.
 *
 * @category model
 * @since 0.1.0
 */
export type ShipmentLocation = t.TypeOf<typeof ShipmentLocation>

/**
 * The tracking status of a shipment (spec: Tracking; ORD-08, TRK-01, TRK-06): orderStatus null
 * only for an unset internal state; estimatedDeliveryDate null until predicted; location present
 * only when requested.
 *
 * @example
 * Tracking.is({})
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const Tracking = t.intersection(
  [
    t.type({
      id: t.string,
      orderNumber: OrderNumber,
      orderStatus: t.union([OrderStatus, t.null]),
    }),
    t.partial({
      actualPickupDate: DateTimeString,
      actualDeliveryDate: DateTimeString,
      estimatedPickupDate: DateTimeString,
      estimatedDeliveryDate: t.union([DateTimeString, t.null]),
      location: ShipmentLocation,
    }),
  ],
  'Tracking',
)

/**
 * The tracking status of a shipment.
 *
 * @category model
 * @since 0.1.0
 */
export type Tracking = t.TypeOf<typeof Tracking>
