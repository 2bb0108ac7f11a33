// A virtual clock for the unit tests (the properties of test/properties have their own model): the
// client waits only through `timers`, so a test advances time itself and never sleeps.
import type { Timers } from '../../src/index.js'

export class VirtualTimers implements Timers {
  t = 0
  private seq = 0
  private queue: { at: number; id: number; cb: () => void }[] = []
  now(): number {
    return this.t
  }
  setTimeout(cb: () => void, ms: number): unknown {
    const id = ++this.seq
    this.queue.push({ at: this.t + Math.max(0, ms), id, cb })
    this.queue.sort((a, b) => a.at - b.at || a.id - b.id)
    return id
  }
  clearTimeout(h: unknown): void {
    this.queue = this.queue.filter((e) => e.id !== h)
  }
  /** Fires the earliest timer, moving the clock to it; false when none is pending. */
  step(): boolean {
    const next = this.queue.shift()
    if (next === undefined) return false
    this.t = next.at
    next.cb()
    return true
  }
}

/** Lets pending promise callbacks and stream reads run (real macrotasks, no time passes on the virtual clock). */
export const flush = async (): Promise<void> => {
  for (let i = 0; i < 20; i += 1) await new Promise((r) => setImmediate(r))
}

/** Runs `p` to completion, firing virtual timers whenever nothing else can progress. */
export const drive = async <T>(timers: VirtualTimers, p: Promise<T>): Promise<T> => {
  let settled = false
  p.then(
    () => (settled = true),
    () => (settled = true),
  )
  for (;;) {
    await flush()
    if (settled) return p
    if (!timers.step()) throw new Error('the call waits for something that never happens (no timer pending)')
  }
}

/** One request as the fake fetch saw it. */
export interface Seen {
  readonly url: string
  readonly method: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: unknown
  readonly credentials: string | undefined
  readonly at: number
}

/** A fetch that records each request and answers with the next of `answers` (a Response, or an Error to reject with). */
export const fakeFetch = (
  timers: VirtualTimers,
  answers: ReadonlyArray<Response | Error | ((s: Seen) => Response | Error)>,
): { fetch: typeof globalThis.fetch; seen: Seen[] } => {
  const seen: Seen[] = []
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const s: Seen = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body,
      credentials: init?.credentials,
      at: timers.now(),
    }
    seen.push(s)
    const a = answers[seen.length - 1]
    if (a === undefined) throw new Error(`unexpected request ${seen.length}: ${s.method} ${s.url}`)
    const r = typeof a === 'function' ? a(s) : a
    if (r instanceof Error) throw r
    return r
  }
  return { fetch, seen }
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

export const problem = (status: number, reason: string, headers: Record<string, string> = {}): Response =>
  json(status, { type: `tag:shipper-rules,2026:problem:${reason}`, title: reason, status, detail: reason, reason }, headers)

export const shipment = (orderStatus: string, orderNumber = 'AB12C'): Record<string, unknown> => ({
  id: 's1',
  companyId: 'c1',
  userId: 'u1',
  orderNumber,
  orderStatus,
  totalPriceInCents: 12_345,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
})
