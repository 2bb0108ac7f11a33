// Issue 13, item 3: every regular expression in src/ is found safe by a ReDoS checker (recheck).
//
// The expressions are collected two ways:
//  - at run time, from the tables they are built from: every module of src/ is imported and its
//    exports walked for RegExp values and for `pattern` strings (WIRE_FORMATS, the country code
//    formats, the JSON Schemas of the codecs and the whole OpenAPI document, where the per-territory
//    patterns live);
//  - from the source, every regular expression literal (the TypeScript scanner finds them).
// `new RegExp(…)` and `pattern:` properties whose value is not a literal are source sites the test
// cannot evaluate on its own; each must be one of the known sites below, whose values the run-time
// collection covers. A new site fails the test until it is listed (and its values collected).
// That length limits run before the patterns, so that a 10 MB string is rejected in bounded time,
// is shown by bench/hostile.mjs (a benchmark, not a timed test).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { check } from 'recheck'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { caseInsensitiveCodes, ISO_3166_1_ALPHA_2, SERVED_COUNTRIES, US_TERRITORIES } from '../../src/model/countries.js'

const ROOT = join(import.meta.dirname, '..', '..')
const SRC = join(ROOT, 'src')
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.[cm]?ts$/.test(e.name) && !e.name.endsWith('.d.ts') && !e.name.endsWith('.d.cts') ? [join(dir, e.name)] : [],
  )

interface Pattern {
  readonly source: string
  readonly flags: string
  readonly where: string
}

/** Regular expression literals, `new RegExp` sites and non-literal `pattern:` properties of the source. */
const scanSource = (): { literals: Pattern[]; dynamicSites: string[] } => {
  const literals: Pattern[] = []
  const dynamicSites: string[] = []
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8')
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true)
    const rel = relative(ROOT, file)
    const walk = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const literal = node.getText(sf)
        const end = literal.lastIndexOf('/')
        literals.push({ source: literal.slice(1, end), flags: literal.slice(end + 1), where: `${rel}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}` })
      }
      if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && node.expression.getText(sf) === 'RegExp') {
        dynamicSites.push(`${rel}: RegExp(${node.arguments?.map((a) => a.getText(sf)).join(', ') ?? ''})`)
      }
      if (ts.isPropertyAssignment(node) && node.name.getText(sf) === 'pattern' && !ts.isStringLiteral(node.initializer)) {
        dynamicSites.push(`${rel}: pattern: ${node.initializer.getText(sf).replace(/\s+/g, ' ').slice(0, 60)}`)
      }
      ts.forEachChild(node, walk)
    }
    walk(sf)
  }
  return { literals, dynamicSites }
}

/**
 * The source sites that build a pattern from a value, and why the run-time collection covers it.
 * A site's text is cut at 60 characters.
 */
const KNOWN_DYNAMIC_SITES: Readonly<Record<string, string>> = {
  'src/model/patterns.ts: RegExp(f.pattern, \'u\')': 'compiles WIRE_FORMATS and the country formats, all exported',
  'src/model/schema.ts: RegExp(format.pattern, \'u\')': 'compiles the formats of the codecs, all from exported tables',
  'src/model/patterns.ts: pattern: `^${YEAR_MONTH_DAY}T(?:[01]\\\\d|2[0-3]):[0-5]\\\\d(?::[0-5]\\\\d(': 'WIRE_FORMATS.dateTime',
  'src/model/patterns.ts: pattern: PORTAL_URL_SOURCE': 'WIRE_FORMATS.portalUrl',
  'src/model/countries.ts: pattern: caseInsensitiveCodes(SERVED_COUNTRIES)': 'SERVED_COUNTRY_FORMAT, exported',
  'src/model/countries.ts: pattern: caseInsensitiveCodes(ISO_3166_1_ALPHA_2)': 'ISO_COUNTRY_FORMAT, exported',
  'src/model/address.ts: pattern: caseInsensitiveCodes([code])': 'one per territory: built below for each, and in the OpenAPI document',
  'src/model/address.ts: pattern: SERVED_COUNTRY_FORMAT.pattern': 'SERVED_COUNTRY_FORMAT, exported',
  'src/model/schema.ts: pattern: format.pattern': 'the formats of the codecs (exported tables)',
  'src/model/schema.ts: pattern: notBlank ? NOT_BLANK_WIRE_TEXT_FORMAT.pattern : WIRE_TEXT_FO': 'NOT_BLANK_WIRE_TEXT_FORMAT and WIRE_TEXT_FORMAT (src/model/patterns.ts)',
  'src/validate/fields.ts: pattern: format.pattern': 'the formats of the field readers (WIRE_FORMATS)',
  'src/openapi/paths.ts: pattern: NOT_BLANK_WIRE_TEXT_FORMAT.pattern': 'NOT_BLANK_WIRE_TEXT_FORMAT (src/model/patterns.ts)',
  'src/openapi/paths.ts: pattern: IDEMPOTENCY_KEY_FORMAT.pattern': 'IDEMPOTENCY_KEY_FORMAT (src/model/patterns.ts)',
  'src/rules/idempotency.ts: RegExp(IDEMPOTENCY_KEY_FORMAT.pattern, \'u\')': 'IDEMPOTENCY_KEY_FORMAT (src/model/patterns.ts)',
  'src/openapi/paths.ts: pattern: TRACKING_INCLUDE_FORMAT.pattern': 'TRACKING_INCLUDE_FORMAT (src/model/patterns.ts)',
  'src/openapi/responses.ts: pattern: REQUEST_ID_PATTERN': 'the X-Request-Id header schema of HEADERS (src/openapi/responses.ts, exported)',
}

/** Every RegExp and `pattern` string reachable from the exports of every module of src/ (the CLI's bin excepted: it runs). */
const collectAtRunTime = async (): Promise<Pattern[]> => {
  const out: Pattern[] = []
  const seen = new WeakSet<object>()
  const walk = (v: unknown, where: string, depth: number): void => {
    if (v instanceof RegExp) {
      out.push({ source: v.source, flags: v.flags, where })
      return
    }
    if (typeof v !== 'object' || v === null || depth > 14 || seen.has(v)) return
    seen.add(v)
    for (const key of Object.keys(v)) {
      let child: unknown
      try {
        child = (v as Record<string, unknown>)[key]
      } catch {
        continue
      }
      if (key === 'pattern' && typeof child === 'string') out.push({ source: child, flags: 'u', where: `${where}.pattern` })
      else walk(child, `${where}.${key}`, depth + 1)
    }
  }
  for (const file of sourceFiles(SRC)) {
    const rel = relative(ROOT, file)
    if (rel === join('src', 'cli', 'bin.ts') || /\.d\.c?ts$/.test(rel)) continue
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>
    for (const [name, value] of Object.entries(mod)) walk(value, `${rel}:${name}`, 0)
  }
  for (const code of US_TERRITORIES) out.push({ source: caseInsensitiveCodes([code]), flags: 'u', where: `caseInsensitiveCodes([${code}])` })
  out.push({ source: caseInsensitiveCodes(SERVED_COUNTRIES), flags: 'u', where: 'caseInsensitiveCodes(SERVED_COUNTRIES)' })
  out.push({ source: caseInsensitiveCodes(ISO_3166_1_ALPHA_2), flags: 'u', where: 'caseInsensitiveCodes(ISO_3166_1_ALPHA_2)' })
  return out
}

describe('every regular expression in src/ is ReDoS-safe (recheck)', () => {
  const { literals, dynamicSites } = scanSource()

  it('the source has no pattern built from a value the run-time collection does not cover', () => {
    expect(dynamicSites.filter((s) => !(s in KNOWN_DYNAMIC_SITES))).toEqual([])
  })

  it('every collected pattern, literal or built from a table, is safe', async () => {
    const collected = await collectAtRunTime()
    const all = new Map<string, Pattern>()
    for (const p of [...literals, ...collected]) {
      // recheck's flags: the literal's own (g, y and d change nothing about backtracking).
      const key = `/${p.source}/${p.flags.replace(/[gyd]/g, '')}`
      if (!all.has(key)) all.set(key, { ...p, flags: p.flags.replace(/[gyd]/g, '') })
    }
    // The tables were found: WIRE_FORMATS, the country formats and the territory patterns at least.
    expect(collected.length).toBeGreaterThan(30)
    expect(literals.length).toBeGreaterThan(20)
    const verdicts: string[] = []
    for (const [key, p] of all) {
      const d = await check(p.source, p.flags, { timeout: 20_000 })
      if (d.status !== 'safe') verdicts.push(`${key} (${p.where}): ${d.status}${d.status === 'vulnerable' ? ` ${d.complexity.summary}, attack ${d.attack.pattern}` : d.status === 'unknown' ? ` ${JSON.stringify(d.error)}` : ''}`)
    }
    expect(verdicts).toEqual([])
    expect(all.size).toBeGreaterThan(40)
  }, 300_000)
})
