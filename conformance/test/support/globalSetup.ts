// One sandbox CLI for the kit's whole test run, started as a newcomer starts it, and a second
// company made through the operator control: the tests get both companies' credentials by inject().
// With DATABASE_URL set the sandbox uses that PostgreSQL server (the data directory is then unused).
// --auth-failure-limit is raised: the auth matrix makes 60 failed authentications a run, and the
// default (20 a minute per address) would make the kit wait out minutes of 429s (which it does,
// politely, against a real server: src/http.ts).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'

export interface SandboxInfo {
  readonly baseUrl: string
  readonly token: string
  readonly apiKey: string
  readonly otherToken: string
  readonly otherApiKey: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    sandbox: SandboxInfo
  }
}

const BIN = fileURLToPath(new URL('../../../sandbox/bin/shipper-rules-sandbox.js', import.meta.url))
const OPERATOR_TOKEN = 'conformance-suite-operator-token-0123456789'

/** A wait limit scaled by the machine's load, as sandbox/test/support/cli.ts's. */
export const scaledLimitMs = (baseMs: number): number => {
  const fromEnv = Number(process.env['SANDBOX_TEST_LIMIT_FACTOR'])
  const factor = Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : Math.min(10, Math.max(1, loadavg()[0]! / availableParallelism()))
  return Math.round(baseMs * factor)
}

let child: ChildProcess | undefined
let dataDir: string | undefined

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  dataDir = await mkdtemp(join(tmpdir(), 'conformance-sandbox-'))
  const proc = spawn(process.execPath, [BIN, '--port', '0', '--quiet', '--data-dir', dataDir, '--operator-token', OPERATOR_TOKEN, '--auth-failure-limit', '1000000'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: process.env,
  })
  child = proc
  const limit = scaledLimitMs(180_000)
  let banner = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL')
      reject(new Error(`the sandbox printed no banner within ${limit} ms: ${banner}`))
    }, limit)
    proc.stderr!.on('data', (chunk: Buffer) => {
      banner += chunk.toString('utf8')
      if (/export SANDBOX=\S+ KEY=\S+ TOKEN=\S+/.test(banner)) {
        clearTimeout(timer)
        resolve()
      }
    })
    proc.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the sandbox exited ${code}: ${banner}`))
    })
  })
  proc.stdout!.resume()
  const [, baseUrl, apiKey, token] = /export SANDBOX=(\S+) KEY=(\S+) TOKEN=(\S+)/.exec(banner)!
  const res = await fetch(`${baseUrl}/sandbox/companies`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Conformance Other ${Date.now()}` }),
  })
  if (res.status !== 201) throw new Error(`POST /sandbox/companies answered ${res.status}: ${await res.text()}`)
  const other = (await res.json()) as { token: string; apiKey: string }
  project.provide('sandbox', { baseUrl: baseUrl!, token: token!, apiKey: apiKey!, otherToken: other.token, otherApiKey: other.apiKey })
  return async () => {
    if (child !== undefined && child.exitCode === null) {
      const c = child
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve())
        c.kill('SIGTERM')
      })
    }
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true })
  }
}
