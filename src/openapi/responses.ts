/**
 * The responses of the OpenAPI document (spec: Errors; Authentication 4; the conventions of
 * issue 25): the problem responses of each status, narrowed to the reasons an operation can give
 * (`ProblemDetail` with `reason` an enum of them and `status` the status itself, so a generator
 * makes a union discriminated by `reason`), each with an example built by `problemFor`; the
 * statuses the HTTP layer answers on every operation; and the response headers (`X-Request-Id`
 * on every response, `Retry-After` on 429 and 500, `Idempotent-Replayed` on a replayed create).
 *
 * @module
 */
import { REASON_CATALOGUE, type ReasonCode } from '../errors/catalogue.js'
import { problemFor, validationProblem } from '../errors/problem.js'
import type { Violation } from '../errors/violation.js'
import { HEADER, REQUEST_ID_FORMAT, type JsonSchema } from '../model/index.js'

/** The statuses a shipper operation can answer with a problem. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 413 | 414 | 415 | 422 | 429 | 431 | 500

/** The reason codes the catalogue gives a status. */
export type ReasonsOf<S extends number> = { [R in ReasonCode]: (typeof REASON_CATALOGUE)[R]['status'] extends S ? R : never }[ReasonCode]

/** What a status means on one endpoint: the reasons it can carry, and a note where the reason alone does not say it. */
export type Problems = { readonly [S in ErrorStatus]?: { readonly reasons: ReadonlyArray<ReasonsOf<S>>; readonly note?: string } }

/** The order in which an operation lists its problem responses. */
export const STATUS_ORDER: ReadonlyArray<ErrorStatus> = [400, 401, 403, 404, 408, 409, 413, 414, 415, 422, 429, 431, 500]

/** The pattern of a request id a client may send (and that every answer carries). */
const REQUEST_ID_PATTERN = REQUEST_ID_FORMAT.pattern

/** An example request id, as a server generates one (a UUID v4). */
export const EXAMPLE_REQUEST_ID = '0f6c9b52-1e4d-4c8a-9d0e-7b3f2a61c5d8'

/** The response headers the document declares, by their spec spelling (see `HEADER`). */
type ResponseHeader = (typeof HEADER)['requestId' | 'retryAfter' | 'idempotentReplayed']

/** The `components.headers` of the document. */
export const HEADERS: Readonly<Record<ResponseHeader, JsonSchema>> = {
  [HEADER.requestId]: {
    description: `The id of this request: the client's own ${HEADER.requestId} when it sent one matching ${REQUEST_ID_PATTERN}, otherwise one the server made (a UUID). It is in every log line of the request and in a ProblemDetail's instance (urn:request-id:<id>): quote it to support.`,
    required: true,
    schema: { type: 'string', pattern: REQUEST_ID_PATTERN },
    example: EXAMPLE_REQUEST_ID,
  },
  [HEADER.retryAfter]: {
    description: 'Seconds to wait before retrying (delay-seconds).',
    schema: { type: 'integer', minimum: 0 },
    example: 5,
  },
  [HEADER.idempotentReplayed]: {
    description: `Present (true) only when this answer is the stored answer of an earlier request with the same ${HEADER.idempotencyKey} and body; a first answer carries no such header.`,
    schema: { type: 'string', enum: ['true'] },
    example: 'true',
  },
}

const header = (name: keyof typeof HEADERS): JsonSchema => ({ $ref: `#/components/headers/${name}` })

/** The headers of a success response (the replay indicator only where a request is replayed). */
export const successHeaders = (replayable: boolean): JsonSchema => ({
  [HEADER.requestId]: header(HEADER.requestId),
  ...(replayable ? { [HEADER.idempotentReplayed]: header(HEADER.idempotentReplayed) } : {}),
})

/**
 * The problems the HTTP layer answers before any rule runs, on every operation: a URL or body it
 * cannot read, a request too slow, a URL or headers too long, and too many failed authentications.
 */
export const HTTP_LAYER: Problems = {
  400: { reasons: ['bad_request'], note: 'a URL, header or body that cannot be read (malformed JSON, a bad percent-encoding)' },
  408: { reasons: ['request_timeout'], note: 'the request did not arrive in time' },
  414: { reasons: ['uri_too_long'], note: 'the request line or a path value is too long' },
  429: { reasons: ['too_many_requests'], note: 'too many failed authentications from the address; retry after Retry-After seconds' },
  431: { reasons: ['request_header_fields_too_large'], note: 'the request headers are too large' },
}

/** The problems of an operation that reads a JSON body: too large, or not JSON. */
export const JSON_BODY: Problems = {
  413: { reasons: ['file_too_large'], note: 'the JSON body is larger than the server accepts (the sandbox: 1 MiB)' },
  415: { reasons: ['unsupported_media_type'], note: 'the body is not application/json' },
}

/** The problems of all the given tables together: the reasons of a status united, their notes joined. */
export const unitedProblems = (...tables: ReadonlyArray<Problems>): Problems => {
  const out: Record<number, { reasons: ReasonCode[]; notes: string[] }> = {}
  for (const table of tables) {
    for (const s of STATUS_ORDER) {
      const p = table[s]
      if (p === undefined) continue
      const into = (out[s] ??= { reasons: [], notes: [] })
      for (const r of p.reasons) if (!into.reasons.includes(r)) into.reasons.push(r)
      if (p.note !== undefined) into.notes.push(p.note)
    }
  }
  return Object.fromEntries(
    Object.entries(out).map(([s, p]) => [s, { reasons: p.reasons, ...(p.notes.length > 0 ? { note: p.notes.join('; or ') } : {}) }]),
  ) as Problems
}

/** The example body of a reason: what `problemFor` builds (with the operation's example violation for validation_failed), with a request id. */
const exampleOf = (reason: ReasonCode, violation: Violation): JsonSchema => ({
  ...(reason === 'validation_failed' ? validationProblem([violation]) : problemFor(reason)),
  instance: `urn:request-id:${EXAMPLE_REQUEST_ID}`,
})

/**
 * The problem response of one status on one operation: a ProblemDetail whose `status` is the
 * status and whose `reason` is one of the listed reasons, the request id header (and Retry-After
 * on 429, required, and on 500), and an example with the first reason (`violation`, one the
 * operation can give, in a validation_failed example).
 */
export const problemResponse = (status: ErrorStatus, reasons: ReadonlyArray<ReasonCode>, note: string | undefined, violation: Violation): JsonSchema => {
  const listed = reasons.map((r) => `\`${r}\` (${REASON_CATALOGUE[r].title})`).join(', ')
  const retry = status === 429 ? { [HEADER.retryAfter]: { ...HEADERS[HEADER.retryAfter], required: true } } : status === 500 ? { [HEADER.retryAfter]: header(HEADER.retryAfter) } : {}
  return {
    description: `${note === undefined ? '' : `${note[0]!.toUpperCase()}${note.slice(1)}. `}${reasons.length === 1 ? 'Reason' : 'Reasons'}: ${listed}.`,
    headers: { [HEADER.requestId]: header(HEADER.requestId), ...retry },
    content: {
      'application/problem+json': {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/ProblemDetail' },
            {
              type: 'object',
              required: ['status', 'reason'],
              properties: { status: { type: 'integer', const: status }, reason: { type: 'string', enum: [...reasons] } },
            },
          ],
        },
        example: exampleOf(reasons[0]!, violation),
      },
    },
  }
}
