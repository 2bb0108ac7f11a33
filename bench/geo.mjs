// Start-up cost of shipper-rules/geo (issue 14): importing the entry point must cost under 5 ms,
// the first lookup (which decodes the ZIP table) under 60 ms. Every figure comes from fresh
// processes, RUNS of each, and is the median:
//   - wall clock of `node -e "<import the entry point>"` minus that of a bare `node -e ''`;
//   - inside the process: the import alone (for the ES module after importing an empty module file,
//     so that the ES-module loader's own start-up, about 3 ms paid by any ES module, is not counted), the
//     first lookup (timeZoneForZip, which decodes the table) and a second one (nearestZip), each
//     timed with performance.now();
// for the ES-module build (dist/esm/geo/index.js) and the CommonJS bundle (dist/geo.cjs).
// Run after `npm run build`: node bench/geo.mjs [runs]
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'

const RUNS = Number(process.argv[2] ?? 15)
const esm = new URL('../dist/esm/geo/index.js', import.meta.url).href
const cjs = fileURLToPath(new URL('../dist/geo.cjs', import.meta.url))
const table = fileURLToPath(new URL('../dist/esm/geo/zipTable.json', import.meta.url))

// An empty ES module file: imported first, it pays the ES-module loader's start-up (about 3 ms,
// paid once by any program importing any ES module file), which is not the entry point's cost.
const scratch = mkdtempSync(join(tmpdir(), 'geo-bench-'))
const empty = join(scratch, 'empty.mjs')
writeFileSync(empty, 'export default 0\n')

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}
const wall = (args) => {
  const t = process.hrtime.bigint()
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(r.stderr)
  return Number(process.hrtime.bigint() - t) / 1e6
}

// In-process timings, printed as JSON by the child.
const probe = {
  esm: `await import(${JSON.stringify(new URL(`file://${empty}`).href)}); const t0 = performance.now(); const g = await import(${JSON.stringify(esm)}); const t1 = performance.now();
g.timeZoneForZip('60432'); const t2 = performance.now(); g.nearestZip({ latitude: 41.5, longitude: -88 }); const t3 = performance.now();
console.log(JSON.stringify({ importMs: t1 - t0, firstLookupMs: t2 - t1, secondLookupMs: t3 - t2 }))`,
  cjs: `const t0 = performance.now(); const g = require(${JSON.stringify(cjs)}); const t1 = performance.now();
g.timeZoneForZip('60432'); const t2 = performance.now(); g.nearestZip({ latitude: 41.5, longitude: -88 }); const t3 = performance.now();
console.log(JSON.stringify({ importMs: t1 - t0, firstLookupMs: t2 - t1, secondLookupMs: t3 - t2 }))`,
}
const inProcess = (kind) => {
  const rows = []
  for (let i = 0; i < RUNS; i++) {
    const args = kind === 'esm' ? ['--input-type=module', '-e', probe.esm] : ['-e', probe.cjs]
    rows.push(JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })))
  }
  return Object.fromEntries(['importMs', 'firstLookupMs', 'secondLookupMs'].map((k) => [k, median(rows.map((r) => r[k]))]))
}

const bare = [], withEsm = [], withCjs = []
for (let i = 0; i < RUNS; i++) {
  bare.push(wall(['-e', '']))
  withEsm.push(wall(['--input-type=module', '-e', `await import(${JSON.stringify(esm)})`]))
  withCjs.push(wall(['-e', `require(${JSON.stringify(cjs)})`]))
}
const f = (x) => x.toFixed(2)
const result = {
  runs: RUNS,
  node: process.version,
  bareNodeMs: f(median(bare)),
  esm: { wallMs: f(median(withEsm)), overBareMs: f(median(withEsm) - median(bare)), ...Object.fromEntries(Object.entries(inProcess('esm')).map(([k, v]) => [k, f(v)])) },
  cjs: { wallMs: f(median(withCjs)), overBareMs: f(median(withCjs) - median(bare)), ...Object.fromEntries(Object.entries(inProcess('cjs')).map(([k, v]) => [k, f(v)])) },
  tableBytes: readFileSync(table).length,
  tableGzipBytes: gzipSync(readFileSync(table)).length,
}
rmSync(scratch, { recursive: true, force: true })
console.log(JSON.stringify(result, null, 2))
