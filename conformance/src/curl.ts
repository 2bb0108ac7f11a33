// A failure as a small program: the requests that show it as a bash script of curl calls, the
// credentials as variables, and the ids the server made on earlier answers (an orderNumber, a
// quote id) captured into shell variables, so the script replays on a fresh server.
import { HEADER_KEY } from 'shipper-rules'
import { isRawBody, type Exchange, type SentRequest } from './http.js'

export interface CurlContext {
  /** The run's exchanges: the answers to earlier requests, read to find the ids the server made. */
  readonly exchanges?: ReadonlyArray<Exchange>
}

/** Quotes a string for bash: single quotes, each ' written as '\''. */
export const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`

/** The ids of an answer worth capturing: an orderNumber and a quote's id, by the variable name they get. */
const idsOf = (req: SentRequest, json: unknown): Array<{ field: 'orderNumber' | 'id'; value: string; kind: 'ORDER' | 'QUOTE' }> => {
  if (typeof json !== 'object' || json === null) return []
  const o = json as Record<string, unknown>
  const out: Array<{ field: 'orderNumber' | 'id'; value: string; kind: 'ORDER' | 'QUOTE' }> = []
  if (typeof o['orderNumber'] === 'string' && req.method === 'POST' && req.path.startsWith('/v1/shipper/shipment')) out.push({ field: 'orderNumber', value: o['orderNumber'], kind: 'ORDER' })
  if (typeof o['id'] === 'string' && req.method === 'POST' && req.path.startsWith('/v1/shipper/quote')) out.push({ field: 'id', value: o['id'], kind: 'QUOTE' })
  return out
}

/** `text` as a bash word in which each known server-made value is the shell variable holding it. */
const withVariables = (text: string, vars: ReadonlyArray<{ value: string; name: string }>): string => {
  const live = vars.filter((v) => v.value !== '' && text.includes(v.value))
  if (live.length === 0) return shellQuote(text)
  // longest first, so a value that contains another is replaced whole
  const sorted = [...live].sort((a, b) => b.value.length - a.value.length)
  const pattern = new RegExp(sorted.map((v) => v.value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g')
  const parts: string[] = []
  let last = 0
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) parts.push(shellQuote(text.slice(last, m.index)))
    parts.push(`"$${sorted.find((v) => v.value === m[0])!.name}"`)
    last = m.index + m[0].length
  }
  if (last < text.length) parts.push(shellQuote(text.slice(last)))
  return parts.join('')
}

const credentialArgs = (c: SentRequest['credentials'], uses: Set<string>): string[] => {
  if (c === 'none') return []
  if (c === 'main') {
    uses.add('TOKEN').add('API_KEY')
    return [`-H "${HEADER_KEY.authorization}: Bearer $TOKEN"`, `-H "${HEADER_KEY.apiKey}: $API_KEY"`]
  }
  if (c === 'other') {
    uses.add('OTHER_TOKEN').add('OTHER_API_KEY')
    return [`-H "${HEADER_KEY.authorization}: Bearer $OTHER_TOKEN"`, `-H "${HEADER_KEY.apiKey}: $OTHER_API_KEY"`]
  }
  const out: string[] = []
  const variable = (which: 'main' | 'other', what: 'TOKEN' | 'API_KEY'): string => {
    const name = which === 'main' ? what : `OTHER_${what}`
    uses.add(name)
    return name
  }
  if (c.tokenOf !== undefined) out.push(`-H "${HEADER_KEY.authorization}: Bearer $${variable(c.tokenOf, 'TOKEN')}"`)
  else if (c.token !== undefined) out.push('-H ' + shellQuote(`${HEADER_KEY.authorization}: Bearer ${c.token}`))
  if (c.apiKeyOf !== undefined) out.push(`-H "${HEADER_KEY.apiKey}: $${variable(c.apiKeyOf, 'API_KEY')}"`)
  else if (c.apiKey !== undefined) out.push('-H ' + shellQuote(`${HEADER_KEY.apiKey}: ${c.apiKey}`))
  return out
}

const EXTRACT = (field: string): string =>
  `node -e 'let s="";process.stdin.on("data",(d)=>{s+=d}).on("end",()=>{process.stdout.write(String(JSON.parse(s)[${JSON.stringify(field)}]))})'`

/**
 * The requests as a bash script: `set -eu`, the variables it needs checked up front, one curl per
 * request printing the answer's body and then its status on a line of its own, and each
 * server-made id captured for the requests after it.
 */
export const toCurlScript = (requests: ReadonlyArray<SentRequest>, ctx: CurlContext = {}): string => {
  const uses = new Set<string>(['BASE_URL'])
  const vars: Array<{ value: string; name: string }> = []
  const counters = { ORDER: 0, QUOTE: 0 }
  const body: string[] = []
  requests.forEach((req, i) => {
    const exchange = ctx.exchanges?.find((e) => e.request === req)
    const args = ['curl', '-sS', '-X', req.method, `"$BASE_URL"${withVariables(req.path, vars)}`, ...credentialArgs(req.credentials, uses)]
    let pre = ''
    if (req.body !== undefined) {
      if (isRawBody(req.body)) {
        args.push('-H', shellQuote(`content-type: ${req.body.contentType}`))
        if (typeof req.body.raw === 'string') args.push('--data-binary', withVariables(req.body.raw, vars))
        else {
          pre = `printf '%s' ${shellQuote(Buffer.from(req.body.raw).toString('base64'))} | base64 -d > "$TMP_BODY"\n`
          args.push('--data-binary', '@"$TMP_BODY"')
          uses.add('TMP_BODY')
        }
      } else {
        args.push('-H', shellQuote('content-type: application/json'), '--data-binary', withVariables(JSON.stringify(req.body), vars))
      }
    }
    for (const [k, v] of Object.entries(req.headers)) args.push('-H', withVariables(`${k}: ${v}`, vars))
    args.push('-w', shellQuote('\\n%{http_code}'))
    const seen = exchange?.received === undefined ? (exchange?.error === undefined ? '' : ` (the kit saw: ${exchange.error.replace(/\n/g, ' ')})`) : ` (the kit saw: ${exchange.received.status})`
    body.push(`# ${i + 1}. ${req.method} ${req.path}${seen}`)
    body.push(`${pre}R=$(${args.join(' ')})`)
    body.push(`printf '%s\\n' "$R"`)
    for (const id of idsOf(req, exchange?.received?.json)) {
      counters[id.kind] += 1
      const name = `${id.kind}_${counters[id.kind]}`
      vars.push({ value: id.value, name })
      body.push(`${name}=$(printf '%s' "$R" | sed '$d' | ${EXTRACT(id.field)})`)
    }
  })
  const required = ['BASE_URL', 'TOKEN', 'API_KEY', 'OTHER_TOKEN', 'OTHER_API_KEY'].filter((v) => uses.has(v))
  const head = [
    '#!/usr/bin/env bash',
    '# Replays what the conformance kit sent. Each answer prints as its body, then its HTTP status on a line of its own.',
    'set -eu',
    `: ${required.map((v) => `"\${${v}:?}"`).join(' ')}`,
  ]
  if (uses.has('TMP_BODY')) head.push('TMP_BODY=$(mktemp)', "trap 'rm -f \"$TMP_BODY\"' EXIT")
  return [...head, ...body, ''].join('\n')
}
