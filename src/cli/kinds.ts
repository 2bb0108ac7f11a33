/**
 * The request kinds the CLI validates, each mapped to the library function a server would call.
 *
 * @module
 */
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js'
import { validationProblem, type ProblemDetail } from '../errors/problem.js'
import { normalizeAddress, type AddressPurpose } from '../rules/address.js'
import { REPAIR_KINDS } from '../rules/repair.js'
import { validateAppointmentRequirement } from '../rules/appointment.js'
import { validateComponents } from '../rules/freightComponents.js'
import { validateCreateShipment, validateQuoteRequest } from '../rules/requests.js'
import { TRACKING_INPUT, trackingKind } from './tracking.js'

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

/** The validate kinds that have a repairInput kind of the same name (those --lenient applies to). */
export const LENIENT_KINDS: ReadonlyArray<string> = Object.keys(KINDS).filter((k) => (REPAIR_KINDS as ReadonlyArray<string>).includes(k))

const LENIENT = `      --lenient  repairs what a person typed first (repairInput: blanks trimmed, code case,
                 empty or null optionals dropped) and adds "repairs": [...] to the result.`

/** What each kind reads and the options it takes, for `shipper-rules validate <kind> --help`. */
const KIND_HELP: Readonly<Record<string, string>> = {
  address: `an address (normalizeAddress).
      --purpose shipment|quote|response  which fields are required (default shipment;
                 quote: only zipCode).
${LENIENT}`,
  components: `the orderComponents array: pallet groups, class and pallet dimensions resolved.
      --liftgate applies the liftgate limits (weight and height per pallet).
${LENIENT}`,
  'quote-request': `a quote request body (validateQuoteRequest).
${LENIENT}`,
  'create-shipment': `a create-shipment request body (validateCreateShipment).
${LENIENT}`,
  appointment: `an appointment requirement body, as the appointment PUT takes it.
${LENIENT}`,
  tracking: `order facts, from which it builds the Tracking response a server would send
      (places and time zones from shipper-rules/geo):
        ${TRACKING_INPUT}`,
}

/** The usage of one kind; undefined for an unknown kind. */
export const kindUsage = (kind: string): string | undefined =>
  Object.prototype.hasOwnProperty.call(KIND_HELP, kind)
    ? `Usage: shipper-rules validate ${kind} [file...|-] [options]
      validates ${KIND_HELP[kind]!}
      --format json|pretty  (default: pretty on a terminal, JSON otherwise)
      See shipper-rules validate --help for the output and exit codes.
`
    : undefined
