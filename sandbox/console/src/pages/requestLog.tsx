// The request log: every request of the signed-in company, newest first, live by the stream (no
// reload), with filters by method, status class, path and reason kept in the route's query
// (`#/log?method=POST&status=4xx`), so a filtered view can be linked (the Errors page does).
import { useEffect, useState } from 'preact/hooks'
import { readSummary, when, type RequestSummary } from '../records.js'
import { href } from '../route.js'
import type { PageProps } from '../types.js'
import { itemsOf, problemText } from '../view.js'
import { ColumnHeads } from '../parts.js'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
const STATUS_CLASSES = ['2xx', '4xx', '5xx'] as const
const FILTERS = ['method', 'status', 'path', 'reason'] as const
type Filters = { readonly [K in (typeof FILTERS)[number]]: string }
const PAGE_SIZE = 50
/** How long to wait before opening a lost stream again, ms. */
const RECONNECT_MS = 2000
/** The most rows kept on the page (the server keeps 1,000 per company by default). */
const MAX_ROWS = 2000

/** The `next` cursor of a list answer. */
const nextOf = (json: unknown): string | null => {
  const n = typeof json === 'object' && json !== null ? (json as { next?: unknown }).next : null
  return typeof n === 'string' || typeof n === 'number' ? String(n) : null
}

const filtersOf = (query: URLSearchParams): Filters => ({
  method: query.get('method') ?? '',
  status: query.get('status') ?? '',
  path: query.get('path') ?? '',
  reason: query.get('reason') ?? '',
})

const queryOf = (filters: Filters, extra: Readonly<Record<string, string>> = {}): string => {
  const q = new URLSearchParams()
  for (const name of FILTERS) if (filters[name] !== '') q.set(name, filters[name])
  for (const [k, v] of Object.entries(extra)) q.set(k, v)
  const s = q.toString()
  return s === '' ? '' : `?${s}`
}

/** Whether a summary from the stream passes the filters (the server filters the stream too; this keeps the table exact). */
const passes = (r: RequestSummary, f: Filters): boolean =>
  (f.method === '' || r.method === f.method) &&
  (f.status === '' || String(r.status).startsWith(f.status.slice(0, 1))) &&
  (f.path === '' || r.path.includes(f.path)) &&
  (f.reason === '' || r.reason === f.reason)

export function RequestLogPage({ api, route }: PageProps) {
  const filters = filtersOf(route.query)
  const key = queryOf(filters)
  const [rows, setRows] = useState<ReadonlyArray<RequestSummary>>([])
  const [next, setNext] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const [live, setLive] = useState(0)
  const [streaming, setStreaming] = useState(true)
  const [draft, setDraft] = useState<Filters>(filters)

  useEffect(() => setDraft(filters), [key])

  useEffect(() => {
    let active = true
    const controller = new AbortController()
    setLoading(true)
    setRows([])
    setLive(0)
    /** The newest page, merged into what is shown (at the start, and after the stream was lost). */
    const firstPage = async (): Promise<void> => {
      const answer = await api.get(`/sandbox/console/requests${queryOf(filters, { limit: String(PAGE_SIZE) })}`)
      if (!active) return
      setLoading(false)
      if (!answer.ok) {
        setError(problemText(answer))
        return
      }
      setError(null)
      const first = itemsOf(answer.json).map(readSummary).filter((r): r is RequestSummary => r !== null)
      setRows((current) => merge(current, first))
      setNext((current) => current ?? nextOf(answer.json))
    }
    const onEvent = (event: string, data: string): void => {
      if (!active || event !== 'request') return
      let parsed: unknown
      try {
        parsed = JSON.parse(data)
      } catch {
        return
      }
      const row = readSummary(parsed)
      if (row === null || !passes(row, filters)) return
      setRows((current) => merge(current, [row]))
      setLive((n) => n + 1)
    }
    // the stream, opened again (after a pause) whenever it ends (a restarted sandbox, a dropped
    // connection). The newest page is read once the stream is open, so that nothing logged
    // between the two is missed (the stream sends what comes after its opening, the page what came
    // before; a row in both is shown once).
    const follow = async (): Promise<void> => {
      while (active) {
        let opened = false
        await api.stream(`/sandbox/console/requests/stream${key}`, onEvent, controller.signal, () => {
          opened = true
          setStreaming(true)
          void firstPage()
        })
        if (!active) return
        if (!opened) await firstPage()
        setStreaming(false)
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS))
      }
    }
    setStreaming(true)
    void follow()
    return () => {
      active = false
      controller.abort()
    }
  }, [api, key])

  const older = async (): Promise<void> => {
    if (next === null) return
    const answer = await api.get(`/sandbox/console/requests${queryOf(filters, { limit: String(PAGE_SIZE), before: next })}`)
    if (!answer.ok) {
      setError(problemText(answer))
      return
    }
    setRows((current) => merge(current, itemsOf(answer.json).map(readSummary).filter((r): r is RequestSummary => r !== null)))
    setNext(nextOf(answer.json))
  }

  const apply = (e: Event): void => {
    e.preventDefault()
    window.location.hash = href(['log'], draft)
  }

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Request log</h1>
      <form class="row filters" aria-label="Filters" onSubmit={apply}>
        <div>
          <label for="f-method">Method</label>
          <select id="f-method" value={draft.method} onChange={(e) => setDraft({ ...draft, method: e.currentTarget.value })}>
            <option value="">Any</option>
            {METHODS.map((m) => (
              <option key={m} value={m}>{m}</option>
            ))}
          </select>
        </div>
        <div>
          <label for="f-status">Status class</label>
          <select id="f-status" value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.currentTarget.value })}>
            <option value="">Any</option>
            {STATUS_CLASSES.map((s) => (
              <option key={s} value={s}>{s}</option>
            ))}
          </select>
        </div>
        <div>
          <label for="f-path">Path</label>
          <input id="f-path" value={draft.path} onInput={(e) => setDraft({ ...draft, path: e.currentTarget.value })} />
        </div>
        <div>
          <label for="f-reason">Reason</label>
          <input id="f-reason" value={draft.reason} onInput={(e) => setDraft({ ...draft, reason: e.currentTarget.value })} />
        </div>
        <div class="actions">
          <button type="submit">Filter</button>
          <button type="button" class="secondary" onClick={() => (window.location.hash = '#/log')}>Clear</button>
        </div>
      </form>
      <p role="status" class="muted">
        {loading ? 'Loading…' : `${rows.length} request${rows.length === 1 ? '' : 's'} shown, ${streaming ? 'live' : 'reconnecting to the live stream'}${live > 0 ? ` (${live} new since opened)` : ''}.`}
      </p>
      {error !== null ? <p role="alert" class="error">{error}</p> : null}
      <table class="stack" aria-label="Request log">
        <ColumnHeads names={['Company time', 'Method', 'Path', 'Status', 'Reason', 'Violations', 'Duration']} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td data-label="Company time">{when(r.companyAt)}</td>
              <td data-label="Method">{r.method}</td>
              <td data-label="Path">
                <a href={href(['log', r.id])}>{r.path}</a>
              </td>
              <td data-label="Status" class={`status-${String(r.status).slice(0, 1)}`}>{r.status}</td>
              <td data-label="Reason">{r.reason ?? ''}</td>
              <td data-label="Violations">{r.violationCount}</td>
              <td data-label="Duration">{r.durationMs === null ? '' : `${r.durationMs} ms`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {next !== null ? (
        <button type="button" class="secondary" onClick={() => void older()}>
          Load older
        </button>
      ) : null}
    </section>
  )
}

/** The rows, newest first, each id once (a row from the stream may also come in the first page). */
const merge = (current: ReadonlyArray<RequestSummary>, more: ReadonlyArray<RequestSummary>): ReadonlyArray<RequestSummary> => {
  const byId = new Map<string, RequestSummary>()
  for (const r of [...current, ...more]) byId.set(r.id, r)
  return [...byId.values()].sort((a, b) => (a.at === b.at ? compareIds(b.id, a.id) : a.at < b.at ? 1 : -1)).slice(0, MAX_ROWS)
}

const compareIds = (a: string, b: string): number => {
  const x = Number(a)
  const y = Number(b)
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y
  return a < b ? -1 : a > b ? 1 : 0
}
