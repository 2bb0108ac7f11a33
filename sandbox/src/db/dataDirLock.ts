// One process per PGlite data directory. PGlite has no lock of its own: two processes on one
// directory each keep their own copy of the database in memory and write it back over the other's,
// so what one of them acknowledged is lost. The process that opens a directory holds the file
// `sandbox.lock` in it, created atomically (O_CREAT|O_EXCL), holding its pid, its host and a start
// marker (the process's start time from /proc, where there is one), and removes it on close or
// exit. A lock whose process is gone (killed: SIGKILL, a crash, a power cut) is stale and taken
// over; a pid that was reused by another process is told apart by its start marker.
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'

export const LOCK_FILE = 'sandbox.lock'

interface Holder {
  readonly pid: number
  readonly host: string
  /** /proc/<pid>/stat's start time (clock ticks since boot), or null where there is no /proc. */
  readonly procStart: string | null
  readonly since: string
}

/** The data directory is held by a live process: the one-line message names the directory and the pid. */
export class DataDirectoryInUseError extends Error {
  readonly code = 'SBX_DATA_DIR_IN_USE'
  constructor(
    readonly dataDir: string,
    readonly holder: Holder,
  ) {
    super(
      `the data directory ${dataDir} is in use by process ${holder.pid}${holder.host !== hostname() ? ` on host ${holder.host}` : ''} (since ${holder.since}); ` +
        `stop that process first or use another --data directory (${join(dataDir, LOCK_FILE)} is its lock)`,
    )
  }
}

export interface DataDirLock {
  /** Removes the lock file if it is still this one's; safe to call twice. */
  release(): void
}

/** The start time of process `pid` as /proc shows it (field 22 of /proc/<pid>/stat), or null. */
const procStartOf = (pid: number): string | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // the command name (field 2) is in parentheses and may hold spaces: count from after it
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: the process exists but belongs to another user
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Whether the process a lock names still holds it: alive, and the same process (not a reused pid). */
const holds = (holder: Holder): boolean => {
  if (holder.host !== hostname()) return true // cannot be checked from here: assume it does
  if (!isAlive(holder.pid)) return false
  if (holder.procStart === null) return true
  const now = procStartOf(holder.pid)
  return now === null || now === holder.procStart
}

const parse = (text: string): Holder | undefined => {
  try {
    const h = JSON.parse(text) as Partial<Holder>
    if (typeof h.pid === 'number' && Number.isInteger(h.pid) && h.pid > 0 && typeof h.host === 'string' && typeof h.since === 'string' && (typeof h.procStart === 'string' || h.procStart === null))
      return h as Holder
  } catch {
    // not JSON (yet): see readLock
  }
  return undefined
}

const readText = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw e
  }
}

/** Creates `path` holding `content` if no such file exists; false if one does. */
const createExclusive = (path: string, content: string): boolean => {
  let fd: number
  try {
    fd = openSync(path, 'wx')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw e
  }
  try {
    writeSync(fd, content)
  } finally {
    closeSync(fd)
  }
  return true
}

const removeIfThere = (path: string): void => {
  try {
    unlinkSync(path)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
  }
}

/** How long ago `path` was last written, in ms (undefined: it is gone). */
const ageOf = (path: string): number | undefined => {
  try {
    return Date.now() - statSync(path).mtimeMs
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw e
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Takes the lock of `dataDir` (created if missing) for this process, taking over a stale one;
 * rejects with DataDirectoryInUseError when a live process holds it.
 */
export const lockDataDir = async (dataDir: string): Promise<DataDirLock> => {
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  const path = join(dir, LOCK_FILE)
  const guard = `${path}.takeover`
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), procStart: procStartOf(process.pid), since: new Date().toISOString() } satisfies Holder)
  const release = () => {
    process.removeListener('exit', release)
    try {
      if (readText(path) === mine) unlinkSync(path)
    } catch {
      // gone already, or the directory with it
    }
  }
  // Each attempt runs synchronously (no other open in this process can come between its steps);
  // between attempts, a lock being written or a takeover by another process is waited for.
  for (let attempt = 0; attempt < 200; attempt++) {
    if (attempt > 0) await sleep(25)
    if (createExclusive(path, mine)) {
      process.on('exit', release)
      return { release }
    }
    const text = readText(path)
    if (text === undefined) continue // released meanwhile: try again
    const holder = parse(text)
    if (holder === undefined) {
      // created but not written yet by a live process, or left empty by one that died right then:
      // wait a second for the writer before calling it stale
      const age = ageOf(path)
      if (age === undefined || age < 1_000) continue
    } else if (holds(holder)) {
      throw new DataDirectoryInUseError(dir, holder)
    }
    // stale: one process at a time takes it over, under a second, short-lived lock file, removing
    // the lock only if it is still the stale one it judged (another may have taken it over since)
    if (!createExclusive(guard, JSON.stringify({ pid: process.pid }))) {
      // another process is taking over; a guard left by one that died doing so is removed
      const guardText = readText(guard)
      if (guardText === undefined) continue
      let pid: unknown
      try {
        pid = (JSON.parse(guardText) as { pid?: unknown }).pid
      } catch {
        pid = undefined
      }
      const age = ageOf(guard)
      const dead = typeof pid === 'number' ? !isAlive(pid) : age !== undefined && age >= 1_000
      if (dead) removeIfThere(guard)
      continue
    }
    try {
      if (readText(path) === text) removeIfThere(path)
    } finally {
      removeIfThere(guard)
    }
  }
  throw new Error(`could not lock the data directory ${dir}: ${path} keeps changing`)
}
