// docs/tracking.md's worked example must be what the code computes: every center, radius, flag,
// message and sentence in its table comes from the three example files, run through the CLI's
// tracking kind (the same composition a server makes with shipper-rules/geo).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { trackingKind } from '../src/cli/tracking.js'
import type { Tracking } from '../src/model/tracking.js'

const ROOT = join(import.meta.dirname, '..')
const doc = readFileSync(join(ROOT, 'docs', 'tracking.md'), 'utf8')
const row = (label: string): string => doc.split('\n').find((l) => l.startsWith(`| ${label} |`)) ?? ''
const locationOf = (file: string) => {
  const r = trackingKind(JSON.parse(readFileSync(join(ROOT, 'examples', 'tracking', file), 'utf8')))
  if (r._tag === 'Left') throw new Error(`${file}: ${r.left.detail}`)
  return (r.right as Tracking).location!
}

describe('TRK-03 docs/tracking.md worked example', () => {
  it('states the centers, radii, flags, messages and sentences the code computes, column by column', () => {
    const files = ['valid-chicago-dallas-no-ping.json', 'valid-chicago-dallas-fresh-ping.json', 'valid-chicago-dallas-stale-ping-off-route.json']
    const cells = (label: string) => row(label).split('|').slice(2, 5).map((c) => c.trim())
    const [centers, radii, delayed, sentences] = ['center', 'uncertaintyRadiusKm', 'isSignificantlyDelayed', 'statusDescription'].map(cells)
    files.forEach((file, i) => {
      const loc = locationOf(file)
      expect(centers![i]).toBe(`${loc.center.latitude.toFixed(6)}, ${loc.center.longitude.toFixed(6)}`)
      expect(radii![i]).toMatch(new RegExp(`= ${String(loc.uncertaintyRadiusKm).replace('.', '\\.')}$`))
      expect(delayed![i]!.startsWith(String(loc.isSignificantlyDelayed))).toBe(true)
      if (loc.isSignificantlyDelayed) expect(delayed![i]).toContain(loc.delayMessage)
      expect(sentences![i]).toBe(loc.statusDescription ?? '(omitted: delayed)')
    })
  })
})
