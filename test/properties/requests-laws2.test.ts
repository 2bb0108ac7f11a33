// Laws for src/rules/requests.ts that the mutation run (docs/mutation.md) left unpinned, checked on
// both the exported validators and their reference compositions (validateCreateShipmentReference,
// validateQuoteRequestReference), so that the reference readers are reached whatever the fast
// paths accept:
// - CRT-01 … CRT-09: a valid create request normalizes to exactly the members sent, in wire order,
//   each only when present (quoteId in lower case, the appointments object only when a stop has an
//   entry, the dispatch contact member for member), against an oracle built from each part's own
//   rule (normalizeAddress, validateComponents, validateAppointmentRequirement);
// - FRT-02, FRT-04, FRT-05, FRT-09, FRT-10, FRT-12, CNF-03 in a request: the components of a create
//   or quote request are judged by the configuration passed and by the liftgate limits exactly
//   when either stop sets liftgateRequired: the request answers as validateComponents does (its
//   Right value as orderComponents, or its ProblemDetail as is), on pallet groups drawn at the
//   configured limits and one past them;
// - QTE-01: a valid quote request normalizes to exactly the members sent; wrong top-level members
//   are named at their own field, in reading order, entity null.
import fc from 'fast-check'
import type { Either } from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { defaultConfig, type RulesConfig } from '../../src/config.js'
import type { ProblemDetail } from '../../src/errors/problem.js'
import { normalizeAddress } from '../../src/rules/address.js'
import { validateAppointmentRequirement } from '../../src/rules/appointment.js'
import { validateComponents } from '../../src/rules/freightComponents.js'
import { validateCreateShipment, validateCreateShipmentReference, validateQuoteRequest, validateQuoteRequestReference } from '../../src/rules/requests.js'
import { randomCase } from '../../src/arbitraries/address.js'
import { configArb } from '../../src/arbitraries/components.js'
import { dispatchArb, fullCreateArb } from '../../src/arbitraries/dispatch.js'
import { quoteRequestArb } from '../../src/arbitraries/quote.js'
import { createArb } from '../../src/arbitraries/requests.js'
import { leftOf, rightOf } from '../support/either.js'

type Body = Record<string, unknown>
type Answer = Either<ProblemDetail, { readonly orderComponents: unknown }>
type Options = { readonly config?: RulesConfig } | undefined

const CREATE = [
  { name: 'validateCreateShipment', validate: validateCreateShipment },
  { name: 'validateCreateShipmentReference', validate: validateCreateShipmentReference },
] as const
const QUOTE = [
  { name: 'validateQuoteRequest', validate: validateQuoteRequest },
  { name: 'validateQuoteRequestReference', validate: validateQuoteRequestReference },
] as const

/** The same value, member for member, with no extra member (not even one set to undefined), in the same key order. */
const sameValue = (got: unknown, expected: unknown): void => {
  expect(got).toStrictEqual(expected)
  expect(JSON.stringify(got)).toBe(JSON.stringify(expected))
}

const OPTIONAL_CREATE = ['quoteId', 'poNumber', 'refNumber', 'instructions', 'referenceNumbers', 'requiredPickupDate', 'requiredDeliveryBy', 'appointments', 'shipperDispatch'] as const

/**
 * A valid create request carrying any subset of its optional members: a quoteId in any case, the
 * free texts at their limits now and then, an appointments object with a pickup entry, a delivery
 * entry, both, or neither (`{}`).
 */
const sentCreateArb: fc.Arbitrary<Body> = fc
  .record({
    body: fullCreateArb,
    quoteId: fc.uuid().chain((u) => fc.oneof(fc.constant(u), fc.constant(u.toUpperCase()), randomCase(u))),
    poNumber: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('', ' ', 'PO-1')),
    refNumber: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('', 'REF 7')),
    instructions: fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('', 'x'.repeat(2000), '📦'.repeat(2000))),
    referenceNumbers: fc.oneof(fc.array(fc.stringMatching(/^[A-Z0-9-]{1,20}$/), { maxLength: 10 }), fc.constant(['x'.repeat(128)])),
    shipperDispatch: dispatchArb,
    drop: fc.subarray([...OPTIONAL_CREATE]),
    emptyAppointments: fc.boolean(),
  })
  .map(({ body, drop, emptyAppointments, ...members }) => {
    const out: Body = { ...body }
    for (const k of ['quoteId', 'poNumber', 'refNumber', 'instructions', 'referenceNumbers', 'shipperDispatch'] as const) out[k] = members[k]
    // the dates of the generated body come in order, so either may go alone
    for (const k of drop) delete out[k]
    if (out['appointments'] === undefined && emptyAppointments) out['appointments'] = {}
    return out
  })

const flagOf = (address: unknown, name: string): boolean => (address as Body)[name] === true

/** The normalized create request, built member by member from each part's own rule. */
const expectedCreate = (body: Body): Body => {
  const liftgate = flagOf(body['pickupAddress'], 'liftgateRequired') || flagOf(body['deliveryAddress'], 'liftgateRequired')
  const v: Body = {
    pickupAddress: rightOf(normalizeAddress(body['pickupAddress'])),
    deliveryAddress: rightOf(normalizeAddress(body['deliveryAddress'])),
    orderComponents: rightOf(validateComponents(body['orderComponents'], { liftgate })),
    description: body['description'],
  }
  if (body['quoteId'] !== undefined) v['quoteId'] = (body['quoteId'] as string).toLowerCase()
  for (const k of ['poNumber', 'refNumber', 'instructions', 'referenceNumbers', 'requiredPickupDate', 'requiredDeliveryBy'] as const) {
    if (body[k] !== undefined) v[k] = body[k]
  }
  const a = body['appointments'] as Body | undefined
  if (a !== undefined && (a['pickup'] !== undefined || a['delivery'] !== undefined)) {
    const appointments: Body = {}
    for (const stop of ['pickup', 'delivery'] as const) {
      if (a[stop] !== undefined) appointments[stop] = rightOf(validateAppointmentRequirement(a[stop]))
    }
    v['appointments'] = appointments
  }
  const d = body['shipperDispatch'] as Body | undefined
  if (d !== undefined) v['shipperDispatch'] = Object.fromEntries((['name', 'email', 'phone', 'scac'] as const).filter((k) => d[k] !== undefined).map((k) => [k, d[k]]))
  return v
}

describe('CRT-01 … CRT-09 the normalized create request holds exactly the members sent', () => {
  for (const { name, validate } of CREATE) {
    it(`${name}: each part as its own rule normalizes it, every optional member only when sent, in wire order; quoteId in lower case`, () => {
      fc.assert(
        fc.property(sentCreateArb, (body) => {
          const got = rightOf(validate(body))
          sameValue(got, expectedCreate(body))
          // the members present are exactly the required ones and the optional ones sent
          const optional = OPTIONAL_CREATE.filter((k) => body[k] !== undefined && !(k === 'appointments' && Object.keys(body[k] as object).length === 0))
          expect(Object.keys(got)).toEqual(['pickupAddress', 'deliveryAddress', 'orderComponents', 'description', ...optional])
        }),
      )
    })
  }

  it('an appointments object with no stop entry is accepted and leaves no appointments member; one stop entry gives that stop alone', () => {
    fc.assert(
      fc.property(createArb, fc.constantFrom<'none' | 'pickup' | 'delivery'>('none', 'pickup', 'delivery'), (body, keep) => {
        const a = (body['appointments'] ?? {}) as Body
        const entries = keep === 'none' || a[keep] === undefined ? {} : { [keep]: a[keep] }
        const input = { ...body, appointments: entries }
        for (const { validate } of CREATE) {
          const got = rightOf(validate(input))
          if (Object.keys(entries).length === 0) expect('appointments' in got).toBe(false)
          else expect(got.appointments).toStrictEqual({ [keep]: rightOf(validateAppointmentRequirement(entries[keep as 'pickup'])) })
        }
      }),
    )
  })
})

/** A value at a limit, one past it, or in between (integers only). */
const edge = (values: ReadonlyArray<number>): fc.Arbitrary<number> =>
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: fc.integer({ min: Math.max(1, Math.min(...values)), max: Math.max(...values) }) })

/** Pallet groups drawn at the limits of `config` (standard and liftgate) and one past them. */
const edgeComponentsArb = (config: RulesConfig): fc.Arbitrary<ReadonlyArray<Body>> => {
  const p = config.pallet
  const dim = (k: 'length' | 'width' | 'height') => edge([p.minDimensions[k], p.liftgate.maxDimensions[k], p.liftgate.maxDimensions[k] + 1, p.maxDimensions[k], p.maxDimensions[k] + 1])
  const group = fc
    .record({
      palletCount: fc.integer({ min: 1, max: 3 }),
      poundsWeight: edge([1, p.liftgate.maxPoundsPerPallet, p.liftgate.maxPoundsPerPallet + 1, p.maxPoundsPerPallet, p.maxPoundsPerPallet + 1]),
      length: dim('length'),
      width: dim('width'),
      height: dim('height'),
    })
    .map(({ length, width, height, ...rest }) => ({ ...rest, dimensions: { length, width, height } }))
  return fc.oneof(
    { weight: 4, arbitrary: fc.array(group, { minLength: 1, maxLength: 3 }) },
    // the per-order pallet cap, exactly and one past
    { weight: 1, arbitrary: fc.constantFrom(p.maxPalletsPerOrder, p.maxPalletsPerOrder + 1).map((n) => [{ palletCount: n, poundsWeight: 1, dimensions: { ...p.minDimensions } }]) },
  )
}

/** The configuration in force and the options that say so. */
const configChoiceArb: fc.Arbitrary<{ config: RulesConfig; options: Options }> = fc.oneof(
  fc.constantFrom<Options>(undefined, {}, { config: defaultConfig }).map((options) => ({ config: defaultConfig, options })),
  configArb.map((config) => ({ config, options: { config } })),
  configArb.map((config) => ({ config, options: { config } })),
)

const liftgateFlagArb = fc.constantFrom<boolean | undefined>(true, false, undefined)

const withLiftgate = (address: unknown, flag: boolean | undefined): Body => {
  const a: Body = { ...(address as Body) }
  delete a['liftgateRequired']
  if (flag !== undefined) a['liftgateRequired'] = flag
  return a
}

/** A valid request (of `valid`) with pallet groups at the limits of a configuration and liftgate flags set per stop. */
const componentsCaseArb = (valid: fc.Arbitrary<Body>) =>
  configChoiceArb.chain(({ config, options }) =>
    fc.record({ body: valid, orderComponents: edgeComponentsArb(config), pickup: liftgateFlagArb, delivery: liftgateFlagArb }).map(({ body, orderComponents, pickup, delivery }) => ({
      config,
      options,
      liftgate: pickup === true || delivery === true,
      input: { ...body, pickupAddress: withLiftgate(body['pickupAddress'], pickup), deliveryAddress: withLiftgate(body['deliveryAddress'], delivery), orderComponents } as Body,
    })),
  )

/** A request whose other members are valid answers for its pallet groups exactly as validateComponents does. */
const answersAsComponents = (got: Answer, input: Body, liftgate: boolean, config: RulesConfig): void => {
  const oracle = validateComponents(input['orderComponents'], { liftgate, config })
  if (oracle._tag === 'Right') sameValue(rightOf(got).orderComponents, oracle.right)
  else expect(leftOf(got)).toStrictEqual(oracle.left)
}

describe('FRT-02, FRT-09, FRT-10, FRT-12, CNF-03 pallet groups in a request are judged by the configuration passed, with liftgate limits exactly when a stop requires one', () => {
  for (const { name, validate } of CREATE) {
    it(`${name}: answers as validateComponents(orderComponents, { liftgate: either stop's liftgateRequired, config })`, () => {
      fc.assert(
        fc.property(componentsCaseArb(createArb), ({ config, options, liftgate, input }) => {
          answersAsComponents(validate(input, options), input, liftgate, config)
        }),
      )
    })
  }
  for (const { name, validate } of QUOTE) {
    it(`${name}: answers as validateComponents(orderComponents, { liftgate: either stop's liftgateRequired, config })`, () => {
      fc.assert(
        fc.property(componentsCaseArb(quoteRequestArb), ({ config, options, liftgate, input }) => {
          answersAsComponents(validate(input, options), input, liftgate, config)
        }),
      )
    })
  }

  it('one pallet just over the liftgate weight but within the standard one: accepted without a liftgate stop, a 422 at its poundsWeight with one', () => {
    fc.assert(
      fc.property(createArb, quoteRequestArb, fc.constantFrom<'pickup' | 'delivery' | 'none'>('pickup', 'delivery', 'none'), (create, quote, stop) => {
        const lift = defaultConfig.pallet.liftgate.maxPoundsPerPallet
        const orderComponents = [{ palletCount: 1, poundsWeight: lift + 1, dimensions: { length: 48, width: 40, height: 48 } }]
        for (const [validators, body] of [[CREATE, create], [QUOTE, quote]] as const) {
          const input: Body = {
            ...body,
            pickupAddress: withLiftgate(body['pickupAddress'], stop === 'pickup'),
            deliveryAddress: withLiftgate(body['deliveryAddress'], stop === 'delivery'),
            orderComponents,
          }
          for (const { validate } of validators) {
            const r: Answer = validate(input)
            if (stop === 'none') expect(r._tag).toBe('Right')
            else {
              const p = leftOf(r)
              expect([p.status, p.reason, p.violations?.map((v) => v.field)]).toEqual([422, 'pallet_invalid', ['orderComponents[0].poundsWeight']])
            }
          }
        }
      }),
    )
  })
})

const OPTIONAL_QUOTE = ['requiredPickupDate', 'shipmentMode', 'customerReference'] as const

describe('QTE-01 quote requests', () => {
  const quoteArb = fc.tuple(quoteRequestArb, fc.constantFrom('2026-11-24T08:00:00-06:00', '2028-02-29T10:00:00.123456789+05:30', '2026-12-01T16:00Z'), fc.boolean()).map(([q, date, setDate]) =>
    setDate ? { ...q, requiredPickupDate: date } : q,
  )

  for (const { name, validate } of QUOTE) {
    it(`${name}: the value holds the addresses, the groups and exactly the optional members sent, in that order`, () => {
      fc.assert(
        fc.property(quoteArb, (q) => {
          const liftgate = flagOf(q['pickupAddress'], 'liftgateRequired') || flagOf(q['deliveryAddress'], 'liftgateRequired')
          const expected: Body = {
            pickupAddress: rightOf(normalizeAddress(q['pickupAddress'], { purpose: 'quote' })),
            deliveryAddress: rightOf(normalizeAddress(q['deliveryAddress'], { purpose: 'quote' })),
            orderComponents: rightOf(validateComponents(q['orderComponents'], { liftgate })),
          }
          for (const k of OPTIONAL_QUOTE) if (q[k] !== undefined) expected[k] = q[k]
          sameValue(rightOf(validate(q)), expected)
        }),
      )
    })
  }

  const FAULTS: Readonly<Record<(typeof OPTIONAL_QUOTE)[number], ReadonlyArray<readonly [unknown, string]>>> = {
    requiredPickupDate: [[7, 'type'], ['2026-11-24', 'pattern'], ['2026-11-24T24:00Z', 'pattern'], [null, 'type']],
    shipmentMode: [['LTL', 'pattern'], ['air', 'pattern'], [false, 'type']],
    customerReference: [['x'.repeat(129), 'max_length'], [7, 'type']],
  }
  const faultArb = fc.record({
    requiredPickupDate: fc.constantFrom(...FAULTS.requiredPickupDate),
    shipmentMode: fc.constantFrom(...FAULTS.shipmentMode),
    customerReference: fc.constantFrom(...FAULTS.customerReference),
  })

  it('wrong top-level members are each named once at their own field, in reading order, entity null, with their code; a 400 counting them', () => {
    fc.assert(
      fc.property(quoteRequestArb, fc.subarray([...OPTIONAL_QUOTE], { minLength: 1 }), faultArb, (q, fields, faults) => {
        const input: Body = { ...q }
        for (const f of fields) input[f] = faults[f][0]
        for (const { validate } of QUOTE) {
          const p = leftOf(validate(input))
          expect([p.status, p.reason, p.detail]).toEqual([400, 'validation_failed', `The request has ${fields.length} invalid field${fields.length === 1 ? '' : 's'}.`])
          expect(p.violations?.map((v) => [v.field, v.entity, v.code])).toEqual(fields.map((f) => [f, null, faults[f][1]]))
        }
      }),
    )
  })
})

describe('CRT-08 the dispatch contact as sent', () => {
  it('a valid dispatch is kept member for member (name, email, phone, scac, each only when sent); without email and phone it is one required violation', () => {
    fc.assert(
      fc.property(createArb, dispatchArb, (body, dispatch) => {
        for (const { validate } of CREATE) {
          const got = rightOf(validate({ ...body, shipperDispatch: dispatch }))
          sameValue(got.shipperDispatch, Object.fromEntries((['name', 'email', 'phone', 'scac'] as const).filter((k) => dispatch[k] !== undefined).map((k) => [k, dispatch[k]])))
          const { email: _e, phone: _p, ...bare } = dispatch
          expect(leftOf(validate({ ...body, shipperDispatch: bare })).violations?.map((v) => [v.field, v.code])).toEqual([['shipperDispatch', 'required']])
        }
      }),
    )
  })
})

describe('CRT-08 a wrong dispatch member is named at its own path', () => {
  const DISPATCH_FAULTS: Readonly<Record<'name' | 'email' | 'phone' | 'scac', ReadonlyArray<readonly [unknown, string]>>> = {
    name: [['   ', 'required'], [7, 'type'], ['x'.repeat(201), 'max_length']],
    email: [['not an email', 'pattern'], [7, 'type']],
    phone: [['+0123456789', 'pattern'], ['5550100', 'pattern'], [7, 'type']],
    scac: [['abc', 'pattern'], ['ABCDE', 'max_length'], [7, 'type']],
  }
  const MEMBERS = ['name', 'email', 'phone', 'scac'] as const

  it('each wrong member once, at shipperDispatch.<member>, entity shipperDispatch, in reading order (name, email, phone, scac), with its code', () => {
    fc.assert(
      fc.property(
        createArb,
        dispatchArb,
        fc.subarray([...MEMBERS], { minLength: 1 }),
        fc.record({ name: fc.constantFrom(...DISPATCH_FAULTS.name), email: fc.constantFrom(...DISPATCH_FAULTS.email), phone: fc.constantFrom(...DISPATCH_FAULTS.phone), scac: fc.constantFrom(...DISPATCH_FAULTS.scac) }),
        (body, dispatch, members, faults) => {
          const wrong: Body = { ...dispatch }
          for (const m of members) wrong[m] = faults[m][0]
          for (const { validate } of CREATE) {
            const p = leftOf(validate({ ...body, shipperDispatch: wrong }))
            expect(p.violations?.map((v) => [v.field, v.entity, v.code])).toEqual(members.map((m) => [`shipperDispatch.${m}`, 'shipperDispatch', faults[m][1]]))
          }
        },
      ),
    )
  })
})
