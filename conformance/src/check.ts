// The shared types of the kit: what a check is given (KitContext), what it hands back (CheckResult),
// and a failure as data (Failure) that the reports and the curl printer read. Every check module
// (stateless and stateful) is written against these types only.
import type { RulesConfig } from 'shipper-rules'
import type { Http, SentRequest } from './http.js'

export type { SentRequest, Received, Credentials, RawBody, Exchange } from './http.js'

/** A rule ID of spec/RULES.md (e.g. `AUTH-01`), or a kit-level ID such as `KIT-CRASH`. */
export type RuleId = string

/** What every check gets: the HTTP sender (with its transcript), what the server lets the kit drive, and the run's parameters. */
export interface KitContext {
  readonly http: Http
  /** `sandbox`: the kit may call the sandbox's control endpoints (carrier events, the clock); `none`: only the spec's endpoints. */
  readonly controls: 'sandbox' | 'none'
  /** Whether a second company's token and key were given (tenancy checks need them). */
  readonly hasOtherCompany: boolean
  /** fast-check runs per property. */
  readonly runs: number
  /** The run's seed: every property is checked with it, so a run replays. */
  readonly seed: number
  /** Every create's refNumber/description starts with it: `CONFORMANCE-<runId>`, so an operator can find what the kit made. */
  readonly marker: string
  /** The rules configuration the server declared (or the kit was given): checks take every limit from it, never from the library's defaults. */
  readonly config: RulesConfig
  /** Where `config` came from (conformance/src/declared.ts). */
  readonly declaration: Declaration
  /** Told of each failure as a runner finds it, before its check ends (the progress lines' failures so far). */
  readonly onFailure?: (failure: Failure) => void
}

/**
 * Where the run's rules configuration came from: `document` the server's OpenAPI document
 * (its `x-shipper-rules-config`), `file` the kit's `--config FILE`, `default` the library's
 * defaults (neither existed; the report says so).
 */
export interface Declaration {
  readonly source: 'document' | 'file' | 'default'
  /** The document's URL or the file's name; absent for `default`. */
  readonly from?: string
  /** The declaration's version, when the document gave one. */
  readonly version?: string
  /** One sentence for the report: where the configuration came from, and why when it is the default. */
  readonly note: string
}

/** One way the server departed from a rule, with the (shrunk) requests that show it. */
export interface Failure {
  readonly rule: RuleId
  readonly check: string
  readonly expected: string
  readonly actual: string
  /** The shrunk sequence that shows it, oldest first; printed as a curl script. */
  readonly requests: ReadonlyArray<SentRequest>
}

/**
 * What a check reports, rule by rule. A rule in `rules` passed only when no failure names it, no
 * `notReached` entry names it, and (when the check counts cases, `held`) at least one of its own
 * cases ran to the end and held.
 */
export interface CheckResult {
  readonly check: string
  /** The rules this check exercised (passed unless a failure, `notReached` or a zero in `held` says otherwise). */
  readonly rules: ReadonlyArray<RuleId>
  readonly failures: ReadonlyArray<Failure>
  /** Rules the check could not exercise in this run (say without `--controls sandbox`), with why. */
  readonly notChecked: ReadonlyArray<{ rule: RuleId; why: string }>
  /**
   * Rules whose cases did not run to their end: the check stopped before them (another rule's
   * counterexample, the request budget, a 429 the kit gave up on, a crash), with why. Never passed.
   */
  readonly notReached?: ReadonlyArray<{ rule: RuleId; why: string }>
  /**
   * How many of each rule's own cases ran to their end and held, for a check that attributes its
   * cases to rules. A rule of `rules` with no held case and no failure is reported not reached.
   * Absent: the check does not count by rule (a case of it exercises all its `rules`).
   */
  readonly held?: Readonly<Record<RuleId, number>>
  /** How many HTTP requests the check sent. */
  readonly requests: number
}

/** A rule's verdict in one check or in the report: `not reached` = the check stopped before its cases ran; `not checked` = it could not run them (why). */
export type Verdict = 'passed' | 'failed' | 'not reached' | 'not checked'

/** A check: a name, the rules it can exercise, what it needs, and how to run it. */
export interface Check {
  readonly name: string
  readonly rules: ReadonlyArray<RuleId>
  /** A check whose requirement the run does not meet is not run: its rules are reported as not checked, with the reason. */
  readonly requires?: ReadonlyArray<'otherCompany' | 'sandboxControls'>
  run(ctx: KitContext): Promise<CheckResult>
}

/** The rule a crashed check's failure carries (an exception in the kit or a transport error), so a crash is never silent. */
export const KIT_CRASH: RuleId = 'KIT-CRASH'
