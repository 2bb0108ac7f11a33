// The coverage checks against the workspace's sandbox (test/support/globalSetup.ts): with
// `--controls sandbox` every one of the 17 rules they cover is checked and passes; without controls
// the rules that need them are not checked and say why, and the others still pass.
import { runsOf } from 'shipper-rules-testkit'
import { expect, inject, test } from 'vitest'
import { COVERAGE_CHECKS } from '../../src/checks/coverage/index.js'
import { runConformance } from '../../src/index.js'

const COVERED = ['QTE-06', 'QTE-07', 'CNF-01', 'CNF-02', 'CNF-03', 'APT-07', 'APT-08', 'APT-09', 'APT-10', 'APT-11', 'APT-12', 'DOC-02', 'DOC-03', 'TRK-06', 'INV-02', 'INV-03', 'INV-04']
const NEED_CONTROLS = ['APT-07', 'APT-08', 'APT-09', 'APT-10', 'APT-11', 'APT-12', 'TRK-06', 'INV-02', 'INV-03', 'INV-04']

const run = (controls: 'sandbox' | 'none') => {
  const s = inject('sandbox')
  return runConformance({ baseUrl: s.baseUrl, token: s.token, apiKey: s.apiKey, controls, runs: Math.min(runsOf(10), 60), seed: 20261127, checks: COVERAGE_CHECKS, only: COVERED })
}

test('with --controls sandbox: each of the 17 rules is checked and passes', async () => {
  const report = await run('sandbox')
  const failures = report.rules.flatMap((r) => r.failures.map((f) => `${f.rule} ${f.check}: expected ${f.expected}; actual ${f.actual}`))
  expect(failures).toEqual([])
  expect(report.rules.map((r) => r.rule).sort()).toEqual([...COVERED].sort())
  for (const r of report.rules) expect(`${r.rule} ${r.status}`).toBe(`${r.rule} passed`)
  for (const c of report.checks) expect(c.requests, c.check).toBeGreaterThan(0)
})

test('without controls: the rules needing the sandbox are not checked, with why; the others pass', async () => {
  const report = await run('none')
  expect(report.failures).toBe(0)
  for (const r of report.rules) {
    if (NEED_CONTROLS.includes(r.rule)) {
      expect(r.status, r.rule).toBe('not checked')
      expect(r.why, r.rule).toMatch(/--controls sandbox/)
    } else {
      expect(r.status, r.rule).toBe('passed')
    }
  }
})
