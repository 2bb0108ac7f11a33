// Giving memory back when the sandbox goes quiet. V8 grows a thread's heap under a stream of
// requests and keeps it grown while the process is idle (its own memory reducer did not act in
// 30 s of idleness, measured): a developer's sandbox booked eight orders and then held 280 MiB
// resident until the next request. Once the server has answered nothing for QUIET_MS, it runs one
// full collection of its own heap and asks the store to do the same (the PGlite worker's heap): 222
// MiB. Never while requests keep coming (the check is a flag set per request and a timer), and at
// most once per SPACING_MS, so a sandbox polled every second does not collect after each poll (a collection
// holds the thread some 20 to 40 ms).

/** How long the server must have answered nothing before it compacts, ms. */
export const IDLE_COMPACTION_QUIET_MS = 500
/** The least time between two compactions, ms. */
export const IDLE_COMPACTION_SPACING_MS = 5_000

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
 * The scheduler: after activity, a compaction once nothing happened for a whole `quietMs` and the
 * previous compaction is at least `spacingMs` old; then nothing until the next activity.
 * A failed compaction is ignored (the next quiet period tries again).
 */
export const idleCompaction = (options: IdleCompactionOptions): IdleCompaction => {
  const quietMs = options.quietMs ?? IDLE_COMPACTION_QUIET_MS
  const spacingMs = options.spacingMs ?? IDLE_COMPACTION_SPACING_MS
  const now = options.now ?? (() => performance.now())
  const schedule = options.schedule ?? unrefTimer
  let timer: { cancel(): void } | undefined
  /** Activity since the timer was armed. */
  let busy = false
  let stopped = false
  let lastRun = Number.NEGATIVE_INFINITY
  let runs = 0
  const arm = (ms: number) => {
    timer = schedule(check, ms)
  }
  function check(): void {
    timer = undefined
    if (stopped) return
    if (busy) {
      busy = false
      return arm(quietMs)
    }
    const wait = lastRun + spacingMs - now()
    if (wait > 0) return arm(wait)
    lastRun = now()
    runs++
    void (async () => options.compact())().catch(() => undefined)
  }
  return {
    activity() {
      if (timer !== undefined) busy = true
      else if (!stopped) arm(quietMs)
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
