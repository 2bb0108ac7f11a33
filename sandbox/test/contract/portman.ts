// Portman (OpenAPI → Postman collection with contract tests) and Newman (runs the collection), each
// in a process of its own: the sandbox under test runs in the test's process, so the tools must
// not block its event loop, and Portman exits the process on some errors. Both are waited for by
// their exit (no timer); the test's own timeout bounds them.
import { execFile } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const PORTMAN = join(dirname(require.resolve('@apideck/portman/package.json')), 'bin', 'portman')
const NEWMAN = join(dirname(require.resolve('newman/package.json')), 'bin', 'newman.js')

interface Ran {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

const run = (args: ReadonlyArray<string>, cwd: string): Promise<Ran> =>
  new Promise((resolve) => {
    execFile(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr })
    })
  })

/** One operation of a document as the collection names it: method and OpenAPI path template. */
export interface Operation {
  readonly method: string
  readonly path: string
  readonly operationId: string
}

/** The operations of an OpenAPI document, in document order. */
export const operationsOf = (document: Record<string, any>): Operation[] =>
  Object.entries(document['paths'] as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'].includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operationId: String((operation as { operationId?: unknown }).operationId ?? '') })),
  )

/**
 * Converts `document` with the Portman configuration `config` into a Postman collection with
 * Portman's contract tests, in `work` (Portman writes a tmp/ folder into its working directory).
 */
export const portmanCollection = async (work: string, name: string, document: unknown, config: unknown, baseUrl: string): Promise<Record<string, any>> => {
  const documentFile = join(work, `${name}.openapi.json`)
  const configFile = join(work, `${name}.portman.json`)
  const collectionFile = join(work, `${name}.postman.json`)
  writeFileSync(documentFile, JSON.stringify(document))
  writeFileSync(configFile, JSON.stringify(config))
  const ran = await run([PORTMAN, '--local', documentFile, '--baseUrl', baseUrl, '--portmanConfigFile', configFile, '--output', collectionFile, '--runNewman', 'false', '--collectionName', name], work)
  if (ran.code !== 0) throw new Error(`portman exited ${ran.code}:\n${ran.stdout}\n${ran.stderr}`)
  return JSON.parse(readFileSync(collectionFile, 'utf8')) as Record<string, any>
}

/** Each request of a collection (folders flattened): its item id and the operation it calls. */
export const requestsOf = (collection: Record<string, any>): Array<{ id: string; name: string; method: string; path: string }> => {
  const out: Array<{ id: string; name: string; method: string; path: string }> = []
  const walk = (items: any[]): void => {
    for (const item of items) {
      if (Array.isArray(item.item)) walk(item.item)
      else {
        const segments: string[] = item.request.url.path ?? []
        out.push({ id: item.id, name: item.name, method: item.request.method, path: '/' + segments.map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s)).join('/') })
      }
    }
  }
  walk(collection['item'] ?? [])
  return out
}

/** What Newman's JSON report says of one request. */
export interface Execution {
  readonly id: string
  readonly name: string
  readonly status: number | undefined
  readonly failed: string[]
  readonly passed: number
}

/** Runs a collection with Newman (values for {{variables}} in `variables`), one execution per request. */
export const newmanRun = async (work: string, name: string, collection: unknown, variables: Record<string, string>): Promise<{ executions: Execution[]; failures: string[] }> => {
  const collectionFile = join(work, `${name}.run.json`)
  const report = join(work, `${name}.newman.json`)
  writeFileSync(collectionFile, JSON.stringify(collection))
  const vars = Object.entries(variables).flatMap(([k, v]) => ['--env-var', `${k}=${v}`])
  const ran = await run([NEWMAN, 'run', collectionFile, ...vars, '--working-dir', work, '--reporters', 'json', '--reporter-json-export', report, '--timeout-request', '60000', '--color', 'off'], work)
  const json = JSON.parse(readFileSync(report, 'utf8')) as { run: { executions: any[]; failures: any[] } }
  const executions = json.run.executions.map((e): Execution => {
    const assertions: any[] = e.assertions ?? []
    return {
      id: e.item.id,
      name: e.item.name,
      status: e.response?.code,
      failed: assertions.filter((a) => a.error !== undefined).map((a) => `${a.assertion}: ${a.error.message}`),
      passed: assertions.filter((a) => a.error === undefined).length,
    }
  })
  const failures = json.run.failures.map((f) => `${f.source?.name ?? '?'}: ${f.error?.name ?? ''} ${f.error?.message ?? ''}`)
  if (ran.code !== 0 && failures.length === 0) failures.push(`newman exited ${ran.code}: ${ran.stderr}`)
  return { executions, failures }
}
