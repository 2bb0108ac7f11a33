// Generators for whole requests.
import fc from 'fast-check'
import { shipmentAddressArb } from './address.js'
import { requirementArb } from './appointment.js'
import { componentWithin, DEFAULT_BOUNDS } from './components.js'

/**
 * A valid CreateShipmentRequest body as an integrator sends it: two shipment addresses, 1 to 10
 * pallet groups within the default configuration's liftgate limits (the order under its pallet
 * maximum with room for one more), a description, appointments exactly for the stops that require
 * one, perhaps a dispatch contact, a quote id and reference numbers, and a stray `companyId`
 * (which a validated request never carries).
 *
 * Targets CRT-01 … CRT-09.
 *
 * @example
 * fc.sample(createArb, { seed: 1, numRuns: 20 }).every((body) => isRight(validateCreateShipment(body)))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const createArb = fc
  .record({
    pickupAddress: shipmentAddressArb,
    deliveryAddress: shipmentAddressArb,
    // 1 to 10 groups, pallet counts capped so the order stays under the per-order maximum of 26
    // with room for one more pallet (the over-limit properties add one)
    components: fc
      .array(componentWithin(DEFAULT_BOUNDS, ['dimensions', 'palletDimensions', 'default']).map((c) => c.wire), { minLength: 1, maxLength: 10 })
      .map((list) => list.map((c) => ({ ...c, palletCount: Math.min(c['palletCount'] as number, Math.floor(25 / list.length)) }))),
    description: fc.constantFrom('Grocery restock', 'Machine parts', 'Office furniture'),
    pickupAppointment: fc.option(requirementArb, { nil: undefined }),
    deliveryAppointment: fc.option(requirementArb, { nil: undefined }),
    dispatch: fc.option(fc.record({ name: fc.constantFrom('Dispatch desk', 'Night dispatch'), phone: fc.constantFrom('+13125550100', '+17875550188'), scac: fc.constantFrom('ABCD', 'XY') }), { nil: undefined }),
    quoteId: fc.option(fc.uuid(), { nil: undefined }),
    referenceNumbers: fc.option(fc.array(fc.stringMatching(/^[A-Z0-9-]{1,20}$/), { minLength: 1, maxLength: 10 }), { nil: undefined }),
  })
  .map(({ pickupAddress, deliveryAddress, components, pickupAppointment, deliveryAppointment, dispatch, quoteId, referenceNumbers, description }) => {
    const body: Record<string, unknown> = {
      companyId: 'someone-else',
      // the liftgate-safe components fit any stop; appointments only where the stop requires one
      pickupAddress: { ...pickupAddress, appointmentRequired: pickupAppointment !== undefined },
      deliveryAddress: { ...deliveryAddress, appointmentRequired: deliveryAppointment !== undefined },
      orderComponents: components,
      description,
      requiredPickupDate: '2026-11-24T08:00:00-06:00',
      requiredDeliveryBy: '2026-12-01T16:00:00Z',
    }
    if (pickupAppointment !== undefined || deliveryAppointment !== undefined) {
      body['appointments'] = { ...(pickupAppointment === undefined ? {} : { pickup: pickupAppointment }), ...(deliveryAppointment === undefined ? {} : { delivery: deliveryAppointment }) }
    }
    if (dispatch !== undefined) body['shipperDispatch'] = dispatch
    if (quoteId !== undefined) body['quoteId'] = quoteId
    if (referenceNumbers !== undefined) body['referenceNumbers'] = referenceNumbers
    return body
  })

