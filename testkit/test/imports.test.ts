// The import-graph checks find what they must: a cycle, a longer one and a self-import; an upward
// import, an import between two layers of one rank, an unranked layer; and nothing in a chain.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cycles, importGraph, unrankedLayers, upwardImports } from '../src/index.js'

describe('importGraph', () => {
  const dir = mkdtempSync(join(tmpdir(), 'imports-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  mkdirSync(join(dir, 'low'))
  mkdirSync(join(dir, 'high'))
  writeFileSync(join(dir, 'low', 'a.ts'), "import { b } from '../high/b.js'\n// import { x } from './gone.js'\nexport const a = 1\n")
  writeFileSync(join(dir, 'high', 'b.ts'), "export type { A } from '../low/a.js'\nexport const b = () => import('./c.js')\nimport './d.js'\n")
  writeFileSync(join(dir, 'high', 'c.ts'), 'export const c = 1\n')
  writeFileSync(join(dir, 'high', 'd.ts'), "import data from './data.json'\nexport const d = data\n")

  it('reads import, export-from, bare and dynamic imports, and no commented one or JSON file', () => {
    const graph = importGraph(dir)
    expect(graph.get('low/a.ts')).toEqual(['high/b.ts'])
    expect(graph.get('high/b.ts')).toEqual(['low/a.ts', 'high/c.ts', 'high/d.ts'])
    expect(graph.get('high/d.ts')).toEqual([])
    expect(cycles(graph)).toEqual([['high/b.ts', 'low/a.ts']])
  })
})

describe('cycles', () => {
  it('finds a cycle, a longer one and a self-import, and nothing in a chain', () => {
    expect(cycles(new Map([['a', ['b']], ['b', ['a']], ['c', ['a']]]))).toEqual([['a', 'b']])
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['d']]]))).toEqual([['a', 'b', 'c'], ['d']])
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', []]]))).toEqual([])
  })
})

describe('upwardImports', () => {
  const ranks = new Map([['low', 0], ['mid', 1], ['peer', 1], ['high', 2]])
  it('flags an upward import and an unranked layer, and passes a downward one and one within a layer', () => {
    expect(upwardImports(new Map([['low/a.ts', ['high/b.ts']], ['high/b.ts', ['low/c.ts', 'high/d.ts']]]), { ranks })).toEqual(['low/a.ts -> high/b.ts (low 0 -> high 2)'])
    expect(upwardImports(new Map([['other.ts', ['low/c.ts']]]), { ranks })).toEqual(['other.ts -> low/c.ts (other.ts ? -> low 0)'])
    expect(unrankedLayers(new Map([['other.ts', []], ['low/a.ts', []]]), { ranks })).toEqual(['other.ts'])
  })
  it('flags two layers of one rank importing each other unless the layering allows it', () => {
    const graph = new Map([['mid/a.ts', ['peer/b.ts']]])
    expect(upwardImports(graph, { ranks })).toEqual(['mid/a.ts -> peer/b.ts (mid 1 -> peer 1)'])
    expect(upwardImports(graph, { ranks, sameRankImports: true })).toEqual([])
  })
  it('reads the layer of a module through layerOf', () => {
    const layerOf = (m: string): string => (m.startsWith('features/') ? m.split('/').slice(0, 2).join('/') : m.split('/')[0]!)
    const featureRanks = new Map([['features/a', 1], ['features/b', 1], ['shared', 0]])
    const graph = new Map([['features/a/routes.ts', ['features/b/routes.ts', 'shared/x.ts', 'features/a/queries.ts']]])
    expect(upwardImports(graph, { ranks: featureRanks, layerOf })).toEqual(['features/a/routes.ts -> features/b/routes.ts (features/a 1 -> features/b 1)'])
  })
})
