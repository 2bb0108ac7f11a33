// Timing shared by the benchmarks: ns per call over a time budget per round; the rounds of the
// compared calls are interleaved and the median is reported, so warm-up and background load fall
// on every side alike.

/** ns per call of `fn` over about `budgetMs` milliseconds. */
export const round = (fn, budgetMs = 100) => {
  const budget = BigInt(budgetMs) * 1_000_000n
  let n = 0
  const start = process.hrtime.bigint()
  let elapsed = 0n
  while (elapsed < budget) {
    for (let i = 0; i < 200; i++) fn()
    n += 200
    elapsed = process.hrtime.bigint() - start
  }
  return Number(elapsed) / n
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

/** Medians (ns per call) of `rounds` interleaved rounds of each function, after a warm-up. */
export const compareAll = (fns, { rounds = 5, warmup = 5_000, budgetMs = 150 } = {}) => {
  for (const f of fns) for (let i = 0; i < warmup; i++) f()
  const times = fns.map(() => [])
  for (let r = 0; r < rounds; r++) fns.forEach((f, i) => times[i].push(round(f, budgetMs)))
  return times.map(median)
}
