// The published sandbox carries the five fonts its PDFs use (issue 35 item 6: at most 30 MB of fonts
// installed, one file per script and weight drawn), copied in when packed by scripts/bundle-fonts.mjs
// instead of depending on the three font packages (27 weights, 107 MB). The PDFs' text stays exact:
// test/pdf-unicode.test.ts reads every script back with pdf.js, from the same files.
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { FONT_FILES, FONT_PACKAGES, fontPath } from '../src/pdf/fontFiles.js'
// @ts-expect-error: a plain ES module script without declarations
import { bundleFonts } from '../scripts/bundle-fonts.mjs'

const MAX_FONT_BYTES = 30_000_000
const dir = mkdtempSync(join(tmpdir(), 'sandbox-fonts-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the bundled fonts', () => {
  it('are the five files the typesetter reads and their packages licence texts, within 30 MB', () => {
    const bytes = (bundleFonts as (dir: string) => number)(dir)
    const files = readdirSync(dir)
    const fonts = files.filter((f) => f.endsWith('.ttf'))
    expect(fonts.sort()).toEqual(Object.values(FONT_FILES).map((f) => basename(f)).sort())
    for (const pkg of FONT_PACKAGES) expect(files).toContain(`${basename(pkg)}-LICENSE_FONT`)
    const fontBytes = fonts.reduce((sum, f) => sum + statSync(join(dir, f)).size, 0)
    expect(fontBytes).toBeLessThanOrEqual(MAX_FONT_BYTES)
    expect(bytes).toBeGreaterThanOrEqual(fontBytes)
  })

  it('are read from the bundled folder when a file is there, else from its package', () => {
    const other = mkdtempSync(join(tmpdir(), 'sandbox-fonts-empty-'))
    try {
      const fromPackage = (file: string): string => `package:${file}`
      expect(fontPath(FONT_FILES.sc, other, fromPackage)).toBe(`package:${FONT_FILES.sc}`)
      writeFileSync(join(other, basename(FONT_FILES.sc)), 'x')
      expect(fontPath(FONT_FILES.sc, other, fromPackage)).toBe(join(other, basename(FONT_FILES.sc)))
      expect(fontPath(FONT_FILES.sans, other, fromPackage)).toBe(`package:${FONT_FILES.sans}`)
    } finally {
      rmSync(other, { recursive: true, force: true })
    }
  })
})
