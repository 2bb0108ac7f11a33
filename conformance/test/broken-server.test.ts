// Each check against a server wrong in one way (shipper-rules-testkit's faultProxy: the sandbox
// behind a proxy that rewrites some answers): the kit fails with the rule the wrong answer breaks, and the
// failure's curl script, run with bash against the same fake, reproduces the wrong answer.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { faultProxy, jsonOf, runsOf, type FaultProxyOptions } from 'shipper-rules-testkit'
import { afterEach, expect, inject, test } from 'vitest'
import type { Check } from '../src/check.js'
import { authMatrix } from '../src/checks/stateless/auth.js'
import { appointmentRequests, createRequests, quoteRequests } from '../src/checks/stateless/corruption.js'
import { pathParameters } from '../src/checks/stateless/parameters.js'
import { problemDetails } from '../src/checks/stateless/problem.js'
import { runConformance, type Report } from '../src/index.js'

/** How the fake is wrong: it rewrites the sandbox's answers. */
type Mutate = NonNullable<FaultProxyOptions['answer']>

const run = promisify(execFile)
let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

/** Runs the given checks against a fake that is wrong as `mutate` says; resolves to the report and the fake's URL. */
const against = async (mutate: Mutate, checks: ReadonlyArray<Check>, runs = 60): Promise<{ report: Report; baseUrl: string }> => {
  const s = inject('sandbox')
  const fake = await faultProxy(s.baseUrl, { answer: mutate })
  close = fake.close
  const report = await runConformance({
    baseUrl: fake.baseUrl,
    token: s.token,
    apiKey: s.apiKey,
    other: { token: s.otherToken, apiKey: s.otherApiKey },
    runs: Math.min(runsOf(runs), 200),
    seed: 42,
    checks,
  })
  return { report, baseUrl: fake.baseUrl }
}

/** Runs a failure's curl script with bash against the fake; resolves to its output lines. */
const replay = async (script: string, baseUrl: string): Promise<string[]> => {
  const s = inject('sandbox')
  const { stdout } = await run('bash', ['-c', script], {
    env: { ...process.env, BASE_URL: baseUrl, TOKEN: s.token, API_KEY: s.apiKey, OTHER_TOKEN: s.otherToken, OTHER_API_KEY: s.otherApiKey },
    maxBuffer: 16 * 1024 * 1024,
  })
  return stdout.trimEnd().split('\n')
}

/** The failures of a rule, each with its curl script. */
const failuresOf = (report: Report, rule: string) => report.rules.find((r) => r.rule === rule)?.failures ?? []

const problem = (status: number, reason: string, violations?: unknown[]): string =>
  JSON.stringify({ type: `tag:fake,2026:problem:${reason}`, title: reason, status, detail: 'rewritten by the fake', reason, ...(violations === undefined ? {} : { violations }) })

test('a 400 validation_failed where 422 pallet_invalid is due: FRT-09, and the script shows the 400', async () => {
  const { report, baseUrl } = await against((_asked, a) => {
    const j = jsonOf(a)
    if (a.status === 422 && j?.['reason'] === 'pallet_invalid' && /imensions/.test(JSON.stringify(j['violations']))) return { ...a, status: 400, body: problem(400, 'validation_failed', j['violations'] as unknown[]) }
    return a
  }, [quoteRequests])
  const fs = failuresOf(report, 'FRT-09')
  expect(fs.length, JSON.stringify(report.rules.filter((r) => r.status === 'failed').map((r) => [r.rule, r.failures.map((f) => f.expected)]))).toBe(1)
  expect(fs[0]!.expected).toContain('422 reason "pallet_invalid"')
  expect(fs[0]!.actual).toMatch(/^400 reason "validation_failed"/)
  const out = await replay(fs[0]!.curl, baseUrl)
  expect(out.at(-1)).toBe('400')
  expect(out.at(-2)).toContain('"validation_failed"')
})

test('a violation missing from a 400 (the zipCode one dropped): ADDR-04, and the script shows the 400 without it', async () => {
  const { report, baseUrl } = await against((_asked, a) => {
    const j = jsonOf(a)
    if (a.status !== 400 || !Array.isArray(j?.['violations'])) return a
    const kept = (j['violations'] as Array<{ field: string }>).filter((v) => !v.field.endsWith('zipCode'))
    if (kept.length === (j['violations'] as unknown[]).length) return a
    // keep a violation so the body stays a well-formed ProblemDetail: only the field is missing
    return { ...a, body: problem(400, 'validation_failed', kept.length > 0 ? kept : [{ field: 'orderComponents', entity: null, reason: 'rewritten', code: 'required' }]) }
  }, [quoteRequests])
  const fs = failuresOf(report, 'ADDR-04')
  expect(fs.length).toBe(1)
  expect(fs[0]!.expected).toMatch(/zipCode/)
  // the answer as it came has no zipCode violation; the judge's diff under it names the one missing
  const [answer, ...diff] = fs[0]!.actual.split('\n')
  expect(answer).not.toMatch(/zipCode/)
  expect(diff.join('\n')).toMatch(/^at \$\.violations\[\]: expected \{"field":"[a-zA-Z]+\.zipCode".*actual absent$/m)
  const out = await replay(fs[0]!.curl, baseUrl)
  expect(out.at(-1)).toBe('400')
  expect(out.at(-2)).not.toContain('zipCode')
})

test("another company's order visible: AUTH-04, and the script shows the 200 to the other company", async () => {
  const { report, baseUrl } = await against((asked, a) => {
    const j = jsonOf(a)
    if (asked.method === 'GET' && /^\/v1\/shipper\/shipment\/[A-Za-z0-9]+$/.test(asked.url) && a.status === 403 && String(j?.['detail']).includes('another company')) {
      const orderNumber = asked.url.split('/').at(-1)
      return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ orderNumber, orderStatus: 'INITIALIZED', totalPriceInCents: 100 }) }
    }
    return a
  }, [authMatrix])
  const fs = failuresOf(report, 'AUTH-04')
  expect(fs.length).toBe(1)
  expect(fs[0]!.expected).toContain("GET /v1/shipper/shipment/{orderNumber} with the other company's credentials")
  // no other rule failed: the fake is wrong in this one way only
  expect(report.rules.filter((r) => r.status === 'failed').map((r) => r.rule)).toEqual(['AUTH-04'])
  expect(fs[0]!.curl).toContain('$OTHER_TOKEN')
  const out = await replay(fs[0]!.curl, baseUrl)
  expect(out.at(-1)).toBe('200')
})

test('a create answered CONFIRMED instead of INITIALIZED: ORD-02', async () => {
  const { report, baseUrl } = await against((asked, a) => {
    const j = jsonOf(a)
    if (asked.method === 'POST' && asked.url === '/v1/shipper/shipment' && a.status === 200 && j !== undefined) return { ...a, body: JSON.stringify({ ...j, orderStatus: 'CONFIRMED' }) }
    return a
  }, [createRequests], 20)
  const fs = failuresOf(report, 'ORD-02')
  expect(fs.length).toBe(1)
  const out = await replay(fs[0]!.curl, baseUrl)
  expect(out.at(-1)).toBe('200')
  expect(out.at(-2)).toContain('"orderStatus":"CONFIRMED"')
})

test('an appointment PUT answered without _merged: APT-16', async () => {
  const { report, baseUrl } = await against((asked, a) => {
    const j = jsonOf(a)
    if (asked.method === 'PUT' && asked.url.includes('/appointment/') && a.status === 200 && j !== undefined) {
      const { _merged: _, ...rest } = j
      return { ...a, body: JSON.stringify(rest) }
    }
    return a
  }, [appointmentRequests], 20)
  const fs = failuresOf(report, 'APT-16')
  expect(fs.length).toBe(1)
  const out = await replay(fs[0]!.curl, baseUrl)
  expect(out.at(-1)).toBe('200')
  expect(out.at(-2)).not.toContain('_merged')
})

test('a ProblemDetail whose body status is not the HTTP status: ERR-01', async () => {
  const { report, baseUrl } = await against((_asked, a) => {
    const j = jsonOf(a)
    if (a.status === 401 && j !== undefined) return { ...a, body: JSON.stringify({ ...j, status: 400 }) }
    return a
  }, [authMatrix, problemDetails])
  const fs = failuresOf(report, 'ERR-01')
  expect(fs.length).toBeGreaterThan(0)
  expect(fs[0]!.actual).toContain('status 400 in the body')
  const out = await replay(fs[0]!.curl, baseUrl)
  expect(out.at(-1)).toBe('401')
  expect(out.at(-2)).toContain('"status":400')
})

test('a malformed quote id answered 404 instead of 400 invalid_quote_id: QTE-08', async () => {
  const { report, baseUrl } = await against((asked, a) => {
    const j = jsonOf(a)
    if (asked.url.startsWith('/v1/shipper/quote/') && a.status === 400 && j?.['reason'] === 'invalid_quote_id') return { ...a, status: 404, body: problem(404, 'quote_not_found') }
    return a
  }, [pathParameters])
  const fs = failuresOf(report, 'QTE-08')
  expect(fs.length).toBe(1)
  expect(fs[0]!.expected).toContain('400 reason "invalid_quote_id"')
  expect(report.rules.filter((r) => r.status === 'failed').map((r) => r.rule)).toEqual(['QTE-08'])
  const out = await replay(fs[0]!.curl, baseUrl)
  expect(out.at(-1)).toBe('404')
})
