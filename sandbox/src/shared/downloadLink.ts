// The pre-signed download link's query: its expiry and its signature. The signature is a
// credential (whoever has the link has the document until it expires), so the console's request
// log replaces it wherever it appears; both read the parameter's name from here.

/** The query parameter of a download link that carries its HMAC signature. */
export const DOWNLOAD_SIGNATURE_PARAM = 'signature'

/** The query parameter of a download link that carries its expiry (seconds since the epoch). */
export const DOWNLOAD_EXPIRES_PARAM = 'expires'
