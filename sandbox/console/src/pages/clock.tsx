// The company's clock: where it stands, a move by days, hours and minutes within the bounds the
// sandbox's document gives (its ClockAdvance schema), what the move would change (the preview
// endpoint: quotes that expire, links that lapse) before "Advance" makes it (POST /sandbox/clock).
import { useEffect, useState } from 'preact/hooks'
import { componentSchema, isObject, loadDocument } from '../openapi.js'
import { strings, when } from '../records.js'
import type { Answer, PageProps } from '../types.js'
import { problemText, text } from '../view.js'

const UNITS = ['days', 'hours', 'minutes'] as const
type Unit = (typeof UNITS)[number]
type Bounds = { readonly [U in Unit]: { readonly min: number; readonly max: number } }
type Amounts = { readonly [U in Unit]: string }

const boundsOf = (schema: unknown): Bounds | null => {
  const props = isObject(schema) ? schema['properties'] : undefined
  if (!isObject(props)) return null
  const out: Partial<Record<Unit, { min: number; max: number }>> = {}
  for (const unit of UNITS) {
    const p = props[unit]
    if (!isObject(p) || typeof p['minimum'] !== 'number' || typeof p['maximum'] !== 'number') return null
    out[unit] = { min: p['minimum'], max: p['maximum'] }
  }
  return out as Bounds
}

/** The amounts as query/body members: each unit typed, as a whole number within its bounds; else the reason it is not. */
const read = (amounts: Amounts, bounds: Bounds): { readonly move: Readonly<Partial<Record<Unit, number>>> } | { readonly error: string } => {
  const move: Partial<Record<Unit, number>> = {}
  for (const unit of UNITS) {
    const raw = amounts[unit].trim()
    if (raw === '') continue
    const n = Number(raw)
    const { min, max } = bounds[unit]
    if (!/^\d+$/.test(raw) || n < min || n > max) return { error: `${unit} must be a whole number from ${min} to ${max}.` }
    move[unit] = n
  }
  if (Object.keys(move).length === 0) return { error: 'Enter days, hours or minutes.' }
  return { move }
}

export function ClockPage({ api }: PageProps) {
  const [clock, setClock] = useState<Answer | null>(null)
  const [bounds, setBounds] = useState<Bounds | null>(null)
  const [amounts, setAmounts] = useState<Amounts>({ days: '', hours: '', minutes: '' })
  const [preview, setPreview] = useState<Answer | null>(null)
  const [moved, setMoved] = useState<Answer | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    let live = true
    void Promise.all([api.get('/sandbox/clock'), loadDocument(api, 'sandbox')]).then(([c, doc]) => {
      if (!live) return
      setClock(c)
      setBounds(doc === null ? null : boundsOf(componentSchema(doc, 'ClockAdvance')))
    })
    return () => {
      live = false
    }
  }, [api])
  const parsed = bounds === null ? null : read(amounts, bounds)
  const query = parsed !== null && 'move' in parsed ? new URLSearchParams(Object.entries(parsed.move).map(([k, v]) => [k, String(v)])).toString() : ''
  useEffect(() => {
    if (query === '') {
      setPreview(null)
      return
    }
    let live = true
    const timer = setTimeout(() => {
      void api.get(`/sandbox/console/clock/preview?${query}`).then((p) => {
        if (live) setPreview(p)
      })
    }, 250)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [api, query])
  const advance = async (e: Event): Promise<void> => {
    e.preventDefault()
    if (parsed === null || !('move' in parsed)) return
    setBusy(true)
    const answer = await api.send({ method: 'POST', path: '/sandbox/clock', body: parsed.move })
    setBusy(false)
    setMoved(answer)
    if (answer.ok) {
      setClock(answer)
      setAmounts({ days: '', hours: '', minutes: '' })
    }
  }
  const c = clock?.ok === true && isObject(clock.json) ? clock.json : null
  const p = preview?.ok === true && isObject(preview.json) ? preview.json : null
  const quotes = p === null ? [] : strings(p['quotesExpiring'])
  const links = p === null || !Array.isArray(p['linksLapsing']) ? [] : p['linksLapsing'].map((l) => (typeof l === 'string' ? l : isObject(l) ? [text(l['orderNumber']), text(l['documentType'] ?? l['document']), text(l['expiresAt'])].filter((x) => x !== '').join(' ') : text(l)))
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Clock</h1>
      {clock !== null && !clock.ok ? <p role="alert" class="error">{problemText(clock)}</p> : null}
      <dl class="pairs">
        <dt>Company time</dt>
        <dd data-testid="clock-now">{c === null ? '…' : when(text(c['now']))}</dd>
        <dt>Ahead of real time</dt>
        <dd>{c === null ? '…' : `${Math.round(Number(c['offsetMs']) / 60000)} minutes`}</dd>
      </dl>
      <form aria-label="Move the clock" onSubmit={(e) => void advance(e)}>
        <div class="row">
          {UNITS.map((unit) => (
            <div key={unit}>
              <label for={`clock-${unit}`}>{unit.charAt(0).toUpperCase() + unit.slice(1)}</label>
              <input
                id={`clock-${unit}`}
                type="number"
                inputMode="numeric"
                min={bounds?.[unit].min}
                max={bounds?.[unit].max}
                step={1}
                value={amounts[unit]}
                onInput={(e) => setAmounts({ ...amounts, [unit]: e.currentTarget.value })}
              />
            </div>
          ))}
          <div class="actions">
            <button type="submit" disabled={busy || parsed === null || !('move' in parsed)}>Advance</button>
          </div>
        </div>
        {parsed !== null && 'error' in parsed && Object.values(amounts).some((a) => a !== '') ? <p class="error">{parsed.error}</p> : null}
      </form>
      {preview !== null && !preview.ok ? <p class="error">Preview: {problemText(preview)}</p> : null}
      {p !== null ? (
        <section aria-labelledby="preview-title" class="card">
          <h2 id="preview-title">What this move changes</h2>
          <p>
            From {when(text(p['now']))} to {when(text(p['then']))}.
          </p>
          <h3>Quotes that expire</h3>
          {quotes.length === 0 ? <p class="muted">None.</p> : <ul>{quotes.map((q) => <li key={q}><code>{q}</code></li>)}</ul>}
          <h3>Download links that lapse</h3>
          {links.length === 0 ? <p class="muted">None.</p> : <ul>{links.map((l, i) => <li key={i}>{l}</li>)}</ul>}
        </section>
      ) : null}
      {moved !== null ? <p role="status" class={moved.ok ? 'ok' : 'error'}>{moved.ok ? `Moved: the company clock reads ${when(text(c?.['now']))}.` : problemText(moved)}</p> : null}
    </section>
  )
}
