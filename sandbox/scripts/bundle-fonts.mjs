// Copies the fonts the PDFs use (dist/pdf/fontFiles.js: FONT_FILES) and the licence texts of their
// packages into DIR (the staged package's fonts/ folder: scripts/pack.mjs at the repository root calls
// this), and prints the bytes copied. The published package then needs none of the font packages,
// whose 27 weights are 107 MB installed.
//
//   node sandbox/scripts/bundle-fonts.mjs DIR
import { copyFileSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, join } from 'node:path'
import { FONT_FILES, FONT_PACKAGES } from '../dist/pdf/fontFiles.js'

const require = createRequire(import.meta.url)

/** Copies the fonts and licences into `dir`; resolves to the bytes copied. */
export const bundleFonts = (dir) => {
  mkdirSync(dir, { recursive: true })
  let bytes = 0
  const copy = (from, name) => {
    copyFileSync(from, join(dir, name))
    bytes += statSync(from).size
  }
  for (const file of Object.values(FONT_FILES)) copy(require.resolve(file), basename(file))
  for (const pkg of FONT_PACKAGES) {
    const root = dirname(require.resolve(`${pkg}/package.json`))
    for (const licence of readdirSync(root).filter((f) => f.startsWith('LICENSE'))) copy(join(root, licence), `${basename(pkg)}-${licence}`)
  }
  return bytes
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(basename(process.argv[1]))) {
  const dir = process.argv[2]
  if (dir === undefined) {
    process.stderr.write('usage: node sandbox/scripts/bundle-fonts.mjs DIR\n')
    process.exit(2)
  }
  process.stdout.write(`${bundleFonts(dir)} bytes of fonts in ${dir}\n`)
}
