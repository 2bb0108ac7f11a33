// Every property runs 1,000 times in the default run (FC_NUM_RUNS overrides it, e.g. for a
// longer soak); a failure prints the seed and path to replay it.
import fc from 'fast-check'

const runs = Number(process.env['FC_NUM_RUNS'] ?? '1000')
fc.configureGlobal({ numRuns: Number.isSafeInteger(runs) && runs > 0 ? runs : 1000 })
