// A property's run count under FC_NUM_RUNS, as the library's test/support/runs.ts: the default run
// (1,000) keeps the count asked for; a lighter run scales it down in proportion, to at least 10.
export const runsOf = (n: number): number => {
  const base = Number(process.env['FC_NUM_RUNS'] ?? '1000')
  return !(base < 1000) ? n : Math.max(10, Math.min(n, Math.round((n * base) / 1000)))
}
