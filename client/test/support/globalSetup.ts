// vitest globalSetup of the client's suite: ONE sandbox CLI for the whole run, started as an
// integrator starts it (`shipper-rules-sandbox --port 0`), on a fresh PGlite data directory, or on
// the PostgreSQL server of DATABASE_URL when the environment names one (the CLI reads it itself;
// CI's PostgreSQL run sets it). The end-to-end files read { base, operatorToken, key, token } with
// `inject` and make their own companies, so they never share orders.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startSandboxCli, stopSandboxCli } from './sandboxCli.js'

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

/** Fixed for the run (the CLI takes 24 to 512 characters of A-Z a-z 0-9 - . _ ~ + /): tests need it to make companies. */
export const OPERATOR_TOKEN = 'sbxopClientE2eOperatorToken0123456789abcdef'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'client-e2e-sandbox-'))
  let started
  try {
    started = await startSandboxCli(['--data-dir', dataDir, '--operator-token', OPERATOR_TOKEN])
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  project.provide('base', started.base)
  project.provide('operatorToken', OPERATOR_TOKEN)
  project.provide('key', started.key)
  project.provide('token', started.token)
  return async () => {
    await stopSandboxCli(started.child)
    rmSync(dataDir, { recursive: true, force: true })
  }
}
