// One endpoint of the sandbox's document as an OpenAPI operation: its security (from the route's
// access), parameters, body, success, and every problem it can answer (its own merged with the
// HTTP layer's), each with the headers it carries and an example.
import { HEADER, problemFor, REASON_CATALOGUE, type ProblemDetail, type ReasonCode } from 'shipper-rules'
import type { Access } from '../http/access.js'
import { HTTP_LAYER, merge, ref, STATUS_ORDER, type Endpoint, type Json } from './parts.js'

/** The security requirement of each kind of caller (the schemes are the document's securitySchemes). */
export const SECURITY: Readonly<Record<Access, ReadonlyArray<Json>>> = {
  company: [{ bearerAuth: [], apiKey: [] }],
  operator: [{ operatorToken: [] }],
  public: [],
}

const header = (name: string): Json => ({ $ref: `#/components/headers/${name}` })

/** The problem example of a response: the endpoint's own, else the first reason's plain problem; with an instance when the schema has one. */
const problemExample = (reasons: ReadonlyArray<ReasonCode>, example: ProblemDetail | undefined, withInstance: boolean): Json => {
  const problem: Json = { ...(example ?? problemFor(reasons[0]!)) }
  return withInstance ? { ...problem, instance: 'urn:request-id:5f0c3b52-8d0e-4a51-9a43-0f3c1f0e8b7d' } : problem
}

export const operation = (e: Endpoint, withInstance: boolean): Json => {
  const table = merge(e.problems, HTTP_LAYER)
  const problems = STATUS_ORDER.flatMap((status) => {
    const p = table[status]
    if (p === undefined) return []
    const reasons = p.reasons as ReadonlyArray<ReasonCode>
    const headers: Json = {
      [HEADER.requestId]: header(HEADER.requestId),
      ...(status === 429 || status === 500 ? { [HEADER.retryAfter]: header(HEADER.retryAfter) } : {}),
      ...(status === 401 ? { 'WWW-Authenticate': header('WWW-Authenticate') } : {}),
    }
    const listed = reasons.map((r) => `\`${r}\` (${REASON_CATALOGUE[r].title})`).join(', ')
    return [[String(status), {
      description: `${p.note[0]!.toUpperCase()}${p.note.slice(1)}. ${reasons.length === 1 ? 'Reason' : 'Reasons'}: ${listed}.`,
      headers,
      content: {
        'application/problem+json': {
          schema: { allOf: [ref('ProblemDetail'), { type: 'object', properties: { reason: { type: 'string', enum: [...reasons] } } }] },
          example: problemExample(reasons, p.example, withInstance),
        },
      },
    }] as const]
  })
  const s = e.success
  const successContent = s.schema === 'pdf'
    ? { 'application/pdf': { schema: { type: 'string', format: 'binary', contentMediaType: 'application/pdf' }, example: s.example } }
    : s.schema === 'EventStream'
      ? { 'text/event-stream': { schema: ref(s.schema), example: s.example } }
      : { 'application/json': { schema: ref(s.schema), example: s.example } }
  return {
    operationId: e.operationId,
    tags: [e.tag],
    summary: e.summary,
    description: e.description,
    security: SECURITY[e.caller],
    ...(e.parameters === undefined ? {} : { parameters: e.parameters.map((p) => ({ $ref: `#/components/parameters/${p}` })) }),
    ...(e.body === undefined ? {} : { requestBody: { required: true, description: e.body.description, content: { 'application/json': { schema: ref(e.body.schema), example: e.body.example } } } }),
    responses: {
      [String(s.status)]: {
        description: s.description,
        headers: { [HEADER.requestId]: header(HEADER.requestId), ...(s.schema === 'pdf' ? { 'Content-Disposition': header('Content-Disposition') } : {}) },
        content: successContent,
      },
      ...Object.fromEntries(problems),
    },
  }
}

/** The schema names a schema refers to, directly. */
export const refsOf = (value: unknown, into: Set<string>): void => {
  if (Array.isArray(value)) for (const v of value) refsOf(v, into)
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) into.add(v.slice('#/components/schemas/'.length))
      else refsOf(v, into)
    }
  }
}
