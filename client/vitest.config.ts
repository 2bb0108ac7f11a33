import { limitMs as scaled } from 'shipper-rules-testkit'
import { defineConfig } from 'vitest/config'

// The client's suite. Limits scale to the machine's load with shipper-rules-testkit's limitMs (a
// minute idle, times the load per core up to 10, or SANDBOX_TEST_LIMIT_FACTOR / CLIENT_TEST_LIMIT_FACTOR):
// they bound waits, never timings.
const limitMs = scaled(60_000)

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
