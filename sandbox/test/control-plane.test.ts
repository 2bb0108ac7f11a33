// The sandbox shared by a team, tried as an attacker and as an operator would (issue 24): who may
// call each sandbox endpoint, a clock per company and its bounds, the failed-authentication limit,
// bearer in any letter case and the challenge on every 401, links that never come from Host.
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_CLOCK_OFFSET_MS } from '../src/clock/clock.js'
import { createBody, freshStoreOptions, operatorHeaders, quoteBody, removeStore, startSandbox, type Answer, type Credentials, type Sandbox } from './support/harness.js'

const storeOptions = freshStoreOptions()
let sandbox: Sandbox
let acme: Credentials
let globex: Credentials
let order: string

beforeAll(async () => {
  sandbox = await startSandbox(storeOptions, { publicUrl: 'https://sandbox.example.test/team' })
  acme = await sandbox.company('Acme Freight Buyers')
  globex = await sandbox.company('Globex Shipping')
  const quote = await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody() })
  order = (await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ quoteId: quote.json.id }) })).json.orderNumber
})
afterAll(async () => {
  await sandbox.stop()
  removeStore(storeOptions)
})

const expectProblem = (r: Answer, status: number, reason: string): void => {
  expect(r.contentType).toContain('application/problem+json')
  expect(r.status).toBe(status)
  expect(r.json).toMatchObject({ status, reason })
}

/** Every company control: what it needs besides the company's credentials. */
const companyControls = (): ReadonlyArray<readonly [string, string, unknown?]> => [
  ['GET', '/sandbox/clock'],
  ['POST', '/sandbox/clock', { minutes: 1 }],
  ['POST', `/sandbox/orders/${order}/events`, { event: 'ACCEPT' }],
  ['GET', `/sandbox/orders/${order}`],
  ['POST', `/sandbox/orders/${order}/simulation`, { delayMinutes: 10 }],
  ['GET', '/sandbox/addresses'],
  ['POST', '/sandbox/addresses', { name: 'X' }],
  ['GET', '/sandbox/addresses/addr_0000000000000000'],
  ['PUT', '/sandbox/addresses/addr_0000000000000000', { name: 'X' }],
  ['GET', '/sandbox/outbox'],
  ['POST', '/sandbox/keys/revoke'],
]

/** Every operator control. */
const operatorControls = (): ReadonlyArray<readonly [string, string, unknown?]> => [
  ['POST', '/sandbox/companies', { name: 'Initech Logistics' }],
  ['GET', '/sandbox/companies'],
  ['POST', `/sandbox/companies/${acme.companyId}/keys`],
]

describe('who may call each sandbox endpoint', () => {
  it('company controls: no credentials and the operator token are 401 with a bearer challenge; nothing changed', async () => {
    for (const [method, path, body] of companyControls()) {
      for (const headers of [{}, operatorHeaders(), { ...operatorHeaders(), 'x-service-api-key': 'sk_sandbox_nothing' }]) {
        const r = await sandbox.call(method, path, { headers, ...(body !== undefined ? { body } : {}) })
        expectProblem(r, 401, 'unauthorized')
      }
    }
    const r = await sandbox.call('GET', '/sandbox/clock', { headers: {} })
    expect(r.status).toBe(401)
    expect((await fetch(`${sandbox.base}/sandbox/clock`)).headers.get('www-authenticate')).toMatch(/^Bearer realm="[^"]+", scope="shipper"$/)
    expect((await sandbox.call('GET', `/sandbox/orders/${order}`, { as: acme })).json.shipment.orderStatus).toBe('INITIALIZED')
  })

  it("company controls: another company's credentials never reach the first's order, clock or outbox", async () => {
    for (const [method, path, body] of companyControls().filter(([, p]) => p.includes(order))) {
      expectProblem(await sandbox.call(method, path, { as: globex, ...(body !== undefined ? { body } : {}) }), 403, 'forbidden')
    }
    const before = (await sandbox.call('GET', '/sandbox/clock', { as: acme })).json.offsetMs
    expect((await sandbox.call('POST', '/sandbox/clock', { as: globex, body: { days: 3 } })).status).toBe(200)
    expect((await sandbox.call('GET', '/sandbox/clock', { as: acme })).json.offsetMs).toBe(before)
    expect((await sandbox.call('GET', '/sandbox/outbox', { as: globex })).json.messages).toEqual([])
    expect((await sandbox.call('GET', `/sandbox/orders/${order}`, { as: acme })).json.shipment.orderStatus).toBe('INITIALIZED')
  })

  it("operator controls: no credentials and a company's credentials are 401; the operator token works", async () => {
    for (const [method, path, body] of operatorControls()) {
      for (const as of [undefined, acme]) {
        const r = await sandbox.call(method, path, { as, ...(body !== undefined ? { body } : {}) })
        expectProblem(r, 401, 'unauthorized')
        expect(r.json.detail).toContain('operator token')
      }
      expectProblem(await sandbox.call(method, path, { headers: operatorHeaders('sbx_op_a_wrong_operator_token_000000'), ...(body !== undefined ? { body } : {}) }), 401, 'unauthorized')
    }
    const listed = await sandbox.call('GET', '/sandbox/companies', { headers: operatorHeaders() })
    expect(listed.status).toBe(200)
    expect(listed.json.companies.map((c: { companyName: string }) => c.companyName)).toEqual(expect.arrayContaining(['Acme Freight Buyers', 'Globex Shipping']))
    expect(JSON.stringify(listed.json)).not.toMatch(/sk_sandbox_|eyJ/)
  })

  it('a company name that exists is 409, never a key for that company; a further key is an explicit operator call', async () => {
    const taken = await sandbox.call('POST', '/sandbox/companies', { headers: operatorHeaders(), body: { name: 'Acme Freight Buyers' } })
    expectProblem(taken, 409, 'conflict')
    expect(taken.bytes.toString('utf8')).not.toMatch(/sk_sandbox_|eyJ/)
    const more = await sandbox.call('POST', `/sandbox/companies/${acme.companyId}/keys`, { headers: operatorHeaders() })
    expect(more.status).toBe(201)
    expect(more.json).toMatchObject({ companyId: acme.companyId, companyName: 'Acme Freight Buyers' })
    expect((await sandbox.call('GET', `/v1/shipper/shipment/${order}`, { as: more.json })).status).toBe(200)
    expectProblem(await sandbox.call('POST', '/sandbox/companies/cmp_000000000000/keys', { headers: operatorHeaders() }), 404, 'not_found')
    expectProblem(await sandbox.call('POST', '/sandbox/companies/nope/keys', { headers: operatorHeaders() }), 400, 'validation_failed')
    for (const name of ['', '   ', 'a\u0000b', '\ud800', 'x'.repeat(201), 42]) {
      expectProblem(await sandbox.call('POST', '/sandbox/companies', { headers: operatorHeaders(), body: { name } }), 400, 'validation_failed')
    }
  })

  it('bearer in any letter case; a 401 for a bad token says so in its challenge', async () => {
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      const r = await sandbox.call('GET', `/v1/shipper/shipment/${order}`, { headers: { authorization: `${scheme} ${acme.token}`, 'x-service-api-key': acme.apiKey } })
      expect(r.status).toBe(200)
    }
    const forged = await fetch(`${sandbox.base}/v1/shipper/shipment/${order}`, { headers: { authorization: 'Bearer abc.def.ghi', 'x-service-api-key': acme.apiKey } })
    expect(forged.status).toBe(401)
    expect(forged.headers.get('www-authenticate')).toMatch(/^Bearer /)
  })

  it('download links come from the configured public URL, never from Host', async () => {
    const url = new URL(`${sandbox.base}/v1/shipper/shipment/${order}/document/BILL_OF_LADING`)
    const text = await new Promise<string>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, headers: { host: 'attacker.example', authorization: `Bearer ${acme.token}`, 'x-service-api-key': acme.apiKey } }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (body += c))
        res.on('end', () => resolve(body))
      })
      req.on('error', reject)
      req.end()
    })
    const r = { json: JSON.parse(text) as { downloadLink: string } }
    expect(r.json.downloadLink).toMatch(/^https:\/\/sandbox\.example\.test\/team\/sandbox\/downloads\//)
    expect(r.json.downloadLink).not.toContain('attacker')
  })
})

describe('a clock per company', () => {
  it("advancing one company's clock never expires another's quote", async () => {
    const fresh = await sandbox.company('Clockwork Freight')
    const other = await sandbox.company('Timeless Cargo')
    const quote = await sandbox.call('POST', '/v1/shipper/quote', { as: fresh, body: quoteBody() })
    expect((await sandbox.call('POST', '/sandbox/clock', { as: other, body: { days: 3 } })).status).toBe(200)
    const created = await sandbox.call('POST', '/v1/shipper/shipment', { as: fresh, body: createBody({ quoteId: quote.json.id }) })
    expect(created.status).toBe(200)
    const late = await sandbox.call('POST', '/v1/shipper/quote', { as: other, body: quoteBody() })
    expect(Date.parse(late.json.quoteExpirationTime) - Date.parse(quote.json.quoteExpirationTime)).toBeGreaterThan(3 * 86_400_000 - 60_000)
  })

  it('each advance is a positive whole number of days, hours or minutes, the total at most 20 years; otherwise 400 and nothing moves', async () => {
    const company = await sandbox.company('Bounded Clocks Ltd')
    const offset = async (): Promise<number> => (await sandbox.call('GET', '/sandbox/clock', { as: company })).json.offsetMs
    for (const body of [{}, { days: 0 }, { minutes: -1 }, { hours: 1.5 }, { days: '1' }, { days: 5_256_000 }, { days: 1, seconds: 5 }, [], 'x', null]) {
      expectProblem(await sandbox.call('POST', '/sandbox/clock', { as: company, body }), 400, 'validation_failed')
    }
    expect(await offset()).toBe(0)
    const max = MAX_CLOCK_OFFSET_MS / 86_400_000
    expect((await sandbox.call('POST', '/sandbox/clock', { as: company, body: { days: max - 1 } })).status).toBe(200)
    expectProblem(await sandbox.call('POST', '/sandbox/clock', { as: company, body: { days: 2 } }), 400, 'validation_failed')
    expect((await sandbox.call('POST', '/sandbox/clock', { as: company, body: { days: 1 } })).json.offsetMs).toBe(MAX_CLOCK_OFFSET_MS)
    expectProblem(await sandbox.call('POST', '/sandbox/clock', { as: company, body: { minutes: 1 } }), 400, 'validation_failed')
    expect(await offset()).toBe(MAX_CLOCK_OFFSET_MS)
    // at the bound every endpoint still answers as the spec says: a quote, a create on it, tracking, a link
    const quote = await sandbox.call('POST', '/v1/shipper/quote', { as: company, body: quoteBody() })
    expect(quote.status).toBe(200)
    const created = await sandbox.call('POST', '/v1/shipper/shipment', { as: company, body: createBody({ quoteId: quote.json.id }), headers: { 'idempotency-key': 'far-future' } })
    expect(created.status).toBe(200)
    const number = created.json.orderNumber
    expect((await sandbox.call('PUT', `/v1/shipper/shipment/${number}/confirm`, { as: company })).status).toBe(200)
    expect((await sandbox.call('GET', `/v1/shipper/shipment/${number}/tracking?include=location`, { as: company })).status).toBe(200)
    const doc = await sandbox.call('GET', `/v1/shipper/shipment/${number}/document/SHIPPING_LABEL`, { as: company })
    expect(doc.status).toBe(200)
    const link = new URL(doc.json.downloadLink)
    expect((await sandbox.call('GET', link.pathname.replace('/team', '') + link.search)).status).toBe(200)
    expect(sandbox.openApiFailures).toEqual([])
  })
})

describe('failed authentications per client address', () => {
  it('past the limit every call from the address is 429 with Retry-After, good credentials included, until the window ends', async () => {
    const limited = await startSandbox(freshStoreOptions(), { authFailures: { max: 5, windowMs: 60_000 } })
    try {
      const company = await limited.company('Limited Freight')
      for (let i = 0; i < 5; i++) expect((await limited.call('GET', '/sandbox/clock', { headers: { authorization: 'Bearer nope', 'x-service-api-key': 'nope' } })).status).toBe(401)
      const over = await fetch(`${limited.base}/sandbox/clock`, { headers: { authorization: 'Bearer nope' } })
      expect(over.status).toBe(429)
      expect(over.headers.get('content-type')).toContain('application/problem+json')
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(((await over.json()) as { reason: string }).reason).toBe('too_many_requests')
      expectProblem(await limited.call('GET', '/sandbox/clock', { as: company }), 429, 'too_many_requests')
      expectProblem(await limited.call('GET', '/sandbox/companies', { headers: operatorHeaders() }), 429, 'too_many_requests')
      // 200 concurrent unauthenticated company creations mint nothing
      const minted = await Promise.all(Array.from({ length: 200 }, () => fetch(`${limited.base}/sandbox/companies`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Sandbox Shipper Inc"}' })))
      expect(new Set(minted.map((r) => r.status))).toEqual(new Set([429]))
    } finally {
      await limited.stop()
      removeStore(limited.storeOptions)
    }
  })
})
