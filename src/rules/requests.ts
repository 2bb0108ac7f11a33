/**
 * Request validators (spec: CreateShipmentRequest, QuoteRequest, ShipperDispatch, Endpoints
 * rules 1 and 3). Implements CRT-01 … CRT-09 and QTE-01: each composes the address, freight,
 * appointment and dispatch rules over one request in one pass and returns the normalized request
 * or the exact ProblemDetail a server sends (400 for shape and format, which beats 422 for pallet
 * limits).
 *
 * @module
 */
import type { Either } from 'fp-ts/lib/Either.js'
import { defaultConfig, type RulesConfig } from '../config.js'
import { problemFor, type ProblemDetail } from '../errors/problem.js'
import { violationAt, type Violation } from '../errors/violation.js'
import { left, right } from '../internal/either.js'
import { DATE_TIME_FIELD, readEmail, readPattern, readText, report, typeMessage, type Sink } from '../validate/fields.js'
import { isObject, own, type JsonObject } from '../internal/input.js'
import { instantOf } from '../internal/instant.js'
import type { NormalizedShipmentAddress } from '../model/address.js'
import { LIMITS, SHIPMENT_MODES } from '../model/patterns.js'
import { fastAddress, normalizeAddress } from './address.js'
import { validateAppointmentRequirement, readReferences, type AppointmentRequirement } from './appointment.js'
import { fastComponents, readComponents, type NormalizedComponent } from './freightComponents.js'
import { total } from '../internal/total.js'
import { dateTimeInstant, fastDateTime, optShort, optText, required } from '../validate/fastChecks.js'
import { DISPATCH_PHONE, dispatchValue, fastDispatch, fastQuoteRequest, fastReferences, fastRequirement, pickCreate, pickQuote, QUOTE_ID, SCAC } from './requestsFast.js'
import { unreadableProblem } from '../errors/unreadable.js'
import type { Dispatch, NormalizedCreateShipment, NormalizedQuoteRequest, RequestOptions } from './requestTypes.js'

export type { Dispatch, NormalizedCreateShipment, NormalizedQuoteRequest, RequestOptions } from './requestTypes.js'

const ROOT: ReadonlyArray<string> = []
const NO_OPTIONS: RequestOptions = Object.freeze({})
const PICKUP_SHIPMENT = { path: ['pickupAddress'], entity: 'pickupAddress' } as const
const DELIVERY_SHIPMENT = { path: ['deliveryAddress'], entity: 'deliveryAddress' } as const
const PICKUP_QUOTE = { ...PICKUP_SHIPMENT, purpose: 'quote' } as const
const DELIVERY_QUOTE = { ...DELIVERY_SHIPMENT, purpose: 'quote' } as const

/** Collects the violations of a field-level result into the shape list, returning the value. */
const take = <A>(r: Either<ReadonlyArray<Violation>, A>, out: Violation[]): A | undefined => {
  if (r._tag === 'Left') {
    out.push(...r.left)
    return undefined
  }
  return r.right
}

/** A boolean flag of an address as sent, whether or not the address is valid. */
const flag = (address: unknown, name: string): boolean => isObject(address) && own(address, name) === true

const LIFTGATE_DEFAULT = { liftgate: true } as const
const STANDARD_DEFAULT = { liftgate: false } as const

/** Components: shape violations to `shape`, limit violations to `limits`. */
const components = (raw: unknown, liftgate: boolean, config: RulesConfig, shape: Violation[], limits: Violation[], fast: boolean): ReadonlyArray<NormalizedComponent> | undefined => {
  const quick = fast ? fastComponents(raw, liftgate, config) : undefined
  if (quick !== undefined) return quick
  const r = readComponents(raw, liftgate ? (config === defaultConfig ? LIFTGATE_DEFAULT : { liftgate, config }) : config === defaultConfig ? STANDARD_DEFAULT : { liftgate, config }, fast)
  for (const v of r.shape) shape.push(v)
  for (const v of r.limits) limits.push(v)
  return r.shape.length === 0 && r.limits.length === 0 ? r.reports.map((c) => c.component) : undefined
}

const answer = <A>(value: A | undefined, shape: Violation[], limits: Violation[]): Either<ProblemDetail, A> => {
  if (shape.length > 0) {
    const all = [...shape, ...limits]
    return left(problemFor('validation_failed', `The request has ${all.length} invalid field${all.length === 1 ? '' : 's'}.`, all))
  }
  if (limits.length > 0) return left(problemFor('pallet_invalid', `${limits.length} pallet limit${limits.length === 1 ? ' is' : 's are'} exceeded.`, limits))
  return value === undefined ? left(problemFor('validation_failed', 'The request is not valid.')) : right(value)
}

const notAnObject = (body: unknown): ProblemDetail =>
  problemFor('validation_failed', 'The request has 1 invalid field.', [violationAt(ROOT, null, body === undefined ? 'required' : 'type', typeMessage('a JSON object', body))])

/**
 * Validates a create-shipment body and returns the normalized request, or the ProblemDetail:
 * 400 `validation_failed` listing every violation (addresses, components, description,
 * instructions, referenceNumbers, dates, appointments, shipperDispatch; pallet-limit violations
 * included) when any field is missing or malformed; otherwise 422 `pallet_invalid` when a
 * pallet limit is exceeded (liftgate limits when either stop requires a liftgate).
 *
 * Implements CRT-01 … CRT-09 (CRT-07 with APT-01 … APT-06; CRT-05's ownership and expiry are
 * `checkQuoteForShipment`'s). Decisions (D): requiredDeliveryBy before requiredPickupDate is
 * a `mismatch` at requiredDeliveryBy; an appointments entry for a stop whose address does not
 * require an appointment is `not_allowed`, and is still validated in full, so that every
 * violation is listed; unknown fields (companyId among them) are dropped. A date-time has a
 * four-digit year 0001 to 9999 (ID-03).
 * Every string read must be wire text (ERR-01, ID-03, a library decision: well-formed Unicode
 * without U+0000, which storage cannot hold): otherwise one `encoding` violation at its field,
 * judged after its type and length and before its format; unknown keys are never read, whatever
 * text they hold.
 *
 * Total: a body or options it cannot read (a Proxy or getter that throws) give a 400 `validation_failed` Left with one `type` violation at the root (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * validateCreateShipment({ companyId: 'x' }).left.violations.map((v) => v.field)
 * //=> ['pickupAddress', 'deliveryAddress', 'orderComponents', 'description']
 *
 * @category rules
 * @since 0.1.0
 */
export const validateCreateShipment = (body: unknown, options?: RequestOptions): Either<ProblemDetail, NormalizedCreateShipment> => {
  // total, as `total` makes a function, without its rest-and-spread call
  try {
    return createShipment(body, options === undefined ? NO_OPTIONS : options, true)
  } catch {
    return unreadableProblem<NormalizedCreateShipment>()
  }
}

/**
 * The reference path of {@link validateCreateShipment}: every part of the request read by its rule
 * family's reader, every violation collected and worded. The exported validator reads each part
 * by its fast path first (`./requestsFast.ts`) and falls back to these readers for a part that is
 * not plainly valid; a property holds the two equal.
 *
 * @internal
 */
export const validateCreateShipmentReference = /* @__PURE__ */ total(
  (body: unknown, options: RequestOptions = {}): Either<ProblemDetail, NormalizedCreateShipment> => createShipment(body, options, false),
  () => unreadableProblem<NormalizedCreateShipment>(),
)

/** The create request's composition; `fast`: each part by its fast path first. */
const createShipment = (body: unknown, options: RequestOptions, fast: boolean): Either<ProblemDetail, NormalizedCreateShipment> => {
  if (!isObject(body)) return left(notAnObject(body))
  const config = options.config ?? defaultConfig
  const shape: Violation[] = []
  const limits: Violation[] = []
  const sink: Sink = { entity: null, out: shape }
  const b = pickCreate(body)
  const rawPickup = b.pickupAddress
  const rawDelivery = b.deliveryAddress
  const pickupAddress = (fast ? fastAddress(rawPickup, true) : undefined) ?? take(normalizeAddress(rawPickup, PICKUP_SHIPMENT), shape)
  const deliveryAddress = (fast ? fastAddress(rawDelivery, true) : undefined) ?? take(normalizeAddress(rawDelivery, DELIVERY_SHIPMENT), shape)
  const liftgate = flag(rawPickup, 'liftgateRequired') || flag(rawDelivery, 'liftgateRequired')
  const orderComponents = components(b.orderComponents, liftgate, config, shape, limits, fast)
  // the plain fields: a plainly valid value as it is (the reference reader's checks, or stricter
  // ones), anything else through the reader, which words the violation
  const rawDescription = b.description
  const description = fast && required(rawDescription, Infinity) ? rawDescription : readText(sink, rawDescription, ROOT, 'description', REQUIRED_TEXT)
  const rawQuoteId = b.quoteId
  const quoteId = fast && (rawQuoteId === undefined || (typeof rawQuoteId === 'string' && QUOTE_ID.test(rawQuoteId))) ? rawQuoteId : readPattern(sink, rawQuoteId, ROOT, 'quoteId', QUOTE_ID)
  const rawPoNumber = b.poNumber
  const poNumber = fast && optText(rawPoNumber) ? (rawPoNumber as string | undefined) : readText(sink, rawPoNumber, ROOT, 'poNumber')
  const rawRefNumber = b.refNumber
  const refNumber = fast && optText(rawRefNumber) ? (rawRefNumber as string | undefined) : readText(sink, rawRefNumber, ROOT, 'refNumber')
  const rawInstructions = b.instructions
  const instructions = fast && optShort(rawInstructions, LIMITS.instructionsMaxLength) ? (rawInstructions as string | undefined) : readText(sink, rawInstructions, ROOT, 'instructions', INSTRUCTIONS)
  const rawReferences = b.referenceNumbers
  const referenceNumbers = (fast && rawReferences !== undefined ? fastReferences(rawReferences, LIMITS.createReferenceNumbersMax, LIMITS.createReferenceNumberMaxLength) : null) ??
    readReferences(sink, rawReferences, ROOT, LIMITS.createReferenceNumbersMax, LIMITS.createReferenceNumberMaxLength)
  // a plainly valid date-time is read once, for its format and its instant (NaN: not plainly valid)
  const rawPickupDate = b.requiredPickupDate
  const rawDeliveryBy = b.requiredDeliveryBy
  const pickupAt = fast && typeof rawPickupDate === 'string' ? dateTimeInstant(rawPickupDate) : NaN
  const deliveryAt = fast && typeof rawDeliveryBy === 'string' ? dateTimeInstant(rawDeliveryBy) : NaN
  const requiredPickupDate = !Number.isNaN(pickupAt) ? (rawPickupDate as string) : readPattern(sink, rawPickupDate, ROOT, 'requiredPickupDate', DATE_TIME_FIELD)
  const requiredDeliveryBy = !Number.isNaN(deliveryAt) ? (rawDeliveryBy as string) : readPattern(sink, rawDeliveryBy, ROOT, 'requiredDeliveryBy', DATE_TIME_FIELD)
  if (
    requiredPickupDate !== undefined && requiredDeliveryBy !== undefined &&
    (!Number.isNaN(deliveryAt) ? deliveryAt : instantOf(requiredDeliveryBy)) < (!Number.isNaN(pickupAt) ? pickupAt : instantOf(requiredPickupDate))
  ) {
    report(sink, ROOT, 'requiredDeliveryBy', 'mismatch', 'must not be before requiredPickupDate')
  }
  const appointments = readAppointments(b.appointments, flag(rawPickup, 'appointmentRequired'), flag(rawDelivery, 'appointmentRequired'), shape, fast)
  const shipperDispatch = (fast ? fastDispatch(b.shipperDispatch) : undefined) ?? readDispatch(b.shipperDispatch, shape)
  if (pickupAddress === undefined || deliveryAddress === undefined || orderComponents === undefined || description === undefined) return answer<NormalizedCreateShipment>(undefined, shape, limits)
  // Optional members stored in wire order, each only when present.
  const value: Mutable<NormalizedCreateShipment> = {
    pickupAddress: pickupAddress as NormalizedShipmentAddress,
    deliveryAddress: deliveryAddress as NormalizedShipmentAddress,
    orderComponents,
    description,
  }
  if (quoteId !== undefined) value.quoteId = quoteId.toLowerCase()
  if (poNumber !== undefined) value.poNumber = poNumber
  if (refNumber !== undefined) value.refNumber = refNumber
  if (instructions !== undefined) value.instructions = instructions
  if (referenceNumbers !== undefined) value.referenceNumbers = referenceNumbers
  if (requiredPickupDate !== undefined) value.requiredPickupDate = requiredPickupDate
  if (requiredDeliveryBy !== undefined) value.requiredDeliveryBy = requiredDeliveryBy
  if (appointments !== undefined) value.appointments = appointments
  if (shipperDispatch !== undefined) value.shipperDispatch = shipperDispatch
  return answer(value, shape, limits)
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] }
const REQUIRED_TEXT = { required: true, notBlank: true } as const
const INSTRUCTIONS = { maxLength: LIMITS.instructionsMaxLength } as const

const readAppointments = (raw: unknown, pickupRequired: boolean, deliveryRequired: boolean, out: Violation[], fast: boolean): NormalizedCreateShipment['appointments'] => {
  if (raw === undefined) return undefined
  if (!isObject(raw)) {
    out.push(violationAt(['appointments'], 'appointment', 'type', typeMessage('an object { pickup, delivery }', raw)))
    return undefined
  }
  // the two stops in turn, without a list of pairs built per call
  const pickup = readStopAppointment(raw, 'pickup', pickupRequired, out, fast)
  const delivery = readStopAppointment(raw, 'delivery', deliveryRequired, out, fast)
  if (pickup === undefined && delivery === undefined) return undefined
  const result: { pickup?: AppointmentRequirement; delivery?: AppointmentRequirement } = {}
  if (pickup !== undefined) result.pickup = pickup
  if (delivery !== undefined) result.delivery = delivery
  return result
}

/** One stop's appointment requirement, kept only where the stop's address requires one. */
const readStopAppointment = (raw: JsonObject, stop: 'pickup' | 'delivery', required: boolean, out: Violation[], fast: boolean): AppointmentRequirement | undefined => {
  const entry = own(raw, stop)
  if (entry === undefined) return undefined
  // validated in full even where it is not allowed, so that every violation is listed (CRT-07)
  if (!required) out.push(violationAt(['appointments', stop], 'appointment', 'not_allowed', `may be set only when ${stop}Address.appointmentRequired is true`))
  const r = (fast ? fastRequirement(entry) : undefined) ?? take(validateAppointmentRequirement(entry, { path: ['appointments', stop] }), out)
  return required ? r : undefined
}

const readDispatch = (raw: unknown, out: Violation[]): Dispatch | undefined => {
  if (raw === undefined) return undefined
  const path = ['shipperDispatch']
  const sink: Sink = { entity: 'shipperDispatch', out }
  if (!isObject(raw)) {
    out.push(violationAt(path, sink.entity, 'type', typeMessage('an object', raw)))
    return undefined
  }
  const d: JsonObject = raw
  const before = out.length
  const name = readText(sink, own(d, 'name'), path, 'name', { required: true, notBlank: true, maxLength: LIMITS.dispatchNameMaxLength })
  const email = readEmail(sink, own(d, 'email'), path, 'email')
  const phone = readPattern(sink, own(d, 'phone'), path, 'phone', DISPATCH_PHONE)
  const scac = readPattern(sink, own(d, 'scac'), path, 'scac', SCAC)
  if (own(d, 'email') === undefined && own(d, 'phone') === undefined) out.push(violationAt(path, sink.entity, 'required', 'needs an email or a phone (at least one)'))
  if (out.length > before || name === undefined) return undefined
  return dispatchValue(name, email, phone, scac)
}

const MODE = { test: (s: string) => (SHIPMENT_MODES as ReadonlyArray<string>).includes(s), format: 'ltl or ftl (lower case)' }

/**
 * Validates a quote request body: addresses need only a valid zipCode (other fields are checked
 * when present), components as for a create (liftgate limits when a stop requires a liftgate),
 * requiredPickupDate a zoned ISO date-time, shipmentMode exactly ltl or ftl (strict: `LTL` is a
 * `pattern` violation; `repairInput` lower-cases it on request). 400 beats 422 as for a create.
 *
 * Implements QTE-01. Decision (D): `customerReference` (at most 128 characters) is accepted as
 * the request's customer reference, the name QuoteByReferenceResponse uses (the spec does not
 * show the request field); other unknown fields are dropped; a date-time has a four-digit year
 * 0001 to 9999 (ID-03). Every string read must be wire text (ERR-01, ID-03, a library decision:
 * well-formed Unicode without U+0000, which storage cannot hold): otherwise one `encoding` violation at its field,
 * judged after its type and length and before its format; unknown keys are never read, whatever
 * text they hold.
 *
 * Total: a body or options it cannot read (a Proxy or getter that throws) give a 400 `validation_failed` Left with one `type` violation at the root (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * validateQuoteRequest({ pickupAddress: { zipCode: '60601' }, deliveryAddress: { zipCode: '10001' }, orderComponents: [{ palletCount: 2, poundsWeight: 700 }], shipmentMode: 'LTL' }).left.violations.map((v) => v.field)
 * //=> ['shipmentMode']
 *
 * @category rules
 * @since 0.1.0
 */
export const validateQuoteRequest = (body: unknown, options?: RequestOptions): Either<ProblemDetail, NormalizedQuoteRequest> => {
  try {
    const o = options === undefined ? NO_OPTIONS : options
    const value = fastQuoteRequest(body, o)
    return value === undefined ? quoteRequest(body, o, true) : right(value)
  } catch {
    return unreadableProblem<NormalizedQuoteRequest>()
  }
}

/**
 * The reference path of {@link validateQuoteRequest} (see {@link validateCreateShipmentReference}).
 *
 * @internal
 */
export const validateQuoteRequestReference = /* @__PURE__ */ total(
  (body: unknown, options: RequestOptions = {}): Either<ProblemDetail, NormalizedQuoteRequest> => quoteRequest(body, options, false),
  () => unreadableProblem<NormalizedQuoteRequest>(),
)

/** The quote request's composition; `fast`: each part by its fast path first. */
const quoteRequest = (body: unknown, options: RequestOptions, fast: boolean): Either<ProblemDetail, NormalizedQuoteRequest> => {
  if (!isObject(body)) return left(notAnObject(body))
  const config = options.config ?? defaultConfig
  const shape: Violation[] = []
  const limits: Violation[] = []
  const sink: Sink = { entity: null, out: shape }
  const q = pickQuote(body)
  const rawPickup = q.pickupAddress
  const rawDelivery = q.deliveryAddress
  const pickupAddress = (fast ? fastAddress(rawPickup, false) : undefined) ?? take(normalizeAddress(rawPickup, PICKUP_QUOTE), shape)
  const deliveryAddress = (fast ? fastAddress(rawDelivery, false) : undefined) ?? take(normalizeAddress(rawDelivery, DELIVERY_QUOTE), shape)
  const liftgate = flag(rawPickup, 'liftgateRequired') || flag(rawDelivery, 'liftgateRequired')
  const orderComponents = components(q.orderComponents, liftgate, config, shape, limits, fast)
  const requiredPickupDate = (fast ? fastDateTime(q.requiredPickupDate) : undefined) ?? readPattern(sink, q.requiredPickupDate, ROOT, 'requiredPickupDate', DATE_TIME_FIELD)
  const shipmentMode = readPattern(sink, q.shipmentMode, ROOT, 'shipmentMode', MODE) as 'ltl' | 'ftl' | undefined
  const customerReference = readText(sink, q.customerReference, ROOT, 'customerReference', { maxLength: LIMITS.createReferenceNumberMaxLength })
  if (pickupAddress === undefined || deliveryAddress === undefined || orderComponents === undefined) return answer<NormalizedQuoteRequest>(undefined, shape, limits)
  const value: Mutable<NormalizedQuoteRequest> = { pickupAddress, deliveryAddress, orderComponents }
  if (requiredPickupDate !== undefined) value.requiredPickupDate = requiredPickupDate
  if (shipmentMode !== undefined) value.shipmentMode = shipmentMode
  if (customerReference !== undefined) value.customerReference = customerReference
  return answer(value, shape, limits)
}
