// A JSON body pretty-printed as text lines, each knowing the field path it shows
// (`orderComponents[0].poundsWeight`, the library's renderPath spelling), so that a violation is
// highlighted at its field; a field that is absent (a `required` violation) is highlighted at the
// nearest enclosing value that is there.
import type { JSX } from 'preact'

type Line = { readonly text: string; readonly path: string }

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/
const child = (path: string, key: string | number): string =>
  typeof key === 'number' ? `${path}[${key}]` : IDENT.test(key) ? (path === '' ? key : `${path}.${key}`) : `${path}[${JSON.stringify(key)}]`

const linesOf = (value: unknown, path: string, indent: string, prefix: string, suffix: string, out: Line[]): void => {
  if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push({ text: `${indent}${prefix}[]${suffix}`, path })
      return
    }
    out.push({ text: `${indent}${prefix}[`, path })
    value.forEach((v, i) => linesOf(v, child(path, i), `${indent}  `, '', i < value.length - 1 ? ',' : '', out))
    out.push({ text: `${indent}]${suffix}`, path })
    return
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
    if (entries.length === 0) {
      out.push({ text: `${indent}${prefix}{}${suffix}`, path })
      return
    }
    out.push({ text: `${indent}${prefix}{`, path })
    entries.forEach(([k, v], i) => linesOf(v, child(path, k), `${indent}  `, `${JSON.stringify(k)}: `, i < entries.length - 1 ? ',' : '', out))
    out.push({ text: `${indent}}${suffix}`, path })
    return
  }
  out.push({ text: `${indent}${prefix}${JSON.stringify(value)}${suffix}`, path })
}

/** The enclosing paths of a field path, nearest first: `a.b[0].c`, `a.b[0]`, `a.b`, `a`, ``. */
const ancestors = (field: string): ReadonlyArray<string> => {
  const out = [field]
  let current = field
  while (current !== '') {
    const cut = Math.max(current.lastIndexOf('.'), current.lastIndexOf('['))
    current = cut <= 0 ? '' : current.slice(0, cut)
    out.push(current)
  }
  return out
}

/** A body as a <pre>: JSON indented with its violated fields marked, anything else as plain text. */
export function Body({ body, contentType, fields, label }: { body: string | null; contentType: string; fields: ReadonlyArray<string>; label: string }): JSX.Element {
  if (body === null || body === '') return <p class="muted">No body.</p>
  let parsed: unknown
  let isJson = false
  if (/json/i.test(contentType) || /^\s*[[{]/.test(body)) {
    try {
      parsed = JSON.parse(body)
      isJson = true
    } catch {
      isJson = false
    }
  }
  if (!isJson) return <pre aria-label={label}>{body}</pre>
  const lines: Line[] = []
  linesOf(parsed, '', '', '', '', lines)
  const present = new Set(lines.map((l) => l.path))
  const marked = new Set(fields.map((f) => ancestors(f).find((a) => present.has(a)) ?? ''))
  const seen = new Set<string>()
  return (
    <pre aria-label={label}>
      {lines.map((line, i) => {
        const first = !seen.has(line.path)
        seen.add(line.path)
        const text = `${line.text}\n`
        return marked.has(line.path) && first && fields.length > 0 ? (
          <mark key={i} class="field" title={`violation at ${line.path === '' ? 'the body' : line.path}`}>
            {text}
          </mark>
        ) : (
          <span key={i}>{text}</span>
        )
      })}
    </pre>
  )
}
