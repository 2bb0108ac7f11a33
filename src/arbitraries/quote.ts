// Generators for quote requests (QTE-01, ADDR-13) and for addresses as a server sends them
// (ADDR-03): valid by construction, exactly as the spec reads them.
import fc from 'fast-check'
import { ISO_3166_1_ALPHA_2, SERVED_COUNTRIES } from '../model/countries.js'
import { SHIPMENT_MODES } from '../model/patterns.js'
import { randomCase, shipmentAddressArb, zipArb } from './address.js'
import { dateTimeArb } from './dateTime.js'
import { wireComponentsArb } from './orderComponents.js'

/** Some of an object's keys (always those in `keep`). */
const someKeys = (o: Record<string, unknown>, keep: ReadonlyArray<string>): fc.Arbitrary<Record<string, unknown>> =>
  fc.subarray(Object.keys(o).filter((k) => !keep.includes(k))).map((ks) => Object.fromEntries([...keep, ...ks].map((k) => [k, o[k]])))

/**
 * An address of a quote request: a zipCode alone, a full shipment address, or any part of one
 * that keeps its zipCode.
 *
 * Targets ADDR-13.
 *
 * @example
 * fc.sample(quoteAddressArb, { seed: 1, numRuns: 30 }).every((a) => isRight(normalizeAddress(a, { purpose: 'quote' })))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const quoteAddressArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  zipArb.map((zipCode) => ({ zipCode })),
  shipmentAddressArb,
  shipmentAddressArb.chain((a) => someKeys(a, ['zipCode'])),
)

/**
 * A valid QuoteRequest body: two quote addresses, pallet groups in every shape, perhaps a
 * pickup date, a shipment mode and a customer reference, sometimes a field the spec does not name.
 *
 * Targets QTE-01 and ADDR-13.
 *
 * @example
 * fc.sample(quoteRequestArb, { seed: 1, numRuns: 20 }).every((q) => isRight(validateQuoteRequest(q)))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const quoteRequestArb: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    pickupAddress: quoteAddressArb,
    deliveryAddress: quoteAddressArb,
    orderComponents: wireComponentsArb(),
    requiredPickupDate: fc.option(dateTimeArb, { nil: undefined }),
    shipmentMode: fc.option(fc.constantFrom(...SHIPMENT_MODES), { nil: undefined }),
    customerReference: fc.option(fc.oneof(fc.string({ maxLength: 128 }), fc.string({ unit: 'grapheme', maxLength: 16 })), { nil: undefined }),
    companyId: fc.option(fc.constant('someone-else'), { nil: undefined }),
  })
  .map((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)))

const FOREIGN = [...ISO_3166_1_ALPHA_2].filter((c) => !(SERVED_COUNTRIES as ReadonlyArray<string>).includes(c))

/**
 * An address as a server sends it: a served address (any part of a shipment address that keeps
 * zipCode and state), or one in another recognized country, its country in any case and its state
 * any two upper-case letters.
 *
 * Targets ADDR-03.
 *
 * @example
 * fc.sample(responseAddressArb, { seed: 1, numRuns: 30 }).every((a) => isRight(normalizeAddress(a, { purpose: 'response' })))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const responseAddressArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  shipmentAddressArb.chain((a) => someKeys(a, ['zipCode', 'state'])),
  fc
    .tuple(shipmentAddressArb, fc.constantFrom(...FOREIGN).chain(randomCase), fc.stringMatching(/^[A-Z]{2}$/))
    .chain(([a, country, state]) => someKeys({ ...a, country, state }, ['zipCode', 'state', 'country'])),
)
