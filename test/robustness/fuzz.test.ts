// Issue 13, items 2 and 5: every function export of the root and shipper-rules/geo, fuzzed.
//  - over fc.anything() (null prototypes, boxed values, sparse arrays, bigints, Object('…')
//    strings, dates, maps, sets, typed arrays, `__proto__`/`constructor`/`prototype` keys) and
//    symbols, in every position;
//  - over structure-aware mutations (test/support/mutate.ts) of valid payloads: the argument lists
//    of the doc examples and the valid files of examples/ (a field dropped, retyped, duplicated,
//    nested deeper, replaced by NaN, ±Infinity, -0, 1e308, -1, 2^53, '', lone surrogates, RTL and
//    zero-width characters, or given a hostile key);
//  - a 10 MB string in every string place of one valid payload of each kind (once, not per run).
// Every input is deep-frozen, every call must return a value of the declared type, never throw,
// give the same output when repeated, and leave Object.prototype clean.
//
// Inputs per export: FUZZ_PER_EXPORT, by default 10,000 counted as a property's runs are (runsOf,
// shipper-rules-testkit): 10,000 in the deep run (`npm run test:deep`, FC_NUM_RUNS=1000), 1,000 in
// the default run of `npm test` (FC_NUM_RUNS=100). `npm run fuzz` (scripts/fuzz.mjs) sets
// FUZZ_TOTAL=1000000 (spread over the exports) and FUZZ_REPORT=1 to print the counts and times.
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { runsOf } from 'shipper-rules-testkit'
import { afterAll, describe, expect, it } from 'vitest'
import { deepFreeze } from '../arbitraries/freeze.js'
import { canonical } from '../support/canonical.js'
import { exampleCalls, examplePayloadCalls, functionExports, misfit, type FunctionExport } from '../support/exports.js'
import { SPECIAL_NUMBERS, SPECIAL_STRINGS, mutated, replaceAt, stringPlaces } from '../support/mutate.js'

const exportsList = functionExports()
const calls = exampleCalls(8)

const total = Number(process.env['FUZZ_TOTAL'] ?? Number.NaN)
const perExport = Number.isSafeInteger(total) && total > 0
  ? Math.ceil(total / exportsList.length)
  : Number(process.env['FUZZ_PER_EXPORT'] ?? runsOf(10_000))

const payloadCalls = examplePayloadCalls()

/** Valid argument lists of a function: its doc examples' calls and the example files it reads. */
const basesOf = (name: string): ReadonlyArray<ReadonlyArray<unknown>> => [...(calls.get(name) ?? []), ...(payloadCalls.get(name) ?? [])]

const FIELD_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'toJSON', 'length', '_tag', 'then', 'zipCode', 'country', 'state', 'pickupAddress', 'orderComponents', 'dimensions', 'palletCount', 'poundsWeight', 'config', 'path', 'status', 'now', 'body']

/** Anything a JavaScript caller could pass, symbols and hostile keys included. */
const anyValue: fc.Arbitrary<unknown> = fc.anything({
  key: fc.oneof(fc.string(), fc.constantFrom(...FIELD_KEYS)),
  values: [
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.string({ unit: 'binary' }),
    fc.constantFrom(...SPECIAL_NUMBERS),
    fc.constantFrom(...SPECIAL_STRINGS),
    fc.constant(null),
    fc.constant(undefined),
    fc.string().map((s) => Symbol(s)),
    fc.bigInt(),
    fc.constantFrom(DateTime.fromISO('2026-11-23T08:00:00Z'), DateTime.invalid('fuzz')),
  ],
  maxDepth: 3,
  maxKeys: 6,
  withBoxedValues: true,
  withNullPrototype: true,
  withSparseArray: true,
  withBigInt: true,
  withObjectString: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
})

const counts = new Map<string, { inputs: number; ms: number }>()
const hugeMs = new Map<string, number>()

/** Calls `f` on frozen `args` twice; why it failed, or undefined. */
const judge = (f: FunctionExport, args: ReadonlyArray<unknown>): string | undefined => {
  deepFreeze(args)
  let first: unknown
  let second: unknown
  try {
    first = f.fn(...args)
    second = f.fn(...args)
  } catch (e) {
    return `threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`
  }
  const wrong = misfit(f.declared, first)
  if (wrong !== undefined) return wrong
  if (f.name !== 'match' && canonical(first) !== canonical(second)) return 'a second call on the same input gave another output'
  if (({} as Record<string, unknown>)['polluted'] !== undefined) return 'Object.prototype polluted'
  return undefined
}

const show = (args: ReadonlyArray<unknown>): string => {
  try {
    return canonical(args).slice(0, 300)
  } catch {
    return '(unprintable)'
  }
}

describe(`fuzzing every function export (${perExport} inputs each)`, () => {
  for (const f of exportsList) {
    it(`${f.entry} ${f.name}`, () => {
      const started = performance.now()
      let inputs = 0
      const bases = basesOf(f.name)
      const width = Math.max(f.fn.length, ...bases.map((b) => b.length), 1) + 1
      const anyRuns = bases.length === 0 ? perExport : Math.ceil(perExport / 2)
      const check = (args: ReadonlyArray<unknown>): void => {
        inputs += 1
        const why = judge(f, args)
        if (why !== undefined) throw new Error(`${f.name}(${show(args)}): ${why}`)
      }
      // Anything in every position, alone or beside valid arguments.
      const anyArgs = bases.length === 0
        ? fc.array(anyValue, { maxLength: width })
        : fc.oneof(
            fc.array(anyValue, { maxLength: width }),
            fc.tuple(fc.constantFrom(...bases), fc.nat({ max: width - 1 }), anyValue).map(([base, pos, v]) => {
              const args = [...base]
              args[pos] = v
              return args
            }),
          )
      fc.assert(fc.property(anyArgs, (args) => check(args)), { numRuns: anyRuns })
      // Structure-aware mutations of one argument of a valid call.
      if (bases.length > 0) {
        const mutatedArgs = fc
          .tuple(fc.constantFrom(...bases), fc.nat())
          .chain(([base, i]) => {
            const pos = i % Math.max(base.length, 1)
            return mutated(base[pos]).map((m) => {
              const args = [...base]
              args[pos] = m
              return args
            })
          })
        fc.assert(fc.property(mutatedArgs, (args) => check(args)), { numRuns: perExport - anyRuns })
      }
      counts.set(`${f.entry} ${f.name}`, { inputs, ms: performance.now() - started })
      expect(inputs).toBeGreaterThanOrEqual(perExport)
    })
  }

  it('a 10 MB string (ASCII, and emoji: 20 MB of UTF-16) in the string places of a valid call of each export gives a value of the declared type', () => {
    const huge = 'a'.repeat(10 * 1024 * 1024)
    const hugeEmoji = '📦'.repeat(5 * 1024 * 1024)
    let places = 0
    for (const f of exportsList) {
      const base = basesOf(f.name).at(-1)
      if (base === undefined) continue
      const t0 = performance.now()
      base.forEach((arg, pos) => {
        // The argument itself, then up to 5 string places inside it; the emoji string at the first only.
        ;[[], ...stringPlaces(arg)].slice(0, 6).forEach((path, i) => {
          for (const s of i === 0 ? [huge, hugeEmoji] : [huge]) {
            const args = [...base]
            args[pos] = replaceAt(arg, path, s)
            places += 1
            let result: unknown
            try {
              result = f.fn(...deepFreeze(args))
            } catch (e) {
              throw new Error(`${f.name}: 10 MB string at argument ${pos} ${JSON.stringify(path)} threw ${String(e)}`)
            }
            const wrong = misfit(f.declared, result)
            if (wrong !== undefined) throw new Error(`${f.name}: 10 MB string at argument ${pos} ${JSON.stringify(path)}: ${wrong}`)
          }
        })
      })
      hugeMs.set(f.name, performance.now() - t0)
    }
    expect(places).toBeGreaterThan(100)
  })
})

afterAll(() => {
  if (process.env['FUZZ_REPORT'] === undefined) return
  const rows = [...counts.entries()].sort(([a], [b]) => a.localeCompare(b))
  const sum = rows.reduce((n, [, c]) => n + c.inputs, 0)
  const ms = rows.reduce((n, [, c]) => n + c.ms, 0)
  const lines = rows.map(([name, c]) => `${name.padEnd(52)} ${String(c.inputs).padStart(9)} ${(c.ms / 1000).toFixed(1).padStart(7)} s`)
  const slow = [...hugeMs.entries()].sort(([, a], [, b]) => b - a).slice(0, 8).map(([n, ms]) => `${n} ${ms.toFixed(0)} ms`)
  process.stdout.write(`\n10 MB strings, slowest: ${slow.join(', ')}\n`)
  process.stdout.write(`\nFUZZ REPORT\n${lines.join('\n')}\n${'total'.padEnd(52)} ${String(sum).padStart(9)} ${(ms / 1000).toFixed(1).padStart(7)} s\n`)
})
