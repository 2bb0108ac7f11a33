import { defineConfig } from 'vitest/config'
import { limitMs } from './src/limits.js'

// The kit's own tests: the run count and the limit (pure), and the fault proxy against a tiny
// upstream on 127.0.0.1. Limits scale with the load: they bound waits, never timings.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: limitMs(60_000),
    hookTimeout: limitMs(60_000),
    reporters: ['default'],
  },
})
