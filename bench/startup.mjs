// Start-up cost: what importing the package adds to a fresh Node process, measured with a
// whole-process timer (spawn to exit) over several runs against a bare `node -e ''`, as ES module
// and as CommonJS, for the root and the two other entry points. The package is imported by name,
// through its "exports", exactly as a consumer does (the repository links itself in
// node_modules/shipper-rules). Reported: the median over the runs, in ms, minus the bare median.
//
//   node bench/startup.mjs [--runs 15] [--json FILE]
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback
}
const RUNS = Number(option('runs', '15'))
const root = fileURLToPath(new URL('..', import.meta.url))

const spawnMs = (argv) => {
  const t = process.hrtime.bigint()
  const r = spawnSync(process.execPath, argv, { cwd: root, encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`startup: ${argv.join(' ')} failed:\n${r.stderr}`)
  return Number(process.hrtime.bigint() - t) / 1e6
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

const cases = [
  ['bare node -e \'\'', ['-e', '']],
  ['ESM  import \'shipper-rules\'', ['--input-type=module', '-e', "import 'shipper-rules'"]],
  ['CJS  require(\'shipper-rules\')', ['-e', "require('shipper-rules')"]],
  ['ESM  import \'shipper-rules/geo\'', ['--input-type=module', '-e', "import 'shipper-rules/geo'"]],
  ['CJS  require(\'shipper-rules/geo\')', ['-e', "require('shipper-rules/geo')"]],
  ['ESM  import \'shipper-rules/openapi\'', ['--input-type=module', '-e', "import 'shipper-rules/openapi'"]],
]
// Interleaved: every round runs every case once, so background load falls on all of them alike.
const samples = cases.map(() => [])
for (let r = 0; r < RUNS; r++) cases.forEach(([, argv], i) => samples[i].push(spawnMs(argv)))
const medians = samples.map(median)
const bare = medians[0]
console.log(`node ${process.version}; whole-process time, median of ${RUNS} interleaved runs; added = median - bare\n`)
console.log('| process | median ms | added ms |\n|---|---:|---:|')
const results = cases.map(([name], i) => ({ name, medianMs: +medians[i].toFixed(1), addedMs: +(medians[i] - bare).toFixed(1) }))
for (const r of results) console.log(`| ${r.name} | ${r.medianMs} | ${r.name.startsWith('bare') ? '' : r.addedMs} |`)
const root30 = results.slice(1, 3).every((r) => r.addedMs <= 30)
console.log(`\nroot import adds at most 30 ms as ESM and as CJS: ${root30 ? 'yes' : 'NO'}`)
const out = option('json', undefined)
if (out !== undefined) writeFileSync(out, JSON.stringify({ node: process.version, runs: RUNS, results }, null, 2) + '\n')
