/** fast-check runs for a kit run in the tests: FC_NUM_RUNS when set (CI runs at 1000 and 100), else `n`. */
export const runsOf = (n: number): number => {
  const fromEnv = Number(process.env['FC_NUM_RUNS'])
  return Number.isSafeInteger(fromEnv) && fromEnv > 0 ? fromEnv : n
}
