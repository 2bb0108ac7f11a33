import { defineConfig } from 'tsup'

// JavaScript only: declarations come from `tsc -p tsconfig.build.json` (tsup 8.5's --dts does not
// run under TypeScript 6), and scripts/cts-types.mjs mirrors them as .d.cts for `require` users.
export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    target: 'es2022',
    platform: 'neutral',
    splitting: false,
    sourcemap: false,
    clean: false,
    treeshake: true,
    external: ['fp-ts', 'io-ts', 'luxon'],
  },
  {
    entry: { cli: 'src/cli/bin.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    splitting: false,
    clean: false,
    external: ['fp-ts', 'io-ts', 'luxon'],
  },
])
