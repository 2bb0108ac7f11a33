/**
 * The fast paths of the request validators (spec: CreateShipmentRequest, QuoteRequest; CRT-01 …
 * CRT-09, QTE-01, with ADDR-01 … ADDR-13, FRT-01 … FRT-12, APT-01 … APT-06). A validator reads
 * each part of a request (an address, a pallet group, an appointment, the dispatch contact) first
 * by its fast path, which returns the part's normalized value when it is plainly valid and gives
 * up (`undefined`) at the first thing that is not; only then does the part's reference reader run,
 * which words every violation. So a fast path only has to be right about what it accepts: each
 * check is the reference's own or a stricter one (`validate/fastChecks.ts`), and the value it
 * builds is the reference's, member for member and in the same order, with no violation, path or
 * Either built. A read that throws (a Proxy, a getter) gives up too. The parts are independent,
 * so the violations come out as the reference composition lists them; the reference compositions
 * stay (`validateCreateShipmentReference`, `validateQuoteRequestReference`), and
 * test/properties/requestsFast.test.ts holds both equal on valid and corrupted requests.
 *
 * This module also holds what the reference and fast paths share at the request level: the body
 * pickers, the request formats and the dispatch value.
 *
 * @internal
 * @module
 */
import { isObject, type JsonObject } from '../internal/input.js'
import { LIMITS, PORTAL_URL_PATTERN, WIRE_FORMATS } from '../model/patterns.js'
import { formatField } from '../validate/fields.js'
import { fastDateTime, isOwn, isScac, isText, isWhole, optE164, optEmail, optShort, ownTrue, required } from '../validate/fastChecks.js'
import { defaultConfig } from '../config.js'
import type { AppointmentRequirement, Contact } from './appointment.js'
import { fastAddress } from './address.js'
import { fastComponents } from './freightComponents.js'
import type { Dispatch, NormalizedQuoteRequest, RequestOptions } from './requestTypes.js'

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

/** @internal */
export interface RawCreate {
  pickupAddress: unknown
  deliveryAddress: unknown
  orderComponents: unknown
  description: unknown
  quoteId: unknown
  poNumber: unknown
  refNumber: unknown
  instructions: unknown
  referenceNumbers: unknown
  requiredPickupDate: unknown
  requiredDeliveryBy: unknown
  appointments: unknown
  shipperDispatch: unknown
}

/**
 * One pass over a create body's own keys into a pre-shaped record (as the address reader does):
 * inherited keys are never seen, unknown ones (companyId among them) skipped.
 *
 * @internal
 */
export const pickCreate = (b: JsonObject): RawCreate => {
  const r: RawCreate = {
    pickupAddress: undefined, deliveryAddress: undefined, orderComponents: undefined, description: undefined, quoteId: undefined,
    poNumber: undefined, refNumber: undefined, instructions: undefined, referenceNumbers: undefined, requiredPickupDate: undefined,
    requiredDeliveryBy: undefined, appointments: undefined, shipperDispatch: undefined,
  }
  // By Object.keys rather than for-in: a body is often in dictionary mode (a server deleted a key
  // from it, as the benchmark deletes companyId), where for-in filters every key again; Object.keys
  // was faster on both kinds of body (the smaller nested objects keep for-in, faster there).
  // Dispatched on the key's length first: at most three comparisons per key.
  const keys = Object.keys(b)
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!
    switch (key.length) {
      case 7: if (key === 'quoteId') r.quoteId = b[key]; break
      case 8: if (key === 'poNumber') r.poNumber = b[key]; break
      case 9: if (key === 'refNumber') r.refNumber = b[key]; break
      case 11: if (key === 'description') r.description = b[key]; break
      case 12: if (key === 'instructions') r.instructions = b[key]; else if (key === 'appointments') r.appointments = b[key]; break
      case 13: if (key === 'pickupAddress') r.pickupAddress = b[key]; break
      case 15: if (key === 'deliveryAddress') r.deliveryAddress = b[key]; else if (key === 'orderComponents') r.orderComponents = b[key]; else if (key === 'shipperDispatch') r.shipperDispatch = b[key]; break
      case 16: if (key === 'referenceNumbers') r.referenceNumbers = b[key]; break
      case 18: if (key === 'requiredPickupDate') r.requiredPickupDate = b[key]; else if (key === 'requiredDeliveryBy') r.requiredDeliveryBy = b[key]; break
    }
  }
  return r
}

/** @internal */
export interface RawQuote {
  pickupAddress: unknown
  deliveryAddress: unknown
  orderComponents: unknown
  requiredPickupDate: unknown
  shipmentMode: unknown
  customerReference: unknown
}

const hasOwn = Object.prototype.hasOwnProperty

/**
 * One pass over a quote body's own keys into a pre-shaped record, dispatched on the key's length.
 *
 * @internal
 */
export const pickQuote = (b: JsonObject): RawQuote => {
  const r: RawQuote = { pickupAddress: undefined, deliveryAddress: undefined, orderComponents: undefined, requiredPickupDate: undefined, shipmentMode: undefined, customerReference: undefined }
  for (const key in b) {
    if (!hasOwn.call(b, key)) continue
    switch (key.length) {
      case 12: if (key === 'shipmentMode') r.shipmentMode = b[key]; break
      case 13: if (key === 'pickupAddress') r.pickupAddress = b[key]; break
      case 15: if (key === 'deliveryAddress') r.deliveryAddress = b[key]; else if (key === 'orderComponents') r.orderComponents = b[key]; break
      case 17: if (key === 'customerReference') r.customerReference = b[key]; break
      case 18: if (key === 'requiredPickupDate') r.requiredPickupDate = b[key]; break
    }
  }
  return r
}

/** The request-level formats (CRT-05, CRT-08). @internal */
export const QUOTE_ID = /* @__PURE__ */ formatField(WIRE_FORMATS.quoteId)
/** @internal */
export const DISPATCH_PHONE = /* @__PURE__ */ formatField(WIRE_FORMATS.dispatchPhone)
/** @internal */
export const SCAC = /* @__PURE__ */ formatField(WIRE_FORMATS.scac)

/**
 * The normalized dispatch contact of a valid one (CRT-08), shared with the reference path.
 *
 * @internal
 */
export const dispatchValue = (name: string, email: unknown, phone: unknown, scac: unknown): Dispatch => {
  const d: Mutable<Dispatch> = { name }
  if (email !== undefined) d.email = email as string
  if (phone !== undefined) d.phone = phone as string
  if (scac !== undefined) d.scac = scac as string
  return d
}

/**
 * A list of reference numbers (APT-05, CRT-04), copied; `null` when not plainly valid.
 *
 * @internal
 */
export const fastReferences = (raw: unknown, max: number, maxLength: number): string[] | null => {
  if (!Array.isArray(raw) || raw.length > max) return null
  const out: string[] = []
  for (let i = 0; i < raw.length; i++) {
    const v: unknown = raw[i]
    if (!required(v, maxLength)) return null
    out.push(v)
  }
  return out
}

/** An appointment contact (APT-03). */
const contact = (raw: unknown): Contact | undefined => {
  if (!isObject(raw)) return undefined
  const name = raw['name']
  const email = raw['email']
  const phone = raw['phone']
  const role = raw['role']
  if (!isOwn(raw, 'name', name) || !isOwn(raw, 'email', email) || !isOwn(raw, 'phone', phone) || !isOwn(raw, 'role', role)) return undefined
  if (!required(name, LIMITS.contactNameMaxLength) || !optEmail(email) || !optE164(phone, 8) || !optShort(role, LIMITS.contactRoleMaxLength)) return undefined
  if (email === undefined && phone === undefined) return undefined
  const c: Mutable<Contact> = { name }
  if (email !== undefined) c.email = email as string
  if (phone !== undefined) c.phone = phone as string
  if (role !== undefined) c.role = role as string
  return c
}

/**
 * The fast path of an appointment requirement (APT-01 … APT-06): its normalized value when it is
 * plainly valid, else `undefined` (then `validateAppointmentRequirement` answers). Never throws.
 *
 * @internal
 */
export const fastRequirement = (raw: unknown): AppointmentRequirement | undefined => {
  try {
    return requirement(raw)
  } catch {
    return undefined
  }
}

const requirement = (raw: unknown): AppointmentRequirement | undefined => {
  if (!isObject(raw)) return undefined
  const { channel, portalUrl, contacts: rawContacts, instructions, referenceNumbers: rawReferences, leadTimeHours } = raw
  if (
    !isOwn(raw, 'channel', channel) || !isOwn(raw, 'portalUrl', portalUrl) || !isOwn(raw, 'contacts', rawContacts) ||
    !isOwn(raw, 'instructions', instructions) || !isOwn(raw, 'referenceNumbers', rawReferences) || !isOwn(raw, 'leadTimeHours', leadTimeHours)
  ) return undefined
  if (channel === 'PORTAL') {
    if (!isText(portalUrl) || portalUrl.length > LIMITS.portalUrlMaxLength || !PORTAL_URL_PATTERN.test(portalUrl)) return undefined
  } else if ((channel !== 'PHONE' && channel !== 'EMAIL') || portalUrl !== undefined) return undefined
  let contacts: Contact[] | undefined
  if (rawContacts !== undefined) {
    if (!Array.isArray(rawContacts) || rawContacts.length > LIMITS.appointmentContactsMax) return undefined
    contacts = []
    for (let i = 0; i < rawContacts.length; i++) {
      const c = contact(rawContacts[i])
      if (c === undefined) return undefined
      contacts.push(c)
    }
  }
  if (!optShort(instructions, LIMITS.instructionsMaxLength)) return undefined
  const referenceNumbers = rawReferences === undefined ? undefined : fastReferences(rawReferences, LIMITS.appointmentReferenceNumbersMax, LIMITS.appointmentReferenceNumberMaxLength)
  if (referenceNumbers === null) return undefined
  if (!(leadTimeHours === undefined || (isWhole(leadTimeHours, LIMITS.leadTimeHoursMin) && leadTimeHours <= LIMITS.leadTimeHoursMax))) return undefined
  const r: Mutable<AppointmentRequirement> = { channel }
  if (portalUrl !== undefined) r.portalUrl = portalUrl as string
  if (contacts !== undefined && contacts.length > 0) r.contacts = contacts
  if (instructions !== undefined) r.instructions = instructions as string
  if (referenceNumbers !== undefined && referenceNumbers.length > 0) r.referenceNumbers = referenceNumbers
  if (leadTimeHours !== undefined) r.leadTimeHours = leadTimeHours
  return r
}

/**
 * The fast path of the shipper's dispatch contact (CRT-08): its normalized value when it is
 * plainly valid, else `undefined`. Never throws.
 *
 * @internal
 */
export const fastDispatch = (raw: unknown): Dispatch | undefined => {
  try {
    return dispatch(raw)
  } catch {
    return undefined
  }
}

const dispatch = (raw: unknown): Dispatch | undefined => {
  if (!isObject(raw)) return undefined
  const name = raw['name']
  const email = raw['email']
  const phone = raw['phone']
  const scac = raw['scac']
  if (!isOwn(raw, 'name', name) || !isOwn(raw, 'email', email) || !isOwn(raw, 'phone', phone) || !isOwn(raw, 'scac', scac)) return undefined
  if (!required(name, LIMITS.dispatchNameMaxLength) || !optEmail(email) || !optE164(phone, 2) || !(scac === undefined || (isText(scac) && isScac(scac))) || (email === undefined && phone === undefined)) return undefined
  return dispatchValue(name, email, phone, scac)
}

/**
 * A plainly valid quote request's normalized value in one walk, else `undefined` (then the
 * composition reads it part by part). Never throws.
 *
 * @internal
 */
export const fastQuoteRequest = (body: unknown, options: RequestOptions): NormalizedQuoteRequest | undefined => {
  try {
    if (!isObject(body)) return undefined
    const config = options.config ?? defaultConfig
    const q = pickQuote(body)
    // the cheap fields first, so that a request wrong there gives up before the walk
    const { requiredPickupDate, shipmentMode, customerReference } = q
    if (!(shipmentMode === undefined || shipmentMode === 'ltl' || shipmentMode === 'ftl') || !optShort(customerReference, LIMITS.createReferenceNumberMaxLength)) return undefined
    if (requiredPickupDate !== undefined && fastDateTime(requiredPickupDate) === undefined) return undefined
    const rawPickup = q.pickupAddress
    const rawDelivery = q.deliveryAddress
    const pickupAddress = fastAddress(rawPickup, false)
    const deliveryAddress = pickupAddress === undefined ? undefined : fastAddress(rawDelivery, false)
    if (pickupAddress === undefined || deliveryAddress === undefined) return undefined
    // the stops' flags as the reference reads them: own properties, enumerable or not
    const p = rawPickup as JsonObject
    const d = rawDelivery as JsonObject
    const orderComponents = fastComponents(q.orderComponents, ownTrue(p, 'liftgateRequired', p['liftgateRequired']) || ownTrue(d, 'liftgateRequired', d['liftgateRequired']), config)
    if (orderComponents === undefined) return undefined
    const value: { -readonly [K in keyof NormalizedQuoteRequest]: NormalizedQuoteRequest[K] } = { pickupAddress, deliveryAddress, orderComponents }
    if (requiredPickupDate !== undefined) value.requiredPickupDate = requiredPickupDate as string
    if (shipmentMode !== undefined) value.shipmentMode = shipmentMode
    if (customerReference !== undefined) value.customerReference = customerReference as string
    return value
  } catch {
    return undefined
  }
}
