// Builds the client: tsc's module-per-file ES build with declarations (dist/esm, so a browser
// bundler keeps what it uses), esbuild's CommonJS bundles (dist/index.cjs; dist/node.cjs, which
// requires ./index.cjs rather than bundling a second copy, so both entries share one set of error
// classes), and a .d.cts beside each .d.ts whose relative imports end in .cjs (as the root's
// scripts/cts-types.mjs does). shipper-rules stays external: it is the one run-time dependency.
// Nothing is wiped first: other test runs may be reading dist/ (tsc and esbuild overwrite).
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)
execFileSync(process.execPath, [join(root, '../node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { stdio: 'inherit' })

/** In dist/node.cjs, the main entry is required from ./index.cjs, not bundled again. */
const indexExternal = {
  name: 'index-external',
  setup(b) {
    b.onResolve({ filter: /^\.\/index\.js$/ }, () => ({ path: './index.cjs', external: true }))
  },
}
const common = {
  bundle: true,
  platform: 'neutral',
  target: 'es2022',
  format: 'cjs',
  external: ['shipper-rules', 'node:*'],
  mainFields: ['main'],
  legalComments: 'none',
  logLevel: 'warning',
}
await Promise.all([
  build({ ...common, entryPoints: ['src/index.ts'], outfile: 'dist/index.cjs' }),
  build({ ...common, entryPoints: ['src/node.ts'], outfile: 'dist/node.cjs', plugins: [indexExternal] }),
])

const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
let count = 0
for (const file of walk('dist/esm')) {
  if (!file.endsWith('.d.ts')) continue
  writeFileSync(file.replace(/\.d\.ts$/, '.d.cts'), readFileSync(file, 'utf8').replace(/(['"])(\.{1,2}\/[^'"]*?)\.js\1/g, '$1$2.cjs$1'))
  count += 1
}
if (count === 0) {
  console.error('build: no declarations under dist/esm')
  process.exit(1)
}
