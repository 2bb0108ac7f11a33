import { defineConfig } from 'vitest/config'

// The end-to-end suite: real HTTP on 127.0.0.1, a fresh PGlite data directory per file (or a fresh
// schema per file when DATABASE_URL is set). Files run one at a time: each starts its own database.
// test/postgres/ holds what only a PostgreSQL server can show (the database going away and coming
// back while the server runs): it runs when DATABASE_URL names one, as .ci/run does with Debian's
// PostgreSQL; an embedded PGlite cannot become unreachable. Of that folder,
// test/postgres/pgctl-outage.test.ts stops and starts the PostgreSQL cluster itself (pg_ctl stop -m
// fast, then -m immediate): it runs only when SANDBOX_PG_CTL names a cluster it may stop (the
// pg_ctl command of DATABASE_URL's cluster, see the file's header), as .ci/run sets it for its
// throwaway cluster; with DATABASE_URL alone, say a developer's own server, it is left out, never
// run against a server nobody handed it.
const onPostgres = (process.env['DATABASE_URL'] ?? '') !== ''
const withPgCtl = onPostgres && (process.env['SANDBOX_PG_CTL'] ?? '') !== ''

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(onPostgres ? [] : ['test/postgres/**']), ...(withPgCtl ? [] : ['test/postgres/pgctl-outage.test.ts'])],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    reporters: ['default'],
  },
})
