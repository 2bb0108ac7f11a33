// The zone set (testkit/src/zoneSet.ts) stays honest: CI runs only those files under its two further time
// zones and locales, so a test file that reads a date, a clock, a zone or Intl and is in neither the
// set nor the list of files that are not zone-dependent (with the reason) would silently lose its
// zone runs. Every file named exists, none is named twice, and the client's zone files are in its
// offline project (its vitest.zone.config.ts runs that project only).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { NOT_ZONE_DEPENDENT, ZONE_SET } from 'shipper-rules-testkit'

const ROOT = join(import.meta.dirname, '..')
/** Each package's folder (from the root) and the folder of its test files. */
const PACKAGES = { library: ['.', 'test'], sandbox: ['sandbox', 'test'], client: ['client', 'test'], conformance: ['conformance', 'test'], testkit: ['testkit', 'test'] } as const
/** What marks a test file as possibly zone-dependent. */
const MENTIONS_TIME = /from 'luxon'|\bDateTime\b|\bIntl\b|toLocale|\bTZ\b|\bLC_ALL\b|\b[cC]lock\b|\b[zZ]one\b|new Date\(|Date\.parse|toISOString/

const testFiles = (dir: string): string[] => {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'fixtures') return []
    const p = join(dir, e.name)
    return e.isDirectory() ? testFiles(p) : e.name.endsWith('.test.ts') ? [p] : []
  })
}
/** Every test file of every package, from the repository root. */
const ALL = Object.values(PACKAGES).flatMap(([pkg, tests]) => testFiles(join(ROOT, pkg, tests)).map((p) => relative(ROOT, p)))
/** The zone set's files, from the repository root. */
const IN_SET = Object.entries(ZONE_SET).flatMap(([name, files]) => files.map((f) => join(PACKAGES[name as keyof typeof ZONE_SET][0], f)))

describe('the zone set', () => {
  it('names test files that exist, each once, and none that is also listed as not zone-dependent', () => {
    expect(ALL.length).toBeGreaterThan(100)
    expect(IN_SET.filter((f) => !ALL.includes(f))).toEqual([])
    expect(IN_SET.filter((f, i) => IN_SET.indexOf(f) !== i)).toEqual([])
    expect(Object.keys(NOT_ZONE_DEPENDENT).filter((f) => !ALL.includes(f))).toEqual([])
    expect(Object.keys(NOT_ZONE_DEPENDENT).filter((f) => IN_SET.includes(f))).toEqual([])
    expect(Object.entries(NOT_ZONE_DEPENDENT).filter(([, why]) => why.trim().length < 20)).toEqual([])
  })

  it('holds every test file that mentions luxon, DateTime, Intl, toLocale*, TZ, LC_ALL, a clock, a zone or a Date, unless one says why not', () => {
    const mentioning = ALL.filter((f) => MENTIONS_TIME.test(readFileSync(join(ROOT, f), 'utf8')))
    expect(mentioning.length).toBeGreaterThan(30)
    expect(mentioning.filter((f) => !IN_SET.includes(f) && NOT_ZONE_DEPENDENT[f] === undefined)).toEqual([])
  })

  it("has the client's zone files in its offline project (test/unit, test/properties), the one its zone config runs", () => {
    expect(ZONE_SET.client.filter((f) => !/^test\/(unit|properties)\//.test(f))).toEqual([])
  })
})
