// What the coverage checks share: a scenario runner (one sequence of requests; a departure is a
// failure carrying the requests the scenario sent) and a property runner (fast-check over small
// inputs through the kit's one step runner, runSteps of ../support.ts: the failing run's requests
// kept after the shrink). The bodies and the judging helpers
// are the stateful checks' own (src/checks/support.ts), imported, never copied.
import fc from 'fast-check'
import { KIT_CRASH, type CheckResult, type Failure, type KitContext, type RuleId } from '../../check.js'
import { BudgetExhausted, type SentRequest } from '../../http.js'
import { RuleBroken, result, runSteps } from '../support.js'

export interface CoverageCheck {
  readonly name: string
  readonly rules: ReadonlyArray<RuleId>
  readonly notChecked?: ReadonlyArray<{ rule: RuleId; why: string }>
}

const failureOf = (check: string, e: unknown, requests: ReadonlyArray<SentRequest>): Failure =>
  e instanceof RuleBroken
    ? { rule: e.rule, check, expected: e.expected, actual: e.actual, requests }
    : { rule: KIT_CRASH, check, expected: 'an answer the check can judge', actual: `exception: ${e instanceof Error ? e.message : String(e)}`, requests }

/** Runs one scenario: a RuleBroken (or another exception) is the check's failure with every request the scenario sent. */
export const scenario = async (ctx: KitContext, check: CoverageCheck, body: () => Promise<void>): Promise<CheckResult> => {
  const first = ctx.http.transcript.length
  try {
    await body()
    return result(ctx, check, first, [], false)
  } catch (e) {
    if (e instanceof BudgetExhausted) return result(ctx, check, first, [], e.why)
    return result(ctx, check, first, [failureOf(check.name, e, ctx.http.transcript.requests(first))], false)
  }
}

/**
 * A coverage check that needs the sandbox controls: without them each of its rules is "not checked"
 * with `why` (no request sent); with them `body` runs as a scenario.
 */
export const withSandboxControls = (ctx: KitContext, check: CoverageCheck, why: string, body: () => Promise<void>): Promise<CheckResult> =>
  ctx.controls !== 'sandbox'
    ? Promise.resolve({ check: check.name, rules: [], failures: [], notChecked: withoutControls(check.rules, why), requests: 0 })
    : scenario(ctx, check, body)

/** More runs fast-check may make while it shrinks a failure (each run is a few requests). */
const SHRINK_RUNS = 30

/**
 * Runs `setup` once (its requests open every failure's script, so it replays on a fresh server),
 * then the `examples` and `runs` more runs of `step` over `arb` with the run's seed, through the
 * kit's one step runner (../support.ts's runSteps): the first departure is shrunk and the failure
 * carries the setup's requests and those of the smallest failing run.
 */
export const property = async <S, T>(
  ctx: KitContext,
  check: CoverageCheck,
  runs: number,
  setup: () => Promise<S>,
  arb: fc.Arbitrary<T>,
  step: (s: S, value: T) => Promise<void>,
  /** Values run before the generated ones (fast-check's `examples`), so each named case is met whatever the seed. */
  examples: ReadonlyArray<T> = [],
): Promise<CheckResult> => {
  const first = ctx.http.transcript.length
  let s: S
  try {
    s = await setup()
  } catch (e) {
    if (e instanceof BudgetExhausted) return result(ctx, check, first, [], e.why)
    return result(ctx, check, first, [failureOf(check.name, e, ctx.http.transcript.requests(first))], false)
  }
  const prelude = ctx.http.transcript.requests(first)
  return runSteps<[T]>(ctx, { ...check, prelude, startedAt: first }, { arbs: [arb], step: (value) => step(s, value), runs, examples: examples.map((e): [T] => [e]), shrinkRuns: SHRINK_RUNS })
}

/** The rules of a check less those it cannot run without `--controls sandbox`, with why. */
export const withoutControls = (rules: ReadonlyArray<RuleId>, why: string): ReadonlyArray<{ rule: RuleId; why: string }> =>
  rules.map((rule) => ({ rule, why }))
