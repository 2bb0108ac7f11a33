// What every fault property shares: the run count, the drawn budget and jitter source, and a
// client wired to the virtual clock and the model server.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import fc from 'fast-check'
import { runsOf } from 'shipper-rules-testkit'
import { createShipperClient, type ShipperClient } from '../../../src/index.js'
import { VirtualClock } from './clock.js'
import { API_KEY, BASE_URL, ModelServer, TOKEN } from './server.js'
import type { Fault } from './faults.js'

/**
 * fast-check parameters for a property: its runs, and FC_SEED (with FC_PATH) to replay a reported
 * failure exactly. fast-check prints the seed and path of every failure it reports.
 */
export const assertOptions = (runs: number): fc.Parameters<unknown> => {
  const seed = process.env['FC_SEED']
  const path = process.env['FC_PATH']
  return {
    numRuns: runsOf(runs),
    ...(seed === undefined ? {} : { seed: Number(seed) }),
    ...(path === undefined ? {} : { path }),
  }
}

/** The retry budget of one call. */
export interface Budget {
  readonly maxRetries: number
  readonly timeoutMs: number
  readonly deadlineMs: number
  readonly retryBaseMs: number
  readonly retryCapMs: number
}

/** A deadline far beyond any schedule's waits: the budget is then maxRetries alone. */
export const NO_DEADLINE_MS = 1_000_000_000

export const budgetArb: fc.Arbitrary<Budget> = fc
  .record({
    maxRetries: fc.integer({ min: 0, max: 6 }),
    timeoutMs: fc.integer({ min: 1, max: 30_000 }),
    deadlineMs: fc.oneof(fc.integer({ min: 1, max: 200_000 }), fc.constant(NO_DEADLINE_MS)),
    retryBaseMs: fc.integer({ min: 1, max: 2_000 }),
    capExtraMs: fc.integer({ min: 0, max: 30_000 }),
  })
  .map(({ capExtraMs, ...b }) => ({ ...b, retryCapMs: b.retryBaseMs + capExtraMs }))

/** The jitter source: always 0, always just below 1, or a seeded generator. */
export type RandomMode = { readonly mode: 'zero' } | { readonly mode: 'max' } | { readonly mode: 'seeded'; readonly seed: number }

export const randomArb: fc.Arbitrary<RandomMode> = fc.oneof(
  fc.constant({ mode: 'zero' as const }),
  fc.constant({ mode: 'max' as const }),
  fc.integer().map((seed) => ({ mode: 'seeded' as const, seed })),
)

/** The largest double below 1. */
export const ALMOST_ONE = 1 - 2 ** -53

/** mulberry32: a small deterministic generator in [0, 1). */
const mulberry32 = (seed: number): (() => number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

export const randomOf = (r: RandomMode): (() => number) => (r.mode === 'zero' ? () => 0 : r.mode === 'max' ? () => ALMOST_ONE : mulberry32(r.seed))

/** A create body the library accepts (the library's own example), sent as given. */
export const CREATE_BODY: Record<string, unknown> = JSON.parse(
  readFileSync(join(dirname(createRequire(import.meta.url).resolve('shipper-rules/package.json')), 'examples/create-shipment/valid-chicago-to-san-juan.json'), 'utf8'),
) as Record<string, unknown>

export interface World {
  readonly clock: VirtualClock
  readonly server: ModelServer
  readonly client: ShipperClient
}

/** A fresh clock, model server (with `faults`) and client with the given budget. */
export const makeWorld = (
  faults: ReadonlyArray<Fault>,
  budget: Budget,
  random: RandomMode,
  wrap: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch = (f) => f,
): World => {
  const clock = new VirtualClock()
  const server = new ModelServer(clock, faults)
  const client = createShipperClient({
    baseUrl: BASE_URL,
    token: TOKEN,
    apiKey: API_KEY,
    fetch: wrap(server.fetch as typeof globalThis.fetch),
    timers: clock.timers,
    random: randomOf(random),
    maxRetries: budget.maxRetries,
    timeoutMs: budget.timeoutMs,
    deadlineMs: budget.deadlineMs,
    retryBaseMs: budget.retryBaseMs,
    retryCapMs: budget.retryCapMs,
  })
  return { clock, server, client }
}

/** The ShipperError kinds a call may reject with (design: one discriminated family). */
export const ERROR_KINDS = ['problem', 'invalid_request', 'invalid_response', 'timeout', 'network', 'aborted', 'unreachable'] as const

/** A counterexample's story: the calls the model saw, with their faults and outcomes. */
export const story = (w: World, extra = ''): string => `${extra}\n${w.server.describeCalls()}`
