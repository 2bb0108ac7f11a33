// One fact, one home (issue 32): no source file of the packages (sandbox/src, client/src,
// conformance/src) spells a header name, a wire pattern, a limit or a run of lifecycle statuses
// that the library exports. The facts searched for are read from the library itself (HEADER,
// WIRE_FORMATS, defaultConfig, ORDER_STATUSES), so a new header or pattern is covered the day it
// is exported. Comments are stripped first: a doc comment may name a header; code may not.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as library from '../src/index.js'
import { HEADER, ORDER_STATUSES, WIRE_FORMATS, defaultConfig, type WireFormat } from '../src/index.js'

const ROOT = join(import.meta.dirname, '..')
const PACKAGE_SOURCES = ['sandbox/src', 'client/src', 'conformance/src']

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.(?:ts|mts|cts|js|mjs)$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })

/** The text without comments (block, line), strings and template literals kept. */
const withoutComments = (text: string): string =>
  text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

interface Fact {
  readonly what: string
  readonly find: RegExp
}

/** A header name spelled inside a string or template literal, in any letter case. */
const headerFacts: ReadonlyArray<Fact> = Object.values(HEADER).map((name) => ({
  what: `header ${name}`,
  find: new RegExp(`['"\`]${escape(name)}['"\`:]`, 'i'),
}))

/** Every wire format the library exports: the entries of WIRE_FORMATS and every `*_FORMAT` constant (REQUEST_ID_FORMAT, …). */
const formats: ReadonlyArray<readonly [string, WireFormat]> = [
  ...Object.entries(WIRE_FORMATS),
  ...Object.entries(library as Record<string, unknown>).flatMap(([name, value]) =>
    name.endsWith('_FORMAT') && typeof (value as { pattern?: unknown }).pattern === 'string' ? [[name, value as WireFormat] as const] : [],
  ),
]

/** A wire pattern's body (anchors dropped) spelled as a string or a regular expression. */
const patternFacts: ReadonlyArray<Fact> = formats
  .map(([name, format]) => [name, format.pattern.replace(/^\^/, '').replace(/\$$/, '')] as const)
  // Bodies shorter than 12 characters ([A-Z]{2}, \d{1,10}) are generic regular-expression idioms, not facts.
  .filter(([, body]) => body.length >= 12)
  .map(([name, body]) => ({ what: `pattern ${name} (${body})`, find: new RegExp(escape(body)) }))

/** A byte limit in its usual spellings: 10485760, 10_485_760, 10 * 1024 * 1024. */
const bytesFact = (what: string, bytes: number): Fact => {
  const grouped = String(bytes).replace(/\B(?=(\d{3})+(?!\d))/g, '_')
  const mib = bytes / (1024 * 1024)
  const alternatives = [`\\b${bytes}\\b`, `\\b${grouped}\\b`, ...(Number.isInteger(mib) ? [`\\b${mib}\\s*\\*\\s*1024\\s*\\*\\s*1024\\b`] : [])]
  return { what, find: new RegExp(alternatives.join('|')) }
}

/** A duration in hours spelled in milliseconds or seconds: 86400000, 86_400_000, 24 * 60 * 60 (* 1000), 24 * 3600. */
const hoursFact = (what: string, hours: number): Fact => {
  const ms = hours * 3_600_000
  const grouped = String(ms).replace(/\B(?=(\d{3})+(?!\d))/g, '_')
  return { what, find: new RegExp(`\\b${ms}\\b|\\b${grouped}\\b|\\b${hours}\\s*\\*\\s*(?:60\\s*\\*\\s*60|3_?600)\\b`) }
}

/** Three or more order statuses in a row in an array or set literal: lifecycle knowledge the library has. */
const statusesFact: Fact = {
  what: 'a run of order statuses (lifecycle knowledge: use the library’s predicates)',
  find: new RegExp(`(?:['"](?:${ORDER_STATUSES.join('|')})['"]\\s*,\\s*){2}['"](?:${ORDER_STATUSES.join('|')})['"]`),
}

const FACTS: ReadonlyArray<Fact> = [
  ...headerFacts,
  ...patternFacts,
  bytesFact('uploadMaxBytes', defaultConfig.uploadMaxBytes),
  hoursFact('idempotencyWindowHours', defaultConfig.idempotencyWindowHours),
  hoursFact('quoteValidityHours', defaultConfig.quoteValidityHours),
  statusesFact,
]

/** Every line of `text` that spells a fact, as `what: line`. */
const spelled = (text: string): string[] =>
  withoutComments(text)
    .split('\n')
    .flatMap((line, i) => FACTS.filter((f) => f.find.test(line)).map((f) => `${f.what} at line ${i + 1}: ${line.trim()}`))

describe('one fact, one home', () => {
  it('the search finds each kind of fact (the check can fail)', () => {
    expect(spelled(`headers: { 'X-Service-Api-Key': key }`)).toHaveLength(1)
    expect(spelled(`h.get("idempotency-key")`)).toHaveLength(1)
    expect(spelled(`const OK = /^[A-Za-z0-9]{5}$/`)).toHaveLength(1)
    expect(spelled(`const MAX = 10 * 1024 * 1024`)).toHaveLength(1)
    expect(spelled(`const MAX = 10_485_760`)).toHaveLength(1)
    expect(spelled(`const WINDOW = 24 * 60 * 60 * 1000`)).toHaveLength(1)
    expect(spelled(`const U = new Set(['CONFIRMED', 'ACCEPTED', 'ASSIGNED'])`)).toHaveLength(1)
    expect(spelled(`// the x-service-api-key header\nconst a = 1`)).toEqual([])
    expect(spelled(`/* 'Idempotency-Key' */ const b = 2`)).toEqual([])
    expect(spelled(`const ID = /^[A-Za-z0-9._~-]{1,128}$/`)).toHaveLength(1)
    expect(patternFacts.length).toBeGreaterThan(0)
  })

  for (const dir of PACKAGE_SOURCES) {
    it(`${dir} spells no header name, pattern, limit or status run the library exports`, () => {
      const found = sources(join(ROOT, dir)).flatMap((file) => spelled(readFileSync(file, 'utf8')).map((hit) => `${relative(ROOT, file)}: ${hit}`))
      expect(found).toEqual([])
    })
  }
})
