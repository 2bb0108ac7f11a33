// Executes every `@example` of every doc comment in src/ (STYLE: examples run). In an example, a
// line `//=> value` asserts that the expression written just before it (since the previous
// assertion) deep-equals `value` (the full syntax is in test/support/docExamples.ts). Names come
// from the package root, shipper-rules/geo, shipper-rules/openapi and shipper-rules/arbitraries,
// plus fp-ts's `left`/`right`, luxon's `DateTime` and fast-check's `fc`.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import fc from 'fast-check'
import { left, right } from 'fp-ts/lib/Either.js'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import * as arbitraries from '../src/arbitraries/index.js'
import * as geo from '../src/geo/index.js'
import * as api from '../src/index.js'
import * as openapi from '../src/openapi/index.js'
import { runExample, withAssertions } from './support/docExamples.js'

const SRC = join(import.meta.dirname, '..', 'src')
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  )

interface Example {
  readonly file: string
  readonly line: number
  readonly code: string
}

/** The @example blocks of a source file, as runnable code with assertions. */
const examplesOf = (file: string): Example[] => {
  const text = readFileSync(file, 'utf8')
  const out: Example[] = []
  for (const m of text.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const lines = m[1]!.split('\n').map((l) => l.replace(/^\s*\* ?/, ''))
    const startLine = text.slice(0, m.index).split('\n').length
    for (let i = 0; i < lines.length; i++) {
      if (lines[i]!.trim() !== '@example') continue
      let j = i + 1
      while (j < lines.length && !lines[j]!.trim().startsWith('@')) j++
      const code = withAssertions(lines.slice(i + 1, j).filter((l) => l.trim() !== ''))
      out.push({ file: relative(SRC, file), line: startLine + i, code })
      i = j - 1
    }
  }
  return out
}

const all = files(SRC).flatMap(examplesOf)
const scope: Record<string, unknown> = { ...api, ...geo, ...openapi, ...arbitraries, left, right, DateTime, fc }

describe('doc comment examples', () => {
  it('there are examples to run', () => {
    expect(all.length).toBeGreaterThan(20)
  })
  it('every example asserts something', () => {
    expect(all.filter((e) => !e.code.includes('__check(')).map((e) => `${e.file}:${e.line}`)).toEqual([])
  })
  for (const ex of all) {
    it(`${ex.file}:${ex.line}`, () => {
      expect(runExample(ex.code, scope)).toBeGreaterThan(0)
    })
  }
})
