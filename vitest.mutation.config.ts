// The tests Stryker runs against each mutant (stryker.config.mjs): the properties and examples
// that judge src/rules, src/errors, src/model and src/geo. The packaging, browser, consumer and
// documentation tests (they build, pack or launch processes) and the robustness suite (its
// hostile batteries assert totality, which a mutant of a rule rarely breaks) are left to `npm test`.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/properties/**/*.test.ts', 'test/model.test.ts', 'test/examples.test.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
})
