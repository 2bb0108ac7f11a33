// The console's fetch wrapper: every call carries the signed-in credentials as headers (the
// library's credentialHeaders for a company, the Authorization header for the operator), and the
// credentials live in this tab's sessionStorage only (never localStorage, never a cookie).
// Server-sent events are read from fetch's body stream, because EventSource cannot send headers.
import { credentialHeaders, HEADER_KEY } from 'shipper-rules'
import type { Answer, ConsoleApi, Outgoing, Session } from './types.js'

const SESSION_KEY = 'shipper-rules-console-session'

/** The session stored in this tab, or null (absent or unreadable). */
export const loadSession = (): Session | null => {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY)
    if (raw === null) return null
    const value: unknown = JSON.parse(raw)
    if (typeof value !== 'object' || value === null) return null
    const v = value as Record<string, unknown>
    if (v['kind'] === 'company' && typeof v['apiKey'] === 'string' && typeof v['token'] === 'string') return { kind: 'company', apiKey: v['apiKey'], token: v['token'] }
    if (v['kind'] === 'operator' && typeof v['token'] === 'string') return { kind: 'operator', token: v['token'] }
    return null
  } catch {
    return null
  }
}

/** Keeps the session in this tab's sessionStorage (null signs out). */
export const saveSession = (session: Session | null): void => {
  try {
    if (session === null) sessionStorage.removeItem(SESSION_KEY)
    else sessionStorage.setItem(SESSION_KEY, JSON.stringify(session))
  } catch {
    // storage refused (private mode quota): the session lasts as long as the page
  }
}

/** The headers that carry a session's credentials. */
export const sessionHeaders = (session: Session | null): Record<string, string> => {
  if (session === null) return {}
  if (session.kind === 'company') return credentialHeaders(session.apiKey, session.token)
  return { [HEADER_KEY.authorization]: `Bearer ${session.token}` }
}

const readAnswer = async (response: Response): Promise<Answer> => {
  const text = await response.text().catch(() => '')
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value
  })
  const contentType = headers['content-type'] ?? ''
  let json: unknown = undefined
  if (/json/i.test(contentType) && text !== '') {
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
  }
  return { status: response.status, ok: response.ok, headers, text, json, contentType }
}

const failure = (error: unknown): Answer => ({
  status: 0,
  ok: false,
  headers: {},
  text: `The request did not reach the sandbox: ${error instanceof Error ? error.message : String(error)}`,
  json: undefined,
  contentType: '',
})

/** The API of one session: the pages get a new one when the session changes. */
export const makeApi = (session: Session | null): ConsoleApi => {
  const send = async (request: Outgoing): Promise<Answer> => {
    const headers: Record<string, string> = { ...sessionHeaders(session), ...(request.headers ?? {}) }
    const init: RequestInit = { method: request.method, headers, credentials: 'omit', cache: 'no-store' }
    if (request.body !== undefined) {
      headers['content-type'] = headers['content-type'] ?? 'application/json'
      init.body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body)
    }
    try {
      return await readAnswer(await fetch(request.path, init))
    } catch (error) {
      return failure(error)
    }
  }
  return {
    session,
    send,
    get: (path) => send({ method: 'GET', path }),
    async stream(path, onEvent, signal, onOpen) {
      let response: Response
      try {
        response = await fetch(path, { headers: { ...sessionHeaders(session), accept: 'text/event-stream' }, signal, credentials: 'omit', cache: 'no-store' })
      } catch {
        return
      }
      if (!response.ok || response.body === null) return
      onOpen?.()
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
      let buffer = ''
      try {
        for (;;) {
          const { value, done } = await reader.read()
          if (done) return
          buffer += value.replace(/\r\n?/g, '\n')
          let end = buffer.indexOf('\n\n')
          while (end >= 0) {
            const block = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            let event = 'message'
            const data: string[] = []
            for (const line of block.split('\n')) {
              if (line.startsWith(':') || line === '') continue
              const colon = line.indexOf(':')
              const field = colon < 0 ? line : line.slice(0, colon)
              const raw = colon < 0 ? '' : line.slice(colon + 1)
              const content = raw.startsWith(' ') ? raw.slice(1) : raw
              if (field === 'event') event = content
              else if (field === 'data') data.push(content)
            }
            if (data.length > 0) onEvent(event, data.join('\n'))
            end = buffer.indexOf('\n\n')
          }
        }
      } catch {
        return
      } finally {
        reader.releaseLock()
      }
    },
    async blob(path) {
      try {
        const response = await fetch(path, { headers: sessionHeaders(session), credentials: 'omit', cache: 'no-store' })
        if (!response.ok) return { failed: await readAnswer(response) }
        const blob = await response.blob()
        return { url: URL.createObjectURL(blob), type: blob.type, size: blob.size }
      } catch (error) {
        return { failed: failure(error) }
      }
    },
  }
}
