// docs/rules.md is the map from every rule ID to its function and properties. This test keeps it
// honest: every ID of the spec's RULES.md has a row, the vendored copy of RULES.md matches the
// shared one, and every row that claims an implementation names exported functions and property
// files that really have a describe block for the ID.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as geo from '../src/geo/index.js'
import * as api from '../src/index.js'

const ROOT = join(import.meta.dirname, '..')
const read = (p: string): string => readFileSync(join(ROOT, p), 'utf8')
const rulesText = read('spec/RULES.md')
const ruleKinds = new Map(
  [...rulesText.matchAll(/^\| ([A-Z]+-\d{2}) \| ([^|]+) \|/gm)].map((m) => [m[1]!, m[2]!.trim()]),
)

interface Row {
  id: string
  kind: string
  status: string
  fn: string
  properties: string[]
  decision: string
}
const rows: Row[] = read('docs/rules.md')
  .split('\n')
  .filter((l) => /^\| [A-Z]+-\d{2} \|/.test(l))
  .map((l) => {
    const cells = l.split('|').slice(1, -1).map((c) => c.trim())
    return {
      id: cells[0]!,
      kind: cells[1]!,
      status: cells[2]!,
      fn: cells[3]!,
      properties: cells[4]! === '' ? [] : cells[4]!.split(',').map((s) => s.trim()),
      decision: cells[5] ?? '',
    }
  })

/** The rule IDs a describe title covers: single IDs and ranges written `ADDR-08 … ADDR-11`. */
const idsInTitle = (title: string): Set<string> => {
  const out = new Set<string>()
  for (const m of title.matchAll(/([A-Z]+)-(\d{2})(?:\s*…\s*\1-(\d{2}))?/g)) {
    const from = Number(m[2])
    const to = m[3] === undefined ? from : Number(m[3])
    for (let n = from; n <= to; n++) out.add(`${m[1]!}-${String(n).padStart(2, '0')}`)
  }
  return out
}
const describeTitles = (file: string): string[] =>
  [...read(file).matchAll(/describe\(\s*(['"`])(.*?)\1/g)].map((m) => m[2]!)

describe('docs/rules.md', () => {
  it('the vendored spec/RULES.md is the shared one (when the shared folder is present)', () => {
    const shared = join(ROOT, '..', 'shared', 'spec', 'RULES.md')
    if (existsSync(shared)) expect(rulesText).toBe(readFileSync(shared, 'utf8'))
    expect(ruleKinds.size).toBeGreaterThan(100)
  })
  it('has exactly one row for every rule ID of RULES.md, with its kind, and no other rows', () => {
    const ids = rows.map((r) => r.id)
    expect([...ruleKinds.keys()].filter((id) => !ids.includes(id))).toEqual([])
    expect(ids.filter((id) => !ruleKinds.has(id))).toEqual([])
    expect(new Set(ids).size).toBe(ids.length)
    for (const r of rows) expect(`${r.id} ${r.kind}`).toBe(`${r.id} ${ruleKinds.get(r.id)!}`)
  })
  it('every status is implemented, partial or planned; every implemented D rule states its decision', () => {
    for (const r of rows) {
      expect(['implemented', 'partial', 'planned']).toContain(r.status)
      if (r.kind.includes('D') && r.status === 'implemented') expect(`${r.id}: ${r.decision}`).not.toBe(`${r.id}: `)
    }
  })
  it('every implemented or partial row names property files that have a describe block for the ID', () => {
    const missing: string[] = []
    for (const r of rows.filter((x) => x.status !== 'planned')) {
      if (r.properties.length === 0) missing.push(`${r.id}: no property file named`)
      for (const file of r.properties) {
        if (!file.startsWith('test/properties/') || !existsSync(join(ROOT, file))) missing.push(`${r.id}: ${file} does not exist`)
        else if (!describeTitles(file).some((t) => idsInTitle(t).has(r.id))) missing.push(`${r.id}: no describe for it in ${file}`)
      }
    }
    expect(missing).toEqual([])
  })
  it('every function an implemented row names is exported from the package root (or shipper-rules/geo)', () => {
    const exported = new Set([...Object.keys(api), ...Object.keys(geo)])
    const missing = rows
      .filter((r) => r.status === 'implemented')
      .flatMap((r) => [...r.fn.matchAll(/`([A-Za-z_][\w]*)`/g)].map((m) => m[1]!).filter((n) => !exported.has(n)).map((n) => `${r.id}: ${n}`))
    expect(missing).toEqual([])
  })
})

describe('strict-by-default decisions: docs/rules.md and the data the OpenAPI document carries say the same', () => {
  const text = readFileSync(join(ROOT, 'docs/rules.md'), 'utf8')
  it('every strictness decision and every cross-field rule appears in docs/rules.md as a table row, word for word', () => {
    const missing = [
      ...api.STRICTNESS_DECISIONS.map((d) => `| ${d.question} | ${d.decision} |`),
      ...api.CROSS_FIELD_RULES.map((r) => `| ${r.rule} | ${r.where} |`),
    ].filter((row) => !text.split('\n').includes(row))
    expect(missing).toEqual([])
    expect(api.STRICTNESS_DECISIONS.length).toBeGreaterThan(5)
  })
})

describe('docs/rules.md "Error codes": one table of every reason code and violation code, generated from the tables', () => {
  const lines = read('docs/rules.md').split('\n')
  const start = lines.indexOf('## Error codes')
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '))
  const section = lines.slice(start, end === -1 ? undefined : end)
  const docRows = section.filter((l) => /^\| `[^`]+` \|/.test(l))
  /** The row each code must have, word for word, built from REASON_CATALOGUE and VIOLATION_CODES. */
  const expectedRows = [
    ...api.REASON_CODES.map((c) => {
      const e = api.REASON_CATALOGUE[c]
      return `| \`${c}\` | reason, ${e.origin} | ${e.status} | ${e.title} |`
    }),
    ...Object.entries(api.VIOLATION_CODES).map(([c, meaning]) => `| \`${c}\` | violation | | ${meaning} |`),
  ]
  it('the section exists, with its table header', () => {
    expect(start).toBeGreaterThan(-1)
    expect(section).toContain('| code | kind | status | title or meaning |')
  })
  it('every catalogued reason code and every violation code has its row, with its status and title or meaning', () => {
    expect(expectedRows.filter((r) => !docRows.includes(r))).toEqual([])
  })
  it('the table has no row for a code the tables lack (or with a stale status, title or meaning), and no duplicate', () => {
    expect(docRows.filter((r) => !expectedRows.includes(r))).toEqual([])
    expect(new Set(docRows).size).toBe(docRows.length)
  })
  it('no code is both a reason code and a violation code', () => {
    expect(api.REASON_CODES.filter((c) => Object.hasOwn(api.VIOLATION_CODES, c))).toEqual([])
  })
})
