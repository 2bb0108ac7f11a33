// A failure as a small program: the requests that show it as a bash script of curl calls, the
// credentials as variables, and the ids the server made on earlier answers (an orderNumber, a
// quote id) captured into shell variables, so the script replays on a fresh server.
import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { credentialHeadersWith, isRawBody, type Exchange, type SentRequest } from './http.js'

export interface CurlContext {
  /** The run's exchanges: the answers to earlier requests, read to find the ids the server made. */
  readonly exchanges?: ReadonlyArray<Exchange>
  /** A body over this many bytes is not written out in the script (default MAX_EMBEDDED_BODY): see largeBody. */
  readonly maxBodyBytes?: number
}

/** The most bytes of one body a script or a report embeds as is: 64 KiB. */
export const MAX_EMBEDDED_BODY = 64 * 1024

/** A request body's bytes: a JSON value as its JSON text, a RawBody's text or bytes. */
export const bodyBytes = (body: unknown): Buffer =>
  isRawBody(body) ? (typeof body.raw === 'string' ? Buffer.from(body.raw, 'utf8') : Buffer.from(body.raw.buffer, body.raw.byteOffset, body.raw.byteLength)) : Buffer.from(JSON.stringify(body) ?? '', 'utf8')

/**
 * For a body over `max` bytes, the script lines that write it to "$TMP_BODY" without embedding it:
 * its gzip, base64-encoded, when that is at most `max` characters (the padding of a large upload
 * compresses to almost nothing, so the script still replays byte for byte); otherwise as many of
 * its first bytes as `max` characters of base64 hold, with a comment saying the body was cut (its length and SHA-256), so the script
 * sends less than the kit did. Undefined for a body of at most `max` bytes.
 */
export const largeBody = (body: unknown, max: number): string | undefined => {
  const bytes = bodyBytes(body)
  if (bytes.length <= max) return undefined
  const zipped = gzipSync(bytes, { level: 9 }).toString('base64')
  if (zipped.length <= max) {
    return `# the body is ${bytes.length} bytes: written from its gzip (base64, ${zipped.length} characters), not embedded\nprintf '%s' ${shellQuote(zipped)} | base64 -d | gunzip > "$TMP_BODY"\n`
  }
  const sha = createHash('sha256').update(bytes).digest('hex')
  // base64 makes 4 characters of 3 bytes: the embedded text stays within max
  const keep = Math.floor(max / 4) * 3
  return `# the body is ${bytes.length} bytes (sha256 ${sha}) and does not compress below ${max} bytes: only its first ${keep} bytes are embedded, so this request sends less than the kit sent\nprintf '%s' ${shellQuote(bytes.subarray(0, keep).toString('base64'))} | base64 -d > "$TMP_BODY"\n`
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

/** The shell variable of a company's credential in a script. */
const variableOf = (company: 'main' | 'other', what: 'token' | 'apiKey'): string => `${company === 'main' ? '' : 'OTHER_'}${what === 'token' ? 'TOKEN' : 'API_KEY'}`

/** The placeholder a company's credential takes while its header is built (http.ts's one mapping), then written as its shell variable. */
const placeholder = (name: string): string => `\u0000conformance-${name}\u0000`

/** The -H arguments of a request's credentials: the headers of http.ts's credentialHeadersWith, a company's value as its variable. */
const credentialArgs = (c: SentRequest['credentials'], uses: Set<string>): string[] => {
  const vars: Array<{ value: string; name: string }> = []
  const headers = credentialHeadersWith(c, (source, what) => {
    if ('literal' in source) return source.literal
    const name = variableOf(source.company, what)
    uses.add(name)
    vars.push({ value: placeholder(name), name })
    return placeholder(name)
  })
  return Object.entries(headers).map(([k, v]) => `-H ${withVariables(`${k}: ${v}`, vars)}`)
}

const EXTRACT = (field: string): string =>
  `node -e 'let s="";process.stdin.on("data",(d)=>{s+=d}).on("end",()=>{process.stdout.write(String(JSON.parse(s)[${JSON.stringify(field)}]))})'`

/**
 * The requests as a bash script: `set -eu`, the variables it needs checked up front, one curl per
 * request printing the answer's body and then its status on a line of its own, and each
 * server-made id captured for the requests after it.
 */
export const toCurlScript = (requests: ReadonlyArray<SentRequest>, ctx: CurlContext = {}): string => {
  const maxBodyBytes = ctx.maxBodyBytes ?? MAX_EMBEDDED_BODY
  const uses = new Set<string>(['BASE_URL'])
  const vars: Array<{ value: string; name: string }> = []
  const counters = { ORDER: 0, QUOTE: 0 }
  const body: string[] = []
  requests.forEach((req, i) => {
    const exchange = ctx.exchanges?.find((e) => e.request === req)
    const args = ['curl', '-sS', '-X', req.method, `"$BASE_URL"${withVariables(req.path, vars)}`, ...credentialArgs(req.credentials, uses)]
    let pre = ''
    const big = req.body === undefined ? undefined : largeBody(req.body, maxBodyBytes)
    if (big !== undefined) {
      if (isRawBody(req.body)) args.push('-H', shellQuote(`content-type: ${req.body.contentType}`))
      else args.push('-H', shellQuote('content-type: application/json'))
      pre = big
      args.push('--data-binary', '@"$TMP_BODY"')
      uses.add('TMP_BODY')
    } else if (req.body !== undefined) {
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
