// docs/freight-class.md is generated from the density scales and mergeAppointment; this renders
// it again from the sources, with the script's own function, and keeps the two from drifting.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as api from '../src/index.js'

const ROOT = join(import.meta.dirname, '..')
const SCRIPT = pathToFileURL(join(ROOT, 'scripts', 'freight-class-doc.mjs')).href

interface DocScript {
  readonly MERGE_EXAMPLES: Readonly<Record<'place' | 'order', string>>
  readonly freightClassDoc: (lib: typeof api, examples: Readonly<Record<'place' | 'order', unknown>>) => string
}

describe('docs/freight-class.md', () => {
  it('is exactly the page the code generates (regenerate with node scripts/freight-class-doc.mjs)', async () => {
    const { MERGE_EXAMPLES, freightClassDoc } = (await import(SCRIPT)) as DocScript
    const read = (path: string): unknown => JSON.parse(readFileSync(join(ROOT, path), 'utf8'))
    const expected = freightClassDoc(api, { place: read(MERGE_EXAMPLES.place), order: read(MERGE_EXAMPLES.order) })
    expect(readFileSync(join(ROOT, 'docs', 'freight-class.md'), 'utf8')).toBe(expected)
  })
  it('charts both scales, one step line each, a dot at every lower bound above 0, with a legend', async () => {
    const doc = readFileSync(join(ROOT, 'docs', 'freight-class.md'), 'utf8')
    const svg = /^<svg[\s\S]*?^<\/svg>$/m.exec(doc)?.[0] ?? ''
    expect(svg).not.toMatch(/\n\s*\n/) // a blank line would end the HTML block in Markdown
    expect(svg.match(/<path /g)).toHaveLength(2)
    const scales = [api.DENSITY_SCALE_18, api.NMFC_2025_SCALE]
    expect(svg.match(/<circle /g)).toHaveLength(scales.reduce((n, s) => n + s.bands.filter((b) => b.minPcf > 0).length, 0))
    for (const s of scales) expect(svg).toContain(`>${s.name} (${s.bands.length} bands)</text>`)
  })
})
