/**
 * The request kinds the CLI validates, each mapped to the library function a server would call.
 *
 * @module
 */
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js'
import { validationProblem, type ProblemDetail } from '../errors/problem.js'
import { normalizeAddress, type AddressPurpose } from '../rules/address.js'
import { validateAppointmentRequirement } from '../rules/appointment.js'
import { validateComponents } from '../rules/freightComponents.js'
import { validateCreateShipment, validateQuoteRequest } from '../rules/requests.js'
import { trackingKind } from './tracking.js'

/** Options a kind may take from the command line. */
export interface KindOptions {
  readonly purpose?: AddressPurpose
  /** Apply the liftgate limits (components). */
  readonly liftgate?: boolean
}

/** A validator of one kind: wire JSON in, the normalized value or a ProblemDetail out. */
export type KindValidator = (input: unknown, options: KindOptions) => Either<ProblemDetail, unknown>

/** The kinds API.md names (plus components, and tracking: the Tracking response built from order facts), each with its validator. */
export const KINDS: Readonly<Record<string, KindValidator>> = {
  address: (input, options) => {
    const r = normalizeAddress(input, { purpose: options.purpose ?? 'shipment' })
    return isLeft(r) ? left(validationProblem(r.left)) : right(r.right)
  },
  components: (input, options) => validateComponents(input, { liftgate: options.liftgate === true }),
  'quote-request': (input) => validateQuoteRequest(input),
  'create-shipment': (input) => validateCreateShipment(input),
  appointment: (input) => {
    const r = validateAppointmentRequirement(input)
    // (an "appointmentRequired" key beside the body, used by merge-appointment, is dropped as unknown)
    return isLeft(r) ? left(validationProblem(r.left)) : right(r.right)
  },
  tracking: (input) => trackingKind(input),
}
