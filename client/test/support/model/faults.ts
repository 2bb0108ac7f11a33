// The faults a property draws, one per attempt (one per call of the fake fetch, reconcile GETs
// included), in the style of fc.commands: each is a small value with a readable toString, so a
// counterexample prints as the sequence of what the network and the server did. Arrays of them
// shrink element by element to the shortest sequence that still breaks a law.
import fc from 'fast-check'

/** How a Retry-After header is written: delta-seconds, or an HTTP date (with or without a Date header to measure it from). */
export type RetryAfter =
  | { readonly form: 'seconds'; readonly seconds: number }
  | { readonly form: 'date'; readonly seconds: number; readonly dateHeader: boolean }

/** When a hung request commits, if not at once: after virtual ms, or before the n-th next request. */
export type LateCommit = { readonly ms: number } | { readonly calls: number }

/** A 4xx the client must never retry, as the server would send it (status and catalogued reason). */
export interface DefiniteAnswer {
  readonly status: 400 | 401 | 403 | 404 | 409 | 422
  readonly reason: 'validation_failed' | 'unauthorized' | 'forbidden' | 'order_not_found' | 'idempotency_key_conflict' | 'no_coverage'
}

export type Fault =
  /** the server answers; the answer reaches the client after `latencyMs` (virtual) */
  | { readonly kind: 'ok'; readonly latencyMs: number }
  /** fetch rejects with a TypeError; the server never saw the request */
  | { readonly kind: 'lost_request' }
  /** the server processes (and commits), then the connection drops: fetch rejects */
  | { readonly kind: 'lost_response' }
  /**
   * nothing comes back until the attempt's signal aborts; the server processed it or not, at once
   * or late: `late.ms` later, or just before the server handles `late.calls` more requests (a slow
   * server commits after the client gave up on the attempt, even after its reconcile GET read the
   * old state)
   */
  | { readonly kind: 'hang'; readonly committed: boolean; readonly late: LateCommit | null }
  /** connection reset (TypeError with an ECONNRESET cause), after processing or before */
  | { readonly kind: 'reset'; readonly committed: boolean }
  /** 500 internal_error, after committing or without */
  | { readonly kind: 'error500'; readonly committed: boolean }
  /** 503 or 429, not processed, with or without Retry-After */
  | { readonly kind: 'throttled'; readonly status: 503 | 429; readonly retryAfter: RetryAfter | null }
  /** 408, or 409 `conflict` (the key in flight): not processed, retryable */
  | { readonly kind: 'retry4xx'; readonly status: 408 | 409 }
  /** a 4xx that is final: not processed */
  | { readonly kind: 'definite'; readonly answer: DefiniteAnswer }
  /** processed, status and headers arrive, the body never does until the attempt aborts */
  | { readonly kind: 'slow_body' }

export const OK: Fault = { kind: 'ok', latencyMs: 0 }

/** One line per fault, for counterexamples. */
export const showFault = (f: Fault): string => {
  switch (f.kind) {
    case 'ok':
      return f.latencyMs === 0 ? 'ok' : `ok after ${f.latencyMs} ms`
    case 'hang':
      return `hang(${!f.committed ? 'not committed' : f.late === null ? 'committed' : 'ms' in f.late ? `committed ${f.late.ms} ms later` : `committed before request +${f.late.calls}`})`
    case 'reset':
    case 'error500':
      return `${f.kind}(${f.committed ? 'committed' : 'not committed'})`
    case 'throttled':
      return `${f.status}${f.retryAfter === null ? '' : f.retryAfter.form === 'seconds' ? ` Retry-After ${f.retryAfter.seconds}s` : ` Retry-After date +${f.retryAfter.seconds}s${f.retryAfter.dateHeader ? ' (with Date)' : ''}`}`
    case 'retry4xx':
      return `${f.status}${f.status === 409 ? ' conflict' : ''}`
    case 'definite':
      return `${f.answer.status} ${f.answer.reason}`
    default:
      return f.kind
  }
}

const withToString = <A extends Fault>(f: A): A => Object.defineProperty({ ...f }, 'toString', { value: () => showFault(f), enumerable: false })

export const DEFINITE_ANSWERS: ReadonlyArray<DefiniteAnswer> = [
  { status: 400, reason: 'validation_failed' },
  { status: 401, reason: 'unauthorized' },
  { status: 403, reason: 'forbidden' },
  { status: 404, reason: 'order_not_found' },
  { status: 409, reason: 'idempotency_key_conflict' },
  { status: 422, reason: 'no_coverage' },
]

export const retryAfterArb: fc.Arbitrary<RetryAfter> = fc.oneof(
  fc.record({ form: fc.constant('seconds' as const), seconds: fc.integer({ min: 0, max: 90 }) }),
  fc.record({ form: fc.constant('date' as const), seconds: fc.integer({ min: 1, max: 90 }), dateHeader: fc.boolean() }),
)

/** A fault that leaves the call to retry (nothing final), with latencies up to `maxLatencyMs`. */
export const transientFaultArb = (maxLatencyMs: number, hangWeight = 3): fc.Arbitrary<Fault> =>
  fc
    .oneof(
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('ok' as const), latencyMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: maxLatencyMs })) }) },
      { weight: 2, arbitrary: fc.constant({ kind: 'lost_request' as const }) },
      { weight: 2, arbitrary: fc.constant({ kind: 'lost_response' as const }) },
      {
        weight: hangWeight,
        arbitrary: fc.record({
          kind: fc.constant('hang' as const),
          committed: fc.boolean(),
          late: fc.oneof(
            fc.constant(null),
            fc.record({ ms: fc.integer({ min: 1, max: maxLatencyMs }) }),
            fc.record({ calls: fc.integer({ min: 1, max: 3 }) }),
          ),
        }),
      },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('reset' as const), committed: fc.boolean() }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('error500' as const), committed: fc.boolean() }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('throttled' as const), status: fc.constantFrom(503 as const, 429 as const), retryAfter: fc.option(retryAfterArb, { nil: null }) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('retry4xx' as const), status: fc.constantFrom(408 as const, 409 as const) }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'slow_body' as const }) },
    )
    .map(withToString)

/** Any fault, final 4xx answers included. */
export const faultArb = (maxLatencyMs: number, hangWeight = 3): fc.Arbitrary<Fault> =>
  fc.oneof(
    { weight: 12, arbitrary: transientFaultArb(maxLatencyMs, hangWeight) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('definite' as const), answer: fc.constantFrom(...DEFINITE_ANSWERS) }).map(withToString) },
  )

/** A schedule: the fault of attempt 1, 2, …; attempts past its end are `ok`. */
export const scheduleArb = (
  maxLatencyMs: number,
  options: { readonly definite?: boolean; readonly maxLength?: number; readonly hangWeight?: number } = {},
): fc.Arbitrary<ReadonlyArray<Fault>> =>
  fc.array(options.definite === false ? transientFaultArb(maxLatencyMs, options.hangWeight) : faultArb(maxLatencyMs, options.hangWeight), {
    maxLength: options.maxLength ?? 8,
  })
