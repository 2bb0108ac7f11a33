// The command line: `shipper-rules-sandbox [--port N] [--host H] [--data DIR] [--tariff FILE]`
// (`--data` is the name ../shared/API.md gives; `--data-dir` is accepted as its alias)
// starts the server; `shipper-rules-sandbox keys create --company NAME` issues an API key and a
// bearer token. DATABASE_URL (postgres://…) selects a PostgreSQL server instead of PGlite.
import { parseArgs } from 'node:util'
import { createKey, loadSecrets } from './auth.js'
import { sandboxNow } from './clock.js'
import { openStore, type Store } from './db/store.js'
import { buildServer } from './server.js'
import { readTariff } from './tariff.js'

const USAGE = `Usage:
  shipper-rules-sandbox [--port 8080] [--host 127.0.0.1] [--data ./.sandbox-data] [--tariff tariff.json] [--quiet]
  shipper-rules-sandbox keys create --company NAME [--data DIR]   (--data-dir is an alias of --data)
Environment: DATABASE_URL=postgres://… uses that PostgreSQL server instead of the embedded one; PORT, HOST.`

const DEMO_COMPANY = 'Sandbox Shipper Inc'

/** The ready-made company: created on the first start, its key kept (the one key stored in clear) so every start can print it. */
const demoCredentials = async (store: Store) => {
  const stored = (await store.query<{ value: string }>("SELECT value FROM settings WHERE name = 'demo_credentials'"))[0]
  if (stored !== undefined) return JSON.parse(stored.value) as Awaited<ReturnType<typeof createKey>>
  const issued = await createKey(store, await loadSecrets(store), DEMO_COMPANY, (await sandboxNow(store)).toJSDate())
  await store.query("INSERT INTO settings (name, value) VALUES ('demo_credentials', $1) ON CONFLICT (name) DO NOTHING", [JSON.stringify(issued)])
  return issued
}

export const main = async (argv: ReadonlyArray<string>): Promise<number> => {
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        'data-dir': { type: 'string' },
        tariff: { type: 'string' },
        company: { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (e) {
    process.stderr.write(`shipper-rules-sandbox: ${(e as Error).message}\n${USAGE}\n`)
    return 2
  }
  const { values, positionals } = parsed
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  const databaseUrl = process.env['DATABASE_URL']
  const storeOptions = databaseUrl !== undefined && databaseUrl !== '' ? { databaseUrl } : { dataDir: values.data ?? values['data-dir'] ?? '.sandbox-data' }

  if (positionals[0] === 'keys' && positionals[1] === 'create') {
    if (values.company === undefined || values.company.trim() === '') {
      process.stderr.write(`shipper-rules-sandbox: keys create needs --company NAME\n${USAGE}\n`)
      return 2
    }
    const store = await openStore(storeOptions)
    try {
      const issued = await createKey(store, await loadSecrets(store), values.company, (await sandboxNow(store)).toJSDate())
      process.stdout.write(`${JSON.stringify(issued, null, 2)}\n`)
    } finally {
      await store.close()
    }
    return 0
  }
  if (positionals.length > 0) {
    process.stderr.write(`shipper-rules-sandbox: unknown command ${positionals.join(' ')}\n${USAGE}\n`)
    return 2
  }

  const port = Number(values.port ?? process.env['PORT'] ?? 8080)
  const host = values.host ?? process.env['HOST'] ?? '127.0.0.1'
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`shipper-rules-sandbox: --port must be 0 to 65535\n`)
    return 2
  }
  const tariff = readTariff(values.tariff)
  const store = await openStore(storeOptions)
  const app = await buildServer({ store, tariff, logger: values.quiet !== true })
  const demo = await demoCredentials(store)
  const address = await app.listen({ port, host })
  const base = address.replace('[::1]', 'localhost')
  process.stderr.write(
    [
      '',
      `shipper-rules-sandbox listening on ${base} (${store.kind === 'pglite' ? `PGlite data in ${storeOptions.dataDir}` : 'PostgreSQL from DATABASE_URL'})`,
      `  OpenAPI document: ${base}/api-docs/shipper-v1`,
      `  company:  ${demo.companyName} (${demo.companyId})`,
      `  API key:  ${demo.apiKey}`,
      `  token:    ${demo.token}`,
      '',
      `  export SANDBOX=${base} KEY=${demo.apiKey} TOKEN=${demo.token}`,
      '',
    ].join('\n') + '\n',
  )
  const stop = async () => {
    await app.close()
    await store.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void stop())
  process.once('SIGTERM', () => void stop())
  return -1
}
