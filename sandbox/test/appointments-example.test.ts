// The appointment walk-through (examples/appointments.sh, which the README sends a reader to), run
// as written with bash and curl against a fresh in-process server, with a company's credentials.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { removeStore, startSandbox, type Credentials, type Sandbox } from './support/harness.js'
import { readPdf } from './support/pdfFixtures.js'

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const script = readFileSync(new URL('../examples/appointments.sh', import.meta.url), 'utf8')

let sandbox: Sandbox
let acme: Credentials
const work = mkdtempSync(join(tmpdir(), 'sandbox-appointments-'))
beforeAll(async () => {
  sandbox = await startSandbox()
  acme = await sandbox.company('Acme Freight Buyers')
})
afterAll(async () => {
  await sandbox.stop()
  removeStore(sandbox.storeOptions)
  rmSync(work, { recursive: true, force: true })
})

const bash = (text: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    const child = spawn('bash', ['-c', text], { cwd: work, env: { ...process.env, ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')))
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')))
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })

describe('the README\'s example', () => {
  it('asks for a quote and gets one', async () => {
    const heading = README.indexOf('\n## Example\n')
    const example = heading < 0 ? undefined : /```sh\n([\s\S]*?)```/.exec(README.slice(heading))?.[1]
    expect(example).toBeDefined()
    const run = await bash(example ?? 'exit 1', { SANDBOX: sandbox.base, KEY: acme.apiKey, TOKEN: acme.token })
    expect(run.code, run.stderr).toBe(0)
    // Nothing on stderr but bash's own warning when the run's locale (CI: de_DE, ar_EG) is not installed.
    expect(run.stderr.replace(/^bash: warning: setlocale: .*\n/gm, '')).toBe('')
    const quote = JSON.parse(run.stdout) as { id?: unknown; quotedPriceInCents?: unknown }
    expect(quote).toMatchObject({ id: expect.any(String), quotedPriceInCents: expect.any(Number) })
  })
})

describe('the appointment walk-through, examples/appointments.sh', () => {
  it('is the file the README sends a reader to', () => {
    expect(README).toContain('[`examples/appointments.sh`](examples/appointments.sh)')
  })

  it('runs: place default, override, upload, acceptance, 409, override with a reason, outbox, PDF', async () => {
    const run = await bash(script, { SANDBOX: sandbox.base, KEY: acme.apiKey, TOKEN: acme.token })
    if (process.env['SHOW_WALKTHROUGH'] === '1') console.log(run.stdout)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).not.toMatch(/curl:|Error/)
    expect(run.stdout).toMatch(/"_merged":\{"fields":\{"channel":"PLACE"/)
    expect(run.stdout).toContain('"channel":"EMAIL"')
    expect(run.stdout).toContain('"type":"CUSTOMER_BOL","filename":"bol.pdf"')
    expect(run.stdout).toContain('"orderStatus":"ACCEPTED"')
    expect(run.stdout).toContain('without the override: 409')
    expect(run.stdout).toContain('"changeReason":"Dock 4 closed; use dock 7"')
    expect(run.stdout).toMatch(/saved \w{5}-DELIVERY-appointment\.pdf: 200 application\/pdf/)
    const file = readdirSync(work).find((f) => f.endsWith('-DELIVERY-appointment.pdf'))
    expect(file).toBeDefined()
    const pdf = await readPdf(readFileSync(join(work, file ?? '')))
    expect(pdf.pages).toBe(2) // the cover sheet and the one-page bill of lading
    expect(pdf.text[0]).toContain('X-Service-Change-Reason):\n"Dock 4 closed; use dock 7"')
    expect(pdf.text[1]).toContain('Bill of Lading')
  })
})
