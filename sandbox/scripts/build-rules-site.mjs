// The rules site (issue 34, item 7): the console's Rules page as static files, no sandbox needed.
// Writes <out>/index.html and <out>/assets/rules.js + rules.css, bundled by esbuild from
// console/src/rules/site.tsx (the same RulesPage and data as the console; the library's browser
// build runs the examples). The root `npm run docs` runs it with docs/api/rules, beside typedoc's
// API reference, whose pages the functions link to.   node sandbox/scripts/build-rules-site.mjs <out>
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { browserBundle } from './console-esbuild.mjs'

const SANDBOX = join(dirname(fileURLToPath(import.meta.url)), '..')

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'" />
    <title>Rules: shipper-rules</title>
    <link rel="stylesheet" href="assets/rules.css" />
    <script type="module" src="assets/rules.js"></script>
  </head>
  <body>
    <div id="app"><noscript>The rules pages need JavaScript; the same rules are in spec/RULES.md and docs/rules.md.</noscript></div>
  </body>
</html>
`

/**
 * The API reference pages beside the site (typedoc's `<module>.<name>.html` under functions/ or
 * variables/ of the parent folder) of the rule functions `names`, as links relative to the site's
 * page: name → href. Empty when there is no API reference there.
 */
const apiLinks = (out, names) => {
  const parent = dirname(out)
  const links = {}
  for (const kind of ['functions', 'variables']) {
    let files = []
    try {
      files = readdirSync(join(parent, kind))
    } catch {
      continue
    }
    for (const f of files) {
      const m = /^(index|geo|openapi)\.([A-Za-z_$][\w$]*)\.html$/.exec(f)
      if (m !== null && names.has(m[2]) && links[m[2]] === undefined) links[m[2]] = `../${kind}/${f}`
    }
  }
  return links
}

/** Builds the site into `out` (a folder it empties first); returns the bytes of the script and stylesheet. */
export const buildRulesSite = async (out) => {
  const rules = await import(pathToFileURL(join(SANDBOX, '..', 'scripts', 'rules-data.mjs')).href)
  const { json, functionsModule } = rules.generate()
  const links = apiLinks(out, new Set(Object.keys(JSON.parse(json).functions)))
  mkdirSync(dirname(rules.DATA_FILE), { recursive: true })
  writeFileSync(rules.DATA_FILE, json)
  writeFileSync(rules.FUNCTIONS_FILE, functionsModule)
  rmSync(out, { recursive: true, force: true })
  mkdirSync(join(out, 'assets'), { recursive: true })
  const result = await build({
    ...browserBundle(SANDBOX, { rules: join(SANDBOX, 'console', 'src', 'rules', 'site.tsx') }, join(out, 'assets')),
    define: { __RULES_API_LINKS__: JSON.stringify(links) },
  })
  writeFileSync(join(out, 'index.html'), INDEX_HTML)
  const node = Object.keys(result.metafile.inputs).filter((input) => input.startsWith('node:') || /(^|\/)dist\/node\//.test(input))
  if (node.length > 0) throw new Error(`the rules site reached node-only modules: ${node.join(', ')}`)
  return Object.fromEntries(Object.entries(result.metafile.outputs).map(([file, o]) => [file, o.bytes]))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = process.argv[2]
  if (out === undefined) {
    console.error('usage: node sandbox/scripts/build-rules-site.mjs <out folder>')
    process.exit(2)
  }
  const sizes = await buildRulesSite(resolve(out))
  console.log(`rules site: ${resolve(out)}/index.html (${Object.entries(sizes).map(([f, b]) => `${f.split('/').pop()} ${(b / 1000).toFixed(1)} kB`).join(', ')})`)
}
