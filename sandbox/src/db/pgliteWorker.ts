// PGlite off the event loop: the embedded database runs in this worker thread, so that its WASM
// work (parsing, planning, executing, writing the data directory) does not hold up the HTTP server's
// thread. The store (store.ts, openPglite) sends messages; this worker answers each one:
//   { id, op: 'query', sql, params, tx? }   → { id, rows }       (tx: inside that open transaction)
//   { id, op: 'begin' }                     → { id, tx }         (one transaction open at a time: PGlite's own mutex)
//   { id, op: 'end', tx, commit }           → { id }             (COMMIT, or ROLLBACK when commit is false)
//   { id, op: 'close' }                     → { id }             (then the worker ends)
// and { id, error } for any that failed (the error's message, name and own fields, e.g. `code`).
// A fresh directory is created (initdb) by pgliteInit.ts in a process of its own before this starts.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'

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
  let nextTx = 1
  const answer = (m: PgliteResponse) => port.postMessage(m)
  const handle = async (m: PgliteRequest): Promise<PgliteResponse> => {
    switch (m.op) {
      case 'query': {
        if (m.tx !== undefined) {
          const t = open.get(m.tx)
          if (t === undefined) throw new Error(`transaction ${m.tx} is not open`)
          return { id: m.id, rows: (await t.tx.query(m.sql, m.params)).rows }
        }
        return { id: m.id, rows: (await db.query(m.sql, m.params)).rows }
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
