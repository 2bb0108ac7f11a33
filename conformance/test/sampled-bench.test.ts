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
})
