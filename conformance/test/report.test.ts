// The report formats and the curl printer, without a server: JUnit XML well-formed (parsed by a
// minimal checker below) whatever a failure's text holds, Markdown with one row per rule, JSON that
// reads back; a curl script delivers a hostile body byte for byte (bash against an echo server);
// usage errors exit 2.
import { execFile } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import fc from 'fast-check'
import { runsOf } from 'shipper-rules-testkit'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { HTTP_RULES, main, ruleRows, toCurlScript, toJson, toJunit, toMarkdown, type CheckResult, type Report, type SentRequest } from '../src/index.js'

/**
 * A minimal well-formedness check of XML: one root, every tag closed in order, attributes quoted,
 * no raw '<' or stray '&' in text or attributes, no character XML 1.0 forbids. Returns the
 * problems found (empty when well-formed) and the elements by name.
 */
const checkXml = (text: string): { problems: string[]; elements: Map<string, number> } => {
  const problems: string[] = []
  const elements = new Map<string, number>()
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/.test(text)) problems.push('a character XML 1.0 forbids')
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)) problems.push('a lone surrogate')
  const body = text.replace(/^<\?xml[^?]*\?>\s*/, '')
  const stack: string[] = []
  let roots = 0
  const token = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g
  for (const m of body.matchAll(token)) {
    const [, close, name, attrs, selfClose, textPart, stray] = m
    if (stray !== undefined) {
      problems.push(`a '<' that opens no tag at ${m.index}`)
      continue
    }
    const entityOk = (s: string): boolean => !/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(s)
    if (textPart !== undefined) {
      if (!entityOk(textPart)) problems.push(`a stray '&' at ${m.index}`)
      if (stack.length === 0 && textPart.trim() !== '') problems.push('text outside the root')
      continue
    }
    if (attrs !== undefined && !entityOk(attrs)) problems.push(`a stray '&' in an attribute at ${m.index}`)
    if (close === '/') {
      if (stack.pop() !== name) problems.push(`</${name}> closes another element`)
    } else {
      elements.set(name!, (elements.get(name!) ?? 0) + 1)
      if (stack.length === 0) roots += 1
      if (selfClose !== '/') stack.push(name!)
    }
  }
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(', ')}`)
  if (roots !== 1) problems.push(`${roots} root elements`)
  return { problems, elements }
}

const HOSTILE = 'a <b> & "c" \'d\' ]]> \u0000\u0001 \ud800 😀 \u202e\n--></failure>'

const reportWith = (actual: string): Report => {
  const req: SentRequest = { method: 'POST', path: '/v1/shipper/quote', headers: { 'x-note': actual.replace(/[\u0000-\u001f]/g, '') }, credentials: 'main', body: { note: actual } }
  const checks: CheckResult[] = [
    { check: 'one', rules: ['AUTH-01', 'QTE-01'], failures: [{ rule: 'QTE-01', check: 'one', expected: `expected ${actual}`, actual, requests: [req] }], notChecked: [], requests: 1 },
    { check: 'two', rules: [], failures: [], notChecked: [{ rule: 'ORD-05', why: `needs --controls sandbox ${actual}` }], requests: 0 },
  ]
  const rules = ruleRows(checks, [])
  return { baseUrl: 'http://127.0.0.1:1', seed: 1, runs: 1, marker: 'CONFORMANCE-x', startedAt: '2026-11-26T00:00:00.000Z', durationMs: 1234, requests: 1, checks, rules, failures: 1 }
}

test('JUnit XML is well-formed whatever a failure holds, one testcase per rule, failures and skips counted', () => {
  fc.assert(
    fc.property(fc.oneof(fc.constant(HOSTILE), fc.string({ unit: 'binary' })), (actual) => {
      const xml = toJunit(reportWith(actual))
      const { problems, elements } = checkXml(xml)
      expect(problems).toEqual([])
      expect(elements.get('testcase')).toBe(Object.keys(HTTP_RULES).length)
      expect(elements.get('failure')).toBe(1)
      expect(elements.get('skipped')).toBe(Object.keys(HTTP_RULES).length - 2)
      expect(xml).toContain(`failures="1"`)
    }),
    { numRuns: runsOf(100) },
  )
  // the checker itself refuses what is not well-formed
  expect(checkXml('<a><b></a></b>').problems).not.toEqual([])
  expect(checkXml('<a>x & y</a>').problems).not.toEqual([])
  expect(checkXml('<a x="1">\u0001</a>').problems).not.toEqual([])
})

test('Markdown has one row per rule with its status, and the failure with its curl script; JSON reads back', () => {
  const r = reportWith('oops')
  const md = toMarkdown(r)
  const rows = md.split('\n').filter((l) => /^\| [A-Z]+-\d+ \|/.test(l))
  expect(rows.length).toBe(Object.keys(HTTP_RULES).length)
  expect(rows.find((l) => l.startsWith('| QTE-01 |'))).toContain('| failed |')
  expect(rows.find((l) => l.startsWith('| AUTH-01 |'))).toContain('| passed |')
  expect(rows.find((l) => l.startsWith('| ORD-05 |'))).toContain('needs --controls sandbox')
  expect(md).toContain('## QTE-01 failed (one)')
  expect(md).toContain('```bash\n#!/usr/bin/env bash')
  const back = JSON.parse(toJson(r)) as Report
  expect(back.rules.find((x) => x.rule === 'QTE-01')?.failures[0]?.actual).toBe('oops')
})

let echo: { url: string; close: () => Promise<void>; last: () => { method: string; path: string; body: Buffer; headers: Record<string, string | string[] | undefined> } }
beforeAll(async () => {
  let last = { method: '', path: '', body: Buffer.alloc(0), headers: {} as Record<string, string | string[] | undefined> }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      last = { method: req.method ?? '', path: req.url ?? '', body: Buffer.concat(chunks), headers: req.headers }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ orderNumber: 'AB12C', id: 'q-1' }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  echo = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
    last: () => last,
  }
})
afterAll(async () => echo.close())

test('a curl script sends a hostile JSON body byte for byte, with the credentials as variables', async () => {
  const run = promisify(execFile)
  await fc.assert(
    fc.asyncProperty(fc.oneof(fc.constant(HOSTILE.replace('\ud800', '')), fc.string({ unit: 'grapheme' })), async (text) => {
      const req: SentRequest = { method: 'PUT', path: "/v1/shipper/x?q=it's", headers: { 'x-service-change-reason': "Dock's moved" }, credentials: 'main', body: { text } }
      const script = toCurlScript([req])
      await run('bash', ['-c', script], { env: { ...process.env, BASE_URL: echo.url, TOKEN: 'tok', API_KEY: 'key' } })
      const got = echo.last()
      expect(got.body.toString('utf8')).toBe(JSON.stringify({ text }))
      expect(got.method).toBe('PUT')
      expect(got.path).toBe("/v1/shipper/x?q=it's")
      expect(got.headers['authorization']).toBe('Bearer tok')
      expect(got.headers['x-service-api-key']).toBe('key')
      expect(got.headers['x-service-change-reason']).toBe("Dock's moved")
    }),
    { numRuns: runsOf(15) },
  )
})

test('a curl script captures the order number an earlier answer made and uses it later', async () => {
  const run = promisify(execFile)
  const create: SentRequest = { method: 'POST', path: '/v1/shipper/shipment', headers: {}, credentials: 'main', body: { description: 'x' } }
  const read: SentRequest = { method: 'GET', path: '/v1/shipper/shipment/ZZ9ZZ', headers: {}, credentials: 'other' }
  const exchanges = [
    { request: create, requestId: 'a', received: { status: 200, headers: {}, json: { orderNumber: 'ZZ9ZZ' }, text: '' } },
    { request: read, requestId: 'b', received: { status: 200, headers: {}, json: {}, text: '' } },
  ]
  const script = toCurlScript([create, read], { exchanges })
  expect(script).toContain('"$ORDER_1"')
  expect(script).toContain(': "${BASE_URL:?}" "${TOKEN:?}" "${API_KEY:?}" "${OTHER_TOKEN:?}" "${OTHER_API_KEY:?}"')
  // the echo server makes order AB12C: the replay reads that one, not the recorded ZZ9ZZ
  await run('bash', ['-c', script], { env: { ...process.env, BASE_URL: echo.url, TOKEN: 't', API_KEY: 'k', OTHER_TOKEN: 'ot', OTHER_API_KEY: 'ok' } })
  expect(echo.last().path).toBe('/v1/shipper/shipment/AB12C')
  expect(echo.last().headers['authorization']).toBe('Bearer ot')
})

test('usage errors exit 2 with the usage text; --help exits 0', async () => {
  const io = () => {
    const out: string[] = []
    const err: string[] = []
    return { out, err, io: { out: (s: string) => void out.push(s), err: (s: string) => void err.push(s) } }
  }
  for (const argv of [[], ['--base-url', 'http://x'], ['--base-url', 'ftp://x', '--token', 't', '--api-key', 'k'], ['--base-url', 'http://x', '--token', 't', '--api-key', 'k', '--runs', '0'], ['--base-url', 'http://x', '--token', 't', '--api-key', 'k', '--report', 'xml'], ['--base-url', 'http://x', '--token', 't', '--api-key', 'k', '--other-company-token', 'o'], ['--nope']]) {
    const c = io()
    expect(await main(argv, c.io), argv.join(' ')).toBe(2)
    expect(c.err.join('')).toContain('Usage: shipper-rules-conformance')
  }
  const c = io()
  expect(await main(['--help'], c.io)).toBe(0)
  expect(c.out.join('')).toContain('--max-requests N')
})
