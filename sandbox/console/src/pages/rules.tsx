// The Rules page (issue 34, item 7): every rule ID of the spec with its sentence and kind, the
// decision of D rules, the functions that implement it and the properties that check it, and its
// examples, runnable here with the library's browser build (no eval: by name, from a map of the
// library's exports). The data is console/src/generated/rules-data.json, written at build time by
// scripts/rules-data.mjs from the library. The same component is the static rules site's page
// (console/src/rules/site.tsx; `npm run docs` at the root writes it beside the API reference).
//
// Accessible names (browser tests find elements by them):
// - `#/rules`: heading level 1 "Rules"; a search box "Filter rules"; a link per rule named by its ID
//   ("ADDR-01"), grouped under a level 2 heading per RULES.md section; a table "Rules" (one row a rule).
// - `#/rules/<ID>`: heading level 1 the ID ("ADDR-01"); a link "All rules"; lists "Functions" (on the
//   rules site each name links to its API reference page) and
//   "Properties"; for each runnable example n (1, 2, ...): a text box "Arguments of example n"
//   (a JSON array), a button "Run example n", an output "Result of example n" (role status) and,
//   when the answer carries violations, a list "Violations of example n".
// - An unknown ID: heading level 1 "No rule <ID>".
import { useEffect, useMemo, useState } from 'preact/hooks'
import rulesData from '../generated/rules-data.json'
import * as ruleFunctions from '../generated/rule-functions.js'
import { href } from '../route.js'
import { runExample, sameJson, type ExampleCall, type RunResult } from '../rules/run.js'
import type { ConsoleApi, Route } from '../types.js'
import '../rules/rules.css'
import { ColumnHeads } from '../parts.js'

interface RuleEntry {
  readonly id: string
  readonly kind: string
  readonly section: string
  readonly sentence: string
  readonly status: string
  readonly decision: string
  readonly functions: ReadonlyArray<string>
  readonly functionsByRuleMap: ReadonlyArray<string>
  readonly properties: ReadonlyArray<{ readonly file: string; readonly title: string }>
}
interface FunctionEntry {
  readonly module: string
  readonly source: string
  readonly callable: boolean
  readonly examples: ReadonlyArray<{ readonly code: string; readonly calls: ReadonlyArray<ExampleCall & { readonly expectedValue?: unknown }> }>
}
const DATA = rulesData as unknown as { readonly rules: ReadonlyArray<RuleEntry>; readonly functions: Readonly<Record<string, FunctionEntry>> }
const LIBRARY = ruleFunctions as unknown as Readonly<Record<string, unknown>>

/** Backticked spans of RULES.md and the rule map as code, the rest as text (never HTML); a Markdown link as its text. */
function Prose({ text }: { readonly text: string }) {
  const parts = text.replace(/\[([^\]`]+)\]\([^)\s]+\)/g, '$1').split('`')
  return <>{parts.map((p, i) => (i % 2 === 1 ? <code key={i}>{p}</code> : p))}</>
}

const KIND: Readonly<Record<string, string>> = {
  S: 'S: the spec states it',
  D: 'D: the spec leaves it open; the library decides',
  'S/D': 'S/D: stated, with a part the library decides',
}

/** The rules page: the index at `#/rules`, one rule at `#/rules/<ID>`. The api is not used (the rules site has none). */
export function RulesPage({ route, apiHref }: { readonly route: Route; readonly api?: ConsoleApi; readonly apiHref?: (name: string) => string | null }) {
  const id = route.page === 'rule' ? route.param : null
  useEffect(() => {
    if (typeof document !== 'undefined') document.title = id === null ? 'Rules' : `${id}: Rules`
  }, [id])
  if (id === null) return <RuleIndex />
  const rule = DATA.rules.find((r) => r.id === id)
  if (rule === undefined) {
    return (
      <section aria-labelledby="page-title" class="rules">
        <h1 id="page-title">No rule {id}</h1>
        <p>
          The spec has no rule with this ID. <a href={href(['rules'])}>All rules</a>
        </p>
      </section>
    )
  }
  return <RuleView rule={rule} key={rule.id} apiHref={apiHref ?? (() => null)} />
}

function RuleIndex() {
  const [filter, setFilter] = useState('')
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase()
    return f === '' ? DATA.rules : DATA.rules.filter((r) => `${r.id} ${r.sentence} ${r.section}`.toLowerCase().includes(f))
  }, [filter])
  const sections = [...new Set(shown.map((r) => r.section))]
  return (
    <section aria-labelledby="page-title" class="rules">
      <h1 id="page-title">Rules</h1>
      <p>
        Every rule of the spec (spec/RULES.md), {DATA.rules.length} in all. Kind S: the spec states it; D: the spec leaves it open
        and the library decides. Open a rule for its decision, the function that implements it, the properties that check it and
        its examples, which run here.
      </p>
      <p class="rules-filter">
        <label for="rules-filter">Filter rules</label>
        <input id="rules-filter" type="search" value={filter} onInput={(e) => setFilter((e.currentTarget as HTMLInputElement).value)} />
        <span role="status">{shown.length === DATA.rules.length ? '' : `${shown.length} of ${DATA.rules.length} rules`}</span>
      </p>
      <table class="rules-table">
        <caption>Rules</caption>
        <ColumnHeads names={['ID', 'Kind', 'Rule']} />
        {sections.map((s) => (
          <tbody key={s}>
            <tr>
              <th scope="rowgroup" colSpan={3} class="rules-section">
                <h2>{s}</h2>
              </th>
            </tr>
            {shown
              .filter((r) => r.section === s)
              .map((r) => (
                <tr key={r.id}>
                  <td>
                    <a href={href(['rules', r.id])}>{r.id}</a>
                  </td>
                  <td>{r.kind}</td>
                  <td>
                    <Prose text={r.sentence} />
                  </td>
                </tr>
              ))}
          </tbody>
        ))}
      </table>
    </section>
  )
}

function RuleView({ rule, apiHref }: { readonly rule: RuleEntry; readonly apiHref: (name: string) => string | null }) {
  const index = DATA.rules.indexOf(rule)
  const prev = DATA.rules[index - 1]
  const next = DATA.rules[index + 1]
  const names = [...rule.functions, ...rule.functionsByRuleMap]
  let n = 0
  const blocks = names.flatMap((name) =>
    (DATA.functions[name]?.examples ?? []).map((ex) => ({ name, code: ex.code, calls: ex.calls.map((call) => ({ call, n: ++n })) })),
  )
  return (
    <section aria-labelledby="page-title" class="rules">
      <nav aria-label="Rules" class="rules-nav">
        <a href={href(['rules'])}>All rules</a>
        {prev !== undefined && <a href={href(['rules', prev.id])}>Previous: {prev.id}</a>}
        {next !== undefined && <a href={href(['rules', next.id])}>Next: {next.id}</a>}
      </nav>
      <h1 id="page-title">{rule.id}</h1>
      <p class="rules-sentence">
        <Prose text={rule.sentence} />
      </p>
      <dl class="pairs rules-facts">
        <dt>Kind</dt>
        <dd>{KIND[rule.kind] ?? rule.kind}</dd>
        <dt>Section</dt>
        <dd>{rule.section}</dd>
        <dt>Status</dt>
        <dd>{rule.status}</dd>
        {rule.decision !== '' && (
          <>
            <dt>Decision</dt>
            <dd>
              <Prose text={rule.decision} />
            </dd>
          </>
        )}
      </dl>
      <h2 id="rule-functions">Functions</h2>
      <ul aria-labelledby="rule-functions">
        {names.map((name) => {
          const f = DATA.functions[name]
          const link = apiHref(name)
          return (
            <li key={name}>
              {link === null ? <code>{name}</code> : <a href={link}><code>{name}</code></a>} from <code>{f?.module ?? ''}</code> ({f?.source ?? ''})
              {rule.functionsByRuleMap.includes(name) ? ', named by the rule map (docs/rules.md)' : ', its doc comment names this rule'}
            </li>
          )
        })}
      </ul>
      <h2 id="rule-properties">Properties</h2>
      <ul aria-labelledby="rule-properties">
        {rule.properties.map((p) => (
          <li key={`${p.file} ${p.title}`}>
            <code>{p.file}</code>: {p.title}
          </li>
        ))}
      </ul>
      <h2>Examples</h2>
      {blocks.length === 0 && <p>The functions of this rule have no example in their doc comments.</p>}
      {blocks.map((b, i) => (
        <div class="rules-example" key={i}>
          <h3>
            From the doc comment of <code>{b.name}</code>
          </h3>
          <pre class="rules-code">{b.code}</pre>
          {b.calls.length === 0 && <p>This example is not a call with literal arguments, so it cannot run here; its code is above.</p>}
          {b.calls.map(({ call, n: k }) => (
            <ExampleRunner key={k} n={k} call={call} />
          ))}
        </div>
      ))}
    </section>
  )
}

function ExampleRunner({ n, call }: { readonly n: number; readonly call: ExampleCall & { readonly expectedValue?: unknown } }) {
  const initial = useMemo(() => {
    const compact = JSON.stringify(call.args)
    return compact.length <= 90 ? compact : JSON.stringify(call.args, null, 2)
  }, [call])
  const [args, setArgs] = useState(initial)
  const [result, setResult] = useState<RunResult | null>(null)
  const inputId = `example-${n}-args`
  return (
    <div class="rules-run">
      <p>
        Example {n}: <code>{call.fn}(…)</code>
        {call.then !== '' && (
          <>
            , then <code>{call.then}</code>
          </>
        )}
        {call.expected !== null && (
          <>
            ; the doc comment asserts <code>{call.expected}</code>
          </>
        )}
      </p>
      <label for={inputId}>Arguments of example {n}</label>
      <textarea id={inputId} rows={Math.min(12, Math.max(2, initial.split('\n').length))} spellcheck={false} value={args} onInput={(e) => setArgs((e.currentTarget as HTMLTextAreaElement).value)} />
      <p class="rules-hint">
        A JSON array, one entry per argument. <code>{'{"$export": "NAME"}'}</code> stands for the library's constant NAME,{' '}
        <code>{'{"$dateTime": "…", "options": {…}}'}</code> for luxon's <code>DateTime.fromISO</code>.
      </p>
      <p>
        <button type="button" onClick={() => setResult(runExample(call.fn, args, LIBRARY, call.then))}>
          Run example {n}
        </button>{' '}
        {args !== initial && (
          <button type="button" onClick={() => setArgs(initial)}>
            Reset example {n}
          </button>
        )}
      </p>
      <div role="status" aria-label={`Result of example ${n}`} class="rules-result">
        {result !== null && <ResultView n={n} result={result} call={call} />}
      </div>
    </div>
  )
}

function ResultView({ n, result, call }: { readonly n: number; readonly result: RunResult; readonly call: ExampleCall & { readonly expectedValue?: unknown } }) {
  if (!result.ok) return <p class="rules-error">{result.error}</p>
  const verdict =
    'expectedValue' in call && result.asserted !== undefined
      ? sameJson(result.asserted.value, call.expectedValue)
        ? 'Matches the doc comment’s assertion.'
        : 'Differs from the doc comment’s assertion (the arguments were edited, or the example reads more than a path).'
      : null
  return (
    <>
      <p>Answer of {call.fn}:</p>
      <pre class="rules-code">{result.text}</pre>
      {result.read !== null && (
        <p>
          <code>{call.then}</code> reads <code>{result.read}</code>
        </p>
      )}
      {verdict !== null && <p>{verdict}</p>}
      {result.violations.length > 0 && (
        <>
          <p id={`example-${n}-violations`}>Violations:</p>
          <ul aria-label={`Violations of example ${n}`}>
            {result.violations.map((v, i) => (
              <li key={i}>
                <code>{v.field}</code> {v.code}: {v.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  )
}
