// Giving memory back when the sandbox goes quiet. V8 grows a thread's heap under a stream of
// requests and keeps it grown while the process is idle (its own memory reducer did not act in
// 30 s of idleness, measured): a developer's PGlite sandbox booked eight orders and then held 253
// to 272 MiB resident until the next request, 32 MiB of it the young generation grown to its
// largest and 24 MiB ArrayBuffers nobody held. Once the server has answered nothing for QUIET_MS,
// it runs V8's low-memory collection on its own thread and asks the store to do the same (the PGlite
// worker's): 193 to 209 MiB.
//
// That collection shrinks the heaps to what is live, and the next burst of requests pays for
// growing them again: measured on PostgreSQL with the load benchmark's turns (5 s of load, 10 s
// of rest), a compaction in every rest cost the mix 15 to 20 % of its rate. So QUIET_MS is longer
// than a pause inside a run of tests or between a developer's commands, and one compaction follows
// another by SPACING_MS at least. Never while requests keep coming: the check is a flag set per
// request and one timer.

/** How long the server must have answered nothing before it compacts, ms. */
export const IDLE_COMPACTION_QUIET_MS = 15_000
/** The least time between two compactions, ms. */
export const IDLE_COMPACTION_SPACING_MS = 60_000

export interface IdleCompactionOptions {
  /** The work of one compaction: this thread's collection, then the store's. */
  readonly compact: () => Promise<unknown> | unknown
  readonly quietMs?: number
  readonly spacingMs?: number
  /** A monotonic clock in ms (default performance.now). */
  readonly now?: () => number
  /** A one-shot timer (default setTimeout, unref'd: it never keeps the process alive). */
  readonly schedule?: (run: () => void, ms: number) => { cancel(): void }
}

export interface IdleCompaction {
  /** A request arrived: called on every request, so it only sets a flag or arms the timer. */
  activity(): void
  /** No further compaction (the server is closing). */
  stop(): void
  /** Compactions run so far. */
  readonly runs: number
}

const unrefTimer = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms)
  timer.unref()
  return { cancel: () => clearTimeout(timer) }
}

/**
 * The scheduler: a compaction `quietMs` after the last request (or, when the previous compaction
 * is younger than `spacingMs`, once it is that old and the server is still quiet); then nothing
 * until the next request.
 * A failed compaction is ignored (the next quiet period tries again).
 */
export const idleCompaction = (options: IdleCompactionOptions): IdleCompaction => {
  const quietMs = options.quietMs ?? IDLE_COMPACTION_QUIET_MS
  const spacingMs = options.spacingMs ?? IDLE_COMPACTION_SPACING_MS
  const now = options.now ?? (() => performance.now())
  const schedule = options.schedule ?? unrefTimer
  let timer: { cancel(): void } | undefined
  /** When the last request arrived. */
  let last = Number.NEGATIVE_INFINITY
  let stopped = false
  let lastRun = Number.NEGATIVE_INFINITY
  let runs = 0
  const arm = (ms: number) => {
    timer = schedule(check, ms)
  }
  // the timer fires when the quiet period would end if no request came since it was armed; if
  // one did, it is armed again for the rest of the period that request began
  function check(): void {
    timer = undefined
    if (stopped) return
    const wait = Math.max(last + quietMs, lastRun + spacingMs) - now()
    if (wait > 0) return arm(wait)
    lastRun = now()
    runs++
    void (async () => options.compact())().catch(() => undefined)
  }
  return {
    activity() {
      last = now()
      if (timer === undefined && !stopped) arm(quietMs)
    },
    stop() {
      stopped = true
      timer?.cancel()
      timer = undefined
    },
    get runs() {
      return runs
    },
  }
}
