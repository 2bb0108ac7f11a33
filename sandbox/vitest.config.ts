import { availableParallelism } from 'node:os'
import { limitMs as scaled } from 'shipper-rules-testkit'
import { defineConfig } from 'vitest/config'

// The end-to-end suite: real HTTP on 127.0.0.1, a fresh PGlite data directory per file (or a fresh
// schema per file when DATABASE_URL is set). On PGlite the files run two at a time (one worker per
// core; vitest's default leaves a core idle): each has its own data directory, server and port, and
// every wait scales with the load, so they are independent (the suite passed with two workers at a
// load of 9 on 2 cores). On PostgreSQL they run one at a time, since
// test/postgres/pgctl-outage.test.ts stops the one cluster every file's schema lives in.
// test/postgres/ holds what only a PostgreSQL server can show (the database going away and coming
// back while the server runs): it runs when DATABASE_URL names one, as .ci/run does with Debian's
// PostgreSQL; an embedded PGlite cannot become unreachable. Of that folder,
// test/postgres/pgctl-outage.test.ts stops and starts the PostgreSQL cluster itself (pg_ctl stop -m
// fast, then -m immediate): it runs only when SANDBOX_PG_CTL names a cluster it may stop (the
// pg_ctl command of DATABASE_URL's cluster, see the file's header), as .ci/run sets it for its
// throwaway cluster; with DATABASE_URL alone, say a developer's own server, it is left out, never
// run against a server nobody handed it.
const onPostgres = (process.env['DATABASE_URL'] ?? '') !== ''
// Test and hook limits (a hook starts a server and its database) scale to the machine with
// shipper-rules-testkit's limitMs: a minute on an idle machine, times the load per core when the
// suite starts (at least 1, at most 10), or SANDBOX_TEST_LIMIT_FACTOR. They bound waits, never timings.
const limitMs = scaled(60_000)
const withPgCtl = onPostgres && (process.env['SANDBOX_PG_CTL'] ?? '') !== ''

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/browser/**', ...(onPostgres ? [] : ['test/postgres/**']), ...(withPgCtl ? [] : ['test/postgres/pgctl-outage.test.ts'])],
    // on PGlite, one data directory initialized for the run, copied for each server (test/support/globalSetup.ts)
    globalSetup: ['test/support/globalSetup.ts'],
    testTimeout: limitMs,
    hookTimeout: limitMs,
    fileParallelism: !onPostgres,
    maxWorkers: onPostgres ? 1 : Math.max(1, availableParallelism()),
    reporters: ['default'],
  },
})
