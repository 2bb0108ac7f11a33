// The health probes in the sandbox's document. The readiness bound is limits.ts's, read by the routes too.
import { HEADER } from 'shipper-rules'
import { ANYBODY, type DocumentPart, type Endpoint, type Json, type LibraryPieces } from '../../openapi/parts.js'
import { DEFAULT_READY_TIMEOUT_MS } from './limits.js'

const ENDPOINTS: ReadonlyArray<Endpoint> = [
  {
    method: 'get', path: '/healthz', operationId: 'getLiveness', tag: 'Health', caller: 'public', summary: 'Whether the server is alive',
    description: 'Answers without touching the database; not rate-limited.',
    success: { status: 200, description: 'Alive.', schema: 'Liveness', example: { status: 'ok' } },
    problems: ANYBODY,
  },
  {
    method: 'get', path: '/readyz', operationId: 'getReadiness', tag: 'Health', caller: 'public', summary: 'Whether the server can serve requests',
    description: `Ready when the database answers a trivial query within about ${DEFAULT_READY_TIMEOUT_MS / 1000} seconds; otherwise 500 internal_error with ${HEADER.retryAfter}. Not rate-limited.`,
    success: { status: 200, description: 'Ready.', schema: 'Readiness', example: { status: 'ready' } },
    problems: { 500: { reasons: ['internal_error'], note: `the database is unreachable (with ${HEADER.retryAfter})` } },
  },
]

/** The feature's own component schemas. */
const schemas = (_library: LibraryPieces): Record<string, Json> => ({
  Liveness: { description: 'The server is alive.', type: 'object', required: ['status'], properties: { status: { type: 'string', const: 'ok' } } },
  Readiness: { description: 'The server and its database answer.', type: 'object', required: ['status'], properties: { status: { type: 'string', const: 'ready' } } },
})

/** The health feature's part of the sandbox's document. */
export const healthDocument: DocumentPart = {
  tags: [
    { name: 'Health', description: 'Liveness and readiness, with no credentials.' },
  ],
  endpoints: ENDPOINTS,
  schemas,
}
