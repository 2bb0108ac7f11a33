// Request corruption (the spec's request shapes; QTE-01, CRT-01…09, ADDR-*, FRT-*, APT-01…06,
// APT-16, APT-17): quote requests, create requests and appointment PUT bodies generated valid and
// with ONE field corrupted. The library's own validator on the same body predicts the answer
// (status, reason, the set of violation fields); a valid body must be accepted (200) or refused
// with a 422 denial the library catalogues. Success bodies are decoded by the library's codecs and
// compared with what was sent. A failing body is shrunk by fast-check: the last failing run of the
// shrink is the smallest, and its requests are the failure's.
import fc from 'fast-check'
import { isDeepStrictEqual } from 'node:util'
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
import type { Check, CheckResult, Failure, KitContext, RuleId } from '../../check.js'
import { BudgetExhausted, type Received, type SentRequest } from '../../http.js'
import { describePredicted, describeReceived, makeResources, matchesProblem, ruleForPath, type Predicted, type RequestKind } from './common.js'

/** One generated case: the body, and the corrupted path (null for a valid body). */
interface Input {
  readonly body: unknown
  readonly path: JsonPath | null
  readonly kind: string
  readonly stop: string
}

/** A discrepancy found on one case. */
interface Found {
  readonly rule: RuleId
  readonly expected: string
  readonly actual: string
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
    if (matchesProblem(got, predicted)) return null
    // a violation at orderComponents itself is the order's totals (FRT-12), whichever field pushed them over
    const rule = predicted.violations?.some((v) => v.field === 'orderComponents') === true && predicted.status === 422 ? 'FRT-12' : ruleForPath(kind, input.path, predicted.status === 422 || input.kind === 'outOfRange')
    return { rule, expected: `${where}: ${describePredicted(predicted)}`, actual: describeReceived(got) }
  }
  if (got.status === 200) return onSuccess()
  if (isCatalogued422(got)) return null
  return { rule: ruleForPath(kind, input.path, false), expected: `${where}: 200, or a 422 denial the spec names (CRT-11)`, actual: describeReceived(got) }
}

const MAX_MINIMIZE_TRIES = 60

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

/** Runs one property with the run's seed; the failure (if any) is the shrunk case's. */
const runProperty = async (
  ctx: KitContext,
  name: string,
  arb: fc.Arbitrary<Input>,
  one: (input: Input, sent: SentRequest[]) => Promise<Found | null>,
  prefix: ReadonlyArray<SentRequest>,
): Promise<{ failure: Failure | null; budget: boolean }> => {
  let last: { found: Found; requests: SentRequest[] } | null = null
  let budget = false
  const result = await fc.check(
    fc.asyncProperty(arb, async (input) => {
      if (budget) return true
      const sent: SentRequest[] = []
      try {
        const found = await one(input, sent)
        if (found === null) return true
        last = { found, requests: sent }
        return false
      } catch (e) {
        // an exhausted budget ends the property quietly: the remaining runs are skipped, not failed
        if (e instanceof BudgetExhausted) {
          budget = true
          return true
        }
        throw e
      }
    }),
    { seed: ctx.seed, numRuns: ctx.runs },
  )
  if (!result.failed) return { failure: null, budget }
  let shrunk = last as { found: Found; requests: SentRequest[] } | null
  if (shrunk !== null && result.counterexample !== null) {
    // fast-check shrinks the corruption, but a chained arbitrary keeps most of the valid body it was
    // built on: drop, one at a time, every member the failure does not need (greedy, bounded)
    let input = result.counterexample[0]
    let tries = 0
    for (let progress = true; progress && tries < MAX_MINIMIZE_TRIES; ) {
      progress = false
      for (const candidate of smaller(input)) {
        if (tries >= MAX_MINIMIZE_TRIES) break
        tries += 1
        const sent: SentRequest[] = []
        let found: Found | null
        try {
          found = await one(candidate, sent)
        } catch {
          break
        }
        if (found !== null && found.rule === shrunk.found.rule) {
          input = candidate
          shrunk = { found, requests: sent }
          progress = true
          break
        }
      }
    }
  }
  if (shrunk === null) {
    const err = result.errorInstance
    return { failure: { rule: 'KIT-CRASH', check: name, expected: 'the check runs to its end', actual: err instanceof Error ? err.stack ?? err.message : String(err), requests: [] }, budget }
  }
  return { failure: { rule: shrunk.found.rule, check: name, expected: shrunk.found.expected, actual: shrunk.found.actual, requests: [...prefix, ...shrunk.requests] }, budget }
}

const result = (check: Check, ctx: KitContext, start: number, failure: Failure | null, budget: boolean): CheckResult => ({
  check: check.name,
  rules: check.rules,
  failures: failure === null ? [] : [failure],
  notChecked: budget ? [{ rule: check.rules[0]!, why: 'the request budget (--max-requests) ran out during this check: fewer runs than asked' }] : [],
  requests: ctx.http.count - start,
})

const predictedOf = (e: { _tag: 'Left'; left: { status: number; reason: string; violations?: ReadonlyArray<{ field: string }> } } | { _tag: 'Right' }): Predicted | null =>
  e._tag === 'Left' ? e.left : null

const QUOTE_RULES: ReadonlyArray<RuleId> = ['QTE-01', 'QTE-03', 'ADDR-02', 'ADDR-04', 'ADDR-06', 'ADDR-13', 'FRT-01', 'FRT-02', 'FRT-03', 'FRT-06', 'FRT-08', 'FRT-09', 'FRT-04', 'FRT-05', 'FRT-10', 'FRT-12', 'ID-04', 'ADDR-07', 'ID-02', 'ID-03']

export const quoteRequests: Check = {
  name: 'quote-request',
  rules: QUOTE_RULES,
  async run(ctx) {
    const start = ctx.http.count
    const { failure, budget } = await runProperty(
      ctx,
      this.name,
      inputsOf(quoteRequestArb(ctx.marker)),
      async (input, sent) => {
        const req: SentRequest = { method: 'POST', path: '/v1/shipper/quote', headers: {}, credentials: 'main', body: input.body }
        sent.push(req)
        const got = await ctx.http.send(req)
        return judge('quote', input, predictedOf(validateQuoteRequest(input.body)), got, async () => {
          const decoded = QuoteResponse.decode(got.json)
          if (decoded._tag === 'Left') return { rule: 'QTE-01', expected: 'a QuoteResponse (the library codec)', actual: describeReceived(got) }
          const q = obj(got.json)
          const price = q['quotedPriceInCents']
          if (price !== null && !Number.isSafeInteger(price)) return { rule: 'ID-02', expected: 'quotedPriceInCents an integer number of cents', actual: String(price) }
          const t = q['transitDays']
          if (t !== null && !(Number.isInteger(t) && (t as number) >= 0)) return { rule: 'QTE-03', expected: 'transitDays a whole number of business days or null', actual: String(t) }
          // the quote reads back as it was answered
          const back: SentRequest = { method: 'GET', path: `/v1/shipper/quote/${encodeURIComponent(String(q['id']))}`, headers: {}, credentials: 'main' }
          sent.push(back)
          const read = await ctx.http.send(back)
          if (read.status !== 200 || !isDeepStrictEqual(obj(read.json)['id'], q['id']) || !isDeepStrictEqual(obj(read.json)['quotedPriceInCents'], price))
            return { rule: 'QTE-01', expected: `GET of the quote: 200 with id ${String(q['id'])} and its price`, actual: describeReceived(read) }
          return null
        })
      },
      [],
    )
    return result(this, ctx, start, failure, budget)
  },
}

const CREATE_RULES: ReadonlyArray<RuleId> = [
  'CRT-01', 'CRT-02', 'CRT-03', 'CRT-04', 'CRT-06', 'CRT-07', 'CRT-08', 'CRT-09', 'CRT-11', 'ORD-02', 'ID-01',
  'ADDR-01', 'ADDR-02', 'ADDR-04', 'ADDR-05', 'ADDR-06', 'ADDR-08', 'ADDR-09', 'ADDR-10', 'ADDR-11', 'ADDR-12',
  'FRT-01', 'FRT-02', 'FRT-03', 'FRT-06', 'FRT-08', 'FRT-09', 'FRT-04', 'FRT-05', 'FRT-10', 'FRT-12', 'ID-04', 'ADDR-07',
]

export const createRequests: Check = {
  name: 'create-request',
  rules: CREATE_RULES,
  async run(ctx) {
    const start = ctx.http.count
    const { failure, budget } = await runProperty(
      ctx,
      this.name,
      inputsOf(createRequestArb(ctx.marker)),
      async (input, sent) => {
        const req: SentRequest = { method: 'POST', path: '/v1/shipper/shipment', headers: {}, credentials: 'main', body: input.body }
        sent.push(req)
        const got = await ctx.http.send(req)
        return judge('create', input, predictedOf(validateCreateShipment(input.body)), got, async () => {
          if (Shipment.decode(got.json)._tag === 'Left') return { rule: 'CRT-01', expected: 'a Shipment (the library codec)', actual: describeReceived(got) }
          const s = obj(got.json)
          if (s['orderStatus'] !== 'INITIALIZED') return { rule: 'ORD-02', expected: 'orderStatus INITIALIZED', actual: String(s['orderStatus']) }
          if (!isOrderNumber(String(s['orderNumber']))) return { rule: 'ID-01', expected: 'an orderNumber of exactly 5 alphanumeric characters', actual: String(s['orderNumber']) }
          const sentCompany = obj(input.body)['companyId']
          if (sentCompany !== undefined && s['companyId'] === sentCompany) return { rule: 'CRT-09', expected: 'a companyId from the API key, not the body', actual: `companyId ${String(s['companyId'])}` }
          return null
        })
      },
      [],
    )
    return result(this, ctx, start, failure, budget)
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
    const { failure, budget } = await runProperty(
      ctx,
      this.name,
      inputsOf(appointmentRequestArb),
      async (input, sent) => {
        const path = `/v1/shipper/shipment/${res.orderNumber}/appointment/${input.stop}`
        const req: SentRequest = { method: 'PUT', path, headers: {}, credentials: 'main', body: input.body }
        sent.push(req)
        const got = await ctx.http.send(req)
        const v = validateAppointmentRequirement(input.body)
        const predicted = v._tag === 'Left' ? validationProblem(v.left) : null
        return judge('appointment', input, predicted, got, async () => {
          if (v._tag === 'Left') return null
          const address = obj(input.stop.toUpperCase() === 'PICKUP' ? body['pickupAddress'] : body['deliveryAddress'])
          const fallback: { contactPerson?: string; phoneNumber?: string; email?: string } = {}
          for (const k of ['contactPerson', 'phoneNumber', 'email'] as const) if (typeof address[k] === 'string') fallback[k] = address[k] as string
          const due = mergeAppointment({ order: v.right, address: fallback, orderRequired: address['appointmentRequired'] === true })
          const read = readAppointmentResponse(got.json)
          if (read._tag === 'Left' || !isDeepStrictEqual(JSON.parse(JSON.stringify(read.right)), JSON.parse(JSON.stringify(due))))
            return { rule: 'APT-16', expected: `the PUT answer is the order-level requirement as sent, merged: ${JSON.stringify(due)}`, actual: describeReceived(got) }
          const back: SentRequest = { method: 'GET', path, headers: {}, credentials: 'main' }
          sent.push(back)
          const again = await ctx.http.send(back)
          if (again.status !== 200 || !isDeepStrictEqual(again.json, got.json))
            return { rule: 'APT-16', expected: `GET after PUT answers what the PUT answered: ${got.text}`, actual: describeReceived(again) }
          return null
        })
      },
      res.requests,
    )
    return result(this, ctx, start, failure, budget)
  },
}
