// The kit's layers run one way (issue 32): the HTTP layer and the generators at the bottom, the
// check types and curl above them, the rule sentences and the declared configuration (declared.ts),
// the checks' shared runner (checks/support.ts), then each kind of check (stateless, stateful,
// coverage, boundaries: none imports another kind) and the declared choices' section
// (declaredReport.ts), the report,
// the run, the command line and the entry. No cycle either. The graph and the checks are
// shipper-rules-testkit's, whose own tests show they can fail.
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { cycles, importGraph, unrankedLayers, upwardImports, type Layering } from 'shipper-rules-testkit'

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src')

/** A module's layer: the file at the top of src/, checks/support.ts, or checks/<kind>. */
const layerOf = (module: string): string => (module.startsWith('checks/') && module !== 'checks/support.ts' ? module.split('/').slice(0, 2).join('/') : module)

const LAYERING: Layering = {
  ranks: new Map([
    ['http.ts', 0],
    ['arbitraries.ts', 0],
    ['check.ts', 1],
    ['judge.ts', 1],
    ['curl.ts', 1],
    ['rules.ts', 2],
    ['declared.ts', 2],
    ['checks/support.ts', 3],
    ['checks/stateless', 4],
    ['checks/stateful', 4],
    ['checks/coverage', 4],
    ['checks/boundaries', 4],
    ['declaredReport.ts', 4],
    ['report.ts', 5],
    ['run.ts', 6],
    ['cli.ts', 7],
    ['index.ts', 8],
  ]),
  layerOf,
}

describe('conformance/src layers', () => {
  const graph = importGraph(SRC)

  it('finds every module in a named layer, and their imports', () => {
    expect(graph.size).toBeGreaterThan(20)
    expect(graph.get('run.ts')).toContain('report.ts')
    expect(unrankedLayers(graph, LAYERING)).toEqual([])
  })

  it('no import runs upward or from one kind of check into another', () => {
    expect(upwardImports(graph, LAYERING)).toEqual([])
  })

  it('has no import cycle', () => {
    expect(cycles(graph)).toEqual([])
  })
})
