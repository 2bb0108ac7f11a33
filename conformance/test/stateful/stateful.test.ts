// The stateful checks against the sandbox (no failure), and each against a proxy in front of the
// sandbox that breaks one rule on purpose (a failure naming that rule, with the requests of the
// shrunk run, which print as a curl script).
import { faultProxy, runsOf, withJson } from 'shipper-rules-testkit'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Check, CheckResult, KitContext } from '../../src/check.js'
import { toCurlScript } from '../../src/curl.js'
import { appointments, idempotency, lifecycle, quoteThenCreate, STATEFUL_CHECKS, tenancy } from '../../src/checks/stateful/index.js'
import { pathParameters } from '../../src/checks/stateless/parameters.js'
import { kitContext, sandbox, type Breakage, type Sandbox } from './support.js'

let s: Sandbox

beforeAll(() => {
  s = sandbox()
})

/**
 * Runs of a check against the sandbox: FC_NUM_RUNS when set, at most 100: every run is a dozen
 * requests to a live server, so CI's 1000 would be some 10,000 requests a check.
 */
const runs = (n: number): number => Math.min(100, runsOf(n))

/** Runs a check through a proxy that breaks one thing; the proxy is closed afterwards. */
const againstBroken = async (check: Check, breakage: Breakage, options: { controls?: 'sandbox' | 'none' } = {}): Promise<{ result: CheckResult; ctx: KitContext }> => {
  const proxy = await faultProxy(s.base, breakage)
  try {
    const ctx = kitContext(s, proxy.baseUrl, { runs: 10, ...options })
    return { result: await check.run(ctx), ctx }
  } finally {
    await proxy.close()
  }
}

/** The one failure of a result, which names `rule`, has requests, and prints as a curl script. */
const expectCaught = (run: { result: CheckResult; ctx: KitContext }, rule: string): void => {
  const { result, ctx } = run
  // the first counterexample is the rule's; the rounds after it (runSteps) may find more departures of the same server, each once
  expect(result.failures[0]?.rule).toBe(rule)
  expect(new Set(result.failures.map((f) => f.rule)).size).toBe(result.failures.length)
  const failure = result.failures[0]!
  expect(failure.requests.length).toBeGreaterThan(0)
  // the shrunk run's requests are the transcript's own request objects, in order
  const all = ctx.http.transcript.requests()
  expect(failure.requests.every((r) => all.includes(r))).toBe(true)
  const script = toCurlScript(failure.requests, { exchanges: ctx.http.transcript.slice() })
  expect(script).toMatch(/curl -sS -X (GET|POST|PUT|DELETE)/)
}

describe('the stateful checks against the sandbox', () => {
  it('pass every check with sandbox controls and two companies, each exercising its rules', async () => {
    const ctx = kitContext(s, s.base, { runs: runs(10) })
    for (const check of STATEFUL_CHECKS) {
      const result = await check.run(ctx)
      expect(result.failures, check.name).toEqual([])
      expect(result.notChecked, check.name).toEqual([])
      expect(result.rules.length, check.name).toBeGreaterThan(0)
      expect(result.requests, check.name).toBeGreaterThan(0)
    }
  })

  it('without sandbox controls, pass and list the rules that need them as not checked', async () => {
    const ctx = kitContext(s, s.base, { runs: runs(3), controls: 'none' })
    const results: Array<readonly [string, CheckResult]> = []
    // one after the other: the checks slice one transcript
    for (const c of [quoteThenCreate, lifecycle, appointments]) results.push([c.name, await c.run(ctx)])
    for (const [name, r] of results) expect(r.failures, name).toEqual([])
    expect(results.flatMap(([, r]) => r.notChecked.map((n) => n.rule)).sort()).toEqual(['ORD-06', 'ORD-07', 'QTE-02'])
  })
})

describe('each stateful check catches a server that breaks its rule', () => {
  it('idempotency: a server that re-executes a replayed create (the key stripped) breaks CRT-10', async () => {
    const strip: Breakage = {
      request: (r) => {
        const { ['idempotency-key']: _dropped, ...headers } = r.headers
        return { ...r, headers }
      },
    }
    const run = await againstBroken(idempotency, strip)
    expectCaught(run, 'CRT-10')
    // shrunk to the smallest program that shows it: one create, and the same create again
    expect(run.result.failures[0]!.requests.map((r) => `${r.method} ${r.path} ${r.headers['Idempotency-Key'] === undefined ? '' : 'key'}`)).toEqual([
      'POST /v1/shipper/shipment key',
      'POST /v1/shipper/shipment key',
    ])
  })

  it('idempotency: a server that answers a key conflict 200 breaks CRT-10', async () => {
    const flip: Breakage = {
      answer: (_r, a) => (a.status === 409 ? withJson(a, { orderNumber: 'ZZZZZ', orderStatus: 'INITIALIZED' }, 200) : a),
    }
    expectCaught(await againstBroken(idempotency, flip), 'CRT-10')
  })

  it('quote then create: a server that ignores the quoteId (re-prices every create) breaks CRT-05', async () => {
    const dropQuote: Breakage = {
      request: (r) => {
        if (r.method !== 'POST' || !r.url.startsWith('/v1/shipper/shipment')) return r
        const { quoteId: _dropped, ...body } = JSON.parse(r.body.toString('utf8')) as Record<string, unknown>
        return { ...r, body: Buffer.from(JSON.stringify(body)) }
      },
    }
    const run = await againstBroken(quoteThenCreate, dropQuote)
    expectCaught(run, 'CRT-05')
    // the quote ignored, an expired one is booked too: a later round may find QTE-02 as well (at the default runs it does), nothing else
    expect(run.result.failures.map((f) => f.rule).filter((r) => r !== 'CRT-05' && r !== 'QTE-02')).toEqual([])
  })

  it('lifecycle: a server whose invoice refusal is 404 instead of 400 breaks INV-01', async () => {
    const swap: Breakage = { answer: (r, a) => (r.url.endsWith('/invoice') && a.status === 400 ? { ...a, status: 404 } : a) }
    expectCaught(await againstBroken(lifecycle, swap), 'INV-01')
  })

  it('appointments: a server that stores APPOINTMENT_DOCUMENT uploads (the check skipped) breaks DOC-04', async () => {
    const skip: Breakage = { request: (r) => ({ ...r, url: r.url.replace('/document/APPOINTMENT_DOCUMENT', '/document/PACKING_SLIP') }) }
    expectCaught(await againstBroken(appointments, skip), 'DOC-04')
  })

  it('appointments: a server that honours the lock override without X-Service-Change-Reason breaks ORD-06', async () => {
    const noReasonNeeded: Breakage = {
      request: (r) =>
        r.url.includes('confirmChangeAfterAcceptance=true') && r.headers['x-service-change-reason'] === undefined
          ? { ...r, headers: { ...r.headers, 'x-service-change-reason': 'added by the broken server' } }
          : r,
    }
    expectCaught(await againstBroken(appointments, noReasonNeeded), 'ORD-06')
  })

  // The survivors of the mutant benchmark (issue 27), now met by a fixed case whatever the seed.
  it('lifecycle: a server whose carrier accepts an unconfirmed order breaks ORD-07 (mutant M17)', async () => {
    const accept: Breakage = {
      answer: (r, a) => (r.url.endsWith('/events') && a.status >= 400 && a.status < 500 && r.body.toString('utf8').includes('ACCEPT') ? withJson(a, { orderStatus: 'ACCEPTED' }, 200) : a),
    }
    const run = await againstBroken(lifecycle, accept)
    expectCaught(run, 'ORD-07')
    expect(run.result.failures[0]!.expected).toMatch(/ACCEPT in INITIALIZED/)
  })

  it('appointments: a server that takes uploads after acceptance breaks ORD-06 (mutant M23)', async () => {
    const unlocked: Breakage = {
      answer: (r, a) => (r.method === 'POST' && r.url.includes('/document/') && a.status === 409 ? withJson(a, { type: 'PACKING_SLIP', stop: 'PICKUP', contentType: 'application/pdf' }, 200) : a),
    }
    const run = await againstBroken(appointments, unlocked)
    expectCaught(run, 'ORD-06')
    expect(run.result.failures[0]!.expected).toMatch(/^upload .* in ACCEPTED/)
  })

  it('quote then create: a server whose quoteExpirationTime is 72 hours out breaks QTE-02 (mutant M42)', async () => {
    const late: Breakage = {
      answer: (r, a) => {
        if (r.method !== 'POST' || r.url !== '/v1/shipper/quote' || a.status !== 200) return a
        const q = JSON.parse(a.body.toString('utf8')) as Record<string, unknown>
        return withJson(a, { ...q, quoteExpirationTime: new Date(Date.parse(String(q['quoteExpirationTime'])) + 24 * 3_600_000).toISOString() })
      },
    }
    expectCaught(await againstBroken(quoteThenCreate, late), 'QTE-02')
  })

  it('path parameters: a server that answers an order nobody holds 403 instead of 404 breaks AUTH-03 (mutant M16)', async () => {
    const swap: Breakage = { answer: (r, a) => (r.method === 'GET' && /^\/v1\/shipper\/shipment\/[^/?]+$/.test(r.url) && a.status === 404 ? { ...a, status: 403 } : a) }
    expectCaught(await againstBroken(pathParameters, swap), 'AUTH-03')
  })

  it("tenancy: a server that answers another company's appointment with 403 instead of 404 order_not_found breaks AUTH-03", async () => {
    const swap: Breakage = { answer: (r, a) => (r.url.includes('/appointment/') && a.status === 404 ? { ...a, status: 403 } : a) }
    expectCaught(await againstBroken(tenancy, swap), 'AUTH-03')
  })
})
