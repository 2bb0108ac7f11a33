// The library in a browser, proven (package issue item 6): a page with a small form, whose script
// esbuild bundles for the browser (platform 'browser', format esm) from a temporary entry that
// imports validateCreateShipment, normalizeAddress and repairInput from the package root
// (src/index.ts, so that this test needs no build and can run alone as `npm run test:browser`),
// is opened from a file:// URL in Debian's Chromium through playwright-core. The test types a
// JSON payload into the textarea, clicks, and reads the violations the page renders, one list item
// `field [code] reason` each, or "valid"; the page must make no request but its own file.
//
// Chromium: /usr/bin/chromium from Debian's `chromium` package. Nothing here ever downloads a
// browser (playwright-core has no install step; executablePath is always given). If it is absent,
// setup installs it with `apt-get update && apt-get install -y chromium` (non-interactive, at most
// APT_TIMEOUT_MS); if that is impossible (not root, apt fails or times out) every test here FAILS
// with the reason. Set SHIPPER_RULES_NO_BROWSER=1 to skip them instead (each is reported as skipped,
// with the reason) on a machine that cannot have a browser; CI never sets it.
import { spawnSync } from 'node:child_process'
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest'
import { normalizeAddress, validateCreateShipment, type Violation } from '../../src/index.js'

const CHROMIUM = '/usr/bin/chromium'
const APT_TIMEOUT_MS = 480_000
const ROOT = join(import.meta.dirname, '..', '..')
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

/** Installs Debian's chromium when it is absent; returns why it cannot be had, or undefined. */
const ensureChromium = (): string | undefined => {
  if (isExecutable(CHROMIUM)) return undefined
  const hint = `install it (as root: apt-get update && apt-get install -y chromium) or set SHIPPER_RULES_NO_BROWSER=1 to skip the browser test`
  if (process.getuid?.() !== 0) return `${CHROMIUM} is absent and this user is not root, so it cannot be installed here: ${hint}`
  const started = Date.now()
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const args of [['update', '-q'], ['install', '-y', '-q', '--no-install-recommends', 'chromium']]) {
    const left = APT_TIMEOUT_MS - (Date.now() - started)
    const r = spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=60', ...args], { env, encoding: 'utf8', timeout: Math.max(left, 1), stdio: ['ignore', 'pipe', 'pipe'] })
    if (r.error !== undefined || r.status !== 0) {
      const why = r.error !== undefined ? r.error.message : `exit ${String(r.status ?? r.signal)}: ${(r.stderr || r.stdout).trim().split('\n').slice(-5).join(' | ')}`
      return `${CHROMIUM} is absent and 'apt-get ${args.join(' ')}' failed (${why}): ${hint}`
    }
  }
  return isExecutable(CHROMIUM) ? undefined : `apt-get installed chromium but ${CHROMIUM} is still absent: ${hint}`
}

// The page's script: reads the form, optionally repairs the payload first, validates it and renders
// every violation (or "valid"); #status carries a run counter so that the test waits for each run.
const ENTRY = `
import { normalizeAddress, repairInput, validateCreateShipment } from ${JSON.stringify(join(ROOT, 'src', 'index.ts'))}

const $ = (id) => document.getElementById(id)
let runs = 0
const item = (list, text) => {
  const li = document.createElement('li')
  li.textContent = text
  list.append(li)
}
$('form').addEventListener('submit', (event) => {
  event.preventDefault()
  const status = $('status')
  $('violations').replaceChildren()
  $('repairs').replaceChildren()
  const kind = $('kind').value
  let body
  try {
    body = JSON.parse($('payload').value)
  } catch {
    body = undefined
    status.textContent = 'not JSON'
  }
  if (body !== undefined) {
    if ($('repair').checked) {
      const repaired = repairInput(kind, body)
      body = repaired.body
      for (const r of repaired.repairs) item($('repairs'), r.field + ' ' + r.change)
    }
    const result = kind === 'address' ? normalizeAddress(body) : validateCreateShipment(body)
    if (result._tag === 'Right') status.textContent = 'valid'
    else {
      const violations = kind === 'address' ? result.left : result.left.violations ?? []
      status.textContent = violations.length + ' violation' + (violations.length === 1 ? '' : 's')
      for (const v of violations) item($('violations'), v.field + ' [' + v.code + '] ' + v.reason)
    }
  }
  status.dataset.run = String(++runs)
})
`

const html = (script: string): string => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>shipper-rules in a browser</title></head>
<body>
<form id="form">
  <label>Kind <select id="kind"><option value="address">address</option><option value="create-shipment">create-shipment</option></select></label>
  <label><input type="checkbox" id="repair"> repair what a person typed first</label>
  <textarea id="payload" rows="20" cols="80"></textarea>
  <button id="validate" type="submit">Validate</button>
</form>
<p id="status"></p>
<ul id="violations"></ul>
<ul id="repairs"></ul>
<script type="module">
${script.replaceAll('</script', '<\\/script')}
</script>
</body>
</html>
`

const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Record<string, unknown>
const WAREHOUSE = readJson('examples/address/valid-chicago-warehouse.json')
const SHIPMENT = readJson('examples/create-shipment/valid-chicago-to-san-juan.json')
/** Strict-invalid as a person types it: lower-case state, a zip code with a leading blank. */
const TYPED = { ...WAREHOUSE, state: 'il', zipCode: ' 60601' }
const line = (v: Violation): string => `${v.field} [${v.code}] ${v.reason}`

describe('the library in Chromium (page bundled by esbuild, opened from file://)', () => {
  let unavailable: string | undefined
  let dir: string | undefined
  let pageUrl = ''
  let browser: Browser | undefined
  let context: BrowserContext | undefined
  let page: Page | undefined
  const requests: string[] = []
  const errors: string[] = []
  let runs = 0

  beforeAll(async () => {
    if (SKIP) {
      console.warn(`skipped: ${SKIP_REASON}`)
      return
    }
    unavailable = ensureChromium()
    if (unavailable !== undefined) return
    dir = mkdtempSync(join(tmpdir(), 'shipper-rules-browser-'))
    const entry = join(dir, 'entry.js')
    writeFileSync(entry, ENTRY)
    const bundle = await build({ entryPoints: [entry], bundle: true, platform: 'browser', format: 'esm', target: 'chrome120', write: false, logLevel: 'silent' })
    const script = bundle.outputFiles[0]?.text ?? ''
    const file = join(dir, 'index.html')
    writeFileSync(file, html(script))
    pageUrl = pathToFileURL(file).href
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
    context = await browser.newContext()
    // Belt and braces: nothing may leave the machine, even if the library tried.
    await context.route(/^(https?|wss?|ftp):/, (route) => route.abort())
    page = await context.newPage()
    page.on('request', (r) => requests.push(r.url()))
    page.on('pageerror', (e) => errors.push(e.message))
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    await page.goto(pageUrl)
  }, APT_TIMEOUT_MS + 60_000)

  afterAll(async () => {
    await browser?.close()
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
  })

  /** The open page, or the test is skipped (on request) or fails with why Chromium is missing. */
  const ready = (ctx: TestContext): Page => {
    if (SKIP) ctx.skip(SKIP_REASON)
    if (unavailable !== undefined) throw new Error(`The browser test cannot run: ${unavailable}`)
    if (page === undefined) throw new Error('The browser test cannot run: the page did not open')
    return page
  }

  const submit = async (p: Page, kind: 'address' | 'create-shipment', payload: unknown, repair = false) => {
    await p.selectOption('#kind', kind)
    await p.setChecked('#repair', repair)
    await p.fill('#payload', typeof payload === 'string' ? payload : JSON.stringify(payload, null, 2))
    await p.click('#validate')
    await p.waitForSelector(`#status[data-run="${++runs}"]`, { timeout: 5_000 })
    return {
      status: (await p.textContent('#status')) ?? '',
      violations: await p.locator('#violations li').allTextContents(),
      repairs: await p.locator('#repairs li').allTextContents(),
    }
  }
  const fieldsAndCodes = (lines: ReadonlyArray<string>) => lines.map((l) => /^(\S+) \[(\w+)\] \S/.exec(l)?.slice(1, 3) ?? l)

  it('shows state [pattern] and zipCode [pattern] for an address as a person typed it, as in Node', async (ctx) => {
    const p = ready(ctx)
    const shown = await submit(p, 'address', TYPED)
    expect(shown.status).toBe('2 violations')
    expect(fieldsAndCodes(shown.violations)).toEqual([['state', 'pattern'], ['zipCode', 'pattern']])
    const node = normalizeAddress(TYPED)
    expect(node._tag).toBe('Left')
    expect(shown.violations).toEqual(node._tag === 'Left' ? node.left.map(line) : [])
  })

  it('shows "valid" for a valid address, and for the typed one once repaired (trimmed, upper-cased)', async (ctx) => {
    const p = ready(ctx)
    expect(await submit(p, 'address', WAREHOUSE)).toEqual({ status: 'valid', violations: [], repairs: [] })
    expect(await submit(p, 'address', TYPED, true)).toEqual({ status: 'valid', violations: [], repairs: ['state upper_cased', 'zipCode trimmed'] })
  })

  it('validates a create-shipment request: valid, then the same with the typed pickup state and zip code', async (ctx) => {
    const p = ready(ctx)
    expect((await submit(p, 'create-shipment', SHIPMENT)).status).toBe('valid')
    const bad = { ...SHIPMENT, pickupAddress: { ...(SHIPMENT['pickupAddress'] as object), state: 'il', zipCode: ' 60601' } }
    const shown = await submit(p, 'create-shipment', bad)
    expect(fieldsAndCodes(shown.violations)).toEqual([['pickupAddress.state', 'pattern'], ['pickupAddress.zipCode', 'pattern']])
    const node = validateCreateShipment(bad)
    expect(shown.violations).toEqual(node._tag === 'Left' ? (node.left.violations ?? []).map(line) : ['(Node found it valid)'])
    expect((await submit(p, 'create-shipment', '{ not json')).status).toBe('not JSON')
  })

  it('made no request but for its own file, and raised no error', (ctx) => {
    ready(ctx)
    expect(requests).toEqual([pageUrl])
    expect(errors).toEqual([])
  })
})
