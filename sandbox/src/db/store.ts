// Storage behind one small interface: `query` and `transaction`, with the same SQL, migrations and
// behaviour on embedded PostgreSQL (PGlite, in a data directory that survives a restart) and on a
// PostgreSQL server (`pg` Pool, when DATABASE_URL is set).
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { fork } from 'node:child_process'
import { Worker } from 'node:worker_threads'
import { lockDataDir } from './dataDirLock.js'
import type { PgliteRequest, PgliteResponse, PgliteWorkerData, SerializedError } from './pgliteWorker.js'

export { DataDirectoryInUseError } from './dataDirLock.js'

/** Something SQL can be sent to: the store itself, or the transaction inside `transaction`. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: ReadonlyArray<unknown>): Promise<T[]>
}

export interface Store extends Queryable {
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it rejects. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
  readonly kind: 'pglite' | 'postgres'
  /**
   * PGlite: a memory-reducing collection of the worker's heap (server/idleCompaction.ts runs it when
   * the server goes quiet); absent on PostgreSQL, whose memory is the server's own.
   */
  compact?(): Promise<void>
}

export interface StoreOptions {
  /** PGlite data directory (used when no databaseUrl is given). */
  readonly dataDir?: string
  /** postgres://… of a PostgreSQL server. */
  readonly databaseUrl?: string
  /** PostgreSQL only: the schema to use (created if missing); tests use a fresh one per file. */
  readonly schema?: string
  /** PGlite only: its WebAssembly compiler (PGLITE_COMPILERS; `baseline` by default). */
  readonly pgliteCompiler?: PgliteCompiler
}

/**
 * How PGlite's WebAssembly is compiled: `baseline` (Liftoff only: the least memory, the default)
 * or `optimizing` (hot functions tiered up to TurboFan: 1 to 7 % more throughput for 60 to 100 MiB
 * more resident, measured; it doubled PGlite's rate while the request log's trims held the worker). Measured side by side by scripts/load.mjs (`pglite` and `pglite-optimizing`).
 */
export const PGLITE_COMPILERS = ['baseline', 'optimizing'] as const
export type PgliteCompiler = (typeof PGLITE_COMPILERS)[number]

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url))

export const openStore = async (options: StoreOptions): Promise<Store> => {
  const store = options.databaseUrl !== undefined ? await openPostgres(options.databaseUrl, options.schema) : await openPglite(options.dataDir ?? '.sandbox-data', options.pgliteCompiler ?? 'baseline')
  try {
    await migrate(store)
  } catch (e) {
    await store.close()
    throw e
  }
  return store
}

/** A PGlite data directory given as `file://…` or a path; undefined for one that lives in memory only. */
const directoryOf = (dataDir: string): string | undefined => (dataDir.startsWith('file://') ? fileURLToPath(dataDir) : /^[a-z]+:\/\//.test(dataDir) ? undefined : dataDir)

/**
 * A compiled module next to this one (dist/db/…js); run from the TypeScript sources (the tests),
 * the built one.
 */
const builtBeside = (file: string): URL => {
  const beside = new URL(`./${file}`, import.meta.url)
  return existsSync(fileURLToPath(beside)) ? beside : new URL(`../../dist/db/${file}`, import.meta.url)
}

/** dist/pglite-initdb/<installed PGlite's version>.tar.gz, if the build made it (else undefined). */
const initdbTarball = (): string | undefined => {
  try {
    const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.resolve('@electric-sql/pglite')), 'utf8')) as { version?: unknown }).version
    const file = fileURLToPath(new URL(`../../dist/pglite-initdb/${String(version)}.tar.gz`, import.meta.url))
    return typeof version === 'string' && existsSync(file) ? file : undefined
  } catch {
    return undefined
  }
}

/**
 * Initializes the fresh `directory`, unpacking `tarball` into it or running initdb, in a child
 * process (pgliteInit.ts) that ends with this one: the memory either takes (initdb: ~800 MiB;
 * unpacking: ~100 MiB that this process would keep, measured) goes back when it exits.
 */
const initPglite = (directory: string, tarball: string | undefined): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(builtBeside('pgliteInit.js')), [directory, ...(tarball !== undefined ? [tarball] : [])], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] })
    let stderr = ''
    let failed: string | undefined
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-2000)))
    child.on('message', (m: { failed?: string }) => void (failed ??= m.failed))
    child.once('error', reject)
    // this process ending (a crash, process.exit) ends it too; a SIGKILL closes the IPC channel, on which it exits
    const kill = () => child.kill('SIGKILL')
    process.once('exit', kill)
    child.once('exit', () => process.removeListener('exit', kill))
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`could not create the PGlite data directory ${directory}: ${failed ?? (stderr.trim() || `exit ${code}`)}`))))
  })

/** The worker's error again as an Error with the same message, name and fields (`code`, …). */
const revive = (e: SerializedError): Error => Object.assign(new Error(e.message), e.fields, { name: e.name })

/**
 * A worker running PGlite on `dataDir` (see pgliteWorker.ts), once it said it is ready: `send`
 * posts a request and resolves with its answer; when the worker ends (closed, or died) every
 * request waiting and every later one fails with a "connection lost" error (isDatabaseUnavailable).
 */
const startPgliteWorker = async (dataDir: string, compiler: PgliteCompiler) => {
  // the worker's young generation at most 8 MiB: V8 grows it to tens of MiB under a steady stream
  // of short-lived results and keeps it resident (idle RSS after a benchmark 27 MiB lower, measured)
  const worker = new Worker(builtBeside('pgliteWorker.js'), { workerData: { dataDir, compiler } satisfies PgliteWorkerData, resourceLimits: { maxYoungGenerationSizeMb: 8 } })
  const waiting = new Map<number, { resolve: (r: PgliteResponse) => void; reject: (e: Error) => void }>()
  let nextId = 1
  let gone: Error | undefined
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: PgliteResponse) => {
      if (m.id === 0) {
        if ('failed' in m) reject(revive(m.failed))
        else resolve()
        return
      }
      const w = waiting.get(m.id)
      waiting.delete(m.id)
      if (w === undefined) return
      if ('error' in m) w.reject(revive(m.error))
      else w.resolve(m)
    })
    const end = (why: string) => {
      gone ??= Object.assign(new Error(`the embedded database's connection was lost: ${why}`), { code: '57P02' })
      reject(gone)
      for (const w of waiting.values()) w.reject(gone)
      waiting.clear()
    }
    worker.once('error', (e) => end(e.message))
    worker.once('exit', (code) => end(`its worker ended (${code})`))
  })
  await ready
  return {
    send: (request: DistributiveOmit<PgliteRequest, 'id'>): Promise<PgliteResponse> =>
      new Promise((resolve, reject) => {
        if (gone !== undefined) return reject(gone)
        const id = nextId++
        waiting.set(id, { resolve, reject })
        worker.postMessage({ ...request, id })
      }),
    exited,
    terminate: () => worker.terminate(),
  }
}
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

const openPglite = async (dataDir: string, compiler: PgliteCompiler): Promise<Store> => {
  // one process per directory (see dataDirLock.ts): taken before PGlite reads it, released after it wrote it back
  const directory = directoryOf(dataDir)
  const lock = directory === undefined ? undefined : await lockDataDir(directory)
  let db: Awaited<ReturnType<typeof startPgliteWorker>>
  try {
    // a fresh directory: initdb in a process of its own, whose memory goes with it (see pgliteInit.ts)
    // (or, when the build made one for this PGlite, unpacked from an initialized directory: see scripts/build-pglite-initdb.mjs)
    const fresh = directory !== undefined && !existsSync(join(directory, 'PG_VERSION'))
    const tarball = fresh ? initdbTarball() : undefined
    if (fresh) await initPglite(directory, tarball)
    db = await startPgliteWorker(dataDir, compiler)
  } catch (e) {
    lock?.release()
    throw e
  }
  const rowsOf = async <T>(request: DistributiveOmit<PgliteRequest, 'id'>): Promise<T[]> => ((await db.send(request)) as { rows?: T[] }).rows ?? []
  let closing: Promise<void> | undefined
  let nextTx = 1
  return {
    kind: 'pglite',
    query: <T>(sql: string, params: ReadonlyArray<unknown> = []) => rowsOf<T>({ op: 'query', sql, params: [...params] }),
    transaction: async (fn) => {
      // the transaction opens with its first statement (BEGIN in the same exchange: see
      // pgliteWorker.ts), so a transaction is one message per statement and one for its end
      const tx = nextTx++
      let begun = false
      const inTx: Queryable = {
        query: <T>(sql: string, params: ReadonlyArray<unknown> = []) => {
          const first = !begun
          begun = true
          return rowsOf<T>(first ? { op: 'query', sql, params: [...params], tx, begin: true } : { op: 'query', sql, params: [...params], tx })
        },
      }
      let result
      try {
        result = await fn(inTx)
      } catch (e) {
        if (begun) await db.send({ op: 'end', tx, commit: false }).catch(() => undefined)
        throw e
      }
      if (begun) await db.send({ op: 'end', tx, commit: true })
      return result
    },
    compact: async () => {
      if (closing === undefined) await db.send({ op: 'compact' })
    },
    close: () =>
      (closing ??= (async () => {
        try {
          await db.send({ op: 'close' }).catch(() => undefined)
          await db.exited
        } finally {
          lock?.release()
        }
      })()),
  }
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/

const openPostgres = async (url: string, schema: string | undefined): Promise<Store> => {
  const pg = (await import('pg')).default
  // bigint (int8) columns come back as numbers: every one holds cents or milliseconds far below 2^53.
  pg.types.setTypeParser(20, (v: string) => Number(v))
  if (schema !== undefined) {
    if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name ${schema}`)
    const setup = new pg.Client({ connectionString: url })
    setup.on('error', () => undefined) // a connection the server ends: the query fails, the process lives
    await setup.connect()
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
    } finally {
      await setup.end()
    }
  }
  // Bounded waits, so that a database that went away answers 500s instead of hanging requests:
  // a connection attempt gives up after 5 s, a query after 15 s (client side, also when the
  // server is unreachable rather than refusing); idle connections that died are dropped.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    query_timeout: 15_000,
    ...(schema !== undefined ? { options: `-c search_path=${schema}` } : {}),
  })
  // A connection the server ends (a shutdown, fast or immediate; a crash; a restart) emits 'error'
  // on its client: the pool listens on idle clients only, and an 'error' nobody listens to ends the
  // process. Every client gets a listener of its own for its whole life, whether idle, checked out
  // by a transaction, or inside pool.query; the query that was running fails (57P01, Connection
  // terminated …), the next one on that client fails at once (not queryable), and the pool replaces
  // the client when it comes back broken.
  pool.on('error', () => undefined)
  pool.on('connect', (client) => client.on('error', () => undefined))
  const named = preparedStatementNames()
  const statement = (sql: string, params: ReadonlyArray<unknown>) => {
    const name = params.length > 0 ? named(sql) : undefined
    return name !== undefined ? { name, text: sql, values: [...params] } : { text: sql, values: [...params] }
  }
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params: ReadonlyArray<unknown> = []) => (await pool.query(statement(sql, params))).rows as T[],
    transaction: async (fn) => {
      const client = await pool.connect()
      let broken: Error | undefined
      const onError = (e: Error) => void (broken ??= e)
      client.on('error', onError)
      try {
        await client.query('BEGIN')
        const result = await fn({ query: async <T>(sql: string, params: ReadonlyArray<unknown> = []) => (await client.query(statement(sql, params))).rows as T[] })
        await client.query('COMMIT')
        return result
      } catch (e) {
        if (broken === undefined && isDatabaseUnavailable(e)) broken = e as Error
        if (broken === undefined) await client.query('ROLLBACK').catch((rollbackError: Error) => void (broken = rollbackError))
        throw e
      } finally {
        client.removeListener('error', onError)
        // a client whose connection failed goes back with the error: the pool destroys it
        client.release(broken)
      }
    },
    close: () => pool.end(),
  }
}

/**
 * Names for PostgreSQL prepared statements, so that each statement is parsed and planned once per
 * connection instead of once per query: pg prepares a named statement on a connection the first
 * time it runs there and reuses it afterwards. The name is derived from the SQL text (a SHA-256
 * prefix); two texts never share one (a collision gets a suffix), since pg refuses a name already
 * prepared with another text. Only statements with parameters are named: the fixed texts are
 * transaction control, migrations (DDL, prepared never) and a few one-off reads. At most
 * MAX_PREPARED texts are named, so that texts built at run time cannot grow every connection
 * without bound; any further text runs unnamed, as before.
 */
const MAX_PREPARED = 500
const sha256Prefix = (sql: string) => createHash('sha256').update(sql).digest('hex').slice(0, 24)
/** @internal exported for its test, with `hash` replaceable to force collisions */
export const preparedStatementNames = (hash: (sql: string) => string = sha256Prefix, max = MAX_PREPARED) => {
  const byText = new Map<string, string>()
  const texts = new Map<string, string>()
  return (sql: string): string | undefined => {
    const known = byText.get(sql)
    if (known !== undefined || byText.size >= max) return known
    const base = `sbx_${hash(sql)}`
    let name = base
    for (let n = 2; texts.has(name); n++) name = `${base}_${n}`
    byText.set(sql, name)
    texts.set(name, sql)
    return name
  }
}

/** Applies the ordered SQL files of migrations/ that the migrations table does not list yet. */
const migrate = async (store: Store): Promise<void> => {
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort()
  await store.transaction(async (tx) => {
    // one migrator at a time, per database (several servers may start against one PostgreSQL)
    await tx.query('SELECT pg_advisory_xact_lock(7312001)')
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())')
    const done = new Set((await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version))
    for (const file of files) {
      if (done.has(file)) continue
      const sql = readFileSync(join(MIGRATIONS_DIR, file), 'utf8')
      for (const statement of splitStatements(sql)) await tx.query(statement)
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file])
    }
  })
}

/** The statements of a migration file (no semicolons inside strings or bodies in our files). */
const splitStatements = (sql: string): string[] =>
  sql
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)

/** A timestamptz column as an ISO date-time (both drivers give Date objects). */
export const isoOf = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : typeof v === 'string' ? new Date(v).toISOString() : null)
export const numberOf = (v: unknown): number => (typeof v === 'bigint' ? Number(v) : Number(v))

/**
 * Whether an error says the database cannot be reached (refused, reset, timed out, shut down,
 * restarting), rather than that a statement failed: such requests answer a 500 ProblemDetail
 * saying so, with Retry-After, and the pool reconnects by itself once the database is back.
 * Codes: the network's; class 08 (connection exception); 57P01 admin shutdown (`pg_ctl stop -m
 * fast` or `-m immediate` ends the connection), 57P02 crash shutdown, 57P03 cannot connect now
 * (shutting down, starting up, in recovery), 57P04/57P05. Messages: pg's own, for a connection
 * that ended or a client left unusable by that.
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code) || /^(08|57P0)/.test(code))) return true
  const message = (error as { message?: unknown }).message
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable|terminating connection|the database system is (shutting down|starting up|in recovery mode|not yet accepting connections)|connection (was )?(closed|lost)/i.test(message)
  )
}
