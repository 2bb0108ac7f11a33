// The command line as a newcomer runs it: `shipper-rules-sandbox` starts the server and prints a
// ready-made company, API key and bearer token that work; `keys create --company NAME` issues
// another company's credentials; --ready-json prints the banner's values as one JSON line; --help
// and usage errors.
import { spawnSync } from 'node:child_process'
import { limitMs, SANDBOX_BIN as BIN, startSandbox } from 'shipper-rules-testkit'
import { afterAll, describe, expect, it } from 'vitest'
import { freshStoreOptions, quoteBody, removeStore } from './support/harness.js'

const storeOptions = freshStoreOptions()
// the CLI reads DATABASE_URL itself; on PGlite it gets the fresh data directory
const dataArgs = storeOptions.dataDir !== undefined ? ['--data', storeOptions.dataDir] : []
afterAll(() => removeStore(storeOptions))
const start = () => startSandbox(storeOptions.dataDir !== undefined ? { dataDir: storeOptions.dataDir } : {})
/** The timeout of a test that starts the CLI `starts` times: a start limit (3 idle minutes) each, and a minute for the rest, scaled by the load. */
const startsLimitMs = (starts: number): number => limitMs(starts * 180_000 + 60_000)

describe('shipper-rules-sandbox', () => {
  it('prints working credentials of a ready-made company, the same on every start', async () => {
    const first = await start()
    expect(first.banner).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/)
    expect(first.banner).toContain('company:  Sandbox Shipper Inc')
    expect(first.banner).toContain('/api-docs/shipper-v1')
    // the export line sets the operator token generated for this start too
    expect(first.banner).toContain(`OPERATOR=${first.operatorToken}\n`)
    const quote = await fetch(`${first.baseUrl}/v1/shipper/quote`, {
      method: 'POST',
      headers: { authorization: `Bearer ${first.token}`, 'x-service-api-key': first.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(quoteBody()),
    })
    expect(quote.status).toBe(200)
    expect(await first.stop()).toBe(0)

    const keys = spawnSync(process.execPath, [BIN, 'keys', 'create', '--company', 'Initech Logistics', ...dataArgs], { encoding: 'utf8' })
    expect(keys.status).toBe(0)
    const issued = JSON.parse(keys.stdout)
    expect(issued).toMatchObject({ companyName: 'Initech Logistics' })
    expect(issued.apiKey).toMatch(/^sk_sandbox_/)

    const second = await start()
    try {
      expect(second.apiKey).toBe(first.apiKey)
      const own = await fetch(`${second.baseUrl}/v1/shipper/quote`, {
        method: 'POST',
        headers: { authorization: `Bearer ${issued.token}`, 'x-service-api-key': issued.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(quoteBody()),
      })
      expect(own.status).toBe(200)
      const mixed = await fetch(`${second.baseUrl}/v1/shipper/quote`, {
        method: 'POST',
        headers: { authorization: `Bearer ${issued.token}`, 'x-service-api-key': second.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(quoteBody()),
      })
      expect(mixed.status).toBe(403) // a user of Initech with the demo company's key
    } finally {
      await second.stop()
    }
  }, startsLimitMs(3)) // two starts and a `keys create`, each waited for as long as the machine needs

  it('--ready-json: one JSON line on standard output once ready, with every value of the banner', async () => {
    const operatorToken = 'sbx_op_cli_ready_json_token_0123456789'
    const cors = 'http://localhost:5173'
    const server = await startSandbox({ ...(storeOptions.dataDir !== undefined ? { dataDir: storeOptions.dataDir } : {}), operatorToken, args: ['--cors-origin', cors] })
    try {
      const { ready } = server
      expect(Object.keys(ready).sort()).toEqual(
        ['apiDocsUrl', 'apiKey', 'baseUrl', 'companyId', 'companyName', 'consoleUrl', 'corsOrigins', 'dataDir', 'database', 'healthUrl', 'operatorToken', 'readyUrl', 'sandboxDocsUrl', 'token'].sort(),
      )
      expect(ready.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(ready).toMatchObject({
        operatorToken,
        companyName: 'Sandbox Shipper Inc',
        corsOrigins: [cors],
        apiDocsUrl: `${ready.baseUrl}/api-docs/shipper-v1`,
        sandboxDocsUrl: `${ready.baseUrl}/api-docs/sandbox`,
        healthUrl: `${ready.baseUrl}/healthz`,
        readyUrl: `${ready.baseUrl}/readyz`,
      })
      expect(ready.database).toBe(storeOptions.dataDir !== undefined ? 'pglite' : 'postgres')
      expect(ready.dataDir).toBe(storeOptions.dataDir ?? null)
      // every value the banner prints, the JSON line has; the operator token given is not repeated on its own
      // line, but the export line carries it (OPERATOR=), so that pasting the line sets every credential
      expect(server.banner).toContain('operator token: (the one given with --operator-token')
      expect(server.banner).toContain(`  export SANDBOX=${ready.baseUrl} KEY=${ready.apiKey} TOKEN=${ready.token} OPERATOR=${operatorToken}\n`)
      for (const value of [ready.baseUrl, ready.companyId, ready.companyName, ready.apiKey, ready.token, ready.apiDocsUrl, ready.sandboxDocsUrl, ready.healthUrl, ready.readyUrl, ready.consoleUrl!, cors]) expect(server.banner).toContain(value)
      // and they work: the health route, the documents, the company's credentials, the operator token
      expect((await fetch(ready.healthUrl)).status).toBe(200)
      expect((await fetch(ready.apiDocsUrl)).status).toBe(200)
      const quote = await fetch(`${ready.baseUrl}/v1/shipper/quote`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ready.token}`, 'x-service-api-key': ready.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(quoteBody()),
      })
      expect(quote.status).toBe(200)
      const companies = await fetch(`${ready.baseUrl}/sandbox/companies`, { headers: { authorization: `Bearer ${operatorToken}` } })
      expect(companies.status).toBe(200)
      expect(JSON.stringify(await companies.json())).toContain(ready.companyId)
    } finally {
      expect(await server.stop()).toBe(0)
    }
  }, startsLimitMs(1))

  it('answers --help, and a usage error with exit code 2', () => {
    const help = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' })
    expect(help.status).toBe(0)
    expect(help.stdout).toContain('keys create --company NAME')
    expect(help.stdout).toContain('--ready-json')
    const bad = spawnSync(process.execPath, [BIN, 'keys', 'create'], { encoding: 'utf8' })
    expect(bad.status).toBe(2)
    expect(bad.stderr).toContain('--company')
    expect(help.stdout).toContain('--pglite-compiler baseline|optimizing')
    const compiler = spawnSync(process.execPath, [BIN, '--pglite-compiler', 'fast'], { encoding: 'utf8' })
    expect(compiler.status).toBe(2)
    expect(compiler.stderr).toContain('--pglite-compiler must be one of baseline, optimizing')
  })
})
