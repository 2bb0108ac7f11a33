// The console's Rules data (issue 34, Rules): scripts/rules-data.mjs generates
// console/src/generated/rules-data.json and rule-functions.ts from the library (RULES.md, the rule
// map docs/rules.md, the doc comments of the exports, the describe blocks of test/properties). This
// file shows the generated files are what the generator writes now (not stale), that every rule ID of
// RULES.md has a function that implements it and a property that checks it, and that the page's
// runner (console/src/rules/run.ts) reproduces the examples' assertions from the JSON arguments.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as library from 'shipper-rules'
import * as geo from 'shipper-rules/geo'
import * as openapi from 'shipper-rules/openapi'
import { describe, expect, it } from 'vitest'
import * as ruleFunctions from '../console/src/generated/rule-functions.js'
import { readPath, runExample, sameJson, showValue, violationsOf } from '../console/src/rules/run.js'

const ROOT = join(import.meta.dirname, '..', '..')
const read = (p: string): string => readFileSync(join(ROOT, p), 'utf8')

interface Call {
  fn: string
  args: unknown[]
  then: string
  expected: string | null
  expectedValue?: unknown
}
interface Data {
  rules: Array<{
    id: string
    kind: string
    sentence: string
    decision: string
    status: string
    functions: string[]
    functionsByRuleMap: string[]
    properties: Array<{ file: string; title: string }>
  }>
  functions: Record<string, { module: string; callable: boolean; examples: Array<{ code: string; calls: Call[] }> }>
}
const data = JSON.parse(read('sandbox/console/src/generated/rules-data.json')) as Data
const specIds = [...read('spec/RULES.md').matchAll(/^\| ([A-Z]+-\d{2}) \| ([^|]+) \|/gm)].map((m) => [m[1]!, m[2]!.trim()] as const)
const map = ruleFunctions as unknown as Record<string, unknown>
const exportsOf: Record<string, Record<string, unknown>> = {
  'shipper-rules': library as unknown as Record<string, unknown>,
  'shipper-rules/geo': geo as unknown as Record<string, unknown>,
  'shipper-rules/openapi': openapi as unknown as Record<string, unknown>,
}
/** A value as JSON would carry it (DateTime as its ISO text, undefined keys dropped). */
const asJson = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)))

describe('rules data generator', () => {
  it('the generated files are the generator\'s output now (node scripts/rules-data.mjs --check)', () => {
    // exits 1 and names the stale file otherwise
    expect(() => execFileSync(process.execPath, ['scripts/rules-data.mjs', '--check'], { cwd: ROOT, stdio: 'pipe' })).not.toThrow()
  })

  it('has every rule ID of RULES.md, in order, with its kind and sentence', () => {
    expect(data.rules.map((r) => [r.id, r.kind])).toEqual(specIds)
    for (const r of data.rules) expect(read('spec/RULES.md')).toContain(`| ${r.id} | ${r.kind} | ${r.sentence} |`)
  })

  it('every rule ID has a function of the library that implements it, a runtime export', () => {
    const without: string[] = []
    for (const r of data.rules) {
      const names = [...r.functions, ...r.functionsByRuleMap]
      if (!names.some((n) => data.functions[n]?.callable === true)) without.push(r.id)
      for (const n of names) {
        const f = data.functions[n]!
        expect(`${r.id} ${n}: ${typeof exportsOf[f.module]?.[n]}`).not.toBe(`${r.id} ${n}: undefined`)
        if (f.callable) expect(typeof exportsOf[f.module]![n]).toBe('function')
      }
    }
    expect(without).toEqual([])
    // most rules are named by the implementing function's own doc comment, not only by the rule map
    expect(data.rules.filter((r) => r.functions.length > 0).length).toBeGreaterThan(data.rules.length * 0.8)
  })

  it('every rule ID has a property that checks it: a describe block of test/properties naming it', () => {
    expect(data.rules.filter((r) => r.properties.length === 0).map((r) => r.id)).toEqual([])
    for (const r of data.rules) {
      for (const p of r.properties) {
        expect(existsSync(join(ROOT, p.file))).toBe(true)
        expect(read(p.file)).toContain(p.title)
      }
    }
  })

  it('every D rule carries the decision of the rule map', () => {
    const d = data.rules.filter((r) => r.kind.includes('D'))
    expect(d.length).toBeGreaterThan(5)
    for (const r of d) {
      expect(r.decision).not.toBe('')
      expect(read('docs/rules.md')).toContain(r.decision)
    }
    for (const r of data.rules.filter((x) => !x.kind.includes('D'))) expect(r.decision).toBe('')
  })

  it('rule-functions.ts re-exports exactly the functions the runnable examples call and the constants they name', () => {
    const calls = Object.values(data.functions).flatMap((f) => f.examples.flatMap((e) => e.calls))
    const named = calls.flatMap((c) => [...JSON.stringify(c.args).matchAll(/\{"\$export":"([^"]+)"\}/g)].map((m) => m[1]!))
    expect(named.length).toBeGreaterThan(0)
    const called = new Set([...calls.map((c) => c.fn), ...named])
    expect(Object.keys(map).sort()).toEqual([...called].sort())
    for (const name of called) expect(map[name]).toBe((library as unknown as Record<string, unknown>)[name])
  })
})

describe('the Rules page runner', () => {
  const calls = Object.values(data.functions).flatMap((f) => f.examples.flatMap((e) => e.calls))

  it('reproduces every assertion it can read from the JSON arguments, without eval', () => {
    let compared = 0
    const wrong: string[] = []
    for (const c of calls) {
      const result = runExample(c.fn, JSON.stringify(c.args), map, c.then)
      if (!result.ok) {
        wrong.push(`${c.fn}: ${result.error}`)
        continue
      }
      if (!('expectedValue' in c) || result.asserted === undefined) continue
      compared++
      // the page's own comparison, and an independent one on the JSON text
      const same = sameJson(result.asserted.value, c.expectedValue)
      expect(same).toBe(JSON.stringify(asJson(result.asserted.value)) === JSON.stringify(asJson(c.expectedValue)))
      if (!same) wrong.push(`${c.fn}${c.then}: ${showValue(result.asserted.value)} ≠ ${c.expected ?? ''}`)
    }
    expect(wrong).toEqual([])
    expect(compared).toBeGreaterThan(60)
  })

  it('answers text that is not a JSON array, an unknown function and an unknown constant with an error, never a throw', () => {
    expect(runExample('densityOf', '[500, {', map)).toMatchObject({ ok: false })
    expect(runExample('densityOf', '{"a": 1}', map)).toEqual({ ok: false, error: 'The arguments must be a JSON array, one entry per argument.' })
    expect(runExample('eval', '["1"]', map)).toEqual({ ok: false, error: "No library function eval in this page's map." })
    expect(runExample('toString', '[]', map)).toMatchObject({ ok: false })
    expect(runExample('densityOf', '[{"$export": "NOPE"}]', map)).toMatchObject({ ok: false })
    expect(runExample('densityOf', '[500, {"length": 48, "width": 40, "height": 48}]', map)).toEqual({ ok: true, text: '9.375', violations: [], read: null, asserted: { value: 9.375 } })
  })

  it('lists the violations of a Left and of a ProblemDetail; reads plain paths only', () => {
    const v = { field: 'a', code: 'required', reason: 'is required', entity: null }
    expect(violationsOf({ _tag: 'Left', left: [v] })).toEqual([{ field: 'a', code: 'required', reason: 'is required' }])
    expect(violationsOf({ _tag: 'Left', left: { status: 400, violations: [v] } })).toHaveLength(1)
    expect(violationsOf({ _tag: 'Right', right: [v] })).toEqual([])
    expect(readPath({ left: { violations: [{ code: 'x' }] } }, '.left.violations[0].code')).toEqual({ value: 'x' })
    expect(readPath({ a: 1 }, '.map((v) => v)')).toBeNull()
    expect(showValue({ n: 1n, u: undefined, i: Number.POSITIVE_INFINITY })).toContain('"1n"')
  })
})
