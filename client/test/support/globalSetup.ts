// vitest globalSetup of the client's suite: ONE sandbox CLI for the whole run, started as an
// integrator starts it (`shipper-rules-sandbox --port 0`), on a fresh PGlite data directory, or on
// the PostgreSQL server of DATABASE_URL when the environment names one (the CLI reads it itself;
// CI's PostgreSQL run sets it). The end-to-end files read { base, operatorToken, key, token } with
// `inject` and make their own companies, so they never share orders.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { scaledLimitMs } from './limits.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The sandbox's base URL, `http://127.0.0.1:<port>`. */
    base: string
    /** The operator token the sandbox was started with: POST /sandbox/companies takes it. */
    operatorToken: string
    /** The ready-made company's API key and token, as the banner printed them. */
    key: string
    token: string
  }
}

const BIN = fileURLToPath(new URL('../../../sandbox/bin/shipper-rules-sandbox.js', import.meta.url))

/** Fixed for the run (the CLI takes 24 to 512 characters of A-Z a-z 0-9 - . _ ~ + /): tests need it to make companies. */
export const OPERATOR_TOKEN = 'sbxopClientE2eOperatorToken0123456789abcdef'

const BANNER = /export SANDBOX=(\S+) KEY=(\S+) TOKEN=(\S+)/

const stopped = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'client-e2e-sandbox-'))
  // a new PGlite directory takes 20 to 30 s on an idle 2-core machine; 3 minutes, scaled by the load
  const limitMs = scaledLimitMs(180_000)
  const child = spawn(process.execPath, [BIN, '--port', '0', '--quiet', '--data-dir', dataDir, '--operator-token', OPERATOR_TOKEN], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: process.env,
  })
  let stderr = ''
  let banner: RegExpExecArray | null = null
  try {
    banner = await new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the sandbox printed no banner within ${limitMs} ms:\n${stderr}`)), limitMs)
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
  } catch (error) {
    child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  project.provide('base', banner[1]!)
  project.provide('operatorToken', OPERATOR_TOKEN)
  project.provide('key', banner[2]!)
  project.provide('token', banner[3]!)
  return async () => {
    await stopped(child)
    rmSync(dataDir, { recursive: true, force: true })
  }
}
