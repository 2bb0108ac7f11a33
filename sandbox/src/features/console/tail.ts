// `shipper-rules-sandbox logs tail`: the request log of a company, live, one line per request, read
// from the console's stream (GET /sandbox/console/requests/stream) with the same filters. Any
// sandbox process on the same database serves it: the stream reads the table.
import { credentialHeaders } from 'shipper-rules'
import { CONSOLE_PREFIX } from './capture.js'

export interface TailOptions {
  readonly baseUrl: string
  readonly token: string
  readonly apiKey: string
  readonly method?: string | undefined
  readonly status?: string | undefined
  readonly path?: string | undefined
  readonly reason?: string | undefined
}

/** One line of the tail: time (the company clock), method, path, status, reason, duration, violations. */
export const tailLine = (s: { readonly companyAt?: unknown; readonly method?: unknown; readonly path?: unknown; readonly status?: unknown; readonly reason?: unknown; readonly durationMs?: unknown; readonly violationCount?: unknown; readonly id?: unknown }): string => {
  const violations = Number(s.violationCount ?? 0)
  return [
    String(s.companyAt ?? ''),
    String(s.method ?? '').padEnd(6),
    String(s.status ?? ''),
    String(s.path ?? ''),
    ...(typeof s.reason === 'string' ? [s.reason] : []),
    `${Number(s.durationMs ?? 0).toFixed(1)} ms`,
    ...(violations > 0 ? [`${violations} violation${violations === 1 ? '' : 's'}`] : []),
    `#${String(s.id ?? '')}`,
  ].join('  ')
}

/** The stream's URL for the options' filters. */
export const streamUrl = (o: TailOptions): string => {
  const url = new URL(`${o.baseUrl.replace(/\/+$/, '')}${CONSOLE_PREFIX}/requests/stream`)
  for (const [name, value] of [['method', o.method], ['status', o.status], ['path', o.path], ['reason', o.reason]] as const) if (value !== undefined && value !== '') url.searchParams.set(name, value)
  return url.toString()
}

/**
 * Reads the stream and writes a line per entry to `out` until the stream ends or `signal` aborts:
 * 0 then; 1 when the sandbox refuses (the ProblemDetail is written to `err`) or cannot be reached.
 */
export const tail = async (o: TailOptions, out: (line: string) => void, err: (line: string) => void, signal?: AbortSignal): Promise<number> => {
  let response: Response
  try {
    response = await fetch(streamUrl(o), { headers: { ...credentialHeaders(o.apiKey, o.token), accept: 'text/event-stream' }, ...(signal !== undefined ? { signal } : {}) })
  } catch (e) {
    if (signal?.aborted === true) return 0
    err(`shipper-rules-sandbox logs tail: cannot reach ${o.baseUrl}: ${(e as Error).message}`)
    return 1
  }
  if (response.status !== 200 || response.body === null) {
    const text = await response.text().catch(() => '')
    err(`shipper-rules-sandbox logs tail: ${response.status} ${text.slice(0, 2000)}`)
    return 1
  }
  const decoder = new TextDecoder()
  let buffer = ''
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true })
      let end = buffer.indexOf('\n\n')
      while (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        end = buffer.indexOf('\n\n')
        const lines = block.split('\n')
        const event = lines.find((l) => l.startsWith('event: '))?.slice('event: '.length)
        const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice('data: '.length)).join('\n')
        if (event !== 'request' || data === '') continue
        try {
          out(tailLine(JSON.parse(data) as Record<string, unknown>))
        } catch {
          // not a summary: skipped
        }
      }
    }
  } catch (e) {
    if (signal?.aborted === true) return 0
    err(`shipper-rules-sandbox logs tail: the stream broke: ${(e as Error).message}`)
    return 1
  }
  return 0
}
