// The console's shared shapes (issue 34; /work/briefs2/console-contract.md): the route a page is
// shown for, the API a page talks to, and the props every page component takes. Pages import
// these and nothing else from the shell, so that a page can be written without reading main.tsx.

/** The pages of the console, one per hash route (`#/log`, `#/log/<id>`, ...). */
export type PageName = 'signIn' | 'operator' | 'log' | 'logEntry' | 'errors' | 'orders' | 'order' | 'clock' | 'map' | 'rules' | 'rule' | 'explorer'

/**
 * The route: the page and its one parameter (`#/log/<id>` gives { page: 'logEntry', param: '<id>' };
 * `#/rules/<RULE-ID>` gives { page: 'rule', param: 'RULE-ID' }), decoded; null on routes without one.
 * `query` holds what follows a `?` in the hash (`#/orders?q=PO`), for pages that keep their filters there.
 */
export type Route = { readonly page: PageName; readonly param: string | null; readonly query: URLSearchParams; readonly hash: string }

/** Who is signed in: a company (API key and token) or the operator (operator token). Kept in sessionStorage only. */
export type Session = { readonly kind: 'company'; readonly apiKey: string; readonly token: string } | { readonly kind: 'operator'; readonly token: string }

/** An answer of the sandbox: its status, headers (lower-case names), raw text and the JSON read from it (undefined when it is not JSON). */
export type Answer = {
  readonly status: number
  readonly ok: boolean
  readonly headers: Readonly<Record<string, string>>
  readonly text: string
  readonly json: unknown
  readonly contentType: string
}

/** A request the console sends: method, path (with its query), optional JSON body, extra headers. */
export type Outgoing = { readonly method: string; readonly path: string; readonly body?: unknown; readonly headers?: Readonly<Record<string, string>> }

/** The sandbox as the pages see it: every call carries the signed-in credentials. */
export interface ConsoleApi {
  /** The signed-in session, or null. */
  readonly session: Session | null
  /** GET a path of the sandbox; never throws (a network failure is status 0 with the reason as text). */
  get(path: string): Promise<Answer>
  /** Any method, with a JSON body when given; never throws. */
  send(request: Outgoing): Promise<Answer>
  /**
   * Reads a server-sent event stream (fetch's body, because EventSource cannot send headers) and calls
   * onEvent for each event until the signal aborts; resolves when the stream ends or fails. onOpen,
   * when given, is called once the sandbox has answered 200 (the stream is open).
   */
  stream(path: string, onEvent: (event: string, data: string) => void, signal: AbortSignal, onOpen?: () => void): Promise<void>
  /** Fetches a path with the credentials and returns an object URL of its body (a PDF to open) with its type and size, or the failed answer. */
  blob(path: string): Promise<{ readonly url: string; readonly type: string; readonly size: number } | { readonly failed: Answer }>
}

/** What every page component takes. */
export type PageProps = { readonly api: ConsoleApi; readonly route: Route }
