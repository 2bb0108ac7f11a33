// No module of src/ is part of an import cycle (issue 25: requests.ts and requestsFast.ts used to
// import each other). The graph is read from the sources: every static `import … from`,
// `export … from` and `import('…')` with a relative specifier, type-only ones included (a
// type-only cycle is harmless at run time but is the same tangle to a reader).
// Nor does any import run upward (issue 32): each folder of src/ (a file at the top, such as
// config.ts, is its own layer) has a rank in LAYERS, and a module imports only modules of its own
// rank or lower.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = join(import.meta.dirname, '..', 'src')

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : []
  })

const SPECIFIER = /(?:^|[\s;}])(?:import|export)\s[^'"]*?\sfrom\s*['"](\.[^'"]+)['"]|(?:^|[\s;}])import\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g

/** The src/ file a relative specifier names (`./x.js` is `./x.ts`, a folder its index.ts), or undefined for a JSON file or the like. */
const resolveSpecifier = (from: string, specifier: string, files: ReadonlySet<string>): string | undefined => {
  const base = resolve(dirname(from), specifier)
  const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')]
  return candidates.find((c) => files.has(c))
}

/** Module → the modules it imports, relative to src/. */
const importGraph = (): Map<string, string[]> => {
  const files = sources(SRC)
  const set = new Set(files)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
    const targets = [...text.matchAll(SPECIFIER)]
      .map((m) => resolveSpecifier(file, (m[1] ?? m[2] ?? m[3])!, set))
      .filter((t): t is string => t !== undefined)
    graph.set(relative(SRC, file), [...new Set(targets.map((t) => relative(SRC, t)))])
  }
  return graph
}

/** The strongly connected components of more than one module, or of one that imports itself (Tarjan). */
const cycles = (graph: ReadonlyMap<string, ReadonlyArray<string>>): string[][] => {
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
const RANK = new Map(LAYERS)

/** The layer of a module (relative to src/): its top folder, or the file itself at the top. */
const layerOf = (module: string): string => module.split('/')[0]!

/** Every import from a module to one of a higher rank (or of a layer LAYERS does not name), as `from -> to (layer rank -> layer rank)`. */
const upwardImports = (graph: ReadonlyMap<string, ReadonlyArray<string>>, ranks: ReadonlyMap<string, number>): string[] => {
  const out: string[] = []
  for (const [from, targets] of graph) {
    const a = layerOf(from)
    const ra = ranks.get(a)
    for (const to of targets) {
      const b = layerOf(to)
      const rb = ranks.get(b)
      if (ra === undefined || rb === undefined || rb > ra) out.push(`${from} -> ${to} (${a} ${ra ?? '?'} -> ${b} ${rb ?? '?'})`)
    }
  }
  return out.sort()
}

describe('imports of src/', () => {
  const graph = importGraph()

  it('the walk reads the import statements (the graph has the edges it must have)', () => {
    expect(graph.size).toBeGreaterThan(50)
    expect(graph.get('rules/requests.ts')).toEqual(expect.arrayContaining(['rules/requestsFast.ts', 'rules/requestTypes.ts']))
    expect(graph.get('rules/requestsFast.ts')).toContain('rules/requestTypes.ts')
    expect(graph.get('index.ts')).toContain('rules/index.ts')
  })

  it('the cycle finder finds a cycle, a longer one and a self-import, and nothing in a chain', () => {
    expect(cycles(new Map([['a', ['b']], ['b', ['a']], ['c', ['a']]]))).toEqual([['a', 'b']])
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['d']]]))).toEqual([['a', 'b', 'c'], ['d']])
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', []]]))).toEqual([])
  })

  it('no module is part of an import cycle', () => {
    expect(cycles(graph)).toEqual([])
  })

  it('the layer check finds an upward import and an unranked layer, and passes a downward one', () => {
    const ranks = new Map([['low', 0], ['high', 1]])
    expect(upwardImports(new Map([['low/a.ts', ['high/b.ts']], ['high/b.ts', ['low/c.ts']]]), ranks)).toEqual(['low/a.ts -> high/b.ts (low 0 -> high 1)'])
    expect(upwardImports(new Map([['other.ts', ['low/c.ts']]]), ranks)).toEqual(['other.ts -> low/c.ts (other.ts ? -> low 0)'])
    expect(upwardImports(new Map([['high/b.ts', ['low/c.ts', 'high/d.ts']]]), ranks)).toEqual([])
  })

  it('every layer of src/ is ranked, and no module imports one of a higher layer', () => {
    const layers = new Set([...graph.keys()].map(layerOf))
    expect([...layers].filter((l) => !RANK.has(l))).toEqual([])
    expect(layers).toContain('validate')
    const upward = upwardImports(graph, RANK)
    if (upward.length > 0) console.error(`imports from a lower layer to a higher one:\n${upward.join('\n')}`)
    expect(upward).toEqual([])
  })
})
