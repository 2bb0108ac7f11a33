// The kit against the sandbox (a fresh one for the run, test/support/globalSetup.ts): every check
// runs, none fails, every HTTP-observable rule is checked or says why not, and the time is printed.
import { runsOf } from 'shipper-rules-testkit'
import { inject, expect, test } from 'vitest'
import { CHOICES, HTTP_RULES, STATELESS_CHECKS, loadStatefulChecks, runConformance } from '../src/index.js'

test('the kit passes against the sandbox with 0 failures, every check ran', async () => {
  const s = inject('sandbox')
  // the kit's default: 25 runs a property (src/cli.ts)
  const runs = runsOf(25)
  const report = await runConformance({
    baseUrl: s.baseUrl,
    token: s.token,
    apiKey: s.apiKey,
    other: { token: s.otherToken, apiKey: s.otherApiKey },
    controls: 'sandbox',
    runs,
    seed: 20261126,
  })
  console.log(`kit against the sandbox: ${report.requests} requests, ${(report.durationMs / 1000).toFixed(1)} s at ${runs} runs a property`)
  const failures = report.rules.flatMap((r) => r.failures.map((f) => `${f.rule} ${f.check}: expected ${f.expected}; actual ${f.actual}`))
  expect(failures).toEqual([])
  const stateful = await loadStatefulChecks()
  const names = [...STATELESS_CHECKS, ...stateful].map((c) => c.name)
  // every check ran (none skipped for a missing requirement) and sent requests
  for (const name of names) {
    const r = report.checks.find((c) => c.check === name)
    expect(r, name).toBeDefined()
    expect(r!.requests, name).toBeGreaterThan(0)
  }
  expect(report.checks.map((c) => c.check)).toContain('problem-detail')
  // every row is one of the HTTP-observable rules, and a rule not checked says why
  expect(report.rules.map((r) => r.rule).sort()).toEqual(Object.keys(HTTP_RULES).sort())
  for (const r of report.rules.filter((x) => x.status === 'not checked')) expect(r.why, r.rule).toMatch(/\S/)
  expect(report.rules.filter((r) => r.status === 'passed').map((r) => r.rule)).toEqual(expect.arrayContaining(['AUTH-01', 'AUTH-02', 'AUTH-03', 'AUTH-04', 'ERR-01', 'QTE-01', 'CRT-01', 'APT-16']))
})

test('the command: --report junit --out FILE writes the report, exit 0; a usage error exits 2', async () => {
  const { execFile } = await import('node:child_process')
  const { mkdtemp, readFile, rm } = await import('node:fs/promises')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const { fileURLToPath } = await import('node:url')
  const bin = fileURLToPath(new URL('../bin/shipper-rules-conformance.js', import.meta.url))
  const s = inject('sandbox')
  const dir = await mkdtemp(join(tmpdir(), 'conformance-cli-'))
  const out = join(dir, 'report.xml')
  const exit = (args: string[]): Promise<{ code: number; stderr: string }> =>
    new Promise((resolve) => {
      execFile(process.execPath, [bin, ...args], (error, _stdout, stderr) => resolve({ code: error === null ? 0 : Number(error.code), stderr }))
    })
  try {
    const ok = await exit(['--base-url', s.baseUrl, '--token', s.token, '--api-key', s.apiKey, '--only', 'AUTH-02', '--runs', '2', '--report', 'junit', '--out', out])
    expect(ok.code, ok.stderr).toBe(0)
    expect(ok.stderr).toMatch(/rules passed, 0 failed/)
    const xml = await readFile(out, 'utf8')
    // one testcase for the rule, one per declared choice (each skipped: --only left their rules out)
    expect(xml).toMatch(new RegExp(`^<\\?xml version="1.0" encoding="UTF-8"\\?>\\n<testsuites name="shipper-rules-conformance" tests="${1 + CHOICES.length}" failures="0"`))
    expect(xml).toContain(`<testsuite name="${s.baseUrl}" tests="1" failures="0"`)
    expect(xml).toContain('name="AUTH-02: bearer token missing')
    const bad = await exit(['--base-url', s.baseUrl, '--token', s.token])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--base-url, --token and --api-key are required')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
