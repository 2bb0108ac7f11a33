// The pre-signed download links' limits and form: one home that both the routes and the
// document part (openapi.ts) read.

/** How long a download link is valid, by the sandbox clock. */
export const LINK_VALIDITY_SECONDS = 15 * 60

/** The document types a link can name. */
export const DOCUMENT_TYPES = ['BILL_OF_LADING', 'INVOICE', 'SHIPPING_LABEL', 'POD'] as const
export type DocType = (typeof DOCUMENT_TYPES)[number]

/** The file of a download link: the document type and .pdf. */
export const DOCUMENT_FILES: ReadonlyArray<string> = DOCUMENT_TYPES.map((t) => `${t}.pdf`)

/** A link's expiry: seconds since the epoch, 1 to 12 digits (the source of an anchored pattern). */
export const EXPIRES_PATTERN = '^\\d{1,12}$'
