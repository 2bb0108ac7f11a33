// The pre-signed downloads in the sandbox's document (the shipper API's document endpoint is the
// library's document). The link's validity and form are limits.ts's, read by the routes too.
import { problemFor } from 'shipper-rules'
import { ANYBODY, EXAMPLE_ORDER, merge, pathParameter, type DocumentPart, type Endpoint, type Json } from '../../openapi/parts.js'
import { DOCUMENT_FILES, EXPIRES_PATTERN, LINK_VALIDITY_SECONDS } from './limits.js'

const ENDPOINTS: ReadonlyArray<Endpoint> = [
  {
    method: 'get', path: '/sandbox/downloads/{orderNumber}/{documentFile}', operationId: 'downloadShipmentDocument', tag: 'Downloads', caller: 'public', summary: 'Download a shipment document by its pre-signed link',
    description: `The link getShipmentDocument gives out: HMAC-SHA-256 signed with the installation's secret, valid ${LINK_VALIDITY_SECONDS / 60} minutes by the clock of the order's company. The link is its own credential.`,
    parameters: ['downloadOrderNumber', 'documentFile', 'expires', 'signature'],
    success: { status: 200, description: 'The PDF, as an attachment.', schema: 'pdf', example: '%PDF-1.7' },
    problems: merge(ANYBODY, {
      403: { reasons: ['forbidden'], note: 'a link that was tampered with, or has expired', example: problemFor('forbidden', 'The download link is not valid.') },
      404: { reasons: ['document_not_found'], note: 'the order or the document no longer exists' },
    }),
  },
]

/** The feature's component parameters. */
const parameters = (): Record<string, Json> => ({
  downloadOrderNumber: pathParameter('orderNumber', 'The order number of the link.', { type: 'string' }, EXAMPLE_ORDER),
  documentFile: pathParameter('documentFile', 'The document\'s file: its type and .pdf.', { type: 'string', enum: [...DOCUMENT_FILES] }, 'BILL_OF_LADING.pdf'),
  expires: { name: 'expires', in: 'query', required: true, description: 'When the link expires, seconds since the epoch (by the order\'s company\'s clock).', schema: { type: 'string', pattern: EXPIRES_PATTERN }, example: '1795729751' },
  signature: { name: 'signature', in: 'query', required: true, description: 'The link\'s signature.', schema: { type: 'string' }, example: 'TCr_6fdB67s6nzmxDxBK53_bGsyufHyo4T4Ba1npiuY' },
})

/** The header of a download's answer. */
const HEADERS: Record<string, Json> = {
  'Content-Disposition': {
    description: 'The file name of the attachment.',
    schema: { type: 'string' },
    example: `attachment; filename="${EXAMPLE_ORDER}-BILL_OF_LADING.pdf"`,
  },
}

/** The documents feature's part of the sandbox's document. */
export const documentsDocument: DocumentPart = {
  tags: [
    { name: 'Downloads', description: 'The pre-signed links of the shipment documents.' },
  ],
  endpoints: ENDPOINTS,
  parameters,
  headers: HEADERS,
}
