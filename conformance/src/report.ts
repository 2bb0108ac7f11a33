// The report by rule ID: every HTTP-observable rule of RULES.md passed, failed, not reached or not
// checked (with why), written as Markdown, JSON or JUnit XML (one testcase per rule; a failure's body holds the
// expected and actual answers and the curl script).
import type { CheckResult, Failure, RuleId, Verdict } from './check.js'
import { MAX_EMBEDDED_BODY, toCurlScript } from './curl.js'
import { declaredJunit, declaredMarkdown, type DeclaredSection } from './declaredReport.js'
import type { Exchange } from './http.js'
import { HTTP_RULES, sentenceOf } from './rules.js'

export type RuleStatus = Verdict

/** The statuses in the order the summary and the reports name them. */
export const STATUSES: ReadonlyArray<RuleStatus> = ['passed', 'failed', 'not reached', 'not checked']

export interface RuleRow {
  readonly rule: RuleId
  readonly sentence: string
  readonly status: RuleStatus
  /** The checks that exercised it (or were to, for a rule not reached). */
  readonly checks: ReadonlyArray<string>
  /** Why it was not reached or not checked (and, for a rule that passed or failed, what a check left undone). */
  readonly why?: string
  /** How many of its own cases ran to their end and held, summed over the checks that count cases by rule. */
  readonly held?: number
  readonly failures: ReadonlyArray<Failure & { readonly curl: string }>
}

export interface Report {
  readonly baseUrl: string
  readonly seed: number
  readonly runs: number
  readonly marker: string
  readonly startedAt: string
  readonly durationMs: number
  readonly requests: number
  readonly checks: ReadonlyArray<CheckResult>
  readonly rules: ReadonlyArray<RuleRow>
  readonly failures: number
  /** How many 429 answers the run met. */
  readonly throttled?: number
  /** The rules configuration the run checked against, each choice with whether the server kept it (declaredReport.ts). */
  readonly declared?: DeclaredSection
}

/** The most characters of one text (an expected or actual answer, a failure's script) a report embeds: 64 KiB. */
export const MAX_EMBEDDED_TEXT = MAX_EMBEDDED_BODY

/** A text cut to MAX_EMBEDDED_TEXT characters, saying how much was left out. */
export const capText = (s: string, max = MAX_EMBEDDED_TEXT): string =>
  s.length <= max ? s : `${s.slice(0, max)}… [${s.length - max} more characters not embedded: the failure's script sends the request again]`

/**
 * The rows of the report: one per rule of HTTP_RULES (or of `only`), plus any kit-level ID a
 * failure named. A rule is failed when a failure names it; not reached when a check that covers it
 * stopped before its cases ran (another rule's counterexample, the budget, 429s, a crash) or, in
 * a check counting cases by rule, none of its cases came up; passed when a check ran its cases to
 * the end and they held; not checked otherwise, with why.
 */
export const ruleRows = (checks: ReadonlyArray<CheckResult>, exchanges: ReadonlyArray<Exchange>, only?: ReadonlyArray<RuleId>): RuleRow[] => {
  const ids = new Set<RuleId>(only ?? Object.keys(HTTP_RULES))
  for (const c of checks) for (const f of c.failures) ids.add(f.rule)
  return [...ids].map((rule) => {
    const failures = checks
      .flatMap((c) => c.failures.filter((f) => f.rule === rule))
      .map((f) => ({ ...f, expected: capText(f.expected), actual: capText(f.actual), curl: toCurlScript(f.requests, { exchanges }) }))
    const stopped = checks.flatMap((c) => (c.notReached ?? []).filter((n) => n.rule === rule).map((n) => `${c.check}: ${n.why}`))
    const listing = checks.filter((c) => c.rules.includes(rule) && !(c.notReached ?? []).some((n) => n.rule === rule))
    const ranToEnd = listing.filter((c) => c.held === undefined || (c.held[rule] ?? 0) > 0)
    const noCase = listing.filter((c) => c.held !== undefined && (c.held[rule] ?? 0) === 0).map((c) => `${c.check}: none of this rule's cases came up in this run (more --runs, or another --seed)`)
    const counted = checks.filter((c) => c.held !== undefined && c.held[rule] !== undefined)
    const held = counted.length === 0 ? undefined : counted.reduce((n, c) => n + (c.held?.[rule] ?? 0), 0)
    const exercised = checks
      .filter((c) => c.rules.includes(rule) || c.failures.some((f) => f.rule === rule) || (c.notReached ?? []).some((n) => n.rule === rule))
      .map((c) => c.check)
    const notChecked = checks.flatMap((c) => c.notChecked.filter((n) => n.rule === rule).map((n) => `${c.check}: ${n.why}`))
    const status: RuleStatus =
      failures.length > 0 ? 'failed'
      : stopped.length > 0 ? 'not reached'
      : ranToEnd.length > 0 ? 'passed'
      : noCase.length > 0 ? 'not reached'
      : 'not checked'
    const whys = status === 'not checked' && notChecked.length === 0 ? ['no check of this run exercises it'] : [...stopped, ...(status === 'passed' ? [] : noCase), ...notChecked]
    const row: RuleRow = { rule, sentence: sentenceOf(rule), status, checks: exercised, failures, ...(held === undefined ? {} : { held }) }
    return whys.length > 0 ? { ...row, why: whys.join('; ') } : row
  })
}

/** The summary: `80 passed, 3 failed, 5 not reached, 4 not checked`. */
export const summaryOf = (rules: ReadonlyArray<RuleRow>): string => STATUSES.map((s) => `${rules.filter((x) => x.status === s).length} ${s}`).join(', ')

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** The Markdown report: a summary line, the table by rule, then each failure with its curl script. */
export const toMarkdown = (r: Report): string => {
  const lines = [
    `# shipper-rules-conformance: ${r.baseUrl}`,
    '',
    `${summaryOf(r.rules)}; ${r.requests} requests in ${(r.durationMs / 1000).toFixed(1)} s (seed ${r.seed}, ${r.runs} runs a property, creates marked ${r.marker}).`,
    '',
    '| rule | status | checks | rule sentence / why not reached or not checked |',
    '|---|---|---|---|',
    ...r.rules.map((x) => `| ${x.rule} | ${x.status} | ${cell(x.checks.join(', '))} | ${cell(x.status === 'not checked' || x.status === 'not reached' ? `${x.sentence} — ${x.status}: ${x.why ?? ''}` : x.sentence)} |`),
  ]
  if (r.declared !== undefined) lines.push(...declaredMarkdown(r.declared))
  for (const row of r.rules) {
    for (const f of row.failures) {
      lines.push('', `## ${f.rule} failed (${f.check})`, '', `> ${row.sentence}`, '', `- expected: ${f.expected}`, `- actual: ${f.actual}`, '', '```bash', f.curl.trimEnd(), '```')
    }
  }
  return lines.join('\n') + '\n'
}

/**
 * The JSON report. A request body of bytes is written `{ bytes, base64 }` (its first
 * MAX_EMBEDDED_BODY bytes; `cut` when there were more), and any text over MAX_EMBEDDED_TEXT is
 * cut (but a failure's script, whose bodies curl.ts bounds), so no failing case makes the report too
 * large to write (the failures' scripts send it).
 */
export const toJson = (r: Report): string =>
  JSON.stringify(
    r,
    (key, value: unknown) => {
      if (value instanceof Uint8Array) {
        const b = Buffer.from(value.buffer, value.byteOffset, Math.min(value.byteLength, MAX_EMBEDDED_BODY))
        return { bytes: value.byteLength, base64: b.toString('base64'), ...(value.byteLength > MAX_EMBEDDED_BODY ? { cut: true } : {}) }
      }
      // a failure's script is whole: each body in it is bounded already (curl.ts's largeBody)
      return typeof value === 'string' && key !== 'curl' ? capText(value) : value
    },
    2,
  ) + '\n'

const xml = (s: string): string =>
  s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')

/** JUnit XML: one testsuite, one testcase per rule (classname the rule family); failed rules carry a failure, rules not checked a skipped. */
export const toJunit = (r: Report): string => {
  const failed = r.rules.filter((x) => x.status === 'failed').length
  const skipped = r.rules.filter((x) => x.status === 'not checked' || x.status === 'not reached').length
  const cases = r.rules.map((x) => {
    const open = `  <testcase classname="shipper-rules-conformance.${xml(x.rule.replace(/-\d+$/, ''))}" name="${xml(`${x.rule}: ${x.sentence}`)}">`
    if (x.status === 'passed') return `${open}</testcase>`
    if (x.status === 'not checked' || x.status === 'not reached') return `${open}\n    <skipped message="${xml(`${x.status}: ${x.why ?? ''}`)}"/>\n  </testcase>`
    const body = x.failures.map((f) => `check: ${f.check}\nexpected: ${f.expected}\nactual: ${f.actual}\n\n${f.curl}`).join('\n\n')
    return `${open}\n    <failure message="${xml(x.failures[0]!.expected)}" type="${xml(x.rule)}">${xml(body)}</failure>\n  </testcase>`
  })
  const declared = r.declared === undefined ? { tests: 0, failures: 0, skipped: 0, lines: [] } : declaredJunit(r.declared, xml)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="shipper-rules-conformance" tests="${r.rules.length + declared.tests}" failures="${failed + declared.failures}" skipped="${skipped + declared.skipped}" time="${(r.durationMs / 1000).toFixed(3)}">`,
    `<testsuite name="${xml(r.baseUrl)}" tests="${r.rules.length}" failures="${failed}" skipped="${skipped}" errors="0" time="${(r.durationMs / 1000).toFixed(3)}" timestamp="${xml(r.startedAt)}">`,
    ...cases,
    '</testsuite>',
    ...declared.lines,
    '</testsuites>',
    '',
  ].join('\n')
}

export type ReportFormat = 'md' | 'json' | 'junit'

export const render = (r: Report, format: ReportFormat): string => (format === 'json' ? toJson(r) : format === 'junit' ? toJunit(r) : toMarkdown(r))
