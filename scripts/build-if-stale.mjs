// Builds the library (dist/) and the sandbox (sandbox/dist/) only when a source is newer than the
// last build of it, so `npm run sandbox` starts in seconds when nothing changed. Each build leaves
// a stamp (node_modules/.cache/build-if-stale/library and sandbox: outside dist/, so no tarball
// carries it) dated when that build started: a source edited during a build is newer than its
// stamp and rebuilds next time; a missing output rebuilds too. Nothing is wiped: the
// library is rebuilt in place (tsc, then the bundles and the .d.cts files), as `npm run build`
// does after its clean step, so a running sandbox or test keeps a whole dist/ throughout.
//
//   node scripts/build-if-stale.mjs            both, the library first (the sandbox reads its dist/)
//   node scripts/build-if-stale.mjs library    the library only
//   node scripts/build-if-stale.mjs --check    exit 1 if either is stale, building nothing
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
const STAMPS = join(ROOT, 'node_modules', '.cache', 'build-if-stale')

/** The files under `dir` (recursively), skipping nothing but a missing dir. */
const filesUnder = (dir) => {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]))
}

const mtime = (file) => statSync(file).mtimeMs

/** The newest of `files`, or undefined for none. */
const newest = (files) => files.reduce((best, f) => (best === undefined || mtime(f) > mtime(best) ? f : best), undefined)

const TARGETS = {
  library: {
    stamp: join(STAMPS, 'library'),
    outputs: ['dist/index.cjs', 'dist/esm/index.js', 'dist/esm/index.d.cts', 'dist/cli.js', 'openapi.json'].map((p) => join(ROOT, p)),
    inputs: () => [
      ...filesUnder(join(ROOT, 'src')),
      ...['tsconfig.json', 'tsconfig.build.json', 'package.json', 'scripts/build.mjs', 'scripts/cts-types.mjs'].map((p) => join(ROOT, p)),
    ],
    steps: [
      [TSC, '-p', 'tsconfig.build.json'],
      [join(ROOT, 'scripts', 'build.mjs')],
      [join(ROOT, 'scripts', 'cts-types.mjs')],
    ],
  },
  sandbox: {
    stamp: join(STAMPS, 'sandbox'),
    outputs: [join(ROOT, 'sandbox', 'dist', 'main.js')],
    inputs: () => [
      ...filesUnder(join(ROOT, 'sandbox', 'src')),
      ...['sandbox/tsconfig.json', 'sandbox/package.json'].map((p) => join(ROOT, p)),
      join(STAMPS, 'library'),
    ],
    steps: [[TSC, '-p', join('sandbox', 'tsconfig.json')]],
  },
}

/** Why `target` must be built, or undefined when its build is up to date. */
const staleness = (target) => {
  const missing = [target.stamp, ...target.outputs].find((f) => !existsSync(f))
  if (missing !== undefined) return `${relative(ROOT, missing)} is missing`
  const stamp = mtime(target.stamp)
  const changed = newest(target.inputs().filter(existsSync))
  return changed !== undefined && mtime(changed) > stamp ? `${relative(ROOT, changed)} changed` : undefined
}

const build = (name, target, why) => {
  process.stderr.write(`build-if-stale: building the ${name} (${why})\n`)
  const started = new Date()
  for (const [script, ...args] of target.steps) {
    const r = spawnSync(process.execPath, [script, ...args], { cwd: ROOT, stdio: 'inherit' })
    if (r.status !== 0) {
      process.stderr.write(`build-if-stale: the ${name} build failed (${relative(ROOT, script)} ${args.join(' ')})\n`)
      process.exit(r.status ?? 1)
    }
  }
  mkdirSync(dirname(target.stamp), { recursive: true })
  writeFileSync(target.stamp, `${started.toISOString()}\n`)
  utimesSync(target.stamp, started, started)
}

const args = process.argv.slice(2)
const check = args.includes('--check')
const names = args.filter((a) => a !== '--check')
const chosen = names.length === 0 ? ['library', 'sandbox'] : names
for (const name of chosen) {
  if (!(name in TARGETS)) {
    process.stderr.write(`build-if-stale: unknown target ${name} (library or sandbox)\n`)
    process.exit(2)
  }
}
let stale = false
for (const name of chosen) {
  const why = staleness(TARGETS[name])
  if (why === undefined) continue
  stale = true
  if (check) process.stderr.write(`build-if-stale: the ${name} is stale (${why})\n`)
  else build(name, TARGETS[name], why)
}
if (check && stale) process.exit(1)
