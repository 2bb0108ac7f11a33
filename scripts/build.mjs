// Bundles the JavaScript builds with esbuild: the library as an ES module (dist/index.js) and as
// CommonJS (dist/index.cjs), and the CLI (dist/cli.js). Declarations come from
// `tsc -p tsconfig.build.json` and scripts/cts-types.mjs. esbuild is used directly rather than
// through tsup: tsup pulls in rollup, whose platform packages the registry here does not carry
// in full, which makes `npm ci` refuse the lock file.
import { build } from 'esbuild'

const external = ['fp-ts', 'io-ts', 'luxon']
const library = {
  entryPoints: ['src/index.ts'],
  bundle: true,
  platform: 'neutral',
  target: 'es2022',
  external,
  legalComments: 'none',
  logLevel: 'warning',
}

await Promise.all([
  build({ ...library, format: 'esm', outfile: 'dist/index.js' }),
  build({ ...library, format: 'cjs', outfile: 'dist/index.cjs', mainFields: ['main'] }),
  build({
    entryPoints: ['src/cli/bin.ts'],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    outfile: 'dist/cli.js',
    external,
    logLevel: 'warning',
  }),
])
