// The command line as a newcomer runs it: `shipper-rules-sandbox` starts the server and prints a
// ready-made company, API key and bearer token that work; `keys create --company NAME` issues
// another company's credentials; --help and usage errors.
import { spawnSync } from 'node:child_process'
import { afterAll, describe, expect, it } from 'vitest'
import { BIN, startCli, stop, testLimitMs } from './support/cli.js'
import { freshStoreOptions, quoteBody, removeStore } from './support/harness.js'

const storeOptions = freshStoreOptions()
// the CLI reads DATABASE_URL itself; on PGlite it gets the fresh data directory
const dataArgs = storeOptions.dataDir !== undefined ? ['--data', storeOptions.dataDir] : []
afterAll(() => removeStore(storeOptions))
const start = () => startCli(dataArgs)

describe('shipper-rules-sandbox', () => {
  it('prints working credentials of a ready-made company, the same on every start', async () => {
    const first = await start()
    expect(first.banner).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/)
    expect(first.banner).toContain('company:  Sandbox Shipper Inc')
    expect(first.banner).toContain('/api-docs/shipper-v1')
    const quote = await fetch(`${first.base}/v1/shipper/quote`, {
      method: 'POST',
      headers: { authorization: `Bearer ${first.token}`, 'x-service-api-key': first.key, 'content-type': 'application/json' },
      body: JSON.stringify(quoteBody()),
    })
    expect(quote.status).toBe(200)
    expect(await stop(first.child)).toBe(0)

    const keys = spawnSync(process.execPath, [BIN, 'keys', 'create', '--company', 'Initech Logistics', ...dataArgs], { encoding: 'utf8' })
    expect(keys.status).toBe(0)
    const issued = JSON.parse(keys.stdout)
    expect(issued).toMatchObject({ companyName: 'Initech Logistics' })
    expect(issued.apiKey).toMatch(/^sk_sandbox_/)

    const second = await start()
    try {
      expect(second.key).toBe(first.key)
      const own = await fetch(`${second.base}/v1/shipper/quote`, {
        method: 'POST',
        headers: { authorization: `Bearer ${issued.token}`, 'x-service-api-key': issued.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(quoteBody()),
      })
      expect(own.status).toBe(200)
      const mixed = await fetch(`${second.base}/v1/shipper/quote`, {
        method: 'POST',
        headers: { authorization: `Bearer ${issued.token}`, 'x-service-api-key': second.key, 'content-type': 'application/json' },
        body: JSON.stringify(quoteBody()),
      })
      expect(mixed.status).toBe(403) // a user of Initech with the demo company's key
    } finally {
      await stop(second.child)
    }
  }, testLimitMs(3)) // two starts and a `keys create`, each waited for as long as the machine needs

  it('answers --help, and a usage error with exit code 2', () => {
    const help = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' })
    expect(help.status).toBe(0)
    expect(help.stdout).toContain('keys create --company NAME')
    const bad = spawnSync(process.execPath, [BIN, 'keys', 'create'], { encoding: 'utf8' })
    expect(bad.status).toBe(2)
    expect(bad.stderr).toContain('--company')
  })
})
