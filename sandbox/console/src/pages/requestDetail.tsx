// A request of the log: the request and the answer (headers as the server logged them, credentials
// already redacted; bodies pretty-printed as text), the violations highlighted at their fields with
// each rule ID linked to its page under Rules, "Copy as curl" ($KEY and $TOKEN in place of the
// credentials) and Replay (the same request sent again with the signed-in credentials).
import { Fragment } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { CARRIED_HEADERS, curlOf } from '../curl.js'
import { Body } from '../jsonLines.js'
import { readDetail, when, type Message, type RequestDetail } from '../records.js'
import { href } from '../route.js'
import type { Answer, PageProps } from '../types.js'
import { problemText } from '../view.js'

function Headers({ headers, label }: { headers: Readonly<Record<string, string>>; label: string }) {
  const entries = Object.entries(headers)
  if (entries.length === 0) return <p class="muted">No headers.</p>
  return (
    <dl class="pairs" aria-label={label}>
      {entries.map(([name, value]) => (
        <Fragment key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  )
}

function MessageView({ title, message, fields }: { title: string; message: Message; fields: ReadonlyArray<string> }) {
  return (
    <section class="card" aria-label={title}>
      <h2>{title}</h2>
      <h3>Headers</h3>
      <Headers headers={message.headers} label={`${title} headers`} />
      <h3>Body</h3>
      {message.bodyTruncated ? <p class="muted">The body was longer than the log keeps; its start is shown.</p> : null}
      <Body body={message.body} contentType={message.contentType} fields={fields} label={`${title} body`} />
    </section>
  )
}

/** The path and query the request went to. */
const target = (d: RequestDetail): string => (d.query === '' ? d.path : `${d.path}?${d.query.replace(/^\?/, '')}`)

export function RequestDetailPage({ api, route }: PageProps) {
  const id = route.param ?? ''
  const [answer, setAnswer] = useState<Answer | null>(null)
  const [replayed, setReplayed] = useState<Answer | null>(null)
  const [copied, setCopied] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    setAnswer(null)
    setReplayed(null)
    setCopied(null)
    void api.get(`/sandbox/console/requests/${encodeURIComponent(id)}`).then((a) => {
      if (live) setAnswer(a)
    })
    return () => {
      live = false
    }
  }, [api, id])
  const detail = answer?.ok === true ? readDetail(answer.json) : null
  if (answer === null) return <p role="status">Loading…</p>
  if (detail === null)
    return (
      <section aria-labelledby="page-title">
        <h1 id="page-title">Request {id}</h1>
        <p role="alert" class="error">{answer.ok ? 'The answer was not a logged request.' : problemText(answer)}</p>
        <p><a href="#/log">Back to the request log</a></p>
      </section>
    )
  const fields = detail.violations.map((v) => v.field)
  const curl = curlOf({ method: detail.method, url: `${window.location.origin}${target(detail)}`, headers: detail.request.headers, body: detail.request.body })
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(curl)
      setCopied('Copied to the clipboard.')
    } catch {
      setCopied('The browser refused the clipboard: select the command below and copy it.')
    }
  }
  const replay = async (): Promise<void> => {
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(detail.request.headers)) if (CARRIED_HEADERS.includes(name.toLowerCase())) headers[name.toLowerCase()] = value
    const body = detail.request.body
    setReplayed(await api.send({ method: detail.method, path: target(detail), headers, ...(body === null || body === '' ? {} : { body }) }))
  }
  const canReplay = !detail.request.bodyTruncated && api.session?.kind === 'company'
  return (
    <section aria-labelledby="page-title">
      <p><a href="#/log">Back to the request log</a></p>
      <h1 id="page-title">
        {detail.method} {detail.path}
      </h1>
      <dl class="pairs">
        <dt>Status</dt>
        <dd class={`status-${String(detail.status).slice(0, 1)}`}>{detail.status}</dd>
        <dt>Reason</dt>
        <dd>
          {detail.reason ?? 'none'}
          {detail.reasonRules.length > 0 ? ' (' : null}
          {detail.reasonRules.map((rule, j) => (
            <Fragment key={rule}>
              {j > 0 ? ', ' : null}
              <a href={href(['rules', rule])}>{rule}</a>
            </Fragment>
          ))}
          {detail.reasonRules.length > 0 ? ')' : null}
        </dd>
        <dt>Company time</dt>
        <dd>{when(detail.companyAt)}</dd>
        <dt>Real time</dt>
        <dd>{when(detail.at)}</dd>
        <dt>Duration</dt>
        <dd>{detail.durationMs === null ? '' : `${detail.durationMs} ms`}</dd>
        {detail.query !== '' ? (
          <>
            <dt>Query</dt>
            <dd><code>{detail.query}</code></dd>
          </>
        ) : null}
      </dl>
      {detail.violations.length > 0 ? (
        <section aria-labelledby="violations-title">
          <h2 id="violations-title">Violations</h2>
          <ul class="plain">
            {detail.violations.map((v, i) => (
              <li key={i} class="violation">
                <p>
                  <mark class="field">{v.field === '' ? '(the body)' : v.field}</mark> <code>{v.code}</code> {v.message}
                </p>
                {v.rules.length > 0 ? (
                  <p>
                    Breaks{' '}
                    {v.rules.map((rule, j) => (
                      <Fragment key={rule}>
                        {j > 0 ? ', ' : null}
                        <a href={href(['rules', rule])}>{rule}</a>
                      </Fragment>
                    ))}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div class="actions">
        <button type="button" onClick={() => void copy()}>Copy as curl</button>
        <button type="button" class="secondary" disabled={!canReplay} onClick={() => void replay()}>Replay</button>
      </div>
      {copied !== null ? <p role="status">{copied}</p> : null}
      {!canReplay && detail.request.bodyTruncated ? <p class="muted">Replay is off: the log kept only the start of the body.</p> : null}
      {replayed !== null ? (
        <p role="status" class={replayed.ok ? 'ok' : 'error'}>
          Replayed: {replayed.ok ? `${replayed.status}` : problemText(replayed)}. <a href="#/log">See it in the request log</a>.
        </p>
      ) : null}
      <h2>As curl</h2>
      <pre aria-label="curl command">{curl}</pre>
      <div class="cards">
        <MessageView title="Request" message={detail.request} fields={fields} />
        <MessageView title="Answer" message={detail.response} fields={[]} />
      </div>
    </section>
  )
}
