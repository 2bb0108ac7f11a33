// A property's run count under FC_NUM_RUNS, for every package's tests. FC_NUM_RUNS defaults to 100
// (fast-check's own default: `npm test`); FC_NUM_RUNS=1000 is the deep run (`npm run test:deep`),
// where a property gets the count it asks for; a lighter run (the mutation run sets 50 or fewer)
// scales down further.

/** FC_NUM_RUNS when it is a positive safe integer, else 100 (fast-check's default). The library's test/setup.ts hands it to fc.configureGlobal. */
export const fcNumRuns = (env: NodeJS.ProcessEnv = process.env): number => {
  const runs = Number(env['FC_NUM_RUNS'] ?? '100')
  return Number.isSafeInteger(runs) && runs > 0 ? runs : 100
}

/** The count of the deep run: there a property runs exactly the `n` it asks for. */
export const DEEP_RUNS = 1000

/**
 * The runs of a property that asks for `n` in the deep run (FC_NUM_RUNS=1000 and up): `n` there;
 * in proportion to FC_NUM_RUNS below it (`n` × FC_NUM_RUNS / 1000, at least 10, at most `n`), so
 * in the default run (100) a tenth of `n`.
 */
export const runsOf = (n: number, env: NodeJS.ProcessEnv = process.env): number => {
  const base = fcNumRuns(env)
  return base >= DEEP_RUNS ? n : Math.max(10, Math.min(n, Math.round((n * base) / DEEP_RUNS)))
}
