// The coverage checks against a sandbox behind a proxy wrong in one way (shipper-rules-testkit's faultProxy):
// the kit names the rule the wrong answer breaks, and the failure's curl script, run with bash
// against the same proxy, shows the wrong answer again.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { faultProxy, jsonOf, type FaultProxyOptions } from 'shipper-rules-testkit'
import { afterEach, expect, inject, test } from 'vitest'
import type { Check } from '../../src/check.js'
import { deliveredOrder, placeMerge, quoteMatchable, uploads } from '../../src/checks/coverage/index.js'
import { runConformance, type Report } from '../../src/index.js'

/** How the fake is wrong: it rewrites the sandbox's answers. */
type Mutate = NonNullable<FaultProxyOptions['answer']>

const exec = promisify(execFile)
let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

const against = async (mutate: Mutate, checks: ReadonlyArray<Check>, runs = 3): Promise<{ report: Report; baseUrl: string }> => {
  const s = inject('sandbox')
  const fake = await faultProxy(s.baseUrl, { answer: mutate })
  close = fake.close
  const report = await runConformance({ baseUrl: fake.baseUrl, token: s.token, apiKey: s.apiKey, controls: 'sandbox', runs, seed: 42, checks })
  return { report, baseUrl: fake.baseUrl }
}

const replay = async (script: string, baseUrl: string): Promise<string[]> => {
  const s = inject('sandbox')
  const { stdout } = await exec('bash', ['-c', script], { env: { ...process.env, BASE_URL: baseUrl, TOKEN: s.token, API_KEY: s.apiKey }, maxBuffer: 64 * 1024 * 1024 })
  return stdout.trimEnd().split('\n')
}

const failuresOf = (report: Report, rule: string) => report.rules.find((r) => r.rule === rule)?.failures ?? []

test('an invoice billed to the consignee: INV-04, and the script shows the invoice again', async () => {
  const { report, baseUrl } = await against((asked, a) => {
    const j = jsonOf(a)
    if (asked.method === 'GET' && /\/invoice$/.test(asked.url) && j !== undefined && a.status === 200) return { ...a, body: JSON.stringify({ ...j, billTo: j['consignee'] }) }
    return a
  }, [deliveredOrder])
  const fs = failuresOf(report, 'INV-04')
  expect(fs.length).toBe(1)
  expect(report.failures).toBe(1)
  expect(fs[0]!.expected).toContain('billTo')
  expect(fs[0]!.curl).toContain('/invoice')
  const out = await replay(fs[0]!.curl, baseUrl)
  const invoice = JSON.parse(out[out.length - 2]!) as Record<string, unknown>
  expect(invoice['billTo']).toEqual(invoice['consignee'])
  expect(out[out.length - 1]).toBe('200')
})

test('a text/plain document answered 400 rather than 415: DOC-02', async () => {
  const { report, baseUrl } = await against((asked, a) => {
    if (asked.method === 'POST' && /\/document\//.test(asked.url) && a.status === 415) {
      return { ...a, status: 400, body: JSON.stringify({ type: 'tag:fake,2026:problem:validation_failed', title: 'validation_failed', status: 400, detail: 'rewritten', reason: 'validation_failed', violations: [] }) }
    }
    return a
  }, [uploads])
  const fs = failuresOf(report, 'DOC-02')
  expect(fs.length).toBe(1)
  expect(fs[0]!.expected).toContain('415 unsupported_media_type')
  const out = await replay(fs[0]!.curl, baseUrl)
  expect(out[out.length - 1]).toBe('400')
})

test('a merge whose channel is inverted (PHONE where the stricter channel of place and order is due): APT-07', async () => {
  const rank: Record<string, number> = { PHONE: 0, EMAIL: 1, PORTAL: 2 }
  const { report } = await against((asked, a) => {
    const j = jsonOf(a)
    // the merge inverted for the channel: the laxer of the two wins when both sides give one
    if (/\/appointment\/DELIVERY$/.test(asked.url) && j !== undefined && a.status === 200) {
      const fields = (j['_merged'] as { fields?: Record<string, string> } | undefined)?.fields
      if (fields?.['channel'] === 'PLACE_AND_ORDER' && typeof j['channel'] === 'string' && rank[j['channel']]! > 0) return { ...a, body: JSON.stringify({ ...j, channel: 'PHONE' }) }
    }
    return a
  }, [placeMerge], 10)
  const fs = failuresOf(report, 'APT-07')
  expect(fs.length).toBe(1)
  expect(fs[0]!.curl).toContain('/sandbox/addresses')
})

test('a fresh quote by reference answered not matchable: QTE-06', async () => {
  const { report, baseUrl } = await against((asked, a) => {
    const j = jsonOf(a)
    if (asked.url.startsWith('/v1/shipper/quotes/by-reference') && j !== undefined && a.status === 200) return { ...a, body: JSON.stringify({ ...j, matchable: false }) }
    return a
  }, [quoteMatchable])
  const fs = failuresOf(report, 'QTE-06')
  expect(fs.length).toBe(1)
  const out = await replay(fs[0]!.curl, baseUrl)
  expect(out.some((l) => l.includes('"matchable":false'))).toBe(true)
})
