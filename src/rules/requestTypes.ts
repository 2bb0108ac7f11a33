/**
 * The types the request validators take and return (spec: CreateShipmentRequest, QuoteRequest,
 * ShipperDispatch), in a module of their own so that `requests.ts` (the validators) and
 * `requestsFast.ts` (their fast path) both use them without importing each other (CRT-01 …
 * CRT-09, QTE-01). Re-exported by `requests.ts` under the same names.
 *
 * @module
 */
import type { RulesConfig } from '../config.js'
import type { NormalizedAddress, NormalizedShipmentAddress } from '../model/address.js'
import type { AppointmentRequirement } from './appointment.js'
import type { NormalizedComponent } from './freightComponents.js'

/**
 * A validated shipment dispatch contact (CRT-08).
 *
 * @category model
 * @since 0.1.0
 */
export interface Dispatch {
  readonly name: string
  readonly email?: string
  readonly phone?: string
  readonly scac?: string
}

/**
 * A normalized create request: only the fields the spec defines (never companyId).
 *
 * @category model
 * @since 0.1.0
 */
export interface NormalizedCreateShipment {
  readonly pickupAddress: NormalizedShipmentAddress
  readonly deliveryAddress: NormalizedShipmentAddress
  readonly orderComponents: ReadonlyArray<NormalizedComponent>
  readonly description: string
  readonly quoteId?: string
  readonly poNumber?: string
  readonly refNumber?: string
  readonly instructions?: string
  readonly referenceNumbers?: ReadonlyArray<string>
  readonly requiredPickupDate?: string
  readonly requiredDeliveryBy?: string
  readonly appointments?: { readonly pickup?: AppointmentRequirement; readonly delivery?: AppointmentRequirement }
  readonly shipperDispatch?: Dispatch
}

/**
 * A normalized quote request.
 *
 * @category model
 * @since 0.1.0
 */
export interface NormalizedQuoteRequest {
  readonly pickupAddress: NormalizedAddress
  readonly deliveryAddress: NormalizedAddress
  readonly orderComponents: ReadonlyArray<NormalizedComponent>
  readonly requiredPickupDate?: string
  readonly shipmentMode?: 'ltl' | 'ftl'
  readonly customerReference?: string
}

/**
 * Options of the request validators.
 *
 * @category model
 * @since 0.1.0
 */
export interface RequestOptions {
  readonly config?: RulesConfig
}
