// README.md and the pages it sends a reader to first run (STYLE: examples run). Every ```ts block
// of README.md and docs/guide.md is executed with the names it imports ('shipper-rules',
// 'shipper-rules/geo', 'shipper-rules/openapi' and 'luxon', mapped to the sources) and nothing
// else, and each `//=> value` in it is asserted (the syntax is in test/support/docExamples.ts).
// Every line of the first ```sh block of docs/cli.md runs against the built bin (npm test builds
// first) and must end with the exit code its comment shows. README.md fits on a page: at most 150
// lines (issue 32).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, normalize } from 'node:path'
import * as luxon from 'luxon'
import { describe, expect, it } from 'vitest'
import * as geo from '../src/geo/index.js'
import * as api from '../src/index.js'
import * as openapi from '../src/openapi/index.js'
import { runExample, withAssertions } from './support/docExamples.js'
import { npm } from './support/pack.js'

const ROOT = join(import.meta.dirname, '..')
const read = (page: string): string => readFileSync(join(ROOT, page), 'utf8')
/** The pages whose ```ts blocks run. */
const TOURS = ['README.md', 'docs/guide.md'] as const

const MODULES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  'shipper-rules': api,
  'shipper-rules/geo': geo,
  'shipper-rules/openapi': openapi,
  luxon,
}

interface Block {
  readonly page: string
  readonly lang: string
  readonly offset: number
  /** The line of the page where the block's first line of code stands. */
  readonly line: number
  readonly lines: ReadonlyArray<string>
}

const blocksOf = (page: string): Block[] => {
  const text = read(page)
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({
    page,
    lang: m[1]!,
    offset: m.index,
    line: text.slice(0, m.index).split('\n').length + 1,
    lines: m[2]!.replace(/\n$/, '').split('\n'),
  }))
}

const IMPORT = /^import\s+\{([^}]*)\}\s+from\s+'([^']+)'\s*$/

/** A ```ts block as code with assertions, and the names its imports bring in. */
const prepare = (block: Block): { code: string; scope: Record<string, unknown> } => {
  const scope: Record<string, unknown> = {}
  const body: string[] = []
  for (const line of block.lines) {
    const m = IMPORT.exec(line)
    if (m === null) {
      expect(line, 'an import the runner does not read').not.toMatch(/^import\b/)
      body.push(line)
      continue
    }
    const module = MODULES[m[2]!]
    expect(module, `an import from '${m[2]!}'`).toBeDefined()
    for (const name of m[1]!.split(',').map((n) => n.trim()).filter((n) => n !== '' && !n.startsWith('type '))) {
      expect(Object.keys(module!), `'${m[2]!}' exports ${name}`).toContain(name)
      scope[name] = module![name]
    }
  }
  return { code: withAssertions(body), scope }
}

describe('README.md', () => {
  it('fits on a page: at most 150 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(150)
  })
})

describe('README.md and docs/guide.md code blocks', () => {
  const tsBlocks = TOURS.flatMap(blocksOf).filter((b) => b.lang === 'ts')
  it('there are blocks to run, on each page', () => {
    expect(tsBlocks.filter((b) => b.page === 'README.md').length).toBeGreaterThanOrEqual(1)
    expect(tsBlocks.length).toBeGreaterThanOrEqual(8)
  })
  for (const block of tsBlocks) {
    it(`${block.page}:${block.line} runs and every result it shows holds`, () => {
      const { code, scope } = prepare(block)
      expect(runExample(code, scope)).toBeGreaterThan(0)
    })
  }
})

describe('docs/cli.md, the command line', () => {
  const block = blocksOf('docs/cli.md').find((b) => b.lang === 'sh')
  const lines = (block?.lines ?? []).filter((l) => l.trim() !== '')
  // The lines run in a scratch folder that sees examples/ (so `openapi > shipper-v1.json` writes there).
  const cwd = mkdtempSync(join(tmpdir(), 'shipper-rules-readme-'))
  symlinkSync(join(ROOT, 'examples'), join(cwd, 'examples'))

  it('has commands, each with the exit code it ends with', () => {
    expect(lines.length).toBeGreaterThan(10)
    expect(lines.filter((l) => !/^[^#]*\bnpx shipper-rules\b[^#]*#\s*exit [012]\b/.test(l))).toEqual([])
  })
  for (const line of lines) {
    const [command = '', comment = ''] = line.split(/\s+#\s+/, 2)
    it(command, () => {
      const files = command.split(/\s+/).filter((w, i, all) => /\.json$/.test(w) && !w.includes('*') && all[i - 1] !== '>')
      expect(files.filter((f) => !existsSync(join(ROOT, f)))).toEqual([])
      const shell = command.replaceAll('npx shipper-rules', `${JSON.stringify(process.execPath)} ${JSON.stringify(join(ROOT, 'dist', 'cli.js'))}`)
      const r = spawnSync('sh', ['-c', shell], { cwd, encoding: 'utf8' })
      expect({ exit: r.status, stderr: r.stderr }).toEqual({ exit: Number(/exit (\d)/.exec(comment)![1]), stderr: '' })
    })
  }
})

describe('README.md links', () => {
  // The README is read on npm and in node_modules, so its relative links (and those of the docs
  // shipped with it) must resolve inside the tarball: to a file package.json "files" ships.
  it('every relative link of README.md and the shipped docs/*.md names a file in the packed package', () => {
    const [pack] = JSON.parse(npm(['pack', '--dry-run', '--json', '--silent'], ROOT)) as Array<{ files: Array<{ path: string }> }>
    const shipped = new Set(pack!.files.map((f) => f.path))
    const pages = ['README.md', ...[...shipped].filter((f) => /^docs\/[^/]+\.md$/.test(f))]
    expect(pages.length).toBeGreaterThan(1)
    const links = pages.flatMap((page) => {
      const text = readFileSync(join(ROOT, page), 'utf8').replace(/^```[\s\S]*?^```$/gm, '')
      return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
        .map((m) => m[1]!)
        .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
        .map((target) => ({ page, target, file: normalize(join(dirname(page), target.replace(/#.*$/, ''))).split('\\').join('/') }))
    })
    expect(links.length).toBeGreaterThan(5)
    expect(links.filter((l) => !shipped.has(l.file))).toEqual([])
  })
})
