// Never silent: a server that answers 429 to everything gets the kit's advice on standard error
// at once (what to change: --auth-failure-limit on the sandbox, --rate on the kit), and the run
// ends promptly with every rule not reached, never passed; progress lines come at each check's
// start and end and every few seconds while one runs.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { limitMs } from 'shipper-rules-testkit'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { main } from '../src/cli.js'
import { Http, runConformance, type Check } from '../src/index.js'

let server: Server
let url = ''
/** Retry-After the 429s carry, in seconds (per test). */
let retryAfter = '60'
let answered = 0

beforeAll(async () => {
  server = createServer((req, res) => {
    req.on('data', () => undefined)
    req.on('end', () => {
      answered += 1
      res.writeHead(429, { 'retry-after': retryAfter, 'content-type': 'application/problem+json' })
      res.end(JSON.stringify({ type: 'about:blank', title: 'Too Many Requests', status: 429, detail: 'slow down', reason: 'too_many_requests' }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())))

test('429 to everything (Retry-After 60): the advice within 5 s, the run ends promptly, every rule not reached, exit status 3', async () => {
  retryAfter = '60'
  const started = Date.now()
  const lines: Array<{ at: number; text: string }> = []
  const code = await main(['--base-url', url, '--token', 't', '--api-key', 'k'], {
    out: () => undefined,
    err: (s) => lines.push({ at: Date.now() - started, text: s }),
  })
  const elapsed = Date.now() - started
  const advice = lines.find((l) => l.text.includes('the server answers 429 Too Many Requests'))
  expect(advice, lines.map((l) => l.text).join('')).toBeDefined()
  expect(advice!.at).toBeLessThan(limitMs(5000))
  expect(advice!.text).toContain('--auth-failure-limit')
  expect(advice!.text).toContain('--rate')
  // a Retry-After longer than the kit's whole wait is not waited at all
  expect(elapsed).toBeLessThan(limitMs(20_000))
  const summary = lines.map((l) => l.text).join('').match(/(\d+) rules passed, (\d+) failed, (\d+) not reached, (\d+) not checked/)
  expect(summary, lines.map((l) => l.text).join('')).not.toBeNull()
  expect(Number(summary![1])).toBe(0)
  expect(Number(summary![3])).toBeGreaterThan(40)
  // nothing failed (the 429s are well-formed ProblemDetails), but nothing passed either: exit status 3, never a pass, and it says why
  expect(code).toBe(3)
  expect(lines.map((l) => l.text).join('')).toContain('no rule was checked')
})

test('429 with Retry-After 1 everywhere: the kit waits at most its total (max429WaitS), then stops; the advice once', async () => {
  retryAfter = '1'
  const lines: string[] = []
  const started = Date.now()
  const report = await runConformance({ baseUrl: url, token: 't', apiKey: 'k', max429WaitS: 2, log: (l) => lines.push(l) })
  expect(Date.now() - started).toBeLessThan(limitMs(20_000))
  expect(lines.filter((l) => l.includes('the server answers 429 Too Many Requests')).length).toBe(1)
  expect(report.rules.filter((r) => r.status === 'passed').map((r) => r.rule)).toEqual([])
  const stopped = report.rules.filter((r) => r.status === 'not reached' && /429/.test(r.why ?? ''))
  expect(stopped.length).toBeGreaterThan(40)
  expect(report.throttled).toBeGreaterThan(0)
})

test('a 429 on a request with a made-up credential is advised at once, naming the failed-authentication limit', async () => {
  retryAfter = '60'
  const warned: string[] = []
  const http = new Http({ baseUrl: url, main: { token: 't', apiKey: 'k' }, warn: (l) => warned.push(l) })
  await expect(http.send({ method: 'GET', path: '/v1/shipper/quote/x', headers: {}, credentials: { tokenOf: 'main', apiKey: 'made-up' } })).rejects.toThrow(/429/)
  expect(warned.length).toBe(1)
  expect(warned[0]).toMatch(/missing or invalid credential/)
  expect(warned[0]).toMatch(/--auth-failure-limit 1000000/)
})

test('progress: a line at the start, at each check start and end, and ticks while a check runs', async () => {
  const lines: string[] = []
  let sawTick: () => void = () => undefined
  const tick = new Promise<void>((resolve) => {
    sawTick = resolve
  })
  // a check that ends only once a progress tick was printed during it (a signal, not a time)
  const waits: Check = {
    name: 'waits for a tick',
    rules: ['QTE-01', 'QTE-03'],
    run: async (ctx) => {
      // a runner reports a failure as it finds it: the ticks count it before the check ends
      const failure = { rule: 'QTE-03', check: 'waits for a tick', expected: 'x', actual: 'y', requests: [] }
      ctx.onFailure?.(failure)
      await Promise.race([tick, new Promise((resolve) => setTimeout(resolve, limitMs(10_000)))])
      return { check: 'waits for a tick', rules: ['QTE-01', 'QTE-03'], failures: [failure], notChecked: [], requests: ctx.http.count }
    },
  }
  const report = await runConformance({
    baseUrl: url,
    token: 't',
    apiKey: 'k',
    checks: [waits],
    progressEveryMs: 100,
    log: (l) => {
      lines.push(l)
      if (l.includes('… waits for a tick:')) sawTick()
    },
  })
  expect(lines.some((l) => /^shipper-rules-conformance http:\/\/127\.0\.0\.1:\d+: 1 checks, 2 rules, 25 runs a property, seed \d+$/.test(l)), lines.join('\n')).toBe(true)
  expect(lines).toContain('- waits for a tick …')
  const ticks = lines.filter((l) => l.startsWith('  … waits for a tick: '))
  expect(ticks.length).toBeGreaterThan(0)
  expect(ticks[0]).toMatch(/0\/2 rules done, 0 requests, 1 failure\(s\) so far, \d+\.\d s$/)
  expect(lines.at(-1)).toMatch(/^- waits for a tick: 1 failure\(s\), 0 requests, \d+\.\d s; 2\/2 rules done, 0 requests, 1 failure\(s\) so far/)
  expect(report.rules.find((r) => r.rule === 'QTE-01')?.status).toBe('passed')
  expect(answered).toBeGreaterThan(0)
})

test('the exit status: 1 with a failure, 0 with a rule passed and none failed, 3 when every rule is not reached or not checked', async () => {
  const { exitStatus } = await import('../src/cli.js')
  const row = (status: 'passed' | 'failed' | 'not reached' | 'not checked') => ({ rule: 'QTE-01', status, checks: [], sentence: '', failures: [] })
  expect(exitStatus([row('passed'), row('not reached')], 0)).toBe(0)
  expect(exitStatus([row('failed'), row('passed')], 1)).toBe(1)
  expect(exitStatus([row('not reached'), row('not checked')], 0)).toBe(3)
  expect(exitStatus([], 0)).toBe(3)
})
