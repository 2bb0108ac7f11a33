// client/README.md runs (STYLE: examples run; issue 26: "The README's client tour is executed by the
// README test, like the library's"). Its code blocks are of two kinds:
//   ```ts           a whole program: run with node against the BUILT client (dist/, as an installed
//                   package is; `npm test` builds first), in a scratch folder, with SANDBOX, KEY
//                   and TOKEN set to the run's sandbox (test/support/globalSetup.ts) and a company
//                   of its own, as the banner's export line sets them for a reader. It must exit 0
//                   with nothing on stderr, and print, line by line, what its `// prints: …`
//                   comments say (a `…` there stands for any text: order numbers differ per run).
//   ```ts fragment  a piece of a program: type-checked only, with `client` (a ShipperClient) and
//                   `orderNumber` (a string) declared around it.
// Every block, both kinds, is type-checked as a strict TypeScript program of its own (strict,
// exactOptionalPropertyTypes, noUncheckedIndexedAccess, NodeNext, @types/node) against the
// package's published declarations: what a reader copies compiles.
// The tour (the first ```ts block under "## Tour") must also book, confirm, reach DELIVERED and
// write the invoice PDF into its folder, in a dozen statements (imports aside).
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { transform } from 'esbuild'
import ts from 'typescript'
import { limitMs } from 'shipper-rules-testkit'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { newCompany, type Credentials } from './support/sandbox.js'

const run = promisify(execFile)
/** A test's limit: tsc over every block, or a program's run (which waits for DELIVERED), on a loaded machine; a bound, never a timing. */
const TEST_LIMIT_MS = limitMs(180_000)
const CLIENT = join(import.meta.dirname, '..')
const REPO = join(CLIENT, '..')
const README = readFileSync(join(CLIENT, 'README.md'), 'utf8')

interface Block {
  readonly kind: 'program' | 'fragment'
  /** The line of README.md where the block's first line of code stands. */
  readonly line: number
  readonly offset: number
  readonly code: string
}

const blocks: ReadonlyArray<Block> = [...README.matchAll(/^```ts( fragment)?\n([\s\S]*?)^```$/gm)].map((m) => ({
  kind: m[1] === undefined ? 'program' : 'fragment',
  line: README.slice(0, m.index).split('\n').length + 1,
  offset: m.index,
  code: m[2]!,
}))
const programs = blocks.filter((b) => b.kind === 'program')
const tourHeading = README.indexOf('\n## Tour\n')
const tour = programs.find((b) => tourHeading >= 0 && b.offset > tourHeading)

/** What a program's `// prints: …` comments say it prints, in order. */
const expectedLines = (code: string): string[] => [...code.matchAll(/\/\/ prints: (.*)$/gm)].map((m) => m[1]!.trim())
/** A printed line against an expected one, where `…` stands for any text. */
const matches = (printed: string, expected: string): boolean =>
  new RegExp(`^${expected.split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(printed)

// The scratch folder lives under client/node_modules/ (ignored by git), so that `shipper-rules-client`
// resolves as it does for an installed package: through the workspace link in the repository's
// node_modules/ to client/package.json's exports, that is to dist/.
const scratchRoot = join(CLIENT, 'node_modules', '.cache')
mkdirSync(scratchRoot, { recursive: true })
const scratch = mkdtempSync(join(scratchRoot, 'readme-test-'))
const fileOf = (block: Block, ext: string): string => join(scratch, `readme-${block.line}.${ext}`)

describe('client/README.md code blocks', () => {
  let company: Credentials | undefined

  beforeAll(async () => {
    expect(existsSync(join(CLIENT, 'dist', 'esm', 'index.js')), 'the client is built (npm run build in client/; npm test does it first)').toBe(true)
    company = await newCompany(inject('base'), inject('operatorToken'), 'README tour')
  })
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))

  it('has a tour and further programs and fragments', () => {
    expect(tour, 'a ```ts block under "## Tour"').toBeDefined()
    expect(programs.length).toBeGreaterThanOrEqual(2)
    expect(blocks.length).toBeGreaterThan(programs.length)
  })

  it('the tour books, confirms, tracks to DELIVERED and saves the invoice in a dozen statements, importing only the client (and node:fs to save the file)', () => {
    const statements = ts.createSourceFile('tour.mts', tour!.code, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS).statements
    const imports = statements.filter(ts.isImportDeclaration).map((s) => (s.moduleSpecifier as ts.StringLiteral).text)
    expect(imports.sort()).toEqual(['node:fs/promises', 'shipper-rules-client'])
    expect(statements.length - imports.length).toBeLessThanOrEqual(12)
    for (const method of ['quotes.create', 'shipments.create', 'shipments.confirm', 'waitForStatus', 'documents.download']) expect(tour!.code).toContain(`client.${method}(`)
    // the carrier is the sandbox's control, the one request the tour writes by hand, and it is not the API's
    expect(tour!.code.match(/fetch\(/g)).toHaveLength(1)
    expect(tour!.code).toMatch(/fetch\(`\$\{SANDBOX\}\/sandbox\/orders\//)
    // and its answer is checked: a refused carrier event throws at once instead of leaving waitForStatus to time out
    expect(tour!.code).toMatch(/const answer = await fetch\(/)
    expect(tour!.code).toMatch(/if \(!answer\.ok\) throw /)
  })

  it('every block type-checks as a strict program against the published declarations', async () => {
    const files = blocks.map((b) => {
      const file = fileOf(b, b.kind === 'program' ? 'mts' : 'fragment.mts')
      const prelude = b.kind === 'program' ? '' : "import type { ShipperClient } from 'shipper-rules-client'\ndeclare const client: ShipperClient\ndeclare const orderNumber: string\n"
      writeFileSync(file, `${prelude}${b.code}\nexport {}\n`)
      return file
    })
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2023'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          noUnusedLocals: false,
          types: ['node'],
          noEmit: true,
          skipLibCheck: false,
        },
        files,
      }),
    )
    const tsc = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc')
    const r = await run(process.execPath, [tsc, '-p', join(scratch, 'tsconfig.json')], { cwd: scratch, timeout: TEST_LIMIT_MS - 5_000 }).then(
      () => '',
      (e: { stdout?: string; message: string }) => e.stdout || e.message,
    )
    // a type error names the README line: readme-<line>.mts(<row>,<col>)
    expect(r.replaceAll(`${scratch}/`, '')).toBe('')
  }, TEST_LIMIT_MS)

  it('every relative link names a heading of the README or a file the package ships (it is read on npm and in node_modules, where ../ is nothing)', () => {
    const pkg = JSON.parse(readFileSync(join(CLIENT, 'package.json'), 'utf8')) as { files: ReadonlyArray<string> }
    const text = README.replace(/^```[\s\S]*?^```$/gm, '')
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t))
    expect(links.length).toBeGreaterThan(0)
    const slug = (heading: string): string => heading.toLowerCase().replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, '-')
    const anchors = new Set([...text.matchAll(/^#+ (.+)$/gm)].map((m) => `#${slug(m[1]!)}`))
    const shipped = (t: string): boolean => pkg.files.some((f) => t === f || t.startsWith(`${f}/`)) && existsSync(join(CLIENT, t))
    expect(links.filter((t) => (t.startsWith('#') ? !anchors.has(t) : !shipped(t.replace(/#.*$/, ''))))).toEqual([])
  })

  for (const block of programs) {
    it(`README.md:${block.line} runs against the sandbox and prints what its comments say`, async () => {
      const { code } = await transform(block.code, { loader: 'ts', format: 'esm', target: 'node20' })
      const folder = mkdtempSync(join(scratch, `run-${block.line}-`))
      const file = join(folder, 'program.mjs')
      writeFileSync(file, code)
      const env = { ...process.env, SANDBOX: inject('base'), KEY: company!.apiKey, TOKEN: company!.token }
      const r = await run(process.execPath, [file], { cwd: folder, env, timeout: TEST_LIMIT_MS - 5_000 }).catch((e: { stdout?: string; stderr?: string; message: string }) => {
        throw new Error(`README.md:${block.line} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`)
      })
      expect(r.stderr).toBe('')
      const printed = r.stdout.replace(/\n$/, '').split('\n')
      const expected = expectedLines(block.code)
      expect(expected.length, 'a program says what it prints').toBeGreaterThan(0)
      expect(printed.length).toBe(expected.length)
      expected.forEach((line, i) => expect(matches(printed[i]!, line), `line ${i + 1}: ${JSON.stringify(printed[i])} against "${line}"`).toBe(true))
      if (block === tour) {
        // the order reached DELIVERED (its number printed beside the status), and the invoice it saved is a PDF
        const delivered = printed.find((l) => / DELIVERED$/.test(l))
        expect(delivered).toMatch(/^\S+ DELIVERED$/)
        const orderNumber = delivered!.split(' ')[0]!
        const pdfs = readdirSync(folder).filter((f) => f.endsWith('.pdf'))
        expect(pdfs).toEqual([`${orderNumber}-invoice.pdf`])
        const pdf = readFileSync(join(folder, pdfs[0]!))
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
        expect(pdf.subarray(-16).toString('latin1')).toContain('%%EOF')
      }
    }, TEST_LIMIT_MS)
  }
})
