// An order: its timeline by the company clock, buttons for exactly the carrier events and shipper
// actions the library's state machine allows now (ORDER_EVENTS through `transition`), tracking
// (status, ETA, delay, last position), documents (each PDF fetched with the credentials and
// opened from a blob URL), each stop's merged appointment with the provenance of every field
// (MERGED_FIELDS), and the notifications sent. Stops, document types and the tracking section
// come from the served OpenAPI documents; where each event is sent, from their operations.
import { useEffect, useState } from 'preact/hooks'
import { MERGED_FIELDS, ORDER_EVENTS, transition, type OrderEvent } from 'shipper-rules'
import { isObject, loadDocument, operationsOf, parameterEnum, parameterExample, componentSchema, type JsonObject } from '../openapi.js'
import { when } from '../records.js'
import type { Answer, ConsoleApi, PageProps } from '../types.js'
import { problemText, text } from '../view.js'
import { ColumnHeads } from '../parts.js'

/** A button's name for an event: ACCEPT is "Accept", PICK_UP is "Pick up" (the contract's names). */
export const eventLabel = (event: string): string => {
  const words = event.toLowerCase().split('_').join(' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The events the state machine allows from a status, in the library's order. */
export const allowedEvents = (status: unknown): ReadonlyArray<OrderEvent> => ORDER_EVENTS.filter((event) => transition(status, event)._tag === 'Right')

type Loaded = {
  readonly shipment: Answer
  readonly console: Answer
  readonly details: Answer
  readonly tracking: Answer
  readonly appointments: ReadonlyArray<{ readonly stop: string; readonly answer: Answer }>
}

type Sources = {
  readonly stops: ReadonlyArray<string>
  readonly documentTypes: ReadonlyArray<string>
  readonly include: string
  /** The events sent to the sandbox's event endpoint (its OrderEvent schema's enum). */
  readonly carrierEvents: ReadonlyArray<string>
  /** The path templates of the shipper API's own actions, by event (confirmShipment, cancelShipment). */
  readonly actionPaths: Readonly<Record<string, { readonly method: string; readonly path: string }>>
  readonly eventPath: { readonly method: string; readonly path: string } | null
}

const SHIPPER_ACTIONS: Readonly<Record<string, string>> = { CONFIRM: 'confirmShipment', CANCEL: 'cancelShipment' }

const loadSources = async (api: ConsoleApi): Promise<Sources | null> => {
  const [shipper, sandbox] = await Promise.all([loadDocument(api, 'shipper'), loadDocument(api, 'sandbox')])
  if (shipper === null || sandbox === null) return null
  const shipperOps = operationsOf(shipper, 'shipper')
  const actionPaths: Record<string, { method: string; path: string }> = {}
  for (const [event, operationId] of Object.entries(SHIPPER_ACTIONS)) {
    const op = shipperOps.find((o) => o.operationId === operationId)
    if (op !== undefined) actionPaths[event] = { method: op.method, path: op.path }
  }
  const eventOp = operationsOf(sandbox, 'sandbox').find((o) => o.operationId === 'sendOrderEvent')
  const eventSchema = componentSchema(sandbox, 'OrderEvent')
  const props = eventSchema?.['properties']
  const eventProp = isObject(props) ? props['event'] : undefined
  const carrier = isObject(eventProp) && Array.isArray(eventProp['enum']) ? eventProp['enum'].filter((e): e is string => typeof e === 'string') : []
  return {
    stops: parameterEnum(shipper, 'stop').filter((s) => s === s.toUpperCase()),
    documentTypes: parameterEnum(shipper, 'shipmentDocumentType'),
    include: parameterExample(shipper, 'include'),
    carrierEvents: carrier,
    actionPaths,
    eventPath: eventOp === undefined ? null : { method: eventOp.method, path: eventOp.path },
  }
}

const fill = (template: string, values: Readonly<Record<string, string>>): string => template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''))

const load = async (api: ConsoleApi, n: string, sources: Sources): Promise<Loaded> => {
  const base = `/v1/shipper/shipment/${encodeURIComponent(n)}`
  const [shipment, consoleOrder, details, tracking, ...appointments] = await Promise.all([
    api.get(base),
    api.get(`/sandbox/console/orders/${encodeURIComponent(n)}`),
    api.get(`/sandbox/orders/${encodeURIComponent(n)}`),
    api.get(`${base}/tracking${sources.include === '' ? '' : `?include=${encodeURIComponent(sources.include)}`}`),
    ...sources.stops.map((stop) => api.get(`${base}/appointment/${encodeURIComponent(stop)}`)),
  ])
  return { shipment, console: consoleOrder, details, tracking, appointments: sources.stops.map((stop, i) => ({ stop, answer: appointments[i]! })) }
}

const obj = (a: Answer | undefined): JsonObject => (a?.ok === true && isObject(a.json) ? a.json : {})

function Timeline({ order }: { order: JsonObject }) {
  const entries = Array.isArray(order['timeline']) ? order['timeline'].filter(isObject) : []
  if (entries.length === 0) return <p class="muted">No transition yet.</p>
  return (
    <ol class="timeline" aria-label="Timeline">
      {entries.map((t, i) => (
        <li key={i}>
          <strong>{text(t['event']) === '' ? 'Created' : text(t['event'])}</strong>: {text(t['from']) === '' ? '' : `${text(t['from'])} → `}
          {text(t['to'])}, at {when(text(t['companyAt']))} (company clock)
        </li>
      ))}
    </ol>
  )
}

function Tracking({ answer }: { answer: Answer }) {
  if (!answer.ok) return <p class="error">{problemText(answer)}</p>
  const t = obj(answer)
  const location = isObject(t['location']) ? t['location'] : {}
  const center = isObject(location['center']) ? location['center'] : null
  const delayed = location['isSignificantlyDelayed'] === true
  return (
    <dl class="pairs" aria-label="Tracking">
      <dt>Status</dt>
      <dd>{text(t['orderStatus'])}</dd>
      <dt>ETA</dt>
      <dd>{text(t['estimatedDeliveryDate']) === '' ? 'not predicted yet' : when(text(t['estimatedDeliveryDate']))}</dd>
      <dt>Delay</dt>
      <dd>{center === null ? 'no position yet' : delayed ? text(location['delayMessage']) || 'significantly delayed' : 'on time'}</dd>
      <dt>Last position</dt>
      <dd>
        {center === null
          ? 'none (not under way)'
          : `${text(center['latitude'])}, ${text(center['longitude'])} at ${when(text(center['timestamp']))}${text(location['statusDescription']) === '' ? '' : `: ${text(location['statusDescription'])}`}`}
      </dd>
    </dl>
  )
}

function Appointment({ stop, answer }: { stop: string; answer: Answer }) {
  const a = obj(answer)
  const merged = isObject(a['_merged']) && isObject(a['_merged']['fields']) ? a['_merged']['fields'] : {}
  return (
    <section class="card" aria-label={`${stop} appointment`}>
      <h3>{stop}</h3>
      {!answer.ok ? (
        <p class="error">{problemText(answer)}</p>
      ) : (
        <>
          <p>Appointment required: {a['appointmentRequired'] === true ? 'yes' : 'no'}</p>
          <table class="stack" aria-label={`${stop} appointment fields`}>
            <ColumnHeads names={['Field', 'Value', 'Provenance']} />
            <tbody>
              {MERGED_FIELDS.map((field) => (
                <tr key={field}>
                  <td data-label="Field">{field}</td>
                  <td data-label="Value">{a[field] === null || a[field] === undefined ? '—' : typeof a[field] === 'string' ? text(a[field]) : JSON.stringify(a[field], null, 1)}</td>
                  <td data-label="Provenance">{provenance(text(merged[field]))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  )
}

/** A provenance value of the merge (FieldProvenance) in words: where the field's value came from. */
const provenance = (value: string): string => {
  switch (value) {
    case 'PLACE':
      return 'place (the saved address)'
    case 'ORDER':
      return 'order'
    case 'PLACE_AND_ORDER':
      return 'place and order'
    case 'ADDRESS_FALLBACK':
      return 'address (the stop\'s own contact)'
    case 'NONE':
      return 'none'
    default:
      return value
  }
}

function Documents({ api, n, sources }: { api: ConsoleApi; n: string; sources: Sources }) {
  const [state, setState] = useState<Readonly<Record<string, { readonly url?: string; readonly type?: string; readonly size?: number; readonly error?: string; readonly busy?: boolean }>>>({})
  const open = async (name: string, path: string, viaLink: boolean): Promise<void> => {
    setState((s) => ({ ...s, [name]: { busy: true } }))
    let target = path
    if (viaLink) {
      const link = await api.get(path)
      const url = obj(link)['downloadLink']
      if (!link.ok || typeof url !== 'string') {
        setState((s) => ({ ...s, [name]: { error: problemText(link) } }))
        return
      }
      target = url
    }
    const result = await api.blob(target)
    if ('failed' in result) {
      setState((s) => ({ ...s, [name]: { error: problemText(result.failed) } }))
      return
    }
    setState((s) => ({ ...s, [name]: { url: result.url, type: result.type, size: result.size } }))
    window.open(result.url, '_blank')
  }
  const base = `/v1/shipper/shipment/${encodeURIComponent(n)}`
  const docs = [
    ...sources.documentTypes.map((type) => ({ name: type, path: `${base}/document/${encodeURIComponent(type)}`, viaLink: true })),
    ...sources.stops.map((stop) => ({ name: `${stop} appointment PDF`, path: `${base}/appointment/${encodeURIComponent(stop)}/pdf`, viaLink: false })),
  ]
  return (
    <ul class="plain docs" aria-label="Documents">
      {docs.map((d) => {
        const s = state[d.name] ?? {}
        return (
          <li key={d.name}>
            <button type="button" class="secondary" disabled={s.busy === true} onClick={() => void open(d.name, d.path, d.viaLink)}>
              Open {d.name}
            </button>{' '}
            {s.url !== undefined ? (
              <a href={s.url} target="_blank" rel="noopener" class="pdf-link">
                {d.name} ({s.type === '' ? 'unknown type' : s.type}, {s.size} bytes)
              </a>
            ) : null}
            {s.error !== undefined ? <span class="error">{s.error}</span> : null}
          </li>
        )
      })}
    </ul>
  )
}

function Notifications({ order }: { order: JsonObject }) {
  const list = Array.isArray(order['notifications']) ? order['notifications'].filter(isObject) : []
  if (list.length === 0) return <p class="muted">No notification sent.</p>
  return (
    <ul class="plain" aria-label="Notifications">
      {list.map((m, i) => (
        <li key={i} class="card">
          <p>
            <strong>{text(m['subject'])}</strong>
          </p>
          <p class="muted">
            To {text(m['recipient'])}, {when(text(m['createdAt']))}
          </p>
          <pre>{text(m['body'])}</pre>
          {text(m['changeReason']) !== '' ? <p>Reason given: {text(m['changeReason'])}</p> : null}
        </li>
      ))}
    </ul>
  )
}

export function OrderPage({ api, route }: PageProps) {
  const n = route.param ?? ''
  const [sources, setSources] = useState<Sources | null>(null)
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [result, setResult] = useState<{ readonly ok: boolean; readonly text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [generation, setGeneration] = useState(0)
  useEffect(() => {
    let live = true
    void loadSources(api).then(async (s) => {
      if (!live) return
      if (s === null) {
        setError('The API documents could not be read from the sandbox.')
        return
      }
      setSources(s)
      const l = await load(api, n, s)
      if (live) setLoaded(l)
    })
    return () => {
      live = false
    }
  }, [api, n, generation])

  const send = async (event: OrderEvent): Promise<void> => {
    if (sources === null) return
    setBusy(true)
    setResult(null)
    const action = sources.actionPaths[event]
    let answer: Answer
    if (action !== undefined) answer = await api.send({ method: action.method, path: fill(action.path, { orderNumber: n }) })
    else if (sources.carrierEvents.includes(event) && sources.eventPath !== null) answer = await api.send({ method: sources.eventPath.method, path: fill(sources.eventPath.path, { orderNumber: n }), body: { event } })
    else answer = { status: 0, ok: false, headers: {}, text: `The sandbox offers no way to send ${event}.`, json: undefined, contentType: '' }
    setBusy(false)
    setResult({ ok: answer.ok, text: answer.ok ? `${eventLabel(event)}: now ${text(obj(answer)['orderStatus'])}.` : `${eventLabel(event)} failed: ${problemText(answer)}` })
    setGeneration((g) => g + 1)
  }

  if (error !== null) return <p role="alert" class="error">{error}</p>
  if (loaded === null || sources === null) return <p role="status">Loading…</p>
  if (!loaded.shipment.ok)
    return (
      <section aria-labelledby="page-title">
        <h1 id="page-title">Order {n}</h1>
        <p role="alert" class="error">{problemText(loaded.shipment)}</p>
        <p><a href="#/orders">Back to the orders</a></p>
      </section>
    )
  const shipment = obj(loaded.shipment)
  const status = text(shipment['orderStatus'])
  const consoleOrder = obj(loaded.console)
  const details = obj(loaded.details)
  const events = allowedEvents(status)
  return (
    <section aria-labelledby="page-title">
      <p><a href="#/orders">Back to the orders</a></p>
      <h1 id="page-title">Order {n}</h1>
      <dl class="pairs">
        <dt>Status</dt>
        <dd data-testid="order-status">{status}</dd>
        <dt>Price</dt>
        <dd>{typeof shipment['totalPriceInCents'] === 'number' ? `$${(shipment['totalPriceInCents'] / 100).toFixed(2)}` : ''}</dd>
        <dt>Created</dt>
        <dd>{when(text(shipment['createdAt']))}</dd>
        <dt>Predicted delivery</dt>
        <dd>{when(text(details['predictedDeliveryAt']))}</dd>
      </dl>
      <section aria-labelledby="actions-title">
        <h2 id="actions-title">Events and actions</h2>
        {events.length === 0 ? <p>None: {status} is final.</p> : null}
        <div class="actions">
          {events.map((event) => (
            <button key={event} type="button" disabled={busy} onClick={() => void send(event)}>
              {eventLabel(event)}
            </button>
          ))}
        </div>
        {result !== null ? <p role="status" class={result.ok ? 'ok' : 'error'}>{result.text}</p> : null}
      </section>
      <section aria-labelledby="timeline-title">
        <h2 id="timeline-title">Timeline</h2>
        {loaded.console.ok ? <Timeline order={consoleOrder} /> : <p class="error">{problemText(loaded.console)}</p>}
      </section>
      <section aria-labelledby="tracking-title">
        <h2 id="tracking-title">Tracking</h2>
        <Tracking answer={loaded.tracking} />
      </section>
      <section aria-labelledby="documents-title">
        <h2 id="documents-title">Documents</h2>
        <Documents api={api} n={n} sources={sources} />
      </section>
      <section aria-labelledby="appointments-title">
        <h2 id="appointments-title">Appointments</h2>
        <div class="cards">
          {loaded.appointments.map((a) => (
            <Appointment key={a.stop} stop={a.stop} answer={a.answer} />
          ))}
        </div>
      </section>
      <section aria-labelledby="notifications-title">
        <h2 id="notifications-title">Notifications sent</h2>
        {loaded.console.ok ? <Notifications order={consoleOrder} /> : null}
      </section>
    </section>
  )
}
