// The explorer: choose an operation of the served documents (the shipper API's and the sandbox's
// own), fill its form (built from the schema, the document's example filled in), and send it with
// the signed-in credentials. The library checks the body in the page first
// (validateOperationBody: the validator the server applies to that operation), so a body the
// server would refuse is shown with its violations before it leaves; "Send anyway" sends it still.
import { useEffect, useMemo, useState } from 'preact/hooks'
import { validateOperationBody, type ProblemDetail } from 'shipper-rules'
import { Body } from '../jsonLines.js'
import { loadDocument, operationsOf, type Json, type JsonObject, type Operation } from '../openapi.js'
import { SchemaField } from '../schemaForm.js'
import type { Answer, PageProps } from '../types.js'
import { problemText } from '../view.js'

type Loaded = { readonly docs: Readonly<Record<string, JsonObject>>; readonly operations: ReadonlyArray<Operation> }

const keyOf = (op: Operation): string => `${op.document}:${op.operationId}`

const exampleText = (v: Json | undefined): string => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v))

export function ExplorerPage({ api, route }: PageProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [failed, setFailed] = useState(false)
  const [selected, setSelected] = useState<string>(route.query.get('op') ?? '')
  const [params, setParams] = useState<Readonly<Record<string, string>>>({})
  const [body, setBody] = useState<Json | undefined>(undefined)
  const [checked, setChecked] = useState<ProblemDetail | null>(null)
  const [answer, setAnswer] = useState<Answer | null>(null)
  const [sending, setSending] = useState(false)
  useEffect(() => {
    let live = true
    void Promise.all([loadDocument(api, 'shipper'), loadDocument(api, 'sandbox')]).then(([shipper, sandbox]) => {
      if (!live) return
      if (shipper === null || sandbox === null) {
        setFailed(true)
        return
      }
      const operations = [...operationsOf(shipper, 'shipper'), ...operationsOf(sandbox, 'sandbox')]
      setLoaded({ docs: { shipper, sandbox }, operations })
      setSelected((s) => (s !== '' && operations.some((o) => keyOf(o) === s) ? s : operations[0] === undefined ? '' : keyOf(operations[0])))
    })
    return () => {
      live = false
    }
  }, [api])
  const op = useMemo(() => loaded?.operations.find((o) => keyOf(o) === selected) ?? null, [loaded, selected])
  useEffect(() => {
    if (op === null) return
    const filled: Record<string, string> = {}
    for (const p of op.parameters) if (p.in === 'path' || p.in === 'query') filled[`${p.in}:${p.name}`] = p.in === 'path' || p.required ? exampleText(p.example) : ''
    setParams(filled)
    setBody(op.body?.example)
    setChecked(null)
    setAnswer(null)
  }, [op])
  if (failed) return <p role="alert" class="error">The API documents could not be read from the sandbox.</p>
  if (loaded === null) return <p role="status">Loading the API documents…</p>
  const groups = (['shipper', 'sandbox'] as const).map((d) => ({ d, ops: loaded.operations.filter((o) => o.document === d) }))
  const send = async (force: boolean): Promise<void> => {
    if (op === null) return
    if (op.body !== null && !force) {
      const check = validateOperationBody(op.operationId, body)
      if (check.checked && check.problem !== null) {
        setChecked(check.problem)
        setAnswer(null)
        return
      }
    }
    setChecked(null)
    let path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[`path:${name}`] ?? ''))
    const query = new URLSearchParams()
    for (const p of op.parameters) if (p.in === 'query' && (params[`query:${p.name}`] ?? '') !== '') query.set(p.name, params[`query:${p.name}`] ?? '')
    if (query.size > 0) path += `?${query.toString()}`
    setSending(true)
    setAnswer(await api.send({ method: op.method, path, ...(op.body !== null && body !== undefined ? { body } : {}) }))
    setSending(false)
  }
  const doc = op === null ? null : loaded.docs[op.document] ?? null
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Explorer</h1>
      <div class="field">
        <label for="operation">Operation</label>
        <select id="operation" value={selected} onChange={(e) => setSelected(e.currentTarget.value)}>
          {groups.map((g) => (
            <optgroup key={g.d} label={g.d === 'shipper' ? 'Shipper API' : 'Sandbox'}>
              {g.ops.map((o) => (
                <option key={keyOf(o)} value={keyOf(o)}>
                  {o.method} {o.path}: {o.summary}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      {op !== null && doc !== null ? (
        <form
          aria-label={`${op.method} ${op.path}`}
          onSubmit={(e) => {
            e.preventDefault()
            void send(false)
          }}
        >
          <p>{op.description}</p>
          {op.parameters.filter((p) => p.in === 'path' || p.in === 'query').length > 0 ? (
            <fieldset>
              <legend>Parameters</legend>
              {op.parameters
                .filter((p) => p.in === 'path' || p.in === 'query')
                .map((p) => {
                  const key = `${p.in}:${p.name}`
                  return (
                    <div class="field" key={key}>
                      <label for={`p-${p.in}-${p.name}`}>
                        {p.name} ({p.in}{p.required ? ', required' : ''})
                      </label>
                      <input id={`p-${p.in}-${p.name}`} value={params[key] ?? ''} placeholder={exampleText(p.example)} onInput={(e) => setParams({ ...params, [key]: e.currentTarget.value })} />
                    </div>
                  )
                })}
            </fieldset>
          ) : null}
          {op.body !== null ? <SchemaField doc={doc} schema={op.body.schema} value={body} path="" depth={0} onChange={setBody} /> : null}
          {op.otherBody !== null ? <p class="muted">This operation takes a {op.otherBody} body, which the explorer does not build: use curl.</p> : null}
          <div class="actions">
            <button type="submit" disabled={sending || op.otherBody !== null}>Send</button>
            {checked !== null ? (
              <button type="button" class="secondary" disabled={sending} onClick={() => void send(true)}>
                Send anyway
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
      {checked !== null ? (
        <section role="alert" aria-labelledby="checked-title" class="card">
          <h2 id="checked-title">Not sent: the library finds {checked.violations?.length ?? 0} violation(s)</h2>
          <p>
            {checked.status} {checked.title}: {checked.detail ?? ''}
          </p>
          <ul>
            {(checked.violations ?? []).map((v, i) => (
              <li key={i} class="violation">
                <mark class="field">{v.field === '' ? '(the body)' : v.field}</mark> <code>{v.code}</code> {v.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {answer !== null ? (
        <section aria-labelledby="answer-title" class="card">
          <h2 id="answer-title">Answer: {answer.status}</h2>
          {!answer.ok ? <p class="error">{problemText(answer)}</p> : null}
          <Body body={answer.text} contentType={answer.contentType} fields={[]} label="Answer body" />
        </section>
      ) : null}
    </section>
  )
}
