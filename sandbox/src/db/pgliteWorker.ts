// PGlite off the event loop: the embedded database runs in this worker thread, so that its WASM
// work (parsing, planning, executing, writing the data directory) does not hold up the HTTP server's
// thread. The store (store.ts, openPglite) sends messages; this worker answers each one:
//   { id, op: 'query', sql, params, tx?, begin? } → { id, rows }  (tx: inside that transaction;
//                                                   begin: its first statement, which opens it)
//   { id, op: 'end', tx, commit }                → { id }        (COMMIT, or ROLLBACK when commit is false)
//   { id, op: 'compact' }                        → { id }        (a memory-reducing collection of this
//                                                   worker's heap, runtime/gc.ts; even inside a transaction)
//   { id, op: 'close' }                          → { id }        (then the worker ends)
// and { id, error } for any that failed (the error's message, name and own fields, e.g. `code`).
// One transaction is open at a time (PGlite is one session): a message of another transaction,
// or outside any, waits here until that one ends, then runs in the order it came.
// A fresh directory is unpacked from the build's initialized one, or, without one, created
// (initdb) by pgliteInit.ts in a process of its own, before this starts (store.ts).
import { parentPort, workerData } from 'node:worker_threads'
import { setFlagsFromString } from 'node:v8'
import { parse, PGlite, protocol } from '@electric-sql/pglite'
import { collectGarbage } from '../runtime/gc.js'

export interface PgliteWorkerData {
  readonly dataDir: string
  /** Which WebAssembly compiler runs PGlite (see PGLITE_COMPILERS in store.ts). */
  readonly compiler: 'baseline' | 'optimizing'
}

export type PgliteRequest =
  | { readonly id: number; readonly op: 'query'; readonly sql: string; readonly params: unknown[]; readonly tx?: number; readonly begin?: true }
  | { readonly id: number; readonly op: 'end'; readonly tx: number; readonly commit: boolean }
  | { readonly id: number; readonly op: 'compact' }
  | { readonly id: number; readonly op: 'close' }

export type PgliteResponse =
  | { readonly id: number; readonly rows?: unknown[] }
  | { readonly id: number; readonly error: SerializedError }
  | { readonly id: 0; readonly ready: true }
  | { readonly id: 0; readonly failed: SerializedError }

export interface SerializedError {
  readonly message: string
  readonly name: string
  readonly fields: Record<string, unknown>
}

/** An error as plain data (structured clone drops a class and its own fields' prototype chain). */
const serializeError = (e: unknown): SerializedError => {
  if (!(e instanceof Error)) return { message: String(e), name: 'Error', fields: {} }
  const fields: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(e)) if (v === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof v)) fields[k] = v
  return { message: e.message, name: e.name, fields }
}

const port = parentPort
const data = workerData as PgliteWorkerData

/**
 * PostgreSQL settings for an embedded database serving one developer (measured: see the
 * sandbox README, "PGlite off the event loop"). shared_buffers: a 16 MiB buffer pool instead of
 * PGlite's 128 MiB: the sandbox's tables are small, and each buffer touched stays resident.
 */
const SETTINGS = ['shared_buffers=16MB']

/**
 * The WebAssembly engine's flags for PGlite's 9 MB module, by compiler (store.ts, PGLITE_COMPILERS):
 * `baseline` compiles it with Liftoff only, the default, for memory; `optimizing` lets V8 tier hot
 * functions up to TurboFan, each statement faster, for 60 to 100 MiB more resident (measured: see
 * the README, "Third pass"). Process-wide, read when a module
 * compiles; the server's own thread compiles no WebAssembly.
 */
const WASM_FLAGS = { baseline: '--liftoff-only', optimizing: '--no-liftoff-only' } as const

type Message = { readonly name: string }

/** PGlite's answer as messages; the first error is thrown after all were read. */
const messagesOf = (answer: Uint8Array): Message[] => {
  const out: Message[] = []
  new protocol.Parser().parse(answer, (m) => out.push(m))
  const error = out.find((m) => m instanceof protocol.messages.DatabaseError)
  if (error !== undefined) throw error
  return out
}

type Parsers = Record<number, ((text: string, type: number) => unknown) | undefined>
interface Field {
  readonly name: string
  readonly dataTypeID: number
}
const utf8 = new TextDecoder()
/**
 * The rows of an answer whose columns are known (a prepared statement's), read straight from its
 * bytes: DataRow messages (text format) into objects as PGlite's parseResults makes them, every
 * other message skipped. Undefined when the answer holds an error, or a row that does not match
 * the columns: messagesOf reads those. (PGlite's parser copies the answer and makes an object per
 * message first; this is the path every statement of a request takes.)
 */
const rowsFromBytes = (answer: Uint8Array, fields: ReadonlyArray<Field>, parsers: Parsers): unknown[] | undefined => {
  const view = new DataView(answer.buffer, answer.byteOffset, answer.byteLength)
  const rows: unknown[] = []
  for (let at = 0; at + 5 <= answer.length; ) {
    const code = answer[at]
    const end = at + 1 + view.getUint32(at + 1)
    if (code === 0x45 /* ErrorResponse */ || end > answer.length) return undefined
    if (code === 0x44 /* DataRow */) {
      const n = view.getUint16(at + 5)
      if (n !== fields.length) return undefined
      let p = at + 7
      const entries: Array<[string, unknown]> = new Array(n)
      for (let i = 0; i < n; i++) {
        const length = view.getInt32(p)
        p += 4
        const field = fields[i]!
        if (length < 0) entries[i] = [field.name, null]
        else {
          const text = utf8.decode(answer.subarray(p, p + length))
          p += length
          const parser = parsers[field.dataTypeID]
          entries[i] = [field.name, parser !== undefined ? parser(text, field.dataTypeID) : text]
        }
      }
      rows.push(Object.fromEntries(entries))
    }
    at = end
  }
  return rows
}

const concat = (parts: ReadonlyArray<Uint8Array>): Uint8Array => {
  let length = 0
  for (const p of parts) length += p.length
  const all = new Uint8Array(length)
  let at = 0
  for (const p of parts) {
    all.set(p, at)
    at += p.length
  }
  return all
}

/**
 * The statements, run synchronously, each as one exchange with PGlite (no await, no PGlite
 * mutex: this worker is PGlite's only user and runs one message at a time).
 *
 * A text with parameters becomes a named prepared statement, as the pg driver keeps them on
 * PostgreSQL (store.ts): parsed and described once (its parameter types and row description
 * kept), then each run is Bind, Execute and Sync in one exchange (PGlite's query() makes six:
 * Parse, Describe statement, Bind, Describe portal, Execute, Sync). A text without parameters
 * (DDL, transaction control, one-off reads) is Parse, Bind, Describe, Execute and Sync in one
 * exchange; a text with parameters beyond MAX_PREPARED is the same unnamed, after one exchange
 * that describes its parameters. A transaction's BEGIN goes in the exchange of its first statement.
 */
const MAX_PREPARED = 500
interface Prepared {
  readonly name: string
  readonly paramTypes: ReadonlyArray<number>
  readonly rowDescription: Message | undefined
  readonly fields: ReadonlyArray<Field>
}
const statementRunner = (db: PGlite) => {
  const exec = (bytes: Uint8Array) => messagesOf(db.execProtocolRawSync(bytes))
  const s = protocol.serialize
  const statements = new Map<string, Prepared>()
  const BEGIN = s.query('BEGIN')
  const describeStatement = (name: string, sql: string): Omit<Prepared, 'name'> => {
    const out = exec(concat([s.parse({ name, text: sql, types: [] }), s.describe({ type: 'S', name }), s.sync()]))
    const params = out.find((m) => m.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined
    const rowDescription = out.find((m) => m.name === 'rowDescription') as (Message & { fields?: Field[] }) | undefined
    return { paramTypes: params?.dataTypeIDs ?? [], rowDescription, fields: (rowDescription?.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) }
  }
  const values = (paramTypes: ReadonlyArray<number>, params: ReadonlyArray<unknown>): Array<string | null> => {
    const serializers = db.serializers as Record<number, ((v: unknown) => string) | undefined>
    return params.map((v, i) => {
      if (v === null || v === undefined) return null
      const serializer = serializers[paramTypes[i] ?? 0]
      return serializer !== undefined ? serializer(v) : String(v)
    })
  }
  /** The rows of the statement's result: its messages after those of a BEGIN sent before it. */
  const rowsOf = (out: Message[], begin: boolean, rowDescription: Message | undefined): unknown[] => {
    const own = begin ? out.slice(out.findIndex((m) => m.name === 'readyForQuery') + 1) : out
    const results = parse.parseResults((rowDescription !== undefined ? [rowDescription, ...own] : own) as Parameters<typeof parse.parseResults>[0], db.parsers)
    return results[0]?.rows ?? []
  }
  /** Bind, Execute and Sync of a described statement (after a BEGIN when `begin`): its rows. */
  const run = (statement: Prepared, params: ReadonlyArray<unknown>, begin: boolean): unknown[] => {
    const answer = db.execProtocolRawSync(concat([...(begin ? [BEGIN] : []), s.bind({ statement: statement.name, values: values(statement.paramTypes, params) }), s.execute({}), s.sync()]))
    return rowsFromBytes(answer, statement.fields, db.parsers as Parsers) ?? rowsOf(messagesOf(answer), begin, statement.rowDescription)
  }
  return (sql: string, params: ReadonlyArray<unknown>, begin: boolean): unknown[] => {
    if (params.length === 0) {
      const out = exec(concat([...(begin ? [BEGIN] : []), s.parse({ text: sql, types: [] }), s.bind({}), s.describe({ type: 'P' }), s.execute({}), s.sync()]))
      return rowsOf(out, begin, undefined)
    }
    const prepared = statements.get(sql)
    if (prepared !== undefined) return run(prepared, params, begin)
    if (begin) exec(BEGIN)
    if (statements.size >= MAX_PREPARED) return run({ name: '', ...describeStatement('', sql) }, params, false)
    const name = `sbx_${statements.size + 1}`
    const described = { name, ...describeStatement(name, sql) }
    statements.set(sql, described)
    return run(described, params, false)
  }
}

const run = async (): Promise<void> => {
  if (port === null) return
  let db: PGlite
  try {
    setFlagsFromString(WASM_FLAGS[data.compiler])
    db = await PGlite.create(data.dataDir, { startParams: [...PGlite.defaultStartParams, ...SETTINGS.flatMap((s) => ['-c', s])] })
  } catch (e) {
    port.postMessage({ id: 0, failed: serializeError(e) } satisfies PgliteResponse)
    port.close()
    return
  }
  const statement = statementRunner(db)
  const exec = (bytes: Uint8Array) => messagesOf(db.execProtocolRawSync(bytes))
  /** The transaction open now, if any: only its messages run until it ends. */
  let open: number | undefined
  const waiting: PgliteRequest[] = []
  let closed = false
  const refuse = (m: PgliteRequest, why: string) => port.postMessage({ id: m.id, error: serializeError(new Error(why)) } satisfies PgliteResponse)

  /**
   * Whether `m` runs now, waits for the open transaction to end, or is refused: a message of a
   * transaction that is not open and whose first statement is not waiting either (it ended).
   */
  const decide = (m: PgliteRequest): 'run' | 'wait' | 'refuse' => {
    if (m.op === 'close' || m.op === 'compact') return 'run'
    if (open !== undefined && m.tx === open) return 'run'
    if (m.tx !== undefined && !(m.op === 'query' && m.begin === true) && !waiting.some((w) => w.op === 'query' && w.begin === true && w.tx === m.tx)) return 'refuse'
    return open === undefined ? 'run' : 'wait'
  }
  /** A query or a transaction's end, synchronously; its answer. */
  const handle = (m: Exclude<PgliteRequest, { op: 'close' }>): PgliteResponse | undefined => {
    try {
      if (m.op === 'compact') {
        // answered once the collection ran (its answer is the only one that waits for anything)
        void collectGarbage().then(() => port.postMessage({ id: m.id } satisfies PgliteResponse))
        return undefined
      }
      if (m.op === 'end') {
        open = undefined
        exec(protocol.serialize.query(m.commit ? 'COMMIT' : 'ROLLBACK'))
        return { id: m.id }
      }
      // the transaction is open from its first statement on, whether that statement succeeds or
      // not: its end (a ROLLBACK after a failed statement) closes it
      if (m.begin === true && m.tx !== undefined) open = m.tx
      return { id: m.id, rows: statement(m.sql, m.params, m.begin === true) }
    } catch (e) {
      return { id: m.id, error: serializeError(e) }
    }
  }
  /** Rolls back the open transaction, refuses what waits, closes PGlite; then this worker ends. */
  const close = async (m: PgliteRequest) => {
    closed = true
    for (const w of waiting.splice(0)) refuse(w, 'the embedded database is closing')
    if (open !== undefined) {
      open = undefined
      try {
        exec(protocol.serialize.query('ROLLBACK'))
      } catch {
        // closing anyway
      }
    }
    await db.close()
    port.postMessage({ id: m.id } satisfies PgliteResponse)
    port.close()
  }
  /** Runs `m` if it may run now; whether it left the queue (ran or was refused). */
  const attempt = (m: PgliteRequest): boolean => {
    const now = decide(m)
    if (now === 'wait') return false
    if (now === 'refuse') refuse(m, `transaction ${String(m.op === 'query' || m.op === 'end' ? m.tx : '')} is not open`)
    else if (m.op === 'close') void close(m)
    else {
      const answer = handle(m)
      if (answer !== undefined) port.postMessage(answer)
    }
    return true
  }
  /** After a transaction opened or ended: what waited and may run now runs, in the order it came. */
  const drain = () => {
    for (let i = 0; i < waiting.length && !closed; ) {
      if (attempt(waiting[i]!)) {
        waiting.splice(i, 1)
        i = 0
      } else i++
    }
  }
  const receive = (m: PgliteRequest) => {
    if (closed) return refuse(m, 'the embedded database is closed')
    const before = open
    if (!attempt(m)) return void waiting.push(m)
    if (open !== before && waiting.length > 0) drain()
  }
  port.on('message', receive)
  port.postMessage({ id: 0, ready: true } satisfies PgliteResponse)
}

void run()
