// Readers of the console API's answers (console contract): every member read defensively, so that
// an answer of an unexpected shape shows as empty cells, never as a broken page.
import { isObject } from './openapi.js'

export type RequestSummary = {
  readonly id: string
  readonly at: string
  readonly companyAt: string
  readonly method: string
  readonly path: string
  readonly status: number
  readonly reason: string | null
  readonly durationMs: number | null
  readonly violationCount: number
}

export type Message = { readonly headers: Readonly<Record<string, string>>; readonly body: string | null; readonly bodyTruncated: boolean; readonly contentType: string }
export type LoggedViolation = { readonly field: string; readonly code: string; readonly message: string; readonly rules: ReadonlyArray<string> }
export type RequestDetail = RequestSummary & { readonly query: string; readonly request: Message; readonly response: Message; readonly reasonRules: ReadonlyArray<string>; readonly violations: ReadonlyArray<LoggedViolation> }

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
export const strings = (v: unknown): ReadonlyArray<string> => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

export const readSummary = (v: unknown): RequestSummary | null => {
  if (!isObject(v)) return null
  const id = str(v['id'])
  if (id === '') return null
  return {
    id,
    at: str(v['at']),
    companyAt: str(v['companyAt']),
    method: str(v['method']),
    path: str(v['path']),
    status: num(v['status']) ?? 0,
    reason: typeof v['reason'] === 'string' ? v['reason'] : null,
    durationMs: num(v['durationMs']),
    violationCount: num(v['violationCount']) ?? 0,
  }
}

const readHeaders = (v: unknown): Record<string, string> => {
  const out: Record<string, string> = {}
  if (isObject(v)) for (const [name, value] of Object.entries(v)) out[name] = Array.isArray(value) ? value.map(str).join(', ') : str(value)
  return out
}

const readMessage = (v: unknown): Message => {
  const m = isObject(v) ? v : {}
  return { headers: readHeaders(m['headers']), body: typeof m['body'] === 'string' ? m['body'] : null, bodyTruncated: m['bodyTruncated'] === true, contentType: str(m['contentType']) }
}

export const readDetail = (v: unknown): RequestDetail | null => {
  const summary = readSummary(v)
  if (summary === null || !isObject(v)) return null
  const violations = Array.isArray(v['violations']) ? v['violations'] : []
  const query = v['query']
  return {
    ...summary,
    query: typeof query === 'string' ? query : isObject(query) ? new URLSearchParams(Object.entries(query).map(([k, x]) => [k, str(x)])).toString() : '',
    request: readMessage(v['request']),
    response: readMessage(v['response']),
    reasonRules: strings(v['reasonRules']),
    violations: violations.flatMap((x: unknown): LoggedViolation[] => (isObject(x) ? [{ field: str(x['field']), code: str(x['code']), message: str(x['message']), rules: strings(x['rules']) }] : [])),
  }
}

/** A time as the page shows it: the ISO instant as sent (UTC, never the browser's zone or locale). */
export const when = (iso: string): string => iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z')
