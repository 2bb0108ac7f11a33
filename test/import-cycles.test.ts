// No module of src/ is part of an import cycle (issue 25: requests.ts and requestsFast.ts used to
// import each other). The graph is read from the sources: every static `import … from`,
// `export … from` and `import('…')` with a relative specifier, type-only ones included (a
// type-only cycle is harmless at run time but is the same tangle to a reader). The graph and both
// checks are shipper-rules-testkit's (one copy for every package; its own tests show they can fail).
// Nor does any import run upward (issue 32): each folder of src/ (a file at the top, such as
// config.ts, is its own layer) has a rank in LAYERS, and a module imports only modules of its own
// rank or lower.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cycles, importGraph, unrankedLayers, upwardImports, type Layering } from 'shipper-rules-testkit'

const SRC = join(import.meta.dirname, '..', 'src')

/**
 * The layers of src/, bottom to top. A module may import modules of its own layer or a lower one.
 * internal: leaf helpers (text, total, either, input, instant, …) that import nothing of src/ above them;
 * errors: paths, violations, the problem catalogue; model: the wire codecs, patterns and limits;
 * validate: the field walkers that read a value and record violations; config: the rules'
 * configuration; rules: the domain rules; arbitraries, openapi: built from the model and rules;
 * geo: the ZIP table (a sub-path export of its own, imported only by the CLI); index.ts: the
 * package's entry; cli: the command line, at the top.
 */
const LAYERS: ReadonlyArray<readonly [layer: string, rank: number]> = [
  ['internal', 0],
  ['errors', 1],
  ['model', 2],
  ['validate', 3],
  ['config.ts', 4],
  ['rules', 5],
  ['arbitraries', 6],
  ['openapi', 6],
  ['geo', 7],
  ['index.ts', 8],
  ['cli', 9],
]
// Two layers of one rank (arbitraries, openapi) may lean on each other: both are built from the model and rules.
const LAYERING: Layering = { ranks: new Map(LAYERS), sameRankImports: true }

describe('imports of src/', () => {
  const graph = importGraph(SRC)

  it('the walk reads the import statements (the graph has the edges it must have)', () => {
    expect(graph.size).toBeGreaterThan(50)
    expect(graph.get('rules/requests.ts')).toEqual(expect.arrayContaining(['rules/requestsFast.ts', 'rules/requestTypes.ts']))
    expect(graph.get('rules/requestsFast.ts')).toContain('rules/requestTypes.ts')
    expect(graph.get('index.ts')).toContain('rules/index.ts')
  })

  it('no module is part of an import cycle', () => {
    expect(cycles(graph)).toEqual([])
  })

  it('every layer of src/ is ranked, and no module imports one of a higher layer', () => {
    expect(unrankedLayers(graph, LAYERING)).toEqual([])
    expect(new Set([...graph.keys()].map((m) => m.split('/')[0]))).toContain('validate')
    const upward = upwardImports(graph, LAYERING)
    if (upward.length > 0) console.error(`imports from a lower layer to a higher one:\n${upward.join('\n')}`)
    expect(upward).toEqual([])
  })
})
