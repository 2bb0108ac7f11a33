// The console in a browser (issue 34): Debian's Chromium through playwright-core against the
// sandbox's command line (testkit's startSandbox, a fresh PGlite directory), the built console at
// /console under its Content-Security-Policy. Elements are found by role and accessible name (the
// contract's names). What the library decides (which events an order allows, the credential
// headers) the test asks the library; what the sandbox stored it asks the sandbox over HTTP.
//
// Covered: sign-in (company, operator), the operator view (key ids, never a key), booking through
// the Explorer while the Request log shows it live (no reload), a failed request's detail (fields
// highlighted, curl with $KEY/$TOKEN) and its rule link, the clock's Advance, an order moved from
// CONFIRMED to DELIVERED with the buttons while its marker moves on the Map, its PDFs, an
// appointment's provenance, markup in every free-text field rendered as text with nothing
// executed, a second company seeing none of the first's log, orders or errors, keyboard-only
// sign-in and navigation, no horizontal scroll at 390x844 and 1280x800, and axe-core (no serious
// or critical violation) on every page. Every page is watched for script errors and CSP refusals.
//
// Chromium: /usr/bin/chromium (Debian's `chromium`); nothing here downloads a browser. When it is
// absent every test FAILS with the reason, unless SHIPPER_RULES_NO_BROWSER=1 (then each is skipped
// with the reason), as in the library's test/browser/browser.test.ts.
import { accessSync, constants, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { credentialHeaders, HEADER_KEY, ORDER_EVENTS, rulesForReason, transition, type OrderEvent } from 'shipper-rules'
import { limitMs, startSandbox, type RunningSandbox } from 'shipper-rules-testkit'
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest'

const CHROMIUM = '/usr/bin/chromium'
const SKIP = process.env['SHIPPER_RULES_NO_BROWSER'] === '1'
const SKIP_REASON = 'SHIPPER_RULES_NO_BROWSER=1: the browser tests are skipped on request'
const WAIT = limitMs(30_000)
const OPERATOR_TOKEN = 'sbx_op_console_browser_test_0123456789'
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** The contract's button names of the lifecycle's events. */
const BUTTON: { readonly [E in OrderEvent]: string } = { CONFIRM: 'Confirm', CANCEL: 'Cancel', ACCEPT: 'Accept', REJECT: 'Reject', ASSIGN: 'Assign', PICK_UP: 'Pick up', DELIVER: 'Deliver' }

/** Markup meant to run if any page put stored text into HTML. */
const MARKUP = [
  '<img src=x onerror="window.__xss=1;alert(1)" data-xss="1">',
  '<script>window.__xss=2;alert(2)</script>',
  '"><svg onload="window.__xss=3" data-xss="3">',
]
const mk = (i: number, what: string): string => `${what} ${MARKUP[i % MARKUP.length]!}`

interface Company {
  readonly companyId: string
  readonly apiKey: string
  readonly token: string
  readonly name: string
}

const isExecutable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

let sandbox: RunningSandbox | undefined
let browser: Browser | undefined
let why: string | undefined
let first: Company
let second: Company

const base = (): string => sandbox!.baseUrl

/** A call to the sandbox as a company (or the operator): status and JSON. */
const call = async (who: Company | 'operator', method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> => {
  const headers: Record<string, string> = who === 'operator' ? { [HEADER_KEY.authorization]: `Bearer ${OPERATOR_TOKEN}` } : credentialHeaders(who.apiKey, who.token)
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${base()}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) })
  const text = await response.text()
  return { status: response.status, json: text === '' ? undefined : (JSON.parse(text) as unknown) }
}

const pickup = { name: 'Lakeside DC', address1: '2400 S Wolf Rd', city: 'Des Plaines', state: 'IL', zipCode: '60018', phoneNumber: '+18475550142', contactPerson: 'Dana Whitfield' }
const delivery = { name: 'Dallas Foods', address1: '1 Main St', city: 'Dallas', state: 'TX', zipCode: '75201', phoneNumber: '+12145550100', contactPerson: 'Ann Lee' }
const components = [{ palletCount: 2, poundsWeight: 900, dimensions: { length: 48, width: 40, height: 48 } }]

/** A quoted, created and confirmed order (CONFIRMED) with an order-level pickup appointment; its number. */
const confirmedOrder = async (who: Company, extra: Record<string, unknown> = {}): Promise<string> => {
  const quote = await call(who, 'POST', '/v1/shipper/quote', { pickupAddress: { zipCode: pickup.zipCode }, deliveryAddress: { zipCode: delivery.zipCode }, orderComponents: components })
  expect(quote.status).toBe(200)
  const created = await call(who, 'POST', '/v1/shipper/shipment', {
    pickupAddress: { ...pickup, appointmentRequired: true },
    deliveryAddress: delivery,
    orderComponents: components,
    description: 'Grocery restock',
    quoteId: quote.json.id,
    appointments: { pickup: { channel: 'PHONE', contacts: [{ name: 'Dock office', phone: '+18475550100' }], leadTimeHours: 24 } },
    ...extra,
  })
  expect(created.status, JSON.stringify(created.json)).toBe(200)
  const n = created.json.orderNumber as string
  const confirmed = await call(who, 'PUT', `/v1/shipper/shipment/${n}/confirm`)
  expect(confirmed.json.orderStatus).toBe('CONFIRMED')
  return n
}

/** A page whose script errors, CSP refusals and dialogs are recorded (checked by `clean`). */
interface Watched {
  readonly page: Page
  readonly problems: string[]
  readonly dialogs: string[]
}

const open = async (context: BrowserContext): Promise<Watched> => {
  const page = await context.newPage()
  const problems: string[] = []
  const dialogs: string[] = []
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`))
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(`CSP: ${m.text()}`)
  })
  page.on('dialog', (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })
  return { page, problems, dialogs }
}

const clean = (w: Watched): void => {
  expect(w.problems).toEqual([])
  expect(w.dialogs).toEqual([])
}

/** Waits until the page has read what it shows (no "Loading…" or "Reading…" left in main); a stream stays open, so the network is never idle. */
const settled = (page: Page): Promise<unknown> =>
  page.waitForFunction(() => !/Loading|Reading the/.test((globalThis as any).document.querySelector('main')?.innerText ?? 'Loading'), undefined, { timeout: WAIT })

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name })

const go = async (page: Page, hash: string, title: string | RegExp): Promise<void> => {
  await page.goto(`${base()}/console${hash}`)
  await heading(page, title).waitFor({ state: 'visible', timeout: WAIT })
}

/** Signs a company in through the sign-in form; the page lands on the request log. */
const signIn = async (page: Page, who: Company): Promise<void> => {
  await go(page, '#/sign-in', 'Sign in')
  const form = page.getByRole('form', { name: 'A company' })
  await form.getByLabel('API key').fill(who.apiKey)
  await form.getByLabel('Token').fill(who.token)
  await form.getByRole('button', { name: 'Sign in' }).click()
  await heading(page, 'Request log').waitFor({ state: 'visible', timeout: WAIT })
}

/** A new context (its own session storage) with a company signed in. */
const signedIn = async (who: Company, viewport = { width: 1280, height: 800 }): Promise<{ context: BrowserContext; w: Watched }> => {
  const context = await browser!.newContext({ viewport })
  const w = await open(context)
  await signIn(w.page, who)
  return { context, w }
}

/** axe-core's serious and critical violations on the page (its source evaluated through the DevTools protocol: the page's CSP admits no injected script). */
const axeFindings = async (page: Page): Promise<string[]> => {
  if ((await page.evaluate(() => typeof (globalThis as any).axe)) === 'undefined') await page.evaluate(AXE_SOURCE)
  return page.evaluate(async () => {
    const g = globalThis as any
    const result = await g.axe.run(g.document, { resultTypes: ['violations'] })
    return result.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: any) => `${v.id} (${v.impact}) at ${JSON.stringify(v.nodes.slice(0, 3).map((x: any) => x.target))}`) as string[]
  })
}

const ready = (t: TestContext): boolean => {
  if (SKIP) {
    t.skip(SKIP_REASON)
    return false
  }
  if (why !== undefined) throw new Error(why)
  return true
}

describe('the console renders stored text as text', () => {
  it('no console source sets HTML from a string', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === 'generated' ? [] : files(join(dir, e.name))) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []))
    const sources = files(join(import.meta.dirname, '..', '..', 'console', 'src'))
    expect(sources.length).toBeGreaterThan(10)
    const offenders = sources.filter((f) => /dangerouslySetInnerHTML|\.innerHTML\b|\.outerHTML\b|insertAdjacentHTML|document\.write\b|\beval\(|new Function\(/.test(readFileSync(f, 'utf8')))
    expect(offenders).toEqual([])
  })
})

describe('the sandbox console in Chromium', () => {
  beforeAll(async () => {
    if (SKIP) return
    if (!isExecutable(CHROMIUM)) {
      why = `${CHROMIUM} is absent: install Debian's chromium (apt-get install -y chromium) or set SHIPPER_RULES_NO_BROWSER=1 to skip the browser tests`
      return
    }
    sandbox = await startSandbox({ operatorToken: OPERATOR_TOKEN })
    first = { ...sandbox.company, name: sandbox.company.companyName }
    const made = await call('operator', 'POST', '/sandbox/companies', { name: 'Second Shipper LLC' })
    expect(made.status).toBe(201)
    second = { companyId: made.json.companyId, apiKey: made.json.apiKey, token: made.json.token, name: 'Second Shipper LLC' }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
  })

  afterAll(async () => {
    await browser?.close()
    await sandbox?.stop()
  })

  it('serves the console under its Content-Security-Policy and signs a company in', async (t) => {
    if (!ready(t)) return
    const page = await fetch(`${base()}/console`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    const html = await page.text()
    expect(html).not.toMatch(/<script>|<style|style=/i)
    const { context, w } = await signedIn(first)
    // the session is in this tab's sessionStorage, nowhere else
    const stored = await w.page.evaluate(() => ({ session: Object.keys((globalThis as any).sessionStorage).length, local: (globalThis as any).localStorage.length, cookie: (globalThis as any).document.cookie }))
    expect(stored).toEqual({ session: 1, local: 0, cookie: '' })
    for (const name of ['Request log', 'Errors', 'Orders', 'Clock', 'Map', 'Rules', 'Explorer']) {
      await w.page.getByRole('navigation').getByRole('link', { name, exact: true }).waitFor({ state: 'visible', timeout: WAIT })
    }
    // wrong credentials are refused and not kept
    const other = await open(context)
    await go(other.page, '#/sign-in', 'Sign in')
    const form = other.page.getByRole('form', { name: 'A company' })
    await form.getByLabel('API key').fill(first.apiKey)
    await form.getByLabel('Token').fill('not-a-token')
    await form.getByRole('button', { name: 'Sign in' }).click()
    await form.getByRole('alert').waitFor({ state: 'visible', timeout: WAIT })
    expect(await other.page.evaluate(() => (globalThis as any).sessionStorage.length)).toBe(0)
    clean(w)
    clean(other)
    await context.close()
  })

  it('the operator view lists companies and key ids, never a key or token', async (t) => {
    if (!ready(t)) return
    const context = await browser!.newContext()
    const w = await open(context)
    await go(w.page, '#/sign-in', 'Sign in')
    const form = w.page.getByRole('form', { name: 'The operator' })
    await form.getByLabel('Operator token').fill(OPERATOR_TOKEN)
    await form.getByRole('button', { name: 'Sign in' }).click()
    await heading(w.page, 'Companies').waitFor({ state: 'visible', timeout: WAIT })
    const listed = await call('operator', 'GET', '/sandbox/console/companies')
    const keyIds = (listed.json.items as Array<{ keys: Array<{ keyId: string }> }>).flatMap((c) => c.keys.map((k) => k.keyId))
    expect(keyIds.length).toBeGreaterThanOrEqual(2)
    for (const name of [first.name, second.name]) await w.page.getByRole('heading', { level: 2, name }).waitFor({ state: 'visible', timeout: WAIT })
    const text = await w.page.locator('main').innerText()
    for (const keyId of keyIds) expect(text).toContain(keyId)
    for (const secret of [first.apiKey, first.token, second.apiKey, second.token, OPERATOR_TOKEN]) expect(text).not.toContain(secret)
    clean(w)
    await context.close()
  })

  it('books a shipment through the Explorer and the request appears live in the Request log', async (t) => {
    if (!ready(t)) return
    const log = await signedIn(first)
    await log.w.page.evaluate(() => {
      ;(globalThis as any).__sameDocument = true
    })
    const table = log.w.page.getByRole('table', { name: 'Request log' })
    await table.waitFor({ state: 'visible', timeout: WAIT })
    const before = await table.getByRole('row').filter({ hasText: '/v1/shipper/shipment' }).count()

    const explorer = await signedIn(first)
    const page = explorer.w.page
    await go(page, '#/explorer', 'Explorer')
    await page.getByLabel('Operation').selectOption('shipper:createShipment')
    // the document's example, less what it cannot know here (a quote of this company, future dates)
    for (const field of ['quoteId', 'requiredPickupDate', 'requiredDeliveryBy']) await page.getByLabel(field, { exact: true }).fill('')
    await page.getByLabel('description', { exact: true }).fill('Booked in the explorer')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByRole('heading', { name: 'Answer: 200' }).waitFor({ state: 'visible', timeout: WAIT })

    // the log's tab, never reloaded, shows it
    await log.w.page.waitForFunction((n) => [...(globalThis as any).document.querySelectorAll('table[aria-label="Request log"] tbody tr')].filter((r: any) => r.textContent?.includes('/v1/shipper/shipment') && r.textContent.includes('POST') && r.textContent.includes('200')).length > n, before, { timeout: WAIT })
    expect(await log.w.page.evaluate(() => (globalThis as any).__sameDocument)).toBe(true)

    // the library refuses a broken body in the page: nothing is sent
    await page.getByLabel('description', { exact: true }).fill('')
    const logged = (await call(first, 'GET', '/sandbox/console/requests?limit=200')).json.items.length as number
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByRole('alert').filter({ hasText: 'Not sent' }).waitFor({ state: 'visible', timeout: WAIT })
    expect(await page.getByRole('alert').filter({ hasText: 'Not sent' }).innerText()).toContain('description')
    expect((await call(first, 'GET', '/sandbox/console/requests?limit=200')).json.items.length).toBe(logged)
    clean(log.w)
    clean(explorer.w)
    await log.context.close()
    await explorer.context.close()
  })

  it('opens a failed request, shows its violations and curl, and follows a rule link', async (t) => {
    if (!ready(t)) return
    const bad = await call(first, 'POST', '/v1/shipper/shipment', { pickupAddress: { ...pickup, zipCode: '1234' }, deliveryAddress: delivery, orderComponents: components, description: 'Bad zip' })
    expect(bad.status).toBe(400)
    const { context, w } = await signedIn(first)
    const page = w.page
    // the filters: method, status class, path and reason, applied with the form (and kept in the route)
    const filters = page.getByRole('form', { name: 'Filters' })
    await filters.getByLabel('Method').selectOption('POST')
    await filters.getByLabel('Status class').selectOption('4xx')
    await filters.getByLabel('Path').fill('/v1/shipper/shipment')
    await filters.getByLabel('Reason').fill('validation_failed')
    await filters.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL(/#\/log\?/, { timeout: WAIT })
    expect(Object.fromEntries(new URLSearchParams(new URL(page.url()).hash.split('?')[1]))).toEqual({ method: 'POST', status: '4xx', path: '/v1/shipper/shipment', reason: 'validation_failed' })
    const table = page.getByRole('table', { name: 'Request log' })
    // the filtered page replaces the unfiltered one (a fetch after the route changed): wait until the
    // table holds rows and every row matches the filters, rather than reading it between the two
    const matching = /POST[\s\S]*\/v1\/shipper\/shipment[\s\S]*400[\s\S]*validation_failed/
    const filtered = async (): Promise<boolean> => {
      const shown = await table.locator('tbody tr').allInnerTexts()
      return shown.length > 0 && shown.every((text) => matching.test(text))
    }
    await expect.poll(filtered, { timeout: WAIT }).toBe(true)
    const row = table.getByRole('row').filter({ hasText: 'validation_failed' }).first()
    await row.getByRole('link', { name: '/v1/shipper/shipment' }).click()
    await heading(page, 'POST /v1/shipper/shipment').waitFor({ state: 'visible', timeout: WAIT })
    // the violated field is highlighted in the request body
    const highlighted = await page.getByLabel('Request body').locator('mark').allInnerTexts()
    expect(highlighted.join('')).toContain('"zipCode"')
    // curl: the credentials as $KEY and $TOKEN, never the real ones
    const curl = await page.getByLabel('curl command').innerText()
    expect(curl).toContain('$KEY')
    expect(curl).toContain('$TOKEN')
    expect(curl).not.toContain(first.token)
    expect(curl).not.toContain(first.apiKey)
    // the reason's rules (the library's rulesForReason), each a link to its page
    for (const rule of rulesForReason('validation_failed')) expect(await page.getByRole('link', { name: rule, exact: true }).count()).toBeGreaterThan(0)
    // replay: the same request again, with the signed-in credentials; a new entry in the log
    const count = async (): Promise<number> => (await call(first, 'GET', '/sandbox/console/requests?method=POST&status=4xx&limit=200')).json.items.length as number
    const logged = await count()
    await page.getByRole('button', { name: 'Replay' }).click()
    await page.getByRole('status').filter({ hasText: 'Replayed: 400' }).waitFor({ state: 'visible', timeout: WAIT })
    await expect.poll(count, { timeout: WAIT }).toBe(logged + 1)
    const violations = page.getByRole('region', { name: 'Violations' })
    const link = violations.getByRole('link', { name: /^[A-Z]+-\d+$/ }).first()
    const rule = await link.innerText()
    await link.click()
    await heading(page, rule).waitFor({ state: 'visible', timeout: WAIT })
    expect(new URL(page.url()).hash).toBe(`#/rules/${rule}`)
    clean(w)
    await context.close()
  })

  it('moves an order from CONFIRMED to DELIVERED with the buttons; its marker moves on the map; its PDFs open; its appointment shows provenance', async (t) => {
    if (!ready(t)) return
    const n = await confirmedOrder(first)
    const { context, w } = await signedIn(first)
    const page = w.page
    const status = page.getByTestId('order-status')
    await go(page, `#/orders/${n}`, `Order ${n}`)
    const map = await open(context)
    // the buttons are exactly the events the library's state machine allows
    const buttonsFor = async (expected: string): Promise<void> => {
      await page.waitForFunction((s) => (globalThis as any).document.querySelector('[data-testid="order-status"]')?.textContent === s, expected, { timeout: WAIT })
      const allowed = ORDER_EVENTS.filter((e) => transition(expected, e)._tag === 'Right').map((e) => BUTTON[e])
      const actions = page.getByRole('region', { name: 'Events and actions' })
      for (const name of Object.values(BUTTON)) expect(await actions.getByRole('button', { name, exact: true }).count(), `${expected}: ${name}`).toBe(allowed.includes(name) ? 1 : 0)
    }
    await buttonsFor('CONFIRMED')
    for (const [event, next] of [['Accept', 'ACCEPTED'], ['Assign', 'ASSIGNED'], ['Pick up', 'PICKED_UP']] as const) {
      await page.getByRole('button', { name: event, exact: true }).click()
      await buttonsFor(next)
    }
    // the map in another tab, signed in there too
    await signIn(map.page, first)
    await go(map.page, '#/map', 'Map')
    const marker = map.page.getByRole('img', { name: `Order ${n} position` })
    await marker.waitFor({ state: 'visible', timeout: WAIT })
    const at = async (): Promise<string> => `${await marker.getAttribute('data-x')},${await marker.getAttribute('data-y')}`
    const underWay = await at()
    await page.getByRole('button', { name: 'Deliver', exact: true }).click()
    await buttonsFor('DELIVERED')
    expect(await status.innerText()).toBe('DELIVERED')
    await map.page.waitForFunction(
      ([order, was]) => {
        const m = (globalThis as any).document.querySelector(`[aria-label="Order ${order} position"]`)
        return m !== null && `${m.getAttribute('data-x')},${m.getAttribute('data-y')}` !== was
      },
      [n, underWay] as const,
      { timeout: WAIT },
    )
    // delivered: the position is at the delivery marker
    const deliveryMarker = map.page.getByRole('img', { name: `Order ${n} delivery` })
    const [px, py] = (await at()).split(',').map(Number)
    const [dx, dy] = [Number(await deliveryMarker.getAttribute('data-x')), Number(await deliveryMarker.getAttribute('data-y'))]
    expect(Math.hypot(px! - dx, py! - dy)).toBeLessThan(2)

    // the timeline by the company clock
    const timeline = await page.getByRole('list', { name: 'Timeline' }).innerText()
    for (const s of ['CONFIRMED', 'ACCEPTED', 'ASSIGNED', 'PICKED_UP', 'DELIVERED']) expect(timeline).toContain(s)

    // the PDFs: each one the sandbox has opens from a blob URL holding a PDF
    const documents = page.getByRole('list', { name: 'Documents' })
    const opened: string[] = []
    for (const name of ['BILL_OF_LADING', 'SHIPPING_LABEL', 'PICKUP appointment PDF']) {
      const popup = context.waitForEvent('page', { timeout: WAIT })
      await documents.getByRole('button', { name: `Open ${name}` }).click()
      // a new tab opens on the PDF's blob URL (headless Chromium may show or download it)
      const tab = await popup
      const link = documents.getByRole('link', { name: new RegExp(`^${name} \\(application/pdf, \\d+ bytes\\)$`) })
      await link.waitFor({ state: 'visible', timeout: WAIT })
      expect(await link.getAttribute('href')).toMatch(/^blob:/)
      // the same document fetched here has the size the page received (the page's CSP lets no script read a blob: URL)
      const bytes = Number(/(\d+) bytes/.exec(await link.innerText())![1])
      const path = name.endsWith('appointment PDF') ? `/v1/shipper/shipment/${n}/appointment/${name.split(' ')[0]}/pdf` : `/v1/shipper/shipment/${n}/document/${name}`
      const direct = await fetch(`${base()}${path}`, { headers: credentialHeaders(first.apiKey, first.token) })
      const pdf = Buffer.from(await (name.endsWith('appointment PDF') ? direct : await fetch(((await direct.json()) as { downloadLink: string }).downloadLink)).arrayBuffer())
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      expect(bytes).toBe(pdf.length)
      opened.push(name)
      await tab.close()
    }
    expect(opened).toHaveLength(3)

    // each stop's merged appointment with the provenance of every field
    const pickupFields = page.getByRole('table', { name: 'PICKUP appointment fields' })
    expect(await pickupFields.getByRole('row').filter({ hasText: 'channel' }).innerText()).toMatch(/PHONE[\s\S]*order/)
    const deliveryFields = page.getByRole('table', { name: 'DELIVERY appointment fields' })
    expect(await deliveryFields.getByRole('row').filter({ hasText: 'contacts' }).innerText()).toMatch(/Ann Lee[\s\S]*address/)
    clean(w)
    clean(map)
    await context.close()
  })

  it('advances the company clock by the hours given, showing what the move changes first', async (t) => {
    if (!ready(t)) return
    const before = (await call(first, 'GET', '/sandbox/clock')).json.offsetMs as number
    const { context, w } = await signedIn(first)
    const page = w.page
    const quote = await call(first, 'POST', '/v1/shipper/quote', { pickupAddress: { zipCode: pickup.zipCode }, deliveryAddress: { zipCode: delivery.zipCode }, orderComponents: components })
    expect(quote.status).toBe(200)
    await go(page, '#/clock', 'Clock')
    // three days on, the new quote has expired (quoteExpiresAt): the preview lists it
    await page.getByLabel('Days').fill('3')
    await page.getByRole('region', { name: 'What this move changes' }).getByText(quote.json.id).waitFor({ state: 'visible', timeout: WAIT })
    await page.getByLabel('Days').fill('')
    await page.getByLabel('Hours').fill('2')
    await page.getByRole('heading', { name: 'What this move changes' }).waitFor({ state: 'visible', timeout: WAIT })
    await page.waitForFunction((id) => !(globalThis as any).document.querySelector('main').innerText.includes(id), quote.json.id, { timeout: WAIT })
    await page.getByRole('button', { name: 'Advance' }).click()
    await page.getByRole('status').filter({ hasText: 'Moved' }).waitFor({ state: 'visible', timeout: WAIT })
    const after = (await call(first, 'GET', '/sandbox/clock')).json
    expect(after.offsetMs - before).toBe(2 * 3_600_000)
    expect(await page.locator('main').innerText()).toContain(`${Math.round(after.offsetMs / 60_000)} minutes`)
    // out of bounds: the page says so and Advance stays off
    await page.getByLabel('Hours').fill('0')
    expect(await page.getByRole('button', { name: 'Advance' }).isDisabled()).toBe(true)
    clean(w)
    await context.close()
  })

  it('renders markup stored in every free-text field as text; nothing executes', async (t) => {
    if (!ready(t)) return
    const n = await confirmedOrder(first, {
      pickupAddress: { ...pickup, name: mk(0, 'Pickup'), address1: mk(1, '1 Road'), address2: mk(2, 'Dock'), contactPerson: mk(0, 'Dana'), appointmentRequired: true },
      deliveryAddress: { ...delivery, name: mk(1, 'Delivery'), address1: mk(2, '2 Road'), contactPerson: mk(0, 'Ann') },
      orderComponents: [{ ...components[0], description: mk(1, 'Crates') }],
      description: mk(2, 'Restock'),
      refNumber: mk(0, 'REF'),
      poNumber: mk(1, 'PO'),
      instructions: mk(2, 'Call'),
      referenceNumbers: [mk(0, 'R1')],
      appointments: { pickup: { channel: 'PHONE', contacts: [{ name: mk(1, 'Dock office'), phone: '+18475550100' }], instructions: mk(2, 'Gate'), referenceNumbers: [mk(0, 'A1')] } },
      shipperDispatch: { name: mk(1, 'Dispatch'), email: 'dispatch@example.com' },
    })
    const { context, w } = await signedIn(first)
    const page = w.page
    const visits: ReadonlyArray<readonly [string, string | RegExp]> = [
      [`#/orders?q=${n}`, 'Orders'],
      [`#/orders/${n}`, `Order ${n}`],
      ['#/log?method=POST&path=/v1/shipper/shipment', 'Request log'],
      ['#/errors', 'Errors'],
      ['#/map', 'Map'],
    ]
    for (const [hash, title] of visits) {
      await go(page, hash, title)
      await settled(page)
      expect(await page.evaluate(() => ({ xss: (globalThis as any).__xss, injected: (globalThis as any).document.querySelectorAll('[data-xss], img[src="x"], #app script, #app svg[onload]').length }))).toEqual({ xss: undefined, injected: 0 })
    }
    // the stored text is on the pages, as text
    await go(page, `#/orders?q=${n}`, 'Orders')
    await page.getByRole('cell', { name: mk(2, 'Restock') }).waitFor({ state: 'visible', timeout: WAIT })
    await go(page, `#/orders/${n}`, `Order ${n}`)
    await page.getByRole('table', { name: 'PICKUP appointment fields' }).getByText(mk(2, 'Gate')).waitFor({ state: 'visible', timeout: WAIT })
    // and the request's body in the log's detail
    await go(page, '#/log?method=POST&path=/v1/shipper/shipment', 'Request log')
    await page.getByRole('table', { name: 'Request log' }).getByRole('link', { name: '/v1/shipper/shipment' }).first().click()
    await heading(page, 'POST /v1/shipper/shipment').waitFor({ state: 'visible', timeout: WAIT })
    const body = await page.getByLabel('Request body').innerText()
    for (const m of MARKUP) expect(body).toContain(JSON.stringify(m).slice(1, -1).slice(0, 20))
    expect(await page.evaluate(() => (globalThis as any).__xss)).toBeUndefined()
    clean(w)
    await context.close()
  })

  it('a second company sees none of the first one\'s log, orders or errors', async (t) => {
    if (!ready(t)) return
    const theirs = await confirmedOrder(first)
    await call(first, 'POST', '/v1/shipper/shipment', { description: 'broken' })
    const mine = await call(second, 'GET', '/sandbox/clock')
    expect(mine.status).toBe(200)
    const { context, w } = await signedIn(second)
    const page = w.page
    const table = page.getByRole('table', { name: 'Request log' })
    await table.getByRole('row').filter({ hasText: '/sandbox/clock' }).first().waitFor({ state: 'visible', timeout: WAIT })
    expect(await table.innerText()).not.toContain('/v1/shipper')
    await go(page, '#/orders', 'Orders')
    await page.getByText('No order yet.').waitFor({ state: 'visible', timeout: WAIT })
    await go(page, '#/errors', 'Errors')
    await page.getByText('No failed request yet.').waitFor({ state: 'visible', timeout: WAIT })
    await go(page, `#/orders/${theirs}`, `Order ${theirs}`)
    // the sandbox refuses it (the spec's status for another company's order); nothing of it is shown
    await page.getByRole('alert').waitFor({ state: 'visible', timeout: WAIT })
    expect(await page.getByRole('alert').innerText()).toMatch(/^40[34] /)
    expect(await page.getByRole('region', { name: 'Events and actions' }).count()).toBe(0)
    await go(page, '#/map', 'Map')
    await settled(page)
    expect(await page.getByRole('img', { name: `Order ${theirs} position` }).count()).toBe(0)
    clean(w)
    await context.close()
  })

  it('signs in and navigates with the keyboard alone', async (t) => {
    if (!ready(t)) return
    const context = await browser!.newContext()
    const w = await open(context)
    const page = w.page
    await go(page, '', 'Sign in')
    const focused = () => page.evaluate(() => ({ id: (globalThis as any).document.activeElement?.id ?? '', text: (globalThis as any).document.activeElement?.textContent ?? '' }))
    const tabTo = async (match: (f: { id: string; text: string }) => boolean, key = 'Tab'): Promise<void> => {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press(key)
        if (match(await focused())) return
      }
      throw new Error(`Tab never reached the element; focus is on ${JSON.stringify(await focused())}`)
    }
    await tabTo((f) => f.id === 'api-key')
    await page.keyboard.type(first.apiKey)
    await page.keyboard.press('Tab')
    expect((await focused()).id).toBe('token')
    await page.keyboard.type(first.token)
    await page.keyboard.press('Enter')
    await heading(page, 'Request log').waitFor({ state: 'visible', timeout: WAIT })
    // after each navigation the focus is in the page (main); the navigation is behind it
    for (const [link, title] of [['Orders', 'Orders'], ['Clock', 'Clock'], ['Errors', 'Errors']] as const) {
      // the page moves the focus once it has rendered (an effect after the heading is drawn): wait for it
      await page.waitForFunction(() => (globalThis as any).document.activeElement?.id === 'main', undefined, { timeout: WAIT }).catch(() => undefined)
      expect((await focused()).id).toBe('main')
      await tabTo((f) => f.text === link, 'Shift+Tab')
      await page.keyboard.press('Enter')
      await heading(page, title).waitFor({ state: 'visible', timeout: WAIT })
    }
    clean(w)
    await context.close()
  })

  it('no page scrolls sideways at 390x844 or 1280x800, and axe-core finds no serious or critical violation on any', async (t) => {
    if (!ready(t)) return
    const n = await confirmedOrder(first)
    await call(first, 'POST', '/v1/shipper/shipment', { description: 'for the detail page' })
    const entry = (await call(first, 'GET', '/sandbox/console/requests?status=4xx&limit=1')).json.items[0].id as string
    const pages: ReadonlyArray<readonly [string, string | RegExp]> = [
      ['#/log', 'Request log'],
      [`#/log/${entry}`, /^POST /],
      ['#/errors', 'Errors'],
      ['#/orders', 'Orders'],
      [`#/orders/${n}`, `Order ${n}`],
      ['#/clock', 'Clock'],
      ['#/map', 'Map'],
      ['#/rules', 'Rules'],
      ['#/rules/ADDR-01', 'ADDR-01'],
      ['#/explorer', 'Explorer'],
    ]
    const findings: string[] = []
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const { context, w } = await signedIn(first, viewport)
      const page = w.page
      const check = async (label: string): Promise<void> => {
        await settled(page)
        const wide = await page.evaluate(() => ({ scroll: (globalThis as any).document.documentElement.scrollWidth, view: (globalThis as any).innerWidth }))
        if (wide.scroll > wide.view) findings.push(`${viewport.width}x${viewport.height} ${label}: scrolls sideways (${wide.scroll} > ${wide.view})`)
        const violations = await axeFindings(page)
        for (const v of violations) findings.push(`${viewport.width}x${viewport.height} ${label}: ${v}`)
      }
      await check('#/log')
      for (const [hash, title] of pages) {
        await go(page, hash, title)
        await check(hash)
      }
      clean(w)
      await context.close()
    }
    // the sign-in page and the operator's
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const context = await browser!.newContext({ viewport })
      const w = await open(context)
      const page = w.page
      await go(page, '#/sign-in', 'Sign in')
      const wide = await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth - (globalThis as any).innerWidth)
      if (wide > 0) findings.push(`${viewport.width} sign-in scrolls sideways by ${wide}px`)
      const signInViolations = await axeFindings(page)
      for (const v of signInViolations) findings.push(`${viewport.width} sign-in: ${v}`)
      const form = page.getByRole('form', { name: 'The operator' })
      await form.getByLabel('Operator token').fill(OPERATOR_TOKEN)
      await form.getByRole('button', { name: 'Sign in' }).click()
      await heading(page, 'Companies').waitFor({ state: 'visible', timeout: WAIT })
      const wideOperator = await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth - (globalThis as any).innerWidth)
      if (wideOperator > 0) findings.push(`${viewport.width} operator scrolls sideways by ${wideOperator}px`)
      const operatorViolations = await axeFindings(page)
      for (const v of operatorViolations) findings.push(`${viewport.width} operator: ${v}`)
      clean(w)
      await context.close()
    }
    expect(findings).toEqual([])

    // the two checks see a failure when there is one: an image without a text alternative and an
    // element wider than the window, added to a page
    const probe = await signedIn(first, { width: 390, height: 844 })
    await probe.w.page.evaluate(() => {
      const d = (globalThis as any).document
      const img = d.createElement('img')
      img.src = 'data:,'
      const wide = d.createElement('div')
      wide.className = 'probe-wide'
      wide.textContent = 'x'
      wide.setAttribute('aria-hidden', 'true')
      d.querySelector('main').append(img, wide)
      wide.style.width = '3000px'
    })
    expect((await axeFindings(probe.w.page)).some((f) => f.startsWith('image-alt'))).toBe(true)
    expect(await probe.w.page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth > (globalThis as any).innerWidth)).toBe(true)
    await probe.context.close()
  })
})
