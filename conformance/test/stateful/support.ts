// The server the stateful tests run against: the workspace's sandbox (the globalSetup's
// `inject('sandbox')`), and a proxy in front of it that breaks one thing on purpose, so a test can
// show that a check catches it.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
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
})

export interface Forwarded {
  method: string
  url: string
  headers: Record<string, string>
  body: Buffer
}

export interface Answer {
  status: number
  headers: Record<string, string>
  body: Buffer
}

export interface Breakage {
  /** Changes the request before it goes to the sandbox. */
  readonly request?: (r: Forwarded) => Forwarded
  /** Changes the sandbox's answer before it goes back. */
  readonly answer?: (r: Forwarded, a: Answer) => Answer
}

const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host'])

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })

/** A proxy on 127.0.0.1 in front of `target` that breaks one thing (a deliberately wrong server); resolves with its URL and a close. */
export const brokenProxy = async (target: string, breakage: Breakage): Promise<{ url: string; close: () => Promise<void> }> => {
  const server: Server = createServer((req, res) => {
    void (async () => {
      const headers: Record<string, string> = {}
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !HOP.has(k)) headers[k] = v
      let fwd: Forwarded = { method: req.method ?? 'GET', url: req.url ?? '/', headers, body: await readBody(req) }
      if (breakage.request !== undefined) fwd = breakage.request(fwd)
      const r = await fetch(target + fwd.url, {
        method: fwd.method,
        headers: fwd.headers,
        ...(fwd.body.length > 0 ? { body: new Uint8Array(fwd.body) } : {}),
      })
      const out: Record<string, string> = {}
      r.headers.forEach((v, k) => {
        if (!HOP.has(k) && k !== 'content-encoding') out[k] = v
      })
      let answer: Answer = { status: r.status, headers: out, body: Buffer.from(await r.arrayBuffer()) }
      if (breakage.answer !== undefined) answer = breakage.answer(fwd, answer)
      res.writeHead(answer.status, answer.headers)
      res.end(answer.body)
    })().catch((e: unknown) => {
      res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(String(e))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A JSON answer with another body (the status kept unless given). */
export const jsonAnswer = (a: Answer, json: unknown, status = a.status): Answer => ({
  status,
  headers: { ...a.headers, 'content-type': 'application/json; charset=utf-8' },
  body: Buffer.from(JSON.stringify(json)),
})
