// "Copy as curl": the one function that writes a logged request as a curl command, with `$KEY`
// and `$TOKEN` in place of the credentials (the library's credentialHeaders writes the two
// headers, so their names are never spelled here) and the logged headers that are not
// credentials (already redacted by the server) or transport details left out.
import { credentialHeaders, HEADER_KEY } from 'shipper-rules'

/** The headers a replay or a curl carries over from the logged request (the rest are the transport's or the credentials'). */
export const CARRIED_HEADERS: ReadonlyArray<string> = ['content-type', HEADER_KEY.idempotencyKey, HEADER_KEY.changeReason, 'accept']

/** Quotes a word for a POSIX shell: single quotes, each ' written as '\''. */
export const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`

/** The curl command of a request: `$KEY`/`$TOKEN` stand for the credentials; the variables stay outside quotes so the shell expands them. */
export const curlOf = (request: { readonly method: string; readonly url: string; readonly headers: Readonly<Record<string, string>>; readonly body: string | null }): string => {
  const lines = [`curl -X ${request.method} ${shellQuote(request.url)}`]
  for (const [name, value] of Object.entries(credentialHeaders('$KEY', '$TOKEN'))) lines.push(`-H "${name}: ${value}"`)
  for (const [name, value] of Object.entries(request.headers)) {
    if (CARRIED_HEADERS.includes(name.toLowerCase())) lines.push(`-H ${shellQuote(`${name.toLowerCase()}: ${value}`)}`)
  }
  if (request.body !== null && request.body !== '') lines.push(`--data-raw ${shellQuote(request.body)}`)
  return lines.join(' \\\n  ')
}
