// One way to start the sandbox's command line for tests and scripts, as an integrator starts it
// (`shipper-rules-sandbox --port 0 --quiet --ready-json …`): ready when it prints its one JSON line
// on standard output, so nothing parses the human banner (standard error, kept for tests of it).
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { limitMs } from './limits.js'

/** The sandbox's command line in this repository. */
export const SANDBOX_BIN = fileURLToPath(new URL('../../sandbox/bin/shipper-rules-sandbox.js', import.meta.url))

/** The line `--ready-json` prints once the sandbox serves: every value of its banner. */
export interface ReadyLine {
  readonly baseUrl: string
  readonly operatorToken: string | null
  readonly companyId: string
  readonly companyName: string
  readonly apiKey: string
  readonly token: string
  readonly database: 'pglite' | 'postgres'
  readonly dataDir: string | null
  readonly apiDocsUrl: string
  readonly sandboxDocsUrl: string
  readonly healthUrl: string
  readonly readyUrl: string
  readonly corsOrigins: ReadonlyArray<string>
  /** Present once the sandbox serves a console (a later capability). */
  readonly consoleUrl?: string
}

/** A company's credentials (the ready-made one, or one made with the operator control). */
export interface Company {
  readonly companyId: string
  readonly companyName: string
  readonly apiKey: string
  readonly token: string
}

export interface StartSandboxOptions {
  /** Further arguments after `--port 0 --quiet --ready-json` (say `--cors-origin`, `--auth-failure-limit`). */
  readonly args?: ReadonlyArray<string>
  /**
   * The PGlite data directory (`--data-dir`), kept on stop (a test that restarts on it owns it).
   * Without it, and without DATABASE_URL in `env`, a fresh temporary directory, removed on stop.
   */
  readonly dataDir?: string
  /** A PGlite directory to copy into the fresh one instead of initializing it (see {@link pgliteTemplate}); ignored with `dataDir` or DATABASE_URL. */
  readonly template?: string
  /** The operator token to start with (`--operator-token`); else the sandbox draws one, read back as `operatorToken`. */
  readonly operatorToken?: string
  /** The child's environment (default this process's: DATABASE_URL selects PostgreSQL). */
  readonly env?: NodeJS.ProcessEnv
  /** Node flags for the child (say `--cpu-prof`). */
  readonly nodeFlags?: ReadonlyArray<string>
  /** Another build of the command line (a mutated copy); default {@link SANDBOX_BIN}. */
  readonly bin?: string
  /** Request logs (pino, on standard output) instead of `--quiet`. */
  readonly logs?: boolean
  /** How long to wait for the ready line at most; default 3 minutes on an idle machine, scaled by the load ({@link limitMs}). */
  readonly startLimitMs?: number
}

export interface RunningSandbox {
  /** `http://127.0.0.1:<port>` */
  readonly baseUrl: string
  /** The operator token (given, or drawn by the sandbox). */
  readonly operatorToken: string
  /** The ready-made company. */
  readonly company: Company
  /** The ready-made company's key and token (as `company`'s). */
  readonly apiKey: string
  readonly token: string
  /** The whole ready line. */
  readonly ready: ReadyLine
  /** What the sandbox wrote on standard error until it was ready: the human banner. */
  readonly banner: string
  /** The data directory in use (undefined on PostgreSQL). */
  readonly dataDir: string | undefined
  readonly child: ChildProcess
  /** SIGTERM, then resolves with the exit code once the process exited (at once if it had); removes the data directory the kit made. */
  stop(): Promise<number | null>
}

/** The ready line among standard output's lines (request logs are JSON lines too, without these fields). */
const readyLineOf = (line: string): ReadyLine | undefined => {
  if (!line.startsWith('{')) return undefined
  try {
    const value: unknown = JSON.parse(line)
    if (typeof value !== 'object' || value === null) return undefined
    const ready = value as Record<string, unknown>
    return typeof ready['baseUrl'] === 'string' && typeof ready['apiKey'] === 'string' && typeof ready['token'] === 'string' ? (value as ReadyLine) : undefined
  } catch {
    return undefined
  }
}

const exited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null

const stopChild = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => {
    if (exited(child)) return resolve(child.exitCode)
    child.once('exit', (code) => resolve(code))
    child.kill('SIGTERM')
  })

/**
 * Starts the sandbox on 127.0.0.1 and a free port and resolves once it printed its ready line;
 * rejects at once if the process exits or cannot start, and after the start limit if it never
 * gets ready (the process killed). The child's standard output and error are drained for its life.
 */
export const startSandbox = async (options: StartSandboxOptions = {}): Promise<RunningSandbox> => {
  const env = options.env ?? process.env
  const onPostgres = (env['DATABASE_URL'] ?? '') !== ''
  const ownDir = options.dataDir === undefined && !onPostgres ? mkdtempSync(join(tmpdir(), 'shipper-sandbox-')) : undefined
  if (ownDir !== undefined && options.template !== undefined && options.template !== '') cpSync(options.template, ownDir, { recursive: true })
  const dataDir = options.dataDir ?? ownDir
  const removeOwnDir = () => {
    if (ownDir !== undefined) rmSync(ownDir, { recursive: true, force: true })
  }
  const args = [
    ...(options.nodeFlags ?? []),
    options.bin ?? SANDBOX_BIN,
    '--port',
    '0',
    ...(options.logs === true ? [] : ['--quiet']),
    '--ready-json',
    ...(dataDir !== undefined && !onPostgres ? ['--data-dir', dataDir] : []),
    ...(options.operatorToken !== undefined ? ['--operator-token', options.operatorToken] : []),
    ...(options.args ?? []),
  ]
  const startLimit = options.startLimitMs ?? limitMs(180_000)
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env })
  let stderr = ''
  let stdout = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8')
  })
  let ready: ReadyLine
  try {
    ready = await new Promise<ReadyLine>((resolve, reject) => {
      let found = false
      const timer = setTimeout(() => reject(new Error(`the sandbox was not ready within ${startLimit} ms:\n${stderr}`)), startLimit)
      child.stdout!.on('data', (chunk: Buffer) => {
        if (found) return
        stdout += chunk.toString('utf8')
        const lines = stdout.split('\n')
        stdout = lines.pop() ?? ''
        for (const line of lines) {
          const parsed = readyLineOf(line.trim())
          if (parsed !== undefined) {
            found = true
            clearTimeout(timer)
            resolve(parsed)
            return
          }
        }
      })
      child.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(new Error(`the sandbox exited (${code ?? signal}) before it was ready:\n${stderr}`))
      })
      child.once('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
    })
  } catch (error) {
    child.kill('SIGKILL')
    await new Promise<void>((resolve) => (exited(child) ? resolve() : child.once('exit', () => resolve())))
    removeOwnDir()
    throw error
  }
  // the banner went to standard error (a pipe: written synchronously) before the ready line: let
  // the loop deliver what is already readable before reading it
  await new Promise<void>((resolve) => setImmediate(resolve))
  await new Promise<void>((resolve) => setImmediate(resolve))
  const company: Company = { companyId: ready.companyId, companyName: ready.companyName, apiKey: ready.apiKey, token: ready.token }
  return {
    baseUrl: ready.baseUrl,
    operatorToken: ready.operatorToken ?? options.operatorToken ?? '',
    company,
    apiKey: ready.apiKey,
    token: ready.token,
    ready,
    banner: stderr,
    dataDir: onPostgres ? undefined : dataDir,
    child,
    stop: async () => {
      const code = await stopChild(child)
      removeOwnDir()
      return code
    },
  }
}

/**
 * A PGlite data directory initialized once per test run (a vitest globalSetup makes it), to copy
 * into each fresh one instead of initializing it again: a fresh PGlite directory takes seconds to
 * tens of seconds (initdb and the migrations), a copy a fraction of a second. `init` initializes
 * `dir` (say the sandbox's own openStore and close: the migrations only, so that every copy draws
 * its own secrets and ready-made company); without it a sandbox started and stopped on it (copies
 * then share its secrets and ready-made company). Undefined on PostgreSQL (DATABASE_URL in `env`).
 * Remove it with `rmSync(dir, { recursive: true })` when the run ends.
 */
export const pgliteTemplate = async (options: Pick<StartSandboxOptions, 'env' | 'bin' | 'startLimitMs'> & { readonly init?: (dir: string) => Promise<void> } = {}): Promise<string | undefined> => {
  const env = options.env ?? process.env
  if ((env['DATABASE_URL'] ?? '') !== '') return undefined
  const dir = mkdtempSync(join(tmpdir(), 'shipper-sandbox-template-'))
  try {
    if (options.init !== undefined) await options.init(dir)
    else {
      const { init: _init, ...startOptions } = options
      const sandbox = await startSandbox({ ...startOptions, dataDir: dir })
      const code = await sandbox.stop()
      if (code !== 0) throw new Error(`the template's sandbox exited ${code}`)
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  return dir
}

/** A fresh temporary directory holding a copy of `template` (a {@link pgliteTemplate}). */
export const copyOfTemplate = (template: string, prefix = 'shipper-sandbox-'): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  cpSync(template, dir, { recursive: true })
  return dir
}
