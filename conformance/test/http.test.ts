// The HTTP sender: credentials as asked, the request budget, a 429's Retry-After waited out, and
// every exchange in the transcript; and the budget through a whole run against the sandbox.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { BudgetExhausted, Http, runConformance } from '../src/index.js'

let url = ''
let close: () => Promise<void>
const seen: Array<{ path: string; headers: IncomingHttpHeaders; body: string }> = []
/** Paths answered 429 (Retry-After: 0) the first time they are asked. */
const throttleOnce = new Set<string>()

beforeAll(async () => {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const path = req.url ?? ''
      seen.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      if (throttleOnce.delete(path)) {
        res.writeHead(429, { 'retry-after': '0', 'content-type': 'application/problem+json' })
        res.end('{"status":429}')
        return
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ path }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => new Promise((resolve) => server.close(() => resolve()))
})
afterAll(async () => close())

test('credentials: main, other, none, and one credential of a company', async () => {
  const http = new Http({ baseUrl: url + '/', main: { token: 'mt', apiKey: 'mk' }, other: { token: 'ot', apiKey: 'ok' } })
  const cases = [
    ['main', 'Bearer mt', 'mk'],
    ['other', 'Bearer ot', 'ok'],
    ['none', undefined, undefined],
    [{ apiKeyOf: 'main' }, undefined, 'mk'],
    [{ tokenOf: 'other', apiKey: 'literal' }, 'Bearer ot', 'literal'],
  ] as const
  for (const [credentials, authorization, key] of cases) {
    await http.send({ method: 'GET', path: '/c', headers: {}, credentials })
    const h = seen.at(-1)!.headers
    expect(h['authorization'], JSON.stringify(credentials)).toBe(authorization)
    expect(h['x-service-api-key'], JSON.stringify(credentials)).toBe(key)
    expect(h['user-agent']).toBe('shipper-rules-conformance/0.1.0')
    expect(h['x-request-id']).toMatch(/^[A-Za-z0-9._~-]{1,128}$/)
  }
  expect(http.transcript.length).toBe(cases.length)
  // no second company given: asking for it is an error of the kit, before anything is sent
  const alone = new Http({ baseUrl: url, main: { token: 'mt', apiKey: 'mk' } })
  await expect(alone.send({ method: 'GET', path: '/x', headers: {}, credentials: 'other' })).rejects.toThrow(/other company/)
})

test('the budget: the request after the last allowed one throws BudgetExhausted and is not sent', async () => {
  const http = new Http({ baseUrl: url, main: { token: 't', apiKey: 'k' }, maxRequests: 2 })
  const before = seen.length
  await http.send({ method: 'POST', path: '/b', headers: {}, credentials: 'main', body: { a: 1 } })
  await http.send({ method: 'POST', path: '/b', headers: {}, credentials: 'main', body: { raw: 'x=1', contentType: 'text/plain' } })
  await expect(http.send({ method: 'GET', path: '/b', headers: {}, credentials: 'main' })).rejects.toBeInstanceOf(BudgetExhausted)
  expect(seen.length - before).toBe(2)
  expect(seen.at(-2)!.body).toBe('{"a":1}')
  expect(seen.at(-1)!.headers['content-type']).toBe('text/plain')
  expect(http.transcript.requests().map((r) => r.method)).toEqual(['POST', 'POST'])
})

test("a 429 with Retry-After is waited out and sent again; the transcript keeps the answer that counted", async () => {
  throttleOnce.add('/throttled')
  const http = new Http({ baseUrl: url, main: { token: 't', apiKey: 'k' }, rate: 50 })
  const r = await http.send({ method: 'GET', path: '/throttled', headers: {}, credentials: 'main' })
  expect(r.status).toBe(200)
  expect(seen.filter((s) => s.path === '/throttled').length).toBe(2)
  expect(http.transcript.entries.at(-1)!.retries).toBe(1)
  expect(http.count).toBe(1)
})

test('--max-requests through a run: it stops early, fails nothing, and says which rules the budget left not reached (never passed)', async () => {
  const s = inject('sandbox')
  const report = await runConformance({ baseUrl: s.baseUrl, token: s.token, apiKey: s.apiKey, runs: 20, seed: 3, maxRequests: 90 })
  expect(report.requests).toBeLessThanOrEqual(90)
  expect(report.failures).toBe(0)
  const budget = report.rules.filter((r) => r.status === 'not reached' && /budget/.test(r.why ?? ''))
  expect(budget.length).toBeGreaterThan(0)
})
