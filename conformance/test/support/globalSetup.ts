// One sandbox CLI for the kit's whole test run, started as a newcomer starts it
// (shipper-rules-testkit's startSandbox), and a second company made through the operator control:
// the tests get both companies' credentials by inject(). With DATABASE_URL set the sandbox uses
// that PostgreSQL server (no data directory). --auth-failure-limit is raised: the auth matrix makes
// 60 failed authentications a run, and the default (20 a minute per address) would make the kit
// wait out minutes of 429s (which it does, politely, against a real server: src/http.ts).
import { startSandbox } from 'shipper-rules-testkit'
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

const OPERATOR_TOKEN = 'conformance-suite-operator-token-0123456789'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const sandbox = await startSandbox({ operatorToken: OPERATOR_TOKEN, args: ['--auth-failure-limit', '1000000'] })
  try {
    const res = await fetch(`${sandbox.baseUrl}/sandbox/companies`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Conformance Other ${Date.now()}` }),
    })
    if (res.status !== 201) throw new Error(`POST /sandbox/companies answered ${res.status}: ${await res.text()}`)
    const other = (await res.json()) as { token: string; apiKey: string }
    project.provide('sandbox', { baseUrl: sandbox.baseUrl, token: sandbox.token, apiKey: sandbox.apiKey, otherToken: other.token, otherApiKey: other.apiKey })
  } catch (error) {
    await sandbox.stop()
    throw error
  }
  return async () => {
    await sandbox.stop()
  }
}
