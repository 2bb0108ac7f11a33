// transitDays cost against the span: a one-day span and a ten-year span, with and without a
// holiday calendar. Counting is arithmetic (whole weeks plus a remainder, holidays by closed form
// and binary search), so the two should cost the same; luxon's zone conversion of the two
// instants dominates. Not a timed test: run it with `npm run bench`.
import { DateTime } from 'luxon'
import { addBusinessDays, transitDays } from '../dist/esm/index.js'
import { compareAll } from './timing.mjs'

const pickup = DateTime.fromISO('2026-11-20T15:00:00Z')
const spans = { '1 day': pickup.plus({ days: 1 }), '10 years': pickup.plus({ years: 10 }) }

const compare = (fa, fb) => compareAll([fa, fb], { rounds: 7, warmup: 20_000, budgetMs: 100 })

console.log(`node ${process.version}; ns per call, median of 7 interleaved rounds (lower is better)\n`)
console.log(`${'call'.padEnd(44)} ${'short'.padStart(8)} ${'10 years'.padStart(9)} ${'ratio'.padStart(6)}`)
const row = (name, [a, b]) => console.log(`${name.padEnd(44)} ${a.toFixed(0).padStart(8)} ${b.toFixed(0).padStart(9)} ${(b / a).toFixed(2).padStart(6)}`)
for (const holidays of ['none', 'carrier', 'us-federal']) {
  row(`transitDays 1 day vs 10 years, ${holidays}`, compare(() => transitDays(pickup, spans['1 day'], { holidays }), () => transitDays(pickup, spans['10 years'], { holidays })))
}
for (const holidays of ['none', 'us-federal']) {
  row(`addBusinessDays 1 vs 2609, ${holidays}`, compare(() => addBusinessDays(pickup, 1, { holidays }), () => addBusinessDays(pickup, 2609, { holidays })))
}
