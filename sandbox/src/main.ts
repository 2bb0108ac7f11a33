// The command line: `shipper-rules-sandbox [--port N] [--host H] [--data DIR] [--tariff FILE]`
// (`--data` is the name ../shared/API.md gives; `--data-dir` is accepted as its alias)
// starts the server; `shipper-rules-sandbox keys create --company NAME` issues an API key and a
// bearer token. DATABASE_URL (postgres://…) selects a PostgreSQL server instead of PGlite.
import { parseArgs } from 'node:util'
import { createKey, loadSecrets, readyMadeCredentials } from './auth/credentials.js'
import { DataDirectoryInUseError, openStore, PGLITE_COMPILERS, type PgliteCompiler, type Store, type StoreOptions } from './db/store.js'
import { DEFAULT_REQUEST_LOG_LIMIT } from './features/console/capture.js'
import { tail } from './features/console/tail.js'
import { buildServer, corsOriginProblem, operatorTokenOf } from './server/server.js'
import { readTariff } from './pricing/tariff.js'
import { readRulesConfig } from './server/rulesConfig.js'

const USAGE = `Usage:
  shipper-rules-sandbox [--port 8080] [--host 127.0.0.1] [--data ./.sandbox-data] [--tariff tariff.json] [--quiet]
                        [--operator-token T] [--public-url URL] [--request-timeout 60] [--auth-failure-limit 20]
                        [--cors-origin http://localhost:5173 ...] [--ready-json] [--rules-config rules.json] [--request-log-limit 1000]
                        [--pglite-compiler baseline|optimizing]
  shipper-rules-sandbox keys create --company NAME [--data DIR]   (--data-dir is an alias of --data)
  shipper-rules-sandbox logs tail [--base-url URL] [--token T] [--api-key K] [--method M] [--status 4xx] [--path P] [--reason R]
                        (a company's request log, live; base URL, token and key default to $SANDBOX, $TOKEN and $KEY)
Environment: DATABASE_URL=postgres://… uses that PostgreSQL server instead of the embedded one; PORT, HOST;
  SANDBOX_OPERATOR_TOKEN, SANDBOX_PUBLIC_URL, SANDBOX_CORS_ORIGINS (comma-separated) (as the options).
--rules-config FILE: JSON overrides of the library's rules configuration (makeConfig: pallet limits, quote validity,
  Idempotency-Key window, upload limit, density scale, calendar, ...); the sandbox keeps them and declares the
  whole configuration in its OpenAPI documents (x-shipper-rules-config). Refused (exit 2) when makeConfig refuses it.
--pglite-compiler baseline|optimizing: how the embedded database's WebAssembly is compiled: baseline (the default)
  uses the least memory; optimizing tiers hot functions up to TurboFan: a few % more requests a second, 60 to 100 MiB more resident.
--request-log-limit N: the console's request log keeps the newest N requests per company (default ${DEFAULT_REQUEST_LOG_LIMIT}); 0 turns it off.
--ready-json: once ready, also print ONE JSON line on standard output with what the banner says (baseUrl,
  operatorToken, companyId, companyName, apiKey, token, database (pglite or postgres), dataDir, apiDocsUrl, sandboxDocsUrl, healthUrl,
  readyUrl, consoleUrl, corsOrigins), for programs that start the sandbox; the banner stays on standard error.`

const DEMO_COMPANY = 'Sandbox Shipper Inc'

/** The ready-made company: created on the first start, its key kept (the one key stored in clear) so every start, concurrent ones included, prints it. */
const demoCredentials = async (store: Store) => readyMadeCredentials(store, await loadSecrets(store), DEMO_COMPANY, new Date())

/**
 * The store; or, when another process holds the PGlite data directory (a second server or `keys
 * create` on a directory in use would lose data: see db/dataDirLock.ts), undefined after a
 * one-line message naming the directory and that process.
 */
const openStoreOrRefuse = async (options: StoreOptions): Promise<Store | undefined> => {
  try {
    return await openStore(options)
  } catch (e) {
    if (!(e instanceof DataDirectoryInUseError)) throw e
    process.stderr.write(`shipper-rules-sandbox: ${e.message}\n`)
    return undefined
  }
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
        'operator-token': { type: 'string' },
        'public-url': { type: 'string' },
        'request-timeout': { type: 'string' },
        'auth-failure-limit': { type: 'string' },
        'cors-origin': { type: 'string', multiple: true },
        'ready-json': { type: 'boolean' },
        'request-log-limit': { type: 'string' },
        'base-url': { type: 'string' },
        token: { type: 'string' },
        'api-key': { type: 'string' },
        method: { type: 'string' },
        status: { type: 'string' },
        path: { type: 'string' },
        reason: { type: 'string' },
        'rules-config': { type: 'string' },
        'pglite-compiler': { type: 'string' },
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
  const compiler = values['pglite-compiler'] ?? 'baseline'
  if (!(PGLITE_COMPILERS as ReadonlyArray<string>).includes(compiler)) {
    process.stderr.write(`shipper-rules-sandbox: --pglite-compiler must be one of ${PGLITE_COMPILERS.join(', ')}\n${USAGE}\n`)
    return 2
  }
  const storeOptions: StoreOptions = databaseUrl !== undefined && databaseUrl !== '' ? { databaseUrl } : { dataDir: values.data ?? values['data-dir'] ?? '.sandbox-data', pgliteCompiler: compiler as PgliteCompiler }

  if (positionals[0] === 'keys' && positionals[1] === 'create') {
    if (values.company === undefined || values.company.trim() === '') {
      process.stderr.write(`shipper-rules-sandbox: keys create needs --company NAME\n${USAGE}\n`)
      return 2
    }
    const store = await openStoreOrRefuse(storeOptions)
    if (store === undefined) return 1
    try {
      const issued = await createKey(store, await loadSecrets(store), values.company, new Date())
      process.stdout.write(`${JSON.stringify(issued, null, 2)}\n`)
    } finally {
      await store.close()
    }
    return 0
  }
  if (positionals[0] === 'logs' && positionals[1] === 'tail' && positionals.length === 2) {
    const baseUrl = values['base-url'] ?? process.env['SANDBOX']
    const token = values.token ?? process.env['TOKEN']
    const apiKey = values['api-key'] ?? process.env['KEY']
    if (baseUrl === undefined || token === undefined || apiKey === undefined || !/^https?:\/\//.test(baseUrl)) {
      process.stderr.write(`shipper-rules-sandbox: logs tail needs --base-url http(s)://…, --token and --api-key (or $SANDBOX, $TOKEN and $KEY, as the banner exports them)\n${USAGE}\n`)
      return 2
    }
    const stop = new AbortController()
    process.once('SIGINT', () => stop.abort())
    process.once('SIGTERM', () => stop.abort())
    return tail({ baseUrl, token, apiKey, method: values.method, status: values.status, path: values.path, reason: values.reason }, (line) => process.stdout.write(`${line}\n`), (line) => process.stderr.write(`${line}\n`), stop.signal)
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
  // browser origins allowed to call the sandbox: the options, else the environment's list
  const corsOrigins = (values['cors-origin'] ?? (process.env['SANDBOX_CORS_ORIGINS'] ?? '').split(',')).map((o) => o.trim()).filter((o) => o !== '')
  const badOrigin = corsOrigins.map(corsOriginProblem).find((p) => p !== undefined)
  if (badOrigin !== undefined) {
    process.stderr.write(`shipper-rules-sandbox: --cors-origin (or SANDBOX_CORS_ORIGINS): ${badOrigin}\n`)
    return 2
  }
  const tariff = readTariff(values.tariff)
  const rules = values['rules-config'] === undefined ? undefined : readRulesConfig(values['rules-config'])
  if (rules !== undefined && !rules.ok) {
    process.stderr.write(`shipper-rules-sandbox: ${rules.message}\n`)
    return 2
  }
  const store = await openStoreOrRefuse(storeOptions)
  if (store === undefined) return 1
  const operatorToken = values['operator-token'] ?? process.env['SANDBOX_OPERATOR_TOKEN']
  if (operatorToken !== undefined && !/^[A-Za-z0-9_\-.~+/]{24,512}$/.test(operatorToken)) {
    process.stderr.write('shipper-rules-sandbox: --operator-token (or SANDBOX_OPERATOR_TOKEN) must be 24 to 512 characters of A-Z a-z 0-9 - . _ ~ + /\n')
    await store.close()
    return 2
  }
  const publicUrl = values['public-url'] ?? process.env['SANDBOX_PUBLIC_URL']
  if (publicUrl !== undefined && !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(publicUrl)) {
    process.stderr.write('shipper-rules-sandbox: --public-url must be an http(s) URL without query, e.g. https://sandbox.example.com\n')
    await store.close()
    return 2
  }
  const requestLogLimit = values['request-log-limit'] === undefined ? undefined : Number(values['request-log-limit'])
  if (requestLogLimit !== undefined && !(Number.isInteger(requestLogLimit) && requestLogLimit >= 0 && requestLogLimit <= 1_000_000)) {
    process.stderr.write('shipper-rules-sandbox: --request-log-limit is 0 (off) to 1000000 requests per company\n')
    await store.close()
    return 2
  }
  const requestTimeout = values['request-timeout'] === undefined ? undefined : Number(values['request-timeout'])
  const failureLimit = values['auth-failure-limit'] === undefined ? undefined : Number(values['auth-failure-limit'])
  if ((requestTimeout !== undefined && !(Number.isInteger(requestTimeout) && requestTimeout >= 1 && requestTimeout <= 3600)) || (failureLimit !== undefined && !(Number.isInteger(failureLimit) && failureLimit >= 1 && failureLimit <= 1_000_000))) {
    process.stderr.write('shipper-rules-sandbox: --request-timeout is 1 to 3600 seconds, --auth-failure-limit 1 to 1000000 per minute\n')
    await store.close()
    return 2
  }
  const app = await buildServer({
    store,
    tariff,
    ...(rules !== undefined ? { config: rules.config } : {}),
    logger: values.quiet !== true,
    ...(operatorToken !== undefined ? { operatorToken } : {}),
    ...(publicUrl !== undefined ? { publicUrl } : {}),
    ...(requestTimeout !== undefined ? { timeouts: { requestMs: requestTimeout * 1000 } } : {}),
    ...(failureLimit !== undefined ? { authFailures: { max: failureLimit, windowMs: 60_000 } } : {}),
    corsOrigins,
    ...(requestLogLimit !== undefined ? { requestLogLimit } : {}),
    // a long-running sandbox gives memory back when it goes quiet (idleCompaction.ts)
    idleCompaction: true,
  })
  const demo = await demoCredentials(store)
  const address = await app.listen({ port, host })
  const base = address.replace('[::1]', 'localhost')
  // SIGINT/SIGTERM: stop serving, close the database (which releases the data directory's lock),
  // exit 0; listened for before the banner, so that a signal sent on seeing it is never the default one
  const stop = async () => {
    await app.close()
    await store.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void stop())
  process.once('SIGTERM', () => void stop())
  process.stderr.write(
    [
      '',
      `shipper-rules-sandbox listening on ${base} (${store.kind === 'pglite' ? `PGlite data in ${storeOptions.dataDir}` : 'PostgreSQL from DATABASE_URL'})`,
      `  OpenAPI documents: ${base}/api-docs/shipper-v1 (the API), ${base}/api-docs/sandbox (the sandbox's own endpoints)`,
      `  console: ${base}/console (sign in with the API key and token below; request log ${requestLogLimit === 0 ? 'off' : `keeps ${requestLogLimit ?? DEFAULT_REQUEST_LOG_LIMIT} requests per company`})`,
      `  health: ${base}/healthz (alive), ${base}/readyz (database reachable)`,
      `  CORS origins: ${corsOrigins.length > 0 ? corsOrigins.join(', ') : 'none (--cors-origin ORIGIN to let a browser application on another origin call the sandbox)'}`,
      `  operator token: ${operatorTokenOf(app) ?? '(the one given with --operator-token or SANDBOX_OPERATOR_TOKEN: OPERATOR on the export line)'}`,
      `    (operator controls only: POST /sandbox/companies, GET /sandbox/companies, POST /sandbox/companies/{id}/keys)`,
      `  company:  ${demo.companyName} (${demo.companyId})`,
      `  API key:  ${demo.apiKey}`,
      `  token:    ${demo.token}`,
      '',
      `  export SANDBOX=${base} KEY=${demo.apiKey} TOKEN=${demo.token} OPERATOR=${operatorTokenOf(app) ?? operatorToken ?? ''}`,
      '',
    ].join('\n') + '\n',
  )
  if (values['ready-json'] === true) {
    // the banner's values as one JSON line, so that a program never parses the banner
    const ready = {
      baseUrl: base,
      operatorToken: operatorTokenOf(app) ?? operatorToken ?? null,
      companyId: demo.companyId,
      companyName: demo.companyName,
      apiKey: demo.apiKey,
      token: demo.token,
      database: store.kind,
      dataDir: storeOptions.dataDir ?? null,
      apiDocsUrl: `${base}/api-docs/shipper-v1`,
      sandboxDocsUrl: `${base}/api-docs/sandbox`,
      healthUrl: `${base}/healthz`,
      readyUrl: `${base}/readyz`,
      consoleUrl: `${base}/console`,
      corsOrigins,
    }
    process.stdout.write(`${JSON.stringify(ready)}\n`)
  }
  return -1
}
