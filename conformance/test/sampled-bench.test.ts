// The sampled mutant benchmark's tool (bench/sampled.mjs) works: Stryker's instrumenter makes the
// mutants of one small library file (src/rules/calendarDays.ts), esbuild's transform turns the
// instrumented TypeScript into a module, and the environment variable switches one mutant on in a
// process of its own while the same module without it behaves as the source. No sandbox, no kit run.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

interface Mutant {
  readonly id: string
  readonly file: string
  readonly line: number
  readonly mutator: string
  readonly original: string
  readonly replacement: string
}

interface SampledTool {
  readonly REPO: string
  readonly ACTIVE_MUTANT_ENV: string
  readonly instrumentFiles: (paths: ReadonlyArray<string>) => Promise<{ files: Map<string, string>; mutants: ReadonlyArray<Mutant> }>
  readonly transpile: (code: string, file: string) => Promise<string>
  readonly sample: <T>(items: ReadonlyArray<T>, n: number, seed: number) => T[]
  readonly snapshotKit: (root: string) => { dir: string; kit: string }
  readonly commitOf: (ref: string, cwd?: string) => string
  readonly kitWatcher: (options: { mutant: boolean; tolerated?: { rules: Set<string>; checks: Set<string> } }) => {
    chunk: (text: string) => Verdict | undefined
    end: (code: number | null) => Verdict
  }
}

interface Verdict {
  readonly outcome: string
  readonly rule?: string | null
  readonly check?: string | null
  readonly failures?: ReadonlyArray<string>
  readonly failedChecks?: ReadonlyArray<string>
  readonly tolerated?: ReadonlyArray<string>
}

const TOOL = resolve(dirname(fileURLToPath(import.meta.url)), '../bench/sampled.mjs')
const tool = (await import(pathToFileURL(TOOL).href)) as SampledTool
const FILE = join(tool.REPO, 'src', 'rules', 'calendarDays.ts')
const dir = mkdtempSync(join(tmpdir(), 'sampled-bench-'))

afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Runs `expression` against the module in a fresh node process, with `mutant` active or none. */
const evaluate = (module: string, expression: string, mutant: string | undefined): unknown => {
  const env: NodeJS.ProcessEnv = { ...process.env }
  delete env[tool.ACTIVE_MUTANT_ENV]
  if (mutant !== undefined) env[tool.ACTIVE_MUTANT_ENV] = mutant
  const script = `const m = await import(${JSON.stringify(pathToFileURL(module).href)}); process.stdout.write(JSON.stringify(${expression}))`
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' }))
}

describe('the sampled benchmark tool', () => {
  it('instruments one file, and the environment variable switches a mutant on in its process only', async () => {
    const { files, mutants } = await tool.instrumentFiles([FILE])
    expect(mutants.length).toBeGreaterThan(10)
    expect(new Set(mutants.map((m) => m.id)).size).toBe(mutants.length)
    // isWeekend's comparison `weekday(n) >= 6` made always true
    const alwaysWeekend = mutants.find((m) => m.original === 'weekday(n) >= 6' && m.replacement === 'true')
    expect(alwaysWeekend).toMatchObject({ file: 'src/rules/calendarDays.ts', mutator: 'ConditionalExpression' })
    const module = join(dir, 'calendarDays.mjs')
    writeFileSync(module, await tool.transpile(files.get(FILE) ?? '', FILE))
    // 2026-11-25 is a Wednesday, 2026-11-28 a Saturday
    const days = 'm.isWeekend(m.dayNumber({ year: 2026, month: 11, day: 25 })) + "," + m.isWeekend(m.dayNumber({ year: 2026, month: 11, day: 28 }))'
    expect(evaluate(module, days, undefined)).toBe('false,true')
    expect(evaluate(module, days, alwaysWeekend?.id)).toBe('true,true')
    // another mutant of the same comparison, `weekday(n) > 6`: Saturday is no longer a weekend day
    const sundayOnly = mutants.find((m) => m.original === 'weekday(n) >= 6' && m.replacement === 'weekday(n) > 6')
    expect(sundayOnly).toBeDefined()
    expect(evaluate(module, days, sundayOnly?.id)).toBe('false,false')
  })

  it('draws a sample without replacement, the same for the same seed', () => {
    const items = Array.from({ length: 1000 }, (_, i) => i)
    const a = tool.sample(items, 150, 42)
    expect(a).toHaveLength(150)
    expect(new Set(a).size).toBe(150)
    expect(tool.sample(items, 150, 42)).toEqual(a)
    expect(tool.sample(items, 150, 43)).not.toEqual(a)
    expect(tool.sample(items, 5000, 1)).toHaveLength(1000)
  })

  it('takes what judges (the kit and the oracle library) from the root it is given: --judge-with judges with another commit than the mutants', () => {
    // a stand-in root with a library and a kit of its own, as treeOfCommit extracts and builds one
    const root = join(dir, 'judge-root')
    const put = (path: string, text: string): void => {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), text)
    }
    put('package.json', '{"name":"shipper-rules","version":"0.0.0-judge"}')
    put('dist/esm/index.js', 'export const judge = "the library of the judging root"\n')
    put('conformance/package.json', '{"name":"shipper-rules-conformance","version":"0.0.0-judge"}')
    put('conformance/bin/shipper-rules-conformance.js', '// the kit of the judging root\n')
    put('conformance/dist/index.js', 'export const kit = "the kit of the judging root"\n')
    const snap = tool.snapshotKit(root)
    try {
      expect(readFileSync(snap.kit, 'utf8')).toBe('// the kit of the judging root\n')
      expect(readFileSync(join(snap.dir, 'kit', 'dist', 'index.js'), 'utf8')).toContain('the kit of the judging root')
      expect(readFileSync(join(snap.dir, 'node_modules', 'shipper-rules', 'dist', 'esm', 'index.js'), 'utf8')).toContain('the library of the judging root')
      expect(JSON.parse(readFileSync(join(snap.dir, 'node_modules', 'shipper-rules', 'package.json'), 'utf8'))).toMatchObject({ version: '0.0.0-judge' })
    } finally {
      rmSync(snap.dir, { recursive: true, force: true })
    }
  })

  it('reads a ref as the commit it names once, and refuses one that names none', () => {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: tool.REPO, encoding: 'utf8' }).trim()
    expect(tool.commitOf('HEAD')).toBe(head)
    expect(tool.commitOf(head.slice(0, 9))).toBe(head)
    expect(() => tool.commitOf('no-such-ref-for-the-sampled-bench')).toThrow()
  })

  describe("reading the kit's standard error", () => {
    // what the kit prints: a line as each check ends, the FAILED lines at its end (a check's name may hold parentheses)
    const CALENDAR = 'coverage: quote calendar (business days)'
    const failing = [
      'shipper-rules-conformance http://127.0.0.1:1: 40 checks, 90 rules, 25 runs a property, seed 7\n',
      '- quote-request: 0 failure(s), 120 requests, 1.0 s; 3/90 rules done\n',
      `- ${CALENDAR}: 1 failure(s), 30 requests, 2.0 s; 9/90 rules done\n`,
      '- stateful: order lifecycle: 0 failure(s), 80 requests, 3.0 s; 20/90 rules done\n',
      `\nFAILED QTE-04 (${CALENDAR}): estimatedDeliveryDate …\n  expected: a\n  actual:   b\n\ncurl …\n`,
      '\n88 rules passed, 1 failed; 1 failure(s), 900 requests, 20.0 s, seed 7\n',
    ]
    const feed = (watch: ReturnType<SampledTool['kitWatcher']>, parts: ReadonlyArray<string>, code: number): Verdict => {
      for (const part of parts) {
        // cut each part in two mid-line: a verdict never depends on how the pipe splits the text
        const cut = Math.floor(part.length / 2)
        const early = watch.chunk(part.slice(0, cut)) ?? watch.chunk(part.slice(cut))
        if (early !== undefined) return early
      }
      return watch.end(code)
    }

    it('catches a mutant at the first check that ends with a failure, and the baseline runs to its end listing every failure', () => {
      expect(feed(tool.kitWatcher({ mutant: true }), failing, 1)).toEqual({ outcome: 'caught', rule: null, check: CALENDAR })
      expect(feed(tool.kitWatcher({ mutant: false }), failing, 1)).toMatchObject({ outcome: 'caught', rule: 'QTE-04', failures: ['QTE-04'], failedChecks: [CALENDAR] })
      expect(feed(tool.kitWatcher({ mutant: true }), [failing[0] ?? '', failing[1] ?? '', '\n90 rules passed; 0 failure(s)\n'], 0)).toMatchObject({ outcome: 'survived' })
      expect(feed(tool.kitWatcher({ mutant: true }), [failing[0] ?? '', '- stateful: appointments: crashed: TypeError: x is undefined\n'], 1)).toMatchObject({ outcome: 'caught', rule: 'KIT-CRASH', check: 'stateful: appointments' })
      expect(feed(tool.kitWatcher({ mutant: true }), [failing[0] ?? ''], 2)).toMatchObject({ outcome: 'kit error' })
    })

    it("with the baseline's failures tolerated, a mutant failing only those survives, and one failing another rule or check is caught", () => {
      const tolerated = { rules: new Set(['QTE-04']), checks: new Set([CALENDAR]) }
      expect(feed(tool.kitWatcher({ mutant: true, tolerated }), failing, 1)).toEqual({ outcome: 'survived', summary: '88 rules passed, 1 failed; 1 failure(s), 900 requests, 20.0 s, seed 7', tolerated: ['QTE-04'] })
      // another check fails: caught there, before the end
      const another = [...failing.slice(0, 3), '- stateful: order lifecycle: 2 failure(s), 80 requests, 3.0 s\n', ...failing.slice(4)]
      expect(feed(tool.kitWatcher({ mutant: true, tolerated }), another, 1)).toEqual({ outcome: 'caught', rule: null, check: 'stateful: order lifecycle' })
      // the tolerated check fails another rule too: caught at that rule's FAILED line
      const moreRules = [...failing.slice(0, 4), `\nFAILED QTE-03 (${CALENDAR}): transitDays …\n`, ...failing.slice(4)]
      expect(feed(tool.kitWatcher({ mutant: true, tolerated }), moreRules, 1)).toEqual({ outcome: 'caught', rule: 'QTE-03', check: CALENDAR })
    })
  })
})
