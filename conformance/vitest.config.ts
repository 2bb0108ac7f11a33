import { limitMs as scaled } from 'shipper-rules-testkit'
import { defineConfig } from 'vitest/config'

// The kit's suite: one sandbox CLI for the whole run (test/support/globalSetup.ts), real HTTP on
// 127.0.0.1. Files run one at a time: they share the sandbox and the machine's two cores.
// Test and hook limits scale to the machine's load with shipper-rules-testkit's limitMs (two minutes
// idle, x load per core up to 10, or SANDBOX_TEST_LIMIT_FACTOR): they bound waits, never timings.
const limitMs = scaled(120_000)

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['test/support/globalSetup.ts'],
    testTimeout: limitMs,
    hookTimeout: limitMs,
    fileParallelism: false,
    reporters: ['default'],
  },
})
