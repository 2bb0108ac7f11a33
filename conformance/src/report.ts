// The report by rule ID: every HTTP-observable rule of RULES.md passed, failed or not checked (with
// why), written as Markdown, JSON or JUnit XML (one testcase per rule; a failure's body holds the
// expected and actual answers and the curl script).
import type { CheckResult, Failure, RuleId } from './check.js'
import { toCurlScript } from './curl.js'
import type { Exchange } from './http.js'
import { HTTP_RULES, sentenceOf } from './rules.js'

export type RuleStatus = 'passed' | 'failed' | 'not checked'

export interface RuleRow {
  readonly rule: RuleId
  readonly sentence: string
  readonly status: RuleStatus
  /** The checks that exercised it. */
  readonly checks: ReadonlyArray<string>
  /** Why it was not checked (status 'not checked'). */
  readonly why?: string
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
}

/** The rows of the report: one per rule of HTTP_RULES (or of `only`), plus any kit-level ID a failure named. */
export const ruleRows = (checks: ReadonlyArray<CheckResult>, exchanges: ReadonlyArray<Exchange>, only?: ReadonlyArray<RuleId>): RuleRow[] => {
  const ids = new Set<RuleId>(only ?? Object.keys(HTTP_RULES))
  for (const c of checks) for (const f of c.failures) ids.add(f.rule)
  return [...ids].map((rule) => {
    const failures = checks.flatMap((c) => c.failures.filter((f) => f.rule === rule)).map((f) => ({ ...f, curl: toCurlScript(f.requests, { exchanges }) }))
    const exercised = checks.filter((c) => c.rules.includes(rule) || c.failures.some((f) => f.rule === rule)).map((c) => c.check)
    const why = checks.flatMap((c) => c.notChecked.filter((n) => n.rule === rule).map((n) => `${c.check}: ${n.why}`))
    const status: RuleStatus = failures.length > 0 ? 'failed' : exercised.length > 0 ? 'passed' : 'not checked'
    const row: RuleRow = { rule, sentence: sentenceOf(rule), status, checks: exercised, failures }
    return status === 'not checked' ? { ...row, why: why.length > 0 ? why.join('; ') : 'no check of this run exercises it' } : why.length > 0 ? { ...row, why: why.join('; ') } : row
  })
}

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** The Markdown report: a summary line, the table by rule, then each failure with its curl script. */
export const toMarkdown = (r: Report): string => {
  const count = (s: RuleStatus): number => r.rules.filter((x) => x.status === s).length
  const lines = [
    `# shipper-rules-conformance: ${r.baseUrl}`,
    '',
    `${count('passed')} passed, ${count('failed')} failed, ${count('not checked')} not checked; ${r.requests} requests in ${(r.durationMs / 1000).toFixed(1)} s (seed ${r.seed}, ${r.runs} runs a property, creates marked ${r.marker}).`,
    '',
    '| rule | status | checks | rule sentence / why not checked |',
    '|---|---|---|---|',
    ...r.rules.map((x) => `| ${x.rule} | ${x.status} | ${cell(x.checks.join(', '))} | ${cell(x.status === 'not checked' ? `${x.sentence} — not checked: ${x.why ?? ''}` : x.sentence)} |`),
  ]
  for (const row of r.rules) {
    for (const f of row.failures) {
      lines.push('', `## ${f.rule} failed (${f.check})`, '', `> ${row.sentence}`, '', `- expected: ${f.expected}`, `- actual: ${f.actual}`, '', '```bash', f.curl.trimEnd(), '```')
    }
  }
  return lines.join('\n') + '\n'
}

export const toJson = (r: Report): string => JSON.stringify(r, null, 2) + '\n'

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
  const skipped = r.rules.filter((x) => x.status === 'not checked').length
  const cases = r.rules.map((x) => {
    const open = `  <testcase classname="shipper-rules-conformance.${xml(x.rule.replace(/-\d+$/, ''))}" name="${xml(`${x.rule}: ${x.sentence}`)}">`
    if (x.status === 'passed') return `${open}</testcase>`
    if (x.status === 'not checked') return `${open}\n    <skipped message="${xml(x.why ?? '')}"/>\n  </testcase>`
    const body = x.failures.map((f) => `check: ${f.check}\nexpected: ${f.expected}\nactual: ${f.actual}\n\n${f.curl}`).join('\n\n')
    return `${open}\n    <failure message="${xml(x.failures[0]!.expected)}" type="${xml(x.rule)}">${xml(body)}</failure>\n  </testcase>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="shipper-rules-conformance" tests="${r.rules.length}" failures="${failed}" skipped="${skipped}" time="${(r.durationMs / 1000).toFixed(3)}">`,
    `<testsuite name="${xml(r.baseUrl)}" tests="${r.rules.length}" failures="${failed}" skipped="${skipped}" errors="0" time="${(r.durationMs / 1000).toFixed(3)}" timestamp="${xml(r.startedAt)}">`,
    ...cases,
    '</testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}

export type ReportFormat = 'md' | 'json' | 'junit'

export const render = (r: Report, format: ReportFormat): string => (format === 'json' ? toJson(r) : format === 'junit' ? toJunit(r) : toMarkdown(r))
