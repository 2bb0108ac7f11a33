// The packed tarball as consumers install it (npm test builds dist/ first): fresh projects get it
// OFFLINE from npm's cache (its dependencies are there after `npm ci`) with nothing else, then
// run test/fixtures/run.mjs and run.cjs with node, and compile the fixtures with the repository's
// tsc, strict and with skipLibCheck off, under node16 and under bundler resolution. A second
// project uses npm's linked strategy (pnpm's layout: the project reaches only shipper-rules, and
// shipper-rules only its declared dependencies), so a dependency that is declared as a
// devDependency, or not at all, fails here although the repository's own node_modules has it.
// Both projects install fast-check beside the package (an optional peer dependency, needed by
// shipper-rules/arbitraries only), at the version the repository pins, so npm's cache has it.
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as arbitraries from '../src/arbitraries/index.js'
import { npm, packTarball, ROOT } from './support/pack.js'

const FAST_CHECK = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies['fast-check']!

const FIXTURES = join(ROOT, 'test', 'fixtures')
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
const FILES = ['run.cjs', 'run.mjs', 'consumer.cts', 'consumer.mts', 'consumer-types.ts']
let tmp = ''
let hoisted = ''
let linked = ''

/** A fresh ES-module project holding the fixtures, with the tarball installed from the npm cache where it can (the registry otherwise). */
const project = (parent: string, tarball: string, strategy: 'hoisted' | 'linked'): string => {
  const dir = join(parent, strategy)
  mkdirSync(dir)
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `consumer-${strategy}`, private: true, type: 'module' }))
  for (const file of FILES) copyFileSync(join(FIXTURES, file), join(dir, file))
  npm(['install', '--prefer-offline', '--no-audit', '--no-fund', '--silent', `--install-strategy=${strategy}`, tarball, `fast-check@${FAST_CHECK}`], dir)
  return dir
}

/** Runs a command in `cwd`, bounded: its exit status and both outputs. */
const run = (command: string, args: ReadonlyArray<string>, cwd: string) => {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 60_000 })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** The one JSON line a run fixture prints, which it must print cleanly. */
const report = (dir: string, file: string): Record<string, unknown> => {
  const r = run(process.execPath, [file], dir)
  expect([file, r.status, r.stderr]).toEqual([file, 0, ''])
  return JSON.parse(r.stdout) as Record<string, unknown>
}

/** Runs run.mjs and run.cjs in `dir`: the same answers from both builds (a 400 for an empty
 * shipment, luxon judging the zone, the ZIP table, the OpenAPI document, shipper-rules/arbitraries
 * with every export of its source, its create bodies accepted by the validator and its upload
 * sizes labelled right), and the same exports. */
const bothBuildsAnswer = (dir: string): void => {
  const esm = report(dir, 'run.mjs')
  const cjs = report(dir, 'run.cjs')
  const answers = {
    exports: esm['exports'],
    created: [400, 'validation_failed'],
    zone: ['businessDays.zone pattern'],
    geo: 'America/Anchorage',
    openapi: ['3.1.0', '3.1.0'],
    arbitraries: [Object.keys(arbitraries).length, true, true],
  }
  expect(esm).toEqual({ loader: 'import', ...answers })
  expect(cjs).toEqual({ loader: 'require', ...answers })
  expect(esm['exports']).toBeGreaterThan(50)
}

/** Compiles `files` in `dir` with the strictest consumer settings: tsc's output, '' when clean. */
const tsc = (dir: string, name: string, options: Record<string, string>, files: ReadonlyArray<string>): string => {
  const compilerOptions = { target: 'ES2022', strict: true, skipLibCheck: false, noEmit: true, types: [], ...options }
  writeFileSync(join(dir, `tsconfig.${name}.json`), JSON.stringify({ compilerOptions, files }))
  const r = run(process.execPath, [TSC, '-p', `tsconfig.${name}.json`], dir)
  return `${r.stdout}${r.stderr}`
}
const NODE16 = { module: 'node16', moduleResolution: 'node16' }
const BUNDLER = { module: 'esnext', moduleResolution: 'bundler' }

beforeAll(() => {
  const packed = packTarball('shipper-rules-consumer-')
  tmp = packed.tmp
  hoisted = project(tmp, packed.tarball, 'hoisted')
  linked = project(tmp, packed.tarball, 'linked')
})
afterAll(() => {
  if (tmp !== '') rmSync(tmp, { recursive: true, force: true })
})

describe('the packed tarball in a consumer project', () => {
  it('installed by npm (hoisted): `import` and `require` run and answer alike', () => {
    bothBuildsAnswer(hoisted)
  })
  it('strict TypeScript, node16 resolution: both module systems compile with zero errors, and DateTime is not `any`', () => {
    // consumer-types.ts holds a @ts-expect-error on transitDays(string, string): an unused one is an error.
    expect(tsc(hoisted, 'node16', NODE16, ['consumer.cts', 'consumer.mts', 'consumer-types.ts'])).toBe('')
  })
  it('strict TypeScript, bundler resolution (module esnext): zero errors', () => {
    expect(tsc(hoisted, 'bundler', BUNDLER, ['consumer.mts', 'consumer-types.ts'])).toBe('')
  })
  it('installed linked (pnpm layout, only declared dependencies reachable): runs, its bin runs, its types compile', () => {
    expect(existsSync(join(linked, 'node_modules', 'luxon'))).toBe(false) // nothing hoisted to the project
    bothBuildsAnswer(linked)
    const bin = run(join(linked, 'node_modules', '.bin', 'shipper-rules'), ['transit-days', '2026-11-20', '2026-11-30', '--holidays', 'us-federal'], linked)
    expect([bin.status, bin.stdout, bin.stderr]).toEqual([0, '5\n', ''])
    // consumer-types.ts imports luxon itself, which a linked project must declare; these do not.
    expect(tsc(linked, 'node16', NODE16, ['consumer.cts', 'consumer.mts'])).toBe('')
  })
})
