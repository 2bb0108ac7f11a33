// The report's section "Declared choices": each choice of the rules configuration the run checked
// against (declared.ts: name, value, where it came from) and whether the server kept it, judged by
// the verdicts of the rules that exercise it (CHOICES): kept (they passed), not kept (which rule
// failed), not checked (why). Rendered into the Markdown, JSON and JUnit reports by report.ts.
import type { RulesConfig } from 'shipper-rules'
import type { Declaration, RuleId, Verdict } from './check.js'
import { CHOICES, valueOf } from './declared.js'
import { NOT_OBSERVABLE } from './rules.js'

/** What the section reads of a report's row (report.ts's RuleRow; declared here, so report.ts imports this module and not the other way round). */
export interface RuleVerdict {
  readonly rule: RuleId
  readonly status: Verdict
  readonly why?: string
}

export type ChoiceVerdict = 'kept' | 'not kept' | 'not checked'

export interface DeclaredChoice {
  /** The dotted path of the field in RulesConfig. */
  readonly name: string
  readonly value: unknown
  /** Where the value came from (the run's declaration source). */
  readonly source: Declaration['source']
  /** The rules that exercise it. */
  readonly rules: ReadonlyArray<RuleId>
  readonly verdict: ChoiceVerdict
  /** Which rules passed (kept), which failed (not kept), or why none was checked. */
  readonly why: string
}

export interface DeclaredSection extends Declaration {
  readonly choices: ReadonlyArray<DeclaredChoice>
}

/** A value as the report writes it: a density scale by its name and number of bands, anything else as JSON. */
export const valueText = (name: string, value: unknown): string => {
  if (name === 'densityScale' && typeof value === 'object' && value !== null) {
    const scale = value as { name?: unknown; bands?: unknown }
    return `${String(scale.name)} (${Array.isArray(scale.bands) ? scale.bands.length : 0} bands)`
  }
  return JSON.stringify(value) ?? 'undefined'
}

/** Each choice of `config` with the verdict of the rules that exercise it in `rows`. */
export const declaredSection = (declaration: Declaration, config: RulesConfig, rows: ReadonlyArray<RuleVerdict>): DeclaredSection => ({
  ...declaration,
  choices: CHOICES.map((choice) => {
    const mine = choice.rules.map((rule) => ({ rule, row: rows.find((r) => r.rule === rule) }))
    const failed = mine.filter((m) => m.row?.status === 'failed').map((m) => m.rule)
    const passed = mine.filter((m) => m.row?.status === 'passed').map((m) => m.rule)
    const others = mine
      .filter((m) => m.row === undefined || (m.row.status !== 'failed' && m.row.status !== 'passed'))
      .map((m) =>
        m.row !== undefined
          ? `${m.rule} ${m.row.status}${m.row.why === undefined ? '' : `: ${m.row.why}`}`
          : NOT_OBSERVABLE[m.rule] !== undefined
            ? `${m.rule} is not observable over HTTP: ${NOT_OBSERVABLE[m.rule]}`
            : `${m.rule} not in this run (--only)`,
      )
    const verdict: ChoiceVerdict = failed.length > 0 ? 'not kept' : passed.length > 0 ? 'kept' : 'not checked'
    const why =
      verdict === 'not kept' ? [`${failed.join(', ')} failed`, ...(passed.length > 0 ? [`${passed.join(', ')} passed`] : [])].join('; ')
      : verdict === 'kept' ? [`${passed.join(', ')} passed`, ...others].join('; ')
      : others.join('; ')
    return { name: choice.name, value: valueOf(config, choice.name), source: declaration.source, rules: choice.rules, verdict, why }
  }),
})

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** The Markdown section: where the configuration came from, then one row per choice. */
export const declaredMarkdown = (s: DeclaredSection): string[] => [
  '',
  '## Declared choices',
  '',
  `Source: ${s.source}${s.version === undefined ? '' : ` (declaration version ${s.version})`}: ${s.note}.`,
  '',
  '| choice | value | source | rules | kept | why |',
  '|---|---|---|---|---|---|',
  ...s.choices.map((c) => `| ${c.name} | ${cell(valueText(c.name, c.value))} | ${c.source} | ${c.rules.join(', ')} | ${c.verdict} | ${cell(c.why)} |`),
]

/**
 * The JUnit test suite "declared choices": one testcase per choice, a failure when not kept, skipped
 * when not checked. `xml` escapes text for XML (report.ts's).
 */
export const declaredJunit = (s: DeclaredSection, xml: (text: string) => string): { readonly tests: number; readonly failures: number; readonly skipped: number; readonly lines: ReadonlyArray<string> } => {
  const failures = s.choices.filter((c) => c.verdict === 'not kept').length
  const skipped = s.choices.filter((c) => c.verdict === 'not checked').length
  const cases = s.choices.map((c) => {
    const open = `  <testcase classname="shipper-rules-conformance.declared" name="${xml(`${c.name} = ${valueText(c.name, c.value)} (${c.source})`)}">`
    if (c.verdict === 'kept') return `${open}</testcase>`
    if (c.verdict === 'not checked') return `${open}\n    <skipped message="${xml(`not checked: ${c.why}`)}"/>\n  </testcase>`
    return `${open}\n    <failure message="${xml(`not kept: ${c.why}`)}" type="declared">${xml(`the server did not keep its declared ${c.name}: ${c.why}`)}</failure>\n  </testcase>`
  })
  return {
    tests: s.choices.length,
    failures,
    skipped,
    lines: [`<testsuite name="declared choices (${xml(s.source)}: ${xml(s.note)})" tests="${s.choices.length}" failures="${failures}" skipped="${skipped}" errors="0">`, ...cases, '</testsuite>'],
  }
}
