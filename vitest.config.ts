import { availableParallelism } from 'node:os'
import { defineConfig, type ViteUserConfig } from 'vitest/config'

// One worker per core: vitest's run mode leaves a core free by default (cores - 1), which on a
// 2-core machine runs this suite of independent files on one core, at twice the time.
//
// Two projects. The properties (test/properties/, pure functions of the pure library) share one
// module graph per worker (isolate: false): loading the library and its dependencies once per
// worker instead of once per file saves about a fifth of the suite's time on 2 cores (102 s to 82 s,
// idle). test/setup.ts installs its fast-check plugin once per fast-check instance, so sharing
// does not stack it. Everything else (packaging, the CLI, the browser, the robustness suite, which
// mocks a module) keeps a fresh module graph per file.

const PROPERTIES = 'test/properties/**/*.test.ts'

/**
 * The packed tarball installed into fresh projects (npm pack, two npm installs from the cache, four
 * tsc runs): about a minute of both cores, so `npm test` leaves it to its own step, `npm run
 * test:packaging`, which .ci/run runs after it (SHIPPER_RULES_PACKAGING=1 includes it).
 */
const PACKAGING = 'test/consumer.test.ts'

/** The library's suite, all of it or only `files` (paths relative to the root, as the zone set lists them). */
export const libraryTestConfig = (files?: ReadonlyArray<string>): ViteUserConfig => {
  const shared = { setupFiles: ['test/setup.ts'], testTimeout: 120_000, hookTimeout: 120_000 }
  const isProperty = (f: string): boolean => f.startsWith('test/properties/')
  return defineConfig({
    test: {
      maxWorkers: Math.max(1, availableParallelism()),
      reporters: ['default'],
      projects: [
        { test: { ...shared, name: 'properties', isolate: false, include: files === undefined ? [PROPERTIES] : files.filter(isProperty) } },
        {
          test: {
            ...shared,
            name: 'library',
            include: files === undefined ? ['test/**/*.test.ts'] : files.filter((f) => !isProperty(f)),
            exclude: ['**/node_modules/**', PROPERTIES, ...(process.env['SHIPPER_RULES_PACKAGING'] === '1' ? [] : [PACKAGING])],
          },
        },
      ],
    },
  })
}

export default libraryTestConfig()
