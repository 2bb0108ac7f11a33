// Generates the console's and the rules site's rule data (issue 34, Rules) from the library, one home:
// - every rule ID of spec/RULES.md with its kind, sentence and section;
// - the decision of D rules and the status from docs/rules.md (the rule map test/rules-doc.test.ts keeps);
// - the functions that implement it: the exports whose doc comment says "Implements <ID>" (read with
//   the TypeScript compiler from src/index.ts, src/geo/index.ts and src/openapi/index.ts), then the
//   exports the rule map's function column names (a partial rule's doc comment may not name it);
// - the properties that check it: the describe blocks of test/properties/*.test.ts whose title names it;
// - its examples: the @example blocks of those functions; a block that is one call of a root export
//   with literal arguments (or an array of such calls) is also given as runnable data
//   ({ fn, args, then, expected }); an argument that names a library constant is written
//   { "$export": NAME }, luxon's DateTime.fromISO(text, options) { "$dateTime": text, "options": … }.
// Output: sandbox/console/src/generated/rules-data.json and rule-functions.ts (the functions the
// runnable examples call and the constants they name, re-exported from shipper-rules: the page's map).
//   node scripts/rules-data.mjs           writes both files
//   node scripts/rules-data.mjs --check   exits 1 when they differ from what it would write
// sandbox/test/console-rules-data.test.ts checks the files are current and every rule is covered.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
export const OUT_DIR = join(ROOT, 'sandbox', 'console', 'src', 'generated')
export const DATA_FILE = join(OUT_DIR, 'rules-data.json')
export const FUNCTIONS_FILE = join(OUT_DIR, 'rule-functions.ts')

const read = (p) => readFileSync(join(ROOT, p), 'utf8')

/** IDs a text names: single IDs and ranges written `CNF-01 … CNF-04` or `CNF-01 ... CNF-04`. */
export const idsIn = (text) => {
  const out = []
  for (const m of text.matchAll(/\b([A-Z]+)-(\d{2})(?:\s*(?:…|\.\.\.|to)\s*\1-(\d{2}))?/g)) {
    const from = Number(m[2])
    const to = m[3] === undefined ? from : Number(m[3])
    for (let n = from; n <= to; n++) out.push(`${m[1]}-${String(n).padStart(2, '0')}`)
  }
  return out
}

/** The rules of RULES.md in order: { id, kind, sentence, section }. */
const specRules = () => {
  const rules = []
  let section = ''
  for (const line of read('spec/RULES.md').split('\n')) {
    const h = /^## (.+)$/.exec(line)
    if (h) section = h[1].trim()
    const m = /^\| ([A-Z]+-\d{2}) \| ([^|]+) \| (.+) \|\s*$/.exec(line)
    if (m) rules.push({ id: m[1], kind: m[2].trim(), sentence: m[3].trim(), section })
  }
  return rules
}

/** docs/rules.md rows: id → { status, decision }. */
const ruleMap = () => {
  const out = new Map()
  for (const line of read('docs/rules.md').split('\n')) {
    if (!/^\| [A-Z]+-\d{2} \|/.test(line)) continue
    const cells = line.split('|').slice(1, -1).map((c) => c.trim())
    const named = [...(cells[3] ?? '').matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1])
    out.set(cells[0], { status: cells[2] ?? '', decision: cells[5] ?? '', named })
  }
  return out
}

/** The lines of a JSDoc comment's text without the leading ` * `. */
const commentLines = (raw) =>
  raw
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((l) => l.replace(/^\s*\* ?/, ''))

/** The rule IDs a doc comment says its export implements: the "Implements …" sentences. */
const implementedIn = (lines) => {
  const text = lines.filter((l) => !l.trim().startsWith('@')).join(' ')
  const ids = []
  for (const m of text.matchAll(/Implements ((?:[^.]|\.(?=\S))*)/g)) if (!/^no rule ID/.test(m[1])) ids.push(...idsIn(m[1]))
  return ids
}

/** The @example blocks of a doc comment, each as its code lines. */
const examplesIn = (lines) => {
  const out = []
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== '@example') continue
    let j = i + 1
    while (j < lines.length && !lines[j].trim().startsWith('@')) j++
    const code = lines.slice(i + 1, j)
    while (code.length > 0 && code[code.length - 1].trim() === '') code.pop()
    while (code.length > 0 && code[0].trim() === '') code.shift()
    out.push(code.join('\n'))
    i = j - 1
  }
  return out
}

/** The exports of the library's entry points with their doc comments: name → { entry, kind, lines }. */
const libraryExports = () => {
  const entries = { 'shipper-rules': 'src/index.ts', 'shipper-rules/geo': 'src/geo/index.ts', 'shipper-rules/openapi': 'src/openapi/index.ts' }
  const program = ts.createProgram(Object.values(entries).map((e) => join(ROOT, e)), {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    resolveJsonModule: true,
  })
  const checker = program.getTypeChecker()
  const out = new Map()
  for (const [entry, file] of Object.entries(entries)) {
    const sf = program.getSourceFile(join(ROOT, file))
    const mod = checker.getSymbolAtLocation(sf)
    for (const exported of checker.getExportsOfModule(mod)) {
      const name = exported.getName()
      if (out.has(name)) continue
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
      const decl = symbol.declarations?.[0]
      if (decl === undefined) continue
      const runtime = (symbol.flags & (ts.SymbolFlags.Value)) !== 0
      if (!runtime) continue
      const docs = ts.getJSDocCommentsAndTags(decl).filter((d) => d.kind === ts.SyntaxKind.JSDoc)
      const jsDoc = docs[docs.length - 1]
      const lines = jsDoc === undefined ? [] : commentLines(decl.getSourceFile().text.slice(jsDoc.pos, jsDoc.end))
      const type = checker.getTypeOfSymbolAtLocation(symbol, decl)
      const callable = type.getCallSignatures().length > 0 && !(symbol.flags & ts.SymbolFlags.Class)
      out.set(name, { name, entry, callable, lines, source: relative(ROOT, decl.getSourceFile().fileName) })
    }
  }
  return out
}

/** The describe blocks of test/properties that name rule IDs: { file, title, ids }. */
const propertyBlocks = () => {
  const dir = join(ROOT, 'test', 'properties')
  const out = []
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.test.ts')).sort()) {
    const text = readFileSync(join(dir, f), 'utf8')
    for (const m of text.matchAll(/describe\(\s*(['"`])(.*?)\1/g)) {
      const ids = idsIn(m[2])
      if (ids.length > 0) out.push({ file: `test/properties/${f}`, title: m[2], ids })
    }
  }
  return out
}

/** A literal argument as JSON, or undefined when it is not one (a function, a computed value, …). */
const literal = (node, exportsByName) => {
  switch (node.kind) {
    case ts.SyntaxKind.StringLiteral:
    case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
      return { ok: true, value: node.text }
    case ts.SyntaxKind.NumericLiteral:
      return { ok: true, value: Number(node.text.replace(/_/g, '')) }
    case ts.SyntaxKind.TrueKeyword:
      return { ok: true, value: true }
    case ts.SyntaxKind.FalseKeyword:
      return { ok: true, value: false }
    case ts.SyntaxKind.NullKeyword:
      return { ok: true, value: null }
    case ts.SyntaxKind.PrefixUnaryExpression:
      if (node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand)) return { ok: true, value: -Number(node.operand.text.replace(/_/g, '')) }
      return { ok: false }
    case ts.SyntaxKind.ParenthesizedExpression:
      return literal(node.expression, exportsByName)
    case ts.SyntaxKind.CallExpression: {
      // DateTime.fromISO(text[, options]) (luxon, as the examples write instants): { $dateTime, options }
      const callee = node.expression
      if (!ts.isPropertyAccessExpression(callee) || callee.getText() !== 'DateTime.fromISO') return { ok: false }
      const [text, options, ...more] = node.arguments.map((a) => literal(a, exportsByName))
      if (text === undefined || !text.ok || typeof text.value !== 'string' || more.length > 0) return { ok: false }
      if (options === undefined) return { ok: true, value: { $dateTime: text.value } }
      return options.ok ? { ok: true, value: { $dateTime: text.value, options: options.value } } : { ok: false }
    }
    case ts.SyntaxKind.AsExpression:
      return literal(node.expression, exportsByName)
    case ts.SyntaxKind.Identifier: {
      const e = exportsByName.get(node.text)
      if (e !== undefined && e.entry === 'shipper-rules' && !e.callable) return { ok: true, value: { $export: node.text } }
      return { ok: false }
    }
    case ts.SyntaxKind.ArrayLiteralExpression: {
      const value = []
      for (const el of node.elements) {
        const v = literal(el, exportsByName)
        if (!v.ok) return { ok: false }
        value.push(v.value)
      }
      return { ok: true, value }
    }
    case ts.SyntaxKind.ObjectLiteralExpression: {
      const value = {}
      for (const p of node.properties) {
        if (!ts.isPropertyAssignment(p)) return { ok: false }
        const key = ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) || ts.isNumericLiteral(p.name) ? p.name.text : undefined
        if (key === undefined) return { ok: false }
        const v = literal(p.initializer, exportsByName)
        if (!v.ok) return { ok: false }
        value[key] = v.value
      }
      return { ok: true, value }
    }
    default:
      return { ok: false }
  }
}

/** A call of a root function export with literal arguments, maybe read further (`.left.status`): { fn, args, then } or null. */
const callOf = (node, exportsByName) => {
  let then = ''
  let inner = node
  // Peel what the example reads of the answer: property accesses and method calls after the call.
  for (;;) {
    if (ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner)) {
      then = inner.getText().slice(inner.expression.getText().length) + then
      inner = inner.expression
    } else if (ts.isCallExpression(inner) && (ts.isPropertyAccessExpression(inner.expression) || ts.isElementAccessExpression(inner.expression))) {
      then = inner.getText().slice(inner.expression.expression.getText().length) + then
      inner = inner.expression.expression
    } else break
  }
  if (!ts.isCallExpression(inner) || !ts.isIdentifier(inner.expression) || inner.typeArguments !== undefined) return null
  const fn = exportsByName.get(inner.expression.text)
  if (fn === undefined || fn.entry !== 'shipper-rules' || !fn.callable) return null
  const args = []
  for (const a of inner.arguments) {
    const v = literal(a, exportsByName)
    if (!v.ok) return null
    args.push(v.value)
  }
  return { fn: fn.name, args, then: then.replace(/\s+/g, ' ') }
}

/** The text of a `//=>` assertion that follows position `end` of the code, or null. */
const assertionAfter = (code, end) => {
  const after = code.slice(end).split('\n')
  const first = after.findIndex((l) => l.trim() !== '')
  if (first < 0 || !after[first].trim().startsWith('//=>')) return null
  const parts = [after[first].trim().replace(/^\/\/=>\s?/, '')]
  for (const l of after.slice(first + 1)) {
    if (!l.trim().startsWith('//') || l.trim().startsWith('//=>')) break
    parts.push(l.trim().replace(/^\/\/\s?/, ''))
  }
  return parts.join('\n')
}

/**
 * The assertion as a JSON value ({ expectedValue }) when it is a literal written in full (no `…`, no
 * library constant); `Right: x` and `Left: x` are fp-ts Eithers. Nothing otherwise.
 */
const expectedValue = (text, exportsByName) => {
  if (text === null || text.includes('…')) return {}
  const side = /^\s*(Right|Left):\s*([\s\S]*)$/.exec(text)
  const body = side === null ? text : side[2]
  const st = ts.createSourceFile('expected.ts', `(${body})`, ts.ScriptTarget.ES2022, true).statements[0]
  if (st === undefined || !ts.isExpressionStatement(st)) return {}
  const v = literal(st.expression, exportsByName)
  if (!v.ok || JSON.stringify(v.value).includes('"$export"') || JSON.stringify(v.value).includes('"$dateTime"')) return {}
  if (side === null) return { expectedValue: v.value }
  return { expectedValue: side[1] === 'Right' ? { _tag: 'Right', right: v.value } : { _tag: 'Left', left: v.value } }
}

/**
 * The runnable calls of an example: each statement one call of a root function export with literal
 * arguments, or an array of such calls, followed by its `//=>` assertion. One entry per call:
 * { fn, args, then, expected } (`then`: what the example reads of the answer; `expected`: the
 * assertion's text for that call). Calls that are not of that form are left out.
 */
const runnable = (code, exportsByName) => {
  const sf = ts.createSourceFile('example.ts', code, ts.ScriptTarget.ES2022, true)
  const calls = []
  for (const st of sf.statements) {
    if (!ts.isExpressionStatement(st)) continue
    const expected = assertionAfter(code, st.end)
    const single = callOf(st.expression, exportsByName)
    if (single !== null) {
      calls.push({ ...single, expected, ...expectedValue(expected, exportsByName) })
      continue
    }
    if (!ts.isArrayLiteralExpression(st.expression)) continue
    const elements = st.expression.elements
    let parts = null
    if (expected !== null) {
      const e = ts.createSourceFile('expected.ts', `(${expected})`, ts.ScriptTarget.ES2022, true).statements[0]
      const inner = e !== undefined && ts.isExpressionStatement(e) && ts.isParenthesizedExpression(e.expression) ? e.expression.expression : null
      if (inner !== null && ts.isArrayLiteralExpression(inner) && inner.elements.length === elements.length) parts = inner.elements.map((x) => x.getText())
    }
    elements.forEach((el, i) => {
      const c = callOf(el, exportsByName)
      if (c !== null) calls.push({ ...c, expected: parts === null ? null : parts[i], ...expectedValue(parts === null ? null : parts[i], exportsByName) })
    })
  }
  return calls
}

/** The whole data set. */
export const generate = () => {
  const rules = specRules()
  const map = ruleMap()
  const exportsList = libraryExports()
  const properties = propertyBlocks()
  const implementers = new Map()
  for (const e of exportsList.values()) for (const id of implementedIn(e.lines)) {
    if (!implementers.has(id)) implementers.set(id, [])
    if (!implementers.get(id).includes(e.name)) implementers.get(id).push(e.name)
  }
  const used = new Set()
  const functions = {}
  const data = rules.map((r) => {
    // The exports whose doc comment names the rule, then those the rule map names for it (docs/rules.md).
    const byDoc = (implementers.get(r.id) ?? []).sort()
    const byMap = [...new Set((map.get(r.id)?.named ?? []).filter((n) => exportsList.has(n) && !byDoc.includes(n)))]
    for (const name of [...byDoc, ...byMap]) {
      if (functions[name] !== undefined) continue
      const e = exportsList.get(name)
      const examples = examplesIn(e.lines).map((code) => ({ code, calls: runnable(code, exportsList) }))
      for (const ex of examples) for (const c of ex.calls) {
        used.add(c.fn)
        for (const m of JSON.stringify(c.args).matchAll(/\{"\$export":"([^"]+)"\}/g)) used.add(m[1])
      }
      functions[name] = { module: e.entry, source: e.source, callable: e.callable, examples }
    }
    return {
      id: r.id,
      kind: r.kind,
      section: r.section,
      sentence: r.sentence,
      status: map.get(r.id)?.status ?? '',
      decision: r.kind.includes('D') ? (map.get(r.id)?.decision ?? '') : '',
      functions: byDoc,
      functionsByRuleMap: byMap,
      properties: properties.filter((p) => p.ids.includes(r.id)).map((p) => ({ file: p.file, title: p.title })),
    }
  })
  const functionsModule = [
    '// Generated by scripts/rules-data.mjs: the library functions the runnable examples of the Rules',
    '// page call and the constants their arguments name, re-exported from shipper-rules (the page',
    '// runs an example by name from this map).',
    `export { ${[...used].sort().join(', ')} } from 'shipper-rules'`,
    '',
  ].join('\n')
  return { json: `${JSON.stringify({ rules: data, functions }, null, 1)}\n`, functionsModule }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { json, functionsModule } = generate()
  if (process.argv.includes('--check')) {
    let stale = false
    for (const [file, text] of [[DATA_FILE, json], [FUNCTIONS_FILE, functionsModule]]) {
      let current = ''
      try { current = readFileSync(file, 'utf8') } catch { /* missing */ }
      if (current !== text) { stale = true; console.error(`${relative(ROOT, file)} is stale: run node scripts/rules-data.mjs`) }
    }
    process.exit(stale ? 1 : 0)
  }
  mkdirSync(OUT_DIR, { recursive: true })
  writeFileSync(DATA_FILE, json)
  writeFileSync(FUNCTIONS_FILE, functionsModule)
  console.log(`${relative(ROOT, DATA_FILE)}: ${JSON.parse(json).rules.length} rules`)
}
