// Mirrors every dist/esm/**/*.d.ts as a .d.cts whose relative imports end in .cjs, so that a
// TypeScript user who `require`s the package (module: node16/nodenext, CommonJS) gets declarations
// typed as CommonJS instead of an ES-module file it is not allowed to import.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = 'dist/esm'
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  )
let count = 0
for (const file of walk(root)) {
  if (!file.endsWith('.d.ts')) continue
  const text = readFileSync(file, 'utf8').replace(/(['"])(\.{1,2}\/[^'"]*?)\.js\1/g, '$1$2.cjs$1')
  writeFileSync(file.replace(/\.d\.ts$/, '.d.cts'), text)
  count += 1
}
if (count === 0) {
  console.error('cts-types: no declarations found under dist/esm')
  process.exit(1)
}
