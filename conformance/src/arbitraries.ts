// Generators of request bodies for the stateless checks: modest and valid by the spec, and
// single-field corruptions of any valid body. They build on the library's own generators
// (shipper-rules/arbitraries: appointment requirements, emails, pallet groups within a
// configuration's limits); addresses stay the kit's own, on served lanes whose ZIP, state and city
// agree, so that a valid body is priceable on a real server. Which answer a corrupted body is due
// is never decided here: the library's validator on the same body decides
// (src/checks/stateless/corruption.ts).
import fc from 'fast-check'
import type { RulesConfig } from 'shipper-rules'
import { boundsOf, componentWithin, emailArb, requirementArb } from 'shipper-rules/arbitraries'

/** Served lanes: ZIP, state and city that agree, so a valid body is priceable on a real server. */
const PLACES = [
  { zipCode: '60601', state: 'IL', city: 'Chicago' },
  { zipCode: '10001', state: 'NY', city: 'New York' },
  { zipCode: '30303', state: 'GA', city: 'Atlanta' },
  { zipCode: '75201', state: 'TX', city: 'Dallas' },
  { zipCode: '94105', state: 'CA', city: 'San Francisco' },
  { zipCode: '98101', state: 'WA', city: 'Seattle' },
  // a territory: sent as country PR or as country US with state PR (ADDR-07)
  { zipCode: '00901', state: 'PR', city: 'San Juan' },
] as const

const textArb = fc.stringMatching(/^[A-Za-z0-9](?:[A-Za-z0-9 .,'#&/-]{0,20}[A-Za-z0-9.])?$/)
const phoneArb = fc.constantFrom('+13125550100', '+12125550123', '+14045550188', '+17875550188')
const timeArb = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)
const referenceArb = fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{0,15}$/)

/** Drops the keys whose value is undefined (fc.option's nil). */
const defined = (o: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v
  return out
}
const opt = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined, freq: 2 })

/** A wire address valid for a shipment create (no liftgate: its tighter limits are left to the corruptions). */
export const shipmentAddressArb: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    place: fc.constantFrom(...PLACES),
    name: textArb,
    address1: textArb,
    address2: opt(textArb),
    country: opt(fc.constantFrom('US', 'us', 'PR')),
    contactPerson: textArb,
    phoneNumber: phoneArb,
    phoneExtension: opt(fc.stringMatching(/^\d{1,6}$/)),
    email: opt(emailArb),
    openTime: opt(timeArb),
    closeTime: opt(timeArb),
    liftgateRequired: opt(fc.boolean()),
    limitedAccess: opt(fc.boolean()),
    callAheadRequired: opt(fc.boolean()),
    insideRequired: opt(fc.boolean()),
  })
  // country PR only with the PR place: another state under PR is a corruption, not a valid body
  .map(({ place, country, ...rest }) => defined({ ...rest, ...place, country: country === 'PR' && place.state !== 'PR' ? undefined : country }))

/** A quote request address: only zipCode is required (ADDR-13); sometimes more. */
export const quoteAddressArb: fc.Arbitrary<Record<string, unknown>> = fc
  .record({ place: fc.constantFrom(...PLACES), withState: fc.boolean(), insideRequired: opt(fc.boolean()), liftgateRequired: opt(fc.boolean()) })
  .map(({ place, withState, ...flags }) => defined({ zipCode: place.zipCode, state: withState ? place.state : undefined, ...flags }))

/**
 * One pallet group within a configuration's (the declared one's) standard (non-liftgate) limits, dimensions
 * in every spelling (the library's `componentWithin`), sometimes with the deprecated positional
 * form [height, length, width] beside complete dimensions, which then wins nothing (FRT-05).
 */
export const componentArb = (config: RulesConfig): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .tuple(
      componentWithin(boundsOf(config, false), ['dimensions', 'palletDimensions', 'default']),
      fc.option(fc.tuple(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 96 }), fc.integer({ min: 1, max: 96 })), { nil: undefined, freq: 4 }),
    )
    .map(([c, beside]) => (c.spelling === 'dimensions' && beside !== undefined ? { ...c.wire, palletDimensions: beside } : c.wire))

const componentsArb = (config: RulesConfig) => fc.array(componentArb(config), { minLength: 1, maxLength: 3 })

/** A valid QuoteRequest under `config`; its customerReference starts with the run's marker. */
export const quoteRequestArb = (marker: string, config: RulesConfig): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .record({
      pickupAddress: quoteAddressArb,
      deliveryAddress: quoteAddressArb,
      orderComponents: componentsArb(config),
      shipmentMode: opt(fc.constantFrom('ltl', 'ftl')),
      ref: fc.stringMatching(/^[A-Z0-9]{1,8}$/),
    })
    .map(({ ref, ...rest }) => defined({ ...rest, customerReference: `${marker}-${ref}` }))

/** A valid AppointmentRequirementRequest (APT-01…06): the library's `requirementArb`. */
export const appointmentRequestArb: fc.Arbitrary<Record<string, unknown>> = requirementArb

/** A valid CreateShipmentRequest under `config`; its description starts with the run's marker; a stray companyId it must ignore (CRT-09). */
export const createRequestArb = (marker: string, config: RulesConfig): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .record({
      pickupAddress: shipmentAddressArb,
      deliveryAddress: shipmentAddressArb,
      orderComponents: componentsArb(config),
      what: fc.constantFrom('machine parts', 'grocery restock', 'office furniture'),
      instructions: opt(textArb),
      referenceNumbers: opt(fc.array(referenceArb, { minLength: 1, maxLength: 4 })),
      shipperDispatch: opt(fc.record({ name: textArb, phone: phoneArb, email: opt(emailArb), scac: opt(fc.constantFrom('ABCD', 'XY')) }).map(defined)),
      pickupAppointment: opt(appointmentRequestArb),
      companyId: opt(fc.constant('cmp_someone_else')),
    })
    .map(({ what, pickupAppointment, pickupAddress, ...rest }) =>
      defined({
        ...rest,
        // an appointment only where the stop requires one (CRT-07)
        pickupAddress: pickupAppointment === undefined ? pickupAddress : { ...pickupAddress, appointmentRequired: true },
        description: `${marker} ${what}`,
        requiredPickupDate: '2030-03-04T08:00:00-06:00',
        requiredDeliveryBy: '2030-03-11T16:00:00Z',
        appointments: pickupAppointment === undefined ? undefined : { pickup: pickupAppointment },
      }),
    )

/** A path into a JSON value: object keys and array indices. */
export type JsonPath = ReadonlyArray<string | number>

/** Every path of a JSON value below its root (objects' members and arrays' items, at every depth). */
export const pathsOf = (value: unknown, prefix: JsonPath = []): JsonPath[] => {
  const out: JsonPath[] = []
  if (Array.isArray(value)) value.forEach((v, i) => out.push([...prefix, i], ...pathsOf(v, [...prefix, i])))
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) out.push([...prefix, k], ...pathsOf(v, [...prefix, k]))
  return out
}

/** Renders a path as the spec's violations do: `orderComponents[2].dimensions.height`. */
export const renderPath = (path: JsonPath): string =>
  path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('')

/** A copy of `value` with the member at `path` set to `replacement`, or deleted when `replacement` is DELETE. */
export const DELETE = Symbol('delete')
export const setAt = (value: unknown, path: JsonPath, replacement: unknown): unknown => {
  if (path.length === 0) return replacement
  const [head, ...rest] = path
  if (Array.isArray(value)) {
    const copy = [...value]
    if (rest.length === 0 && replacement === DELETE) copy.splice(head as number, 1)
    else copy[head as number] = setAt(copy[head as number], rest, replacement)
    return copy
  }
  const copy = { ...(value as Record<string, unknown>) }
  if (rest.length === 0 && replacement === DELETE) delete copy[head as string]
  else copy[head as string] = setAt(copy[head as string], rest, replacement)
  return copy
}

/** The kinds of one-field corruption, each with the values it puts in. */
export const CORRUPTIONS = {
  missing: [DELETE],
  wrongType: [42, true, null, [], {}, 'text', '7'],
  outOfRange: [-1, 0, 1.5, 97, 109, 169, 3001, 20000, 1e9, 2 ** 53],
  overMaxLength: ['x'.repeat(129), 'R'.repeat(65), 'y'.repeat(201), 'z'.repeat(2001)],
  badPattern: ['ABC', '1234', '00000', 'not-an-email', '+1234', '25:00', 'http://x.example.com', 'ZZ', 'FAX'],
  hostile: ['', ' ', ' padded ', '\u0000', '<script>alert(1)</script>', "'; DROP TABLE orders;--", '\u202e', '😀😀😀', '%00', '../../etc/passwd', 'e\u0301', '\ud800'],
} as const

export type CorruptionKind = keyof typeof CORRUPTIONS

/** A corruption of ONE field of a body: which path, which kind, which value; `body` is the corrupted copy. */
export interface Corrupted {
  readonly body: unknown
  readonly path: JsonPath
  readonly kind: CorruptionKind
  readonly value: unknown
}

/** The kinds of corruption that mean something for a value: limits for numbers, lengths and patterns for strings. */
const kindsFor = (v: unknown): CorruptionKind[] =>
  typeof v === 'number' ? ['outOfRange', 'outOfRange', 'wrongType', 'missing']
  : typeof v === 'string' ? ['overMaxLength', 'badPattern', 'hostile', 'wrongType', 'missing']
  : ['wrongType', 'missing']

const valueAt = (value: unknown, path: JsonPath): unknown => path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], value)

/** A body from `valid` with one field corrupted (any depth; a kind of CORRUPTIONS that suits the field's value). */
export const corruptedArb = (valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Corrupted> =>
  valid.chain((body) => {
    const paths = pathsOf(body)
    return fc
      .nat(paths.length - 1)
      .chain((i) => fc.tuple(fc.constant(i), fc.constantFrom(...kindsFor(valueAt(body, paths[i]!)))))
      .chain(([i, kind]) => fc.constantFrom<unknown>(...CORRUPTIONS[kind]).map((value) => ({ path: paths[i]!, kind, value })))
      .map(({ path, kind, value }) => ({ body: setAt(body, path, value), path, kind, value: value === DELETE ? '(deleted)' : value }))
  })
