// A form built from a JSON schema of the served document: an object's properties as fields
// (nested objects as fieldsets), an enum as a select, a string or number as an input, a boolean as
// a checkbox; anything else (arrays, alternatives) as a JSON text area for that member. The form
// edits one JSON value; each control is labelled by its field path.
import type { JSX } from 'preact'
import { useState } from 'preact/hooks'
import { isObject, resolve, type Json, type JsonObject } from './openapi.js'

type Props = { readonly doc: JsonObject; readonly schema: JsonObject; readonly value: Json | undefined; readonly path: string; readonly onChange: (value: Json | undefined) => void; readonly depth: number }

const idOf = (path: string): string => `f-${path.replace(/[^A-Za-z0-9_-]/g, '_')}`

/** A schema with its local references followed and a single allOf merged. */
const flat = (doc: JsonObject, schema: Json | undefined): JsonObject => {
  const s = resolve(doc, schema)
  if (!isObject(s)) return {}
  const all = s['allOf']
  if (Array.isArray(all) && all.length > 0) {
    const merged: Record<string, Json> = {}
    for (const part of all) Object.assign(merged, flat(doc, part))
    for (const [k, v] of Object.entries(s)) if (k !== 'allOf') merged[k] = v
    return merged
  }
  return s
}

const typeOf = (s: JsonObject): string => (typeof s['type'] === 'string' ? s['type'] : Array.isArray(s['type']) ? String(s['type'].find((t) => t !== 'null') ?? '') : isObject(s['properties']) ? 'object' : '')

export function SchemaField(props: Props): JSX.Element {
  const { doc, path, value, onChange, depth } = props
  const schema = flat(doc, props.schema)
  const type = typeOf(schema)
  const label = path === '' ? 'Body' : path
  const id = idOf(path)
  const description = typeof schema['description'] === 'string' ? schema['description'] : ''
  const enumValues = Array.isArray(schema['enum']) ? schema['enum'] : null
  if (type === 'object' && isObject(schema['properties']) && depth < 6 && (value === undefined || isObject(value))) {
    const required = Array.isArray(schema['required']) ? schema['required'] : []
    const current = isObject(value) ? value : {}
    return (
      <fieldset class="schema-object">
        <legend>{label}</legend>
        {description !== '' ? <p class="muted">{description}</p> : null}
        {Object.entries(schema['properties']).map(([name, child]) => (
          <SchemaField
            key={name}
            doc={doc}
            schema={isObject(child) ? child : {}}
            value={current[name]}
            path={path === '' ? name : `${path}.${name}`}
            depth={depth + 1}
            onChange={(next) => {
              const copy: Record<string, Json> = { ...current }
              if (next === undefined) delete copy[name]
              else copy[name] = next
              onChange(copy)
            }}
          />
        ))}
        {required.length > 0 ? <p class="muted">Required: {required.join(', ')}</p> : null}
      </fieldset>
    )
  }
  if (enumValues !== null && enumValues.every((v) => typeof v === 'string')) {
    return (
      <div class="field">
        <label for={id}>{label}</label>
        <select id={id} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value)}>
          <option value="">(absent)</option>
          {enumValues.map((v) => (
            <option key={String(v)} value={String(v)}>{String(v)}</option>
          ))}
        </select>
      </div>
    )
  }
  if (type === 'boolean') {
    return (
      <div class="field check">
        <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />
        <label for={id}>{label}</label>
      </div>
    )
  }
  if ((type === 'string' || type === 'number' || type === 'integer') && (value === undefined || value === null || typeof value === 'string' || typeof value === 'number')) {
    return (
      <div class="field">
        <label for={id}>{label}</label>
        <input
          id={id}
          inputMode={type === 'string' ? undefined : 'decimal'}
          value={value === undefined || value === null ? '' : String(value)}
          onInput={(e) => {
            const raw = e.currentTarget.value
            if (raw === '') onChange(undefined)
            else if (type === 'string') onChange(raw)
            else onChange(/^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : raw)
          }}
        />
      </div>
    )
  }
  return <JsonArea id={id} label={label} value={value} onChange={onChange} />
}

/** A member edited as JSON text: parsed when it is JSON, kept as typed (and flagged) when it is not. */
function JsonArea({ id, label, value, onChange }: { id: string; label: string; value: Json | undefined; onChange: (v: Json | undefined) => void }) {
  const [draft, setDraft] = useState<string | null>(null)
  const shown = draft ?? (value === undefined ? '' : JSON.stringify(value, null, 2))
  const bad = draft !== null && draft.trim() !== '' && !parses(draft)
  return (
    <div class="field">
      <label for={id}>{label} (JSON)</label>
      <textarea
        id={id}
        rows={Math.min(12, Math.max(2, shown.split('\n').length))}
        value={shown}
        aria-invalid={bad ? 'true' : undefined}
        onInput={(e) => {
          const raw = e.currentTarget.value
          setDraft(raw)
          if (raw.trim() === '') onChange(undefined)
          else if (parses(raw)) onChange(JSON.parse(raw) as Json)
        }}
      />
      {bad ? <p class="error">Not JSON yet: the last valid value is kept.</p> : null}
    </div>
  )
}

const parses = (text: string): boolean => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}
