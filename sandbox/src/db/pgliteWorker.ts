// PGlite off the event loop: the embedded database runs in this worker thread, so that its WASM
// work (parsing, planning, executing, writing the data directory) does not hold up the HTTP server's
// thread. The store (store.ts, openPglite) sends messages; this worker answers each one:
//   { id, op: 'query', sql, params, tx? }   → { id, rows }       (tx: inside that open transaction)
//   { id, op: 'begin' }                     → { id, tx }         (one transaction open at a time: PGlite's own mutex)
//   { id, op: 'end', tx, commit }           → { id }             (COMMIT, or ROLLBACK when commit is false)
//   { id, op: 'close' }                     → { id }             (then the worker ends)
// and { id, error } for any that failed (the error's message, name and own fields, e.g. `code`).
// A fresh directory is unpacked from the build's initialized one, or, without one, created
// (initdb) by pgliteInit.ts in a process of its own, before this starts (store.ts).
import { parentPort, workerData } from 'node:worker_threads'
import { parse, PGlite, protocol, type Transaction } from '@electric-sql/pglite'

export interface PgliteWorkerData {
  readonly dataDir: string
}

export type PgliteRequest =
  | { readonly id: number; readonly op: 'query'; readonly sql: string; readonly params: unknown[]; readonly tx?: number }
  | { readonly id: number; readonly op: 'begin' }
  | { readonly id: number; readonly op: 'end'; readonly tx: number; readonly commit: boolean }
  | { readonly id: number; readonly op: 'close' }

export type PgliteResponse =
  | { readonly id: number; readonly rows?: unknown[]; readonly tx?: number }
  | { readonly id: number; readonly error: SerializedError }
  | { readonly id: 0; readonly ready: true }
  | { readonly id: 0; readonly failed: SerializedError }

export interface SerializedError {
  readonly message: string
  readonly name: string
  readonly fields: Record<string, unknown>
}

/** An error as plain data (structured clone drops a class and its own fields' prototype chain). */
const serialize = (e: unknown): SerializedError => {
  if (!(e instanceof Error)) return { message: String(e), name: 'Error', fields: {} }
  const fields: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(e)) if (v === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof v)) fields[k] = v
  return { message: e.message, name: e.name, fields }
}

const port = parentPort
const SHARED_BUFFERS = '16MB'
const data = workerData as PgliteWorkerData

/** An open transaction: its queries go through `tx`; `finish` settles the callback PGlite waits on. */
interface Open {
  readonly tx: Transaction
  readonly finish: (commit: boolean) => void
  readonly done: Promise<void>
}

/**
 * Named prepared statements, as the pg driver keeps them on PostgreSQL (store.ts): a text with
 * parameters is parsed and described once (its parameter types and row description kept), then
 * each run is Bind, Execute and Sync: three calls into PGlite instead of the six of its query()
 * (Parse, Describe statement, Bind, Describe portal, Execute, Sync), and no parse analysis. Texts
 * without parameters (DDL, transaction control, one-off reads) and any beyond MAX_PREPARED run
 * through query() as before. Uses PGlite's protocol layer and its internal locks (the ones its
 * query() takes: PGlite 0.5).
 */
const MAX_PREPARED = 500
interface Prepared {
  readonly name: string
  readonly paramTypes: ReadonlyArray<number>
  readonly rowDescription: unknown
}
type Locking = PGlite & {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>
}
const preparedRunner = (db: PGlite) => {
  const locking = db as Locking
  const statements = new Map<string, Prepared>()
  const serialize = protocol.serialize
  const exec = async (message: Uint8Array) => (await db.execProtocol(message)).messages
  const prepare = async (sql: string): Promise<Prepared> => {
    const name = `sbx_${statements.size + 1}`
    const out = []
    try {
      out.push(...(await exec(serialize.parse({ name, text: sql, types: [] }))), ...(await exec(serialize.describe({ type: 'S', name }))))
    } finally {
      await exec(serialize.sync())
    }
    const params = out.find((m) => m.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined
    const prepared = { name, paramTypes: params?.dataTypeIDs ?? [], rowDescription: out.find((m) => m.name === 'rowDescription') }
    statements.set(sql, prepared)
    return prepared
  }
  const runOnce = async (sql: string, params: ReadonlyArray<unknown>): Promise<unknown[]> => {
    const p = statements.get(sql) ?? (await prepare(sql))
    const serializers = db.serializers as Record<number, ((v: unknown) => string) | undefined>
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null
      const serializer = serializers[p.paramTypes[i] ?? 0]
      return serializer !== undefined ? serializer(v) : String(v)
    })
    const out: unknown[] = p.rowDescription !== undefined ? [p.rowDescription] : []
    try {
      out.push(...(await exec(serialize.bind({ statement: p.name, values }))), ...(await exec(serialize.execute({}))))
    } finally {
      await exec(serialize.sync())
    }
    const results = parse.parseResults(out as Parameters<typeof parse.parseResults>[0], db.parsers)
    return results[0]?.rows ?? []
  }
  return {
    /** Whether `sql` runs as a named statement. */
    takes: (sql: string, params: ReadonlyArray<unknown>) => params.length > 0 && (statements.has(sql) || statements.size < MAX_PREPARED),
    /** Outside a transaction: after any open one, as query() does. */
    query: (sql: string, params: ReadonlyArray<unknown>) => locking._runExclusiveTransaction(() => locking._runExclusiveQuery(() => runOnce(sql, params))),
    /** Inside the open transaction (which holds the transaction lock). */
    inTransaction: (sql: string, params: ReadonlyArray<unknown>) => locking._runExclusiveQuery(() => runOnce(sql, params)),
  }
}

const run = async (): Promise<void> => {
  if (port === null) return
  let db: PGlite
  try {
    // a 16 MiB buffer pool instead of PGlite's 128 MiB: the sandbox's tables are small, and each
    // buffer touched stays resident (idle RSS 319 to 188 MiB for PGlite alone, measured)
    db = await PGlite.create(data.dataDir, { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`] })
  } catch (e) {
    port.postMessage({ id: 0, failed: serialize(e) } satisfies PgliteResponse)
    port.close()
    return
  }
  const open = new Map<number, Open>()
  const prepared = preparedRunner(db)
  let nextTx = 1
  const answer = (m: PgliteResponse) => port.postMessage(m)
  const handle = async (m: PgliteRequest): Promise<PgliteResponse> => {
    switch (m.op) {
      case 'query': {
        const named = prepared.takes(m.sql, m.params)
        if (m.tx !== undefined) {
          const t = open.get(m.tx)
          if (t === undefined) throw new Error(`transaction ${m.tx} is not open`)
          return { id: m.id, rows: named ? await prepared.inTransaction(m.sql, m.params) : (await t.tx.query(m.sql, m.params)).rows }
        }
        return { id: m.id, rows: named ? await prepared.query(m.sql, m.params) : (await db.query(m.sql, m.params)).rows }
      }
      case 'begin': {
        const id = nextTx++
        // PGlite's transaction(): BEGIN, the callback, then COMMIT when it resolves or ROLLBACK
        // when it rejects; the callback here waits for the store's 'end'
        const started = new Promise<Transaction>((resolveStarted, rejectStarted) => {
          let finish: (commit: boolean) => void = () => undefined
          const decided = new Promise<boolean>((r) => (finish = r))
          const done = db
            .transaction(async (tx) => {
              open.set(id, { tx, finish, done })
              resolveStarted(tx)
              if (!(await decided)) throw ROLLBACK
            })
            .then(
              () => undefined,
              (e: unknown) => {
                if (e !== ROLLBACK) throw e
              },
            )
          done.catch(rejectStarted)
        })
        await started
        return { id: m.id, tx: id }
      }
      case 'end': {
        const t = open.get(m.tx)
        if (t === undefined) throw new Error(`transaction ${m.tx} is not open`)
        open.delete(m.tx)
        t.finish(m.commit)
        await t.done
        return { id: m.id }
      }
      case 'close': {
        for (const t of open.values()) t.finish(false)
        await Promise.allSettled([...open.values()].map((t) => t.done))
        await db.close()
        return { id: m.id }
      }
    }
  }
  port.on('message', (m: PgliteRequest) => {
    handle(m).then(
      (r) => {
        answer(r)
        if (m.op === 'close') port.close()
      },
      (e: unknown) => answer({ id: m.id, error: serialize(e) }),
    )
  })
  answer({ id: 0, ready: true })
}

const ROLLBACK = Symbol('rollback')

void run()
