// The sandbox's command line, started as a newcomer starts it, with the banner it prints.
import { spawn, type ChildProcess } from 'node:child_process'
import { availableParallelism, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'

export const BIN = fileURLToPath(new URL('../../bin/shipper-rules-sandbox.js', import.meta.url))

/**
 * A limit for waiting on a child process: `baseMs` on an idle machine, multiplied by the machine's
 * load per core (1-minute load average over the cores, at least 1, at most 10) when the suite
 * starts, so a machine busy with other work never fails a test that would pass on an idle one.
 * SANDBOX_TEST_LIMIT_FACTOR sets the factor instead (say 20 on a very slow machine). A limit only
 * bounds a wait for a signal (a banner, an exit): nothing is asserted about how long it took.
 */
export const scaledLimitMs = (baseMs: number): number => {
  const fromEnv = Number(process.env['SANDBOX_TEST_LIMIT_FACTOR'])
  const factor = Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : Math.min(10, Math.max(1, loadavg()[0]! / availableParallelism()))
  return Math.round(baseMs * factor)
}

/** How long startCli waits for the banner at most: 3 minutes on an idle machine (a start takes seconds there), scaled by the load. */
export const START_LIMIT_MS = scaledLimitMs(180_000)

/** The timeout of a test that starts the CLI `starts` times: the start limit for each, and a scaled minute for the rest of the test. */
export const testLimitMs = (starts = 1): number => starts * START_LIMIT_MS + scaledLimitMs(60_000)

/**
 * Starts the CLI on a free port and resolves once it printed its banner (the signal it is ready);
 * rejects at once if the process exits first, and after START_LIMIT_MS if it never prints it.
 */
export const startCli = async (dataArgs: ReadonlyArray<string>, env: NodeJS.ProcessEnv = process.env): Promise<{ child: ChildProcess; base: string; key: string; token: string; banner: string }> => {
  const child = spawn(process.execPath, [BIN, '--port', '0', '--quiet', ...dataArgs], { stdio: ['ignore', 'pipe', 'pipe'], env })
  let banner = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`no banner within ${START_LIMIT_MS} ms: ${banner}`))
    }, START_LIMIT_MS)
    child.stderr!.on('data', (chunk: Buffer) => {
      banner += chunk.toString('utf8')
      if (/export SANDBOX=\S+ KEY=\S+ TOKEN=\S+/.test(banner)) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`exited ${code}: ${banner}`))
    })
  })
  const [, base, key, token] = /export SANDBOX=(\S+) KEY=(\S+) TOKEN=(\S+)/.exec(banner)!
  return { child, base: base!, key: key!, token: token!, banner }
}

export const stop = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => {
    child.once('exit', (code) => resolve(code))
    child.kill('SIGTERM')
  })

