// Storage behind one small interface: `query` and `transaction`, with the same SQL, migrations and
// behaviour on embedded PostgreSQL (PGlite, in a data directory that survives a restart) and on a
// PostgreSQL server (`pg` Pool, when DATABASE_URL is set).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Something SQL can be sent to: the store itself, or the transaction inside `transaction`. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: ReadonlyArray<unknown>): Promise<T[]>
}

export interface Store extends Queryable {
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it rejects. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
  readonly kind: 'pglite' | 'postgres'
}

export interface StoreOptions {
  /** PGlite data directory (used when no databaseUrl is given). */
  readonly dataDir?: string
  /** postgres://… of a PostgreSQL server. */
  readonly databaseUrl?: string
  /** PostgreSQL only: the schema to use (created if missing); tests use a fresh one per file. */
  readonly schema?: string
}

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url))

export const openStore = async (options: StoreOptions): Promise<Store> => {
  const store = options.databaseUrl !== undefined ? await openPostgres(options.databaseUrl, options.schema) : await openPglite(options.dataDir ?? '.sandbox-data')
  try {
    await migrate(store)
  } catch (e) {
    await store.close()
    throw e
  }
  return store
}

const openPglite = async (dataDir: string): Promise<Store> => {
  const { PGlite } = await import('@electric-sql/pglite')
  const db = await PGlite.create(dataDir)
  return {
    kind: 'pglite',
    query: async <T>(sql: string, params: ReadonlyArray<unknown> = []) => (await db.query<T>(sql, [...params])).rows,
    transaction: (fn) => db.transaction((tx) => fn({ query: async <T>(sql: string, params: ReadonlyArray<unknown> = []) => (await tx.query<T>(sql, [...params])).rows })),
    close: () => db.close(),
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
  pool.on('error', () => undefined)
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params: ReadonlyArray<unknown> = []) => (await pool.query(sql, [...params])).rows as T[],
    transaction: async (fn) => {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn({ query: async <T>(sql: string, params: ReadonlyArray<unknown> = []) => (await client.query(sql, [...params])).rows as T[] })
        await client.query('COMMIT')
        return result
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw e
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
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
 * Whether an error says the database cannot be reached (refused, reset, timed out, shut down),
 * rather than that a statement failed: such requests answer a 500 ProblemDetail saying so, with
 * Retry-After, and the pool reconnects by itself once the database is back.
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code) || /^(08|57P0)/.test(code))) return true
  const message = (error as { message?: unknown }).message
  return typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|connection (was )?(closed|lost)/i.test(message)
}
