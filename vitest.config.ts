import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// One worker per core: vitest's run mode leaves a core free by default (cores - 1), which on a
// 2-core machine runs this suite of independent files on one core, at twice the time.

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    maxWorkers: Math.max(1, availableParallelism()),
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
})
