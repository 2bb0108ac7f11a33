// The rest of a request body after an early answer. A server that answers an upload before reading
// its body (a 401, a 404, a 409, a refused part) and then closes the socket makes the client's
// next write fail (EPIPE, ECONNRESET) before it has read the answer: Node's fetch sending a
// FormData loses the answer that way. So the body is read on and thrown away, up to a budget, and
// the connection stays usable; only a body past the budget, or one that stalls, costs the
// connection, and then only once the answer is out.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/** The body bytes a request has received so far, whoever read them (Node's parser hands every chunk to push). */
export interface BodyMeter {
  readonly received: () => number
}

/** Counts a request's body bytes from now on (call before anything reads the body). */
export const meterBody = (raw: IncomingMessage): BodyMeter => {
  let received = 0
  const push = raw.push.bind(raw)
  raw.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (chunk instanceof Uint8Array) received += chunk.byteLength
    else if (typeof chunk === 'string') received += Buffer.byteLength(chunk, encoding)
    return push(chunk, encoding)
  }
  return { received: () => received }
}

export interface DrainLimits {
  /** The most body bytes read in all (before and after the answer). */
  readonly budget: number
  /** How long the body may stall (no bytes) before the connection is closed, milliseconds. */
  readonly idleMs: number
  /** How long a closing connection stays half-open (the answer sent, the rest read and dropped) before it is destroyed, milliseconds. */
  readonly lingerMs: number
}

/**
 * Ends the server's side of the connection (the client reads what was sent, then end-of-file) and
 * destroys the socket when the client closes its side, or `lingerMs` later: a socket destroyed at
 * once, while the client still sends, resets the connection, and the client may lose the answer.
 */
const linger = (socket: Socket, lingerMs: number): void => {
  if (socket.destroyed) return
  const timer = setTimeout(() => socket.destroy(), lingerMs)
  socket.once('close', () => clearTimeout(timer))
  socket.end()
}

/**
 * Reads and discards what is left of `raw`'s body once the answer is on its way. The body ending
 * within the budget leaves the connection usable; past the budget, or after `idleMs` without a
 * byte, the connection is closed once the answer is written (lingering: see `linger`).
 */
export const drainBody = (raw: IncomingMessage, response: ServerResponse, meter: BodyMeter, limits: DrainLimits): void => {
  const socket = raw.socket
  let stopped = false
  const stop = (): void => {
    if (stopped) return
    stopped = true
    clearTimeout(idle)
    raw.off('data', onData)
    raw.pause() // nothing more is read: the client's writes wait (no reset) until the socket goes
    if (response.writableFinished) linger(socket, limits.lingerMs)
    else response.once('finish', () => linger(socket, limits.lingerMs)).once('close', () => linger(socket, limits.lingerMs))
  }
  const onData = (): void => {
    if (meter.received() > limits.budget) stop()
    else idle.refresh()
  }
  const idle = setTimeout(stop, limits.idleMs)
  const done = (): void => {
    stopped = true
    clearTimeout(idle)
    raw.off('data', onData)
  }
  raw.once('end', done)
  raw.once('close', done)
  raw.unpipe() // whatever read it before (a multipart parser) is detached
  raw.on('data', () => undefined)
  raw.on('data', onData)
  raw.resume()
  if (meter.received() > limits.budget) stop()
}

/**
 * For an answer sent with Connection: close before the body ended: Node destroys the socket as
 * soon as the answer is written, which resets the connection under a client still sending. Here
 * the socket lingers instead (see `linger`); the body's reader (a multipart parser) is detached.
 */
export const closeLingering = (raw: IncomingMessage, lingerMs: number): void => {
  const socket = raw.socket
  socket.destroySoon = () => linger(socket, lingerMs)
  raw.unpipe()
}

/** A body that stalls this long after an early answer costs its connection, milliseconds. */
export const DRAIN_IDLE_MS = 5_000
/** A connection closed with a body still coming is destroyed this long after the answer at the latest, milliseconds. */
export const LINGER_MS = 2_000
/**
 * The most body bytes read and dropped after a JSON body went over the limit (`ServerOptions.bodyLimit`):
 * 16 MiB in all, so a 10 MB body that Node's fetch sends whole is read to its end and the client reads
 * the 413 on a connection it may reuse; a larger one costs its connection once the answer is out.
 */
export const JSON_DRAIN_BUDGET = 16 * 1_048_576

/**
 * For a JSON body refused as too large (413) before it was read: Fastify answers with
 * `Connection: close`, and Node then destroys the socket under a client still sending (EPIPE: the
 * answer is lost). The header is taken off and the body drained like an early-answered upload's.
 */
export const drainOversizedJson = (raw: IncomingMessage, response: ServerResponse, removeHeader: (name: string) => void): void => {
  removeHeader('connection')
  drainBody(raw, response, meterBody(raw), { budget: JSON_DRAIN_BUDGET, idleMs: DRAIN_IDLE_MS, lingerMs: LINGER_MS })
}
