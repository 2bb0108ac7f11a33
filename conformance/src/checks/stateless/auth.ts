// The auth matrix (spec: Authentication; AUTH-01…04): every endpoint of the library's OpenAPI
// document, on a quote and an order the kit made with the main company, with each credential
// missing, invalid, and (with a second company) the other company's credentials. Missing or invalid
// bearer token: 401; missing or invalid key: 403; another company's resource: 403, or 404
// order_not_found on the appointment endpoints (and 404 on the by-reference lookup, which never
// returns another company's quote: QTE-05). WWW-Authenticate is not required: the spec does not say.
import { openApiDocument } from 'shipper-rules/openapi'
import type { Check, CheckResult, Failure, KitContext, RuleId } from '../../check.js'
import { BudgetExhausted, type Credentials, type SentRequest } from '../../http.js'
import { makeResources, multipartFile, tinyPdf, type Resources } from '../support.js'
import { describeReceived } from './common.js'

/** One operation of the document: method and path template. */
export interface Operation {
  readonly method: string
  readonly template: string
}

/** The operations of the library's document, writes that change an order last (so a wrong acceptance of one disturbs the others least). */
export const operations = (): Operation[] => {
  const doc = openApiDocument()
  if (doc._tag === 'Left') throw new Error('the library could not build its OpenAPI document')
  const out: Operation[] = []
  for (const [template, item] of Object.entries(doc.right.paths)) {
    for (const method of ['get', 'post', 'put', 'delete'] as const) if ((item as Record<string, unknown>)[method] !== undefined) out.push({ method: method.toUpperCase(), template })
  }
  const weight = (o: Operation): number => (/\/(confirm|cancel)$/.test(o.template) ? 2 : o.method === 'GET' ? 0 : 1)
  return out.sort((a, b) => weight(a) - weight(b))
}

/** The request of an operation on the kit's resources, with the given credentials. */
export const requestFor = (op: Operation, res: Resources, credentials: Credentials, marker: string): SentRequest => {
  const path = op.template
    .replace('{quoteId}', res.quoteId)
    .replace('{orderNumber}', res.orderNumber)
    .replace('{stop}', 'PICKUP')
    .replace('{documentType}', op.template.includes('/appointment/') ? 'PACKING_SLIP' : 'BILL_OF_LADING')
  const withQuery = op.template.endsWith('/by-reference') ? `${path}?reference=${encodeURIComponent(res.reference)}` : path
  const base = { method: op.method, path: withQuery, headers: {}, credentials }
  if (op.method === 'POST' && op.template === '/v1/shipper/quote')
    return { ...base, body: { pickupAddress: { zipCode: '60601' }, deliveryAddress: { zipCode: '10001' }, orderComponents: [{ palletCount: 1, poundsWeight: 400 }], customerReference: `${marker}-AUTH` } }
  if (op.method === 'POST' && op.template === '/v1/shipper/shipment')
    return {
      ...base,
      body: {
        pickupAddress: res.pickupAddress,
        deliveryAddress: { ...res.pickupAddress, zipCode: '10001', state: 'NY', city: 'New York' },
        orderComponents: [{ palletCount: 1, poundsWeight: 400 }],
        description: `${marker} auth matrix`,
      },
    }
  if (op.method === 'PUT' && op.template.endsWith('/appointment/{stop}')) return { ...base, body: { channel: 'PHONE', instructions: `${marker} auth matrix` } }
  if (op.method === 'POST' && op.template.includes('/document/')) return { ...base, body: multipartFile('slip.pdf', 'application/pdf', tinyPdf('auth matrix')) }
  return base
}

interface Case {
  readonly name: string
  readonly credentials: Credentials
  readonly rules: ReadonlyArray<RuleId>
  /** The answer due on an operation; undefined: the case does not apply to it. */
  expect(op: Operation): { status: number; reason?: string } | undefined
}

const isAppointment = (op: Operation): boolean => op.template.includes('/appointment/')
const isCreate = (op: Operation): boolean => op.method === 'POST' && (op.template === '/v1/shipper/quote' || op.template === '/v1/shipper/shipment')

const CASES: ReadonlyArray<Case> = [
  { name: 'no bearer token', credentials: { apiKeyOf: 'main' }, rules: ['AUTH-01', 'AUTH-02'], expect: () => ({ status: 401 }) },
  { name: 'an invalid bearer token', credentials: { token: 'conformance.invalid.token', apiKeyOf: 'main' }, rules: ['AUTH-02'], expect: () => ({ status: 401 }) },
  { name: 'no API key', credentials: { tokenOf: 'main' }, rules: ['AUTH-01', 'AUTH-03'], expect: () => ({ status: 403 }) },
  { name: 'an invalid API key', credentials: { tokenOf: 'main', apiKey: 'sk_conformance_invalid_key_000000' }, rules: ['AUTH-03'], expect: () => ({ status: 403 }) },
]

const OTHER_COMPANY: Case = {
  name: "the other company's credentials on the main company's resource",
  credentials: 'other',
  rules: ['AUTH-03', 'AUTH-04'],
  expect: (op) =>
    isCreate(op) ? undefined
    : isAppointment(op) ? { status: 404, reason: 'order_not_found' }
    : op.template.endsWith('/by-reference') ? { status: 404 }
    : { status: 403 },
}

export const authMatrix: Check = {
  name: 'auth-matrix',
  rules: ['AUTH-01', 'AUTH-02', 'AUTH-03', 'AUTH-04'],
  async run(ctx: KitContext): Promise<CheckResult> {
    const start = ctx.http.count
    const res = await makeResources(ctx, 'AUTH')
    if ('error' in res) {
      return {
        check: this.name,
        rules: [],
        failures: [],
        notChecked: this.rules.map((rule) => ({ rule, why: res.error })),
        requests: ctx.http.count - start,
      }
    }
    const cases = ctx.hasOtherCompany ? [...CASES, OTHER_COMPANY] : CASES
    const failures: Failure[] = []
    const held: Record<RuleId, number> = {}
    let stopped: string | undefined
    matrix: for (const op of operations()) {
      for (const c of cases) {
        const due = c.expect(op)
        if (due === undefined) continue
        const req = requestFor(op, res, c.credentials, ctx.marker)
        let got
        try {
          got = await ctx.http.send(req)
        } catch (e) {
          // the budget, or 429s the kit stopped waiting for (failed authentications are what a server limits): the rest is not reached
          if (!(e instanceof BudgetExhausted)) throw e
          stopped = `${e.why} during the check`
          break matrix
        }
        const reason = (got.json as Record<string, unknown> | undefined)?.['reason']
        if (got.status === due.status && (due.reason === undefined || reason === due.reason)) {
          for (const r of c.rules) held[r] = (held[r] ?? 0) + 1
        } else {
          failures.push({
            // another company's resource answered with success: its data was visible (or changed): tenancy, AUTH-04
            rule: due.status === 401 ? 'AUTH-02' : c.credentials === 'other' && got.status < 300 ? 'AUTH-04' : 'AUTH-03',
            check: this.name,
            expected: `${op.method} ${op.template} with ${c.name}: ${due.status}${due.reason === undefined ? '' : ` reason "${due.reason}"`}`,
            actual: describeReceived(got),
            requests: [...res.requests, req],
          })
        }
      }
    }
    const rules: RuleId[] = ctx.hasOtherCompany ? [...this.rules] : ['AUTH-01', 'AUTH-02', 'AUTH-03']
    const failed = new Set(failures.map((f) => f.rule))
    const why = stopped
    return {
      check: this.name,
      rules,
      failures,
      notChecked: ctx.hasOtherCompany ? [] : [{ rule: 'AUTH-04', why: 'no second company (--other-company-token/--other-company-key)' }],
      ...(why === undefined ? {} : { notReached: rules.filter((r) => !failed.has(r)).map((rule) => ({ rule, why })) }),
      held,
      requests: ctx.http.count - start,
    }
  },
}
