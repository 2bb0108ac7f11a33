// Generators for the shipper's dispatch contact (CRT-08) and for create requests that carry every
// optional field (CRT-01 … CRT-09): valid by construction, exactly as the spec reads them.
import fc from 'fast-check'
import { emailArb, phoneArb, textArb } from './address.js'
import { orderedDateTimesArb } from './dateTime.js'
import { wireComponentsArb } from './orderComponents.js'
import { createArb } from './requests.js'

/** Text of 1 to `max` characters (code points) with one that is not white space. */
const visibleText = (max: number): fc.Arbitrary<string> =>
  fc
    .tuple(fc.string({ unit: 'grapheme', maxLength: Math.floor(max / 8) }), fc.constantFrom('A', 'é', '📦', '名'))
    .map(([s, c]) => c + s)

/**
 * A valid ShipperDispatch: a name (up to 200 characters, any script), at least one of email and
 * phone, perhaps a SCAC of 2 to 4 upper-case letters.
 *
 * Targets CRT-08.
 *
 * @example
 * fc.sample(fc.tuple(createArb, dispatchArb), { seed: 1, numRuns: 20 }).every(([body, d]) => isRight(validateCreateShipment({ ...body, shipperDispatch: d })))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const dispatchArb: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    name: fc.oneof(textArb, visibleText(200)),
    email: fc.option(emailArb, { nil: undefined }),
    phone: fc.option(phoneArb, { nil: undefined }),
    scac: fc.option(fc.stringMatching(/^[A-Z]{2,4}$/), { nil: undefined }),
    which: fc.constantFrom('email', 'phone'),
    fallback: fc.tuple(emailArb, phoneArb),
  })
  .map(({ which, fallback, ...d }) => {
    // at least one of email or phone, by construction
    const out: Record<string, unknown> = { ...d }
    if (d.email === undefined && d.phone === undefined) out[which] = which === 'email' ? fallback[0] : fallback[1]
    return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined))
  })

/**
 * A valid create request (`createArb`) with every optional field the spec names sometimes
 * present: poNumber, refNumber, instructions, both dates in order, a dispatch contact, and pallet
 * groups in every shape the spec accepts.
 *
 * Targets CRT-01 … CRT-09.
 *
 * @example
 * fc.sample(fullCreateArb, { seed: 1, numRuns: 20 }).every((body) => isRight(validateCreateShipment(body)))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const fullCreateArb: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    body: createArb,
    // pallet groups in every shape (8 groups of at most 3 pallets stay under the 26 an order may carry)
    orderComponents: fc.option(wireComponentsArb(8), { nil: undefined }),
    poNumber: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
    refNumber: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
    instructions: fc.option(fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 50 })), { nil: undefined }),
    dates: fc.option(orderedDateTimesArb, { nil: undefined }),
    dispatch: fc.option(dispatchArb, { nil: undefined }),
  })
  .map(({ body, orderComponents, poNumber, refNumber, instructions, dates, dispatch }) => {
    const out: Record<string, unknown> = { ...body }
    if (orderComponents !== undefined) out['orderComponents'] = orderComponents
    if (poNumber !== undefined) out['poNumber'] = poNumber
    if (refNumber !== undefined) out['refNumber'] = refNumber
    if (instructions !== undefined) out['instructions'] = instructions
    if (dates !== undefined) {
      out['requiredPickupDate'] = dates[0]
      out['requiredDeliveryBy'] = dates[1]
    }
    if (dispatch !== undefined) out['shipperDispatch'] = dispatch
    return out
  })
