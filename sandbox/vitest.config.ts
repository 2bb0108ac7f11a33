import { availableParallelism } from 'node:os'
import { relative } from 'node:path'
import { limitMs as scaled } from 'shipper-rules-testkit'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
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
// test/contract/runner.test.ts (Portman and Newman over both served documents: four tool processes,
// 28 s of the suite in CI) runs in CI's PostgreSQL step (.ci/run), and here with
// SANDBOX_CONTRACT_RUN=1; `npm test` keeps what stands for it: every answer of every file checked
// against the served documents (support/harness.ts), every sandbox operation called and its answer
// checked by sandbox-openapi.test.ts, every shipper operation by contract/typed-client.test.ts, and
// every example of both documents checked against its schema (sandbox-openapi.test.ts, Redocly).
const withContractRun = onPostgres || process.env['SANDBOX_CONTRACT_RUN'] === '1'

// The files that take longest (CLI processes started and killed, Portman and Newman, large
// uploads), started first so that the run does not end on one of them alone: vitest orders by the
// durations of an earlier run when it has them, and in a clean clone (CI) by file size, which put
// the 46-line walk-through and the CLI's tests among the last. Only the order changes.
const SLOW_FIRST = [
  'test/datadir-lock.test.ts',
  'test/contract/runner.test.ts',
  'test/uploads-hostile.test.ts',
  'test/appointments.test.ts',
  'test/cli.test.ts',
  'test/faults.test.ts',
  'test/pglite-worker.test.ts',
  'test/sandbox-openapi.test.ts',
  'test/walkthrough.test.ts',
  'test/conventions.test.ts',
  'test/rules-config.test.ts',
]
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification): number => {
      const at = SLOW_FIRST.indexOf(relative(f.project.config.root, f.moduleId).split('\\').join('/'))
      return at < 0 ? SLOW_FIRST.length : at
    }
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b))
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [
      '**/node_modules/**',
      'test/browser/**',
      ...(onPostgres ? [] : ['test/postgres/**']),
      ...(withPgCtl ? [] : ['test/postgres/pgctl-outage.test.ts']),
      ...(withContractRun ? [] : ['test/contract/runner.test.ts']),
    ],
    // on PGlite, one data directory initialized for the run, copied for each server (test/support/globalSetup.ts)
    globalSetup: ['test/support/globalSetup.ts'],
    testTimeout: limitMs,
    hookTimeout: limitMs,
    fileParallelism: !onPostgres,
    maxWorkers: onPostgres ? 1 : Math.max(1, availableParallelism()),
    // On PGlite (npm test) a worker runs its files one after the other in one module graph
    // (isolate: false), as the library's properties do: each file still has its own data directory,
    // server and port, and every spy and stubbed variable is restored by the file that set it; a
    // process per file loaded Fastify, PGlite and the PDF stack again each time, 40 % of the suite's
    // CPU (249 s of CPU isolated, 154 s shared, the same 35 files at a load of 15-20). On PostgreSQL
    // (CI's later step) each file keeps a process of its own, so every file also runs alone once.
    isolate: onPostgres,
    sequence: { sequencer: SlowFirst },
    reporters: ['default'],
  },
})
