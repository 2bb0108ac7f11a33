// The server the stateful tests run against: the workspace's sandbox (the globalSetup's
// `inject('sandbox')`), and what a proxy in front of it breaks on purpose (shipper-rules-testkit's
// faultProxy, with a request or answer rewrite), so a test can show that a check catches it.
import type { FaultProxyOptions } from 'shipper-rules-testkit'
import { defaultConfig } from 'shipper-rules'
import { inject } from 'vitest'
import type { SandboxInfo } from '../support/globalSetup.js'
import { Http } from '../../src/http.js'
import type { KitContext } from '../../src/check.js'

export interface Sandbox {
  readonly base: string
  readonly main: { readonly token: string; readonly apiKey: string }
  readonly other: { readonly token: string; readonly apiKey: string }
}

/** The workspace's sandbox (test/support/globalSetup.ts) and its two companies. */
export const sandbox = (): Sandbox => {
  const info: SandboxInfo = inject('sandbox')
  return { base: info.baseUrl, main: { token: info.token, apiKey: info.apiKey }, other: { token: info.otherToken, apiKey: info.otherApiKey } }
}

/** A KitContext on a server (the sandbox, or a proxy in front of it), with the sandbox's two companies. */
export const kitContext = (s: Sandbox, baseUrl: string, options: { runs?: number; seed?: number; controls?: 'sandbox' | 'none' } = {}): KitContext => ({
  http: new Http({ baseUrl, main: s.main, other: s.other }),
  controls: options.controls ?? 'sandbox',
  hasOtherCompany: true,
  runs: options.runs ?? 10,
  seed: options.seed ?? 27,
  marker: `CONFORMANCE-test${Date.now().toString(36)}`,
  // the workspace's sandbox runs with the library's defaults
  config: defaultConfig,
  declaration: { source: 'default', note: 'the workspace sandbox runs with the library defaults' },
})

/** What a deliberately broken server changes: the request before it goes to the sandbox, the sandbox's answer before it goes back. */
export type Breakage = Pick<FaultProxyOptions, 'request' | 'answer'>
