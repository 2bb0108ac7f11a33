// Verdicts that mean what they say: a rule is passed only when its own cases ran to their end and
// held; a counterexample of one rule does not end the others' cases (the next round leaves the
// failed rule out) or leaves them not reached, never passed; the reports say "not reached" (JUnit:
// skipped with why); a failing case carrying a 10 MiB body never crashes a report, whose script
// still regenerates it. And the judge's field-by-field diff.
import { execFile } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { defaultConfig } from 'shipper-rules'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MAX_ROUNDS, result, RuleBroken, runRuleProperty, runSteps } from '../src/checks/support.js'
import { Http, judge, judgeProblem, renderDiffs, ruleRows, summaryOf, toJson, toJunit, toMarkdown, type CheckResult, type KitContext, type Report, type SentRequest } from '../src/index.js'

let server: Server
let url = ''
/** sha256 and length of each body the server received, by path. */
const bodies = new Map<string, { sha: string; length: number }>()

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const b = Buffer.concat(chunks)
      bodies.set(req.url ?? '', { sha: createHash('sha256').update(b).digest('hex'), length: b.length })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ path: req.url }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())))

const ctxOf = (runs = 20, seed = 7): KitContext => ({
  http: new Http({ baseUrl: url, main: { token: 't', apiKey: 'k' } }),
  controls: 'none',
  hasOtherCompany: false,
  runs,
  seed,
  marker: 'CONFORMANCE-TEST',
  config: defaultConfig,
  declaration: { source: 'default', note: 'tests' },
})

describe('the judge', () => {
  test('a field-by-field diff: values, missing and unexpected members, types, order-free arrays where asked', () => {
    expect(judge({ a: 1, b: { c: 'x' } }, { a: 1, b: { c: 'x' } })).toEqual([])
    expect(judge({ a: 1, b: { c: 'x' }, d: 2 }, { a: 2, b: { c: 3 }, e: true })).toEqual([
      { path: '$.a', kind: 'value', expected: 1, actual: 2 },
      { path: '$.b.c', kind: 'type', expected: 'x', actual: 3 },
      { path: '$.d', kind: 'missing', expected: 2 },
      { path: '$.e', kind: 'unexpected', actual: true },
    ])
    expect(judge({ a: 1 }, { a: 1, extra: 0 }, { partial: true })).toEqual([])
    expect(judge([1, 2], [2, 1])).toHaveLength(2)
    expect(judge({ v: [1, 2, 2] }, { v: [2, 1, 3] }, { unordered: ['$.v'] })).toEqual([
      { path: '$.v[]', kind: 'missing', expected: 2 },
      { path: '$.v[2]', kind: 'unexpected', actual: 3 },
    ])
    expect(judge({ 'odd key': 1 }, {})).toEqual([{ path: '$["odd key"]', kind: 'missing', expected: 1 }])
  })

  test('judgeProblem: status, reason, and the {field, code} violations order-free; renderDiffs says where', () => {
    const predicted = { status: 400, reason: 'validation_failed', violations: [{ field: 'a.zipCode', code: 'pattern' }, { field: 'b', code: 'required' }] }
    const body = { reason: 'validation_failed', violations: [{ field: 'b', code: 'required', reason: 'x', entity: null }, { field: 'a.zipCode', code: 'pattern', reason: 'y', entity: 'a' }] }
    expect(judgeProblem(predicted, 400, body)).toEqual([])
    const off = judgeProblem(predicted, 422, { reason: 'pallet_invalid', violations: [{ field: 'b', code: 'required' }] })
    expect(renderDiffs(off)).toBe(
      ['at $.status: expected 400, actual 422', 'at $.reason: expected "validation_failed", actual "pallet_invalid"', 'at $.violations[]: expected {"field":"a.zipCode","code":"pattern"}, actual absent'].join('\n'),
    )
    expect(renderDiffs(judge(Array.from({ length: 12 }, (_, i) => i), []), 3).split('\n')).toEqual([
      'at $[0]: expected 0, actual absent',
      'at $[1]: expected 1, actual absent',
      'at $[2]: expected 2, actual absent',
      '… and 9 more difference(s)',
    ])
  })
})

describe('rule by rule', () => {
  type Case = { readonly rule: 'R-1' | 'R-2' | 'R-3'; readonly n: number }
  const arb = fc.record({ rule: fc.constantFrom<Case['rule']>('R-1', 'R-2', 'R-3'), n: fc.integer({ min: 0, max: 100 }) })
  /** R-1 departs for n over 50, R-3 always, R-2 never: each case sends one request. */
  const send = (ctx: KitContext) => async (c: Case, sent: SentRequest[]) => {
    const req: SentRequest = { method: 'POST', path: `/case/${c.rule}`, headers: {}, credentials: 'main', body: c }
    sent.push(req)
    await ctx.http.send(req)
    return (c.rule === 'R-1' && c.n > 50) || c.rule === 'R-3' ? { rule: c.rule, expected: 'held', actual: `n ${c.n}` } : null
  }

  test("a counterexample of one rule does not end the others': R-1 and R-3 fail, R-2 ran its cases and passed", async () => {
    const ctx = ctxOf()
    const r = await runRuleProperty(ctx, { name: 'p', rules: ['R-1', 'R-2', 'R-3'], arb, rulesOf: (c) => [c.rule], send: send(ctx) })
    expect(r.failures.map((f) => f.rule).sort()).toEqual(['R-1', 'R-3'])
    expect(r.notReached).toEqual([])
    expect(r.held?.['R-2']).toBeGreaterThan(0)
    // the shrunk counterexample of R-1 is its smallest: n 51
    expect(r.failures.find((f) => f.rule === 'R-1')!.actual).toBe('n 51')
    const rows = ruleRows([r], ctx.http.transcript.entries, ['R-1', 'R-2', 'R-3'])
    expect(rows.map((x) => `${x.rule} ${x.status}`)).toEqual(['R-1 failed', 'R-2 passed', 'R-3 failed'])
  })

  test('more failing rules than rounds: the rounds are bounded and the rules neither failed nor finished are not reached', async () => {
    const ctx = ctxOf(10)
    const rules = Array.from({ length: MAX_ROUNDS + 3 }, (_, i) => `X-${i}`)
    const r = await runRuleProperty(ctx, {
      name: 'all wrong',
      rules,
      arb: fc.constantFrom(...rules),
      rulesOf: (rule) => [rule],
      send: async (rule, sent) => {
        const req: SentRequest = { method: 'GET', path: `/x/${rule}`, headers: {}, credentials: 'main' }
        sent.push(req)
        await ctx.http.send(req)
        return { rule, expected: 'held', actual: 'departed' }
      },
    })
    expect(r.failures).toHaveLength(MAX_ROUNDS)
    expect(r.notReached?.map((n) => n.rule).sort()).toEqual(rules.filter((x) => !r.failures.some((f) => f.rule === x)).sort())
    expect(r.notReached?.[0]?.why).toMatch(/stopped after 8 counterexamples/)
    const rows = ruleRows([r], [], rules)
    expect(summaryOf(rows)).toBe(`0 passed, ${MAX_ROUNDS} failed, 3 not reached, 0 not checked`)
  })

  test('a rule with no case of its own that came up is not reached, not passed', async () => {
    const ctx = ctxOf(5)
    const r = await runRuleProperty(ctx, { name: 'p', rules: ['R-2', 'R-9'], arb: fc.constant<Case>({ rule: 'R-2', n: 1 }), rulesOf: (c) => [c.rule], send: send(ctx) })
    const rows = ruleRows([r], [], ['R-2', 'R-9'])
    expect(rows.map((x) => `${x.rule} ${x.status}`)).toEqual(['R-2 passed', 'R-9 not reached'])
    expect(rows[1]!.why).toMatch(/none of this rule's cases came up/)
  })

  test('the budget running out mid-property: every rule not failed is not reached, with why', async () => {
    const ctx = { ...ctxOf(50), http: new Http({ baseUrl: url, main: { token: 't', apiKey: 'k' }, maxRequests: 4 }) }
    const r = await runRuleProperty(ctx, { name: 'p', rules: ['R-2'], arb: fc.constant<Case>({ rule: 'R-2', n: 1 }), rulesOf: (c) => [c.rule], send: send(ctx) })
    expect(r.notReached).toEqual([{ rule: 'R-2', why: 'the request budget (--max-requests) ran out during the check' }])
    expect(ruleRows([r], [], ['R-2'])[0]!.status).toBe('not reached')
  })

  test("a check that does not count cases: a failure of one rule leaves its other rules not reached (the property stopped there)", () => {
    const ctx = ctxOf()
    const r = result(ctx, { name: 'stateful', rules: ['A-1', 'A-2', 'A-3'], notChecked: [{ rule: 'A-3', why: 'needs controls' }] }, 0, [{ rule: 'A-1', check: 'stateful', expected: 'x', actual: 'y', requests: [] }], false)
    expect(r.notReached).toEqual([{ rule: 'A-2', why: "the check stopped at a counterexample of A-1 before this rule's cases ran to their end" }])
    const rows = ruleRows([r], [], ['A-1', 'A-2', 'A-3'])
    expect(rows.map((x) => `${x.rule} ${x.status}`)).toEqual(['A-1 failed', 'A-2 not reached', 'A-3 not checked'])
  })

  test('a step runner (model and coverage runs) goes on after a counterexample: the next rounds cut short the runs that meet it again', async () => {
    // each run sends one request per rule it touches; A departs for n over 80 (a run in five), B never
    const ctx = ctxOf(20)
    const step = (departsAlways: boolean) => async (c: { n: number; touchesB: boolean }) => {
      await ctx.http.send({ method: 'GET', path: `/step/${c.n}`, headers: {}, credentials: 'main' })
      if (departsAlways || c.n > 80) throw new RuleBroken('A-1', 'n at most 80', `n ${c.n}`)
      if (c.touchesB) await ctx.http.send({ method: 'GET', path: '/step/b', headers: {}, credentials: 'main' })
    }
    const arbs: [fc.Arbitrary<{ n: number; touchesB: boolean }>] = [fc.record({ n: fc.integer({ min: 0, max: 100 }), touchesB: fc.boolean() })]
    const some = await runSteps<[{ n: number; touchesB: boolean }]>(ctx, { name: 's', rules: ['A-1', 'B-1'] }, { arbs, step: step(false), runs: 20 })
    expect(some.failures.map((f) => `${f.rule} ${f.actual}`)).toEqual(['A-1 n 81'])
    expect(some.notReached).toEqual([])
    expect(ruleRows([some], [], ['A-1', 'B-1']).map((x) => `${x.rule} ${x.status}`)).toEqual(['A-1 failed', 'B-1 passed'])
    // A departs in every run: every later run is cut short at once, so B's cases never run to their end
    const all = await runSteps<[{ n: number; touchesB: boolean }]>(ctx, { name: 's', rules: ['A-1', 'B-1'] }, { arbs, step: step(true), runs: 20 })
    expect(all.failures.map((f) => f.rule)).toEqual(['A-1'])
    expect(all.notReached).toEqual([{ rule: 'B-1', why: 'after the counterexample of A-1, 20 of 20 runs were cut short by it, so this rule\'s cases did not run to their end' }])
  })

  test('a rule one check passed and another did not reach is not reached: all its cases must have run', () => {
    const a: CheckResult = { check: 'a', rules: ['R-1'], failures: [], notChecked: [], requests: 1 }
    const b: CheckResult = { check: 'b', rules: [], failures: [], notChecked: [], notReached: [{ rule: 'R-1', why: 'crashed' }], requests: 1 }
    const [row] = ruleRows([a, b], [], ['R-1'])
    expect(row).toMatchObject({ status: 'not reached', checks: ['a', 'b'], why: 'b: crashed' })
  })
})

const reportOf = (checks: CheckResult[], only: string[]): Report => ({
  baseUrl: url,
  seed: 1,
  runs: 1,
  marker: 'CONFORMANCE-TEST',
  startedAt: '2026-11-28T00:00:00.000Z',
  durationMs: 1000,
  requests: 3,
  checks,
  rules: ruleRows(checks, [], only),
  failures: checks.reduce((n, c) => n + c.failures.length, 0),
})

test('the reports say not reached: a Markdown row with why, JSON, JUnit skipped with the reason; the summary counts it', () => {
  const c: CheckResult = { check: 'c', rules: ['QTE-01'], failures: [], notChecked: [{ rule: 'QTE-02', why: 'needs controls' }], notReached: [{ rule: 'ADDR-04', why: 'stopped at QTE-01' }], requests: 1 }
  const r = reportOf([c], ['QTE-01', 'QTE-02', 'ADDR-04'])
  const md = toMarkdown(r)
  expect(md).toContain('1 passed, 0 failed, 1 not reached, 1 not checked;')
  expect(md).toMatch(/^\| ADDR-04 \| not reached \| c \| .* — not reached: c: stopped at QTE-01 \|$/m)
  expect(JSON.parse(toJson(r)).rules.find((x: { rule: string }) => x.rule === 'ADDR-04').status).toBe('not reached')
  const xml = toJunit(r)
  expect(xml).toContain('skipped="2"')
  expect(xml).toContain('<skipped message="not reached: c: stopped at QTE-01"/>')
  expect(xml).toContain('<skipped message="not checked: c: needs controls"/>')
})

const runScript = (script: string): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    const child = execFile('bash', ['-s'], { env: { ...process.env, BASE_URL: url, TOKEN: 't', API_KEY: 'k' }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
    )
    child.stdin!.end(script)
  })

test('a failing case carrying a 10 MiB body: md, json and junit are written (no RangeError), each under 1 MiB, and the script regenerates the body', async () => {
  const MiB10 = 10 * 1024 * 1024
  const padded = new Uint8Array(MiB10).fill(0x20)
  padded.set(new TextEncoder().encode('%PDF-1.4\n'), 0)
  const noise = new Uint8Array(randomBytes(MiB10))
  const requests: SentRequest[] = [
    { method: 'POST', path: '/big/json', headers: {}, credentials: 'main', body: { text: 'x'.repeat(MiB10) } },
    { method: 'POST', path: '/big/raw', headers: {}, credentials: 'main', body: { raw: padded, contentType: 'application/pdf' } },
    { method: 'POST', path: '/big/noise', headers: {}, credentials: 'main', body: { raw: noise, contentType: 'application/octet-stream' } },
  ]
  const failure = { rule: 'DOC-03', check: 'big', expected: 'e'.repeat(MiB10), actual: `a ${MiB10}-byte answer: ${'a'.repeat(MiB10)}`, requests }
  const r = reportOf([{ check: 'big', rules: ['DOC-03'], failures: [failure], notChecked: [], requests: 3 }], ['DOC-03'])
  for (const text of [toMarkdown(r), toJson(r), toJunit(r)]) {
    expect(text.length).toBeLessThan(1024 * 1024)
    expect(text).toContain('not embedded')
  }
  const script = r.rules[0]!.failures[0]!.curl
  expect(script).toContain('gunzip')
  expect(script).toMatch(/only its first 49152 bytes are embedded/)
  const run = await runScript(script)
  expect(run.code, run.stderr).toBe(0)
  const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex')
  // the compressible bodies arrive byte for byte; the noise is cut to its first 48 KiB (64 KiB of base64), as the script says
  expect(bodies.get('/big/json')).toEqual({ sha: sha(Buffer.from(JSON.stringify({ text: 'x'.repeat(MiB10) }))), length: MiB10 + 11 })
  expect(bodies.get('/big/raw')).toEqual({ sha: sha(padded), length: MiB10 })
  expect(bodies.get('/big/noise')).toEqual({ sha: sha(noise.subarray(0, 49152)), length: 49152 })
}, 60_000)
