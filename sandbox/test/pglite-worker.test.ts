// PGlite off the event loop (src/db/pgliteWorker.ts, pgliteInit.ts): the embedded database works
// in a worker thread, so a long query holds neither a timer nor an HTTP answer of the server; and
// nothing it starts outlives the server: the child that initializes a fresh directory ends when
// the server is killed, and on SIGTERM the server exits 0 with no child left and its lock released.
// Always PGlite, whatever DATABASE_URL says.
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { limitMs, startSandbox as startCli } from 'shipper-rules-testkit'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { LOCK_FILE } from '../src/db/dataDirLock.js'
import { openStore, type Queryable } from '../src/db/store.js'
import { unpackInitdb } from '../src/db/initdbTarball.js'
import { startSandbox } from './support/harness.js'

const INIT = fileURLToPath(new URL('../dist/db/pgliteInit.js', import.meta.url))
const root = mkdtempSync(join(tmpdir(), 'sandbox-pglite-worker-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let dirs = 0
const template = inject('pgliteTemplate')
/** A new PGlite directory: a copy of the run's initialized one when there is one (`fresh`: never). */
const newDir = (fresh = false): string => {
  const dir = join(root, `data-${++dirs}`)
  if (!fresh && template !== undefined && template !== '') cpSync(template, dir, { recursive: true })
  return dir
}
const env = (): NodeJS.ProcessEnv => {
  const e = { ...process.env }
  delete e['DATABASE_URL']
  return e
}

/** The pids of the live processes whose parent is `pid`. */
const childrenOf = (pid: number): number[] =>
  readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .filter((n) => {
      try {
        const stat = readFileSync(`/proc/${n}/stat`, 'utf8')
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
        return Number(fields[1]) === pid && fields[0] !== 'Z'
      } catch {
        return false
      }
    })
    .map(Number)

const alive = (pid: number): boolean => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z'
  } catch {
    return false
  }
}

/** Polls `ok` until it holds or `ms` ran out; whether it held. */
const until = async (ok: () => boolean, ms: number): Promise<boolean> => {
  const deadline = Date.now() + ms
  while (!ok()) {
    if (Date.now() > deadline) return false
    await new Promise((r) => setTimeout(r, 20))
  }
  return true
}

describe('PGlite off the event loop', () => {
  it('a long query holds neither a timer nor a /healthz answer of the server', async () => {
    const dataDir = newDir()
    const sandbox = await startSandbox({ dataDir })
    try {
      expect(sandbox.store.kind).toBe('pglite')
      // in one thread with the server, this query would hold the event loop for all of sleepMs
      const sleepMs = limitMs(500)
      let worst = 0
      let ticks = 0
      let last = performance.now()
      const timer = setInterval(() => {
        const now = performance.now()
        worst = Math.max(worst, now - last)
        last = now
        ticks++
      }, 10)
      const started = performance.now()
      const query = sandbox.store.query<{ slept: string }>('SELECT pg_sleep($1::float8 / 1000)::text AS slept', [sleepMs]).then(() => 'query' as const)
      const health = sandbox.call('GET', '/healthz').then((a) => {
        expect(a.status).toBe(200)
        return 'healthz' as const
      })
      expect(await Promise.race([query, health])).toBe('healthz')
      await query
      const elapsed = performance.now() - started
      clearInterval(timer)
      expect(elapsed).toBeGreaterThanOrEqual(sleepMs * 0.9)
      expect(ticks).toBeGreaterThan(0)
      expect(worst).toBeLessThan(sleepMs / 2)
    } finally {
      await sandbox.stop()
    }
  })

  it('runs PGlite with the optimizing WebAssembly compiler too (--pglite-compiler optimizing; every other test runs the baseline): the same statements, the same answers', async () => {
    const store = await openStore({ dataDir: newDir(), pgliteCompiler: 'optimizing' })
    try {
      await store.query('CREATE TABLE compiled (n int NOT NULL)')
      await store.query('INSERT INTO compiled (n) SELECT generate_series(1, $1::int)', [100])
      expect(await store.query<{ s: number }>('SELECT sum(n)::int AS s FROM compiled WHERE n > $1', [50])).toEqual([{ s: 3775 }])
    } finally {
      await store.close()
    }
  })

  it('one transaction at a time: what comes meanwhile waits for its end and sees its commit; a rollback keeps nothing; a statement after the end is refused', async () => {
    const store = await openStore({ dataDir: newDir() })
    try {
      await store.query('CREATE TABLE worker_order (n int NOT NULL, note text)')
      let release: () => void = () => undefined
      const held = new Promise<void>((r) => (release = r))
      let inside: Promise<unknown> | undefined
      let leaked: Queryable | undefined
      const events: string[] = []
      const first = store.transaction(async (tx) => {
        await tx.query('INSERT INTO worker_order (n, note) VALUES ($1, $2)', [1, 'first'])
        events.push('first inserted')
        await held
        // two statements at once inside the transaction: both run in it, in order
        inside = Promise.all([tx.query('INSERT INTO worker_order (n) VALUES ($1)', [2]), tx.query<{ c: number }>('SELECT count(*)::int AS c FROM worker_order WHERE n <= $1', [2])])
        await inside
        leaked = tx
        events.push('first done')
      })
      // an autocommit read and another transaction, sent while the first is open: they wait for its end
      while (!events.includes('first inserted')) await new Promise((r) => setTimeout(r, 5))
      const read = store.query<{ c: number }>('SELECT count(*)::int AS c FROM worker_order WHERE n > $1', [0]).then((rows) => {
        events.push('read')
        return rows[0]?.c
      })
      const second = store
        .transaction(async (tx) => {
          await tx.query('INSERT INTO worker_order (n, note) VALUES ($1, $2)', [3, 'rolled back'])
          throw new Error('roll it back')
        })
        .catch((e: Error) => e.message)
      await new Promise((r) => setTimeout(r, limitMs(50)))
      expect(events).toEqual(['first inserted'])
      release()
      await first
      expect(await inside).toEqual([[], [{ c: 2 }]])
      expect(await read).toBe(2)
      expect(await second).toBe('roll it back')
      expect(events).toEqual(['first inserted', 'first done', 'read'])
      expect(await store.query('SELECT n FROM worker_order ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }])
      // a statement of a transaction that ended is refused, and nothing waits behind it
      await expect(leaked!.query('INSERT INTO worker_order (n) VALUES ($1)', [4])).rejects.toThrow(/is not open/)
      // a failed statement inside a transaction: the transaction rolls back and the error is the database's
      const failed = await store
        .transaction(async (tx) => {
          await tx.query('INSERT INTO worker_order (n) VALUES ($1)', [5])
          await tx.query('INSERT INTO worker_order (n) VALUES ($1)', [null])
        })
        .catch((e: { code?: string }) => e.code)
      expect(failed).toBe('23502')
      expect(await store.query('SELECT n FROM worker_order ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }])

      // a prepared statement's rows (read from the answer's bytes) are those PGlite's own parser makes
      // of the same values (a text without parameters goes through it)
      const values = ['Zoë 東京 "q"', 9007199254740991, { a: [1, 'b'], c: null }, '2026-03-01T12:34:56.789Z', true, '12.50', null, [1, 2], '']
      const columns = ['text', 'int8', 'jsonb', 'timestamptz', 'bool', 'numeric', 'text', 'int[]', 'text']
      const prepared = await store.query(`SELECT ${columns.map((c, i) => `$${i + 1}::${c} AS c${i}`).join(', ')}, NULL::int AS empty FROM worker_order WHERE n = $${columns.length + 1}`, [...values, 1])
      const literal = (v: unknown, c: string) => (v === null ? 'NULL' : `'${(typeof v === 'string' ? v : c === 'int[]' ? `{${(v as number[]).join(',')}}` : JSON.stringify(v)).replaceAll("'", "''")}'`)
      const parsed = await store.query(`SELECT ${columns.map((c, i) => `${literal(values[i], c)}::${c} AS c${i}`).join(', ')}, NULL::int AS empty FROM worker_order WHERE n = 1`)
      expect(prepared).toEqual(parsed)
      expect(prepared[0]).toMatchObject({ c0: values[0], c2: values[2], c4: true, c6: null, c7: [1, 2], c8: '', empty: null })
    } finally {
      await store.close()
    }
  })

  it('the initdb child ends when its server is killed; SIGTERM: exit 0, no child, the lock released', async () => {
    // a parent that forks the initdb child as store.ts does (without the build's initialized
    // directory: initdb, seconds of work), says the child's pid, and is then SIGKILLed
    const fresh = newDir(true)
    const script = `const { fork } = require('node:child_process'); const c = fork(${JSON.stringify(INIT)}, [${JSON.stringify(fresh)}], { stdio: 'ignore' }); process.stdout.write(c.pid + '\\n'); setInterval(() => {}, 1000)`
    const parent = spawn(process.execPath, ['-e', script], { env: env(), stdio: ['ignore', 'pipe', 'ignore'] })
    const parentExited = new Promise<void>((r) => parent.once('exit', () => r()))
    try {
      const init = await new Promise<number>((resolve) => parent.stdout.once('data', (c: Buffer) => resolve(Number(c.toString('utf8').trim()))))
      expect(alive(init)).toBe(true)
      parent.kill('SIGKILL')
      await parentExited
      expect(await until(() => !alive(init), limitMs(15_000))).toBe(true)
    } finally {
      parent.kill('SIGKILL')
    }

    const dataDir = newDir()
    const running = await startCli({ env: env(), dataDir })
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true)
    expect(childrenOf(running.child.pid!)).toEqual([])
    expect(await running.stop()).toBe(0)
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)
  })

  it('the initialized directory is unpacked as it was packed; a name leaving the directory is refused, no file written', () => {
    /** A ustar entry: a 512-byte header (name, octal size, type) and the content padded to 512. */
    const entry = (name: string, type: '0' | '5', content = '') => {
      const header = Buffer.alloc(512)
      header.write(name, 0, 'latin1')
      header.write(content.length.toString(8).padStart(11, '0'), 124, 'latin1')
      header.write(type, 156, 'latin1')
      const body = Buffer.alloc(Math.ceil(content.length / 512) * 512)
      body.write(content, 'latin1')
      return Buffer.concat([header, body])
    }
    const tarball = (entries: Buffer[]) => {
      const file = join(root, `initdb-${++dirs}.tar.gz`)
      writeFileSync(file, gzipSync(Buffer.concat([...entries, Buffer.alloc(1024)])))
      return file
    }
    const good = newDir(true)
    unpackInitdb(tarball([entry('/PG_VERSION', '0', '17\n'), entry('/base', '5'), entry('/base/1', '5'), entry('/base/1/112', '0', 'x'.repeat(700))]), good)
    expect(readFileSync(join(good, 'PG_VERSION'), 'utf8')).toBe('17\n')
    expect(readFileSync(join(good, 'base', '1', '112'), 'utf8')).toBe('x'.repeat(700))

    const bad = newDir(true)
    expect(() => unpackInitdb(tarball([entry('/base', '5'), entry('/../escaped', '0', 'no')]), bad)).toThrow(/names \.\.\/escaped/)
    expect(existsSync(join(bad, '..', 'escaped'))).toBe(false)
    expect(existsSync(join(bad, 'PG_VERSION'))).toBe(false)
  })
})
