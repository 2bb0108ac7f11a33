import { availableParallelism, loadavg } from 'node:os'
import { defineConfig } from 'vitest/config'

// The client's suite: unit tests and properties run on a virtual clock (no real waits); the
// end-to-end files share one sandbox for the run, started by test/support/globalSetup.ts. Limits scale to the
// machine's load as the sandbox suite's do: they bound waits, never timings.
const fromEnv = Number(process.env['CLIENT_TEST_LIMIT_FACTOR'])
const factor = Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : Math.min(10, Math.max(1, loadavg()[0]! / availableParallelism()))
const limitMs = Math.round(60_000 * factor)

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['test/support/globalSetup.ts'],
    testTimeout: limitMs,
    hookTimeout: limitMs,
    reporters: ['default'],
  },
})
