// The walk-through from quote to invoice (examples/walkthrough.sh, which the README sends a reader
// to), run as written with bash and curl against the server the CLI starts, with the credentials
// it prints (its --ready-json line).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { limitMs, startSandbox } from 'shipper-rules-testkit'
import { afterAll, describe, expect, it } from 'vitest'
import { freshStoreOptions, removeStore } from './support/harness.js'

const SCRIPT = fileURLToPath(new URL('../examples/walkthrough.sh', import.meta.url))
const README = fileURLToPath(new URL('../README.md', import.meta.url))
const storeOptions = freshStoreOptions()
const work = mkdtempSync(join(tmpdir(), 'sandbox-walkthrough-'))
afterAll(() => {
  removeStore(storeOptions)
  rmSync(work, { recursive: true, force: true })
})

describe('the walk-through, examples/walkthrough.sh', () => {
  it('is the file the README sends a reader to', () => {
    expect(readFileSync(README, 'utf8')).toContain('[`examples/walkthrough.sh`](examples/walkthrough.sh)')
  })

  it('runs from quote to invoice and four PDFs', async () => {
    const server = await startSandbox(storeOptions.dataDir !== undefined ? { dataDir: storeOptions.dataDir } : {})
    try {
      const run = spawnSync('bash', [SCRIPT], { cwd: work, encoding: 'utf8', env: { ...process.env, SANDBOX: server.baseUrl, KEY: server.apiKey, TOKEN: server.token }, timeout: limitMs(120_000) })
      // (bash may warn about a locale the machine lacks; curl and node must say nothing)
      expect(run.status, run.stderr).toBe(0)
      expect(run.stderr).not.toMatch(/curl:|Error/)
      expect(run.stdout).toContain('"orderStatus":"CONFIRMED"')
      expect(run.stdout).toMatch(/"statusDescription":"In transit near [^"]+; expected [^"]+"/)
      expect(run.stdout).toContain('"orderStatus":"DELIVERED"')
      expect(run.stdout).toMatch(/"chargeType":"INSIDE_SERVICE","description":"Inside service","amountInCents":7500/)
      expect(run.stdout.match(/saved \w{5}-\w+\.pdf: 200 application\/pdf/g)).toHaveLength(4)
      const pdfs = readdirSync(work).filter((f) => f.endsWith('.pdf'))
      expect(pdfs).toHaveLength(4)
      for (const f of pdfs) expect(readFileSync(join(work, f)).subarray(0, 5).toString('latin1')).toBe('%PDF-')
    } finally {
      await server.stop()
    }
  }, limitMs(180_000 + 60_000 + 120_000)) // a start, a minute, and the script's run
})
