// Prints the mutation score per folder (src/rules, src/errors, src/model, src/geo) and overall
// from Stryker's JSON report (reports/mutation/mutation.json, written by `npm run mutation`).
// Score = detected / (detected + undetected), as Stryker counts it: killed and timed-out mutants
// are detected; survived and no-coverage ones are not; compile and runtime errors and ignored
// mutants are left out. Exits 1 when the overall score or a folder's is below --min (default 0).
import { readFileSync } from 'node:fs'

const args = process.argv.slice(2)
const file = args.find((a) => !a.startsWith('--')) ?? 'reports/mutation/mutation.json'
const minArg = args.find((a) => a.startsWith('--min='))
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
if (failed) {
  console.error(`a score is below ${min}%`)
  process.exit(1)
}
