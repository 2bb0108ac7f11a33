// A property's own run count under FC_NUM_RUNS. The default run (1,000 runs a property) keeps the
// count a property asks for; a lighter run (the mutation run sets FC_NUM_RUNS=50 or fewer) scales
// it down in proportion, to no fewer than 10 runs, so a property that asks for many runs does not
// make every mutant it covers cost seconds. test/setup.ts applies FC_NUM_RUNS to the rest.

/** `n` runs in the default run; in proportion (at least 10, at most `n`) when FC_NUM_RUNS is lower. */
export const runsOf = (n: number): number => {
  const base = Number(process.env['FC_NUM_RUNS'] ?? '1000')
  return !(base < 1000) ? n : Math.max(10, Math.min(n, Math.round((n * base) / 1000)))
}
