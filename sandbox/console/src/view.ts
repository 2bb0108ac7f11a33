// Small helpers the pages share: how an answer that failed is told, how untyped members are read.
import type { Answer } from './types.js'

/** A failed answer in one line: the ProblemDetail's title and detail when it is one, else the status and text. */
export const problemText = (answer: Answer): string => {
  if (answer.status === 0) return answer.text
  const json = answer.json
  if (typeof json === 'object' && json !== null) {
    const p = json as Record<string, unknown>
    const title = typeof p['title'] === 'string' ? p['title'] : ''
    const detail = typeof p['detail'] === 'string' ? p['detail'] : ''
    const text = [title, detail].filter((t) => t !== '').join(': ')
    if (text !== '') return `${answer.status} ${text}`
  }
  return `${answer.status} ${answer.text.slice(0, 300)}`
}

/** The items array of a `{ items: [...] }` answer, or empty. */
export const itemsOf = (json: unknown): ReadonlyArray<Record<string, unknown>> => {
  const items = typeof json === 'object' && json !== null ? (json as Record<string, unknown>)['items'] : undefined
  return Array.isArray(items) ? items.filter((i): i is Record<string, unknown> => typeof i === 'object' && i !== null) : []
}

/** A member of an untyped object as text ('' when absent or null). */
export const text = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value))
