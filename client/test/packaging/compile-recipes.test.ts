// The client README's compile recipe (issue 35 item 4), run as written: TypeScript 5.9 and 7, each in an
// ES module project ("type": "module") and in a CommonJS one (what `npm init -y` makes), compile the
// README's program with the README's one line and run the output with node. Before the recipe, a bare
// `tsc --strict` failed with TypeScript 5.9 (its default target ES5 has no lib for the types the
// declarations use) and TypeScript 7 wrote ES module syntax into the CommonJS project (Node 20.20 runs it
// only by re-parsing it as an ES module, with a warning); this test also shows the bare line still goes
// wrong where it did, so the recipe's flags are what make the difference. The recipe's output runs with
// nothing on standard error.
//
// The two compilers come from the npm registry (the network `npm ci` uses), installed once per machine
// into a cache under the system's temporary directory; the client and the library are linked into each
// project from the repository, as `npm install` of the tarballs would place them.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { limitMs } from 'shipper-rules-testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const CLIENT = join(import.meta.dirname, '..', '..')
const REPO = join(CLIENT, '..')
const README = readFileSync(join(CLIENT, 'README.md'), 'utf8')
const LIMIT = limitMs(240_000)

/** The README's section: its program (the ```ts block) and its compile line (the line starting `npx tsc` in the ```sh block). */
const section = README.slice(README.indexOf('\n## Compile it\n'))
const program = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? ''
const compileLine = /^npx tsc .*$/m.exec(/```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '')?.[0] ?? ''
const expectedOutput = /^\/\/ prints: (.*)$/m.exec(program)?.[1] ?? ''

const VERSIONS = ['5.9.3', '7.0.2'] as const
const CACHE = join(tmpdir(), 'shipper-rules-client-tsc-cache')

const tscOf = (version: string): string => join(CACHE, version, 'node_modules', 'typescript', 'bin', 'tsc')

const project = (root: string, name: string, type: 'module' | 'commonjs'): string => {
  const dir = join(root, name)
  mkdirSync(join(dir, 'node_modules'), { recursive: true })
  // what `npm init -y` writes (no "type": CommonJS), or the same with "type": "module"
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', main: 'index.js', ...(type === 'module' ? { type: 'module' } : {}) }, null, 2))
  symlinkSync(CLIENT, join(dir, 'node_modules', 'shipper-rules-client'), 'dir')
  symlinkSync(REPO, join(dir, 'node_modules', 'shipper-rules'), 'dir')
  writeFileSync(join(dir, 'tour.ts'), program)
  return dir
}

/** Runs a README command line (`npx tsc …`) with the given compiler in `dir`; resolves to the compiler's output, '' when it succeeded. */
const compile = async (version: string, dir: string, line: string): Promise<string> => {
  const args = line.split(/\s+/).slice(2) // after `npx tsc`
  return run(process.execPath, [tscOf(version), ...args], { cwd: dir, timeout: LIMIT }).then(
    () => '',
    (e: { stdout?: string; stderr?: string; message: string }) => `${e.stdout ?? ''}${e.stderr ?? ''}` || e.message,
  )
}

let root = ''
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'client-recipes-'))
  for (const version of VERSIONS) {
    if (existsSync(tscOf(version))) continue
    const dir = join(CACHE, version)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'package.json'), '{"private":true}')
    await run('npm', ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts=false', `typescript@${version}`], { cwd: dir, timeout: LIMIT })
  }
}, LIMIT)
afterAll(() => {
  if (root !== '') rmSync(root, { recursive: true, force: true })
})

describe('the README compile recipe', () => {
  it('has a program, one compile line and the output the program prints', () => {
    expect(program).toContain("from 'shipper-rules-client'")
    expect(compileLine).toMatch(/^npx tsc /)
    expect(expectedOutput.length).toBeGreaterThan(0)
  })

  for (const version of VERSIONS) {
    for (const type of ['module', 'commonjs'] as const) {
      it(`TypeScript ${version}, ${type === 'module' ? 'an ES module' : 'a CommonJS (npm init -y)'} project: the line compiles the program and node runs it`, async () => {
        const dir = project(root, `ts${version.replaceAll('.', '')}-${type}`, type)
        expect(await compile(version, dir, compileLine)).toBe('')
        const out = await run(process.execPath, [join(dir, 'dist', 'tour.js')], { cwd: dir, timeout: LIMIT })
        expect(out.stdout.trim()).toBe(expectedOutput)
        // the output is in the project's own format: node neither re-parses it nor warns
        expect(out.stderr).toBe('')
        expect(readFileSync(join(dir, 'dist', 'tour.js'), 'utf8')).toMatch(type === 'module' ? /^import /m : /require\("shipper-rules-client"\)/)
      }, LIMIT)
    }
  }

  it('the bare `tsc --strict` is no recipe: TypeScript 5.9 refuses the declarations, TypeScript 7 writes ES module syntax into a CommonJS project (node only runs it by re-parsing, with a warning)', async () => {
    const ts5 = project(root, 'bare-ts5', 'commonjs')
    expect(await compile('5.9.3', ts5, 'npx tsc --strict tour.ts')).toMatch(/error TS\d+/)
    const ts7 = project(root, 'bare-ts7', 'commonjs')
    expect(await compile('7.0.2', ts7, 'npx tsc --strict tour.ts')).toBe('')
    expect(readFileSync(join(ts7, 'tour.js'), 'utf8')).toMatch(/^import .* from 'shipper-rules-client'/m)
    const ran = await run(process.execPath, [join(ts7, 'tour.js')], { cwd: ts7, timeout: LIMIT })
    expect(ran.stderr).toMatch(/MODULE_TYPELESS_PACKAGE_JSON|Cannot use import statement outside a module/)
  }, LIMIT)
})
