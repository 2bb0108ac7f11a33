// Every property runs FC_NUM_RUNS times: 100 by default (fast-check's own default, `npm test`),
// 1,000 in the deep run (FC_NUM_RUNS=1000, `npm run test:deep`), more for a longer soak; a property
// that asks for its own count takes runsOf(n) from shipper-rules-testkit, scaled the same way. A
// failure prints the seed and path to replay it.
//
// Every value fast-check hands a property is deep-frozen first (issue 13, item 5: the rules never
// mutate their arguments): a rule that wrote to an argument would throw in strict mode and fail
// the property where it wrote. A property that needs to change a generated value works on a copy.
import fc from 'fast-check'
import { fcNumRuns } from 'shipper-rules-testkit'
import { deepFreeze } from './arbitraries/freeze.js'

// No property may run, shrinking included, for more than FC_TIME_LIMIT_MS (default 3 minutes; the
// slowest takes under 30 s): past it the property stops and fails with its seed and what it found
// so far. A failure whose every shrinking step is slow would otherwise shrink for hours, and a
// synchronous property cannot be stopped by vitest's own test timeout.
const limit = Number(process.env['FC_TIME_LIMIT_MS'] ?? '180000')
fc.configureGlobal({
  numRuns: fcNumRuns(),
  interruptAfterTimeLimit: Number.isSafeInteger(limit) && limit > 0 ? limit : 180_000,
  markInterruptAsFailure: true,
})

// Once per fast-check instance: the property files share one module graph per worker
// (vitest.config.ts, isolate: false), and this file runs before each of them.
const installed: WeakSet<object> = ((globalThis as { __shipperRulesFreezePlugin?: WeakSet<object> }).__shipperRulesFreezePlugin ??= new WeakSet())
if (!installed.has(fc)) {
  installed.add(fc)
  fc.installGlobalPlugin(() => ({
    decorateRun: (run) => (value) => run(deepFreeze(value)),
  }))
}
