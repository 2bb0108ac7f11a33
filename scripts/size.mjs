// The size check: what a front end's bundler (esbuild, minified, for the browser) makes of an
// entry importing one function of the package, for the functions front ends import alone, and of
// the whole surface. Each has a budget (bytes, minified and gzipped): the size it had when the
// check was added, rounded up to the next half kB, except those raised since, on purpose (the fast
// paths of the request validators, about 6 kB / 2 kB for create and 5 kB / 1.6 kB for quote; the
// robustness fixes, about 0.5 kB; storedFilename's one pass, which stops once the stem is full and
// writes lone surrogates as U+FFFD, 0.1 kB on the whole root; the days a zone skipped crossing the
// date line, no business days, 0.5 kB on transitDays and the root; the wire-text rule, one scan
// per string read and its message, 0.4 kB on each validator, and with checkWireText,
// parseIdempotencyKey and the schemas' wire-text patterns 3.5 kB on the root; the facts the
// library took over from the packages in issue 32 (the header names, credentialHeaders, the total
// Retry-After reader, REQUEST_ID_FORMAT, decodeErrorViolations, the lifecycle predicates), 3 kB /
// 1 kB on the root and 2 kB / 0.5 kB on the client, which now imports them; issue 35's faster
// validators (char checks of the simple formats, the engine's isWellFormed with the scan as
// fallback, a date-time checked and read in one pass), 2 kB / 0.8 kB on create, 1.8 kB / 0.8 kB on quote, 2 kB / 0.9 kB on the client, 2 kB / 0.9 kB on the root;
// issues 33 and 34's root exports, rulesForReason and rulesForViolation (a violation's rule IDs, for the
// console's links) and validateOperationBody (an operation's body validator, for the explorer), 4 kB /
// 1 kB on the root; docs/performance.md has the figures); a bundle over its budget fails the check. The
// size table of docs/performance.md is this script's output, written between its markers, never
// typed by hand.
//
//   node scripts/size.mjs            print the table, exit 1 when a budget is exceeded
//   node scripts/size.mjs --write    also write the table into docs/performance.md
//   node scripts/size.mjs --json     print the figures as JSON
// test/package.test.ts runs the check and fails when that table is not today's.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** [label, the module a front end writes, budget minified bytes, budget gzipped bytes]. */
export const ENTRIES = [
  ['`validateCreateShipment` only', "import { validateCreateShipment } from 'shipper-rules'; console.log(validateCreateShipment)", 42_500, 15_500],
  ['`validateQuoteRequest` only', "import { validateQuoteRequest } from 'shipper-rules'; console.log(validateQuoteRequest)", 35_500, 13_500],
  ['`normalizeAddress` only', "import { normalizeAddress } from 'shipper-rules'; console.log(normalizeAddress)", 12_500, 5_500],
  ['`freightClassForDensity` only', "import { freightClassForDensity } from 'shipper-rules'; console.log(freightClassForDensity)", 1_000, 600],
  ['`transitDays` only (luxon included)', "import { transitDays } from 'shipper-rules'; console.log(transitDays)", 78_000, 25_000],
  ['the whole root (codecs and luxon included)', "import * as all from 'shipper-rules'; console.log(all)", 212_000, 71_000],
  // the integrator's client (client/, shipper-rules-client) from its source entry, so the check
  // needs no client build: every method, its retries, and the library's validators and codecs
  // it runs before sending and on every answer
  ['`createShipperClient` (shipper-rules-client, the whole client)', "import { createShipperClient } from './client/src/index.ts'; console.log(createShipperClient)", 95_500, 32_500],
]

/** The minified bundle of `contents` for the browser, with the packages that contributed bytes. */
export const bundle = async (contents) => {
  const r = await build({
    stdin: { contents, resolveDir: ROOT, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    metafile: true,
  })
  const inputs = Object.values(r.metafile.outputs)[0].inputs
  const packages = Object.entries(inputs)
    .filter(([file, i]) => i.bytesInOutput > 0 && file.includes('node_modules/'))
    .map(([file]) => file.split('node_modules/')[1].split('/')[0])
  return { text: r.outputFiles[0].text, packages: [...new Set(packages)].sort() }
}

/** Every entry measured against its budget. */
export const measure = async () =>
  Promise.all(
    ENTRIES.map(async ([label, contents, budgetMin, budgetGzip]) => {
      const { text, packages } = await bundle(contents)
      const minified = Buffer.byteLength(text)
      const gzipped = gzipSync(text).length
      return { label, minified, gzipped, budgetMin, budgetGzip, packages, ok: minified <= budgetMin && gzipped <= budgetGzip }
    }),
  )

const kB = (n) => `${(n / 1000).toFixed(1)} kB`

/** The table (markdown) of measured figures, as docs/performance.md shows it. */
export const table = (rows) =>
  [
    '| entry (esbuild, minified, browser) | minified | gzipped | budget (minified / gzipped) | packages in the bundle |',
    '|---|---:|---:|---:|---|',
    ...rows.map((r) => `| ${r.label} | ${kB(r.minified)} | ${kB(r.gzipped)} | ${kB(r.budgetMin)} / ${kB(r.budgetGzip)} | ${r.packages.length === 0 ? 'none' : r.packages.join(', ')} |`),
  ].join('\n')

/** The page that shows the table, relative to the repository's root. */
export const PAGE = 'docs/performance.md'

export const START = '<!-- size-table:start (generated by scripts/size.mjs --write) -->'
export const END = '<!-- size-table:end -->'

/** The page's text with the table between the markers replaced by `tableText`. */
export const withTable = (page, tableText) => {
  const a = page.indexOf(START)
  const b = page.indexOf(END)
  if (a < 0 || b < a) throw new Error(`size: ${PAGE} has no size-table markers`)
  return `${page.slice(0, a + START.length)}\n${tableText}\n${page.slice(b)}`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await measure()
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows.map(({ label, minified, gzipped, budgetMin, budgetGzip, ok }) => ({ label, minified, gzipped, budgetMin, budgetGzip, ok })), null, 2))
  else console.log(table(rows))
  if (process.argv.includes('--write')) {
    const path = `${ROOT}${PAGE}`
    writeFileSync(path, withTable(readFileSync(path, 'utf8'), table(rows)))
  }
  const over = rows.filter((r) => !r.ok)
  for (const r of over) console.error(`size: ${r.label} is ${kB(r.minified)} / ${kB(r.gzipped)}, over its budget ${kB(r.budgetMin)} / ${kB(r.budgetGzip)}`)
  process.exit(over.length === 0 ? 0 : 1)
}
