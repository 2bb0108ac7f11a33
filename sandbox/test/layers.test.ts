// The sandbox's layers run one way (issue 32, item 3): every relative import of sandbox/src goes
// to its own folder or a lower layer, no feature imports another feature, and no module imports
// itself back through others (no cycle).
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src')

/** The layers, lowest first: a module may import its own folder's modules and those of lower layers. */
const LAYERS: ReadonlyArray<ReadonlyArray<string>> = [
  ['db'],
  ['auth', 'clock', 'pricing', 'pdf'],
  ['http'],
  ['openapi', 'shared'],
  ['features'],
  ['server'],
  ['main.ts'],
]

const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesOf(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []))

/** A module's folder: its top folder under src/, and for a feature features/<resource>. */
const folderOf = (file: string): string => {
  const parts = relative(SRC, file).split('/')
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0]!
}
const layerOf = (folder: string): number => LAYERS.findIndex((names) => names.includes(folder.split('/')[0]!))

/** Every relative import of every module: [importer, imported], both as files under src/. */
const imports = (): ReadonlyArray<readonly [string, string]> =>
  filesOf(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^'"]*?from '(\.[^']+)'/gm)].map((m) => [file, resolve(dirname(file), m[1]!).replace(/\.js$/, '.ts')] as const),
  )

describe('sandbox/src layers', () => {
  const edges = imports()

  it('finds the modules and their imports', () => {
    expect(edges.length).toBeGreaterThan(100)
    for (const [from] of edges) expect(layerOf(folderOf(from)), relative(SRC, from)).toBeGreaterThanOrEqual(0)
  })

  it('imports run from a higher layer to a lower one or within a folder, never upward, never from one feature into another', () => {
    const wrong = edges.flatMap(([from, to]) => {
      const [a, b] = [folderOf(from), folderOf(to)]
      if (a === b) return []
      const upward = layerOf(b) >= layerOf(a)
      return upward ? [`${relative(SRC, from)} -> ${relative(SRC, to)}`] : []
    })
    expect(wrong).toEqual([])
  })

  it('has no import cycle', () => {
    const next = new Map<string, string[]>()
    for (const [from, to] of edges) next.set(from, [...(next.get(from) ?? []), to])
    const state = new Map<string, 'open' | 'done'>()
    const cycles: string[] = []
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === 'done') return
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(SRC, f)).join(' -> '))
        return
      }
      state.set(file, 'open')
      for (const to of next.get(file) ?? []) visit(to, [...path, file])
      state.set(file, 'done')
    }
    for (const file of next.keys()) visit(file, [])
    expect(cycles).toEqual([])
  })

  it('would flag an upward import and one feature importing another', () => {
    const upward = (a: string, b: string): boolean => folderOf(join(SRC, a)) !== folderOf(join(SRC, b)) && layerOf(folderOf(join(SRC, b))) >= layerOf(folderOf(join(SRC, a)))
    expect(upward('shared/orders.ts', 'features/orders/routes.ts')).toBe(true)
    expect(upward('features/documents/routes.ts', 'features/tracking/routes.ts')).toBe(true)
    expect(upward('features/documents/routes.ts', 'shared/invoice.ts')).toBe(false)
  })
})
