// One source of truth, checked three ways (docs/rules.md, "Strict by default"): for every request
// kind, the io-ts codec of src/model/, the JSON Schema the OpenAPI document generates from it
// (compiled by ajv exactly as a client of the document would), and the direct request validator
// of src/rules/ accept exactly the same payloads: valid ones drawn from the shared generators, and
// their corruptions field by field (any place, any depth: a value replaced by a hostile one, a
// key or an array item deleted, a key added), each failure naming the place it corrupted.
// Lengths are counted in code points by all three.
//
// The validators also enforce rules a schema cannot state (configured pallet limits, liftgate
// limits and pallets per order, 422; an appointments entry only for a stop that requires one;
// requiredDeliveryBy not before requiredPickupDate; a GPS timestamp not in the future, judged
// here against a clock at the end of time). The generators never trigger them; a corruption that
// does counts as "shape accepted" only when the validator's answer is that rule's alone (422
// pallet_invalid, or a 400 listing only not_allowed at appointments.<stop> or mismatch at
// requiredDeliveryBy: one corruption cannot also push a pallet over a limit), and the last block
// triggers each of them on purpose and checks the documented answer.
import fc from 'fast-check'
import { isRight, type Either } from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import type { ProblemDetail } from '../../src/errors/problem.js'
import type { Violation } from '../../src/errors/violation.js'
import { Address, QuoteRequestAddress, ShipmentAddress } from '../../src/model/address.js'
import { AppointmentRequirementRequest } from '../../src/model/appointment.js'
import { ShipperDispatch } from '../../src/model/dispatch.js'
import { OrderComponents } from '../../src/model/freight.js'
import { LIMITS } from '../../src/model/patterns.js'
import { QuoteRequest } from '../../src/model/quote.js'
import { CreateShipmentRequest } from '../../src/model/shipment.js'
import { GpsData } from '../../src/model/tracking.js'
import type { ComponentName } from '../../src/openapi/index.js'
import { normalizeAddress } from '../../src/rules/address.js'
import { validateAppointmentRequirement } from '../../src/rules/appointment.js'
import { validateComponents } from '../../src/rules/freightComponents.js'
import { validateCreateShipment, validateQuoteRequest } from '../../src/rules/requests.js'
import { validateGpsData } from '../../src/rules/tracking.js'
import { shipmentAddressArb } from '../../src/arbitraries/address.js'
import { corruptedRequirementArb, requirementArb } from '../../src/arbitraries/appointment.js'
import { corruptedFieldByFieldArb, describeCorruption, setAt, show } from '../../src/arbitraries/corruption.js'
import { wireDateTimeArb } from '../../src/arbitraries/dateTime.js'
import { dispatchArb, fullCreateArb } from '../../src/arbitraries/dispatch.js'
import { wireComponentsArb } from '../../src/arbitraries/orderComponents.js'
import { quoteAddressArb, quoteRequestArb, responseAddressArb } from '../../src/arbitraries/quote.js'
import { FAR_FUTURE, gpsArb } from '../../src/arbitraries/tracking.js'
import { ajvFor, compiledSchema, generatedDocument } from '../support/openapiAjv.js'

type Answer = Either<ProblemDetail, unknown>

/** The violations of the rules a schema cannot state that a 400 may carry (CRT-06, CRT-07). */
const isCrossField = (v: Violation): boolean =>
  (v.code === 'not_allowed' && (v.field === 'appointments.pickup' || v.field === 'appointments.delivery')) ||
  (v.code === 'mismatch' && v.field === 'requiredDeliveryBy')

/**
 * Whether a request validator accepted the payload's shape: it accepted the payload, or refused
 * it only for a configured pallet limit (422 pallet_invalid), or only for a cross-field rule.
 */
const shapeAccepted = (r: Answer): boolean =>
  isRight(r) ||
  r.left.reason === 'pallet_invalid' ||
  (r.left.reason === 'validation_failed' && (r.left.violations ?? []).length > 0 && (r.left.violations ?? []).every(isCrossField))

const explain = (r: Either<unknown, unknown>): string => {
  if (isRight(r)) return 'accepted'
  const l = r.left as ProblemDetail | ReadonlyArray<Violation>
  const vs = Array.isArray(l) ? (l as ReadonlyArray<Violation>) : ((l as ProblemDetail).violations ?? [])
  const head = Array.isArray(l) ? 'rejected' : `rejected ${(l as ProblemDetail).status} ${(l as ProblemDetail).reason}`
  return `${head}: ${vs.map((v) => `${v.field} ${v.code}`).join(', ')}`
}

/** A create request that is valid without a dispatch: the dispatch is judged inside it (CRT-08). */
const CREATE_WITHOUT_DISPATCH = {
  pickupAddress: { name: 'Dock 4', address1: '1 Main St', city: 'Chicago', state: 'IL', zipCode: '60601', phoneNumber: '+13125550100', contactPerson: 'Ann' },
  deliveryAddress: { name: 'Store 9', address1: '9 Elm St', city: 'San Juan', state: 'PR', zipCode: '00901', phoneNumber: '+17875550188', contactPerson: 'Luis' },
  orderComponents: [{ palletCount: 2, poundsWeight: 700 }],
  description: 'Machine parts',
}

/** One request kind: its valid payloads, its codec, its OpenAPI schema, and its validator's verdict on shape. */
interface Kind {
  readonly valid: fc.Arbitrary<unknown>
  readonly codec: t.Any
  readonly schema: () => (json: unknown) => boolean
  readonly validate: (x: unknown) => Either<unknown, unknown>
  readonly accepts: (x: unknown) => boolean
}

/** Compiled once, when first asked for. */
const once = <A>(make: () => A): (() => A) => {
  let made: { readonly value: A } | undefined
  return () => (made ??= { value: make() }).value
}

const component = (name: ComponentName) =>
  once(() => {
    const v = compiledSchema(name)
    return (json: unknown): boolean => v(json) === true
  })

/**
 * The pallet groups of a request as the document states them (QuoteRequest.orderComponents:
 * `{ type: 'array', minItems: 1, items: { $ref: '#/components/schemas/OrderComponent' } }`),
 * compiled beside the document's components so that its `$ref` resolves.
 */
const orderComponentsSchema = once(() => {
  const document = generatedDocument()
  const quote = document.components.schemas['QuoteRequest'] as { readonly properties: Readonly<Record<string, object>> }
  const list = quote.properties['orderComponents']
  const v = ajvFor(document).compile({ $id: 'urn:shipper-rules:agreement:orderComponents', components: { schemas: document.components.schemas }, ...list })
  return (json: unknown): boolean => v(json) === true
})

const address = (purpose: 'shipment' | 'quote' | 'response') => (x: unknown) => normalizeAddress(x, { purpose })
const withDispatch = (x: unknown) => validateCreateShipment({ ...CREATE_WITHOUT_DISPATCH, shipperDispatch: x })

const KINDS = {
  ShipmentAddress: { valid: shipmentAddressArb, codec: ShipmentAddress, schema: component('ShipmentAddress'), validate: address('shipment'), accepts: (x) => isRight(address('shipment')(x)) },
  QuoteRequestAddress: { valid: quoteAddressArb, codec: QuoteRequestAddress, schema: component('QuoteRequestAddress'), validate: address('quote'), accepts: (x) => isRight(address('quote')(x)) },
  Address: { valid: responseAddressArb, codec: Address, schema: component('Address'), validate: address('response'), accepts: (x) => isRight(address('response')(x)) },
  OrderComponents: { valid: wireComponentsArb(), codec: OrderComponents, schema: orderComponentsSchema, validate: (x) => validateComponents(x), accepts: (x) => shapeAccepted(validateComponents(x)) },
  QuoteRequest: { valid: quoteRequestArb, codec: QuoteRequest, schema: component('QuoteRequest'), validate: (x) => validateQuoteRequest(x), accepts: (x) => shapeAccepted(validateQuoteRequest(x)) },
  CreateShipmentRequest: { valid: fullCreateArb, codec: CreateShipmentRequest, schema: component('CreateShipmentRequest'), validate: (x) => validateCreateShipment(x), accepts: (x) => shapeAccepted(validateCreateShipment(x)) },
  // an absent dispatch is no dispatch: the codec states a present one
  ShipperDispatch: { valid: dispatchArb, codec: ShipperDispatch, schema: component('ShipperDispatch'), validate: withDispatch, accepts: (x) => x !== undefined && isRight(withDispatch(x)) },
  AppointmentRequirementRequest: { valid: requirementArb, codec: AppointmentRequirementRequest, schema: component('AppointmentRequirementRequest'), validate: (x) => validateAppointmentRequirement(x), accepts: (x) => isRight(validateAppointmentRequirement(x)) },
  GpsData: { valid: gpsArb, codec: GpsData, schema: component('GpsData'), validate: (x) => validateGpsData(x, FAR_FUTURE), accepts: (x) => isRight(validateGpsData(x, FAR_FUTURE)) },
} as const satisfies Record<string, Kind>

type KindName = keyof typeof KINDS

/** The same value as JSON carries it (undefined keys dropped, -0 as 0). */
const viaJson = (x: unknown): unknown => {
  const text = JSON.stringify(x)
  return text === undefined ? undefined : JSON.parse(text)
}

/**
 * codec ≡ validator: on the valid payload and on its corruptions field by field (one at every
 * place, or 24 places drawn at random in a larger payload), `codec.is` (and decode) and the
 * validator say the same; both outcomes occur.
 */
const codecAgrees = (name: KindName): void => {
  const kind: Kind = KINDS[name]
  it(`${name}: the codec and the validator accept and reject the same payloads, corrupted field by field`, () => {
    const seen = { accepted: 0, rejected: 0 }
    fc.assert(
      fc.property(kind.valid, (payload) => {
        expect(kind.codec.is(payload), `the codec rejects a valid payload: ${show(payload)}`).toBe(true)
        expect(kind.accepts(payload), `the validator rejects a valid payload: ${explain(kind.validate(payload))}`).toBe(true)
      }),
    )
    fc.assert(
      fc.property(corruptedFieldByFieldArb(kind.valid), (corruptions) => {
        for (const c of corruptions) {
          const codec = kind.codec.is(c.input)
          const validator = kind.accepts(c.input)
          const where = `${name}: ${describeCorruption(c)}`
          expect(isRight(kind.codec.decode(c.input)), `${where}: codec.decode and codec.is disagree`).toBe(codec)
          expect(codec, `${where}: the codec ${codec ? 'accepts' : 'rejects'}, the validator ${explain(kind.validate(c.input))}`).toBe(validator)
          seen[codec ? 'accepted' : 'rejected']++
        }
      }),
    )
    expect(seen.rejected).toBeGreaterThan(0)
    expect(seen.accepted).toBeGreaterThan(0)
  })
}

/** ajv ≡ validator: the OpenAPI schema compiled by ajv and the validator agree on JSON payloads, field by field. */
const schemaAgrees = (name: KindName): void => {
  const kind: Kind = KINDS[name]
  it(`${name}: the OpenAPI schema (ajv) and the validator accept and reject the same JSON payloads, corrupted field by field`, () => {
    const schema = kind.schema()
    const seen = { accepted: 0, rejected: 0 }
    fc.assert(
      fc.property(kind.valid, (valid) => {
        const payload = viaJson(valid)
        expect(schema(payload), `the schema rejects a valid payload: ${show(payload)}`).toBe(true)
      }),
    )
    fc.assert(
      fc.property(corruptedFieldByFieldArb(kind.valid, { json: true }), (corruptions) => {
        for (const c of corruptions) {
          const payload = viaJson(c.input)
          const ajv = schema(payload)
          const validator = kind.accepts(payload)
          expect(ajv, `${name}: ${describeCorruption(c)}: ajv ${ajv ? 'accepts' : 'rejects'}, the validator ${explain(kind.validate(payload))}`).toBe(validator)
          seen[ajv ? 'accepted' : 'rejected']++
        }
      }),
    )
    expect(seen.rejected).toBeGreaterThan(0)
    expect(seen.accepted).toBeGreaterThan(0)
  })
}

const agree = (name: KindName): void => {
  codecAgrees(name)
  schemaAgrees(name)
}

describe('ADDR-01 … ADDR-13 codec, OpenAPI schema and validator agree on addresses', () => {
  agree('ShipmentAddress')
  agree('QuoteRequestAddress')
  agree('Address')
})

describe('FRT-01 … FRT-08 codec, OpenAPI schema and validator agree on pallet groups', () => {
  agree('OrderComponents')
})

describe('QTE-01 codec, OpenAPI schema and validator agree on quote requests', () => {
  agree('QuoteRequest')
})

describe('CRT-01 … CRT-09 codec, OpenAPI schema and validator agree on create requests and the dispatch contact', () => {
  agree('CreateShipmentRequest')
  agree('ShipperDispatch')
})

describe('APT-01 … APT-06 codec, OpenAPI schema and validator agree on appointment requirements', () => {
  agree('AppointmentRequirementRequest')
})

describe('TRK-02 codec, OpenAPI schema and validator agree on GPS pings', () => {
  agree('GpsData')
})

// ---------------------------------------------------------------------------------------------
// Lengths in code points

/** A limited text field: the kind it belongs to, how to put a text there, its limit. */
interface LengthCase {
  readonly rule: string
  readonly kind: KindName
  readonly field: string
  readonly limit: number
  readonly put: (payload: unknown, text: string) => unknown
  /** The text around the counted characters (a URL's scheme and host, an e-mail's domain). */
  readonly around?: { readonly prefix?: string; readonly suffix?: string }
  /** Whether an emoji may stand in the text (not in an e-mail address or a URL, whose formats are ASCII). */
  readonly emoji: boolean
}

const SOME_PHONE = '+13125550100'
const LENGTH_CASES: ReadonlyArray<LengthCase> = [
  { rule: 'CRT-03', kind: 'CreateShipmentRequest', field: 'instructions', limit: LIMITS.instructionsMaxLength, emoji: true, put: (p, s) => setAt(p, ['instructions'], s) },
  { rule: 'CRT-04', kind: 'CreateShipmentRequest', field: 'referenceNumbers[0]', limit: LIMITS.createReferenceNumberMaxLength, emoji: true, put: (p, s) => setAt(p, ['referenceNumbers'], [s]) },
  { rule: 'CRT-08', kind: 'ShipperDispatch', field: 'name', limit: LIMITS.dispatchNameMaxLength, emoji: true, put: (p, s) => setAt(p, ['name'], s) },
  { rule: 'CRT-08', kind: 'ShipperDispatch', field: 'email', limit: LIMITS.emailMaxLength, emoji: false, around: { suffix: '@example.com' }, put: (p, s) => setAt(p, ['email'], s) },
  { rule: 'QTE-01', kind: 'QuoteRequest', field: 'customerReference', limit: LIMITS.createReferenceNumberMaxLength, emoji: true, put: (p, s) => setAt(p, ['customerReference'], s) },
  { rule: 'ADDR-10', kind: 'ShipmentAddress', field: 'email', limit: LIMITS.emailMaxLength, emoji: false, around: { suffix: '@example.com' }, put: (p, s) => setAt(p, ['email'], s) },
  { rule: 'APT-02', kind: 'AppointmentRequirementRequest', field: 'portalUrl', limit: LIMITS.portalUrlMaxLength, emoji: false, around: { prefix: 'https://book.example.com/' }, put: (p, s) => setAt(setAt(p, ['channel'], 'PORTAL'), ['portalUrl'], s) },
  { rule: 'APT-03', kind: 'AppointmentRequirementRequest', field: 'contacts[0].name', limit: LIMITS.contactNameMaxLength, emoji: true, put: (p, s) => setAt(p, ['contacts'], [{ name: s, phone: SOME_PHONE }]) },
  { rule: 'APT-03', kind: 'AppointmentRequirementRequest', field: 'contacts[0].role', limit: LIMITS.contactRoleMaxLength, emoji: true, put: (p, s) => setAt(p, ['contacts'], [{ name: 'Dock', phone: SOME_PHONE, role: s }]) },
  { rule: 'APT-03', kind: 'AppointmentRequirementRequest', field: 'contacts[0].email', limit: LIMITS.emailMaxLength, emoji: false, around: { suffix: '@example.com' }, put: (p, s) => setAt(p, ['contacts'], [{ name: 'Dock', email: s }]) },
  { rule: 'APT-04', kind: 'AppointmentRequirementRequest', field: 'instructions', limit: LIMITS.instructionsMaxLength, emoji: true, put: (p, s) => setAt(p, ['instructions'], s) },
  { rule: 'APT-05', kind: 'AppointmentRequirementRequest', field: 'referenceNumbers[0]', limit: LIMITS.appointmentReferenceNumberMaxLength, emoji: true, put: (p, s) => setAt(p, ['referenceNumbers'], [s]) },
]

/** Text of exactly `n` code points: `emoji` emoji then ASCII letters, inside the case's prefix and suffix. */
const textOf = (c: LengthCase, n: number, emoji: number): string => {
  const prefix = c.around?.prefix ?? ''
  const suffix = c.around?.suffix ?? ''
  const room = n - [...prefix].length - [...suffix].length
  const e = Math.min(emoji, room)
  return `${prefix}${'📦'.repeat(e)}${'a'.repeat(room - e)}${suffix}`
}

describe('CRT-03, CRT-04, CRT-08, QTE-01, ADDR-10, APT-02 … APT-05 lengths in code points: codec, OpenAPI schema and validator agree', () => {
  it('a text of exactly its limit in characters (emoji count once) is accepted by all three; one character more is rejected by all three', () => {
    const caseArb = fc.constantFrom(...LENGTH_CASES).chain((c) =>
      fc.record({
        c: fc.constant(c),
        payload: KINDS[c.kind].valid,
        // all emoji (2,000 emoji are 4,000 UTF-16 units), or a random share of them
        emoji: c.emoji ? fc.oneof(fc.constant(c.limit), fc.nat({ max: c.limit })) : fc.constant(0),
      }),
    )
    fc.assert(
      fc.property(caseArb, ({ c, payload, emoji }) => {
        const kind: Kind = KINDS[c.kind]
        const schema = kind.schema()
        const atLimit = textOf(c, c.limit, emoji)
        const over = textOf(c, c.limit + 1, emoji === 0 ? 0 : emoji + 1)
        expect([...atLimit].length).toBe(c.limit)
        for (const [text, expected] of [[atLimit, true], [over, false]] as const) {
          const input = c.put(payload, text)
          const where = `${c.rule} ${c.kind}.${c.field} with ${[...text].length} characters (${text.length} UTF-16 units)`
          expect(kind.codec.is(input), `${where}: codec`).toBe(expected)
          expect(kind.accepts(input), `${where}: validator ${explain(kind.validate(input))}`).toBe(expected)
          expect(schema(viaJson(input)), `${where}: OpenAPI schema`).toBe(expected)
        }
      }),
    )
  })
})

// ---------------------------------------------------------------------------------------------
// The rules a schema cannot state

/** The one violation (field, code) of a validator's refusal, or what it answered when that is not exactly one violation. */
const onlyViolation = (r: Answer): readonly [string, string] | string => {
  if (isRight(r)) return 'accepted'
  const vs = r.left.violations ?? []
  return vs.length === 1 ? [vs[0]!.field, vs[0]!.code] : explain(r)
}

describe('CRT-06, CRT-07, FRT-02, FRT-09, FRT-10, FRT-12, TRK-02 rules a schema cannot state: the codec and the schema accept, the validator answers as documented', () => {
  const accepted = (kind: KindName, input: unknown): void => {
    expect(KINDS[kind].codec.is(input), `${kind}: codec`).toBe(true)
    expect(KINDS[kind].schema()(viaJson(input)), `${kind}: OpenAPI schema`).toBe(true)
  }

  it('CRT-07: an appointments entry for a stop whose address lacks appointmentRequired true is not_allowed at appointments.<stop>', () => {
    fc.assert(
      fc.property(fullCreateArb, fc.constantFrom('pickup', 'delivery'), requirementArb, fc.constantFrom(false, undefined), (body, stop, entry, flag) => {
        const addressKey = `${stop}Address`
        const address = { ...(body[addressKey] as Record<string, unknown>) }
        if (flag === undefined) delete address['appointmentRequired']
        else address['appointmentRequired'] = flag
        const appointments = { ...((body['appointments'] as Record<string, unknown> | undefined) ?? {}), [stop]: entry }
        const input = { ...body, [addressKey]: address, appointments }
        accepted('CreateShipmentRequest', input)
        const r = validateCreateShipment(input)
        expect(isRight(r) ? 'accepted' : r.left.status).toBe(400)
        expect(onlyViolation(r)).toEqual([`appointments.${stop}`, 'not_allowed'])
      }),
    )
  })

  it('CRT-07: a malformed entry where none is allowed is not_allowed and its own violations are listed too (every violation at once)', () => {
    fc.assert(
      fc.property(fullCreateArb, fc.constantFrom('pickup', 'delivery'), corruptedRequirementArb, (body, stop, { input: entry }) => {
        const addressKey = `${stop}Address`
        const appointments = { ...((body['appointments'] as Record<string, unknown> | undefined) ?? {}), [stop]: entry }
        const input = { ...body, [addressKey]: { ...(body[addressKey] as object), appointmentRequired: false }, appointments }
        const own = validateAppointmentRequirement(entry, { path: ['appointments', stop] })
        const r = validateCreateShipment(input)
        expect(isRight(r) ? 'accepted' : (r.left.violations ?? []).map((v) => [v.field, v.code])).toEqual([
          [`appointments.${stop}`, 'not_allowed'],
          ...(isRight(own) ? [] : own.left.map((v) => [v.field, v.code])),
        ])
      }),
    )
  })

  it('CRT-06: requiredDeliveryBy before requiredPickupDate is a mismatch at requiredDeliveryBy', () => {
    // two instants in order; when they coincide, the earliest instant the format can name goes first
    const EARLIEST = { text: '0001-01-01T00:00+23:59', instant: new Date(0).setUTCFullYear(1, 0, 1) - 1439 * 60_000 }
    const LATEST = '9999-12-31T23:59:59.999-23:59'
    const earlierLater = fc
      .tuple(wireDateTimeArb, wireDateTimeArb)
      .map(([a, b]) =>
        a.instant < b.instant ? [a.text, b.text]
        : a.instant > b.instant ? [b.text, a.text]
        : [EARLIEST.text, a.instant === EARLIEST.instant ? LATEST : a.text],
      )
    fc.assert(
      fc.property(fullCreateArb, earlierLater, (body, [earlier, later]) => {
        const input = { ...body, requiredPickupDate: later, requiredDeliveryBy: earlier }
        accepted('CreateShipmentRequest', input)
        expect(onlyViolation(validateCreateShipment(input))).toEqual(['requiredDeliveryBy', 'mismatch'])
      }),
    )
  })

  it('FRT-02, FRT-09, FRT-10, FRT-12: a pallet over a configured limit is 422 pallet_invalid, for the components, a quote and a create', () => {
    // over the weight cap (liftgate or not), over the dimension maxima, or more pallets than an order may carry
    const overArb = fc.constantFrom(
      { field: 'poundsWeight', set: (c: Record<string, unknown>) => ({ ...c, poundsWeight: 3001 }) },
      { field: 'poundsWeight', set: (c: Record<string, unknown>) => ({ ...c, poundsWeight: 1e300 }) },
      { field: 'dimensions.height', set: (c: Record<string, unknown>) => ({ ...c, dimensions: { length: 40, width: 48, height: 109 } }) },
      { field: 'palletDimensions[0]', set: (c: Record<string, unknown>) => ({ ...c, palletDimensions: [2 ** 53 + 2, 40, 48], dimensions: undefined }) },
      { field: 'dimensions.length', set: (c: Record<string, unknown>) => ({ ...c, dimensions: { length: 0, width: 48, height: 60 } }) },
      { field: 'palletCount (27 pallets in the order)', set: (c: Record<string, unknown>) => ({ ...c, palletCount: 27 }) },
    )
    const kinds = fc.constantFrom<KindName>('OrderComponents', 'QuoteRequest', 'CreateShipmentRequest').chain((kind) =>
      fc.record({ kind: fc.constant(kind), payload: KINDS[kind].valid }),
    )
    fc.assert(
      fc.property(kinds, overArb, fc.nat(), ({ kind, payload }, over, n) => {
        const list = (kind === 'OrderComponents' ? payload : (payload as Record<string, unknown>)['orderComponents']) as Array<Record<string, unknown>>
        const i = n % list.length
        const changed = list.map((c, j) => (j === i ? JSON.parse(JSON.stringify(over.set(c))) as Record<string, unknown> : c))
        const input = kind === 'OrderComponents' ? changed : { ...(payload as object), orderComponents: changed }
        accepted(kind, input)
        const r = KINDS[kind].validate(input) as Answer
        expect(isRight(r) ? 'accepted' : [r.left.status, r.left.reason], `${kind}: ${over.field} of component ${i}: ${explain(r)}`).toEqual([422, 'pallet_invalid'])
      }),
    )
  })

  it('FRT-10: a pallet within the standard limits but over the liftgate ones is 422 when a stop requires a liftgate', () => {
    fc.assert(
      fc.property(fullCreateArb, fc.constantFrom('pickupAddress', 'deliveryAddress'), (body, stop) => {
        const input = {
          ...body,
          [stop]: { ...(body[stop] as object), liftgateRequired: true },
          orderComponents: [{ palletCount: 1, poundsWeight: 2501 }],
        }
        accepted('CreateShipmentRequest', input)
        const r = validateCreateShipment(input)
        expect(isRight(r) ? 'accepted' : [r.left.status, r.left.reason, onlyViolation(r)]).toEqual([422, 'pallet_invalid', ['orderComponents[0].poundsWeight', 'out_of_range']])
      }),
    )
  })

  it('TRK-02: a timestamp more than the clock-skew allowance after now is out_of_range at timestamp', () => {
    fc.assert(
      fc.property(gpsArb, wireDateTimeArb, (ping, ts) => {
        const input = { ...ping, timestamp: ts.text }
        accepted('GpsData', input)
        const now = DateTime.fromMillis(ts.instant - 121_000, { zone: 'utc' })
        const r = validateGpsData(input, now)
        expect(isRight(r) ? 'accepted' : r.left.map((v) => [v.field, v.code])).toEqual([['timestamp', 'out_of_range']])
      }),
    )
  })
})
