// The OpenAPI documents the sandbox serves, with no credentials: GET /api-docs/shipper-v1 (the
// library's document of /v1/shipper) and GET /api-docs/sandbox (the sandbox's own endpoints,
// assembled from the features' parts by server/sandboxDocument.ts, which the server hands in). Each is generated once per server; its first server is this sandbox's public URL:
// --public-url when set, else the request's Host when it is a well-formed host[:port] (an
// attacker controls Host: anything else falls back to the address the server listens on), then
// the document's own `base_url` server. Both declare the rules configuration the sandbox keeps
// (ctx.config, --rules-config) in their `x-shipper-rules-config` extension.
import { isIPv6 } from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { problemFor } from 'shipper-rules'
import { openApiDocument } from 'shipper-rules/openapi'
import { access } from '../../http/access.js'
import { sendProblem, type Context } from '../../http/context.js'
import type { Json, SandboxDocumentResult } from '../../openapi/parts.js'

/** A DNS name or IPv4 address (labels of letters, digits and inner hyphens), or a bracketed IPv6 address; then an optional port. */
const HOST = /^(?:\[([0-9A-Fa-f:.]{2,45})\]|((?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?))(?::(\d{1,5}))?$/

/**
 * The Host header as an http base URL when it is a syntactically valid host[:port] (a name of at
 * most 253 characters, an IPv6 address in brackets, a port 1 to 65535); undefined otherwise.
 * @example
 * baseUrlOfHost('localhost:8080') //=> 'http://localhost:8080'
 * baseUrlOfHost('evil.example/<script>') //=> undefined
 */
export const baseUrlOfHost = (host: unknown): string | undefined => {
  if (typeof host !== 'string' || host.length > 261) return undefined
  const m = HOST.exec(host)
  if (m === null) return undefined
  const [, ipv6, name, port] = m
  if (ipv6 !== undefined && !isIPv6(ipv6)) return undefined
  if (name !== undefined && name.length > 253) return undefined
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return undefined
  return `http://${host.toLowerCase()}`
}

/** The servers of a served document: this sandbox's URL first (when known), then the document's `base_url` servers. */
const serversWith = (own: string, servers: ReadonlyArray<Json>): ReadonlyArray<Json> => [
  ...(own === '' ? [] : [{ url: own, description: 'This sandbox.' }]),
  ...servers.filter((s) => typeof s['url'] === 'string' && (s['url'] as string).includes('{')),
]

/** Served texts per base URL, at most this many per document (Host may vary; the oldest is dropped). */
const MAX_CACHED = 16

export const docsRoutes = (ctx: Context, options: { readonly publicUrl?: string | undefined; readonly sandboxDocument: () => SandboxDocumentResult }) => async (app: FastifyInstance) => {
  // generated once per server; the failure (never expected) is logged at the first request
  const shipper = openApiDocument({ config: ctx.config })
  const sandbox = options.sandboxDocument()
  type Generated = { readonly ok: true; readonly document: Json } | { readonly ok: false; readonly errors: ReadonlyArray<string> }
  const documents: Readonly<Record<'/api-docs/shipper-v1' | '/api-docs/sandbox', Generated>> = {
    '/api-docs/shipper-v1': shipper._tag === 'Right' ? { ok: true, document: shipper.right as unknown as Json } : { ok: false, errors: shipper.left },
    '/api-docs/sandbox': sandbox._tag === 'Right' ? { ok: true, document: sandbox.right } : { ok: false, errors: sandbox.left },
  }
  const texts = new Map<string, Map<string, string>>()

  const ownUrl = (request: FastifyRequest): string => (options.publicUrl ?? baseUrlOfHost(request.headers.host) ?? ctx.publicUrl).replace(/\/+$/, '')

  const serve = (path: keyof typeof documents) => async (request: FastifyRequest, reply: FastifyReply) => {
    const generated = documents[path]
    if (!generated.ok) {
      request.log.error({ errors: generated.errors }, 'the OpenAPI document cannot be generated')
      return sendProblem(reply, problemFor('internal_error', 'The OpenAPI document cannot be generated.'))
    }
    const own = ownUrl(request)
    let cache = texts.get(path)
    if (cache === undefined) texts.set(path, (cache = new Map()))
    let text = cache.get(own)
    if (text === undefined) {
      const { document } = generated
      text = JSON.stringify({ ...document, servers: serversWith(own, (document['servers'] ?? []) as ReadonlyArray<Json>) })
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string)
      cache.set(own, text)
    }
    return reply.type('application/json; charset=utf-8').send(text)
  }

  app.get('/api-docs/shipper-v1', access('public'), serve('/api-docs/shipper-v1'))
  app.get('/api-docs/sandbox', access('public'), serve('/api-docs/sandbox'))
}
