import { availableParallelism, loadavg } from 'node:os'
import { defineConfig } from 'vitest/config'

// The client's suite. Limits scale to the machine's load as the sandbox suite's do (a minute idle,
// times the load per core up to 10, or CLIENT_TEST_LIMIT_FACTOR): they bound waits, never timings.
const fromEnv = Number(process.env['CLIENT_TEST_LIMIT_FACTOR'])
const factor = Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : Math.min(10, Math.max(1, loadavg()[0]! / availableParallelism()))
const limitMs = Math.round(60_000 * factor)

// Two projects: 'offline' (unit tests and properties: fake fetch, virtual clock) needs no server;
// 'sandbox' (every other file: end to end, browser, README) shares one sandbox for the run,
// started by test/support/globalSetup.ts, which runs only when a file of that project is selected.
const OFFLINE = ['test/unit/**/*.test.ts', 'test/properties/**/*.test.ts']
export default defineConfig({
  test: {
    testTimeout: limitMs,
    hookTimeout: limitMs,
    reporters: ['default'],
    projects: [
      { extends: true, test: { name: 'offline', include: OFFLINE } },
      {
        extends: true,
        test: { name: 'sandbox', include: ['test/**/*.test.ts'], exclude: ['**/node_modules/**', ...OFFLINE], globalSetup: ['test/support/globalSetup.ts'] },
      },
    ],
  },
})
