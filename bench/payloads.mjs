// The payloads of the request benchmark. The realistic create request is the bundled example
// (two full addresses, three pallet groups, appointments, dispatch, references); the invalid one
// is the same request with exactly three violations, all of which every validator collects. The
// quote request carries the same stops and pallet groups with the quote's optional fields.
import { readFileSync } from 'node:fs'

const load = (p) => JSON.parse(readFileSync(new URL(`../examples/${p}`, import.meta.url), 'utf8'))
const create = load('create-shipment/valid-chicago-to-san-juan.json')
delete create.companyId

const brokenCreate = structuredClone(create)
brokenCreate.pickupAddress.zipCode = '6001'
brokenCreate.orderComponents[1].poundsWeight = 0
brokenCreate.shipperDispatch.email = 'nope'

const stop = ({ zipCode, state, city, liftgateRequired, insideRequired, appointmentRequired }) =>
  Object.fromEntries(Object.entries({ zipCode, state, city, country: 'US', liftgateRequired, insideRequired, appointmentRequired }).filter(([, v]) => v !== undefined))
const quote = {
  pickupAddress: stop(create.pickupAddress),
  deliveryAddress: stop(create.deliveryAddress),
  orderComponents: create.orderComponents,
  requiredPickupDate: create.requiredPickupDate,
  shipmentMode: 'ltl',
}
const brokenQuote = structuredClone(quote)
brokenQuote.deliveryAddress.zipCode = '9494'
brokenQuote.orderComponents[0].palletCount = 0
brokenQuote.shipmentMode = 'LTL'

/** [label, payload, valid?] per request kind. */
export const payloads = {
  'create-shipment': [['valid', create, true], ['invalid (3 violations)', brokenCreate, false]],
  'quote-request': [['valid', quote, true], ['invalid (3 violations)', brokenQuote, false]],
}
