// hey-api (@hey-api/openapi-ts, its TypeScript plugin) on the shipper document (issue 35 item 3): the
// email-or-phone types are a union of two object types, so reading a contact's fields compiles and a
// typo does not. Before, the rule's anyOf of bare `required` lists left AppointmentContact and
// ShipperDispatch as `unknown` in generated code. The same strict options as the openapi-typescript
// test beside it (typed-client.test.ts); the document is the library's, which the sandbox serves.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@hey-api/openapi-ts'
import { isRight } from 'fp-ts/lib/Either.js'
import { openApiDocument } from 'shipper-rules/openapi'
import { limitMs } from 'shipper-rules-testkit'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const LIMIT = limitMs(60_000)
const dir = mkdtempSync(join(tmpdir(), 'hey-api-types-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const USAGE = `import type { AppointmentContact, ShipperDispatch } from './out/types.gen.js'
export const line = (contact: AppointmentContact, dispatch: ShipperDispatch): string => {
  const reach: string = contact.email ?? contact.phone ?? ''
  const role: string | undefined = contact.role
  const written: AppointmentContact[] = [{ name: 'Dock desk', email: 'dock@example.com' }, { name: 'Night shift', phone: '+12145550101' }]
  return \`\${contact.name} \${reach} \${role ?? ''} \${dispatch.name} \${dispatch.scac ?? ''} \${written.length}\`
}
`
const NEGATIVE = `import type { AppointmentContact, ShipperDispatch } from './out/types.gen.js'
export const typo: AppointmentContact = { nmae: 42 } // expect TS2353
export const neither: AppointmentContact = { name: 'Dock desk' } // expect TS2322
export const dispatch: ShipperDispatch = { name: 'Dispatch', emial: 'ops@example.com' } // expect TS2561
`

let diagnostics: Array<{ file: string; line: number; code: number; text: string }> = []
beforeAll(async () => {
  const document = openApiDocument()
  if (!isRight(document)) throw new Error(document.left.join('\n'))
  await createClient({ input: document.right as never, output: { path: join(dir, 'out') }, plugins: ['@hey-api/typescript'], logs: { level: 'silent' } })
  writeFileSync(join(dir, 'usage.ts'), USAGE)
  writeFileSync(join(dir, 'negative.ts'), NEGATIVE)
  const program = ts.createProgram([join(dir, 'usage.ts'), join(dir, 'negative.ts')], {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
    skipLibCheck: true,
  })
  diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ({
    file: d.file?.fileName ?? '',
    line: d.file !== undefined && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0,
    code: d.code,
    text: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  }))
}, LIMIT)

describe('hey-api types of the shipper document', () => {
  it('type AppointmentContact and ShipperDispatch as a union of two objects, email or phone required', () => {
    const types = readFileSync(join(dir, 'out', 'types.gen.ts'), 'utf8')
    expect(types).toMatch(/export type AppointmentContact = \{\s*name: string;\s*email: string;[\s\S]*?\} \| \{\s*name: string;\s*email\?: string;\s*phone: string;/)
    expect(types).toMatch(/export type ShipperDispatch = \{\s*name: string;\s*email: string;[\s\S]*?\} \| \{/)
  })

  it('a program reading the contact fields compiles strictly with no diagnostic', () => {
    expect(diagnostics.filter((d) => d.file.endsWith('usage.ts')).map((d) => `${d.line} TS${d.code} ${d.text}`)).toEqual([])
  })

  it('a typo, a contact with neither email nor phone, and a misspelt dispatch field get exactly their markers', () => {
    const expected = NEGATIVE.split('\n').flatMap((text, i) => [...text.matchAll(/\/\/ expect TS(\d+)/g)].map((m) => `${i + 1} TS${m[1]}`))
    expect(expected).toHaveLength(3)
    const got = [...new Set(diagnostics.filter((d) => d.file.endsWith('negative.ts')).map((d) => `${d.line} TS${d.code}`))]
    expect(got.sort()).toEqual(expected.sort())
  })
})
