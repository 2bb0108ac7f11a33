// Key revocation in the sandbox's document (a company control, keys.ts).
import { HEADER } from 'shipper-rules'
import { COMPANY_ID_PATTERN } from '../../auth/credentials.js'
import { BODY, COMPANY, EXAMPLE_COMPANY_ID, merge, type DocumentPart, type Endpoint, type Json, type LibraryPieces } from '../../openapi/parts.js'

const ENDPOINTS: ReadonlyArray<Endpoint> = [
  {
    method: 'post', path: '/sandbox/keys/revoke', operationId: 'revokeApiKey', tag: 'Keys', caller: 'company', summary: 'Revoke the API key of this call',
    description: `Revokes the ${HEADER.apiKey} the call carries: every later call with it is 403. New keys: the operator's createCompanyKey.`,
    success: { status: 200, description: 'The key is revoked.', schema: 'KeyRevoked', example: { companyId: EXAMPLE_COMPANY_ID, revoked: true } },
    problems: merge(COMPANY, BODY),
  },
]

/** The feature's own component schemas. */
const schemas = (_library: LibraryPieces): Record<string, Json> => ({
  KeyRevoked: {
    description: 'The key is revoked.',
    type: 'object',
    required: ['companyId', 'revoked'],
    properties: { companyId: { type: 'string', pattern: COMPANY_ID_PATTERN }, revoked: { type: 'boolean', const: true } },
  },
})

/** The keys feature's part of the sandbox's document. */
export const keysDocument: DocumentPart = {
  tags: [
    { name: 'Keys', description: 'Revoking an API key, to see the 403 a revoked key gets.' },
  ],
  endpoints: ENDPOINTS,
  schemas,
}
