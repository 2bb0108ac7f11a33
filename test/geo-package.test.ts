// The ZIP table ships once (issue 15): the published files (npm pack --dry-run, so exactly what the
// tarball holds; npm test builds dist/ first) carry the table's data in one file, the JSON data
// module that both the ES-module build and the CommonJS bundle of shipper-rules/geo load.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { npm, ROOT } from './support/pack.js'

const table = JSON.parse(readFileSync(join(ROOT, 'src', 'geo', 'zipTable.json'), 'utf8')) as Record<string, string | number>

describe('package: shipper-rules/geo', () => {
  it("the ZIP table's data is in exactly one file of the package, dist/esm/geo/zipTable.json, and both builds load it", () => {
    const [packed] = JSON.parse(npm(['pack', '--dry-run', '--json', '--silent'], ROOT)) as Array<{ files: Array<{ path: string }> }>
    const files = packed!.files.map((f) => f.path)
    expect(files).toContain('dist/esm/geo/zipTable.json')
    // Distinctive slices of every stream of the table (64 characters from its middle): none may
    // appear in a second file, whatever its encoding there (a bundle would hold the same literals).
    const streams = ['cities', 'cityRefs', 'zips', 'lats', 'lons', 'stateRuns', 'zoneRuns']
    const slices = streams.map((name) => {
      const s = table[name]
      expect(typeof s === 'string' && s.length >= 200).toBe(true)
      const mid = String(s).length >> 1
      return [name, String(s).slice(mid, mid + 64)] as const
    })
    const holders = new Set<string>()
    for (const file of files) {
      const text = readFileSync(join(ROOT, file), 'latin1')
      for (const [, slice] of slices) if (text.includes(slice)) holders.add(file)
    }
    expect([...holders]).toEqual(['dist/esm/geo/zipTable.json'])
    // the CommonJS bundle requires the ES build's data file; the ES build imports it as JSON
    expect(readFileSync(join(ROOT, 'dist', 'geo.cjs'), 'utf8')).toMatch(/require\("\.\/esm\/geo\/zipTable\.json"\)/)
    expect(readFileSync(join(ROOT, 'dist', 'esm', 'geo', 'zips.js'), 'utf8')).toMatch(/from '\.\/zipTable\.json' with \{ type: 'json' \}/)
  }, 60_000)
})
