// Builds the sandbox console (issue 34) into dist/console/: index.html and assets/console.js +
// assets/console.css, bundled and minified by esbuild (Preact's JSX compiled ahead of time, so the
// page needs no eval and no inline script under the console's Content-Security-Policy). The
// library (`shipper-rules`) is bundled from its browser build (the root dist/esm, the `default`
// condition, not the `node` one). Run by the sandbox's `build` script; no CDN, works offline.
import { copyFileSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { browserBundle } from './console-esbuild.mjs'

const SANDBOX = join(dirname(fileURLToPath(import.meta.url)), '..')
const SOURCE = join(SANDBOX, 'console')
const FINAL = join(SANDBOX, 'dist', 'console')
// built beside and moved in at the end, so that a sandbox serving the old build while another
// build runs misses its files for a moment only, never for the whole build
const OUT = join(SANDBOX, 'dist', `console.building-${process.pid}`)

await (await import('./build-console-data.mjs')).buildConsoleData() // the Rules data and the Map outlines into console/src/generated/
rmSync(OUT, { recursive: true, force: true })
mkdirSync(join(OUT, 'assets'), { recursive: true })
let result
try {
  result = await build(browserBundle(SANDBOX, { console: join(SOURCE, 'src', 'main.tsx') }, join(OUT, 'assets')))
} catch (error) {
  rmSync(OUT, { recursive: true, force: true })
  throw error
}
copyFileSync(join(SOURCE, 'index.html'), join(OUT, 'index.html'))
const node = Object.keys(result.metafile.inputs).filter((input) => input.startsWith('node:') || /(^|\/)dist\/node\//.test(input))
if (node.length > 0) {
  rmSync(OUT, { recursive: true, force: true })
  throw new Error(`the console bundle reached node-only modules: ${node.join(', ')}`)
}
rmSync(FINAL, { recursive: true, force: true })
renameSync(OUT, FINAL)
