// The import graph of a source folder and the two checks every package runs on it (issue 32): no
// cycle, and no import from a lower layer to a higher one. One copy for the library's src/, the
// sandbox, the client and the kit. The graph is read from the sources: every static `import … from`,
// `export … from`, bare `import '…'` and `import('…')` with a relative specifier, type-only ones
// included (a type-only cycle is harmless at run time but the same tangle to a reader).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/** Module → the modules it imports, both as paths relative to the source folder (`rules/x.ts`). */
export type ImportGraph = ReadonlyMap<string, ReadonlyArray<string>>

const sourcesOf = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourcesOf(path)
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : []
  })

const SPECIFIER = /(?:^|[\s;}])(?:import|export)\s[^'"]*?\sfrom\s*['"](\.[^'"]+)['"]|(?:^|[\s;}])import\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g

/** The file a relative specifier names (`./x.js` is `./x.ts`, a folder its index.ts), or undefined for a JSON file or the like. */
const resolveSpecifier = (from: string, specifier: string, files: ReadonlySet<string>): string | undefined => {
  const base = resolve(dirname(from), specifier)
  return [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')].find((c) => files.has(c))
}

/** The import graph of every `.ts` module under `dir` (comments stripped first). */
export const importGraph = (dir: string): ImportGraph => {
  const files = sourcesOf(dir)
  const set = new Set(files)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
    const targets = [...text.matchAll(SPECIFIER)]
      .map((m) => resolveSpecifier(file, (m[1] ?? m[2] ?? m[3])!, set))
      .filter((t): t is string => t !== undefined)
    graph.set(relative(dir, file), [...new Set(targets.map((t) => relative(dir, t)))])
  }
  return graph
}

/** The strongly connected components of more than one module, or of one that imports itself (Tarjan), each sorted. */
export const cycles = (graph: ImportGraph): string[][] => {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string): void => {
    index.set(v, counter)
    low.set(v, counter)
    counter++
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!))
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort())
    }
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found
}

/** How a package's modules are layered. */
export interface Layering {
  /** The layer names, each with its rank (0 lowest). Several layers may share a rank. */
  readonly ranks: ReadonlyMap<string, number>
  /** The layer of a module (a path relative to the source folder): by default its top folder, or the file itself at the top. */
  readonly layerOf?: (module: string) => string
  /**
   * Whether two different layers of the same rank may import each other: `true` for peers that are
   * allowed to lean on each other; `false` (the default) when every layer of a rank must stand alone
   * (the sandbox's features: no feature imports another).
   */
  readonly sameRankImports?: boolean
}

/** The default layer of a module: its top folder, or the file itself at the top. */
export const topFolder = (module: string): string => module.split('/')[0]!

/**
 * Every import that runs against the layering, as `from -> to (layer rank -> layer rank)`: to a
 * higher rank, to another layer of the same rank unless allowed, or from or to a layer the
 * layering does not rank. Imports within one layer are always allowed (cycles are the other check).
 */
export const upwardImports = (graph: ImportGraph, layering: Layering): string[] => {
  const layerOf = layering.layerOf ?? topFolder
  const out: string[] = []
  for (const [from, targets] of graph) {
    const a = layerOf(from)
    const ra = layering.ranks.get(a)
    for (const to of targets) {
      const b = layerOf(to)
      if (a === b) continue
      const rb = layering.ranks.get(b)
      const wrong = ra === undefined || rb === undefined || rb > ra || (rb === ra && layering.sameRankImports !== true)
      if (wrong) out.push(`${from} -> ${to} (${a} ${ra ?? '?'} -> ${b} ${rb ?? '?'})`)
    }
  }
  return out.sort()
}

/** The layers of a graph's modules that the layering does not rank. */
export const unrankedLayers = (graph: ImportGraph, layering: Layering): string[] => {
  const layerOf = layering.layerOf ?? topFolder
  return [...new Set([...graph.keys()].map(layerOf))].filter((l) => !layering.ranks.has(l)).sort()
}
