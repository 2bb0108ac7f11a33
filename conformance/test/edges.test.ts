// The checks of empty, repeated and ill-formed parameters, of text that is not wire text in every
// body field, of the same-day lanes and of the tracking position and sentence: each passes
// against the sandbox, every rule held by its own cases, and fails, naming the rule, behind a
// proxy wrong in that one way (shipper-rules-testkit's faultProxy), as the mutants the sampled
// benchmark drew were.
import { HEADER, HEADER_KEY } from 'shipper-rules'
import { faultProxy, jsonOf, type FaultProxyOptions } from 'shipper-rules-testkit'
import { afterEach, describe, expect, inject, test } from 'vitest'
import type { Check } from '../src/check.js'
import { wireTextBodies } from '../src/checks/boundaries/encoding.js'
import { changeReasonEdges, documentOperations, NOT_IN_TABLE, parameterEdges, PARAMETER_READERS } from '../src/checks/boundaries/parameters.js'
import { sameDayLanes } from '../src/checks/coverage/sameDay.js'
import { trackingPosition } from '../src/checks/coverage/trackingPosition.js'
import { runConformance, type Report } from '../src/index.js'

type Mutate = NonNullable<FaultProxyOptions['answer']>

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

const run = async (baseUrl: string, checks: ReadonlyArray<Check>): Promise<Report> => {
  const s = inject('sandbox')
  return runConformance({ baseUrl, token: s.token, apiKey: s.apiKey, controls: 'sandbox', runs: 5, seed: 11, checks })
}

const against = async (mutate: Mutate, checks: ReadonlyArray<Check>): Promise<Report> => {
  const fake = await faultProxy(inject('sandbox').baseUrl, { answer: mutate })
  close = fake.close
  return run(fake.baseUrl, checks)
}

const failed = (report: Report): string[] => report.rules.filter((r) => r.status === 'failed').map((r) => r.rule).sort()
const why = (report: Report): string => JSON.stringify(report.rules.filter((r) => r.status !== 'passed' && r.status !== 'not checked').map((r) => [r.rule, r.status, r.why, r.failures.map((f) => f.expected)]))

/** An answer with its JSON body replaced. */
const withBody = (a: Parameters<Mutate>[1], body: unknown): ReturnType<Mutate> => ({ ...a, body: JSON.stringify(body) })

/** Each violation of a 400 rewritten by `f` (undefined: unchanged). */
const rewriteViolations = (f: (v: Record<string, unknown>) => Record<string, unknown> | undefined): Mutate => (_asked, a) => {
  const j = jsonOf(a)
  if (a.status !== 400 || !Array.isArray(j?.['violations'])) return a
  let changed = false
  const violations = (j['violations'] as Array<Record<string, unknown>>).map((v) => {
    const w = f(v)
    if (w === undefined) return v
    changed = true
    return w
  })
  return changed ? withBody(a, { ...j, violations }) : a
}

describe('the table over the document\'s parameters', () => {
  test('reads every parameter of the document, or says why not', () => {
    const keys = new Set(documentOperations().flatMap((op) => op.parameters.map((p) => p.key)))
    expect(keys.size).toBeGreaterThan(8)
    for (const key of keys) expect(key in PARAMETER_READERS || key in NOT_IN_TABLE, key).toBe(true)
  })
})

test('against the sandbox: each check passes, every rule held by its own cases', async () => {
  const checks = [parameterEdges, changeReasonEdges, wireTextBodies, sameDayLanes, trackingPosition]
  const report = await run(inject('sandbox').baseUrl, checks)
  expect(report.failures, why(report)).toBe(0)
  const rules = checks.flatMap((c) => c.rules)
  for (const rule of rules) expect(report.rules.find((r) => r.rule === rule)?.status, `${rule}: ${why(report)}`).toBe('passed')
})

test('an empty order number, an empty Idempotency-Key said pattern, a repeated reference answered 404: ID-01, CRT-10, QTE-05', async () => {
  const report = await against((asked, a) => {
    if (asked.url.startsWith('/v1/shipper/quotes/by-reference') && a.status === 400 && JSON.stringify(jsonOf(a)?.['violations']).includes('"code":"type"'))
      return withBody({ ...a, status: 404 }, { type: 'about:blank', title: 'Quote not found', status: 404, detail: 'none', reason: 'quote_not_found' })
    return rewriteViolations((v) => ((v['field'] === 'orderNumber' || v['field'] === HEADER.idempotencyKey) && v['code'] === 'required' ? { ...v, code: 'pattern' } : undefined))(asked, a)
  }, [parameterEdges])
  expect(failed(report)).toEqual(['CRT-10', 'ID-01', 'QTE-05'])
})

test('an override whose change reason is a no-break space only accepted (blank as the library reads it): ORD-06', async () => {
  const report = await against((asked, a) => (asked.method === 'PUT' && asked.headers[HEADER_KEY.changeReason] === '\u00a0' && a.status === 400 ? withBody({ ...a, status: 200 }, { channel: 'PHONE' }) : a), [changeReasonEdges])
  expect(failed(report)).toEqual(['ORD-06'])
})

test('a violation for text that is not wire text with an empty code: ID-03', async () => {
  const report = await against(rewriteViolations((v) => (v['code'] === 'encoding' ? { ...v, code: '' } : undefined)), [wireTextBodies])
  expect(failed(report)).toEqual(['ID-03'])
  expect(report.rules.find((r) => r.rule === 'ID-03')?.failures[0]?.curl).toContain('\\ud800')
})

test('a same-day lane quoted without transit days and ETA: QTE-04', async () => {
  const report = await against((asked, a) => {
    const j = jsonOf(a)
    return asked.method === 'POST' && asked.url === '/v1/shipper/quote' && j?.['transitDays'] === 0 ? withBody(a, { ...j, transitDays: null, estimatedDeliveryDate: null }) : a
  }, [sameDayLanes])
  expect(failed(report)).toEqual(['QTE-04'])
})

test('a shipment under way answered with the unavailable location: TRK-03', async () => {
  const report = await against((asked, a) => {
    const j = jsonOf(a)
    const location = j?.['location'] as Record<string, unknown> | undefined
    if (!asked.url.includes('/tracking') || location === undefined) return a
    return withBody(a, { ...j, location: { ...location, uncertaintyRadiusKm: 20015.114442035923, isSignificantlyDelayed: true, delayMessage: 'No position estimate: neither the actual nor the estimated pickup time is known.', statusDescription: undefined } })
  }, [trackingPosition])
  expect(failed(report)).toEqual(['TRK-03'])
})

test('a location without its statusDescription: TRK-05', async () => {
  const report = await against((asked, a) => {
    const j = jsonOf(a)
    const location = j?.['location'] as Record<string, unknown> | undefined
    if (!asked.url.includes('/tracking') || location === undefined) return a
    return withBody(a, { ...j, location: { ...location, statusDescription: undefined } })
  }, [trackingPosition])
  expect(failed(report)).toEqual(['TRK-05'])
})
