// A stateless server with no business logic: it answers every request from the examples of the
// library's OpenAPI document (`openApiDocument()`), as a mock built from the served document would
// (Prism's, say). The operation is matched by method and path template; the answer is the
// operation's first 2xx response, its example as the body (none for a 204). Nothing is checked:
// not the credentials, not the body, not the parameters. A request no operation matches is a 404.
// test/examples-mock.test.ts runs the kit against it.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { openApiDocument } from 'shipper-rules/openapi'

interface Route {
  readonly method: string
  readonly pattern: RegExp
  readonly status: number
  readonly contentType: string | undefined
  readonly body: string | undefined
}

/** The document's operations as routes: a path template's `{name}` is one segment. */
export const routesOf = (): Route[] => {
  const doc = openApiDocument()
  if (doc._tag === 'Left') throw new Error('the library could not build its OpenAPI document')
  const routes: Route[] = []
  for (const [template, item] of Object.entries(doc.right.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, unknown>)) {
      const responses = (op as { responses?: Record<string, { content?: Record<string, { example?: unknown }> }> }).responses
      if (responses === undefined) continue
      const code = Object.keys(responses).find((c) => /^2\d\d$/.test(c))
      if (code === undefined) continue
      const content = responses[code]!.content
      const contentType = content === undefined ? undefined : Object.keys(content)[0]
      const example = contentType === undefined ? undefined : content![contentType]!.example
      const body = example === undefined ? undefined : typeof example === 'string' && !contentType!.includes('json') ? example : JSON.stringify(example)
      const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`)
      routes.push({ method: method.toUpperCase(), pattern, status: Number(code), contentType, body })
    }
  }
  return routes
}

export interface ExamplesMock {
  readonly baseUrl: string
  /** How many requests it answered. */
  readonly answered: () => number
  readonly close: () => Promise<void>
}

/** Starts the mock on 127.0.0.1 (a free port). */
export const startExamplesMock = async (): Promise<ExamplesMock> => {
  const routes = routesOf()
  let answered = 0
  const server: Server = createServer((req, res) => {
    // the body is read to its end (and ignored), so a large upload is never cut off mid-send
    req.on('data', () => undefined)
    req.on('end', () => {
      answered += 1
      const path = (req.url ?? '/').replace(/[?#].*$/, '')
      const route = routes.find((r) => r.method === req.method && r.pattern.test(path))
      if (route === undefined) {
        res.writeHead(404, { 'content-type': 'text/plain' })
        res.end('no operation of the document matches')
        return
      }
      res.writeHead(route.status, route.contentType === undefined ? {} : { 'content-type': route.contentType })
      res.end(route.body ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answered: () => answered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
