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
// The README's compile recipes (TypeScript 5.9 and 7 installed from the registry, four projects
// compiled and run): about 50 s of a core under CI's load, so `npm test` leaves them to the
// repository's `npm run test:packaging`, as it leaves the packed library (SHIPPER_RULES_PACKAGING=1
// includes them).
const PACKAGING = process.env['SHIPPER_RULES_PACKAGING'] === '1' ? [] : ['test/packaging/**']
export default defineConfig({
  test: {
    testTimeout: limitMs,
    hookTimeout: limitMs,
    reporters: ['default'],
    projects: [
      { extends: true, test: { name: 'offline', include: OFFLINE } },
      {
        extends: true,
        test: { name: 'sandbox', include: ['test/**/*.test.ts'], exclude: ['**/node_modules/**', ...OFFLINE, ...PACKAGING], globalSetup: ['test/support/globalSetup.ts'] },
      },
    ],
  },
})
