#!/usr/bin/env node
// The sampled mutant benchmark of the conformance kit (issue 33, item 7): mutants nobody hand-picked.
// Stryker's instrumenter (@stryker-mutator/instrumenter, a dependency of @stryker-mutator/core)
// makes every mutant of src/rules/**, src/model/** (the library) and sandbox/src/** at once, as
// mutant schemata: one instrumented build holds them all, each switched on per process by the
// environment variable __STRYKER_ACTIVE_MUTANT__ (the instrumenter's preamble reads it into
// globalThis.__stryker__.activeMutant the first time a mutant's switch is evaluated). The build is
// a temporary copy: every file of the library's src/ (cli excepted) and of sandbox/src transpiled
// one by one with esbuild's transform (types dropped, nothing checked), the copied sandbox
// resolving `shipper-rules` to the copied library. A run draws a random sample of the mutants
// (--seed, printed), starts the copied sandbox's CLI with each one active and runs the kit against
// it (its defaults, --controls sandbox, a second company), and stops at the kit's first FAILED line
// (caught) or at its end (survived). The kit itself and the library it judges with (the oracle)
// run from a snapshot of conformance/dist and the root dist/ taken at the start, never from the
// instrumented copy, so a rebuild of the tree during a long run changes nothing.
//
// Not part of npm test (a mutant costs a sandbox start and a kit run). Build first: `npm run build
// --silent` at the root, `npm run build -w sandbox`, `npm run build -w conformance`.
//
//   node conformance/bench/sampled.mjs                       # 150 mutants, a random seed (printed)
//   node conformance/bench/sampled.mjs --sample 10 --seed 7  # a small run, replayable
//   node conformance/bench/sampled.mjs --dry-run             # only instrument and list the sample
//   options: --sample N (default 150), --seed S (default random), --parallel 1|2 (default 1),
//            --json FILE (per-mutant results, rewritten after every mutant, so a partial run is kept),
//            --limit-s S (seconds a mutant may take, sandbox start and kit run, default 150),
//            --only ID,... (these mutant ids instead of a sample), --no-baseline, --keep (leave the
//            copies in node_modules/.cache/conformance-sampled), --skip-unreached (see below),
//            --commit REF (mutate and judge that commit: extracted with git archive, the library
//            and the kit built there, instead of the work tree and its builds),
//            --judge-with REF (judge with the kit and the library of that commit, extracted and
//            built the same way, while the sandbox and the mutants come from --commit or the tree),
//            --tolerate-baseline-failures (a baseline that fails does not stop the run: a mutant is
//            then caught only by a rule and a check the baseline did not fail)
//
// --judge-with measures one sample twice: the mutants of one commit judged by the kit as it was
// there and by a later kit. `--commit A --seed S` draws the same mutants whatever judges them, and
// `--commit A --judge-with B --only <ids>` re-judges chosen ones (say the survivors of a run at A)
// with B's kit; the baseline is B's kit against A's unmutated sandbox, and it must pass, unless
// --tolerate-baseline-failures: B's kit may flag a departure of A's sandbox that B fixed. Then
// the baseline's failing rules and checks are set aside, and a mutant whose only failures are
// those counts as survived (its departure, if any, masked: say so where the figures are given).
//
// The kit runs with one seed for the whole run (derived from --seed, printed), so every mutant
// meets the baseline's requests until its change makes an answer differ. The baseline records which
// mutants' code it ran (the instrumenter's coverage counters, written when the sandbox exits);
// each result says whether its mutant was reached. --skip-unreached does not run the kit for a
// mutant the baseline never reached (it answers exactly as the baseline did, bar timing) and
// reports it "not reached", a survivor to classify like any other.
//
// Mutant ids number the mutants of the files as they are: a seed draws the same sample only on
// the same sources (the JSON records the commit and the files changed from it).
// A caught mutant is one whose kit run printed a FAILED line; "start failed" (the sandbox never
// printed its ready line: the mutant breaks startup) and "timed out" are counted apart.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

const HERE = dirname(fileURLToPath(import.meta.url))
export const REPO = join(HERE, '..', '..')
// Copies live below the repository's node_modules, so that their imports of fastify, luxon, io-ts,
// fast-check… resolve walking up, as from the repository itself; no vitest project looks there.
const WORK = join(REPO, 'node_modules', '.cache', 'conformance-sampled')
const OPERATOR = 'conformance-sampled-operator-token-0123456789'
/** The environment variable the instrumenter's preamble reads (INSTRUMENTER_CONSTANTS.ACTIVE_MUTANT_ENV_VARIABLE). */
export const ACTIVE_MUTANT_ENV = '__STRYKER_ACTIVE_MUTANT__'

/** The folders mutated, relative to the repository. */
export const MUTATED = ['src/rules', 'src/model', 'sandbox/src']

/** Every .ts file below `dir` (absolute paths, sorted). */
const tsFilesBelow = (dir) =>
  readdirSync(dir, { recursive: true })
    .map((p) => join(dir, String(p)))
    .filter((p) => p.endsWith('.ts') && !p.endsWith('.d.ts') && statSync(p).isFile())
    .sort()

const silentLogger = {
  isTraceEnabled: () => false,
  isDebugEnabled: () => false,
  isInfoEnabled: () => false,
  isWarnEnabled: () => false,
  isErrorEnabled: () => false,
  isFatalEnabled: () => false,
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
  fatal() {},
}

/**
 * Instruments files (absolute paths) in one call of Stryker's instrumenter, so mutant ids are
 * unique across them. Resolves with the instrumented text of each file and the mutants, each with
 * its file (relative to the repository), 1-based line, mutator, original text and replacement.
 */
export const instrumentFiles = async (paths, root = REPO) => {
  const { Instrumenter } = await import('@stryker-mutator/instrumenter')
  const instrumenter = new Instrumenter(silentLogger)
  const sources = new Map(paths.map((p) => [p, readFileSync(p, 'utf8')]))
  const result = await instrumenter.instrument(
    paths.map((name) => ({ name, content: sources.get(name), mutate: true })),
    { plugins: null, excludedMutations: [], ignorers: [] },
  )
  const mutants = result.mutants.map((m) => {
    const lines = sources.get(m.fileName).split('\n')
    const { start, end } = m.location
    // the location's lines are 0-based here, its columns 0-based
    const original =
      start.line === end.line
        ? lines[start.line].slice(start.column, end.column)
        : [lines[start.line].slice(start.column), ...lines.slice(start.line + 1, end.line), lines[end.line].slice(0, end.column)].join('\n')
    return { id: m.id, file: relative(root, m.fileName).split(sep).join('/'), line: start.line + 1, column: start.column + 1, mutator: m.mutatorName, original, replacement: m.replacement }
  })
  return { files: new Map(result.files.map((f) => [f.name, f.content])), mutants }
}

/** TypeScript (instrumented or not) to an ES module, types dropped, nothing checked (esbuild's transform). */
export const transpile = async (code, file) => {
  const { transform } = await import('esbuild')
  const out = await transform(code, {
    loader: 'ts',
    format: 'esm',
    target: 'node20',
    // Node 20.10 reads `with { type: 'json' }` (the ZIP table's import); esbuild's node20 target would drop it
    supported: { 'import-attributes': true },
    sourcefile: file,
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
    logLevel: 'silent',
  })
  return out.code
}

const writeFile = (path, text) => {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
}

/**
 * The instrumented build in a fresh directory below WORK: lib/ (the library, every module of src/
 * but src/cli as its own ES module under lib/dist/esm, with a package.json whose exports name
 * them), sandbox/ (package.json, bin, migrations copied; dist/ the transpiled sandbox/src;
 * node_modules linked to the real one) and node_modules/shipper-rules linked to lib/.
 * Resolves with the directory, the sandbox's CLI and the mutants.
 */
export const buildInstrumented = async ({ root = REPO, log = () => {} } = {}) => {
  const t0 = Date.now()
  const libSrc = join(root, 'src')
  const sandboxSrc = join(root, 'sandbox', 'src')
  const mutated = MUTATED.flatMap((d) => tsFilesBelow(join(root, d)))
  const { files, mutants } = await instrumentFiles(mutated, root)
  log(`instrumented ${mutated.length} files: ${mutants.length} mutants (${Math.round((Date.now() - t0) / 1000)} s)`)
  mkdirSync(WORK, { recursive: true })
  const dir = mkdtempSync(join(WORK, 'build-'))
  const lib = join(dir, 'lib')
  // the library: every file of src/ but the CLI; .ts transpiled (instrumented where mutated), the rest (JSON data) copied
  const libFiles = readdirSync(libSrc, { recursive: true })
    .map((p) => join(libSrc, String(p)))
    .filter((p) => statSync(p).isFile() && !p.startsWith(join(libSrc, 'cli') + sep) && !p.endsWith('.d.ts'))
  const jobs = []
  for (const p of libFiles) {
    const target = join(lib, 'dist', 'esm', relative(libSrc, p))
    if (p.endsWith('.ts')) jobs.push(transpile(files.get(p) ?? readFileSync(p, 'utf8'), p).then((js) => writeFile(target.replace(/\.ts$/, '.js'), js)))
    else if (p.endsWith('.json')) writeFile(target, readFileSync(p))
  }
  const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const entry = (sub) => ({ import: `./dist/esm/${sub}index.js`, default: `./dist/esm/${sub}index.js` })
  writeFile(
    join(lib, 'package.json'),
    JSON.stringify({ name: rootPkg.name, version: rootPkg.version, type: 'module', exports: { '.': entry(''), './geo': entry('geo/'), './openapi': entry('openapi/'), './arbitraries': entry('arbitraries/'), './openapi.json': './openapi.json', './package.json': './package.json' } }, null, 2),
  )
  if (existsSync(join(root, 'openapi.json'))) cpSync(join(root, 'openapi.json'), join(lib, 'openapi.json'))
  // the sandbox
  const sb = join(dir, 'sandbox')
  for (const part of ['bin', 'migrations', 'package.json']) cpSync(join(root, 'sandbox', part), join(sb, part), { recursive: true })
  for (const p of tsFilesBelow(sandboxSrc)) {
    const target = join(sb, 'dist', relative(sandboxSrc, p)).replace(/\.ts$/, '.js')
    jobs.push(transpile(files.get(p) ?? readFileSync(p, 'utf8'), p).then((js) => writeFile(target, js)))
  }
  await Promise.all(jobs)
  symlinkSync(join(REPO, 'sandbox', 'node_modules'), join(sb, 'node_modules'), 'dir')
  mkdirSync(join(dir, 'node_modules'), { recursive: true })
  symlinkSync(lib, join(dir, 'node_modules', 'shipper-rules'), 'dir')
  log(`built the instrumented library and sandbox in ${dir} (${Math.round((Date.now() - t0) / 1000)} s)`)
  return { dir, bin: join(sb, 'bin', 'shipper-rules-sandbox.js'), mutants }
}

/**
 * The repository as of commit `ref`, extracted below WORK (git archive), with the library built
 * there (tsc's ES modules and esbuild's bundles: scripts/build.mjs) and the kit built there
 * (conformance's tsc): a run on it mutates and judges exactly that commit, whatever the work tree
 * holds or whoever rebuilds it meanwhile. Its imports of packages resolve through the
 * repository's node_modules (walking up); `shipper-rules` resolves to the extraction itself.
 */
export const treeOfCommit = (ref, log = () => {}, { build = true } = {}) => {
  const t0 = Date.now()
  mkdirSync(WORK, { recursive: true })
  const dir = mkdtempSync(join(WORK, 'tree-'))
  const archive = spawnSync('git', ['archive', '--format=tar', ref], { cwd: REPO, maxBuffer: 1 << 30 })
  if (archive.status !== 0) throw new Error(`git archive ${ref}: ${archive.stderr.toString('utf8')}`)
  const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout })
  if (untar.status !== 0) throw new Error(`tar: ${untar.stderr.toString('utf8')}`)
  mkdirSync(join(dir, 'node_modules'), { recursive: true })
  symlinkSync(dir, join(dir, 'node_modules', 'shipper-rules'), 'dir')
  if (!build) return dir
  const tsc = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc')
  const step = (args, cwd) => {
    const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 26 })
    // tsc writes its output even where a type is off; a build step that fails otherwise stops the run
    if (r.status !== 0 && !(args[0] === tsc && r.status === 2)) throw new Error(`${args.join(' ')} in ${cwd} exited ${r.status}: ${(r.stdout + r.stderr).slice(-1000)}`)
    if (r.status !== 0) log(`  (${relative(dir, cwd) || '.'}: tsc reported type errors: ${(r.stdout + r.stderr).split('\n')[0]})`)
  }
  step([tsc, '-p', 'tsconfig.build.json'], dir)
  // tsc emits no JSON module below a node_modules folder (where WORK is): the ZIP table is copied as tsc would
  for (const p of readdirSync(join(dir, 'src'), { recursive: true }).map(String).filter((p) => p.endsWith('.json'))) cpSync(join(dir, 'src', p), join(dir, 'dist', 'esm', p))
  step([join(dir, 'scripts', 'build.mjs')], dir)
  step([tsc, '-p', 'tsconfig.json'], join(dir, 'conformance'))
  log(`commit ${ref} extracted and built (the library, the kit) in ${dir} (${Math.round((Date.now() - t0) / 1000)} s)`)
  return dir
}

/**
 * A copy of what judges, taken once: the root package's dist/ (the library as the oracle, found by
 * the kit as node_modules/shipper-rules) and conformance's bin/ and dist/ (the kit). Resolves with
 * the kit's launcher in the copy.
 */
export const snapshotKit = (root = REPO) => {
  mkdirSync(WORK, { recursive: true })
  const dir = mkdtempSync(join(WORK, 'oracle-'))
  const lib = join(dir, 'node_modules', 'shipper-rules')
  for (const part of ['package.json', 'dist', 'openapi.json', 'spec']) if (existsSync(join(root, part))) cpSync(join(root, part), join(lib, part), { recursive: true })
  for (const part of ['package.json', 'bin', 'dist']) cpSync(join(root, 'conformance', part), join(dir, 'kit', part), { recursive: true })
  return { dir, kit: join(dir, 'kit', 'bin', 'shipper-rules-conformance.js') }
}

/** Mulberry32: the sample is a function of the seed alone. */
const random = (seed) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** `n` of `items` drawn without replacement (a partial Fisher-Yates shuffle), in drawing order. */
export const sample = (items, n, seed) => {
  const next = random(seed)
  const pool = [...items]
  const k = Math.min(n, pool.length)
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(next() * (pool.length - i))
    ;[pool[i], pool[j]] = [pool[j], pool[i]]
  }
  return pool.slice(0, k)
}

/**
 * The kit's seed, one for the whole run (the baseline and every mutant), derived from the run's
 * seed: every mutant meets the same requests as the baseline until its change makes an answer
 * differ, so a mutant whose code the baseline never ran answers exactly as the baseline did.
 */
export const kitSeedOf = (seed) => (Math.imul(seed ^ 0x9e3779b9, 31) >>> 0) % 2_000_000_000

// Appends the mutation coverage of the instrumented process (which mutants' code ran) when it
// exits, one JSON line per thread: Node runs the --import hook in worker threads too (the sandbox
// converts uploads in one), each with its own globalThis.
export const COVERAGE_HOOK = `import { appendFileSync } from 'node:fs'
process.on('exit', () => {
  const file = process.env.SAMPLED_COVERAGE_FILE
  const cov = globalThis.__stryker__?.mutantCoverage
  if (!file || !cov) return
  const ids = new Set(Object.keys(cov.static ?? {}))
  for (const perTest of Object.values(cov.perTest ?? {})) for (const id of Object.keys(perTest)) ids.add(id)
  appendFileSync(file, JSON.stringify([...ids]) + '\\n')
})
`

/**
 * Reads the kit's standard error line by line and says when it decides a run, and how:
 * `chunk(text)` answers a verdict as soon as a mutant's run is caught (else undefined), `end(code)`
 * the verdict once the kit exited. A mutant is caught at the first FAILED line or the first check
 * that ends with a failure or crashes (the kit prints its FAILED lines at its end); with
 * `tolerated` (the baseline's failures, --tolerate-baseline-failures) only by a rule and a check
 * the baseline did not fail: a run whose failures are all the baseline's is `survived`, its
 * failures kept in `tolerated`. The baseline (`mutant: false`) always runs to its end, and its
 * verdict lists every rule and check that failed.
 */
export const kitWatcher = ({ mutant, tolerated }) => {
  let pending = ''
  let tail = ''
  const failedRules = []
  const failedChecks = []
  let summary = ''
  let decided
  const isNewRule = (rule) => tolerated === undefined || !tolerated.rules.has(rule)
  const isNewCheck = (check) => tolerated === undefined || !tolerated.checks.has(check)
  const line = (l) => {
    const f = /^FAILED (\S+) \((.*?)\): /.exec(l) ?? /^FAILED (\S+) \(([^)]*)\)/.exec(l)
    if (f !== null) {
      if (!failedRules.includes(f[1])) failedRules.push(f[1])
      if (mutant && decided === undefined && isNewRule(f[1])) decided = { outcome: 'caught', rule: f[1], check: f[2] }
      return
    }
    const c = /^- (.+?): (?:([1-9]\d*) failure\(s\),|crashed: (.*))/.exec(l)
    if (c !== null) {
      if (!failedChecks.includes(c[1])) failedChecks.push(c[1])
      if (mutant && decided === undefined && isNewCheck(c[1])) decided = { outcome: 'caught', rule: c[3] !== undefined ? 'KIT-CRASH' : null, check: c[1], ...(c[3] !== undefined ? { why: c[3].slice(0, 300) } : {}) }
      return
    }
    if (/rules passed/.test(l)) summary = l.trim()
  }
  return {
    chunk: (text) => {
      tail = (tail + text).slice(-20000)
      const lines = (pending + text).split('\n')
      pending = lines.pop() ?? ''
      for (const l of lines) line(l)
      return decided
    },
    end: (code) => {
      if (pending !== '') line(pending)
      pending = ''
      if (decided !== undefined) return decided
      const all = { failures: [...failedRules], failedChecks: [...failedChecks] }
      if (code === 0) return { outcome: 'survived', summary }
      if (code === 1 && failedRules.length > 0) {
        const fresh = failedRules.filter(isNewRule)
        if (fresh.length > 0 || failedChecks.some(isNewCheck)) return { outcome: 'caught', rule: fresh[0] ?? null, check: null, ...all }
        if (mutant) return { outcome: 'survived', summary, tolerated: [...failedRules] }
        return { outcome: 'caught', rule: failedRules[0], check: failedChecks[0] ?? null, ...all }
      }
      return { outcome: 'kit error', why: `exit ${code}: ${tail.slice(-400)}` }
    },
  }
}

const firstLine = (s) => String(s).split('\n').find((l) => l.trim() !== '') ?? ''

/**
 * One run: a fresh copy of the PGlite template, the instrumented sandbox's CLI with `mutantId`
 * active (none: the baseline), a second company, the kit. Resolves with the outcome:
 * `caught` (the rule of the kit's first FAILED line), `survived` (the kit ended with no failure),
 * `start failed` (the sandbox never printed its ready line), `timed out` (the limit passed first),
 * or `kit error` (the kit exited otherwise).
 */
const runOne = async (ctx, mutantId, options) => {
  const t0 = Date.now()
  const deadline = t0 + options.limitMs
  const env = { ...process.env }
  delete env[ACTIVE_MUTANT_ENV]
  delete env.DATABASE_URL
  if (mutantId !== undefined) env[ACTIVE_MUTANT_ENV] = mutantId
  const coverageFile = mutantId === undefined ? join(ctx.build.dir, 'baseline-coverage.json') : undefined
  if (coverageFile !== undefined) env.SAMPLED_COVERAGE_FILE = coverageFile
  const ms = () => Date.now() - t0
  let sandbox
  try {
    sandbox = await ctx.startSandbox({
      bin: ctx.build.bin,
      template: ctx.template,
      operatorToken: OPERATOR,
      args: ['--auth-failure-limit', '1000000'],
      env,
      ...(coverageFile === undefined ? {} : { nodeFlags: ['--import', pathToFileURL(join(ctx.build.dir, 'coverage-hook.mjs')).href] }),
      startLimitMs: Math.max(1000, deadline - Date.now()),
    })
  } catch (e) {
    const text = String(e instanceof Error ? e.message : e)
    return /was not ready within/.test(text) ? { outcome: 'timed out', phase: 'start', ms: ms() } : { outcome: 'start failed', why: text.split('\n').filter((l) => l.trim() !== '').slice(-3).join(' | ').slice(0, 400), ms: ms() }
  }
  let kitChild
  try {
    const made = await fetch(`${sandbox.baseUrl}/sandbox/companies`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sampled Mutant Other Co' }),
      signal: AbortSignal.timeout(Math.max(1000, deadline - Date.now())),
    }).catch((e) => ({ status: 0, text: async () => String(e) }))
    if (made.status !== 201) return { outcome: 'start failed', why: `POST /sandbox/companies answered ${made.status}: ${(await made.text()).slice(0, 200)}`, ms: ms() }
    const other = await made.json()
    const kitSeed = kitSeedOf(options.seed)
    const args = [ctx.kit, '--base-url', sandbox.baseUrl, '--token', sandbox.token, '--api-key', sandbox.apiKey, '--other-company-token', other.token, '--other-company-key', other.apiKey, '--controls', 'sandbox', '--seed', String(kitSeed)]
    const ended = await new Promise((resolve) => {
      let done = false
      const finish = (r) => {
        if (done) return
        done = true
        clearTimeout(timer)
        resolve(r)
      }
      kitChild = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] })
      const timer = setTimeout(() => finish({ outcome: 'timed out', phase: 'kit' }), Math.max(0, deadline - Date.now()))
      const watch = kitWatcher({ mutant: mutantId !== undefined, tolerated: ctx.tolerated })
      kitChild.stderr.setEncoding('utf8')
      kitChild.stderr.on('data', (chunk) => {
        const verdict = watch.chunk(chunk)
        if (verdict !== undefined) finish(verdict)
      })
      // 'close', not 'exit': every line of standard error has been read by then
      kitChild.on('close', (code) => finish(watch.end(code)))
    })
    return { ...ended, kitSeed, ms: ms() }
  } finally {
    if (kitChild !== undefined && kitChild.exitCode === null && kitChild.signalCode === null) {
      const gone = new Promise((r) => kitChild.once('exit', r))
      kitChild.kill('SIGKILL')
      await gone
    }
    // a mutant may keep the sandbox from stopping on SIGTERM: SIGKILL after 10 s
    const killer = setTimeout(() => sandbox.child.kill('SIGKILL'), 10_000)
    await sandbox.stop()
    clearTimeout(killer)
  }
}

/** The commit a ref names, read once: the tree may move on during a run. */
export const commitOf = (ref, cwd = REPO) => execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()

const pct = (a, b) => (b === 0 ? 0 : Math.round((1000 * a) / b) / 10)

const main = async () => {
  const { values } = parseArgs({
    options: {
      sample: { type: 'string', default: '150' },
      seed: { type: 'string' },
      parallel: { type: 'string', default: '1' },
      json: { type: 'string' },
      'limit-s': { type: 'string', default: '150' },
      only: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'no-baseline': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      'skip-unreached': { type: 'boolean', default: false },
      commit: { type: 'string' },
      'judge-with': { type: 'string' },
      'tolerate-baseline-failures': { type: 'boolean', default: false },
    },
  })
  const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed)
  const n = Number(values.sample)
  const parallel = Number(values.parallel)
  if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(n) || n < 1 || (parallel !== 1 && parallel !== 2)) {
    console.error('sampled.mjs: --seed takes an integer, --sample a positive integer, --parallel 1 or 2')
    return 2
  }
  console.log(`seed ${seed} (replay: --seed ${seed} --sample ${n})`)
  const log = (line) => console.log(line)
  const options = { seed, limitMs: Number(values['limit-s']) * 1000 }
  // a ref such as HEAD is read once, before the extraction: the tree may move on during the run
  const commit = values.commit === undefined ? undefined : commitOf(values.commit)
  const judgeCommit = values['judge-with'] === undefined ? undefined : commitOf(values['judge-with'])
  const root = commit === undefined ? REPO : treeOfCommit(commit, log, { build: !values['dry-run'] })
  if (values['dry-run']) {
    const paths = MUTATED.flatMap((d) => tsFilesBelow(join(root, d)))
    const { mutants } = await instrumentFiles(paths, root)
    if (root !== REPO && !values.keep) rmSync(root, { recursive: true, force: true })
    const chosen = values.only !== undefined ? mutants.filter((m) => values.only.split(',').includes(m.id)) : sample(mutants, n, seed)
    console.log(`${mutants.length} mutants in ${paths.length} files; ${chosen.length} drawn:`)
    for (const m of chosen) console.log(`${m.id}\t${m.file}:${m.line}\t${m.mutator}\t${JSON.stringify(m.original.slice(0, 80))} -> ${JSON.stringify(m.replacement.slice(0, 80))}`)
    return 0
  }
  const { startSandbox, pgliteTemplate } = await import('shipper-rules-testkit')
  // what judges: the kit and the library of --judge-with's commit, else those of the mutated tree
  const judgeRoot = judgeCommit === undefined || judgeCommit === commit ? root : treeOfCommit(judgeCommit, log)
  const oracle = snapshotKit(judgeRoot)
  const build = await buildInstrumented({ root, log })
  writeFileSync(join(build.dir, 'coverage-hook.mjs'), COVERAGE_HOOK)
  const chosen = values.only !== undefined ? build.mutants.filter((m) => values.only.split(',').includes(m.id)) : sample(build.mutants, n, seed)
  const t0 = Date.now()
  const templateEnv = { ...process.env }
  delete templateEnv[ACTIVE_MUTANT_ENV]
  delete templateEnv.DATABASE_URL
  const template = await pgliteTemplate({ bin: build.bin, env: templateEnv })
  log(`PGlite template made (${Math.round((Date.now() - t0) / 1000)} s); the kit and the oracle library copied to ${oracle.dir}`)
  const ctx = { startSandbox, template, build, kit: oracle.kit }
  // the sandboxes start in the instrumented build's directory, not the caller's: a mutant that
  // drops --data-dir (the CLI then opens .sandbox-data in its working directory) writes there,
  // never into the repository; --json stays relative to where the command was run
  const jsonFile = values.json === undefined ? undefined : resolve(values.json)
  const callerDir = process.cwd()
  process.chdir(build.dir)
  const results = []
  const git = (...a) => {
    try {
      return execFileSync('git', a, { cwd: REPO, encoding: 'utf8' }).trim()
    } catch {
      return ''
    }
  }
  // the tree the mutants and the kit come from: the commit, and what differed from it in the folders that matter
  const tree =
    commit !== undefined
      ? { commit, changed: [] }
      : { commit: git('rev-parse', 'HEAD'), changed: git('status', '--porcelain', '--', 'src', 'sandbox/src', 'sandbox/migrations', 'conformance/src').split('\n').filter((l) => l !== '') }
  // the judging side: --judge-with's commit, or the mutated tree's own kit and library
  const judge = judgeCommit !== undefined ? { commit: judgeCommit, changed: [] } : tree
  log(`tree ${tree.commit}${tree.changed.length === 0 ? ' (src, sandbox/src and conformance/src as committed)' : `, with ${tree.changed.length} changed file(s): ${tree.changed.join(', ')}`}; kit seed ${kitSeedOf(seed)}`)
  log(`judged by the kit and the library of ${judgeCommit !== undefined ? `commit ${judgeCommit} (--judge-with)` : commit !== undefined ? `the same commit` : 'the work tree\'s builds'}`)
  const out = { seed, kitSeed: kitSeedOf(seed), sample: n, total: build.mutants.length, tree, judge, options: { limitS: options.limitMs / 1000, parallel, skipUnreached: values['skip-unreached'], tolerateBaselineFailures: values['tolerate-baseline-failures'] }, baseline: undefined, results }
  const save = () => {
    if (jsonFile !== undefined) writeFileSync(jsonFile, JSON.stringify(out, null, 2) + '\n')
  }
  try {
    if (!values['no-baseline']) {
      const base = await runOne(ctx, undefined, options)
      let covered = []
      try {
        const lines = readFileSync(join(build.dir, 'baseline-coverage.json'), 'utf8').split('\n').filter((l) => l.trim() !== '')
        covered = [...new Set(lines.flatMap((l) => JSON.parse(l)))]
      } catch {
        covered = []
      }
      out.baseline = { ...base, covered: covered.length }
      ctx.covered = new Set(covered)
      log(`baseline (no mutant active): ${base.outcome}${base.rule !== undefined ? ` (FAILED ${base.rule})` : ''}${base.why !== undefined ? ` ${base.why}` : ''} in ${Math.round(base.ms / 1000)} s; the run reached the code of ${covered.length} of ${build.mutants.length} mutants`)
      save()
      if (base.outcome === 'caught' && values['tolerate-baseline-failures']) {
        ctx.tolerated = { rules: new Set(base.failures ?? []), checks: new Set(base.failedChecks ?? []) }
        log(`baseline failures tolerated (--tolerate-baseline-failures): a mutant is caught only by a rule and a check the baseline did not fail; rules ${[...ctx.tolerated.rules].join(', ')}; checks ${[...ctx.tolerated.checks].join('; ')}`)
      } else if (base.outcome !== 'survived') {
        console.error(`the kit does not pass against the unmutated instrumented sandbox: fix that first, the mutants would mean nothing${judgeCommit !== undefined ? ' (with --judge-with, the later kit must pass against the earlier sandbox)' : ''}`)
        return 1
      }
    }
    let next = 0
    const worker = async () => {
      while (next < chosen.length) {
        const m = chosen[next++]
        // --skip-unreached: the kit's requests are the baseline's (one kit seed), and the baseline never ran this mutant's code
        const r = values['skip-unreached'] && ctx.covered !== undefined && !ctx.covered.has(m.id) ? { outcome: 'not reached', ms: 0 } : await runOne(ctx, m.id, options)
        const row = { ...m, reached: ctx.covered === undefined ? null : ctx.covered.has(m.id), ...r }
        results.push(row)
        save()
        const what = r.outcome === 'not reached' ? 'not reached (its code never ran in the baseline: not run)' : r.outcome === 'caught' ? `caught by ${r.rule ?? 'the check'} (${r.check})` : r.outcome === 'survived' ? `SURVIVED${row.reached === false ? ' (its code never ran in the baseline)' : ''}` : `${r.outcome.toUpperCase()}${r.why !== undefined ? `: ${firstLine(r.why).slice(0, 160)}` : ''}`
        log(`[${results.length}/${chosen.length}] #${m.id} ${m.file}:${m.line} ${m.mutator} ${JSON.stringify(m.original.slice(0, 60))} -> ${JSON.stringify(m.replacement.slice(0, 60))}: ${what} (${Math.round(r.ms / 1000)} s)`)
      }
    }
    await Promise.all(Array.from({ length: parallel }, worker))
  } finally {
    process.chdir(callerDir)
    if (template !== undefined) rmSync(template, { recursive: true, force: true })
    if (!values.keep) {
      rmSync(build.dir, { recursive: true, force: true })
      rmSync(oracle.dir, { recursive: true, force: true })
      if (root !== REPO) rmSync(root, { recursive: true, force: true })
      if (judgeRoot !== root) rmSync(judgeRoot, { recursive: true, force: true })
    }
  }
  const count = (o) => results.filter((r) => r.outcome === o).length
  const caught = count('caught')
  const timedOut = count('timed out')
  log(
    `\n${results.length} mutants of ${build.mutants.length} (seed ${seed}): ${caught} caught, ${count('survived')} survived, ${count('not reached')} not reached, ${count('start failed')} start failed, ${timedOut} timed out, ${count('kit error')} kit errors; ${Math.round((Date.now() - t0) / 1000)} s in all`,
  )
  log(`caught / (caught + survived + not reached) = ${pct(caught, caught + count('survived') + count('not reached'))} % before the survivors are classified (conformance/bench/sampled-survivors.md)`)
  for (const r of results.filter((x) => x.outcome === 'survived' || x.outcome === 'not reached')) log(`  survived #${r.id} ${r.file}:${r.line} ${r.mutator}: ${JSON.stringify(r.original.slice(0, 80))} -> ${JSON.stringify(r.replacement.slice(0, 80))}${r.reached === false ? ' [never ran in the baseline]' : ''}`)
  return 0
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main()
