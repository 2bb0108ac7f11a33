// Runs every check (or those `only` selects) against one server and builds the Report. A check
// whose requirement the run does not meet is not run (its rules are not checked, with why); a
// check that throws is a failure of that check (rule KIT-CRASH), its rules are not reached, and the
// others still run; the auth matrix runs after the others and the ProblemDetail check last, over
// every answer of the run. Progress goes to the log at each check's start and end and every few
// seconds while one runs.
import { randomBytes } from 'node:crypto'
import type { RulesConfig } from 'shipper-rules'
import { KIT_CRASH, type Check, type CheckResult, type KitContext, type RuleId } from './check.js'
import { authMatrix } from './checks/stateless/auth.js'
import { appointmentRequests, createRequests, quoteRequests } from './checks/stateless/corruption.js'
import { pathParameters } from './checks/stateless/parameters.js'
import { STATEFUL_CHECKS } from './checks/stateful/index.js'
import { COVERAGE_CHECKS } from './checks/coverage/index.js'
import { BOUNDARY_CHECKS } from './checks/boundaries/index.js'
import { problemDetails } from './checks/stateless/problem.js'
import { resolveDeclaration } from './declared.js'
import { declaredSection } from './declaredReport.js'
import { BudgetExhausted, Http, type CompanyCredentials } from './http.js'
import { ruleRows, type Report } from './report.js'

export interface RunOptions {
  readonly baseUrl: string
  readonly token: string
  readonly apiKey: string
  readonly other?: CompanyCredentials
  readonly controls?: 'sandbox' | 'none'
  readonly runs?: number
  readonly seed?: number
  /** Rule IDs (or check names): only the checks exercising one of them run, and the report lists only those rules. */
  readonly only?: ReadonlyArray<string>
  readonly maxRequests?: number
  readonly rate?: number
  /** The checks to run instead of the kit's own (tests). */
  readonly checks?: ReadonlyArray<Check>
  /**
   * The rules configuration to check against (the kit's `--config FILE`), instead of the server's
   * declaration; without it the run reads the server's document (declared.ts), else the library's
   * defaults. A malformed served declaration makes the run throw DeclarationError (a usage error).
   */
  readonly config?: RulesConfig
  /** The file `config` was read from, for the report. */
  readonly configFile?: string
  /**
   * Progress lines: the run's start, each check's start and end, every PROGRESS_EVERY_MS while a
   * check runs (rules done / total, requests, failures so far, elapsed), and the 429 advice.
   */
  readonly log?: (line: string) => void
  /** The most the run waits for 429s in all, in seconds (Http's max429WaitS, default 30). */
  readonly max429WaitS?: number
  /** The interval of the progress lines, in ms (default PROGRESS_EVERY_MS). */
  readonly progressEveryMs?: number
}

/**
 * The stateless checks, in order; the ProblemDetail check is always last and separate. The auth
 * matrix runs after every other check (runConformance): its failed authentications can make a
 * server (the sandbox at its default limit) answer 429 to everything from the kit's address for a
 * minute, which then leaves only the auth rules not reached.
 */
export const STATELESS_CHECKS: ReadonlyArray<Check> = [authMatrix, quoteRequests, createRequests, appointmentRequests, pathParameters]

/** How often a progress line goes to the log while a check runs, in ms. */
export const PROGRESS_EVERY_MS = 3000

/** The stateful checks (src/checks/stateful/index.ts), in order. Kept as a function for callers written when they were loaded lazily. */
export const loadStatefulChecks = async (): Promise<ReadonlyArray<Check>> => STATEFUL_CHECKS

const selected = (check: Check, only: ReadonlyArray<string> | undefined): boolean =>
  only === undefined || only.includes(check.name) || check.rules.some((r) => only.includes(r))

export const runConformance = async (options: RunOptions): Promise<Report> => {
  const started = Date.now()
  const runs = options.runs ?? 25
  const seed = options.seed ?? (randomBytes(4).readUInt32BE(0) & 0x7fffffff)
  const marker = `CONFORMANCE-${new Date(started).toISOString().replace(/[-:T]/g, '').slice(0, 14)}-${randomBytes(2).toString('hex')}`
  const log = options.log ?? (() => undefined)
  const http = new Http({
    baseUrl: options.baseUrl,
    warn: log,
    ...(options.max429WaitS === undefined ? {} : { max429WaitS: options.max429WaitS }),
    main: { token: options.token, apiKey: options.apiKey },
    ...(options.other === undefined ? {} : { other: options.other }),
    ...(options.maxRequests === undefined ? {} : { maxRequests: options.maxRequests }),
    ...(options.rate === undefined ? {} : { rate: options.rate }),
  })
  // a line at once, before anything is asked of the server (never silent)
  log(`shipper-rules-conformance ${options.baseUrl}: starting (seed ${seed}); reading the server's declared configuration …`)
  const resolved = await resolveDeclaration({ baseUrl: options.baseUrl, ...(options.config === undefined ? {} : { config: options.config }), ...(options.configFile === undefined ? {} : { configFile: options.configFile }) })
  ;(options.log ?? (() => undefined))(`rules configuration: ${resolved.declaration.source}, ${resolved.declaration.note}`)
  const ctx: KitContext = {
    http,
    controls: options.controls ?? 'none',
    hasOtherCompany: options.other !== undefined,
    runs,
    seed,
    marker,
    config: resolved.config,
    declaration: resolved.declaration,
    onFailure: () => {
      live += 1
    },
  }
  const all = options.checks ?? [...STATELESS_CHECKS.filter((c) => c !== authMatrix), ...BOUNDARY_CHECKS, ...STATEFUL_CHECKS, ...COVERAGE_CHECKS, authMatrix]
  const chosen = [...all.filter((check) => selected(check, options.only)), ...(options.checks === undefined ? [problemDetails] : [])]
  const results: CheckResult[] = []
  // progress: a rule is done once every chosen check covering it has ended
  const totalRules = new Set(chosen.flatMap((c) => c.rules))
  const ended = new Set<Check>()
  const rulesDone = (): number => [...totalRules].filter((rule) => chosen.every((c) => ended.has(c) || !c.rules.includes(rule))).length
  // the failures of the checks that ended, and those the running check's runner reported so far
  let live = 0
  const failuresSoFar = (): number => results.reduce((n, r) => n + r.failures.length, 0) + live
  const elapsed = (): string => `${((Date.now() - started) / 1000).toFixed(1)} s`
  const status = (): string => `${rulesDone()}/${totalRules.size} rules done, ${http.count} requests, ${failuresSoFar()} failure(s) so far, ${elapsed()}`
  log(`shipper-rules-conformance ${options.baseUrl}: ${chosen.length} checks, ${totalRules.size} rules, ${runs} runs a property, seed ${seed}`)
  const runOne = async (check: Check): Promise<void> => {
    live = 0
    const ticker = setInterval(() => log(`  … ${check.name}: ${status()}`), Math.max(100, options.progressEveryMs ?? PROGRESS_EVERY_MS))
    ticker.unref()
    try {
      await runCheck(check)
    } finally {
      clearInterval(ticker)
      ended.add(check)
    }
  }
  const runCheck = async (check: Check): Promise<void> => {
    const missing = (check.requires ?? []).filter((r) => (r === 'otherCompany' ? !ctx.hasOtherCompany : ctx.controls !== 'sandbox'))
    if (missing.length > 0) {
      const why = missing.map((m) => (m === 'otherCompany' ? 'needs a second company (--other-company-token/--other-company-key)' : 'needs --controls sandbox')).join('; ')
      results.push({ check: check.name, rules: [], failures: [], notChecked: check.rules.map((rule) => ({ rule, why })), requests: 0 })
      log(`- ${check.name}: not run (${why})`)
      return
    }
    const from = http.count
    const t0 = Date.now()
    log(`- ${check.name} …`)
    try {
      const r = await check.run(ctx)
      live = 0
      results.push(r)
      ended.add(check)
      log(`- ${check.name}: ${r.failures.length} failure(s), ${r.requests} requests, ${((Date.now() - t0) / 1000).toFixed(1)} s; ${status()}`)
    } catch (e) {
      // the check stopped: its rules are not reached (never passed), and a crash is a failure of its own
      const budget = e instanceof BudgetExhausted
      results.push({
        check: check.name,
        rules: [],
        failures: budget ? [] : [{ rule: KIT_CRASH, check: check.name, expected: 'the check runs to its end', actual: e instanceof Error ? e.stack ?? e.message : String(e), requests: http.transcript.requests(Math.max(from, http.transcript.length - 5)) }],
        notChecked: [],
        notReached: check.rules.map((rule) => ({ rule, why: budget ? e.why : 'the check crashed before its cases ran to their end' })),
        requests: http.count - from,
      })
      ended.add(check)
      log(`- ${check.name}: ${budget ? `stopped: ${e.why}` : `crashed: ${e instanceof Error ? e.message : String(e)}`}; ${status()}`)
    }
  }
  // the ProblemDetail check last, over every answer of the run (a caller passing its own checks includes it itself)
  for (const check of chosen) await runOne(check)
  const onlyRules: RuleId[] | undefined = options.only?.filter((x) => /^[A-Z]+-\d+$/.test(x))
  const rules = ruleRows(results, http.transcript.entries, onlyRules !== undefined && onlyRules.length > 0 ? onlyRules : undefined)
  return {
    baseUrl: options.baseUrl,
    seed,
    runs,
    marker,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    requests: http.count,
    checks: results,
    rules,
    failures: rules.reduce((n, r) => n + r.failures.length, 0),
    declared: declaredSection(resolved.declaration, resolved.config, rules),
    throttled: http.throttled,
  }
}
