// Issue 13, item 5: purity. Every function export, called on deep-frozen inputs (a write to one
// throws in strict mode), gives the same output for the same input, however calls on other inputs
// are interleaved: each export's valid argument lists (its doc examples' calls and the example
// files it reads) and a few hostile ones are run once each in order, then again in alternation
// (A B A B, reversed, each twice in a row). Module-level mutable state (a cache keyed wrongly, a
// counter, a remembered "last input") would make some later answer differ from the first.
// The property suite runs every property on deep-frozen values (test/setup.ts installs the
// freezing plugin for fast-check); the fuzz suite freezes every input and calls twice.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { deepFreeze } from '../arbitraries/freeze.js'
import { canonical } from '../support/canonical.js'
import { exampleCalls, examplePayloadCalls, functionExports } from '../support/exports.js'

const exportsList = functionExports()
const calls = exampleCalls(8)
const payloadCalls = examplePayloadCalls()

/** Inputs outside the declared types, interleaved with the valid ones. */
const oddArgs = (): ReadonlyArray<ReadonlyArray<unknown>> => [[], [null], [{}], ['x', 1], [[1, 2, 3]], [{ a: { b: [1] } }, { config: null }]]

const answer = (fn: (...args: unknown[]) => unknown, args: ReadonlyArray<unknown>): string => {
  try {
    return canonical(fn(...args))
  } catch (e) {
    return `threw ${String(e)}`
  }
}

describe('purity: the same input gives the same output, whatever ran before (issue 13, item 5)', () => {
  for (const f of exportsList) {
    if (f.name === 'match') continue // returns its callbacks' own results
    it(`${f.name}: alternating inputs, each answer as the first time`, () => {
      const inputs = [...(calls.get(f.name) ?? []), ...(payloadCalls.get(f.name) ?? []), ...oddArgs()].map((args) => deepFreeze([...args]))
      const first = inputs.map((args) => answer(f.fn, args))
      const order = [...inputs.keys()]
      const schedules = [
        order.flatMap((i) => [i, order[(i + 1) % order.length]!]), // A B, B C, …
        [...order].reverse(),
        order.flatMap((i) => [i, i]),
      ]
      const differing: string[] = []
      for (const schedule of schedules) {
        for (const i of schedule) {
          const again = answer(f.fn, inputs[i]!)
          if (again !== first[i] && differing.length < 5) differing.push(`input ${i}: first ${first[i]!.slice(0, 160)}, later ${again.slice(0, 160)}`)
        }
      }
      expect(differing).toEqual([])
      expect(first.some((a) => a.startsWith('threw'))).toBe(false)
      expect(inputs.length).toBeGreaterThanOrEqual(oddArgs().length)
    })
  }

  it('fast-check hands every property deep-frozen values (the plugin of test/setup.ts)', () => {
    let seen = 0
    fc.assert(
      fc.property(fc.record({ list: fc.array(fc.record({ n: fc.integer() }), { minLength: 1 }) }), (v) => {
        seen += 1
        expect(Object.isFrozen(v)).toBe(true)
        expect(Object.isFrozen(v.list)).toBe(true)
        expect(Object.isFrozen(v.list[0])).toBe(true)
        expect(() => {
          ;(v.list as Array<{ n: number }>).push({ n: 1 })
        }).toThrow(TypeError)
      }),
      { numRuns: 20 },
    )
    expect(seen).toBe(20)
  })
})
