import { limitMs } from 'shipper-rules-testkit'
import { defineConfig } from 'vitest/config'

// The console's browser tests (issue 34): Debian's Chromium driven by playwright-core against the
// sandbox's command line (testkit's startSandbox), the built console served at /console. Run by
// `npm run test:browser` (here, and from the root after the library's own browser test), never by
// `npm test` (vitest.config.ts leaves test/browser out): a browser run costs more than the suite's
// time budget allows. One file, one sandbox, one browser; limits scale with the load (limitMs).
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    testTimeout: limitMs(120_000),
    hookTimeout: limitMs(240_000),
    fileParallelism: false,
    reporters: ['default'],
  },
})
