// The published package as users load it (npm test builds dist/ first): the exports map gives an
// ES-module build to `import` and a CommonJS build to `require`, with matching declarations, and
// both builds export the same surface and behave the same.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')
/** The size check (a plain ES module script, so it is loaded by URL and typed here). */
const SIZE_SCRIPT = new URL('../scripts/size.mjs', import.meta.url).href
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>

/** What a front end's bundler makes of a module importing the package: minified, for browsers. */
const bundleForBrowser = async (contents: string): Promise<string> => (await bundleWithInputs(contents)).text

/** The bundle and the packages that contributed bytes to it. */
const bundleWithInputs = async (contents: string): Promise<{ text: string; packages: string[] }> => {
  const r = await build({
    stdin: { contents, resolveDir: ROOT, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    metafile: true,
  })
  const inputs = Object.values(r.metafile.outputs)[0]!.inputs
  const packages = Object.entries(inputs)
    .filter(([file, i]) => i.bytesInOutput > 0 && file.includes('node_modules/'))
    .map(([file]) => file.split('node_modules/')[1]!.split('/')[0]!)
  return { text: r.outputFiles[0]!.text, packages: [...new Set(packages)].sort() }
}

describe('package', () => {
  it('declares no runtime dependencies beyond fp-ts, io-ts, luxon and its types (caret ranges; devDependencies exact), and no side effects', () => {
    // @types/luxon is a dependency: the declarations name luxon's DateTime (test/consumer.test.ts).
    const dependencies = pkg['dependencies'] as Record<string, string>
    expect(Object.keys(dependencies).sort()).toEqual(['@types/luxon', 'fp-ts', 'io-ts', 'luxon'])
    for (const [name, range] of Object.entries(dependencies)) expect([name, range]).toEqual([name, expect.stringMatching(/^\^\d+\.\d+\.\d+$/)])
    for (const [name, version] of Object.entries(pkg['devDependencies'] as Record<string, string>)) expect([name, version]).toEqual([name, expect.stringMatching(/^\d+\.\d+\.\d+$/)])
    expect(pkg['sideEffects']).toBe(false)
    expect(pkg['bin']).toEqual({ 'shipper-rules': './dist/cli.js' })
    // fast-check: an optional peer dependency (shipper-rules/arbitraries only), pinned for the repository's own tests
    expect([pkg['peerDependencies'], pkg['peerDependenciesMeta']]).toEqual([{ 'fast-check': '^4' }, { 'fast-check': { optional: true } }])
    expect((pkg['devDependencies'] as Record<string, string>)['fast-check']).toMatch(/^4\.\d+\.\d+$/)
  })
  it('import and require give the same exports, and the same answers', async () => {
    const esm = (await import('shipper-rules')) as Record<string, unknown>
    const cjs = createRequire(import.meta.url)('shipper-rules') as Record<string, unknown>
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort())
    expect(Object.keys(esm).length).toBeGreaterThan(50)
    const input = { zipCode: '00802', country: 'us', state: 'VI' }
    type Normalize = (i: unknown, o: unknown) => unknown
    const a = (esm['normalizeAddress'] as Normalize)(input, { purpose: 'quote' })
    const b = (cjs['normalizeAddress'] as Normalize)(input, { purpose: 'quote' })
    expect(a).toEqual(b)
    expect(a).toMatchObject({ _tag: 'Right', right: { country: 'VI', state: 'VI' } })
    const geoEsm = (await import('shipper-rules/geo')) as unknown as Record<string, (v: unknown) => unknown>
    const geoCjs = createRequire(import.meta.url)('shipper-rules/geo') as Record<string, (v: unknown) => unknown>
    expect(Object.keys(geoCjs).sort()).toEqual(Object.keys(geoEsm).sort())
    expect(Object.keys(geoEsm).sort()).toEqual(['nearestZip', 'timeZoneForZip', 'zipCentroid'])
    const arbitrariesEsm = (await import('shipper-rules/arbitraries')) as Record<string, unknown>
    const arbitrariesCjs = createRequire(import.meta.url)('shipper-rules/arbitraries') as Record<string, unknown>
    expect(Object.keys(arbitrariesCjs).sort()).toEqual(Object.keys(arbitrariesEsm).sort())
    expect(Object.keys(arbitrariesEsm).length).toBeGreaterThan(30)
    const honolulu = { latitude: 21.3, longitude: -157.85 }
    for (const geo of [geoEsm, geoCjs]) {
      expect([geo['timeZoneForZip']!('99501'), geo['zipCentroid']!('96813')]).toEqual(['America/Anchorage', geoEsm['zipCentroid']!('96813')])
      expect(geo['nearestZip']!(honolulu)).toEqual(geoEsm['nearestZip']!(honolulu))
    }
  })
  it('the CommonJS build accepts DateTimes made by the ES-module copy of luxon, and the reverse', async () => {
    const esm = (await import('shipper-rules')) as unknown as typeof import('../src/index.js')
    const cjs = createRequire(import.meta.url)('shipper-rules') as unknown as typeof import('../src/index.js')
    const { DateTime: EsmDateTime } = await import('luxon')
    const { DateTime: CjsDateTime } = createRequire(import.meta.url)('luxon') as typeof import('luxon')
    expect(EsmDateTime).not.toBe(CjsDateTime) // two copies of luxon really are loaded
    const pickup = EsmDateTime.fromISO('2026-11-20T15:00:00Z')
    const delivery = CjsDateTime.fromISO('2026-11-30T15:00:00Z')
    for (const lib of [esm, cjs]) {
      // Nov 23 to 25 and 30: the carrier calendar closes on Thanksgiving and the day after (issue 14)
      expect(lib.transitDays(pickup, delivery as never, { holidays: 'carrier' })).toBe(4)
      expect(lib.isQuoteMatchable({ createdAt: pickup, open: true, quotedPriceInCents: 1 }, delivery as never)).toBe(false)
      expect(lib.addBusinessDays(delivery as never, 1).toISODate()).toBe('2026-12-01')
    }
  })
  it('TypeScript consumers type-check in both module systems (NodeNext resolution)', () => {
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
    const out = execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'test', 'fixtures', 'tsconfig.json')], { encoding: 'utf8' })
    expect(out).toBe('')
  })
  it('a front end that imports only the address rules bundles a few kilobytes: no io-ts, luxon or fp-ts runtime', async () => {
    const bundle = (names: string) => bundleForBrowser(`import { ${names} } from 'shipper-rules'; console.log(${names})`)
    const address = await bundle('normalizeAddress')
    expect(address.length).toBeLessThan(12_500)
    // Markers: luxon's use of Intl.DateTimeFormat, and the name io-ts gives the address codec.
    const markers = [/Intl\.DateTimeFormat/, /"ShipmentAddress"/]
    for (const m of markers) expect(address).not.toMatch(m)
    const everything = await bundle('normalizeAddress, ShipmentAddress, makeConfig')
    for (const m of markers) expect(everything).toMatch(m)
    expect(everything.length).toBeGreaterThan(address.length * 5)
  })
  it('every entry of the size check is within its budget, and the size table of docs/performance.md is the check\'s own output', async () => {
    const size = (await import(SIZE_SCRIPT)) as {
      measure: () => Promise<Array<{ label: string; minified: number; gzipped: number; budgetMin: number; budgetGzip: number; ok: boolean }>>
      table: (rows: unknown) => string
      withTable: (page: string, table: string) => string
    }
    const rows = await size.measure()
    expect(rows.map((r) => r.label)).toHaveLength(7)
    for (const r of rows) {
      expect(r.minified, `${r.label}: minified bytes over the budget`).toBeLessThanOrEqual(r.budgetMin)
      expect(r.gzipped, `${r.label}: gzipped bytes over the budget`).toBeLessThanOrEqual(r.budgetGzip)
      expect(r.ok).toBe(true)
    }
    const page = readFileSync(join(ROOT, 'docs', 'performance.md'), 'utf8')
    expect(size.withTable(page, size.table(rows)), 'docs/performance.md: run `node scripts/size.mjs --write`').toBe(page)
  })
  it('the request validators a front end runs per keystroke bundle no io-ts, fp-ts or luxon', async () => {
    for (const name of ['validateCreateShipment', 'validateQuoteRequest', 'validateComponents', 'validateAppointmentRequirement', 'parseTrackingInclude']) {
      const { packages } = await bundleWithInputs(`import { ${name} } from 'shipper-rules'; console.log(${name})`)
      expect([name, packages]).toEqual([name, []])
    }
  })
  it('sideEffects: false holds: a bundle importing one function carries no other module\'s code', async () => {
    // One string literal (or codec name) per module, as it survives minification: a bundle holds it
    // exactly when it holds that module's code.
    const markers = {
      address: 'must be an ISO 3166-1 alpha-2 country code', // rules/address
      requests: 'The request is not valid.', // rules/requests
      catalogue: 'Appointment locked after carrier acceptance', // errors/catalogue (problem titles)
      appointmentChecks: 'Appointment data cannot change once the order is', // rules/appointmentChecks
      densityScales: 'NMFC_2025_SCALE', // model/densityScales (the default scale's name, since issue 14 made it NMFC 2025)
      holidays: 'Juneteenth National Independence Day', // rules/calendarHolidays
      repair: 'dropped_empty', // rules/repair
      tracking: 'Awaiting pickup', // rules/trackingStatus
      geoTable: 'Holtsville|Adjuntas|Aguada', // geo/zipTable: the first bytes of the city names
      openapi: 'Shipper Integration API', // openapi/document: the document's title
      codecs: '"ShipmentAddress"', // model/address: the name io-ts gives the address codec
      luxon: 'Intl.DateTimeFormat', // luxon
    }
    type Marker = keyof typeof markers
    // Each import, with the markers of the modules it uses (the first is its own module's).
    const cases: ReadonlyArray<[name: string, from: string, present: Marker[]]> = [
      ['normalizeAddress', 'shipper-rules', ['address']],
      ['transitDays', 'shipper-rules', ['holidays', 'luxon', 'densityScales']], // config's default density scale
      ['validateQuoteRequest', 'shipper-rules', ['requests', 'address', 'catalogue', 'densityScales']],
      ['zipCentroid', 'shipper-rules/geo', ['geoTable']],
      ['repairInput', 'shipper-rules', ['repair']],
    ]
    const all = await bundleForBrowser(`import * as all from 'shipper-rules'; import * as openapi from 'shipper-rules/openapi'; import * as geo from 'shipper-rules/geo'; console.log(all, openapi, geo)`)
    for (const [marker, text] of Object.entries(markers)) expect([marker, all.includes(text)]).toEqual([marker, true])
    for (const [name, from, present] of cases) {
      const bundle = await bundleForBrowser(`import { ${name} } from '${from}'; console.log(${name})`)
      const found = (Object.keys(markers) as Marker[]).filter((m) => bundle.includes(markers[m]))
      expect([name, found.sort()]).toEqual([name, [...present].sort()])
    }
  })
  it('the ZIP table stays out of the root entry point; shipper-rules/geo bundles to the size docs/performance.md states', async () => {
    const root = await bundleForBrowser(`import * as all from 'shipper-rules'; console.log(all)`)
    const geo = await bundleForBrowser(`import { zipCentroid, timeZoneForZip, nearestZip } from 'shipper-rules/geo'; console.log(zipCentroid, timeZoneForZip, nearestZip)`)
    const marker = /Pacific\/Honolulu/
    expect(root).not.toMatch(marker)
    expect(geo).toMatch(marker)
    // docs/performance.md states the minified and gzipped sizes in kB; they must be today's, to the kB.
    const kB = (n: number): number => Math.round(n / 1000)
    const stated = /`shipper-rules\/geo` carries[\s\S]*?(\d+) kB minified, (\d+) kB gzipped/.exec(readFileSync(join(ROOT, 'docs', 'performance.md'), 'utf8'))
    expect(stated).not.toBeNull()
    expect([Number(stated![1]), Number(stated![2])]).toEqual([kB(geo.length), kB(gzipSync(geo).length)])
  })
})
