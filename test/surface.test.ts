// The public surface is deliberate (package issue, "A deliberate surface"): every name an entry
// point exports at run time is a promise, so each one has a row in docs/exports.md saying what
// it is and which page describes it. This test fails when an export appears that the table does
// not list, when a listed name disappears, when a row's kind or category is stale, when a row
// names a page that does not mention the name, and when any export (types included) lacks its
// typedoc `@category` and `@since` or is marked `@internal`, and when a runtime export's doc
// comment lacks an `@example` asserting with `//=>` or names no rule ID (nor says it implements none).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as t from 'io-ts'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import * as arbitraries from '../src/arbitraries/index.js'
import * as geo from '../src/geo/index.js'
import * as root from '../src/index.js'
import * as model from '../src/model/index.js'
import * as openapi from '../src/openapi/index.js'

const ROOT = join(import.meta.dirname, '..')
const read = (p: string): string => readFileSync(join(ROOT, p), 'utf8')

const ENTRY_POINTS = [
  { name: 'shipper-rules', source: 'src/index.ts', module: root as Record<string, unknown> },
  { name: 'shipper-rules/geo', source: 'src/geo/index.ts', module: geo as Record<string, unknown> },
  { name: 'shipper-rules/openapi', source: 'src/openapi/index.ts', module: openapi as Record<string, unknown> },
  { name: 'shipper-rules/arbitraries', source: 'src/arbitraries/index.ts', module: arbitraries as Record<string, unknown> },
] as const

/** The pages a row may name; API.md is the shared one beside the repository, checked when present. */
const PAGES: Readonly<Record<string, string>> = {
  'API.md': join('..', 'shared', 'API.md'),
  'README.md': 'README.md',
  'docs/arbitraries.md': 'docs/arbitraries.md',
  'docs/guide.md': 'docs/guide.md',
  'docs/cli.md': 'docs/cli.md',
  'docs/install.md': 'docs/install.md',
  'docs/performance.md': 'docs/performance.md',
  'docs/rules.md': 'docs/rules.md',
  'docs/tracking.md': 'docs/tracking.md',
  'docs/freight-class.md': 'docs/freight-class.md',
  'docs/lifecycle.md': 'docs/lifecycle.md',
}

interface Row {
  readonly entry: string
  readonly name: string
  readonly kind: string
  readonly category: string
  readonly describedIn: ReadonlyArray<string>
}

/** The rows of docs/exports.md, each under the `## \`entry point\`` heading it follows. */
const rows: Row[] = (() => {
  const out: Row[] = []
  let entry = ''
  for (const line of read('docs/exports.md').split('\n')) {
    const heading = /^## `([^`]+)`/.exec(line)
    if (heading !== null) entry = heading[1]!
    const m = /^\| `([A-Za-z_$][\w$]*)` \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$/.exec(line)
    if (m === null) continue
    out.push({ entry, name: m[1]!, kind: m[2]!.trim(), category: m[3]!.trim(), describedIn: m[4]!.split(',').map((s) => s.trim()) })
  }
  return out
})()

/** function, codec (an io-ts type) or const: what a value is at run time. */
const kindOf = (value: unknown): string => (value instanceof t.Type ? 'codec' : typeof value === 'function' ? 'function' : 'const')

/** Every export of each entry point as the compiler sees it (types too), with its doc tags. */
const declared = (() => {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.build.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => undefined,
  })
  const program = ts.createProgram(ENTRY_POINTS.map((e) => join(ROOT, e.source)), parsed!.options)
  const checker = program.getTypeChecker()
  type Declared = { tags: Map<string, string>; text: string; isValue: boolean }
  const out = new Map<string, Map<string, Declared>>()
  for (const e of ENTRY_POINTS) {
    const exports = new Map<string, Declared>()
    const file = program.getSourceFile(join(ROOT, e.source))!
    for (const s of checker.getExportsOfModule(checker.getSymbolAtLocation(file)!)) {
      const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s
      // A codec is a value and a type of the same name: the value's comment decides its category.
      const d = target.valueDeclaration ?? target.declarations?.[0]
      const host = d !== undefined && ts.isVariableDeclaration(d) ? d.parent.parent : d
      const tags = new Map<string, string>()
      for (const tag of host === undefined ? [] : ts.getJSDocTags(host)) tags.set(tag.tagName.text, ts.getTextOfJSDocComment(tag.comment) ?? '')
      // The whole doc comment (description and every tag, @example included) as written.
      const docs = host === undefined ? [] : ts.getJSDocCommentsAndTags(host).filter(ts.isJSDoc)
      const text = docs.map((c) => c.getText()).join('\n')
      exports.set(s.name, { tags, text, isValue: (target.flags & ts.SymbolFlags.Value) !== 0 })
    }
    out.set(e.name, exports)
  }
  return out
})()

/**
 * A rule ID of the shared RULES.md: `ADDR-04`, `TRK-01` (its prefixes spelled out, so that
 * `UTF-16` or a sample reference `PO-88` in a comment is no rule ID).
 */
const RULE_ID = /\b(?:ADDR|APT|AUTH|CNF|CRT|DOC|ERR|FRT|ID|INV|ORD|QTE|TRK)-\d\d\b/g
/** The explicit exemption from naming a rule ID (see the test below). */
const NO_RULE = /\bImplements no rule ID\./

/** The `@example` blocks of a doc comment's text, as test/examples.test.ts reads them. */
const examplesOf = (comment: string): string[] => {
  const lines = comment.split('\n').map((l) => l.replace(/^\s*(?:\/\*\*|\*\/|\*) ?/, ''))
  const out: string[] = []
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== '@example') continue
    let j = i + 1
    while (j < lines.length && !lines[j]!.trim().startsWith('@')) j++
    out.push(lines.slice(i + 1, j).join('\n'))
    i = j - 1
  }
  return out
}

describe('docs/exports.md: the runtime exports of every entry point, each described', () => {
  it('has a section for every entry point, and no duplicate row', () => {
    expect([...new Set(rows.map((r) => r.entry))]).toEqual(ENTRY_POINTS.map((e) => e.name))
    const keys = rows.map((r) => `${r.entry} ${r.name}`)
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([])
  })

  for (const e of ENTRY_POINTS) {
    describe(e.name, () => {
      const listed = rows.filter((r) => r.entry === e.name)
      const exported = Object.keys(e.module).sort()
      it('every runtime export has a row (a new export is a public promise: describe it, or keep it internal)', () => {
        const unlisted = exported.filter((n) => !listed.some((r) => r.name === n))
        const suggested = unlisted.map((n) => `| \`${n}\` | ${kindOf(e.module[n])} | ${declared.get(e.name)!.get(n)?.tags.get('category') ?? '?'} | ? |`)
        expect(suggested).toEqual([])
      })
      it('every row names a runtime export (a documented name must not disappear)', () => {
        expect(listed.map((r) => r.name).filter((n) => !exported.includes(n))).toEqual([])
      })
      it('every row states the kind of the value and the @category of its declaration', () => {
        const stale = listed
          .filter((r) => exported.includes(r.name))
          .map((r) => ({ r, kind: kindOf(e.module[r.name]), category: declared.get(e.name)!.get(r.name)?.tags.get('category') }))
          .filter(({ r, kind, category }) => r.kind !== kind || r.category !== category)
          .map(({ r, kind, category }) => `${r.name}: row says ${r.kind}, ${r.category}; source says ${kind}, ${category ?? '(none)'}`)
        expect(stale).toEqual([])
      })
    })
  }

  it('every row is described: a page that names it in code, the wire model, or with a documented export', () => {
    const problems: string[] = []
    const pageText = new Map<string, string | undefined>()
    const textOf = (page: string): string | undefined => {
      if (!pageText.has(page)) pageText.set(page, existsSync(join(ROOT, PAGES[page]!)) ? read(PAGES[page]!) : undefined)
      return pageText.get(page)
    }
    const names = (text: string, name: string): boolean => new RegExp(`\`${name}(?![\\w$])`).test(text)
    /** A row described by a page of this repository (or, for API.md, the shared page). */
    const onAPage = (r: Row): boolean => r.describedIn.some((d) => d in PAGES && d !== 'API.md')
    for (const r of rows) {
      if (r.describedIn.length === 0 || r.describedIn.includes('?')) problems.push(`${r.name}: described nowhere`)
      for (const d of r.describedIn) {
        const companion = /^with `([^`]+)`$/.exec(d)
        if (d in PAGES) {
          const text = textOf(d)
          if (text === undefined && d !== 'API.md') problems.push(`${r.name}: ${d} does not exist`)
          else if (text !== undefined && !names(text, r.name)) problems.push(`${r.name}: ${d} does not name it`)
        } else if (d === 'wire model') {
          if (r.entry !== 'shipper-rules' || !Object.hasOwn(model, r.name)) problems.push(`${r.name}: not exported by src/model/index.ts`)
        } else if (companion !== null) {
          const other = rows.find((x) => x.entry === r.entry && x.name === companion[1])
          if (other === undefined || !onAPage(other)) problems.push(`${r.name}: ${companion[1]!} is not a row described on a page`)
        } else {
          problems.push(`${r.name}: unknown source "${d}"`)
        }
      }
      if (r.describedIn.every((d) => d === 'API.md')) problems.push(`${r.name}: described only outside the repository (API.md)`)
    }
    expect(problems).toEqual([])
  })

  it('every export of every entry point, types included, has @category and @since and is not @internal', () => {
    const missing: string[] = []
    for (const [entry, exports] of declared) {
      for (const [name, { tags }] of exports) {
        if (!tags.has('category')) missing.push(`${entry} ${name}: no @category`)
        if (!tags.has('since')) missing.push(`${entry} ${name}: no @since`)
        if (tags.has('internal')) missing.push(`${entry} ${name}: exported but @internal`)
      }
    }
    expect(missing).toEqual([])
  })

  // Package issue item 4: every runtime export has a doc comment naming its rule IDs (the
  // `ABC-01` IDs of the shared RULES.md) and at least one `@example` asserting a result with
  // `//=>` (test/examples.test.ts runs it). The one exemption from naming a rule ID is explicit:
  // an export that implements no rule (a generic helper, configuration, the error plumbing) says
  // so with the sentence "Implements no rule ID." and then names none; a `@category rules`
  // export cannot be exempt.
  it('every runtime export has an asserting @example and names its rule IDs (or says it implements none)', () => {
    const rulesPath = join(ROOT, '..', 'shared', 'spec', 'RULES.md')
    const rulesText = existsSync(rulesPath) ? readFileSync(rulesPath, 'utf8') : undefined
    const known = rulesText === undefined ? undefined : new Set(rulesText.match(RULE_ID) ?? [])
    const problems: string[] = []
    // RULE_ID knows every prefix RULES.md uses.
    for (const id of new Set(rulesText?.match(/\b[A-Z]+-\d\d\b/g) ?? [])) if (!known!.has(id)) problems.push(`RULES.md: ${id} has a prefix RULE_ID does not know`)
    for (const [entry, exports] of declared) {
      for (const [name, { tags, text, isValue }] of exports) {
        if (!isValue) continue
        const where = `${entry} ${name}`
        if (!examplesOf(text).some((ex) => ex.includes('//=>'))) problems.push(`${where}: no @example with a //=> assertion`)
        const ids = text.match(RULE_ID) ?? []
        const exempt = NO_RULE.test(text)
        if (exempt && ids.length > 0) problems.push(`${where}: says it implements no rule ID but names ${ids.join(', ')}`)
        if (exempt && tags.get('category') === 'rules') problems.push(`${where}: a @category rules export implements a rule: name its ID`)
        if (!exempt && ids.length === 0) problems.push(`${where}: names no rule ID (nor says "Implements no rule ID.")`)
        for (const id of ids) if (known !== undefined && !known.has(id)) problems.push(`${where}: ${id} is not a rule ID of RULES.md`)
      }
    }
    expect(problems).toEqual([])
  })

  it('the compiler and the runtime agree on which names are values', () => {
    for (const e of ENTRY_POINTS) {
      const values = [...declared.get(e.name)!].filter(([, d]) => d.isValue).map(([n]) => n).sort()
      expect(values).toEqual(Object.keys(e.module).sort())
    }
  })
})
