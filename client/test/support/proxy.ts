// A small fault-injecting HTTP proxy in front of the sandbox (issue 26, Tests): a node:http server
// on 127.0.0.1 and a random port that forwards each request to the upstream, unless the fault
// planned for it says otherwise. The faults are the ones that make a client's outcome ambiguous
// or tell it to wait:
// - `drop_response_after_commit`: forward, wait for the whole upstream answer (the server has
//   committed), then destroy the client's socket: the client never learns the outcome.
// - `reset_before`: read the request, then reset the connection (TCP RST) without forwarding.
// - `503`: answer 503 with `Retry-After` and a ProblemDetail body, without forwarding.
// - `delay`: forward, wait for the upstream answer, hold it until the client gives up (its socket
//   closes, the sign its attempt timed out) or `holdLimitMs` passes, then drop it.
// - `pass`: forward and answer as the upstream did.
// Every request is recorded with its fault and, when forwarded, the upstream's answer, so a test can
// count what the server really did (how many creates it committed, what X-Request-Id and
// User-Agent it received) even for answers the client never saw.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { scaledLimitMs } from './limits.js'

export type Fault =
  | { readonly kind: 'pass' }
  | { readonly kind: 'drop_response_after_commit' }
  | { readonly kind: 'reset_before' }
  | { readonly kind: '503'; readonly retryAfter: number }
  | { readonly kind: 'delay' }

export type FaultKind = Fault['kind']

export const PASS: Fault = { kind: 'pass' }
export const DROP_AFTER_COMMIT: Fault = { kind: 'drop_response_after_commit' }
export const RESET_BEFORE: Fault = { kind: 'reset_before' }
export const DELAY: Fault = { kind: 'delay' }
export const unavailable = (retryAfter: number): Fault => ({ kind: '503', retryAfter })

export interface UpstreamAnswer {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  readonly body: Buffer
  /** The body parsed when it is JSON, else undefined. */
  readonly json: any
}

export interface ProxyRecord {
  readonly method: string
  /** Path and query, as the client sent them. */
  readonly url: string
  readonly headers: IncomingHttpHeaders
  readonly body: Buffer
  readonly fault: FaultKind
  /** The upstream's answer, when the request was forwarded (whether or not the client got it). */
  upstream?: UpstreamAnswer
}

/** Which requests a planned sequence of faults applies to. */
export interface Match {
  readonly method?: string
  /** Tested against the path without the query string. */
  readonly path?: RegExp
}

export interface FaultProxy {
  /** `http://127.0.0.1:<port>`: give it to the client as its baseUrl. */
  readonly base: string
  /** Every request received, in arrival order. */
  readonly records: ProxyRecord[]
  /**
   * Plans faults: the next requests matching `match` take `faults` in order, one each; once they
   * are used up, matching requests pass. Plans are consulted in the order they were made.
   */
  plan(match: Match, faults: ReadonlyArray<Fault>): void
  /** The faults planned but not yet used (a test checks its plan was played out). */
  pending(): number
  /** Drops every plan and record. */
  reset(): void
  close(): Promise<void>
}

interface Plan {
  readonly match: Match
  readonly faults: Fault[]
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host', 'content-length'])

const readBody = (stream: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => resolve(Buffer.concat(chunks)))
    stream.on('error', reject)
  })

const parseJson = (headers: IncomingHttpHeaders, body: Buffer): unknown => {
  if (!(headers['content-type'] ?? '').includes('json') || body.length === 0) return undefined
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    return undefined
  }
}

const forwardedHeaders = (headers: IncomingHttpHeaders): Record<string, string | string[]> => {
  const out: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value
  return out
}

/** Sends one request to the upstream on a fresh connection and reads its whole answer. */
const forward = (upstream: URL, method: string, url: string, headers: IncomingHttpHeaders, body: Buffer): Promise<UpstreamAnswer> =>
  new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method,
        path: url,
        headers: { ...forwardedHeaders(headers), host: upstream.host, 'content-length': String(body.length) },
        agent: false,
      },
      (incoming) => {
        readBody(incoming).then((bytes) => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: bytes, json: parseJson(incoming.headers, bytes) }), reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })

const answerWith = (res: ServerResponse, answer: UpstreamAnswer): void => {
  const headers = forwardedHeaders(answer.headers)
  res.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) })
  res.end(answer.body)
}

/** Resolves when the socket closes, or after `limitMs` (a bound for a client that never gives up). */
const closedOrAfter = (socket: Socket, limitMs: number): Promise<void> =>
  new Promise((resolve) => {
    if (socket.destroyed) return resolve()
    const timer = setTimeout(resolve, limitMs)
    socket.once('close', () => {
      clearTimeout(timer)
      resolve()
    })
  })

const matches = (match: Match, method: string, url: string): boolean =>
  (match.method === undefined || match.method.toUpperCase() === method.toUpperCase()) &&
  (match.path === undefined || match.path.test(url.split('?')[0] ?? ''))

/**
 * Starts the proxy in front of `upstreamBase`. `holdLimitMs` bounds how long a `delay` fault holds
 * an answer when the client never closes its connection (default a scaled minute); the client's
 * own timeout should be far shorter, so the close is the signal, never this limit.
 */
export const startProxy = async (upstreamBase: string, options: { readonly holdLimitMs?: number } = {}): Promise<FaultProxy> => {
  const upstream = new URL(upstreamBase)
  const holdLimitMs = options.holdLimitMs ?? scaledLimitMs(60_000)
  let plans: Plan[] = []
  const records: ProxyRecord[] = []
  const sockets = new Set<Socket>()

  const nextFault = (method: string, url: string): Fault => {
    for (const plan of plans) if (plan.faults.length > 0 && matches(plan.match, method, url)) return plan.faults.shift()!
    return PASS
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET'
    const url = req.url ?? '/'
    const body = await readBody(req)
    const fault = nextFault(method, url)
    const record: ProxyRecord = { method, url, headers: req.headers, body, fault: fault.kind }
    records.push(record)
    switch (fault.kind) {
      case 'reset_before':
        req.socket.resetAndDestroy()
        return
      case '503': {
        const problem = { type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'Injected by the test proxy.', reason: 'service_unavailable' }
        const bytes = Buffer.from(JSON.stringify(problem))
        res.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': String(fault.retryAfter), 'content-length': String(bytes.length) })
        res.end(bytes)
        return
      }
      case 'pass':
      case 'drop_response_after_commit':
      case 'delay': {
        const answer = await forward(upstream, method, url, req.headers, body)
        record.upstream = answer
        if (fault.kind === 'pass') return answerWith(res, answer)
        if (fault.kind === 'delay') await closedOrAfter(req.socket, holdLimitMs)
        req.socket.destroy()
        return
      }
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // the upstream failed (a refused connection): say so with a 502 the test will see
      if (!res.headersSent && !req.socket.destroyed) {
        res.writeHead(502, { 'content-type': 'text/plain' })
        res.end(`proxy: ${error instanceof Error ? error.message : String(error)}`)
      } else req.socket.destroy()
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    records,
    plan: (match, faults) => {
      plans.push({ match, faults: [...faults] })
    },
    pending: () => plans.reduce((n, plan) => n + plan.faults.length, 0),
    reset: () => {
      plans = []
      records.length = 0
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy()
        server.close((error) => (error === undefined ? resolve() : reject(error)))
      }),
  }
}
