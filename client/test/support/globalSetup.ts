// vitest globalSetup of the client's suite: ONE sandbox CLI for the whole run, started as an
// integrator starts it (shipper-rules-testkit's startSandbox: `shipper-rules-sandbox --port 0`), on
// a fresh PGlite data directory, or on the PostgreSQL server of DATABASE_URL when the environment
// names one (the CLI reads it itself; CI's PostgreSQL run sets it). The end-to-end files read
// { base, operatorToken, key, token } with `inject` and make their own companies, so they never
// share orders.
import { startSandbox } from 'shipper-rules-testkit'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The sandbox's base URL, `http://127.0.0.1:<port>`. */
    base: string
    /** The operator token the sandbox was started with: POST /sandbox/companies takes it. */
    operatorToken: string
    /** The ready-made company's API key and token, as the sandbox's ready line gave them. */
    key: string
    token: string
  }
}

/** Fixed for the run (the CLI takes 24 to 512 characters of A-Z a-z 0-9 - . _ ~ + /): tests need it to make companies. */
export const OPERATOR_TOKEN = 'sbxopClientE2eOperatorToken0123456789abcdef'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = await startSandbox({ operatorToken: OPERATOR_TOKEN })
  project.provide('base', started.baseUrl)
  project.provide('operatorToken', started.operatorToken)
  project.provide('key', started.apiKey)
  project.provide('token', started.token)
  return async () => {
    await started.stop()
  }
}
