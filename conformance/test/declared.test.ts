// The declared rules configuration (src/declared.ts, src/declaredReport.ts): the kit reads the
// workspace sandbox's served declaration; `--config FILE` (overrides or a document) replaces it;
// a server without a document falls back to the library's defaults and says so; a malformed
// declaration, served or given, is a usage error (exit 2) naming the violation's field; the
// report's section "Declared choices" lists every choice in Markdown, JSON and JUnit.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultConfig, makeConfig, type RulesConfig } from 'shipper-rules'
import { openApiDocument, RULES_CONFIG_EXTENSION } from 'shipper-rules/openapi'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  CHOICES,
  declaredSection,
  DOCUMENT_PATH,
  main,
  parseCommandLine,
  resolveDeclaration,
  runConformance,
  toJson,
  toJunit,
  NOT_OBSERVABLE,
  toMarkdown,
  type Report,
  type RuleRow,
} from '../src/index.js'

const dir = mkdtempSync(join(tmpdir(), 'kit-declared-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const file = (name: string, value: unknown): string => {
  const path = join(dir, name)
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value))
  return path
}
const configOf = (overrides: unknown): RulesConfig => {
  const made = makeConfig(overrides)
  if (made._tag === 'Left') throw new Error(JSON.stringify(made.left))
  return made.right
}
const capture = () => {
  const out: string[] = []
  const err: string[] = []
  return { out, err, io: { out: (s: string) => void out.push(s), err: (s: string) => void err.push(s) } }
}

/** A server answering GET DOCUMENT_PATH with `document` (or 404 when undefined) and 404 to anything else. */
const documentServer = async (document: unknown): Promise<{ url: string; server: Server }> => {
  const server = createServer((req, res) => {
    if (req.url === DOCUMENT_PATH && document !== undefined) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document))
    } else {
      res.writeHead(404, { 'content-type': 'application/problem+json' }).end('{"status":404}')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

describe('where the configuration comes from', () => {
  it("reads the workspace sandbox's served declaration (its defaults) from its document", async () => {
    const { baseUrl } = inject('sandbox')
    const resolved = await resolveDeclaration({ baseUrl })
    expect(resolved.declaration.source).toBe('document')
    expect(resolved.declaration.from).toBe(`${baseUrl}${DOCUMENT_PATH}`)
    expect(resolved.declaration.version).toBe('1')
    expect(resolved.config).toEqual(defaultConfig)
  })

  it('a run against the sandbox checks under the served declaration and reports it', async () => {
    const s = inject('sandbox')
    const report = await runConformance({ baseUrl: s.baseUrl, token: s.token, apiKey: s.apiKey, checks: [] })
    expect(report.declared?.source).toBe('document')
    expect(report.declared?.choices.map((c) => c.name)).toEqual(CHOICES.map((c) => c.name))
    // no check ran: no choice can be called kept
    expect(report.declared?.choices.every((c) => c.verdict === 'not checked')).toBe(true)
  })

  it('--config FILE: overrides of the defaults, or a document carrying the extension, replace the served declaration', async () => {
    const overrides = { pallet: { maxPoundsPerPallet: 1500, liftgate: { maxPoundsPerPallet: 1200 } }, quoteValidityHours: 24 }
    const args = (path: string) => ['--base-url', 'http://127.0.0.1:9', '--token', 't', '--api-key', 'k', '--config', path]
    const parsed = parseCommandLine(args(file('overrides.json', overrides)))
    if (parsed === 'help') throw new Error('help')
    expect(parsed.options.config).toEqual(configOf(overrides))
    const other = configOf({ uploadMaxBytes: 10_000_000, pallet: { totalWeight: 'sumOfComponents' } })
    const document = openApiDocument({ config: other })
    if (document._tag === 'Left') throw new Error(document.left.join('\n'))
    const fromDocument = parseCommandLine(args(file('document.json', document.right)))
    if (fromDocument === 'help') throw new Error('help')
    expect(fromDocument.options.config).toEqual(other)
    // given, it wins over what the server serves, and nothing is fetched
    const resolved = await resolveDeclaration({ baseUrl: inject('sandbox').baseUrl, config: other, configFile: 'document.json', fetch: () => Promise.reject(new Error('fetched')) })
    expect(resolved).toEqual({ config: other, declaration: { source: 'file', from: 'document.json', note: 'given with --config document.json' } })
  })

  it('a server with no document, or a document without the extension: the library defaults, saying why', async () => {
    const none = await documentServer(undefined)
    const bare = await documentServer({ openapi: '3.1.0', info: {}, paths: {} })
    try {
      const a = await resolveDeclaration({ baseUrl: none.url })
      expect(a.config).toEqual(defaultConfig)
      expect(a.declaration).toEqual({ source: 'default', note: `the library's defaults: the server serves no OpenAPI document (GET ${none.url}${DOCUMENT_PATH} answered 404), and no --config was given` })
      const b = await resolveDeclaration({ baseUrl: bare.url })
      expect(b.declaration).toEqual({ source: 'default', note: `the library's defaults: the server's document (${bare.url}${DOCUMENT_PATH}) declares no ${RULES_CONFIG_EXTENSION}, and no --config was given` })
    } finally {
      none.server.close()
      bare.server.close()
    }
  })
})

describe('a malformed declaration is a usage error naming the violation', () => {
  let served: { url: string; server: Server }
  beforeAll(async () => {
    const document = openApiDocument()
    if (document._tag === 'Left') throw new Error(document.left.join('\n'))
    const declaration = document.right[RULES_CONFIG_EXTENSION]
    served = await documentServer({ ...document.right, [RULES_CONFIG_EXTENSION]: { ...declaration, config: { ...declaration.config, pallet: { ...declaration.config.pallet, maxPoundsPerPallet: 'heavy' } } } })
  })
  afterAll(() => served?.server.close())

  it('served: exit 2, the field path from the document root, no check run', async () => {
    const c = capture()
    expect(await main(['--base-url', served.url, '--token', 't', '--api-key', 'k'], c.io)).toBe(2)
    const err = c.err.join('')
    expect(err).toContain(`the rules configuration of ${served.url}${DOCUMENT_PATH} is malformed: ${RULES_CONFIG_EXTENSION}.config.pallet.maxPoundsPerPallet must be a number, got string (type)`)
    expect(c.out.join('')).toBe('')
  })

  it('--config: exit 2 with the usage text, each violation by field; a file that is not JSON or not there', async () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      [file('loose.json', { pallet: { maxPoundsPerPallet: 1500 } }), 'pallet.liftgate.maxPoundsPerPallet must not exceed the standard pallet.maxPoundsPerPallet (1500)'],
      [file('unknown.json', { palletz: {} }), 'palletz is not a configuration field (unknown_field)'],
      [file('versioned.json', { [RULES_CONFIG_EXTENSION]: { version: '2', config: defaultConfig } }), `${RULES_CONFIG_EXTENSION}.version must be '1'`],
      [file('broken.json', '{"pallet": '), 'is not JSON'],
      [join(dir, 'absent.json'), 'cannot be read (ENOENT)'],
    ]
    for (const [path, message] of cases) {
      const c = capture()
      expect(await main(['--base-url', 'http://127.0.0.1:9', '--token', 't', '--api-key', 'k', '--config', path], c.io), path).toBe(2)
      expect(c.err.join(''), path).toContain(`the rules configuration of --config ${path} is malformed: `)
      expect(c.err.join(''), path).toContain(message)
      expect(c.err.join(''), path).toContain('Usage: shipper-rules-conformance')
    }
  })
})

describe('the report section "Declared choices"', () => {
  const config = configOf({ pallet: { maxPoundsPerPallet: 1500, liftgate: { maxPoundsPerPallet: 1200 } }, quoteValidityHours: 24 })
  const row = (rule: string, status: RuleRow['status'], why?: string): RuleRow => ({
    rule,
    sentence: `${rule} sentence`,
    status,
    checks: ['a check'],
    failures: status === 'failed' ? [{ rule, check: 'a check', expected: 'a 422 at 1501 lb', actual: '200', requests: [], curl: '' }] : [],
    ...(why === undefined ? {} : { why }),
  })
  const rows: RuleRow[] = [row('FRT-02', 'failed'), row('FRT-10', 'passed'), row('QTE-02', 'passed'), row('QTE-06', 'not checked', 'needs --controls sandbox'), row('DOC-03', 'not reached', 'the request budget ran out')]
  const section = declaredSection({ source: 'file', from: 'rules.json', note: 'given with --config rules.json' }, config, rows)
  const report: Report = { baseUrl: 'http://127.0.0.1:9', seed: 1, runs: 1, marker: 'CONFORMANCE-x', startedAt: '2026-01-01T00:00:00.000Z', durationMs: 1, requests: 0, checks: [], rules: rows, failures: 1, declared: section }
  const choice = (name: string) => section.choices.find((c) => c.name === name)!

  it('every field of RulesConfig is under exactly one choice', () => {
    const leaves = (v: unknown, path: string[] = []): string[] =>
      typeof v === 'object' && v !== null && !Array.isArray(v) && path.at(-1) !== 'densityScale' ? Object.entries(v).flatMap(([k, x]) => leaves(x, [...path, k])) : [path.join('.')]
    for (const leaf of leaves(defaultConfig)) expect(CHOICES.filter((c) => leaf === c.name || leaf.startsWith(`${c.name}.`)), leaf).toHaveLength(1)
  })

  it('each choice: its value and source, and kept / not kept (which rule failed) / not checked (why)', () => {
    expect(choice('pallet.maxPoundsPerPallet')).toEqual({ name: 'pallet.maxPoundsPerPallet', value: 1500, source: 'file', rules: ['FRT-02'], verdict: 'not kept', why: 'FRT-02 failed' })
    expect(choice('pallet.liftgate.maxPoundsPerPallet')).toMatchObject({ value: 1200, verdict: 'kept', why: 'FRT-10 passed' })
    expect(choice('quoteValidityHours')).toMatchObject({ value: 24, verdict: 'kept', why: 'QTE-02 passed; QTE-06 not checked: needs --controls sandbox' })
    expect(choice('uploadMaxBytes')).toMatchObject({ verdict: 'not checked', why: 'DOC-03 not reached: the request budget ran out' })
    expect(choice('tracking')).toMatchObject({ verdict: 'not checked', why: 'TRK-03 not in this run (--only); TRK-04 not in this run (--only)' })
    // a rule the kit lists as not observable over HTTP says so, not that --only left it out
    expect(choice('insideServiceFeeCents')).toMatchObject({ verdict: 'not checked', why: `ADDR-14 is not observable over HTTP: ${NOT_OBSERVABLE['ADDR-14']}` })
    expect(choice('pallet.standardFootprint').why).toMatch(/^FRT-11 is not observable over HTTP: /)
  })

  it('Markdown, JSON and JUnit list every choice', () => {
    const md = toMarkdown(report)
    expect(md).toContain('## Declared choices')
    expect(md).toContain('Source: file: given with --config rules.json.')
    expect(md).toContain('| pallet.maxPoundsPerPallet | 1500 | file | FRT-02 | not kept | FRT-02 failed |')
    expect(md).toContain(`| densityScale | ${defaultConfig.densityScale.name} (${defaultConfig.densityScale.bands.length} bands) | file | FRT-07 | not checked |`)
    for (const c of CHOICES) expect(md).toContain(`| ${c.name} |`)
    const json = JSON.parse(toJson(report)) as Report
    expect(json.declared?.choices).toEqual(section.choices)
    const junit = toJunit(report)
    const suite = junit.slice(junit.indexOf('<testsuite name="declared choices'))
    expect(suite.match(/<testcase /g)).toHaveLength(CHOICES.length)
    expect(suite).toContain('<failure message="not kept: FRT-02 failed" type="declared">')
    expect(junit).toMatch(new RegExp(`<testsuites name="shipper-rules-conformance" tests="${rows.length + CHOICES.length}" failures="${1 + 1}"`))
  })
})
