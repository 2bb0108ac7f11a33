// The client in a browser, calling a sandbox on another origin (issue 26, "Tests": In Chromium).
// The page is served by a tiny node:http server on 127.0.0.1:<pagePort>; the sandbox CLI (this
// file's own, not the run's global one) listens on another port, started with
// `--cors-origin http://127.0.0.1:<pagePort>`, so every call the page makes is cross-origin and
// works only through the sandbox's CORS answers (preflights included: the client sends the two
// credentials, X-Request-Id and Idempotency-Key, none of them CORS-safelisted). The page's script
// is the client bundled by esbuild for the browser (platform 'browser', format esm) from
// client/src/index.ts, the package's main entry, so this test needs no build; the bundle must hold
// no `node:` import. The page books on a quote, confirms, reads tracking, then waits for DELIVERED
// (waitForStatus) while this test plays the carrier through the sandbox's event control, and
// downloads the invoice PDF; it writes each step into the DOM, which the test reads. A second page
// server on a port the sandbox does not allow shows that it is CORS that lets the first one in:
// the same script there ends with the client's NetworkError.
//
// Chromium: Debian's /usr/bin/chromium through playwright-core, as test/browser/browser.test.ts of
// the library (nothing here downloads a browser). If it is absent every test FAILS with the reason;
// SHIPPER_RULES_NO_BROWSER=1 skips them instead, with the reason.
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, type Metafile } from 'esbuild'
import { chromium, type Browser, type Page } from 'playwright-core'
import { limitMs, startSandbox, type RunningSandbox } from 'shipper-rules-testkit'
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest'

const CHROMIUM = '/usr/bin/chromium'
const CLIENT = join(import.meta.dirname, '..', '..')
const SKIP = process.env['SHIPPER_RULES_NO_BROWSER'] === '1'
const SKIP_REASON = 'SHIPPER_RULES_NO_BROWSER=1: the browser test is skipped on request (no Chromium wanted on this machine)'

const isExecutable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

// The page's script. The configuration (the sandbox's address and a company's credentials) is a
// JSON script element the test writes into the page; each step reports into its own element.
const ENTRY = `
import { CLIENT_VERSION, createShipperClient, isShipperError } from ${JSON.stringify(join(CLIENT, 'src', 'index.ts'))}

const config = JSON.parse(document.getElementById('config').textContent)
const show = (id, text) => { document.getElementById(id).textContent = text }
const client = createShipperClient({ baseUrl: config.base, apiKey: config.key, token: config.token, maxRetries: 0, userAgent: 'browser-test' })
const pickupAddress = { name: 'Lakeside DC', address1: '2400 S Wolf Rd', city: 'Des Plaines', state: 'IL', zipCode: '60018', phoneNumber: '+18475550142', contactPerson: 'Dana Whitfield' }
const deliveryAddress = { name: 'Dallas Foods', address1: '1 Main St', city: 'Dallas', state: 'TX', zipCode: '75201', phoneNumber: '+12145550100', contactPerson: 'Ann Lee' }
const orderComponents = [{ palletCount: 2, poundsWeight: 900, dimensions: { length: 48, width: 40, height: 48 } }]

const run = async () => {
  show('version', CLIENT_VERSION)
  const quote = await client.quotes.create({ pickupAddress: { zipCode: '60018' }, deliveryAddress: { zipCode: '75201' }, orderComponents })
  const created = await client.shipments.create({ pickupAddress, deliveryAddress, orderComponents, description: 'Browser test', quoteId: quote.id })
  show('created', created.orderNumber + ' ' + created.orderStatus)
  const confirmed = await client.shipments.confirm(created.orderNumber)
  show('confirmed', confirmed.orderStatus)
  const tracking = await client.tracking.get(created.orderNumber)
  show('tracked', tracking.orderNumber + ' ' + tracking.orderStatus)
  const delivered = await client.waitForStatus(created.orderNumber, 'DELIVERED', { intervalMs: 100, maxIntervalMs: 500 })
  show('delivered', delivered.orderStatus)
  const invoice = await client.documents.download(created.orderNumber, 'INVOICE')
  show('invoice', invoice.contentType + ' ' + String.fromCharCode(...invoice.bytes.subarray(0, 5)) + ' ' + invoice.bytes.length)
}
run().catch((e) => show('error', isShipperError(e) ? 'ShipperError ' + e.kind + ': ' + e.message : 'other: ' + String(e)))
`

const html = (config: unknown, script: string): string => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>shipper-rules-client in a browser</title></head>
<body>
<script type="application/json" id="config">${JSON.stringify(config).replaceAll('<', '\\u003c')}</script>
<p id="version"></p><p id="created"></p><p id="confirmed"></p><p id="tracked"></p><p id="delivered"></p><p id="invoice"></p><p id="error"></p>
<script type="module">
${script.replaceAll('</script', '<\\/script')}
</script>
</body>
</html>
`

/** A node:http server on 127.0.0.1 answering every GET with the page `page()` (known once the sandbox runs). */
const pageServer = async (page: () => string): Promise<{ server: Server; origin: string }> => {
  const server = createServer((req, res) => {
    if (req.url === '/favicon.ico') {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

const closeServer = (server: Server | undefined): Promise<void> =>
  new Promise((resolve) => {
    if (server === undefined) return resolve()
    server.closeAllConnections()
    server.close(() => resolve())
  })

describe('the client in Chromium, calling a sandbox on another origin (CORS)', () => {
  let unavailable: string | undefined
  let dir: string | undefined
  let sandbox: RunningSandbox | undefined
  let base = ''
  let credentials = { key: '', token: '' }
  let allowed: { server: Server; origin: string } | undefined
  let refused: { server: Server; origin: string } | undefined
  let browser: Browser | undefined
  let script = ''
  let metafile: Metafile | undefined

  beforeAll(async () => {
    if (SKIP) {
      console.warn(`skipped: ${SKIP_REASON}`)
      return
    }
    if (!isExecutable(CHROMIUM)) {
      unavailable = `${CHROMIUM} is absent: install Debian's chromium (as root: apt-get update && apt-get install -y chromium) or set SHIPPER_RULES_NO_BROWSER=1 to skip the browser test`
      return
    }
    dir = mkdtempSync(join(tmpdir(), 'shipper-rules-client-browser-'))
    const entry = join(dir, 'entry.js')
    writeFileSync(entry, ENTRY)
    // absWorkingDir: the metafile names inputs relative to the repository root
    const bundle = await build({ entryPoints: [entry], absWorkingDir: join(CLIENT, '..'), bundle: true, platform: 'browser', format: 'esm', target: 'chrome120', write: false, metafile: true, logLevel: 'silent' })
    script = bundle.outputFiles[0]?.text ?? ''
    metafile = bundle.metafile
    const page = (): string => html({ base, ...credentials }, script)
    allowed = await pageServer(page)
    refused = await pageServer(page)
    // Only the first page's origin is allowed; the data directory is this file's own (with
    // DATABASE_URL set the CLI uses that PostgreSQL instead, as the run's global sandbox does).
    const cli = await startSandbox({ dataDir: join(dir, 'data'), args: ['--cors-origin', allowed.origin] })
    sandbox = cli
    base = cli.baseUrl
    credentials = { key: cli.apiKey, token: cli.token }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
  }, limitMs(180_000 + 60_000)) // a start, and a minute for the rest

  afterAll(async () => {
    await browser?.close()
    if (sandbox !== undefined) await sandbox.stop()
    await closeServer(allowed?.server)
    await closeServer(refused?.server)
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
  }, limitMs(180_000 + 60_000)) // a start, and a minute for the rest

  const ready = (ctx: TestContext): Browser => {
    if (SKIP) ctx.skip(SKIP_REASON)
    if (unavailable !== undefined) throw new Error(`The browser test cannot run: ${unavailable}`)
    if (browser === undefined) throw new Error('The browser test cannot run: Chromium did not start')
    return browser
  }

  /** A new page at `origin`, recording every request it makes and every error it raises. */
  const open = async (b: Browser, origin: string) => {
    const context = await b.newContext()
    const page = await context.newPage()
    // allHeaders(): the headers as sent (headers() may leave out some Chromium adds or guards)
    const requests: Array<{ method: string; url: string; headers: Promise<Record<string, string>> }> = []
    const errors: string[] = []
    page.on('request', (r) => requests.push({ method: r.method(), url: r.url(), headers: r.allHeaders() }))
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`${origin}/`)
    const sent = async () => Promise.all(requests.map(async (r) => ({ method: r.method, url: r.url, headers: await r.headers })))
    return { page, sent, errors, close: () => context.close() }
  }

  /** The text of `#id` once it (or #error) has some; an error shown first fails with its text. */
  const shown = async (page: Page, id: string): Promise<string> => {
    await page.waitForSelector(`#${id}:not(:empty), #error:not(:empty)`, { timeout: limitMs(60_000) })
    const error = (await page.textContent('#error')) ?? ''
    if (error !== '') throw new Error(`the page reported an error before #${id}: ${error}`)
    return (await page.textContent(`#${id}`)) ?? ''
  }

  /** The sandbox's carrier control, as the carrier would move the order (sandbox/README.md "Sandbox controls"). */
  const carrier = async (orderNumber: string, event: 'ACCEPT' | 'ASSIGN' | 'PICK_UP' | 'DELIVER'): Promise<void> => {
    const r = await fetch(`${base}/sandbox/orders/${orderNumber}/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credentials.token}`, 'x-service-api-key': credentials.key, 'content-type': 'application/json' },
      body: JSON.stringify({ event }),
    })
    expect(r.status, `${event}: ${await r.text()}`).toBe(200)
  }

  it('the browser bundle of the main entry imports nothing from node:', (ctx) => {
    ready(ctx)
    const inputs = Object.keys(metafile!.inputs)
    expect(inputs).toContain('client/src/index.ts')
    expect(inputs.filter((f) => f.startsWith('client/src/')).length).toBeGreaterThan(3)
    const imports = Object.values(metafile!.inputs).flatMap((i) => i.imports.map((x) => x.path))
    expect(imports.filter((p) => p.startsWith('node:'))).toEqual([])
    expect(script).not.toMatch(/["']node:[a-z]/)
    expect(script.length).toBeGreaterThan(1000)
  })

  it('books, confirms, tracks, waits for DELIVERED while the carrier moves it, and downloads the invoice PDF, all cross-origin', async (ctx) => {
    const b = ready(ctx)
    const { page, sent, errors, close } = await open(b, allowed!.origin)
    try {
      expect(await shown(page, 'version')).toBe('0.1.0')
      const [orderNumber = '', status] = (await shown(page, 'created')).split(' ')
      expect(status).toBe('INITIALIZED')
      expect(await shown(page, 'confirmed')).toBe('CONFIRMED')
      expect(await shown(page, 'tracked')).toBe(`${orderNumber} CONFIRMED`)
      for (const event of ['ACCEPT', 'ASSIGN', 'PICK_UP', 'DELIVER'] as const) await carrier(orderNumber, event)
      expect(await shown(page, 'delivered')).toBe('DELIVERED')
      const [contentType, magic, size] = (await shown(page, 'invoice')).split(' ')
      expect({ contentType, magic }).toEqual({ contentType: 'application/pdf', magic: '%PDF-' })
      expect(Number(size)).toBeGreaterThan(500)
      expect(errors).toEqual([])

      // Every request went to the page's own origin or to the sandbox; the API calls carried the
      // credentials, the client's User-Agent and a request id; the pre-signed link none of them.
      const requests = await sent()
      const origins = new Set(requests.map((r) => new URL(r.url).origin))
      expect([...origins].sort()).toEqual([allowed!.origin, base].sort())
      const api = requests.filter((r) => new URL(r.url).pathname.startsWith('/v1/shipper/'))
      expect(api.map((r) => `${r.method} ${new URL(r.url).pathname.replace(orderNumber, '{n}')}`)).toEqual(
        expect.arrayContaining(['POST /v1/shipper/quote', 'POST /v1/shipper/shipment', 'PUT /v1/shipper/shipment/{n}/confirm', 'GET /v1/shipper/shipment/{n}/tracking', 'GET /v1/shipper/shipment/{n}/document/INVOICE']),
      )
      for (const r of api) {
        expect(r.headers['authorization']).toBe(`Bearer ${credentials.token}`)
        expect(r.headers['x-service-api-key']).toBe(credentials.key)
        expect(r.headers['x-request-id']).toMatch(/^[A-Za-z0-9._~-]{1,64}$/)
        // a browser's User-Agent is its own: the client sets none there
        expect(r.headers['user-agent'] ?? '').not.toContain('shipper-rules-client')
      }
      expect(api.find((r) => r.method === 'POST' && r.url.endsWith('/shipment'))?.headers['idempotency-key']).toMatch(/\S/)
      const link = requests.filter((r) => new URL(r.url).pathname.startsWith('/sandbox/downloads/'))
      expect(link).toHaveLength(1)
      expect(link[0]!.headers['authorization']).toBeUndefined()
      expect(link[0]!.headers['x-service-api-key']).toBeUndefined()
    } finally {
      await close()
    }
  }, limitMs(360_000))

  it('from an origin the sandbox does not allow, the same page ends with the client NetworkError (CORS refused it)', async (ctx) => {
    const b = ready(ctx)
    const { page, close } = await open(b, refused!.origin)
    try {
      await page.waitForSelector('#error:not(:empty)', { timeout: limitMs(60_000) })
      expect(await page.textContent('#error')).toMatch(/^ShipperError network: /)
      expect(await page.textContent('#created')).toBe('')
    } finally {
      await close()
    }
  }, limitMs(120_000))
})
