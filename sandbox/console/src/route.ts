// The hash router's parsing: `#/log`, `#/log/<id>`, `#/errors`, `#/orders`, `#/orders/<n>`,
// `#/clock`, `#/map`, `#/rules`, `#/rules/<RULE-ID>`, `#/explorer`, `#/operator`, `#/sign-in`
// (console contract). Anything else is the start page (null): the shell picks it by the session.
import type { PageName, Route } from './types.js'

const decode = (part: string): string => {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}

/** The route of a location hash, or null for the start page. */
export const parseRoute = (hash: string): Route | null => {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash
  const q = raw.indexOf('?')
  const path = q < 0 ? raw : raw.slice(0, q)
  const query = new URLSearchParams(q < 0 ? '' : raw.slice(q + 1))
  const parts = path.split('/').filter((p) => p !== '')
  const [head, second, ...rest] = parts
  if (rest.length > 0 || head === undefined) return null
  const page = (single: PageName, withParam: PageName | null): Route | null => {
    if (second === undefined) return { page: single, param: null, query, hash }
    if (withParam === null) return null
    return { page: withParam, param: decode(second), query, hash }
  }
  switch (head) {
    case 'log':
      return page('log', 'logEntry')
    case 'errors':
      return page('errors', null)
    case 'orders':
      return page('orders', 'order')
    case 'clock':
      return page('clock', null)
    case 'map':
      return page('map', null)
    case 'rules':
      return page('rules', 'rule')
    case 'explorer':
      return page('explorer', null)
    case 'operator':
      return page('operator', null)
    case 'sign-in':
      return page('signIn', null)
    default:
      return null
  }
}

/** The hash of a page: `href(['orders', n])` gives `#/orders/<n>` with the parameter encoded. */
export const href = (parts: ReadonlyArray<string>, query?: Readonly<Record<string, string>>): string => {
  const path = `#/${parts.map((p) => encodeURIComponent(p)).join('/')}`
  const entries = Object.entries(query ?? {}).filter(([, v]) => v !== '')
  return entries.length === 0 ? path : `${path}?${new URLSearchParams(entries).toString()}`
}
