/**
 * Address (spec: Resources, Address). The wire codec, and the types of normalized addresses.
 *
 * @module
 */
import * as t from 'io-ts'
import { CountryCode, E164Phone, Email, PhoneExtension, StateCode, TimeOfDay, ZipCode } from './brands.js'

/**
 * Address on the wire (pickupAddress, deliveryAddress, and shipper/consignee/billTo on the
 * invoice): zipCode always, every other field optional with its wire format.
 *
 * @category codecs
 * @since 0.1.0
 */
export const Address = t.intersection(
  [
    t.type({ zipCode: ZipCode }),
    t.partial({
      name: t.string,
      address1: t.string,
      address2: t.string,
      city: t.string,
      state: StateCode,
      country: CountryCode,
      phoneNumber: E164Phone,
      contactPerson: t.string,
      phoneExtension: PhoneExtension,
      email: Email,
      openTime: TimeOfDay,
      closeTime: TimeOfDay,
      notes: t.string,
      liftgateRequired: t.boolean,
      limitedAccess: t.boolean,
      appointmentRequired: t.boolean,
      callAheadRequired: t.boolean,
      lumperRequired: t.boolean,
      insideRequired: t.boolean,
    }),
  ],
  'Address',
)

/**
 * An address as it appears on the wire.
 *
 * @category model
 * @since 0.1.0
 */
export type Address = t.TypeOf<typeof Address>

/**
 * An address with the fields a shipment create requires (ADDR-01, ADDR-02, ADDR-08).
 *
 * @category codecs
 * @since 0.1.0
 */
export const ShipmentAddress = t.intersection(
  [
    Address,
    t.type({
      name: t.string,
      address1: t.string,
      city: t.string,
      state: StateCode,
      phoneNumber: E164Phone,
      contactPerson: t.string,
    }),
  ],
  'ShipmentAddress',
)

/**
 * An address with the fields a shipment create requires.
 *
 * @category model
 * @since 0.1.0
 */
export type ShipmentAddress = t.TypeOf<typeof ShipmentAddress>

/**
 * What normalization guarantees on top of the wire type: the defaults are applied.
 *
 * @category model
 * @since 0.1.0
 */
export interface AddressDefaultsApplied {
  readonly country: CountryCode
  readonly openTime: TimeOfDay
  readonly closeTime: TimeOfDay
}

/**
 * A normalized address: trimmed, upper-case codes, canonical territory form, defaults applied.
 *
 * @category model
 * @since 0.1.0
 */
export type NormalizedAddress = Address & AddressDefaultsApplied

/**
 * A normalized address valid for a shipment create.
 *
 * @category model
 * @since 0.1.0
 */
export type NormalizedShipmentAddress = ShipmentAddress & AddressDefaultsApplied
