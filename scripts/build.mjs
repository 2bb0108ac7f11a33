// Bundles with esbuild the CommonJS build of the library (dist/index.cjs, one file: servers do not
// tree-shake; dist/geo.cjs for the shipper-rules/geo entry point, dist/openapi.cjs for shipper-rules/openapi) and the CLI (dist/cli.js). The ES-module build is tsc's module-per-file output in
// dist/esm (with declarations), so that a front end's bundler keeps only the modules it uses
// (the package is sideEffects: false). scripts/cts-types.mjs mirrors the declarations for require.
// esbuild is used directly rather than through tsup: tsup pulls in rollup, whose platform
// packages the registry here does not carry in full, which makes `npm ci` refuse the lock file.
// The CLI is a thin ES module: the code of src/cli/ bundled, every other module of the package
// imported at run time from the ES-module build beside it (./esm/…), so that the ZIP table of
// shipper-rules/geo (and the library) ships once, not a second time inside dist/cli.js.
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const srcDir = join(root, 'src')
const cliDir = join(srcDir, 'cli')

/** Resolves a relative import from src/cli/ that leaves src/cli/ to the built module ./esm/<path>, external. */
const packageModulesFromEsm = {
  name: 'package-modules-from-esm',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.importer === '' || !args.importer.startsWith(cliDir + sep)) return undefined
      const target = join(args.resolveDir, args.path)
      if (target.startsWith(cliDir + sep)) return undefined
      if (!target.startsWith(srcDir + sep)) throw new Error(`build: the CLI imports ${args.path}, outside src/`)
      return { path: `./esm/${relative(srcDir, target).split(sep).join('/')}`, external: true }
    })
  },
}

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
  build({ ...library, format: 'cjs', outfile: 'dist/index.cjs', mainFields: ['main'] }),
  build({ ...library, entryPoints: ['src/geo/index.ts'], format: 'cjs', outfile: 'dist/geo.cjs', mainFields: ['main'] }),
  build({ ...library, entryPoints: ['src/openapi/index.ts'], format: 'cjs', outfile: 'dist/openapi.cjs', mainFields: ['main'] }),
  // Node's `import 'shipper-rules'` (the "node" condition): one ES module holding the library and
  // the parts of io-ts and fp-ts it uses. Importing io-ts (CommonJS) from an ES module costs Node
  // 20 about 22 ms of interop (each of its fp-ts modules is lexed for named exports), and 75
  // separate modules another 20: this file loads in about 20 ms instead of 60 (bench/startup.mjs).
  // luxon stays external: it is an ES module already, and DateTimes cross the boundary. Bundlers
  // building for browsers take the module-per-file build (dist/esm) and keep what they use.
  build({ ...library, external: ['luxon'], platform: 'node', target: 'node20', format: 'esm', outfile: 'dist/node/index.mjs' }),
  build({
    entryPoints: ['src/cli/bin.ts'],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    outfile: 'dist/cli.js',
    external,
    plugins: [packageModulesFromEsm],
    define: { __SHIPPER_RULES_VERSION__: JSON.stringify(version) },
    logLevel: 'warning',
  }),
])

// openapi.json at the package root (shipper-rules/openapi.json): the document the built ES module
// generates, as `shipper-rules openapi` prints it. A codec the generator cannot state fails the
// build. It lies at the root, not in dist/, so that node10 resolution (which ignores "exports")
// finds `require('shipper-rules/openapi.json')` as a plain file, the same one "exports" names.
// It is generated, like dist/: .gitignore leaves it out and `npm run build` removes it first.
const { openApiDocument } = await import(new URL('../dist/esm/openapi/index.js', import.meta.url).href)
const openapi = openApiDocument()
if (openapi._tag === 'Left') {
  console.error(`build: cannot generate the OpenAPI document:\n${openapi.left.map((e) => `  ${e}`).join('\n')}`)
  process.exit(1)
}
writeFileSync('openapi.json', `${JSON.stringify(openapi.right, null, 2)}\n`)
