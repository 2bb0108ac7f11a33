/**
 * Wire text (spec: Errors, ProblemDetail and Violation; Identifiers, money, time; rules ERR-01 and
 * ID-03, decided by the library): every string a request carries, in a body, a path, a query or a
 * header, is well-formed Unicode (no unpaired surrogate, as I-JSON, RFC 7493, requires) and holds
 * no U+0000 (which PostgreSQL's `text` and `jsonb` cannot hold). The request validators and
 * parsers of the library refuse any other string with a 400 `validation_failed` violation of
 * code `encoding` at the field's path; these two helpers let a server apply the same rule to the
 * fields and headers it reads itself.
 *
 * @module
 */
import { parsePath, type Path } from '../errors/path.js'
import { violationAt, type Violation } from '../errors/violation.js'
import { isWellFormedWireText, WIRE_TEXT_MESSAGE } from '../internal/text.js'

/**
 * Whether a value is wire text: a string that is well-formed Unicode (every surrogate paired, as
 * I-JSON, RFC 7493, requires) and holds no U+0000. `false` for anything that is not a string.
 * One scan of the string; most text is decided by one regular-expression test.
 *
 * Implements ERR-01 and ID-03 (the library's decision on text the spec leaves open: a string a
 * server cannot store is a 400 `encoding` violation, never a 500).
 *
 * @example
 * [isWireText('Dock 4 📦'), isWireText('a\u0000b'), isWireText('\ud800'), isWireText(42)]
 * //=> [true, false, false, false]
 *
 * @category refinements
 * @since 0.3.0
 */
export const isWireText = (value: unknown): value is string => typeof value === 'string' && isWellFormedWireText(value)

/** Where a key that is not wire text is reported: at its object, never in the path itself. */
const KEY_MESSAGE = 'has a key that is not well-formed Unicode text without U+0000 (no unpaired surrogate)'

const hasOwn = Object.prototype.hasOwnProperty

/**
 * The violations of every string in a JSON value that is not wire text (see {@link isWireText}),
 * object keys included: a string value is reported at its own path (`notes`,
 * `contacts[1].name`), an object key at the path of the object that holds it (so no field of
 * the answer ever contains the ill-formed key, and an object is reported before what it holds),
 * each once, code `encoding`, with the first
 * segment of the path as entity. `path` prefixes every field, as segments or in its rendered form
 * (`'X-Company-Name'`, `'pickupAddress'`); default the root. Numbers, booleans and null have no
 * text; a value met again (a shared or cyclic object) is read once. Any depth (the walk keeps its
 * own stack); an empty list when all text is well-formed.
 *
 * Implements ERR-01 and ID-03 (decision: the rule the request validators apply, for a server's
 * own fields and headers).
 *
 * Total: a value it cannot read (a Proxy or getter that throws) gives one `type` violation at
 * `path` (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * checkWireText({ name: 'Acme\u0000', tags: ['ok', '\udc00'], ['k\ud800']: 1 }, 'company').map((v) => [v.field, v.code])
 * //=> [['company', 'encoding'], ['company.name', 'encoding'], ['company.tags[1]', 'encoding']]
 *
 * @category rules
 * @since 0.3.0
 */
export const checkWireText = (value: unknown, path?: Path | string): ReadonlyArray<Violation> => {
  let root: Path
  try {
    root = parsePath(path)
  } catch {
    root = []
  }
  const first = root[0]
  const entity = typeof first === 'string' ? first : null
  try {
    return walk(value, root, entity)
  } catch {
    return [violationAt(root, entity, 'type', 'could not be read: the input is not of the documented type')]
  }
}

/** A place in the walk: its segment and its parent, so no path is copied until one is reported. */
interface Place {
  readonly parent: Place | null
  readonly segment: string | number | null
}

/** The path of a place: the root path, then its segments. */
const pathOf = (root: Path, place: Place): Path => {
  const segments: Array<string | number> = []
  for (let p: Place | null = place; p !== null; p = p.parent) if (p.segment !== null) segments.push(p.segment)
  return [...root, ...segments.reverse()]
}

const TOP: Place = { parent: null, segment: null }

/** Depth-first, in document order, with an explicit stack (any depth, linear in the value's size). */
const walk = (value: unknown, root: Path, entity: string | null): ReadonlyArray<Violation> => {
  const out: Violation[] = []
  const seen = new Set<object>()
  const stack: Array<{ readonly value: unknown; readonly place: Place }> = [{ value, place: TOP }]
  while (stack.length > 0) {
    const { value: v, place } = stack.pop()!
    if (typeof v === 'string') {
      if (!isWellFormedWireText(v)) out.push(violationAt(pathOf(root, place), entity, 'encoding', WIRE_TEXT_MESSAGE))
      continue
    }
    if (typeof v !== 'object' || v === null || seen.has(v)) continue
    seen.add(v)
    const children: Array<{ readonly value: unknown; readonly place: Place }> = []
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) children.push({ value: v[i], place: { parent: place, segment: i } })
    } else {
      let badKey = false
      const o = v as Record<string, unknown>
      for (const key in o) {
        if (!hasOwn.call(o, key)) continue
        const wellFormed = isWellFormedWireText(key)
        if (!wellFormed) badKey = true
        // what a bad key holds is reported at the object too: its own path would hold the key
        children.push({ value: o[key], place: wellFormed ? { parent: place, segment: key } : place })
      }
      if (badKey) out.push(violationAt(pathOf(root, place), entity, 'encoding', KEY_MESSAGE))
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!)
  }
  return dedupe(out)
}

/** Each field once, in order of first report. */
const dedupe = (vs: ReadonlyArray<Violation>): ReadonlyArray<Violation> => {
  const fields = new Set<string>()
  const out: Violation[] = []
  for (const v of vs) {
    const key = `${v.field}\u0001${v.reason}`
    if (fields.has(key)) continue
    fields.add(key)
    out.push(v)
  }
  return out
}
