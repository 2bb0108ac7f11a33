// The console's generated data (issue 34, Rules and Map), written into console/src/generated/ before
// scripts/build-console.mjs bundles the console, and by the root `npm run docs` for the rules site:
// - rules-data.json and rule-functions.ts: the root's scripts/rules-data.mjs (every rule ID with its
//   sentence, kind, decision, functions, properties and examples, read from the library);
// - us-map.json: the offline map's outlines. The states, DC and the five territories of us-atlas's
//   states-10m.json (Census Bureau cartographic boundaries, ISC), turned here, at build time, into SVG
//   paths by console/src/map/projection.ts (the lower 48 in an Albers conic, each other region in an
//   inset), with the fitted regions the page projects its markers with. No tile server, no map data
//   fetched at run time: the paths are bundled into the console.
//   node scripts/build-console-data.mjs   (from sandbox/)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const SANDBOX = join(dirname(fileURLToPath(import.meta.url)), '..')
const GENERATED = join(SANDBOX, 'console', 'src', 'generated')
export const MAP_FILE = join(GENERATED, 'us-map.json')

/** console/src/map/projection.ts as a module (bundled by esbuild in memory; node runs no TypeScript). */
const loadProjection = async () => {
  const out = await build({
    entryPoints: [join(SANDBOX, 'console', 'src', 'map', 'projection.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'warning',
  })
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`)
}

/** The map data: { view, regions, states: [{ fips, name, region, d }] } as JSON text. */
export const mapData = async () => {
  const { REGIONS, VIEW, fit, regionForFips, ringsToPath } = await loadProjection()
  const require = createRequire(import.meta.url)
  const { feature } = require('topojson-client')
  const topology = JSON.parse(readFileSync(require.resolve('us-atlas/states-10m.json'), 'utf8'))
  const states = feature(topology, topology.objects.states).features
  /** The rings of a feature: polygons' and multipolygons' rings, holes included (even-odd fill). */
  const ringsOf = (f) => (f.geometry.type === 'Polygon' ? f.geometry.coordinates : f.geometry.coordinates.flat())
  const fitted = REGIONS.map((r) => {
    const own = states.filter((f) => regionForFips(REGIONS, String(f.id)).id === r.id)
    return fit(r, own.flatMap((f) => ringsOf(f).flat()))
  })
  const out = states
    .map((f) => {
      const region = regionForFips(fitted, String(f.id))
      return { fips: String(f.id), name: f.properties.name, region: region.id, d: ringsToPath(region, ringsOf(f)) }
    })
    .sort((a, b) => a.fips.localeCompare(b.fips))
  const round = (v) => Math.round(v * 1e6) / 1e6
  const regions = fitted.map((r) => ({ ...r, k: round(r.k), tx: round(r.tx), ty: round(r.ty) }))
  return `${JSON.stringify({ source: 'us-atlas 3.0.1 states-10m.json (U.S. Census Bureau cartographic boundaries)', view: VIEW, regions, states: out })}\n`
}

/** Writes the rules data (the root's generator) and the map outlines into console/src/generated/. */
export const buildConsoleData = async () => {
  mkdirSync(GENERATED, { recursive: true })
  const rules = await import(pathToFileURL(join(SANDBOX, '..', 'scripts', 'rules-data.mjs')).href)
  const { json, functionsModule } = rules.generate()
  writeFileSync(rules.DATA_FILE, json)
  writeFileSync(rules.FUNCTIONS_FILE, functionsModule)
  writeFileSync(MAP_FILE, await mapData())
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildConsoleData()
