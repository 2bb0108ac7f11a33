// `npm run fuzz`: the fuzz suite of test/robustness/fuzz.test.ts with 1,000,000 inputs in all
// (FUZZ_TOTAL, spread evenly over the function exports) instead of CI's 10,000 per export, printing
// the inputs and time per export (FUZZ_REPORT) and the whole run's time.
//   npm run fuzz                      1,000,000 inputs
//   FUZZ_TOTAL=5000000 npm run fuzz   more
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const totalInputs = process.env['FUZZ_TOTAL'] ?? '1000000'
const started = process.hrtime.bigint()
const r = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'test/robustness/fuzz.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_TOTAL: totalInputs, FUZZ_REPORT: '1' },
})
const seconds = Number(process.hrtime.bigint() - started) / 1e9
console.log(`fuzz: ${Number(totalInputs).toLocaleString('en-US')} inputs requested, ${seconds.toFixed(1)} s in all, exit ${r.status}`)
process.exit(r.status ?? 1)
