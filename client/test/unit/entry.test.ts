// The main entry runs unchanged in browsers, Deno and Bun: bundled for the browser (the library
// included, as a front end's bundler would), nothing it reaches imports a `node:` module or a
// Node built-in. The Node entry is the one place that may, and does (fs/promises for paths).
import { build, type Plugin } from 'esbuild'
import { fileURLToPath } from 'node:url'
import { builtinModules } from 'node:module'
import { describe, expect, it } from 'vitest'

const src = (f: string): string => fileURLToPath(new URL(`../../src/${f}`, import.meta.url))
const BUILTIN = new Set(builtinModules)

/** Records every import of a Node built-in (with or without `node:`) instead of resolving it. */
const nodeImports = (seen: string[]): Plugin => ({
  name: 'node-imports',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.path.startsWith('node:') || BUILTIN.has(args.path)) {
        seen.push(`${args.path} (from ${args.importer})`)
        return { path: args.path, external: true }
      }
      return undefined
    })
  },
})

const bundle = async (entry: string): Promise<{ seen: string[]; bytes: number }> => {
  const seen: string[] = []
  const r = await build({
    entryPoints: [src(entry)],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    minify: true,
    write: false,
    logLevel: 'silent',
    plugins: [nodeImports(seen)],
  })
  return { seen, bytes: r.outputFiles.reduce((n, f) => n + f.contents.length, 0) }
}

describe('entries', () => {
  it('the main entry, bundled for a browser with the library, imports nothing from Node', async () => {
    const { seen, bytes } = await bundle('index.ts')
    expect(seen).toEqual([])
    expect(bytes).toBeGreaterThan(0)
  })

  it('the Node entry does import fs/promises (so the check above can see one)', async () => {
    const { seen } = await bundle('node.ts')
    expect(seen.some((s) => s.startsWith('node:fs/promises'))).toBe(true)
  })
})
