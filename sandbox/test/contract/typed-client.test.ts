// A typed client as an integrator makes one (issue 25, item 3): openapi-typescript generates
// types from the document the sandbox serves, typed-client/usage.ts calls all 15 operations
// through openapi-fetch with no cast (the upload's Blob included), the TypeScript compiler checks
// it with strict, exactOptionalPropertyTypes and noUncheckedIndexedAccess and finds nothing,
// typed-client/negative.ts shows the types are narrow (an unknown reason, a string for the file,
// a contact with a typo or with neither email nor phone (the email-or-phone types: issue 35),
// a Blob for a string are each refused), and the usage then runs against the live sandbox.
//
// `format: binary`: openapi-typescript 7 types every string schema `string`, binary or not; its
// documented `transform` option (openapi-ts.dev, Node API) turns `format: binary` into `Blob`.
// That is the one option used here, so the document must carry `format: binary` on the upload's
// file part and on the PDF response (beside contentMediaType) for usage.ts to compile.
import { writeFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { limitMs } from 'shipper-rules-testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { removeStore, startSandbox, type Credentials, type Sandbox } from '../support/harness.js'
import { makePdf } from '../support/pdfFixtures.js'

const here = (name: string): string => fileURLToPath(new URL(`../typed-client/${name}`, import.meta.url))
const GENERATED = here('generated/shipper-v1.ts')
/** A sandbox start, the generation, one strict compile: 60 s on an idle machine, stretched by the load. */
const LIMIT = limitMs(60_000)

let sandbox: Sandbox
let acme: Credentials
let document: { paths: Record<string, Record<string, { operationId?: string }>> }

beforeAll(async () => {
  sandbox = await startSandbox()
  acme = await sandbox.company('Typed Client Co')
  const served = await fetch(`${sandbox.base}/api-docs/shipper-v1`)
  expect(served.status).toBe(200)
  document = (await served.json()) as typeof document
  const blob = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'))
  const ast = await openapiTS(document as never, { transform: (schema) => ('format' in schema && schema.format === 'binary' ? blob : undefined) })
  writeFileSync(GENERATED, astToString(ast))
}, LIMIT)
afterAll(async () => {
  await sandbox.stop()
  removeStore(sandbox.storeOptions)
})

/**
 * What a strict integrator's tsconfig says: the options the issue names, lib dom for fetch, Blob
 * and FormData. skipLibCheck as `tsc --init` sets it (checking lib.dom.d.ts itself would double the
 * time and says nothing about the document).
 */
const STRICT: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: [],
  skipLibCheck: true,
}

interface Diagnostic {
  readonly file: string
  readonly line: number
  readonly code: number
  readonly text: string
}

const USAGE = here('usage.ts')
const NEGATIVE = here('negative.ts')
let diagnostics: Diagnostic[] | undefined
/** Both files in one program (one pass over the libraries), compiled once for the two tests. */
const compiled = (): Diagnostic[] => {
  if (diagnostics !== undefined) return diagnostics
  const program = ts.createProgram([USAGE, NEGATIVE], STRICT)
  diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
    const at = d.file !== undefined && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0
    return { file: d.file?.fileName ?? '', line: at, code: d.code, text: ts.flattenDiagnosticMessageText(d.messageText, '\n') }
  })
  return diagnostics
}
const show = (d: Diagnostic): string => `${d.file}:${d.line} TS${d.code} ${d.text}`

const operationIds = (): string[] =>
  Object.values(document.paths)
    .flatMap((item) => Object.values(item).map((operation) => operation.operationId ?? ''))
    .sort()

describe('openapi-typescript + openapi-fetch on the served shipper document', () => {
  it('usage.ts, calling every operation (the upload with a Blob), compiles strictly with no diagnostic', () => {
    expect(compiled().filter((d) => d.file !== NEGATIVE).map(show)).toEqual([])
  }, LIMIT)

  it('negative.ts gets exactly the diagnostics its markers name: an unknown reason, a string for the file, a Blob for a string, a bad stop, an unknown path', () => {
    const lines = ts.sys.readFile(NEGATIVE)?.split('\n') ?? []
    const expected = lines.flatMap((text, i) => [...text.matchAll(/\/\/ expect TS(\d+)/g)].map((m) => `${i + 1} TS${m[1]}`))
    expect(expected.length).toBeGreaterThanOrEqual(5)
    const own = compiled().filter((d) => d.file === NEGATIVE)
    const got = [...new Set(own.map((d) => `${d.line} TS${d.code}`))]
    expect(got.sort(), own.map(show).join('\n')).toEqual(expected.sort())
  }, LIMIT)

  it('usage.ts runs against the sandbox: every one of the 15 operations answers what the walk expects', async () => {
    interface Call {
      readonly operationId: string
      readonly status: number
      readonly expected: number
      readonly note?: string
    }
    type Walk = (base: string, credentials: Credentials, controls: { event(order: string, event: string): Promise<void> }, pdf: Uint8Array) => Promise<Call[]>
    // imported by URL, not by a static import, so tsconfig.test.json never needs the generated file
    const usage = (await import(pathToFileURL(here('usage.ts')).href)) as { walk: Walk }
    const controls = {
      event: async (order: string, event: string): Promise<void> => {
        const answer = await sandbox.call('POST', `/sandbox/orders/${order}/events`, { as: acme, body: { event } })
        if (answer.status !== 200) throw new Error(`${event} ${order}: ${answer.status} ${answer.bytes.toString('utf8')}`)
      },
    }
    const calls = await usage.walk(sandbox.base, acme, controls, new Uint8Array(await makePdf(1, 'Packing slip')))
    expect(calls.filter((c) => c.status !== c.expected || c.note !== undefined)).toEqual([])
    expect([...new Set(calls.map((c) => c.operationId))].sort()).toEqual(operationIds())
    expect(operationIds()).toHaveLength(15)
  }, LIMIT)
})
