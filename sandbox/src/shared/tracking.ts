// An order's tracking at a time: the facts the library's buildTracking reads, with the simulated
// vehicle's pings (simulation.ts). The tracking endpoint answers it; the console's map reads its
// positions.
import { buildTracking, defaultConfig, type RulesConfig } from 'shipper-rules'
import { nearestZip, timeZoneForZip, zipCentroid } from 'shipper-rules/geo'
import type { DateTime } from 'luxon'
import { numberOf } from '../db/store.js'
import { dateTimeOf, type OrderRow, type TRACKING_COLUMNS } from './orders.js'
import { simulatedPings } from './simulation.js'

/** The tracking facts of an order at `now`, with the simulated vehicle's pings, judged under the sandbox's rules configuration (the position model, the GPS clock skew). */
export const trackingOf = (row: Pick<OrderRow, (typeof TRACKING_COLUMNS.names)[number]>, now: DateTime, location: boolean, config: RulesConfig = defaultConfig) => {
  const origin = zipCentroid(row.request.pickupAddress.zipCode)
  const destination = zipCentroid(row.request.deliveryAddress.zipCode)
  const pickedUpAt = dateTimeOf(row.actual_pickup_at)
  const predicted = dateTimeOf(row.predicted_delivery_at)
  const pings =
    location && origin !== null && destination !== null && pickedUpAt !== null && predicted !== null && dateTimeOf(row.actual_delivery_at) === null
      ? simulatedPings({ vehicleId: `SBX-${row.order_number}`, origin, destination, pickedUpAt, eta: predicted, delayMinutes: numberOf(row.delay_minutes), offRouteKm: numberOf(row.off_route_km) }, now)
      : []
  return buildTracking(
    {
      id: row.id,
      orderNumber: row.order_number,
      status: row.status,
      actualPickupDate: pickedUpAt,
      actualDeliveryDate: dateTimeOf(row.actual_delivery_at),
      estimatedPickupDate: dateTimeOf(row.planned_pickup_at),
      predictedDelivery: predicted,
      origin,
      destination,
      deliveryZone: timeZoneForZip(row.request.deliveryAddress.zipCode),
      pings,
    },
    { include: { location }, now, placeOf: nearestZip, config },
  )
}
