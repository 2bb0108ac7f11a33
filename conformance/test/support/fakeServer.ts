// A deliberately broken server for the kit's tests: a tiny node:http proxy in front of the
// sandbox that forwards every request and answers as the sandbox did, except for the one way it is
// wrong (a `mutate` function rewriting some answers). It listens on 127.0.0.1 only.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Answer {
  status: number
  headers: Record<string, string>
  body: string
}

/** What the fake saw: the request's method, path (with query) and body text. */
export interface Asked {
  readonly method: string
  readonly path: string
  readonly body: string
}

export type Mutate = (asked: Asked, answer: Answer) => Answer

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })

/** Starts the fake in front of `upstream`; resolves to its base URL and a close function. */
export const startFake = async (upstream: string, mutate: Mutate): Promise<{ baseUrl: string; close: () => Promise<void> }> => {
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req)
      const headers: Record<string, string> = {}
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length' && k !== 'connection') headers[k] = v
      const up = await fetch(upstream + (req.url ?? '/'), {
        method: req.method ?? 'GET',
        headers,
        ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
        redirect: 'manual',
      })
      const text = await up.text()
      const upHeaders: Record<string, string> = {}
      up.headers.forEach((v, k) => {
        if (k !== 'content-length' && k !== 'transfer-encoding' && k !== 'connection' && k !== 'keep-alive' && k !== 'content-encoding') upHeaders[k] = v
      })
      const answer = mutate({ method: req.method ?? 'GET', path: req.url ?? '/', body: body.toString('utf8') }, { status: up.status, headers: upHeaders, body: text })
      res.writeHead(answer.status, { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)) })
      res.end(answer.body)
    })().catch((e: unknown) => {
      res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(String(e))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The answer's JSON body, or undefined. */
export const jsonOf = (a: Answer): Record<string, unknown> | undefined => {
  try {
    const j: unknown = JSON.parse(a.body)
    return typeof j === 'object' && j !== null && !Array.isArray(j) ? (j as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}
