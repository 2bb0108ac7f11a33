// One fault-injecting HTTP proxy for every package's tests: a node:http server on 127.0.0.1 and a
// free port in front of an upstream (the sandbox). It forwards each request on a fresh connection
// and answers as the upstream did, unless
// - a fault planned for the request says otherwise (the client's retry tests):
//   - `drop_response_after_commit`: forward, wait for the whole upstream answer (the server has
//     committed), then destroy the client's socket: the client never learns the outcome;
//   - `reset_before`: read the request, then reset the connection (TCP RST) without forwarding;
//   - `503`: answer 503 with `Retry-After` and a ProblemDetail body, without forwarding;
//   - `delay`: forward, wait for the upstream answer, hold it until the client gives up (its
//     socket closes, the sign its attempt timed out) or `holdLimitMs` passes, then drop it;
//   - `pass`: forward and answer as the upstream did;
// - or the proxy is wrong on purpose (the kit's tests: a deliberately broken server): `request`
//   rewrites each request before it is forwarded, `answer` each upstream answer before it goes back.
// Every request is recorded with its fault and, when forwarded, the upstream's answer, so a test can
// count what the server really did even for answers the client never saw.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { limitMs } from './limits.js'

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

/** A request as the proxy forwards it: header names in lower case, hop-by-hop headers left out, repeated ones joined with ', '. */
export interface ProxyRequest {
  readonly method: string
  /** Path and query. */
  readonly url: string
  readonly headers: Record<string, string>
  readonly body: Buffer
}

/** An answer (the upstream's, or the one sent back): hop-by-hop headers and content-length left out. */
export interface ProxyAnswer {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: Buffer | string
}

/** The upstream's answer to a forwarded request, as recorded. */
export interface UpstreamAnswer {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: Buffer
  /** The body parsed when it is JSON, else undefined. */
  readonly json: any
}

export interface ProxyRecord {
  readonly method: string
  /** Path and query, as the client sent them (before any `request` rewrite). */
  readonly url: string
  readonly headers: Record<string, string>
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

export interface FaultProxyOptions {
  /** How long a `delay` fault holds an answer when the client never closes (default a scaled minute); the client's own timeout should be far shorter. */
  readonly holdLimitMs?: number
  /** Rewrites each request before it is forwarded (a wrong server on purpose). */
  readonly request?: (request: ProxyRequest) => ProxyRequest
  /** Rewrites each upstream answer before it goes back (a wrong server on purpose). */
  readonly answer?: (request: ProxyRequest, answer: ProxyAnswer & { readonly body: Buffer }) => ProxyAnswer
}

export interface FaultProxy {
  /** `http://127.0.0.1:<port>`: the base URL to give the client under test. */
  readonly baseUrl: string
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

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host', 'content-length'])

const readBody = (stream: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => resolve(Buffer.concat(chunks)))
    stream.on('error', reject)
  })

/** The body parsed when the headers say JSON, else undefined. */
const parseJson = (headers: Record<string, string>, body: Buffer): unknown => {
  if (!(headers['content-type'] ?? '').includes('json') || body.length === 0) return undefined
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    return undefined
  }
}

/** The end-to-end headers (hop-by-hop ones left out), repeated ones joined. */
const endToEnd = (headers: IncomingHttpHeaders): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = Array.isArray(value) ? value.join(', ') : value
  return out
}

/** Sends one request to the upstream on a fresh connection and reads its whole answer. */
const forward = (upstream: URL, request: ProxyRequest): Promise<UpstreamAnswer> =>
  new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: upstream.host, 'content-length': String(request.body.length) },
        agent: false,
      },
      (incoming) => {
        readBody(incoming).then((bytes) => {
          const headers = endToEnd(incoming.headers)
          resolve({ status: incoming.statusCode ?? 0, headers, body: bytes, json: parseJson(headers, bytes) })
        }, reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(request.body)
  })

const answerWith = (res: ServerResponse, answer: ProxyAnswer): void => {
  const body = typeof answer.body === 'string' ? Buffer.from(answer.body, 'utf8') : answer.body
  const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())))
  res.writeHead(answer.status, { ...headers, 'content-length': String(body.length) })
  res.end(body)
}

/** Resolves when the socket closes, or after `limit` ms (a bound for a client that never gives up). */
const closedOrAfter = (socket: Socket, limit: number): Promise<void> =>
  new Promise((resolve) => {
    if (socket.destroyed) return resolve()
    const timer = setTimeout(resolve, limit)
    socket.once('close', () => {
      clearTimeout(timer)
      resolve()
    })
  })

const matches = (match: Match, method: string, url: string): boolean =>
  (match.method === undefined || match.method.toUpperCase() === method.toUpperCase()) && (match.path === undefined || match.path.test(url.split('?')[0] ?? ''))

interface Plan {
  readonly match: Match
  readonly faults: Fault[]
}

/** Starts the proxy in front of `upstreamBase` (`http://host:port`). */
export const faultProxy = async (upstreamBase: string, options: FaultProxyOptions = {}): Promise<FaultProxy> => {
  const upstream = new URL(upstreamBase)
  const holdLimitMs = options.holdLimitMs ?? limitMs(60_000)
  let plans: Plan[] = []
  const records: ProxyRecord[] = []
  const sockets = new Set<Socket>()

  const nextFault = (method: string, url: string): Fault => {
    for (const plan of plans) if (plan.faults.length > 0 && matches(plan.match, method, url)) return plan.faults.shift()!
    return PASS
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const received: ProxyRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: endToEnd(req.headers), body: await readBody(req) }
    const fault = nextFault(received.method, received.url)
    const record: ProxyRecord = { ...received, fault: fault.kind }
    records.push(record)
    switch (fault.kind) {
      case 'reset_before':
        req.socket.resetAndDestroy()
        return
      case '503': {
        const problem = { type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'Injected by the test proxy.', reason: 'service_unavailable' }
        answerWith(res, { status: 503, headers: { 'content-type': 'application/problem+json', 'retry-after': String(fault.retryAfter) }, body: JSON.stringify(problem) })
        return
      }
      case 'pass':
      case 'drop_response_after_commit':
      case 'delay': {
        const sent = options.request === undefined ? received : options.request(received)
        const answer = await forward(upstream, sent)
        record.upstream = answer
        if (fault.kind === 'pass') return answerWith(res, options.answer === undefined ? answer : options.answer(sent, answer))
        if (fault.kind === 'delay') await closedOrAfter(req.socket, holdLimitMs)
        req.socket.destroy()
        return
      }
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // the upstream failed (a refused connection) or a rewrite threw: a 502 the test will see
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
    baseUrl: `http://127.0.0.1:${port}`,
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

/** An answer's body as a JSON object, or undefined (not JSON, or not an object). */
export const jsonOf = (answer: { readonly body: Buffer | string }): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(typeof answer.body === 'string' ? answer.body : answer.body.toString('utf8'))
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** The answer with another JSON body (the status kept unless given). */
export const withJson = (answer: ProxyAnswer, json: unknown, status: number = answer.status): ProxyAnswer => ({
  status,
  headers: { ...answer.headers, 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(json),
})
