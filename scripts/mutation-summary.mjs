// Prints the mutation score per folder (src/rules, src/errors, src/model, src/geo) and overall
// from Stryker's JSON report (reports/mutation/mutation.json, written by `npm run mutation`).
// Score = detected / (detected + undetected), as Stryker counts it: killed and timed-out mutants
// are detected; survived and no-coverage ones are not; compile and runtime errors and ignored
// mutants are left out. Exits 1 when the overall score or a folder's is below --min (default 0).
// --survivors also lists every surviving and uncovered mutant as file:line:column, mutator, the
// original text and its replacement (docs/mutation.md sorts them into equivalent and not).
//
// The report holds every folder even after runs of one folder at a time: in incremental mode
// Stryker carries the results of files outside --mutate over from reports/stryker-incremental.json
// into the new report, so `--mutate 'src/errors/**/*.ts'` then `--mutate 'src/model/**/*.ts'`
// ends with both folders in reports/mutation/mutation.json.
//
// `node scripts/mutation-summary.mjs --run [stryker options]` (what `npm run mutation` runs) first
// runs Stryker with the given options, e.g. `npm run mutation -- --mutate 'src/errors/**/*.ts'
// --concurrency 1`, and prints the table when it succeeds: npm appends the arguments after `--`
// to the end of the script, so they must reach Stryker through this script.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const argv = process.argv.slice(2)
let args = argv
if (argv[0] === '--run') {
  const bin = fileURLToPath(new URL('../node_modules/@stryker-mutator/core/bin/stryker.js', import.meta.url))
  const started = Date.now()
  const run = spawnSync(process.execPath, [bin, 'run', 'stryker.config.mjs', ...argv.slice(1)], { stdio: 'inherit' })
  if (run.status !== 0) process.exit(run.status ?? 1)
  console.log(`stryker took ${Math.round((Date.now() - started) / 1000)} s`)
  args = []
}
const file = args.find((a) => !a.startsWith('--')) ?? 'reports/mutation/mutation.json'
const minArg = args.find((a) => a.startsWith('--min='))
const listSurvivors = args.includes('--survivors')
const min = minArg === undefined ? 0 : Number(minArg.slice('--min='.length))

const report = JSON.parse(readFileSync(file, 'utf8'))
const DETECTED = new Set(['Killed', 'Timeout'])
const UNDETECTED = new Set(['Survived', 'NoCoverage'])

/** @type {Map<string, { killed: number, timeout: number, survived: number, noCoverage: number, other: number }>} */
const folders = new Map()
const add = (key, status) => {
  const f = folders.get(key) ?? { killed: 0, timeout: 0, survived: 0, noCoverage: 0, other: 0 }
  if (status === 'Killed') f.killed++
  else if (status === 'Timeout') f.timeout++
  else if (status === 'Survived') f.survived++
  else if (status === 'NoCoverage') f.noCoverage++
  else f.other++
  folders.set(key, f)
}
for (const [path, { mutants }] of Object.entries(report.files)) {
  const folder = path.replace(/\\/g, '/').split('/').slice(0, 2).join('/')
  for (const m of mutants) {
    add(folder, m.status)
    add('all', m.status)
  }
}
const score = (f) => {
  const detected = f.killed + f.timeout
  const total = detected + f.survived + f.noCoverage
  return total === 0 ? 100 : (100 * detected) / total
}
const rows = [...folders.entries()].sort(([a], [b]) => (a === 'all' ? 1 : b === 'all' ? -1 : a.localeCompare(b)))
const pad = (s, n) => String(s).padEnd(n)
console.log(`${pad('folder', 12)} ${pad('score', 8)} ${pad('killed', 7)} ${pad('timeout', 8)} ${pad('survived', 9)} ${pad('no cov.', 8)} errors/ignored`)
let failed = false
for (const [name, f] of rows) {
  const s = score(f)
  if (s < min) failed = true
  console.log(`${pad(name, 12)} ${pad(s.toFixed(2) + '%', 8)} ${pad(f.killed, 7)} ${pad(f.timeout, 8)} ${pad(f.survived, 9)} ${pad(f.noCoverage, 8)} ${f.other}`)
}
if (listSurvivors) {
  for (const [path, { source, mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    const lines = source.split('\n')
    const open = mutants
      .filter((m) => UNDETECTED.has(m.status))
      .sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column)
    for (const m of open) {
      const { start, end } = m.location
      const text =
        start.line === end.line
          ? lines[start.line - 1].slice(start.column - 1, end.column - 1)
          : `${lines[start.line - 1].slice(start.column - 1)}…`
      const cut = (x) => (x.length > 80 ? `${x.slice(0, 79)}…` : x).replace(/\s+/g, ' ')
      const tag = m.status === 'NoCoverage' ? ' (no coverage)' : ''
      console.log(`${path}:${start.line}:${start.column} ${m.mutatorName}${tag}: ${cut(text)} => ${cut(String(m.replacement ?? ''))}`)
    }
  }
}
if (failed) {
  console.error(`a score is below ${min}%`)
  process.exit(1)
}
