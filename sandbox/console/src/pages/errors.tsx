// Errors: the company's recent failures grouped by endpoint, reason and violation code, with
// counts, the last time, the rules each breaks (links to Rules) and a link to the matching log.
import { Fragment } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { isObject } from '../openapi.js'
import { strings, when } from '../records.js'
import { href } from '../route.js'
import type { Answer, PageProps } from '../types.js'
import { text } from '../view.js'
import { AnswerState, ColumnHeads } from '../parts.js'

type Group = { readonly method: string; readonly route: string; readonly status: string; readonly reason: string; readonly code: string; readonly count: string; readonly lastAt: string; readonly rules: ReadonlyArray<string> }

const readGroups = (json: unknown): ReadonlyArray<Group> => {
  const groups = isObject(json) ? json['groups'] : undefined
  if (!Array.isArray(groups)) return []
  return groups.flatMap((g: unknown): Group[] =>
    isObject(g)
      ? [{ method: text(g['method']), route: text(g['route']), status: text(g['status']), reason: text(g['reason']), code: text(g['code']), count: text(g['count']), lastAt: text(g['lastAt']), rules: strings(g['rules']) }]
      : [],
  )
}

export function ErrorsPage({ api }: PageProps) {
  const [answer, setAnswer] = useState<Answer | null>(null)
  useEffect(() => {
    let live = true
    void api.get('/sandbox/console/errors').then((a) => {
      if (live) setAnswer(a)
    })
    return () => {
      live = false
    }
  }, [api])
  const groups = answer?.ok === true ? readGroups(answer.json) : []
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Errors</h1>
      <p class="muted">Failures in the retained request log, grouped by endpoint, reason and violation code.</p>
      <AnswerState answer={answer} isEmpty={groups.length === 0} empty="No failed request yet." />
      {groups.length > 0 ? (
        <table class="stack" aria-label="Error groups">
          <ColumnHeads names={['Endpoint', 'Status', 'Reason', 'Violation code', 'Count', 'Last', 'Rules']} />
          <tbody>
            {groups.map((g, i) => (
              <tr key={i}>
                <td data-label="Endpoint">
                  <a href={href(['log'], { method: g.method, reason: g.reason })}>
                    {g.method} {g.route}
                  </a>
                </td>
                <td data-label="Status">{g.status}</td>
                <td data-label="Reason">{g.reason}</td>
                <td data-label="Violation code">{g.code === '' ? 'none' : g.code}</td>
                <td data-label="Count">{g.count}</td>
                <td data-label="Last">{when(g.lastAt)}</td>
                <td data-label="Rules">
                  {g.rules.map((rule, j) => (
                    <Fragment key={rule}>
                      {j > 0 ? ', ' : null}
                      <a href={href(['rules', rule])}>{rule}</a>
                    </Fragment>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}
