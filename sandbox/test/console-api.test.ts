// The console's server side (issue 34): the request log (captured off the request's path, kept in
// the database, redacted, bounded per company), its JSON API and live stream, the errors grouped
// with their rules, orders with their timeline, the map and the clock preview, the operator's
// companies, one company never seeing another's, and the console's pages served with a strict
// Content-Security-Policy (a missing build is a ProblemDetail, not a crash). Every JSON answer
// passes through the harness, which checks it against the served OpenAPI documents.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rulesForViolation } from 'shipper-rules'
import { limitMs } from 'shipper-rules-testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Clocks } from '../src/clock/clock.js'
import type { Store } from '../src/db/store.js'
import { BODY_CAP_BYTES, capText, REDACTED, RequestLog } from '../src/features/console/capture.js'
import { CONSOLE_CSP } from '../src/features/console/routes.js'
import { buildServer } from '../src/server/server.js'
import { createBody, operatorHeaders, quoteBody, removeStore, startSandbox, type Credentials, type Sandbox } from './support/harness.js'

let sandbox: Sandbox
let acme: Credentials
let globex: Credentials

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Waits until `probe` gives a value (the log is written a moment after the answer), within a limit that scales with the load. */
const eventually = async <T>(probe: () => Promise<T | undefined>, what: string): Promise<T> => {
  const deadline = Date.now() + limitMs(15_000)
  for (;;) {
    const v = await probe()
    if (v !== undefined) return v
    if (Date.now() > deadline) throw new Error(`never: ${what}`)
    await sleep(25)
  }
}

type Summary = { id: string; method: string; path: string; status: number; reason: string | null; violationCount: number; requestId: string }
const list = async (as: Credentials, query = ''): Promise<{ items: Summary[]; next: string | null }> => {
  const r = await sandbox.call('GET', `/sandbox/console/requests${query}`, { as })
  expect(r.status, r.bytes.toString('utf8')).toBe(200)
  return r.json
}
/** The log of `as` once it holds an entry of the request `requestId`. */
const logged = (as: Credentials, requestId: string) => eventually(async () => ((await list(as, '?limit=200')).items.find((i) => i.requestId === requestId) ? list(as, '?limit=200') : undefined), `entry ${requestId} in the log`)

beforeAll(async () => {
  sandbox = await startSandbox(undefined, { console: { streamPollMs: 50 } })
  acme = await sandbox.company('Console Acme')
  globex = await sandbox.company('Console Globex')
})

afterAll(async () => {
  await sandbox?.stop()
  if (sandbox !== undefined) removeStore(sandbox.storeOptions)
})

describe('the request log: newest first, filtered, paged', () => {
  it('lists a company\'s requests with their status, reason and violations; each filter keeps only its own', async () => {
    await sandbox.call('GET', '/sandbox/clock', { as: acme, headers: { 'x-request-id': 'con-clock-1' } })
    await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody({ pickupAddress: { zipCode: '6060' } }), headers: { 'x-request-id': 'con-bad-quote-1' } })
    await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody(), headers: { 'x-request-id': 'con-quote-1' } })
    const all = await logged(acme, 'con-quote-1')
    const ids = all.items.map((i) => i.requestId)
    expect(ids.indexOf('con-quote-1')).toBeLessThan(ids.indexOf('con-bad-quote-1'))
    expect(ids.indexOf('con-bad-quote-1')).toBeLessThan(ids.indexOf('con-clock-1'))
    const bad = all.items.find((i) => i.requestId === 'con-bad-quote-1')!
    expect(bad).toMatchObject({ method: 'POST', path: '/v1/shipper/quote', status: 400, reason: 'validation_failed', violationCount: 1 })
    expect((await list(acme, '?method=post&limit=200')).items.every((i) => i.method === 'POST')).toBe(true)
    expect((await list(acme, '?method=GET&limit=200')).items.map((i) => i.requestId)).toContain('con-clock-1')
    const failed = (await list(acme, '?status=4xx&limit=200')).items
    expect(failed.map((i) => i.requestId)).toContain('con-bad-quote-1')
    expect(failed.every((i) => i.status >= 400 && i.status < 500)).toBe(true)
    expect((await list(acme, '?path=/sandbox/clock&limit=200')).items.map((i) => i.requestId)).toEqual(['con-clock-1'])
    expect((await list(acme, '?reason=validation_failed&limit=200')).items.every((i) => i.reason === 'validation_failed')).toBe(true)
    // pages: `next` is the `before` of the next one; together they are the whole log, in order
    const first = await list(acme, '?limit=2')
    expect(first.items).toHaveLength(2)
    expect(first.next).toBe(first.items[1]!.id)
    const second = await list(acme, `?limit=2&before=${first.next}`)
    expect(second.items.map((i) => i.id)).toEqual(all.items.slice(2, 4).map((i) => i.id))
    // malformed filters are a 400 naming each
    const refused = await sandbox.call('GET', '/sandbox/console/requests?status=4x&method=FETCH&limit=0', { as: acme })
    expect(refused.status).toBe(400)
    expect(refused.json.violations.map((v: { field: string }) => v.field).sort()).toEqual(['limit', 'method', 'status'])
  })

  it('the console\'s own requests and unauthenticated ones are not logged', async () => {
    await sandbox.call('GET', '/sandbox/clock', { headers: { 'x-request-id': 'con-anon-1' } })
    await sandbox.call('GET', '/sandbox/clock', { as: acme, headers: { 'x-request-id': 'con-after-anon' } })
    const all = await logged(acme, 'con-after-anon')
    expect(all.items.map((i) => i.requestId)).not.toContain('con-anon-1')
    expect(all.items.some((i) => i.path.startsWith('/sandbox/console'))).toBe(false)
  })
})

describe('an entry in full: redacted, with the rules of its violations', () => {
  it('the detail shows the request and the answer, credentials "[redacted]", each violation with its rules', async () => {
    await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody({ pickupAddress: { zipCode: '6060' } }), headers: { 'x-request-id': 'con-detail-1' } })
    const entry = (await logged(acme, 'con-detail-1')).items.find((i) => i.requestId === 'con-detail-1')!
    const detail = (await sandbox.call('GET', `/sandbox/console/requests/${entry.id}`, { as: acme })).json
    expect(detail.request.headers['authorization']).toBe(REDACTED)
    expect(detail.request.headers['x-service-api-key']).toBe(REDACTED)
    expect(JSON.parse(detail.request.body)).toEqual(quoteBody({ pickupAddress: { zipCode: '6060' } }))
    expect(detail.response.contentType).toContain('application/problem+json')
    expect(JSON.parse(detail.response.body).reason).toBe('validation_failed')
    expect(detail.violations).toEqual([expect.objectContaining({ field: 'pickupAddress.zipCode', rules: rulesForViolation(detail.violations[0].code, 'pickupAddress.zipCode') })])
    expect(detail.violations[0].rules).toContain('ADDR-04')
    expect(detail.reasonRules).toContain('ERR-02')
    expect((await sandbox.call('GET', '/sandbox/console/requests/abc', { as: acme })).status).toBe(400)
    expect((await sandbox.call('GET', '/sandbox/console/requests/999999999', { as: acme })).status).toBe(404)
  })

  it('no credential and no download signature anywhere in the stored rows (read from the table itself)', async () => {
    const quote = await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody() })
    const order = (await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ quoteId: quote.json.id }) })).json.orderNumber as string
    const link = await sandbox.call('GET', `/v1/shipper/shipment/${order}/document/BILL_OF_LADING`, { as: acme })
    const signature = new URL(link.json.downloadLink).searchParams.get('signature')!
    expect(signature.length).toBeGreaterThan(20)
    // the link sent back as a query and in a body; the credentials in a query, a body and another header
    await sandbox.call('GET', `/sandbox/outbox?note=${encodeURIComponent(link.json.downloadLink)}&t=${acme.token}`, { as: acme, headers: { 'x-copy': acme.apiKey } })
    await sandbox.call('POST', '/sandbox/clock', { as: acme, body: { note: link.json.downloadLink, key: acme.apiKey, token: acme.token }, headers: { 'x-request-id': 'con-secrets-last' } })
    await logged(acme, 'con-secrets-last')
    const rows = await sandbox.store.query<Record<string, unknown>>('SELECT * FROM request_log WHERE company_id = $1', [acme.companyId])
    const text = JSON.stringify(rows)
    expect(rows.length).toBeGreaterThan(5)
    expect(text).not.toContain(signature)
    expect(text).not.toContain(acme.token)
    expect(text).not.toContain(acme.apiKey)
    expect(text).toContain(`signature=${REDACTED}`)
    // the link's answer is kept, its expiry too
    expect(rows.some((r) => typeof r['response_body'] === 'string' && (r['response_body'] as string).includes('downloadLink') && (r['response_body'] as string).includes('expires='))).toBe(true)
  })

  it('bodies are capped at 64 KiB (UTF-8), never inside a character, and flagged', () => {
    const long = 'é'.repeat(BODY_CAP_BYTES)
    const capped = capText(long)
    expect(capped.truncated).toBe(true)
    expect(Buffer.byteLength(capped.text, 'utf8')).toBeLessThanOrEqual(BODY_CAP_BYTES)
    expect(capped.text).toBe('é'.repeat(BODY_CAP_BYTES / 2))
    expect(capText('{"a":1}')).toEqual({ text: '{"a":1}', truncated: false })
  })
})

describe('the bound per company and the queue', () => {
  it('keeps the newest N entries of each company, the other company\'s untouched; a full queue drops and counts, never waits', async () => {
    const log = new RequestLog(sandbox.store, new Clocks(), 3, 1_000)
    const entry = (companyId: string, n: number) => ({
      companyId, requestId: `bound-${companyId}-${n}`, at: Date.now(), method: 'GET', url: `/sandbox/clock?n=${n}`, route: '/sandbox/clock', status: 200, durationMs: 1,
      requestHeaders: {}, requestBody: undefined, responseHeaders: { 'content-type': 'application/json' }, responseBody: '{}',
    })
    const other = await sandbox.store.query<{ n: unknown }>('SELECT count(*) AS n FROM request_log WHERE company_id = $1', [acme.companyId])
    for (let n = 1; n <= 7; n++) log.push(entry(globex.companyId, n))
    await log.flush()
    const kept = await sandbox.store.query<{ request_id: string }>('SELECT request_id FROM request_log WHERE company_id = $1 ORDER BY seq', [globex.companyId])
    expect(kept.map((r) => r.request_id)).toEqual([5, 6, 7].map((n) => `bound-${globex.companyId}-${n}`))
    expect(await sandbox.store.query<{ n: unknown }>('SELECT count(*) AS n FROM request_log WHERE company_id = $1', [acme.companyId])).toEqual(other)
    const small = new RequestLog(sandbox.store, new Clocks(), 3, 2)
    for (let n = 1; n <= 5; n++) small.push(entry(globex.companyId, 10 + n))
    expect(small.dropped).toBe(3)
    await small.close()
    await sandbox.store.query('DELETE FROM request_log WHERE company_id = $1', [globex.companyId])
  })
})

describe('the batch write', () => {
  it('trims a company from its previous cutoff on, and on PGlite (no autovacuum) vacuums the log every 20 trims', async () => {
    const initech = await sandbox.company('Initech Log Trims')
    const trims: Array<ReadonlyArray<unknown>> = []
    let vacuums = 0
    const counting: Store = {
      kind: sandbox.store.kind,
      query: (sql, params) => {
        if (sql.startsWith('WITH cutoff')) trims.push(params ?? [])
        if (sql.startsWith('VACUUM')) vacuums++
        return sandbox.store.query(sql, params)
      },
      transaction: (fn) => sandbox.store.transaction(fn),
      close: async () => {},
    }
    const log = new RequestLog(counting, new Clocks(), 2, 1_000, 3_600_000)
    for (let n = 0; n < 25; n++) {
      log.push({
        companyId: initech.companyId, requestId: `trim-${n}`, at: Date.now(), method: 'GET', url: '/sandbox/clock', route: '/sandbox/clock', status: 200, durationMs: 1,
        requestHeaders: {}, requestBody: undefined, responseHeaders: { 'content-type': 'application/json' }, responseBody: '{}',
      })
      await log.flush()
    }
    expect(log.failed).toBe(0)
    const kept = await sandbox.store.query<{ request_id: string }>('SELECT request_id FROM request_log WHERE company_id = $1 ORDER BY seq', [initech.companyId])
    expect(kept.map((r) => r.request_id)).toEqual(['trim-23', 'trim-24'])
    expect(trims).toHaveLength(25)
    // the first trim starts from 0, each later one from the oldest seq the one before kept (the
    // first two kept the first entry: the log held one, then two)
    expect(Number(trims[0]?.[2])).toBe(0)
    expect(Number(trims[1]?.[2])).toBeGreaterThan(0)
    for (let i = 3; i < trims.length; i++) expect(Number(trims[i]?.[2])).toBeGreaterThan(Number(trims[i - 1]?.[2]))
    expect(vacuums).toBe(sandbox.store.kind === 'pglite' ? 1 : 0)
  })

  it('a flush writes what was queued when it began; what arrives meanwhile waits for the next flush and shares one INSERT', async () => {
    let inserts = 0
    let release = () => {}
    const gate = new Promise<void>((r) => (release = r))
    let firstStarted = () => {}
    const started = new Promise<void>((r) => (firstStarted = r))
    const counting: Store = {
      kind: sandbox.store.kind,
      query: async (sql, params) => {
        if (sql.startsWith('INSERT INTO request_log') && ++inserts === 1) {
          firstStarted()
          await gate
        }
        return sandbox.store.query(sql, params)
      },
      transaction: (fn) => sandbox.store.transaction(fn),
      close: async () => {},
    }
    // a delay no test waits for: this log writes when it is told to flush
    const log = new RequestLog(counting, new Clocks(), 1_000, 1_000, 3_600_000)
    const entry = (n: number) => ({
      companyId: globex.companyId, requestId: `stream-${n}`, at: Date.now(), method: 'GET', url: '/sandbox/clock', route: '/sandbox/clock', status: 200, durationMs: 1,
      requestHeaders: {}, requestBody: undefined, responseHeaders: { 'content-type': 'application/json' }, responseBody: '{}',
    })
    log.push(entry(0))
    const first = log.flush()
    await started
    for (let n = 1; n <= 30; n++) log.push(entry(n))
    release()
    await first
    expect(inserts).toBe(1)
    await log.close()
    expect(inserts).toBe(2)
    const stored = await sandbox.store.query<{ n: unknown }>("SELECT count(*) AS n FROM request_log WHERE company_id = $1 AND request_id LIKE 'stream-%'", [globex.companyId])
    expect(Number(stored[0]?.n)).toBe(31)
    await sandbox.store.query("DELETE FROM request_log WHERE company_id = $1 AND request_id LIKE 'stream-%'", [globex.companyId])
  })

  it('stores a batch whole when a body holds a NUL or a lone surrogate (PostgreSQL refuses both in text): each becomes U+FFFD', async () => {
    const log = new RequestLog(sandbox.store, new Clocks(), 1_000)
    const entry = (n: number, requestBody: string | undefined) => ({
      companyId: globex.companyId, requestId: `nul-${n}`, at: Date.now(), method: 'POST', url: '/sandbox/clock', route: '/sandbox/clock', status: 400, durationMs: 1,
      requestHeaders: { 'content-type': 'application/json' }, requestBody, responseHeaders: { 'content-type': 'application/json' }, responseBody: `{"echo":"${n}"}`,
    })
    log.push(entry(1, 'before'))
    log.push(entry(2, 'a\u0000b'))
    log.push(entry(3, 'c\uD800d\uDC00'))
    log.push(entry(4, undefined))
    await log.close()
    expect(log.failed).toBe(0)
    const rows = await sandbox.store.query<{ request_id: string; request_body: string | null }>("SELECT request_id, request_body FROM request_log WHERE company_id = $1 AND request_id LIKE 'nul-%' ORDER BY seq", [globex.companyId])
    expect(rows).toEqual([
      { request_id: 'nul-1', request_body: 'before' },
      { request_id: 'nul-2', request_body: 'a\uFFFDb' },
      { request_id: 'nul-3', request_body: 'c\uFFFDd\uFFFD' },
      { request_id: 'nul-4', request_body: null },
    ])
    await sandbox.store.query("DELETE FROM request_log WHERE company_id = $1 AND request_id LIKE 'nul-%'", [globex.companyId])
  })

  it('a database fault during a flush fails that batch, counted, and neither throws nor stops the next batch', async () => {
    let down = true
    const written: unknown[] = []
    const store = {
      kind: 'postgres' as const,
      query: async (sql: string, params?: ReadonlyArray<unknown>) => {
        if (down) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' })
        if (sql.startsWith('INSERT INTO request_log')) written.push(...(JSON.parse(String(params?.[0])) as unknown[]))
        return []
      },
      transaction: async () => {
        throw new Error('not used')
      },
      close: async () => undefined,
    }
    const log = new RequestLog(store, new Clocks(), 1_000)
    const entry = (n: number) => ({
      companyId: 'cmp_000000000000', requestId: `fault-${n}`, at: Date.now(), method: 'GET', url: '/sandbox/clock', route: '/sandbox/clock', status: 200, durationMs: 1,
      requestHeaders: {}, requestBody: undefined, responseHeaders: { 'content-type': 'application/json' }, responseBody: '{}',
    })
    log.push(entry(1))
    log.push(entry(2))
    await log.flush()
    expect(log.failed).toBe(2)
    down = false
    log.push(entry(3))
    await log.close()
    expect(log.failed).toBe(2)
    expect(written).toMatchObject([{ request_id: 'fault-3', company_id: 'cmp_000000000000', status: 200 }])
  })
})

describe('tenancy: one company never sees another\'s log, orders or errors', () => {
  it('lists, entries, errors, orders, an order and the map of one company hold nothing of another', async () => {
    const quote = await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody(), headers: { 'x-request-id': 'con-tenancy-acme' } })
    const order = (await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ quoteId: quote.json.id, description: 'Tenancy probe' }) })).json.orderNumber as string
    await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody({ deliveryAddress: { zipCode: 'x' } }), headers: { 'x-request-id': 'con-tenancy-acme-bad' } })
    const acmeLog = await logged(acme, 'con-tenancy-acme-bad')
    await sandbox.call('GET', '/sandbox/clock', { as: globex, headers: { 'x-request-id': 'con-tenancy-globex' } })
    const globexLog = await logged(globex, 'con-tenancy-globex')
    expect(globexLog.items.map((i) => i.requestId)).toEqual(['con-tenancy-globex'])
    for (const i of acmeLog.items.slice(0, 5)) expect((await sandbox.call('GET', `/sandbox/console/requests/${i.id}`, { as: globex })).status).toBe(404)
    expect((await sandbox.call('GET', '/sandbox/console/errors', { as: globex })).json.groups).toEqual([])
    expect((await sandbox.call('GET', '/sandbox/console/errors', { as: acme })).json.groups.length).toBeGreaterThan(0)
    expect((await sandbox.call('GET', '/sandbox/console/orders', { as: globex })).json.items).toEqual([])
    expect((await sandbox.call('GET', `/sandbox/console/orders?q=${order}`, { as: acme })).json.items.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([order])
    expect((await sandbox.call('GET', `/sandbox/console/orders/${order}`, { as: globex })).status).toBe(404)
    expect((await sandbox.call('GET', '/sandbox/console/map', { as: globex })).json.items).toEqual([])
    expect((await sandbox.call('GET', '/sandbox/console/requests?limit=200', { as: globex })).json.items.every((i: Summary) => !acmeLog.items.some((a) => a.id === i.id))).toBe(true)
  })
})

describe('the stream: a new entry arrives live, only to its own company', () => {
  /** Reads a company's stream until `until` holds for an event's summary; every summary read so far. */
  const streamUntil = async (as: Credentials, until: (s: Summary) => boolean, signal: AbortSignal): Promise<Summary[]> => {
    const response = await fetch(`${sandbox.base}/sandbox/console/requests/stream`, { headers: { authorization: `Bearer ${as.token}`, 'x-service-api-key': as.apiKey }, signal })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const seen: Summary[] = []
    const decoder = new TextDecoder()
    let buffer = ''
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true })
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const data = block.split('\n').find((l) => l.startsWith('data: '))
        if (block.includes('event: request') && data !== undefined) {
          const s = JSON.parse(data.slice(6)) as Summary
          seen.push(s)
          if (until(s)) return seen
        }
      }
    }
    return seen
  }

  it('each company\'s stream delivers its own new entries and none of the other\'s', async () => {
    const stop = new AbortController()
    const timer = setTimeout(() => stop.abort(), limitMs(30_000))
    try {
      const acmeSeen = streamUntil(acme, (s) => s.requestId === 'con-live-acme', stop.signal)
      const globexSeen = streamUntil(globex, (s) => s.requestId === 'con-live-globex', stop.signal)
      // the streams are open once the server has answered their headers: a request now is new to both
      await sleep(200)
      await sandbox.call('GET', '/sandbox/clock', { as: acme, headers: { 'x-request-id': 'con-live-acme' } })
      await sandbox.call('GET', '/sandbox/clock', { as: globex, headers: { 'x-request-id': 'con-live-globex' } })
      const [a, g] = await Promise.all([acmeSeen, globexSeen])
      expect(a.map((s) => s.requestId)).toContain('con-live-acme')
      expect(a.map((s) => s.requestId)).not.toContain('con-live-globex')
      expect(g.map((s) => s.requestId)).toEqual(['con-live-globex'])
    } finally {
      clearTimeout(timer)
      stop.abort()
    }
  })

  it('a stream with a malformed filter is a 400 ProblemDetail, not a stream', async () => {
    const r = await sandbox.call('GET', '/sandbox/console/requests/stream?status=9xx', { as: acme })
    expect(r.status).toBe(400)
    expect(r.json.violations[0].field).toBe('status')
  })
})

describe('errors, an order\'s timeline, the map, the clock preview, the operator\'s companies', () => {
  it('groups failures by endpoint, reason and violation code, with counts and rules', async () => {
    for (const n of [1, 2, 3]) await sandbox.call('POST', '/v1/shipper/quote', { as: globex, body: quoteBody({ pickupAddress: { zipCode: '123' } }), headers: { 'x-request-id': `con-group-${n}` } })
    await logged(globex, 'con-group-3')
    const groups = (await sandbox.call('GET', '/sandbox/console/errors', { as: globex })).json.groups as Array<{ route: string; reason: string; code: string; count: number; rules: string[] }>
    const group = groups.find((g) => g.route === '/v1/shipper/quote' && g.reason === 'validation_failed')!
    expect(group.count).toBe(3)
    expect(group.rules).toEqual(expect.arrayContaining(['ADDR-04', 'ERR-02']))
  })

  it('an order\'s timeline has each transition with its event and both times; the map places it', async () => {
    const quote = await sandbox.call('POST', '/v1/shipper/quote', { as: globex, body: quoteBody() })
    const order = (await sandbox.call('POST', '/v1/shipper/shipment', { as: globex, body: createBody({ quoteId: quote.json.id }) })).json.orderNumber as string
    expect((await sandbox.call('PUT', `/v1/shipper/shipment/${order}/confirm`, { as: globex })).status).toBe(200)
    for (const event of ['ACCEPT', 'ASSIGN', 'PICK_UP']) expect((await sandbox.call('POST', `/sandbox/orders/${order}/events`, { as: globex, body: { event } })).status).toBe(200)
    await sandbox.call('POST', '/sandbox/clock', { as: globex, body: { hours: 5 } })
    const detail = (await sandbox.call('GET', `/sandbox/console/orders/${order}`, { as: globex })).json
    expect(detail.timeline.map((t: { event: string | null; to: string }) => [t.event, t.to])).toEqual([[null, 'INITIALIZED'], ['CONFIRM', 'CONFIRMED'], ['ACCEPT', 'ACCEPTED'], ['ASSIGN', 'ASSIGNED'], ['PICK_UP', 'PICKED_UP']])
    expect(detail.timeline.slice(1).every((t: { at: string | null; companyAt: string }) => t.at !== null && t.companyAt !== '')).toBe(true)
    const item = (await sandbox.call('GET', '/sandbox/console/map', { as: globex })).json.items.find((i: { orderNumber: string }) => i.orderNumber === order)
    expect(item.pickup.label).toContain('60018')
    expect(item.delivery.label).toContain('75201')
    expect(item.position).not.toBeNull()
  })

  it('the clock preview names the quotes a move would expire, and moves nothing', async () => {
    const quote = (await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody() })).json.id as string
    const before = (await sandbox.call('GET', '/sandbox/clock', { as: acme })).json.now
    const short = (await sandbox.call('GET', '/sandbox/console/clock/preview?hours=1', { as: acme })).json
    expect(short.quotesExpiring).not.toContain(quote)
    const long = (await sandbox.call('GET', '/sandbox/console/clock/preview?days=3', { as: acme })).json
    expect(long.quotesExpiring).toContain(quote)
    expect(Date.parse(long.then) - Date.parse(long.now)).toBe(3 * 86_400_000)
    expect(Date.parse((await sandbox.call('GET', '/sandbox/clock', { as: acme })).json.now) - Date.parse(before)).toBeLessThan(limitMs(60_000))
    expect((await sandbox.call('GET', '/sandbox/console/clock/preview?days=-1', { as: acme })).status).toBe(400)
  })

  it('the operator sees every company with its keys\' ids and times, never a key or a token; a company may not ask', async () => {
    const r = await sandbox.call('GET', '/sandbox/console/companies', { headers: operatorHeaders() })
    expect(r.status).toBe(200)
    const acmeRow = r.json.items.find((c: { companyId: string }) => c.companyId === acme.companyId)
    expect(acmeRow.keys.length).toBeGreaterThan(0)
    expect(acmeRow.keys[0].keyId).toMatch(/^key_[0-9a-f]{12}$/)
    const text = r.bytes.toString('utf8')
    for (const secret of [acme.apiKey, acme.token, globex.apiKey, globex.token]) expect(text).not.toContain(secret)
    expect((await sandbox.call('GET', '/sandbox/console/companies', { as: acme })).status).toBe(401)
  })
})

describe('the console\'s pages: a strict CSP, and a missing build is a ProblemDetail', () => {
  const dirs: string[] = []
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  })
  const serverOn = async (dir: string) => buildServer({ store: sandbox.store, requestLogLimit: 0, console: { dir } })

  it('serves index.html and its assets with the CSP, nosniff and no-referrer; refuses paths out of the assets', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-built-'))
    dirs.push(dir)
    mkdirSync(join(dir, 'assets'))
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title><script type="module" src="/console/assets/app.js"></script>')
    writeFileSync(join(dir, 'assets', 'app.js'), 'export {}')
    writeFileSync(join(dir, 'secret.txt'), 'not an asset')
    const app = await serverOn(dir)
    try {
      const page = await app.inject({ method: 'GET', url: '/console' })
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-type']).toContain('text/html')
      expect(page.headers['content-security-policy']).toBe(CONSOLE_CSP)
      expect(CONSOLE_CSP).toContain("frame-ancestors 'none'")
      expect(CONSOLE_CSP).toContain("script-src 'self'")
      expect(page.headers['x-content-type-options']).toBe('nosniff')
      expect(page.headers['referrer-policy']).toBe('no-referrer')
      const asset = await app.inject({ method: 'GET', url: '/console/assets/app.js' })
      expect(asset.statusCode).toBe(200)
      expect(asset.headers['content-type']).toContain('text/javascript')
      expect(asset.headers['content-security-policy']).toBe(CONSOLE_CSP)
      for (const url of ['/console/assets/../secret.txt', '/console/assets/%2e%2e/secret.txt', '/console/assets/..%2fsecret.txt', '/console/assets/missing.js']) {
        const r = await app.inject({ method: 'GET', url })
        expect(r.statusCode, url).toBe(404)
        expect(r.headers['content-type'], url).toContain('application/problem+json')
        expect(r.body, url).not.toContain('not an asset')
      }
    } finally {
      await app.close()
    }
  })

  it('without a build: GET /console is a 404 ProblemDetail that says to build, and the server lives on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-missing-'))
    dirs.push(dir)
    const app = await serverOn(join(dir, 'nothing-here'))
    try {
      const r = await app.inject({ method: 'GET', url: '/console' })
      expect(r.statusCode).toBe(404)
      expect(r.headers['content-type']).toContain('application/problem+json')
      expect(JSON.parse(r.body).detail).toContain('npm run build -w sandbox')
      expect(r.headers['content-security-policy']).toBe(CONSOLE_CSP)
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })
})
