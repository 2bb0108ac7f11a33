// Runs documentation examples as tests (STYLE: examples run): the `@example` blocks of doc
// comments (test/examples.test.ts) and the ```ts blocks of README.md and docs/guide.md (test/readme.test.ts).
//
// In an example, `//=> value` asserts that the last statement written before it (since the
// previous assertion), an expression, deep-equals `value`. The assertion may stand on its own
// line or at the end of the expression's line, and may continue on the following comment lines
// while its brackets are open. `Right: value` and `Left: value` stand for an fp-ts Either with
// that side. A `…` in the value (outside strings) stands for "and more": the entries written
// must match, others may be present (vitest's toMatchObject).
import ts from 'typescript'
import { expect } from 'vitest'

const STRING = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g
const outsideStrings = (text: string): string => text.replace(STRING, '""')
const ASSERTION = /^(.*?)\/\/=>\s?(.*)$/

/** How many brackets the text leaves open (strings ignored). */
const openBrackets = (text: string): number => {
  let depth = 0
  for (const c of outsideStrings(text)) depth += '([{'.includes(c) ? 1 : ')]}'.includes(c) ? -1 : 0
  return depth
}

/** The value of an assertion as an expression, and whether it is partial (it shows a `…`). */
const expectedOf = (written: string): { code: string; partial: boolean } => {
  const side = /^\s*(Right|Left):\s*([\s\S]*)$/.exec(written)
  const value = side === null ? written : `{ _tag: '${side[1]!}', ${side[1]!.toLowerCase()}: (${side[2]!}\n) }`
  let partial = false
  let code = ''
  let last = 0
  for (const m of value.matchAll(STRING)) {
    const between = value.slice(last, m.index)
    partial ||= between.includes('…')
    code += between.replace(/…\s*,?/g, '') + m[0]
    last = m.index + m[0].length
  }
  const tail = value.slice(last)
  partial ||= tail.includes('…')
  return { code: code + tail.replace(/…\s*,?/g, ''), partial }
}

/** `chunk` with its last statement, an expression, wrapped in a check against `expected`. */
const checkLast = (chunk: string, expected: string, partial: boolean): string => {
  const source = ts.createSourceFile('example.ts', chunk, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS)
  const last = source.statements.at(-1)
  if (last === undefined || !ts.isExpressionStatement(last)) {
    throw new Error(`an assertion must follow an expression, not:\n${chunk}`)
  }
  const start = last.expression.getStart(source)
  return `${chunk.slice(0, start)}__check((${chunk.slice(start, last.expression.end)}\n), (${expected}\n), ${String(partial)});${chunk.slice(last.end)}`
}

/**
 * The lines of an example as TypeScript in which every `//=> value` is a call
 * `__check(actual, expected, partial)`.
 */
export const withAssertions = (lines: ReadonlyArray<string>): string => {
  const body: string[] = []
  let pending: string[] = []
  for (let i = 0; i < lines.length; i++) {
    const m = ASSERTION.exec(lines[i]!)
    if (m === null) {
      pending.push(lines[i]!)
      continue
    }
    let value = m[2]!
    while (openBrackets(value) > 0 && i + 1 < lines.length && /^\s*\/\/(?!=>)/.test(lines[i + 1]!)) {
      i += 1
      value += `\n${lines[i]!.replace(/^\s*\/\//, '')}`
    }
    if (m[1]!.trim() !== '') pending.push(m[1]!)
    const expected = expectedOf(value)
    body.push(checkLast(pending.join('\n'), expected.code, expected.partial))
    pending = []
  }
  body.push(...pending)
  return body.join('\n')
}

/** TypeScript to plain JavaScript (types erased), for `new Function`. */
export const toJavaScript = (code: string): string =>
  ts.transpileModule(code, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText

/**
 * Runs an example made by {@link withAssertions} with the names of `scope` in scope, asserting
 * each check with vitest; returns how many checks ran.
 */
export const runExample = (code: string, scope: Readonly<Record<string, unknown>>): number => {
  let checks = 0
  const check = (actual: unknown, expected: unknown, partial: boolean): void => {
    checks += 1
    if (partial) expect(actual).toMatchObject(expected as object)
    else expect(actual).toEqual(expected)
  }
  const names = Object.keys(scope)
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const run = new Function(...names, '__check', toJavaScript(code)) as (...args: unknown[]) => void
  run(...names.map((n) => scope[n]), check)
  return checks
}
