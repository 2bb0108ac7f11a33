// Path and query parameters (QTE-05, QTE-08, ID-01, DOC-01, DOC-07, APT-17, TRK-01): each
// parameter generated valid, near-valid (case, length) and hostile, on the kit's own order; the
// library's parser of that parameter (parseQuoteId, parseOrderNumber, parseDocumentType,
// parseStop, parseTrackingInclude) predicts a 400 and its violations, or that the server must not
// refuse the value as malformed. Shrunk by fast-check like the body checks.
import fc from 'fast-check'
import { parseDocumentType, parseOrderNumber, parseQuoteId, parseStop, parseTrackingInclude, WIRE_FORMATS } from 'shipper-rules'
import type { Check, CheckResult, Failure, KitContext, RuleId } from '../../check.js'
import type { Received, SentRequest } from '../../http.js'
import { judgeProblem, renderDiffs } from '../../judge.js'
import { makeResources, runRuleProperty, type Resources } from '../support.js'
import { describePredicted, describeReceived, type Predicted } from './common.js'

type Param = 'quoteId' | 'orderNumber' | 'documentType' | 'stop' | 'include'

interface Case {
  readonly param: Param
  /** The value as the server must read it (sent percent-encoded). */
  readonly value: string
}

const HOSTILE = ['<script>', "1' OR '1'='1", '😀', 'null', 'undefined', '0', '-1', ' ', 'a b', 'e\u0301', '\u202e', '..a', 'x'.repeat(300)]
const VALID: Readonly<Record<Param, fc.Arbitrary<string>>> = {
  quoteId: fc.uuid(),
  orderNumber: fc.stringMatching(new RegExp(WIRE_FORMATS.orderNumber.pattern)).map((s) => s.toUpperCase()),
  documentType: fc.constantFrom('BILL_OF_LADING', 'INVOICE', 'SHIPPING_LABEL', 'POD'),
  stop: fc.constantFrom('PICKUP', 'DELIVERY', 'pickup', 'delivery'),
  include: fc.constantFrom('', 'location'),
}
const near = (valid: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    valid.map((v) => v.toLowerCase()),
    valid.map((v) => v.slice(0, -1)),
    valid.map((v) => v + 'A'),
    valid.map((v) => `${v.charAt(0).toUpperCase()}${v.slice(1).toLowerCase()}`),
    valid.map((v) => `${v},${v}`),
    fc.constantFrom(...HOSTILE),
  )

export const caseArb: fc.Arbitrary<Case> = fc
  .constantFrom<Param>('quoteId', 'orderNumber', 'documentType', 'stop', 'include')
  .chain((param) => fc.oneof(VALID[param], near(VALID[param])).map((value) => ({ param, value })))
  // an empty path segment is another route, not a value
  .filter((c) => c.param === 'include' || c.value !== '')

const RULE: Readonly<Record<Param, RuleId>> = { quoteId: 'QTE-08', orderNumber: 'ID-01', documentType: 'DOC-01', stop: 'APT-17', include: 'TRK-01' }

const requestOf = (c: Case, res: Resources): SentRequest => {
  const v = encodeURIComponent(c.value)
  const order = `/v1/shipper/shipment/${res.orderNumber}`
  const path =
    c.param === 'quoteId' ? `/v1/shipper/quote/${v}`
    : c.param === 'orderNumber' ? `/v1/shipper/shipment/${v}`
    : c.param === 'documentType' ? `${order}/document/${v}`
    : c.param === 'stop' ? `${order}/appointment/${v}`
    : `${order}/tracking?include=${v}`
  return { method: 'GET', path, headers: {}, credentials: 'main' }
}

const predict = (c: Case): Predicted | { include: boolean } | null => {
  const e =
    c.param === 'quoteId' ? parseQuoteId(c.value)
    : c.param === 'orderNumber' ? parseOrderNumber(c.value)
    : c.param === 'documentType' ? parseDocumentType(c.value)
    : c.param === 'stop' ? parseStop(c.value)
    : parseTrackingInclude(c.value)
  if (e._tag === 'Left') return e.left
  return c.param === 'include' ? { include: (e.right as { location: boolean }).location } : null
}

const judge = (c: Case, got: Received): { rule: RuleId; expected: string; actual: string } | null => {
  const p = predict(c)
  const what = `${c.param} ${JSON.stringify(c.value)}`
  if (p !== null && 'status' in p) {
    const diffs = judgeProblem(p, got.status, got.json)
    return diffs.length === 0 ? null : { rule: RULE[c.param], expected: `${what}: ${describePredicted(p)}`, actual: `${describeReceived(got)}\n${renderDiffs(diffs)}` }
  }
  // a well-formed value is not refused as malformed (it may name nothing: 404; or another company's: 403)
  if (got.status === 400 || got.status >= 500) return { rule: RULE[c.param], expected: `${what}: not refused as malformed`, actual: describeReceived(got) }
  if (p !== null && 'include' in p && !p.include && got.status === 200 && typeof got.json === 'object' && got.json !== null && 'location' in got.json && (got.json as Record<string, unknown>)['location'] != null)
    return { rule: 'TRK-01', expected: `${what}: no location without include=location`, actual: describeReceived(got) }
  return null
}

/** Three well-formed order numbers other than the kit's own, the same for a given one (ID-01: 5 alphanumerics). */
const unknownOrderNumbers = (own: string): string[] =>
  ['ZQ0X7', 'Q9Z0Y', '0ZZQ8'].map((n, i) => (n === own ? `${n.slice(0, 4)}${i}` : n))

export const pathParameters: Check = {
  name: 'path-parameters',
  rules: ['QTE-05', 'QTE-08', 'ID-01', 'DOC-01', 'DOC-07', 'APT-17', 'TRK-01', 'AUTH-03'],
  async run(ctx: KitContext): Promise<CheckResult> {
    const start = ctx.http.count
    const res = await makeResources(ctx, 'PARAM')
    if ('error' in res) return { check: this.name, rules: [], failures: [], notChecked: this.rules.map((rule) => ({ rule, why: res.error })), requests: ctx.http.count - start }
    const failures: Failure[] = []
    const fixedHeld: Record<RuleId, number> = {}
    const hold = (rule: RuleId): void => {
      fixedHeld[rule] = (fixedHeld[rule] ?? 0) + 1
    }
    // the fixed cases: no reference (QTE-05), an unknown reference, the PDF before any acceptance and of no order (DOC-07)
    const fixed: Array<{ req: SentRequest; rule: RuleId; status: number; reason?: string }> = [
      { req: { method: 'GET', path: '/v1/shipper/quotes/by-reference', headers: {}, credentials: 'main' }, rule: 'QTE-05', status: 400 },
      { req: { method: 'GET', path: `/v1/shipper/quotes/by-reference?reference=${encodeURIComponent(`${ctx.marker}-NONE`)}`, headers: {}, credentials: 'main' }, rule: 'QTE-05', status: 404 },
      { req: { method: 'GET', path: `/v1/shipper/shipment/${res.orderNumber}/appointment/PICKUP/pdf`, headers: {}, credentials: 'main' }, rule: 'DOC-07', status: 404, reason: 'appointment_pdf_not_generated' },
    ]
    // An order number nobody holds is 404 (the spec's status table: shipment not found), never 403,
    // which is for a resource of another company (AUTH-03). A real server may hold a random number,
    // so three are tried: a departure only when none of them is 404.
    const unknownReqs: SentRequest[] = []
    const unknownGot: Received[] = []
    for (const n of unknownOrderNumbers(res.orderNumber)) {
      const req: SentRequest = { method: 'GET', path: `/v1/shipper/shipment/${n}`, headers: {}, credentials: 'main' }
      unknownReqs.push(req)
      const got = await ctx.http.send(req)
      unknownGot.push(got)
      if (got.status === 404) break
    }
    if (!unknownGot.some((g) => g.status === 404))
      failures.push({ rule: 'AUTH-03', check: this.name, expected: `GET ${unknownReqs.map((r) => r.path).join(', ')} (order numbers nobody holds): 404 shipment not found (403 is for another company's resource)`, actual: unknownGot.map(describeReceived).join('; '), requests: [...res.requests, ...unknownReqs] })
    else hold('AUTH-03')
    for (const f of fixed) {
      const got = await ctx.http.send(f.req)
      const reason = (got.json as Record<string, unknown> | undefined)?.['reason']
      if (got.status !== f.status || (f.reason !== undefined && reason !== f.reason))
        failures.push({ rule: f.rule, check: this.name, expected: `${f.req.method} ${f.req.path}: ${f.status}${f.reason === undefined ? '' : ` reason "${f.reason}"`}`, actual: describeReceived(got), requests: [...res.requests, f.req] })
      else hold(f.rule)
    }
    // the generated parameters, rule by rule (a counterexample of one parameter's rule leaves the others running)
    const generated = await runRuleProperty(ctx, {
      name: this.name,
      rules: [...new Set(Object.values(RULE))],
      arb: caseArb,
      prelude: res.requests,
      rulesOf: (c) => [RULE[c.param]],
      send: async (c, sent) => {
        const req = requestOf(c, res)
        sent.push(req)
        return judge(c, await ctx.http.send(req))
      },
    })
    const held: Record<RuleId, number> = { ...fixedHeld }
    for (const [rule, n] of Object.entries(generated.held ?? {})) held[rule] = (held[rule] ?? 0) + n
    return {
      check: this.name,
      rules: this.rules.filter((r) => !(generated.notReached ?? []).some((n) => n.rule === r)),
      failures: [...failures, ...generated.failures],
      notChecked: [],
      ...(generated.notReached === undefined || generated.notReached.length === 0 ? {} : { notReached: generated.notReached }),
      held,
      requests: ctx.http.count - start,
    }
  },
}
