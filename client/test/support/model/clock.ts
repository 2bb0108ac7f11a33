// A virtual clock for the client's `Timers` option (issue 26, Tests item 1). Every wait the
// client asks for (backoff, Retry-After, attempt timeouts, deadlines) sits in a queue and fires
// only when `run` finds the client idle, so a property runs minutes of client time in
// microseconds and the same seed always gives the same interleaving. Nothing here reads the real
// clock: a property must not depend on the machine's speed.

/** One timer the client (or the model) set, fired in (time, order of setting) order. */
interface Timer {
  readonly id: number
  readonly at: number
  readonly callback: () => void
  readonly internal: boolean
}

/** One `setTimeout` the client asked for: when (virtual ms) and how long. */
export interface RequestedWait {
  readonly at: number
  readonly ms: number
}

/** The moment properties start at: a whole second, so HTTP dates (seconds) are exact. */
export const EPOCH_MS = Date.UTC(2026, 10, 26, 12, 0, 0)

/** Macrotask turns given to the client before the next timer fires (lets streams and promise chains settle). */
const IDLE_TURNS = 6

/** A guard against a client that keeps setting timers forever. */
const MAX_FIRED = 100_000

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

export class VirtualClock {
  private time = EPOCH_MS
  private nextId = 1
  private readonly queue: Timer[] = []
  /** Every `setTimeout` the client called, in order. */
  readonly requested: RequestedWait[] = []
  /** Timers the client cleared (ids), so a test can tell a pending timer from a cancelled one. */
  readonly cleared = new Set<number>()

  /** The `Timers` object handed to `createShipperClient` (bound methods, so it can be spread). */
  readonly timers = {
    now: (): number => this.time,
    setTimeout: (callback: () => void, ms: number): unknown => this.add(callback, ms, false),
    clearTimeout: (handle: unknown): void => {
      const index = this.queue.findIndex((t) => t.id === handle)
      if (index >= 0) this.queue.splice(index, 1)
      if (typeof handle === 'number') this.cleared.add(handle)
    },
  }

  now(): number {
    return this.time
  }

  /** Schedules a model event (a latency, an abort by the caller) that is not one of the client's waits. */
  schedule(ms: number, callback: () => void): void {
    this.add(callback, ms, true)
  }

  private add(callback: () => void, ms: number, internal: boolean): number {
    // setTimeout's own rule: a negative, NaN or missing delay is 0
    const delay = Number.isFinite(ms) && ms > 0 ? ms : 0
    if (!internal) this.requested.push({ at: this.time, ms })
    const timer: Timer = { id: this.nextId++, at: this.time + delay, callback, internal }
    this.queue.push(timer)
    return timer.id
  }

  /** Whether any timer is pending. */
  get pending(): number {
    return this.queue.length
  }

  /**
   * Drives the clock until `call` settles: lets microtasks and stream callbacks run, then fires
   * the earliest timer, again and again. Resolves with the call's outcome and the virtual moment
   * it settled; rejects (a test failure, not the call's error) when the call can never settle:
   * no timer left while it is still pending (a client that forgot a timeout waits forever).
   */
  async run<T>(call: Promise<T>): Promise<{ readonly result: { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown }; readonly settledAt: number }> {
    let outcome: { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown } | undefined
    let settledAt = Number.NaN
    call.then(
      (value) => {
        outcome = { ok: true, value }
        settledAt = this.time
      },
      (error: unknown) => {
        outcome = { ok: false, error }
        settledAt = this.time
      },
    )
    let fired = 0
    for (;;) {
      for (let i = 0; i < IDLE_TURNS && outcome === undefined; i++) await turn()
      if (outcome !== undefined) return { result: outcome, settledAt }
      const next = this.earliest()
      if (next === undefined) throw new Error(`the call is still pending at virtual ${this.time - EPOCH_MS} ms with no timer left: it can never settle`)
      if (++fired > MAX_FIRED) throw new Error(`more than ${MAX_FIRED} timers fired without the call settling`)
      this.time = Math.max(this.time, next.at)
      next.callback()
    }
  }

  private earliest(): Timer | undefined {
    if (this.queue.length === 0) return undefined
    let best = 0
    for (let i = 1; i < this.queue.length; i++) {
      const t = this.queue[i]!
      const b = this.queue[best]!
      if (t.at < b.at || (t.at === b.at && t.id < b.id)) best = i
    }
    return this.queue.splice(best, 1)[0]
  }
}
