import { defineConfig } from 'vitest/config'

// The end-to-end suite: real HTTP on 127.0.0.1, a fresh PGlite data directory per file (or a fresh
// schema per file when DATABASE_URL is set). Files run one at a time: each starts its own database.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    reporters: ['default'],
  },
})
