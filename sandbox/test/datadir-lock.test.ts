// One process per PGlite data directory (src/db/dataDirLock.ts). Two processes on one directory
// would each keep their own copy and write it back over the other's, losing what one of them
// acknowledged: a second server, or `keys create`, on a directory in use refuses with a one-line
// message naming the directory and the process holding it, and exit code 1, while the first keeps
// serving with its data intact. A lock left by a process that is gone (SIGKILL; a pid since reused
// by another process) is taken over. The lock is PGlite's: this file always uses fresh PGlite
// directories, DATABASE_URL or not. Each command-line start costs seconds of CPU: the command line
// is started where only it can show the behaviour (its refusal, its SIGTERM, a SIGKILL), and the
// takeover rules themselves are checked on lockDataDir, which every start goes through.
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { limitMs, SANDBOX_BIN as BIN, startSandbox } from 'shipper-rules-testkit'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { LOCK_FILE, lockDataDir } from '../src/db/dataDirLock.js'
import { DataDirectoryInUseError, openStore } from '../src/db/store.js'
import { createBody } from './support/harness.js'

const root = mkdtempSync(join(tmpdir(), 'sandbox-lock-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let dirs = 0
// A new data directory: a copy of the run's initialized one (support/globalSetup.ts) when there is
// one, else an empty path the sandbox initializes. The lock is the subject here, not initialization.
const template = inject('pgliteTemplate')
const freshDir = (): string => {
  const dir = join(root, `data-${++dirs}`)
  if (template !== undefined && template !== '') cpSync(template, dir, { recursive: true })
  return dir
}

/** The CLI's environment without DATABASE_URL: these directories are PGlite's. */
const env = (): NodeJS.ProcessEnv => {
  const e = { ...process.env }
  delete e['DATABASE_URL']
  return e
}

/** Runs the CLI to its end (killed after a scaled minute if it never ends); its exit code and stderr. */
const runCli = (args: ReadonlyArray<string>): Promise<{ code: number | null; stderr: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: env(), stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')))
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs(60_000))
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr })
    })
  })

const lockOf = (dir: string) => JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: number; host: string; procStart: string | null; since: string }

/** The pid of a process that has ended. */
const deadPid = (): Promise<number> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' })
    child.once('exit', () => resolve(child.pid!))
  })

const create = async (server: { baseUrl: string; apiKey: string; token: string }, description: string) => {
  const r = await fetch(`${server.baseUrl}/v1/shipper/shipment`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'x-service-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(createBody({ description })),
  })
  expect(r.status).toBe(200)
  return ((await r.json()) as { orderNumber: string }).orderNumber
}

const read = async (server: { baseUrl: string; apiKey: string; token: string }, orderNumber: string) =>
  fetch(`${server.baseUrl}/v1/shipper/shipment/${orderNumber}`, { headers: { authorization: `Bearer ${server.token}`, 'x-service-api-key': server.apiKey } })

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('the PGlite data directory is locked by the process that opened it', () => {
  it('a second server and `keys create` on a directory in use refuse (message, exit 1); the first serves on, its data intact; SIGTERM releases the lock, SIGKILL leaves it and the next start takes it over, with the data', async () => {
    const dir = freshDir()
    const first = await startSandbox({ dataDir: dir, env: env() })
    try {
      const pid = first.child.pid!
      expect(lockOf(dir)).toMatchObject({ pid, host: hostname() })
      const before = await create(first, 'Before the second start')

      const refusal = new RegExp(`^shipper-rules-sandbox: the data directory ${escaped(dir)} is in use by process ${pid} \\(since [^)]+\\); stop that process first`)
      const second = await runCli(['--port', '0', '--quiet', '--data', dir])
      expect(second.code).toBe(1)
      expect(second.stderr).toMatch(refusal)
      expect(second.stderr.trim().split('\n')).toHaveLength(1)
      expect(second.stderr).not.toMatch(/listening on/)
      const keys = await runCli(['keys', 'create', '--company', 'Second Process Inc', '--data', dir])
      expect(keys.code).toBe(1)
      expect(keys.stderr).toMatch(refusal)
      expect(keys.stderr.trim().split('\n')).toHaveLength(1)

      // the holder is untouched: its lock, its data, and it serves
      expect(lockOf(dir).pid).toBe(pid)
      expect((await read(first, before)).status).toBe(200)
      const after = await create(first, 'After the refusals')

      // stopped (SIGTERM), it removes its lock, and everything it acknowledged is there next time
      expect(await first.stop()).toBe(0)
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
      const third = await startSandbox({ dataDir: dir, env: env() })
      let fourth: Awaited<ReturnType<typeof startSandbox>> | undefined
      try {
        for (const order of [before, after]) expect((await read(third, order)).status).toBe(200)
        const last = await create(third, 'Before the SIGKILL')

        // SIGKILL leaves a stale lock; the next start takes it over, with the data
        const killed = new Promise((resolve) => third.child.once('exit', (_code, signal) => resolve(signal)))
        third.child.kill('SIGKILL')
        expect(await killed).toBe('SIGKILL')
        expect(lockOf(dir).pid).toBe(third.child.pid) // left behind
        fourth = await startSandbox({ dataDir: dir, env: env() })
        expect(lockOf(dir).pid).toBe(fourth.child.pid)
        for (const order of [before, after, last]) expect((await read(fourth, order)).status).toBe(200)
        expect(await fourth.stop()).toBe(0)
        expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
      } finally {
        for (const s of [third, fourth]) if (s !== undefined && s.child.exitCode === null && s.child.signalCode === null) await s.stop()
      }
    } finally {
      if (first.child.exitCode === null && first.child.signalCode === null) await first.stop()
    }
  }, Math.max(240_000, limitMs(4 * 180_000 + 60_000))) // four starts

  it('`keys create` holds the lock while it runs and removes it when done', async () => {
    const dir = freshDir()
    const keys = await runCli(['keys', 'create', '--company', 'Lock Test Inc', '--data', dir])
    expect(keys.code).toBe(0)
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
  }, Math.max(120_000, limitMs(2 * 180_000 + 60_000)))

  it('in one process too: a second store on an open directory is refused; after close it opens', async () => {
    const dir = freshDir()
    const store = await openStore({ dataDir: dir })
    try {
      const error = await openStore({ dataDir: dir }).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(DataDirectoryInUseError)
      expect((error as Error).message).toContain(`is in use by process ${process.pid}`)
    } finally {
      await store.close()
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
    await (await openStore({ dataDir: dir })).close()
  }, Math.max(120_000, limitMs(2 * 180_000 + 60_000)))

  it('a stale lock is taken over: its process is gone, or its pid now belongs to another process; a live holder keeps it', async () => {
    // a process that has ended
    const dir = join(root, `lock-${++dirs}`)
    mkdirSync(dir, { recursive: true })
    const gone = await deadPid()
    const stale = { pid: gone, host: hostname(), procStart: null, since: '2026-01-01T00:00:00.000Z' }
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(stale))
    const stat = process.platform === 'linux' ? readFileSync('/proc/self/stat', 'utf8') : undefined
    const myStart = stat === undefined ? null : stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
    const taken = await lockDataDir(dir)
    expect(lockOf(dir)).toMatchObject({ pid: process.pid, host: hostname(), procStart: myStart })
    taken.release()
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)

    // a live pid (this test's process) with another start marker: the pid was reused, the lock is stale
    if (process.platform === 'linux') {
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ ...stale, pid: process.pid, procStart: '1' }))
      const again = await lockDataDir(dir)
      expect(lockOf(dir)).toMatchObject({ pid: process.pid, procStart: myStart })
      again.release()
    }

    // while the same live pid with its own marker holds it: refused, in process and by the command line
    const mine = { ...stale, pid: process.pid, procStart: myStart }
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(mine))
    const error = await lockDataDir(dir).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(DataDirectoryInUseError)
    expect(lockOf(dir)).toEqual(mine) // untouched
    const refused = await runCli(['--port', '0', '--quiet', '--data', dir])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`is in use by process ${process.pid}`)
    rmSync(join(dir, LOCK_FILE))
  }, Math.max(120_000, limitMs(180_000 + 60_000))) // one refused start
})
