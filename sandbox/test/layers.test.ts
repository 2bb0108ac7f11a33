// The sandbox's layers run one way (issue 32, item 3): every relative import of sandbox/src goes
// to its own folder or a lower layer, no feature imports another feature (each features/<resource>
// is a layer of its own, all of one rank), and no module imports itself back through others (no
// cycle). The graph and the checks are shipper-rules-testkit's, whose own tests show they can fail.
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { cycles, importGraph, unrankedLayers, upwardImports, type Layering } from 'shipper-rules-testkit'

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src')

/** The layers, lowest first: a module may import its own folder's modules and those of lower layers. */
const LAYERS: ReadonlyArray<ReadonlyArray<string>> = [
  ['runtime'],
  ['db'],
  ['auth', 'clock', 'pricing', 'pdf'],
  ['http'],
  ['openapi', 'shared'],
  ['features'],
  ['server'],
  ['main.ts'],
]

/** A module's layer: its top folder under src/, and for a feature features/<resource>. */
const layerOf = (module: string): string => {
  const parts = module.split('/')
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0]!
}

describe('sandbox/src layers', () => {
  const graph = importGraph(SRC)
  const features = [...new Set([...graph.keys()].map(layerOf).filter((l) => l.startsWith('features/')))]
  const layering: Layering = {
    ranks: new Map([...LAYERS.flatMap((names, rank) => names.map((n) => [n, rank] as const)), ...features.map((f) => [f, LAYERS.findIndex((n) => n.includes('features'))] as const)]),
    layerOf,
  }

  it('finds the modules, their imports and the features', () => {
    expect(graph.size).toBeGreaterThan(40)
    expect(features).toEqual(expect.arrayContaining(['features/orders', 'features/quotes', 'features/tracking', 'features/documents', 'features/appointments']))
    expect(graph.get('main.ts')?.length).toBeGreaterThan(0)
    expect(unrankedLayers(graph, layering)).toEqual([])
  })

  it('imports run from a higher layer to a lower one or within a folder, never upward, never from one feature into another', () => {
    expect(upwardImports(graph, layering)).toEqual([])
  })

  it('has no import cycle', () => {
    expect(cycles(graph)).toEqual([])
  })
})
