// The documents themselves in the sandbox's document.
import { ANYBODY, type DocumentPart, type Endpoint, type Json, type LibraryPieces } from '../../openapi/parts.js'

const exampleOpenApi = { openapi: '3.1.0', info: { title: 'Sandbox controls', version: '1.0.0' }, paths: {} }

const ENDPOINTS: ReadonlyArray<Endpoint> = [
  {
    method: 'get', path: '/api-docs/shipper-v1', operationId: 'getShipperApiDocument', tag: 'API documents', caller: 'public', summary: 'The OpenAPI document of the shipper API',
    description: 'The library\'s OpenAPI 3.1.0 document of /v1/shipper, its first server this sandbox\'s public URL.',
    success: { status: 200, description: 'The document.', schema: 'OpenApiDocument', example: { ...exampleOpenApi, info: { title: 'Shipper Integration API', version: '1.2.0' } } },
    problems: ANYBODY,
  },
  {
    method: 'get', path: '/api-docs/sandbox', operationId: 'getSandboxApiDocument', tag: 'API documents', caller: 'public', summary: 'The OpenAPI document of the sandbox\'s own endpoints',
    description: 'This document, its first server this sandbox\'s public URL.',
    success: { status: 200, description: 'The document.', schema: 'OpenApiDocument', example: exampleOpenApi },
    problems: ANYBODY,
  },
]

/** The feature's own component schemas. */
const schemas = (_library: LibraryPieces): Record<string, Json> => ({
  OpenApiDocument: {
    description: 'An OpenAPI 3.1.0 document.',
    type: 'object',
    required: ['openapi', 'info', 'paths'],
    properties: { openapi: { type: 'string', const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' } },
  },
})

/** The docs feature's part of the sandbox's document. */
export const docsDocument: DocumentPart = {
  tags: [
    { name: 'API documents', description: 'The OpenAPI documents this sandbox serves, with no credentials.' },
  ],
  endpoints: ENDPOINTS,
  schemas,
}
