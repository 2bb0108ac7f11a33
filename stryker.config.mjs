// @ts-check
// Mutation testing (issue 13, item 7): `npm run mutation` runs Stryker over src/rules, src/errors,
// src/model and src/geo (not the generated ZIP table) with the vitest runner, then prints the
// score per folder (scripts/mutation-summary.mjs). Practical on 2 cores: per-test coverage (each
// mutant runs only the tests that cover it), incremental mode (a re-run tests only the mutants
// whose code or covering tests changed; the cache is reports/stryker-incremental.json, gitignored
// with the rest of reports/), concurrency 2, and 50 fast-check runs per property instead of npm test's
// 100 (FC_NUM_RUNS, read by test/setup.ts; set it yourself to override; fixed counts written as
// runsOf(n), shipper-rules-testkit's, scale down with it). One folder at a time:
// `npm run mutation -- --mutate 'src/errors/**/*.ts'` (several globs: one comma-separated argument). See docs/mutation.md.
process.env['FC_NUM_RUNS'] ??= '50'

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'src/rules/**/*.ts',
    'src/errors/**/*.ts',
    'src/model/**/*.ts',
    'src/geo/**/*.ts',
    '!src/geo/zipTable.*',
  ],
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  concurrency: 2,
  // A mutant that loops or recurses without end (a guard inverted inside a total() wrapper, which
  // swallows Stryker's hit-limit error) is stopped at 1.5 x its tests' net time + 5 s.
  timeoutMS: 5_000,
  timeoutFactor: 1.5,
  ignoreStatic: true,
  // Not copied into the sandbox: scratch space (agents keep symlinks there, which the copy
  // cannot follow), the server workspace, build and profiling output. The mutated tests need none.
  ignorePatterns: ['scratch', 'sandbox', 'dist', 'coverage', '.prof', 'docs/api'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  reporters: ['clear-text', 'progress-append-only', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0, reportScoreTable: true, reportMutants: false },
  thresholds: { high: 90, low: 80, break: null },
}

export default config
