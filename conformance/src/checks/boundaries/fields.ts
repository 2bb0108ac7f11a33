// The create request's own fields at their limits (CRT-03, CRT-04, CRT-06, CRT-08, ADDR-11,
// ADDR-12, and the inline appointments block: APT-03 … APT-06): each length and count limit the
// library states in LIMITS at, one under and one over it, the HH:mm times at the ends of the day
// and just past them, each stop flag as a boolean and as what is not one, the two dates equal and
// a second apart, the lead time at 0 and 168 and one past either; every answer judged by
// validateCreateShipment. Then the dimension spellings a quote must honour (FRT-03, FRT-04,
// FRT-05): a quote with one spelling of a pallet's size, then a create with another naming it,
// matched or not as the library normalizes both (palletDimensions is [height, length, width];
// dimensions win over it; neither, or an incomplete dimensions object, is 40 x 48 x 60).
import { DateTimeString, LIMITS } from 'shipper-rules'
import type { Check, KitContext, RuleId } from '../../check.js'
import type { Received } from '../../http.js'
import { get } from '../support.js'
import { createBodyOf, createRequest, quoteBodyOf, quoteRequest } from './bodies.js'
import { predictCreate, predictCreateOnQuote, predictQuote } from './predict.js'
import { objectOf, runTable, type Case, type FollowUp, type Invariant, type Prediction } from './table.js'

const PALLET = { palletCount: 1, poundsWeight: 500, dimensions: { length: 48, width: 40, height: 48 } }

/** A create whose body is the base create with `patch` applied (the stops' fields merged), judged by the library. */
const fieldCase = (ctx: KitContext, rule: RuleId, name: string, patch: (body: Record<string, unknown>) => Record<string, unknown>): Case<undefined> => ({
  rule,
  name: `create with ${name}`,
  build: () => createRequest(patch(createBodyOf(ctx, [PALLET]))),
  predict: (config, req) => predictCreate(config, req.body),
})

const set = (key: string, value: unknown) => (b: Record<string, unknown>): Record<string, unknown> => ({ ...b, [key]: value })
const onStop = (stop: 'pickupAddress' | 'deliveryAddress', fields: Record<string, unknown>) => (b: Record<string, unknown>): Record<string, unknown> => ({
  ...b,
  [stop]: { ...(b[stop] as Record<string, unknown>), ...fields },
})

/** n, n - 1 and n + 1 (never below 0), named. */
const around = (n: number): ReadonlyArray<readonly [string, number]> =>
  ([['one under', n - 1], ['at', n], ['one over', n + 1]] as const).filter(([, v]) => v >= 0)

/** The delivery stop requires an appointment and the block carries `requirement` for it. */
const inline = (requirement: Record<string, unknown>) => (b: Record<string, unknown>): Record<string, unknown> =>
  onStop('deliveryAddress', { appointmentRequired: true })({ ...b, appointments: { delivery: { channel: 'PHONE', ...requirement } } })

const fieldCases = (ctx: KitContext): Case<undefined>[] => {
  const cases: Case<undefined>[] = []
  const add = (rule: RuleId, name: string, patch: (b: Record<string, unknown>) => Record<string, unknown>): void => {
    cases.push(fieldCase(ctx, rule, name, patch))
  }
  for (const [side, n] of around(LIMITS.instructionsMaxLength)) add('CRT-03', `instructions of ${n} characters (${side} the limit)`, set('instructions', 'i'.repeat(n)))
  for (const [side, n] of around(LIMITS.createReferenceNumbersMax)) add('CRT-04', `${n} referenceNumbers (${side} the limit)`, set('referenceNumbers', Array.from({ length: n }, (_, i) => `REF-${i}`)))
  for (const [side, n] of around(LIMITS.createReferenceNumberMaxLength)) add('CRT-04', `a reference number of ${n} characters (${side} the limit)`, set('referenceNumbers', ['r'.repeat(n)]))
  for (const t of ['00:00', '23:59', '24:00', '9:00', '09:60', '10:00:00', '']) {
    add('ADDR-11', `pickup openTime ${JSON.stringify(t)}`, onStop('pickupAddress', { openTime: t }))
    add('ADDR-11', `delivery closeTime ${JSON.stringify(t)}`, onStop('deliveryAddress', { closeTime: t }))
  }
  for (const flag of ['liftgateRequired', 'limitedAccess', 'callAheadRequired', 'lumperRequired', 'insideRequired']) {
    for (const v of [true, false, 'true', 1, null]) add('ADDR-12', `pickup ${flag} ${JSON.stringify(v)}`, onStop('pickupAddress', { [flag]: v }))
  }
  const pickup = '2026-12-01T15:00:00Z'
  for (const [name, by] of [['a second before', '2026-12-01T14:59:59Z'], ['equal to', pickup], ['a second after', '2026-12-01T15:00:01Z']] as const) {
    add('CRT-06', `requiredDeliveryBy ${name} requiredPickupDate`, (b) => ({ ...b, requiredPickupDate: pickup, requiredDeliveryBy: by }))
  }
  for (const d of ['2026-12-01T15:00:00', '2026-12-01', '2026-02-30T15:00:00Z', '2026-12-01T15:00:00+05:30', '2026-12-01T15:00:00.123Z']) {
    add('CRT-06', `requiredPickupDate ${JSON.stringify(d)}`, set('requiredPickupDate', d))
  }
  for (const [side, n] of around(LIMITS.dispatchNameMaxLength)) add('CRT-08', `a shipperDispatch name of ${n} characters (${side} the limit)`, set('shipperDispatch', { name: 'n'.repeat(n), phone: '+13125550100' }))
  for (const scac of ['AB', 'ABCD', 'A', 'ABCDE', 'abc']) add('CRT-08', `shipperDispatch scac ${JSON.stringify(scac)}`, set('shipperDispatch', { name: 'Dispatch', email: 'dispatch@example.com', scac }))
  add('CRT-08', 'a shipperDispatch with neither email nor phone', set('shipperDispatch', { name: 'Dispatch' }))
  for (const [side, n] of around(LIMITS.leadTimeHoursMax)) add('APT-06', `an inline leadTimeHours of ${n} (${side} the maximum)`, inline({ leadTimeHours: n }))
  for (const [side, n] of around(LIMITS.leadTimeHoursMin)) add('APT-06', `an inline leadTimeHours of ${n} (${side} the minimum)`, inline({ leadTimeHours: n }))
  for (const [side, n] of around(LIMITS.appointmentContactsMax)) {
    add('APT-03', `${n} inline contacts (${side} the limit)`, inline({ contacts: Array.from({ length: n }, (_, i) => ({ name: `Contact ${i}`, phone: `+1312555${String(1000 + i)}` })) }))
  }
  for (const [side, n] of around(LIMITS.appointmentReferenceNumbersMax)) add('APT-05', `${n} inline referenceNumbers (${side} the limit)`, inline({ referenceNumbers: Array.from({ length: n }, (_, i) => `A-${i}`) }))
  for (const [side, n] of around(LIMITS.appointmentReferenceNumberMaxLength)) add('APT-05', `an inline reference number of ${n} characters (${side} the limit)`, inline({ referenceNumbers: ['a'.repeat(n)] }))
  for (const [side, n] of around(LIMITS.instructionsMaxLength)) add('APT-04', `inline instructions of ${n} characters (${side} the limit)`, inline({ instructions: 'x'.repeat(n) }))
  add('CRT-07', 'an inline block for a pickup that requires no appointment', (b) => ({ ...b, appointments: { pickup: { channel: 'PHONE' } } }))
  // the address formats at their ends: the E.164 length, the extension's digits, the email's length, a blank required field, the state
  for (const phoneNumber of ['+12', '+1', `+1${'2'.repeat(13)}`, `+1${'2'.repeat(14)}`, '+0125550100', '13125550100']) add('ADDR-08', `pickup phoneNumber ${JSON.stringify(phoneNumber)}`, onStop('pickupAddress', { phoneNumber }))
  for (const phoneExtension of ['', '1', '1234567890', '12345678901', '12a']) add('ADDR-09', `pickup phoneExtension ${JSON.stringify(phoneExtension)}`, onStop('pickupAddress', { phoneExtension }))
  for (const [side, n] of around(LIMITS.emailMaxLength)) {
    const domain = '@example.com'
    add('ADDR-10', `a pickup email of ${n} characters (${side} the limit)`, onStop('pickupAddress', { email: `${'e'.repeat(Math.max(1, n - domain.length))}${domain}` }))
  }
  for (const key of ['name', 'address1', 'city', 'contactPerson']) add('ADDR-01', `a blank pickup ${key}`, onStop('pickupAddress', { [key]: '   ' }))
  for (const state of ['il', 'I', 'ILL', 'ZZ', 'DC', 'ON']) add('ADDR-02', `pickup state ${JSON.stringify(state)}`, onStop('pickupAddress', { state }))
  for (const shipmentMode of ['ltl', 'ftl', 'LTL', 'air', '']) {
    cases.push({
      rule: 'QTE-01',
      name: `a quote with shipmentMode ${JSON.stringify(shipmentMode)}`,
      build: () => quoteRequest({ ...quoteBodyOf([PALLET]), shipmentMode }),
      predict: (config, req) => predictQuote(config, req.body),
    })
  }
  return cases
}

export const createFields: Check = {
  name: 'boundaries: create fields at their limits',
  rules: ['QTE-01', 'CRT-03', 'CRT-04', 'CRT-06', 'CRT-07', 'CRT-08', 'ADDR-01', 'ADDR-02', 'ADDR-08', 'ADDR-09', 'ADDR-10', 'ADDR-11', 'ADDR-12', 'APT-03', 'APT-04', 'APT-05', 'APT-06'],
  run: (ctx) => runTable(ctx, { name: createFields.name, rules: createFields.rules, cases: () => fieldCases(ctx) }),
}

/** One pallet's size, spelled one way (a quote's or a create's pallet group without its count and weight). */
type Size = Readonly<Record<string, unknown>>

const sizeCase = (ctx: KitContext, rule: RuleId, name: string, quoted: Size, created: Size): Case<undefined> => {
  const group = (size: Size) => ({ palletCount: 1, poundsWeight: 500, ...size })
  return {
    rule,
    name: `a pallet quoted with ${name}`,
    build: () => quoteRequest(quoteBodyOf([group(quoted)])),
    predict: (config, req) => predictQuote(config, req.body),
    then: (config, first, _env, req) => {
      const id = (first.json as Record<string, unknown>)['id']
      const body = createBodyOf(ctx, [group(created)], {}, typeof id === 'string' ? id : undefined)
      const prediction = predictCreateOnQuote(config, req.body, first, body)
      return prediction === undefined ? undefined : { request: createRequest(body), prediction }
    },
  }
}

export const palletSizes: Check = {
  name: 'boundaries: pallet size spellings a quote honours',
  rules: ['FRT-03', 'FRT-04', 'FRT-05'],
  run: (ctx) =>
    runTable(ctx, {
      name: palletSizes.name,
      rules: palletSizes.rules,
      cases: () => [
        sizeCase(ctx, 'FRT-05', 'dimensions 40 x 48 x 60, then created with no size (the default)', { dimensions: { length: 40, width: 48, height: 60 } }, {}),
        sizeCase(ctx, 'FRT-05', 'no size, then created with dimensions 48 x 40 x 60 (not the default)', {}, { dimensions: { length: 48, width: 40, height: 60 } }),
        sizeCase(ctx, 'FRT-04', 'no size, then created with palletDimensions [60, 40, 48] ([height, length, width]: the default)', {}, { palletDimensions: [60, 40, 48] }),
        sizeCase(ctx, 'FRT-04', 'dimensions 48 x 40 x 50, then created with palletDimensions [50, 48, 40]', { dimensions: { length: 48, width: 40, height: 50 } }, { palletDimensions: [50, 48, 40] }),
        sizeCase(ctx, 'FRT-04', 'palletDimensions [50, 48, 40], then created with dimensions 50 x 48 x 40 (read in the wrong order)', { palletDimensions: [50, 48, 40] }, { dimensions: { length: 50, width: 48, height: 40 } }),
        sizeCase(ctx, 'FRT-05', 'dimensions 48 x 40 x 50, then created with the same dimensions and palletDimensions [90, 90, 90] (dimensions win)', { dimensions: { length: 48, width: 40, height: 50 } }, { dimensions: { length: 48, width: 40, height: 50 }, palletDimensions: [90, 90, 90] }),
        sizeCase(ctx, 'FRT-03', 'dimensions without a height (treated as missing), then created with no size', { dimensions: { length: 48, width: 40 } }, {}),
        sizeCase(ctx, 'FRT-03', 'dimensions without a width, plus palletDimensions [50, 48, 40], then created with dimensions 48 x 40 x 50', { dimensions: { length: 30, height: 30 }, palletDimensions: [50, 48, 40] }, { dimensions: { length: 48, width: 40, height: 50 } }),
      ],
    }),
}

const isWireTime = (v: unknown): boolean => DateTimeString.decode(v)._tag === 'Right'
const timesAt = (fields: ReadonlyArray<string>, nullable: ReadonlyArray<string> = []): Invariant[] => [
  ...fields.map((f) => ({ what: `${f} a wire date-time (date, time and zone)`, holds: (b: Readonly<Record<string, unknown>>) => isWireTime(b[f]) })),
  ...nullable.map((f) => ({ what: `${f} a wire date-time or null`, holds: (b: Readonly<Record<string, unknown>>) => b[f] === null || b[f] === undefined || isWireTime(b[f]) })),
]

/** Adds invariants to an accepted prediction (a problem stays as it is). */
const withTimes = (p: Prediction, invariants: ReadonlyArray<Invariant>): Prediction => (p.kind === 'accepted' ? { ...p, invariants: [...(p.invariants ?? []), ...invariants] } : p)

/** A quote and a create with the pickup date at the edges of the wire format (an offset, fractions, the end of a day), and their answers' timestamps (ID-03). */
const timestampCases = (ctx: KitContext): Case<undefined>[] =>
  ['2026-12-31T23:59:59Z', '2026-12-01T08:00:00.5-06:00', '2027-01-01T00:00:00+14:00'].flatMap((requiredPickupDate): Case<undefined>[] => [
    {
      rule: 'ID-03',
      name: `a quote picked up at ${requiredPickupDate}`,
      build: () => quoteRequest({ ...quoteBodyOf([PALLET]), requiredPickupDate }),
      predict: (config, req) => withTimes(predictQuote(config, req.body), timesAt(['quoteExpirationTime'], ['estimatedDeliveryDate'])),
    },
    {
      rule: 'ID-03',
      name: `a create picked up at ${requiredPickupDate}`,
      build: () => createRequest({ ...createBodyOf(ctx, [PALLET]), requiredPickupDate }),
      predict: (config, req) => withTimes(predictCreate(config, req.body), timesAt(['createdAt', 'updatedAt'])),
    },
  ])

/** The answer as made, read back by its id (stability across reads): every member the first answer has, equal. */
const readBack = (path: (first: Readonly<Record<string, unknown>>) => string) => (_config: unknown, first: Received): FollowUp => {
  const made = objectOf(first.json)
  return { request: get(path(made)), prediction: { kind: 'accepted', body: made } }
}

const readBackCases = (ctx: KitContext): Case<undefined>[] => [
  {
    rule: 'QTE-01',
    name: 'a quote, then read back by its id',
    build: () => quoteRequest(quoteBodyOf([PALLET])),
    predict: (config, req) => predictQuote(config, req.body),
    then: readBack((q) => `/v1/shipper/quote/${encodeURIComponent(String(q['id']))}`),
  },
  {
    rule: 'ORD-02',
    name: 'a create, then read back by its order number',
    build: () => createRequest(createBodyOf(ctx, [PALLET])),
    predict: (config, req) => predictCreate(config, req.body),
    then: readBack((s) => `/v1/shipper/shipment/${encodeURIComponent(String(s['orderNumber']))}`),
  },
]

export const wireTimestamps: Check = {
  name: 'boundaries: timestamps on the wire, answers read back',
  rules: ['ID-03', 'QTE-01', 'ORD-02'],
  run: (ctx) => runTable(ctx, { name: wireTimestamps.name, rules: wireTimestamps.rules, cases: () => [...timestampCases(ctx), ...readBackCases(ctx)] }),
}
