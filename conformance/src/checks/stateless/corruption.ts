// Request corruption (the spec's request shapes; QTE-01, CRT-01…09, ADDR-*, FRT-*, APT-01…06,
// APT-16, APT-17): quote requests, create requests and appointment PUT bodies generated valid and
// with ONE field corrupted. The library's own validator on the same body predicts the answer
// (status, reason, the set of violation fields); a valid body must be accepted (200) or refused
// with a 422 denial the library catalogues. Success bodies are decoded by the library's codecs and
// compared with what was sent. A failing body is shrunk by fast-check: the last failing run of the
// shrink is the smallest, and its requests are the failure's.
import fc from 'fast-check'
import {
  isOrderNumber,
  QuoteResponse,
  Shipment,
  mergeAppointment,
  readAppointmentResponse,
  statusForReason,
  validateAppointmentRequirement,
  validateCreateShipment,
  validateQuoteRequest,
  validationProblem,
} from 'shipper-rules'
import { appointmentRequestArb, corruptedArb, createRequestArb, DELETE, pathsOf, quoteRequestArb, renderPath, setAt, type JsonPath } from '../../arbitraries.js'
import type { Check, KitContext, RuleId } from '../../check.js'
import type { Received, SentRequest } from '../../http.js'
import { judge as judgeValues, judgeProblem, renderDiffs } from '../../judge.js'
import { makeResources, runRuleProperty, type Found } from '../support.js'
import { describePredicted, describeReceived, ruleForPath, type Predicted, type RequestKind } from './common.js'

/** One generated case: the body, and the corrupted path (null for a valid body). */
interface Input {
  readonly body: unknown
  readonly path: JsonPath | null
  readonly kind: string
  readonly stop: string
}

const inputsOf = (valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Input> =>
  fc.tuple(
    fc.oneof(
      { weight: 1, arbitrary: valid.map((body): Omit<Input, 'stop'> => ({ body, path: null, kind: 'valid' })) },
      { weight: 3, arbitrary: corruptedArb(valid).map((c): Omit<Input, 'stop'> => ({ body: c.body, path: c.path, kind: c.kind })) },
    ),
    // the {stop} path value in each accepted spelling (APT-17)
    fc.constantFrom('PICKUP', 'pickup', 'DELIVERY', 'delivery'),
  ).map(([i, stop]) => ({ ...i, stop }))

const isCatalogued422 = (r: Received): boolean => {
  const reason = (r.json as Record<string, unknown> | undefined)?.['reason']
  return r.status === 422 && typeof reason === 'string' && statusForReason(reason) === 422
}

const obj = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {})

/** Judges one answer against the library's prediction; `onSuccess` compares a 200 body with what was sent. */
const judge = async (
  kind: RequestKind,
  input: Input,
  predicted: Predicted | null,
  got: Received,
  onSuccess: () => Promise<Found | null>,
): Promise<Found | null> => {
  const where = input.path === null ? 'a valid body' : `a body whose ${renderPath(input.path)} is corrupted (${input.kind})`
  if (predicted !== null) {
    const diffs = judgeProblem(predicted, got.status, got.json)
    if (diffs.length === 0) return null
    return { rule: caseRule(kind, input, predicted), expected: `${where}: ${describePredicted(predicted)}`, actual: `${describeReceived(got)}\n${renderDiffs(diffs)}` }
  }
  if (got.status === 200) return onSuccess()
  if (isCatalogued422(got)) return null
  return { rule: caseRule(kind, input, null), expected: `${where}: 200, or a 422 denial the spec names (CRT-11)`, actual: describeReceived(got) }
}

/** A violation's field as a path: `orderComponents[0].palletDimensions[2]` is ['orderComponents', 0, 'palletDimensions', 2]. */
const pathOfField = (field: string): JsonPath => [...field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!))

const withoutLiftgate = (body: unknown): unknown => {
  const b = obj(body)
  const strip = (a: unknown): unknown => (typeof a === 'object' && a !== null && !Array.isArray(a) ? { ...(a as Record<string, unknown>), liftgateRequired: false } : a)
  return { ...b, pickupAddress: strip(b['pickupAddress']), deliveryAddress: strip(b['deliveryAddress']) }
}

const predictedFor = (kind: RequestKind, body: unknown): Predicted | null =>
  kind === 'quote' ? predictedOf(validateQuoteRequest(body)) : kind === 'create' ? predictedOf(validateCreateShipment(body)) : null

/**
 * The rule a case is judged by, from the library's prediction: the rule of the violation's field
 * (the one at the corrupted path, else the first; a violation at orderComponents itself is the
 * order totals', FRT-12), FRT-10 when a pallet is over a limit only because a stop requires a
 * liftgate (the same body without the liftgate flags has no violation there), or the request's
 * own rule for a valid body.
 */
const caseRule = (kind: RequestKind, input: Input, predicted: Predicted | null): RuleId => {
  if (predicted === null) return ruleForPath(kind, input.path, false)
  const violations = predicted.violations ?? []
  if (violations.some((v) => v.field === 'orderComponents') && predicted.status === 422) return 'FRT-12'
  const cut = input.path === null ? undefined : renderPath(input.path)
  const v = violations.find((x) => cut !== undefined && (x.field === cut || x.field.startsWith(`${cut}.`) || x.field.startsWith(`${cut}[`))) ?? violations[0]
  if (v === undefined) return ruleForPath(kind, input.path, predicted.status === 422 || input.kind === 'outOfRange')
  if (predicted.status === 422 && v.field.startsWith('orderComponents[')) {
    const plain = predictedFor(kind, withoutLiftgate(input.body))
    if (!(plain?.violations ?? []).some((x) => x.field === v.field)) return 'FRT-10'
  }
  return ruleForPath(kind, pathOfField(v.field), predicted.status === 422 || input.kind === 'outOfRange')
}

/** What a valid body's acceptance shows besides the request's own rule: the deprecated palletDimensions accepted (FRT-04, ID-04). */
const acceptedSpellings = (body: unknown): RuleId[] => {
  const components = obj(body)['orderComponents']
  return Array.isArray(components) && components.some((c) => obj(c)['palletDimensions'] !== undefined) ? ['FRT-04', 'ID-04'] : []
}

/**
 * The rules one case exercises, before it is sent: a corrupted body the rule of its field (the
 * library's validator says which answer is due); a valid body the request's rule, the rules its
 * success answer is judged by (`success`), and FRT-04/ID-04 when it uses palletDimensions.
 */
const rulesOfCase = (kind: RequestKind, input: Input, predicted: Predicted | null, success: ReadonlyArray<RuleId>): RuleId[] =>
  input.path === null && predicted === null ? [...new Set([ruleForPath(kind, null, false), ...success, ...acceptedSpellings(input.body)])] : [caseRule(kind, input, predicted)]

/**
 * The inputs with one member or array item less than `input`'s body, never one on the corrupted
 * path nor an item before it in its array (the corrupted path stays what it names).
 */
const smaller = (input: Input): Input[] => {
  const cut = input.path
  const startsWith = (p: JsonPath, prefix: JsonPath): boolean => cut !== null && prefix.length <= p.length && prefix.every((s, i) => p[i] === s)
  const keep = (p: JsonPath): boolean => {
    // the run's marker stays on whatever the kit makes (an operator finds it by it)
    if (p.length === 1 && (p[0] === 'description' || p[0] === 'customerReference')) return false
    if (cut === null) return true
    if (startsWith(cut, p)) return false
    const last = p[p.length - 1]
    const parent = p.slice(0, -1)
    return typeof last !== 'number' || !startsWith(cut, parent) || last > (cut[parent.length] as number)
  }
  // shallowest first: a whole member goes before its parts are tried one by one
  return pathsOf(input.body)
    .filter(keep)
    .sort((a, b) => a.length - b.length)
    .map((p) => ({ ...input, body: setAt(input.body, p, DELETE) }))
}

const predictedOf = (e: { _tag: 'Left'; left: { status: number; reason: string; violations?: ReadonlyArray<{ field: string }> } } | { _tag: 'Right' }): Predicted | null =>
  e._tag === 'Left' ? e.left : null

/** The rules the quote check judges; ADDR-07, FRT-05, ID-03 and QTE-03 have no case of their own here (a valid body's type checks cannot fail for them). */
const QUOTE_RULES: ReadonlyArray<RuleId> = ['QTE-01', 'ADDR-02', 'ADDR-04', 'ADDR-06', 'ADDR-13', 'FRT-01', 'FRT-02', 'FRT-03', 'FRT-06', 'FRT-08', 'FRT-09', 'FRT-04', 'FRT-10', 'FRT-12', 'ID-04', 'ID-02']

/** A valid body of an arbitrary at the run's seed: the first case of a property, so every run has one whatever the draw. */
const validExample = (ctx: KitContext, valid: fc.Arbitrary<Record<string, unknown>>): Input => ({ body: fc.sample(valid, { seed: ctx.seed, numRuns: 1 })[0], path: null, kind: 'valid', stop: 'PICKUP' })

export const quoteRequests: Check = {
  name: 'quote-request',
  rules: QUOTE_RULES,
  async run(ctx) {
    const valid = quoteRequestArb(ctx.marker, ctx.config)
    return runRuleProperty(ctx, {
      name: this.name,
      rules: this.rules,
      arb: inputsOf(valid),
      examples: [validExample(ctx, valid)],
      smaller,
      rulesOf: (input) => rulesOfCase('quote', input, predictedOf(validateQuoteRequest(input.body, { config: ctx.config })), ['ID-02']),
      send: async (input, sent) => {
        const req: SentRequest = { method: 'POST', path: '/v1/shipper/quote', headers: {}, credentials: 'main', body: input.body }
        sent.push(req)
        const got = await ctx.http.send(req)
        return judge('quote', input, predictedOf(validateQuoteRequest(input.body, { config: ctx.config })), got, async () => {
          const decoded = QuoteResponse.decode(got.json)
          if (decoded._tag === 'Left') return { rule: 'QTE-01', expected: 'a QuoteResponse (the library codec)', actual: describeReceived(got) }
          const q = obj(got.json)
          const price = q['quotedPriceInCents']
          if (price !== null && !Number.isSafeInteger(price)) return { rule: 'ID-02', expected: 'quotedPriceInCents an integer number of cents', actual: String(price) }
          // the quote reads back as it was answered
          const back: SentRequest = { method: 'GET', path: `/v1/shipper/quote/${encodeURIComponent(String(q['id']))}`, headers: {}, credentials: 'main' }
          sent.push(back)
          const read = await ctx.http.send(back)
          const diffs = read.status === 200 ? judgeValues({ id: q['id'], quotedPriceInCents: price }, obj(read.json), { partial: true }) : []
          if (read.status !== 200 || diffs.length > 0)
            return { rule: 'QTE-01', expected: `GET of the quote: 200 with id ${String(q['id'])} and its price`, actual: `${describeReceived(read)}${diffs.length > 0 ? `\n${renderDiffs(diffs)}` : ''}` }
          return null
        })
      },
    })
  },
}

/** The rules the create check judges; ADDR-07 and FRT-05 have no case of their own here. */
const CREATE_RULES: ReadonlyArray<RuleId> = [
  'CRT-01', 'CRT-02', 'CRT-03', 'CRT-04', 'CRT-06', 'CRT-07', 'CRT-08', 'CRT-09', 'CRT-11', 'ORD-02', 'ID-01',
  'ADDR-01', 'ADDR-02', 'ADDR-04', 'ADDR-05', 'ADDR-06', 'ADDR-08', 'ADDR-09', 'ADDR-10', 'ADDR-11', 'ADDR-12',
  'FRT-01', 'FRT-02', 'FRT-03', 'FRT-06', 'FRT-08', 'FRT-09', 'FRT-04', 'FRT-10', 'FRT-12', 'ID-04',
]

export const createRequests: Check = {
  name: 'create-request',
  rules: CREATE_RULES,
  async run(ctx) {
    const valid = createRequestArb(ctx.marker, ctx.config)
    return runRuleProperty(ctx, {
      name: this.name,
      rules: this.rules,
      arb: inputsOf(valid),
      examples: [validExample(ctx, valid)],
      smaller,
      rulesOf: (input) =>
        rulesOfCase('create', input, predictedOf(validateCreateShipment(input.body, { config: ctx.config })), ['ORD-02', 'ID-01', 'CRT-11', ...(obj(input.body)['companyId'] === undefined ? [] : ['CRT-09'])]),
      send: async (input, sent) => {
        const req: SentRequest = { method: 'POST', path: '/v1/shipper/shipment', headers: {}, credentials: 'main', body: input.body }
        sent.push(req)
        const got = await ctx.http.send(req)
        return judge('create', input, predictedOf(validateCreateShipment(input.body, { config: ctx.config })), got, async () => {
          if (Shipment.decode(got.json)._tag === 'Left') return { rule: 'CRT-01', expected: 'a Shipment (the library codec)', actual: describeReceived(got) }
          const s = obj(got.json)
          if (s['orderStatus'] !== 'INITIALIZED') return { rule: 'ORD-02', expected: 'orderStatus INITIALIZED', actual: String(s['orderStatus']) }
          if (!isOrderNumber(String(s['orderNumber']))) return { rule: 'ID-01', expected: 'an orderNumber of exactly 5 alphanumeric characters', actual: String(s['orderNumber']) }
          const sentCompany = obj(input.body)['companyId']
          if (sentCompany !== undefined && s['companyId'] === sentCompany) return { rule: 'CRT-09', expected: 'a companyId from the API key, not the body', actual: `companyId ${String(s['companyId'])}` }
          return null
        })
      },
    })
  },
}

const APPOINTMENT_RULES: ReadonlyArray<RuleId> = ['APT-01', 'APT-02', 'APT-03', 'APT-04', 'APT-05', 'APT-06', 'APT-14', 'APT-16', 'APT-17']

export const appointmentRequests: Check = {
  name: 'appointment-request',
  rules: APPOINTMENT_RULES,
  async run(ctx) {
    const start = ctx.http.count
    const res = await makeResources(ctx, 'APT')
    if ('error' in res) return { check: this.name, rules: [], failures: [], notChecked: this.rules.map((rule) => ({ rule, why: res.error })), requests: ctx.http.count - start }
    const body = (res.requests[1]!.body ?? {}) as Record<string, unknown>
    const predict = (input: Input): Predicted | null => {
      const v = validateAppointmentRequirement(input.body)
      return v._tag === 'Left' ? validationProblem(v.left) : null
    }
    return runRuleProperty(ctx, {
      name: this.name,
      rules: this.rules,
      arb: inputsOf(appointmentRequestArb),
      examples: [validExample(ctx, appointmentRequestArb)],
      smaller,
      prelude: res.requests,
      rulesOf: (input) => rulesOfCase('appointment', input, predict(input), ['APT-14', 'APT-17']),
      send: async (input, sent) => {
        const path = `/v1/shipper/shipment/${res.orderNumber}/appointment/${input.stop}`
        const req: SentRequest = { method: 'PUT', path, headers: {}, credentials: 'main', body: input.body }
        sent.push(req)
        const got = await ctx.http.send(req)
        const v = validateAppointmentRequirement(input.body)
        return judge('appointment', input, predict(input), got, async () => {
          if (v._tag === 'Left') return null
          const address = obj(input.stop.toUpperCase() === 'PICKUP' ? body['pickupAddress'] : body['deliveryAddress'])
          const fallback: { contactPerson?: string; phoneNumber?: string; email?: string } = {}
          for (const k of ['contactPerson', 'phoneNumber', 'email'] as const) if (typeof address[k] === 'string') fallback[k] = address[k] as string
          const due = mergeAppointment({ order: v.right, address: fallback, orderRequired: address['appointmentRequired'] === true })
          const read = readAppointmentResponse(got.json)
          const diffs = read._tag === 'Left' ? [] : judgeValues(JSON.parse(JSON.stringify(due)), JSON.parse(JSON.stringify(read.right)))
          if (read._tag === 'Left' || diffs.length > 0)
            return { rule: 'APT-16', expected: `the PUT answer is the order-level requirement as sent, merged: ${JSON.stringify(due)}`, actual: `${describeReceived(got)}${diffs.length > 0 ? `\n${renderDiffs(diffs)}` : ''}` }
          const back: SentRequest = { method: 'GET', path, headers: {}, credentials: 'main' }
          sent.push(back)
          const again = await ctx.http.send(back)
          const same = again.status === 200 ? judgeValues(got.json, again.json) : []
          if (again.status !== 200 || same.length > 0)
            return { rule: 'APT-16', expected: `GET after PUT answers what the PUT answered: ${got.text}`, actual: `${describeReceived(again)}${same.length > 0 ? `\n${renderDiffs(same)}` : ''}` }
          return null
        })
      },
    })
  },
}
