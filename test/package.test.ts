// The published package as users load it (npm test builds dist/ first): the exports map gives an
// ES-module build to `import` and a CommonJS build to `require`, with matching declarations, and
// both builds export the same surface and behave the same.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>

describe('package', () => {
  it('declares no runtime dependencies beyond fp-ts, io-ts and luxon, and no side effects', () => {
    expect(Object.keys(pkg['dependencies'] as object).sort()).toEqual(['fp-ts', 'io-ts', 'luxon'])
    expect(pkg['sideEffects']).toBe(false)
    expect(pkg['bin']).toEqual({ 'shipper-rules': './dist/cli.js' })
  })
  it('import and require give the same exports, and the same answers', async () => {
    const esm = (await import('shipper-rules')) as Record<string, unknown>
    const cjs = createRequire(import.meta.url)('shipper-rules') as Record<string, unknown>
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort())
    expect(Object.keys(esm).length).toBeGreaterThan(50)
    const input = { zipCode: ' 00802 ', country: 'us', state: 'vi' }
    type Normalize = (i: unknown, o: unknown) => unknown
    const a = (esm['normalizeAddress'] as Normalize)(input, { purpose: 'quote' })
    const b = (cjs['normalizeAddress'] as Normalize)(input, { purpose: 'quote' })
    expect(a).toEqual(b)
    expect(a).toMatchObject({ _tag: 'Right', right: { country: 'VI', state: 'VI' } })
  })
  it('TypeScript consumers type-check in both module systems (NodeNext resolution)', () => {
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
    const out = execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'test', 'fixtures', 'tsconfig.json')], { encoding: 'utf8' })
    expect(out).toBe('')
  })
})
