// The client's layers run one way (issue 32): the policy and the operation names at the bottom, then
// the errors, the types, one call's engine, the methods (client.ts, and taskEither.ts over them), the
// main entry and the Node entry. No cycle either. The graph and the checks are
// shipper-rules-testkit's, whose own tests show they can fail.
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { cycles, importGraph, unrankedLayers, upwardImports, type Layering } from 'shipper-rules-testkit'

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src')

const LAYERING: Layering = {
  ranks: new Map([
    ['policy.ts', 0],
    ['operations.ts', 0],
    ['errors.ts', 1],
    ['types.ts', 2],
    ['call.ts', 3],
    ['client.ts', 4],
    ['taskEither.ts', 4],
    ['index.ts', 5],
    ['node.ts', 6],
  ]),
}

describe('client/src layers', () => {
  const graph = importGraph(SRC)

  it('finds every module in a named layer, and their imports', () => {
    expect(graph.get('client.ts')).toContain('call.ts')
    expect(unrankedLayers(graph, LAYERING)).toEqual([])
  })

  it('no import runs upward', () => {
    expect(upwardImports(graph, LAYERING)).toEqual([])
  })

  it('has no import cycle', () => {
    expect(cycles(graph)).toEqual([])
  })
})
