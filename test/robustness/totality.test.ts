// Issue 13, item 1: every exported function is total. The test enumerates the runtime exports of
// the package root and of shipper-rules/geo (from src/, and checks that the built entry points
// export the same names, so a new export cannot escape), and calls every function with hostile
// values in every position: alone, in place of one argument of each valid call its doc examples
// make, in place of one property of each object argument of those calls, and in every position at
// once. Each call must return, not throw, and return a value of its declared type (read from the
// compiler): an Either whose Left is a well-formed ProblemDetail or list of violations, a boolean,
// null, a DateTime… Object.prototype must come out unpolluted.
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ENTRY_POINTS, ROOT_DIR, exampleCalls, functionExports, misfit, type FunctionExport } from '../support/exports.js'
import { hostileValues, type Named } from '../support/hostile.js'

const exportsList = functionExports()
const calls = exampleCalls()

/** The argument lists to try for one function: hostile values in every position, alone and in valid calls. */
const argumentLists = (f: FunctionExport): Array<{ readonly label: string; readonly args: ReadonlyArray<unknown> }> => {
  const bases: ReadonlyArray<ReadonlyArray<unknown>> = [[], ...(calls.get(f.name) ?? [])]
  const width = Math.max(f.fn.length, ...bases.map((b) => b.length)) + 1
  const out: Array<{ label: string; args: ReadonlyArray<unknown> }> = []
  for (const h of hostileValues()) {
    out.push({ label: `every argument ${h.name}`, args: Array.from({ length: width }, () => h.value) })
    bases.forEach((base, b) => {
      for (let pos = 0; pos < width; pos++) {
        const args = [...base]
        args[pos] = h.value
        out.push({ label: `call ${b}, argument ${pos} = ${h.name}`, args })
        const arg = base[pos]
        if (typeof arg === 'object' && arg !== null && !Array.isArray(arg) && Object.getPrototypeOf(arg) === Object.prototype) {
          for (const key of Object.keys(arg)) {
            const copy = [...base]
            copy[pos] = { ...(arg as Record<string, unknown>), [key]: h.value }
            out.push({ label: `call ${b}, argument ${pos}.${key} = ${h.name}`, args: copy })
          }
        }
      }
    })
  }
  return out
}

/** Runs `fn` on `args`, returning why it failed (a throw or a misfit), or undefined. */
const failureOf = (f: FunctionExport, args: ReadonlyArray<unknown>): string | undefined => {
  let result: unknown
  try {
    result = f.fn(...args)
  } catch (e) {
    return `threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`
  }
  const wrong = misfit(f.declared, result)
  if (wrong !== undefined) return wrong
  if (typeof result === 'function' && f.name !== 'match') {
    // A returned function (formatTest's checker) is total too. match's returns the caller's own callbacks' results.
    for (const h of hostileValues()) {
      try {
        (result as (x: unknown) => unknown)(h.value)
      } catch (e) {
        return `its returned function threw for ${h.name}: ${String(e)}`
      }
    }
  }
  return undefined
}

describe('every function export is total (issue 13, item 1)', () => {
  it('enumerates the exports: dozens of functions from the root and geo, each with a declared result', () => {
    expect(exportsList.length).toBeGreaterThan(70)
    expect(exportsList.filter((f) => f.entry === 'shipper-rules/geo').map((f) => f.name).sort()).toEqual(['nearestZip', 'timeZoneForZip', 'zipCentroid'])
    expect(exportsList.filter((f) => f.declared.kinds.size === 0).map((f) => f.name)).toEqual([])
  })

  it('the built entry points (ESM and CommonJS) export exactly the names src/ does', async () => {
    const built = [
      { entry: 'shipper-rules', esm: 'dist/esm/index.js', cjs: 'dist/index.cjs' },
      { entry: 'shipper-rules/geo', esm: 'dist/esm/geo/index.js', cjs: 'dist/geo.cjs' },
    ]
    const require = createRequire(import.meta.url)
    for (const b of built) {
      expect(existsSync(join(ROOT_DIR, b.esm)), `${b.esm} is missing: run npm run build`).toBe(true)
      const source = Object.keys(ENTRY_POINTS.find((e) => e.name === b.entry)!.module).sort()
      const esm = Object.keys((await import(pathToFileURL(join(ROOT_DIR, b.esm)).href)) as object).sort()
      const cjs = Object.keys(require(join(ROOT_DIR, b.cjs)) as object).filter((k) => k !== '__esModule').sort()
      expect(esm, `${b.esm} (stale? run npm run build)`).toEqual(source)
      expect(cjs, `${b.cjs} (stale? run npm run build)`).toEqual(source)
    }
  })

  it('the doc examples give valid calls of most functions to corrupt', () => {
    const without = exportsList.filter((f) => !calls.has(f.name)).map((f) => f.name)
    expect(without.length).toBeLessThan(exportsList.length / 4)
  })

  for (const f of exportsList) {
    it(`${f.entry} ${f.name}: hostile arguments give a ${[...f.declared.kinds].join(' | ')}, never an exception`, () => {
      const failures: string[] = []
      let n = 0
      for (const { label, args } of argumentLists(f)) {
        n += 1
        const why = failureOf(f, args)
        if (why !== undefined && failures.length < 8) failures.push(`${label}: ${why}`)
      }
      expect(failures).toEqual([])
      expect(n).toBeGreaterThan(40)
      expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted')
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
      expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined()
    })
  }
})

export type { Named }
