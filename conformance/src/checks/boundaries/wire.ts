// A second way to send a request: as a client that writes its whole body before it reads a byte of
// the answer (many HTTP clients do: a form post, a script that sends then reads). A server that
// answers early (a body too large, a refused upload) and then closes the connection under such a
// client while it is still sending makes it lose the answer (EPIPE, then a reset that drops what
// was received but not yet read); a server that reads and drops the rest of the body first is
// read. The exchange is recorded in the run's transcript like any other (the failure's curl script
// shows the request); a request that got no answer is recorded with its error. It sends nothing
// once the kit's sender stopped (the request budget, a 429); it is not counted in --max-requests.
import { randomUUID } from 'node:crypto'
import { connect as netConnect, type Socket } from 'node:net'
import { connect as tlsConnect } from 'node:tls'
import { HEADER_KEY } from 'shipper-rules'
import type { KitContext } from '../../check.js'
import { BudgetExhausted, isRawBody, USER_AGENT, type Received, type SentRequest } from '../../http.js'

/** What came back: the answer, or why there was none. */
export type WholeOutcome = { readonly received: Received } | { readonly error: string }

const CHUNK = 65_536

/** The end of the head (`\r\n\r\n`) in `buf`, or -1. */
const headEnd = (buf: Buffer): number => buf.indexOf('\r\n\r\n')

/** The body of a chunked answer, or undefined while it is incomplete. */
const dechunk = (buf: Buffer): Buffer | undefined => {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const eol = buf.indexOf('\r\n', at)
    if (eol < 0) return undefined
    const size = Number.parseInt(buf.subarray(at, eol).toString('latin1').split(';')[0]!.trim(), 16)
    if (!Number.isFinite(size)) return Buffer.concat(parts)
    if (size === 0) return Buffer.concat(parts)
    if (buf.length < eol + 2 + size + 2) return undefined
    parts.push(buf.subarray(eol + 2, eol + 2 + size))
    at = eol + 2 + size + 2
  }
}

/** The answer in `buf` once complete (`ended`: the server closed, so what came is all), else undefined. */
const parse = (buf: Buffer, ended: boolean): Received | undefined => {
  const end = headEnd(buf)
  if (end < 0) return undefined
  const lines = buf.subarray(0, end).toString('latin1').split('\r\n')
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')
  if (status === null) return undefined
  const headers: Record<string, string> = {}
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':')
    if (colon > 0) {
      const name = line.slice(0, colon).trim().toLowerCase()
      const value = line.slice(colon + 1).trim()
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`
    }
  }
  const rest = buf.subarray(end + 4)
  let body: Buffer | undefined
  if (/\bchunked\b/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(rest)
  else if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length'])
    body = rest.length >= length ? rest.subarray(0, length) : undefined
  } else body = ended ? rest : undefined
  if (body === undefined) return undefined
  const text = body.toString('utf8')
  let json: unknown
  try {
    json = text === '' ? undefined : JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: Number(status[1]), headers, json, text }
}

/**
 * Sends `req` on a fresh connection, writing the request and its whole body before reading (the
 * socket is paused until the last byte is written or the write failed), then reads the answer.
 * The headers are the kit's (its user agent, a request id, the credentials of `req`), the body a
 * JSON value or a RawBody as `Http.send` sends it.
 */
export const sendWhole = async (ctx: KitContext, req: SentRequest, timeoutMs = 30_000): Promise<WholeOutcome> => {
  // the kit stopped sending (the request budget, a 429 not waited out): so does this sender
  if (ctx.http.stoppedWhy !== undefined) throw new BudgetExhausted(Number.POSITIVE_INFINITY, ctx.http.stoppedWhy)
  const url = new URL(ctx.http.baseUrl + req.path)
  const requestId = randomUUID()
  const body = req.body === undefined ? Buffer.alloc(0) : isRawBody(req.body) ? Buffer.from(req.body.raw) : Buffer.from(JSON.stringify(req.body), 'utf8')
  const headers: Record<string, string> = {
    host: url.host,
    'user-agent': USER_AGENT,
    [HEADER_KEY.requestId]: requestId,
    accept: 'application/json',
    ...ctx.http.credentialHeaders(req.credentials),
    ...(req.body === undefined ? {} : { 'content-type': isRawBody(req.body) ? req.body.contentType : 'application/json' }),
    'content-length': String(body.length),
  }
  for (const [k, v] of Object.entries(req.headers)) headers[k.toLowerCase()] = v
  const head = `${req.method} ${url.pathname}${url.search} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`
  const outcome = await new Promise<WholeOutcome>((resolve) => {
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
    const socket: Socket = url.protocol === 'https:' ? tlsConnect({ host: url.hostname, port, servername: url.hostname }) : netConnect({ host: url.hostname, port })
    const chunks: Buffer[] = []
    let writeError: string | undefined
    let done = false
    const finish = (o: WholeOutcome): void => {
      if (done) return
      done = true
      clearTimeout(timer)
      socket.destroy()
      resolve(o)
    }
    const timer = setTimeout(() => finish({ error: `no answer within ${timeoutMs} ms` }), timeoutMs)
    // nothing is read until the whole request is written
    socket.pause()
    socket.on('data', (c: Buffer) => {
      chunks.push(c)
      const r = parse(Buffer.concat(chunks), false)
      if (r !== undefined) finish({ received: r })
    })
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (writeError === undefined) writeError = e.code ?? e.message
    })
    socket.on('close', () => {
      const r = parse(Buffer.concat(chunks), true)
      finish(r !== undefined ? { received: r } : { error: `the connection closed before an answer could be read (${writeError ?? 'closed by the server'})` })
    })
    socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
      void (async () => {
        const whole = Buffer.concat([Buffer.from(head, 'latin1'), body])
        for (let at = 0; at < whole.length && !socket.destroyed && writeError === undefined; at += CHUNK) {
          if (!socket.write(whole.subarray(at, at + CHUNK))) {
            await new Promise<void>((ok) => {
              socket.once('drain', ok)
              socket.once('close', ok)
            })
          }
        }
        socket.resume()
      })()
    })
  })
  if ('received' in outcome) ctx.http.transcript.entries.push({ request: req, received: outcome.received, requestId })
  else ctx.http.transcript.entries.push({ request: req, error: outcome.error, requestId })
  return outcome
}
