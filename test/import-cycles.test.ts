// No module of src/ is part of an import cycle (issue 25: requests.ts and requestsFast.ts used to
// import each other). The graph is read from the sources: every static `import … from`,
// `export … from` and `import('…')` with a relative specifier, type-only ones included (a
// type-only cycle is harmless at run time but is the same tangle to a reader).
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
})
