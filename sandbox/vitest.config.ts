import { defineConfig } from 'vitest/config'

// The end-to-end suite: real HTTP on 127.0.0.1, a fresh PGlite data directory per file (or a fresh
// schema per file when DATABASE_URL is set). Files run one at a time: each starts its own database.
// test/postgres/ holds what only a PostgreSQL server can show (the database going away and coming
// back while the server runs): it runs when DATABASE_URL names one, as .ci/run does with Debian's
// PostgreSQL; an embedded PGlite cannot become unreachable.
const onPostgres = (process.env['DATABASE_URL'] ?? '') !== ''

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(onPostgres ? [] : ['test/postgres/**'])],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    reporters: ['default'],
  },
})
