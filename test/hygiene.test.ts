// The package as npm publishes it (npm test builds dist/ first): the tarball `npm pack` makes,
// judged by publint and by @arethetypeswrong/cli, and installed in an empty project where
// `npx shipper-rules` must run. The CLI imports the package's own ES modules, so the ZIP table
// ships once (dist/esm/geo), not a second time inside dist/cli.js. fast-check, the optional peer
// dependency of shipper-rules/arbitraries, is never reached from the main entry point.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import { beforeAll, describe, expect, it } from 'vitest'
import { npm, packTarball, ROOT } from './support/pack.js'

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
let tmp = ''
let tarball = ''

beforeAll(() => {
  const packed = packTarball('shipper-rules-pack-')
  tmp = packed.tmp
  tarball = packed.tarball
})

describe('the packed tarball', () => {
  it('publint finds nothing to report, not even a suggestion', async () => {
    const file = readFileSync(tarball)
    const { messages, pkg: packed } = await publint({ pack: { tarball: file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) }, level: 'suggestion', strict: true })
    expect(messages.map((m) => formatMessage(m, packed) ?? m.code)).toEqual([])
  })
  it('are the types wrong: no problem in any entry point, under node10, node16 (CJS and ESM) and bundler resolution', () => {
    // shipper-rules/openapi.json is checked too: the file lies at the package root, where node10
    // resolution (which ignores "exports") finds it as a plain file, and "exports" names that file.
    const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/@arethetypeswrong/cli/dist/index.js'), tarball, '--format', 'json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    const report = JSON.parse(r.stdout) as { analysis: { entrypoints: Record<string, unknown> }; problems?: Record<string, unknown[]> }
    expect(Object.keys(report.analysis.entrypoints).sort()).toEqual(['.', './arbitraries', './geo', './openapi', './openapi.json', './package.json'])
    expect(Object.values(report.problems ?? {}).flat()).toEqual([])
    expect(r.status).toBe(0)
  })
  it('carries the license, openapi.json at the root, and dist/cli.js without the ZIP table (it imports dist/esm at run time)', () => {
    const listing = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).stdout.split('\n')
    expect(listing).toContain('package/LICENSE')
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 shipper-rules contributors\n/)
    expect(listing).toEqual(
      expect.arrayContaining(['package/dist/cli.js', 'package/dist/esm/geo/zipTable.json', 'package/geo/package.json', 'package/openapi/package.json', 'package/arbitraries/package.json', 'package/dist/arbitraries.cjs']),
    )
    expect(listing).toContain('package/openapi.json') // once: at the root, not also in dist/
    expect(listing).not.toContain('package/dist/openapi.json')
    expect(statSync(join(ROOT, 'dist/cli.js')).size).toBeLessThan(100_000)
    expect(readFileSync(join(ROOT, 'dist/cli.js'), 'utf8')).toContain('from "./esm/geo/index.js"')
  })
  it('the main entry point never loads fast-check (an optional peer dependency, for shipper-rules/arbitraries only)', () => {
    /** The built ES modules an ES module reaches through its relative imports, itself included. */
    const reached = (entry: string): Map<string, string> => {
      const seen = new Map<string, string>()
      const visit = (file: string): void => {
        if (seen.has(file) || !file.endsWith('.js')) return
        const text = readFileSync(file, 'utf8')
        seen.set(file, text)
        for (const m of text.matchAll(/(?:from|import)\s*['"](\.{1,2}\/[^'"]+)['"]/g)) visit(join(dirname(file), m[1]!))
      }
      visit(join(ROOT, entry))
      return seen
    }
    const FAST_CHECK = /['"]fast-check['"]/
    const root = reached('dist/esm/index.js')
    expect(root.size).toBeGreaterThan(20)
    expect([...root].filter(([, text]) => FAST_CHECK.test(text)).map(([file]) => file)).toEqual([])
    for (const bundle of ['dist/index.cjs', 'dist/node/index.mjs', 'dist/geo.cjs', 'dist/openapi.cjs', 'dist/cli.js']) {
      expect([bundle, FAST_CHECK.test(readFileSync(join(ROOT, bundle), 'utf8'))]).toEqual([bundle, false])
    }
    // the check can fail: the arbitraries entry does import it, from a bundle that does not inline it
    expect([...reached('dist/esm/arbitraries/index.js').values()].some((text) => FAST_CHECK.test(text))).toBe(true)
    const cjs = readFileSync(join(ROOT, 'dist/arbitraries.cjs'), 'utf8')
    expect([cjs.includes('require("fast-check")'), /function\s+sample\b/.test(cjs)]).toEqual([true, false])
  })
  it('installed in an empty project, `npx shipper-rules` runs: --version, and validate tracking with the geo table', () => {
    const project = join(tmp, 'project')
    mkdirSync(project)
    writeFileSync(join(project, 'package.json'), '{"name": "try-shipper-rules", "private": true}\n')
    npm(['install', '--no-audit', '--no-fund', '--silent', tarball], project)
    const npx = (args: string[]) => spawnSync('npx', ['--no-install', 'shipper-rules', ...args], { cwd: project, encoding: 'utf8' })
    expect(npx(['--version']).stdout).toBe(`${pkg.version}\n`)
    const r = npx(['validate', 'tracking', join(ROOT, 'examples/tracking/valid-chicago-dallas-fresh-ping.json')])
    expect([r.status, r.stderr.replace(/^npm warn .*\n/gm, '')]).toEqual([0, ''])
    const t = (JSON.parse(r.stdout) as { value: { location: { statusDescription?: string } } }).value
    expect(t.location.statusDescription).toBe('In transit near Chatham, IL; expected Tuesday, Nov 24')
  })
})
