/**
 * fast-check runs for a kit run in the tests, as the library's test/support/runs.ts counts them:
 * `n` in the default run (FC_NUM_RUNS unset or 1,000 and up: the count a test asks for is already
 * what a run against a live server can afford, each run being a dozen requests); in proportion (at
 * least 10, at most `n`) when FC_NUM_RUNS is lower. Before, FC_NUM_RUNS was the count itself, so
 * CI's passes ran 100 runs of every kit check against the sandbox where a developer's `npm test` ran
 * 10: about 200 s a pass of CI's 60 minutes, for sequences the fixed seeds already draw.
 */
export const runsOf = (n: number): number => {
  const base = Number(process.env['FC_NUM_RUNS'] ?? '1000')
  return !(base < 1000) ? n : Math.max(10, Math.min(n, Math.round((n * base) / 1000)))
}
