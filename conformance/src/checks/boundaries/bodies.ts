// The request bodies the boundary tables send: a quote or a create on a lane every server of the
// spec can price (checks/support.ts's LANES), with the pallet groups and stop fields a case sets;
// every create carries the run's marker in its description and refNumber.
import type { KitContext } from '../../check.js'
import type { SentRequest } from '../../http.js'
import { LANES, post, type Lane } from '../support.js'

export const QUOTE_PATH = '/v1/shipper/quote'
export const CREATE_PATH = '/v1/shipper/shipment'

/** Fields a case sets on a stop (liftgateRequired, a country spelling, a ZIP code). */
export interface StopFields {
  readonly pickup?: Readonly<Record<string, unknown>>
  readonly delivery?: Readonly<Record<string, unknown>>
}

const LANE: Lane = LANES[0]!

/** A QuoteRequest: only the ZIP codes of the lane (ADDR-13), the case's stop fields, and its pallet groups. */
export const quoteBodyOf = (components: ReadonlyArray<unknown>, stops: StopFields = {}, lane: Lane = LANE): Record<string, unknown> => ({
  pickupAddress: { zipCode: lane.pickup.zipCode, ...stops.pickup },
  deliveryAddress: { zipCode: lane.delivery.zipCode, ...stops.delivery },
  orderComponents: components,
})

/** A CreateShipmentRequest with complete addresses on the lane, the case's stop fields, pallet groups and (optionally) a quote id. */
export const createBodyOf = (ctx: KitContext, components: ReadonlyArray<unknown>, stops: StopFields = {}, quoteId?: string, lane: Lane = LANE): Record<string, unknown> => ({
  pickupAddress: {
    name: 'Boundary Pickup',
    address1: '1 Dock Rd',
    city: lane.pickup.city,
    state: lane.pickup.state,
    zipCode: lane.pickup.zipCode,
    phoneNumber: lane.pickup.phoneNumber,
    contactPerson: 'Pat Pickup',
    ...stops.pickup,
  },
  deliveryAddress: {
    name: 'Boundary Delivery',
    address1: '2 Yard Ave',
    city: lane.delivery.city,
    state: lane.delivery.state,
    zipCode: lane.delivery.zipCode,
    phoneNumber: lane.delivery.phoneNumber,
    contactPerson: 'Dee Delivery',
    ...stops.delivery,
  },
  orderComponents: components,
  description: `${ctx.marker} boundary case`,
  refNumber: ctx.marker,
  ...(quoteId === undefined ? {} : { quoteId }),
})

export const quoteRequest = (body: unknown): SentRequest => post(QUOTE_PATH, body)
export const createRequest = (body: unknown): SentRequest => post(CREATE_PATH, body)

/** The stop fields of a case whose delivery requires a liftgate (FRT-10's tighter limits). */
export const liftgateStops = (liftgate: boolean): StopFields => (liftgate ? { delivery: { liftgateRequired: true } } : {})
