// The sandbox's command line, started as an integrator starts it (`shipper-rules-sandbox --port 0
// --quiet …`), for the run's global sandbox (globalSetup.ts) and for a file that needs its own
// (the browser test's, with --cors-origin).
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { scaledLimitMs } from './limits.js'

const BIN = fileURLToPath(new URL('../../../sandbox/bin/shipper-rules-sandbox.js', import.meta.url))
const BANNER = /export SANDBOX=(\S+) KEY=(\S+) TOKEN=(\S+)/

/** How long a start may take at most: a new PGlite directory takes 20 to 30 s on an idle 2-core machine; 3 minutes, scaled by the load. */
export const START_LIMIT_MS = scaledLimitMs(180_000)

export interface SandboxCli {
  readonly child: ChildProcess
  /** `http://127.0.0.1:<port>` */
  readonly base: string
  /** The ready-made company's key and token, as the banner printed them. */
  readonly key: string
  readonly token: string
}

/**
 * Starts the CLI with `args` (after `--port 0 --quiet`; the environment passes through, so
 * DATABASE_URL selects PostgreSQL) and resolves once it printed its banner; rejects at once if the
 * process exits or cannot start, and after START_LIMIT_MS if no banner came (the process killed).
 */
export const startSandboxCli = async (args: ReadonlyArray<string>): Promise<SandboxCli> => {
  const child = spawn(process.execPath, [BIN, '--port', '0', '--quiet', ...args], { stdio: ['ignore', 'ignore', 'pipe'], env: process.env })
  let stderr = ''
  try {
    const banner = await new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the sandbox printed no banner within ${START_LIMIT_MS} ms:\n${stderr}`)), START_LIMIT_MS)
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8')
        const found = BANNER.exec(stderr)
        if (found !== null) {
          clearTimeout(timer)
          resolve(found)
        }
      })
      child.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(new Error(`the sandbox exited (${code ?? signal}) before its banner:\n${stderr}`))
      })
      child.once('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
    })
    return { child, base: banner[1]!, key: banner[2]!, token: banner[3]! }
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
}

/** SIGTERM, resolved once the process exited (at once if it already has). */
export const stopSandboxCli = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
