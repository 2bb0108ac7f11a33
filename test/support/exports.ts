// Every runtime function export of the package root and of shipper-rules/geo, with what its
// declared return type allows (read from the compiler, so a new export or a changed signature is
// picked up without editing a list), and the argument lists its doc examples call it with (the
// valid inputs that the totality and fuzz tests corrupt one position at a time).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { left, right } from 'fp-ts/lib/Either.js'
import { DateTime } from 'luxon'
import ts from 'typescript'
import { expect } from 'vitest'
import * as geo from '../../src/geo/index.js'
import * as root from '../../src/index.js'
import * as openapi from '../../src/openapi/index.js'
import { runExample, withAssertions } from './docExamples.js'
import { isProblemDetail, isViolation, resultKindOf, type ResultKind } from './hostile.js'

export const ROOT_DIR = join(import.meta.dirname, '..', '..')

/** The entry points whose functions must be total, with their source file. */
export const ENTRY_POINTS = [
  { name: 'shipper-rules', source: 'src/index.ts', module: root as Readonly<Record<string, unknown>> },
  { name: 'shipper-rules/geo', source: 'src/geo/index.ts', module: geo as Readonly<Record<string, unknown>> },
] as const

/** What a function's declared return type allows, and what the Left of an Either holds. */
export interface Declared {
  readonly kinds: ReadonlySet<ResultKind>
  readonly left: 'problem' | 'violations' | 'other'
  readonly text: string
}

/** One function export. */
export interface FunctionExport {
  readonly entry: string
  readonly name: string
  readonly fn: (...args: unknown[]) => unknown
  readonly declared: Declared
}

const kindsOfType = (checker: ts.TypeChecker, type: ts.Type, out: Set<ResultKind>): void => {
  if (type.isUnion()) {
    for (const t of type.types) kindsOfType(checker, t, out)
    return
  }
  const f = type.flags
  if (f & ts.TypeFlags.Null) out.add('null')
  else if (f & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) out.add('undefined')
  else if (f & ts.TypeFlags.BooleanLike) out.add('boolean')
  else if (f & ts.TypeFlags.NumberLike) out.add('number')
  else if (f & ts.TypeFlags.StringLike) out.add('string')
  else if (type.isIntersection()) {
    // A branded primitive (number & { brand }) is the primitive; otherwise an object.
    const before = out.size
    for (const t of type.types) if (t.flags & (ts.TypeFlags.NumberLike | ts.TypeFlags.StringLike | ts.TypeFlags.BooleanLike)) kindsOfType(checker, t, out)
    if (out.size === before) out.add(type.getProperty('_tag') !== undefined ? 'either' : 'object')
  } else if (checker.isArrayType(type) || checker.isTupleType(type) || type.getSymbol()?.name === 'ReadonlyArray') out.add('array')
  else if (type.getCallSignatures().length > 0) out.add('function')
  else if (type.getSymbol()?.name === 'DateTime') out.add('datetime')
  else if (type.getProperty('_tag') !== undefined && /^(Left|Right)$/.test(type.getSymbol()?.name ?? '')) out.add('either')
  else if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) for (const k of ['undefined', 'null', 'boolean', 'number', 'string', 'array', 'function', 'datetime', 'either', 'object'] as const) out.add(k)
  else out.add('object')
}

/** Declared return kinds of every function export, from the compiler. */
const declaredReturns = (): Map<string, Map<string, Declared>> => {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(ROOT_DIR, 'tsconfig.build.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => undefined,
  })
  const program = ts.createProgram(ENTRY_POINTS.map((e) => join(ROOT_DIR, e.source)), parsed!.options)
  const checker = program.getTypeChecker()
  const out = new Map<string, Map<string, Declared>>()
  for (const e of ENTRY_POINTS) {
    const m = new Map<string, Declared>()
    const file = program.getSourceFile(join(ROOT_DIR, e.source))!
    for (const s of checker.getExportsOfModule(checker.getSymbolAtLocation(file)!)) {
      const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s
      if (!(target.flags & ts.SymbolFlags.Value)) continue
      const sigs = checker.getTypeOfSymbol(target).getCallSignatures()
      if (sigs.length === 0) continue
      const kinds = new Set<ResultKind>()
      let text = ''
      for (const sig of sigs) {
        const predicate = checker.getTypePredicateOfSignature(sig)
        if (predicate !== undefined && predicate.kind !== ts.TypePredicateKind.AssertsIdentifier && predicate.kind !== ts.TypePredicateKind.AssertsThis) kinds.add('boolean')
        else kindsOfType(checker, sig.getReturnType(), kinds)
        text += checker.typeToString(sig.getReturnType(), undefined, ts.TypeFormatFlags.NoTruncation)
      }
      const leftKind = !kinds.has('either') ? 'other' : /^Either<ProblemDetail,/.test(text) ? 'problem' : /^(Result<|Either<Violations,|Either<readonly \[Violation)/.test(text) ? 'violations' : 'other'
      m.set(s.name, { kinds, left: leftKind, text })
    }
    out.set(e.name, m)
  }
  return out
}

/** Every function export of the root and geo entry points (io-ts codecs are values, not functions). */
export const functionExports = (): ReadonlyArray<FunctionExport> => {
  const declared = declaredReturns()
  const out: FunctionExport[] = []
  for (const e of ENTRY_POINTS) {
    for (const [name, value] of Object.entries(e.module)) {
      if (typeof value !== 'function') continue
      const d = declared.get(e.name)!.get(name)
      if (d === undefined) throw new Error(`${e.name} ${name}: a runtime function the compiler does not see as one`)
      out.push({ entry: e.name, name, fn: value as (...args: unknown[]) => unknown, declared: d })
    }
  }
  return out
}

/**
 * Why a result does not fit the declared type, or `undefined` when it fits: its kind must be one
 * the declared type allows, an Either must have its side, and a Left of a ProblemDetail or of
 * violations must be a well-formed one.
 */
export const misfit = (declared: Declared, result: unknown): string | undefined => {
  const kind = resultKindOf(result)
  if (!declared.kinds.has(kind as ResultKind)) return `returned a ${kind}, declared ${[...declared.kinds].join(' | ')}`
  if (kind !== 'either') return undefined
  const e = result as { _tag: string; left?: unknown; right?: unknown }
  if (e._tag === 'Left' && !('left' in e)) return 'a Left without left'
  if (e._tag === 'Right' && !('right' in e)) return 'a Right without right'
  if (e._tag === 'Left' && declared.left === 'problem' && !isProblemDetail(e.left)) return 'a Left that is not a ProblemDetail'
  if (e._tag === 'Left' && declared.left === 'violations' && !(Array.isArray(e.left) && e.left.length > 0 && e.left.every(isViolation))) {
    return 'a Left that is not a non-empty list of violations'
  }
  return undefined
}

const SRC = join(ROOT_DIR, 'src')
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  )

/** The @example blocks of every source file, as runnable code (test/examples.test.ts runs them). */
const exampleCodes = (): string[] => {
  const out: string[] = []
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
      const lines = m[1]!.split('\n').map((l) => l.replace(/^\s*\* ?/, ''))
      for (let i = 0; i < lines.length; i++) {
        if (lines[i]!.trim() !== '@example') continue
        let j = i + 1
        while (j < lines.length && !lines[j]!.trim().startsWith('@')) j++
        out.push(withAssertions(lines.slice(i + 1, j).filter((l) => l.trim() !== '')))
        i = j - 1
      }
    }
  }
  return out
}

/**
 * The argument lists each export is called with in the doc examples (valid inputs), by name;
 * at most `perFunction` distinct lists each.
 */
export const exampleCalls = (perFunction = 4): Map<string, ReadonlyArray<ReadonlyArray<unknown>>> => {
  const calls = new Map<string, Array<ReadonlyArray<unknown>>>()
  const scope: Record<string, unknown> = { left, right, DateTime, ...openapi }
  for (const e of ENTRY_POINTS) {
    for (const [name, value] of Object.entries(e.module)) {
      scope[name] = typeof value !== 'function'
        ? value
        : (...args: unknown[]) => {
            const list = calls.get(name) ?? []
            if (list.length < perFunction) list.push(args)
            calls.set(name, list)
            return (value as (...a: unknown[]) => unknown)(...args)
          }
    }
  }
  for (const code of exampleCodes()) {
    try {
      runExample(code, scope)
    } catch {
      // test/examples.test.ts reports a failing example; here it only records the calls it made
    }
  }
  expect(calls.size).toBeGreaterThan(50)
  return calls
}

/** The valid files of examples/, by the function that reads them (argument 0; options after). */
const EXAMPLE_KINDS: Readonly<Record<string, ReadonlyArray<{ readonly fn: string; readonly rest: ReadonlyArray<unknown> }>>> = {
  address: [{ fn: 'normalizeAddress', rest: [] }, { fn: 'normalizeAddress', rest: [{ purpose: 'quote' }] }, { fn: 'repairInput', rest: [] }],
  appointment: [{ fn: 'validateAppointmentRequirement', rest: [] }],
  components: [{ fn: 'validateComponents', rest: [] }, { fn: 'inspectComponents', rest: [{ liftgate: true }] }],
  'create-shipment': [{ fn: 'validateCreateShipment', rest: [] }, { fn: 'canonicalJson', rest: [] }],
  'quote-request': [{ fn: 'validateQuoteRequest', rest: [] }],
}

/**
 * The argument lists that read the valid files of examples/ (each file with the function of its
 * kind; `repairInput` gets the kind first), by function name.
 */
export const examplePayloadCalls = (): Map<string, ReadonlyArray<ReadonlyArray<unknown>>> => {
  const out = new Map<string, Array<ReadonlyArray<unknown>>>()
  for (const [kind, readers] of Object.entries(EXAMPLE_KINDS)) {
    const dir = join(ROOT_DIR, 'examples', kind)
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
      const payload = JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown
      for (const r of readers) {
        const list = out.get(r.fn) ?? []
        list.push(r.fn === 'repairInput' ? [kind, payload] : [payload, ...r.rest])
        out.set(r.fn, list)
      }
    }
  }
  return out
}
