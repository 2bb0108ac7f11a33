// The boundary checks' one engine: a rule's cases are data ({ rule, name, build, predict, then }),
// built from the declared configuration (the values at, one under and one over each threshold
// first, then random ones), and one runner sends every case, whatever the others gave, and
// compares each answer with the library's prediction through the kit's judge: the status and
// reason, the exact violation list (field and code, order-free), the values the API echoes or
// derives, and invariants for what the spec leaves to the server. A rule is held only by its own
// cases: every case runs, a failure is charged to the case's rule, and a rule none of whose cases
// ran (the request budget) is not reached, never passed.
import fc from 'fast-check'
import { readProblemDetail, statusForReason, type ProblemDetail, type RulesConfig } from 'shipper-rules'
import { KIT_CRASH, type CheckResult, type Failure, type KitContext, type RuleId } from '../../check.js'
import { BudgetExhausted, type Received, type SentRequest } from '../../http.js'
import { judge, judgeProblem, renderDiffs, type PredictedProblem } from '../../judge.js'

/** The declared rules configuration of the run: the one place a boundary check reads its limits from. */
export const configOf = (ctx: KitContext): RulesConfig => ctx.config

/** Something the answer must satisfy that the library cannot compute exactly (an id, a price): a type, a range, agreement between endpoints. */
export interface Invariant {
  readonly what: string
  readonly holds: (body: Readonly<Record<string, unknown>>) => boolean
}

/**
 * What the library says the server must answer: a ProblemDetail (status, reason, each violation's
 * field and code), or acceptance (200) with the values the API echoes or derives (`body`,
 * compared exactly where named) and invariants; `denials`: a 422 coverage, account or pricing
 * denial the spec catalogues may come instead (the server's own business, CRT-11), never one the
 * library would have predicted (pallet_invalid).
 */
export type Prediction =
  | { readonly kind: 'problem'; readonly problem: PredictedProblem }
  | { readonly kind: 'accepted'; readonly body?: Readonly<Record<string, unknown>>; readonly invariants?: ReadonlyArray<Invariant>; readonly denials?: boolean }

/** A second request a case sends after an agreeing 200 (a create that names the quote just made), with its prediction. */
export interface FollowUp {
  readonly request: SentRequest
  readonly prediction: Prediction
}

/** One case of a rule: how to build its request from the configuration, and what the library predicts for it. */
export interface Case<E> {
  readonly rule: RuleId
  /** What the case sends, for the report: `poundsWeight at pallet.maxPoundsPerPallet + 1 (3001), quote`. */
  readonly name: string
  readonly build: (config: RulesConfig, env: E) => SentRequest
  readonly predict: (config: RulesConfig, request: SentRequest, env: E) => Prediction
  readonly then?: (config: RulesConfig, first: Received, env: E, request: SentRequest) => FollowUp | undefined
}

/** A table of cases: the check's name and rules, what it makes first (an order to upload to), and the cases, edges first. */
export interface Table<E> {
  readonly name: string
  readonly rules: ReadonlyArray<RuleId>
  readonly setup?: (ctx: KitContext) => Promise<{ readonly env: E; readonly requests: ReadonlyArray<SentRequest> } | { readonly error: string; readonly requests: ReadonlyArray<SentRequest> }>
  readonly cases: (config: RulesConfig, env: E, ctx: KitContext) => ReadonlyArray<Case<E>>
}

/** The library's ProblemDetail as the judge predicts it: status, reason, and each violation's field and code. */
export const problemOf = (p: ProblemDetail): Prediction => ({
  kind: 'problem',
  problem: { status: p.status, reason: p.reason, violations: (p.violations ?? []).map((v) => ({ field: v.field, code: v.code })) },
})

/** A JSON object, or an empty one. */
export const objectOf = (v: unknown): Readonly<Record<string, unknown>> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {})

const show = (v: unknown): string => {
  const s = JSON.stringify(v) ?? String(v)
  return s.length > 300 ? `${s.slice(0, 300)}…` : s
}

/** A short account of an answer: the status, the reason and violations of a problem, or the start of the body. */
export const describeAnswer = (r: Received): string => {
  if (r.status < 400) return `${r.status} ${r.text.length > 300 ? `${r.text.slice(0, 300)}…` : r.text}`
  const p = r.json === undefined ? undefined : readProblemDetail(r.json)
  if (p === undefined || p._tag === 'Left') return `${r.status} ${r.text.length > 300 ? `${r.text.slice(0, 300)}…` : r.text}`
  const v = (p.right.violations ?? []).map((x) => `${x.field} ${x.code}`)
  return `${r.status} ${p.right.reason}${v.length > 0 ? ` [${v.join(', ')}]` : ''}`
}

export const describePrediction = (p: Prediction): string => {
  if (p.kind === 'problem') {
    const v = (p.problem.violations ?? []).map((x) => `${x.field} ${x.code ?? ''}`.trim())
    return `${p.problem.status} ${p.problem.reason}${v.length > 0 ? ` [${v.join(', ')}]` : ''}`
  }
  const parts = [`200${p.body === undefined ? '' : ` with ${show(p.body)}`}`]
  if (p.invariants !== undefined && p.invariants.length > 0) parts.push(`where ${p.invariants.map((i) => i.what).join('; ')}`)
  if (p.denials === true) parts.push('(or a 422 coverage, account or pricing denial)')
  return parts.join(' ')
}

/** Reasons the library's validators give: a server answering one of them where the library accepts the request is wrong, not denying. */
const PREDICTABLE_422 = new Set(['pallet_invalid'])

/** Compares an answer with the prediction: undefined when they agree, else the precise differences. */
export const compare = (p: Prediction, r: Received): string | undefined => {
  if (p.kind === 'problem') {
    const diffs = judgeProblem(p.problem, r.status, r.json)
    return diffs.length === 0 ? undefined : renderDiffs(diffs)
  }
  if (r.status !== 200) {
    const reason = objectOf(r.json)['reason']
    const denial = r.status === 422 && typeof reason === 'string' && statusForReason(reason) === 422 && !PREDICTABLE_422.has(reason)
    if (p.denials === true && denial) return undefined
    return `at $.status: expected 200, actual ${describeAnswer(r)}`
  }
  if (typeof r.json !== 'object' || r.json === null || Array.isArray(r.json)) return `expected a JSON object, actual ${describeAnswer(r)}`
  const lines: string[] = []
  if (p.body !== undefined) {
    const diffs = judge(p.body, r.json, { partial: true })
    if (diffs.length > 0) lines.push(renderDiffs(diffs))
  }
  for (const inv of p.invariants ?? []) if (!inv.holds(objectOf(r.json))) lines.push(`does not hold: ${inv.what} (answer ${show(r.json)})`)
  return lines.length === 0 ? undefined : lines.join('\n')
}

/** n values of an arbitrary, from the run's seed (salted per table so tables draw differently). */
export const draw = <T>(ctx: KitContext, salt: number, arb: fc.Arbitrary<T>, n: number): T[] =>
  n <= 0 ? [] : fc.sample(arb, { seed: (ctx.seed ^ salt) | 0, numRuns: n })

/** How many random cases a table adds after its edges: a fifth of the run's runs, at least 2. */
export const randomCount = (ctx: KitContext): number => Math.max(2, Math.ceil(ctx.runs / 5))

/** Runs every case of a table against the server and judges each answer; one failure is kept per rule (with how many cases failed). */
export const runTable = async <E>(ctx: KitContext, table: Table<E>): Promise<CheckResult> => {
  const first = ctx.http.count
  const config = configOf(ctx)
  let env: E | undefined
  let prefix: ReadonlyArray<SentRequest> = []
  const failures = new Map<RuleId, { failure: Failure; more: number }>()
  const held: Record<RuleId, number> = {}
  const ran = new Set<RuleId>()
  const stopped: { rule: RuleId; why: string }[] = []
  const fail = (rule: RuleId, failure: Failure): void => {
    const had = failures.get(rule)
    if (had === undefined) failures.set(rule, { failure, more: 0 })
    else failures.set(rule, { ...had, more: had.more + 1 })
  }
  const finish = (): CheckResult => {
    const notReached = table.rules.filter((r) => !ran.has(r)).map((rule) => ({ rule, why: stopped[0]?.why ?? 'no case of the rule ran' }))
    return {
      check: table.name,
      rules: table.rules.filter((r) => ran.has(r)),
      failures: [...failures.values()].map(({ failure, more }) => (more === 0 ? failure : { ...failure, actual: `${failure.actual}\n(and ${more} more case(s) of ${failure.rule} failed)` })),
      notChecked: [],
      notReached,
      held,
      requests: ctx.http.count - first,
    }
  }
  if (table.setup !== undefined) {
    let made: Awaited<ReturnType<NonNullable<Table<E>['setup']>>>
    try {
      made = await table.setup(ctx)
    } catch (e) {
      if (e instanceof BudgetExhausted) {
        stopped.push({ rule: '', why: 'the request budget (--max-requests) ran out' })
        return finish()
      }
      throw e
    }
    if ('error' in made) {
      stopped.push({ rule: '', why: made.error })
      return finish()
    }
    env = made.env
    prefix = made.requests
  }
  const cases = table.cases(config, env as E, ctx)
  for (const c of cases) {
    const sent: SentRequest[] = []
    const send = async (req: SentRequest): Promise<Received> => {
      sent.push(req)
      return ctx.http.send(req)
    }
    try {
      const req = c.build(config, env as E)
      const prediction = c.predict(config, req, env as E)
      const got = await send(req)
      ran.add(c.rule)
      const diff = compare(prediction, got)
      if (diff !== undefined) {
        fail(c.rule, { rule: c.rule, check: table.name, expected: `${c.name}: ${describePrediction(prediction)}`, actual: diff, requests: [...prefix, ...sent] })
        continue
      }
      // a case whose point is its second request holds only once that request was judged: a
      // denied quote (the server's business) leaves it inconclusive, neither held nor failed
      if (c.then !== undefined && got.status !== 200) continue
      const next = c.then === undefined ? undefined : c.then(config, got, env as E, req)
      if (next !== undefined) {
        const second = await send(next.request)
        const diff2 = compare(next.prediction, second)
        if (diff2 !== undefined) {
          fail(c.rule, { rule: c.rule, check: table.name, expected: `${c.name}, then ${next.request.method} ${next.request.path}: ${describePrediction(next.prediction)}`, actual: diff2, requests: [...prefix, ...sent] })
          continue
        }
      }
      held[c.rule] = (held[c.rule] ?? 0) + 1
    } catch (e) {
      if (e instanceof BudgetExhausted) {
        stopped.push({ rule: c.rule, why: 'the request budget (--max-requests) ran out' })
        break
      }
      ran.add(c.rule)
      fail(c.rule, { rule: KIT_CRASH, check: table.name, expected: `${c.name}: an answer`, actual: e instanceof Error ? e.message : String(e), requests: [...prefix, ...sent] })
    }
  }
  return finish()
}
