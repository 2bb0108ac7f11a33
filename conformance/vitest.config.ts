import { availableParallelism, loadavg } from 'node:os'
import { defineConfig } from 'vitest/config'

// The kit's suite: one sandbox CLI for the whole run (test/support/globalSetup.ts), real HTTP on
// 127.0.0.1. Files run one at a time: they share the sandbox and the machine's two cores.
// Test and hook limits scale to the machine's load as the sandbox suite's do (a minute idle, x load
// per core up to 10, or SANDBOX_TEST_LIMIT_FACTOR): they bound waits, never timings.
const fromEnv = Number(process.env['SANDBOX_TEST_LIMIT_FACTOR'])
const factor = Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : Math.min(10, Math.max(1, loadavg()[0]! / availableParallelism()))
const limitMs = Math.round(120_000 * factor)

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
