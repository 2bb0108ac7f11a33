// The generated OpenAPI document as integrators' lint tools see it (issue 25, item 3): Spectral's
// recommended OpenAPI rules (`spectral:oas`, openapi/lint/.spectral.yaml) find no error and no
// warning, and Redocly's recommended rules (openapi/lint/redocly.yaml, which also checks every
// media type and parameter example against its schema) find no error. Both CLIs are run from
// node_modules/.bin on the document written to a temporary file, and their JSON output is read.
// Each is also run on a broken copy, so the checks above can fail. The four runs start together
// (the CLIs spend most of their time starting up), so the file takes about as long as the slowest.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { generatedDocument } from './support/openapiAjv.js'

const ROOT = join(import.meta.dirname, '..')
const BIN = join(ROOT, 'node_modules', '.bin')
const SPECTRAL_RULESET = join(ROOT, 'openapi', 'lint', '.spectral.yaml')
const REDOCLY_CONFIG = join(ROOT, 'openapi', 'lint', 'redocly.yaml')
const run = promisify(execFile)

/** Each CLI starts in a few seconds on an idle machine; a loaded one (the whole suite in parallel) may take several times that. */
const LIMIT_MS = 120_000

const dir = mkdtempSync(join(tmpdir(), 'shipper-rules-lint-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const write = (name: string, document: unknown): string => {
  const file = join(dir, name)
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`)
  return file
}

interface SpectralResult {
  readonly code: string | number
  readonly message: string
  readonly severity: number
  readonly path: ReadonlyArray<string | number>
}

/** Spectral's findings on a file (severity 0 error, 1 warning, 2 info, 3 hint); it exits 1 when there are errors. */
const spectral = async (file: string): Promise<ReadonlyArray<SpectralResult>> => {
  const args = ['lint', '--ruleset', SPECTRAL_RULESET, '--format', 'json', '--quiet', file]
  const out = await run(join(BIN, 'spectral'), args, { cwd: ROOT, maxBuffer: 64 << 20 }).catch((e: { stdout?: string; code?: number }) => {
    if (e.code === 1 && typeof e.stdout === 'string') return { stdout: e.stdout }
    throw e
  })
  return JSON.parse(out.stdout) as ReadonlyArray<SpectralResult>
}

interface RedoclyReport {
  readonly totals: { readonly errors: number; readonly warnings: number }
  readonly problems: ReadonlyArray<{ readonly ruleId: string; readonly severity: string; readonly message: string; readonly location: ReadonlyArray<{ readonly pointer: string }> }>
}

/** Redocly's report on a file; it exits 1 when there are errors. */
const redocly = async (file: string): Promise<RedoclyReport> => {
  const args = ['lint', file, '--config', REDOCLY_CONFIG, '--format', 'json']
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' }
  const out = await run(join(BIN, 'redocly'), args, { cwd: ROOT, env, maxBuffer: 64 << 20 }).catch((e: { stdout?: string; code?: number }) => {
    if (e.code === 1 && typeof e.stdout === 'string') return { stdout: e.stdout }
    throw e
  })
  return JSON.parse(out.stdout) as RedoclyReport
}

const where = (r: SpectralResult): string => `${r.code} at ${r.path.join('.')}: ${r.message}`

/** A copy that Spectral must flag: a scope on the bearer requirement, an operation without a tag, an example that disagrees with its schema. */
const brokenForSpectral = (): unknown => {
  const broken = structuredClone(generatedDocument()) as unknown as { security: unknown; paths: Record<string, Record<string, { tags?: unknown; requestBody?: { content: Record<string, { example?: unknown }> } }>> }
  broken.security = [{ bearerAuth: ['shipper'], apiKey: [] }]
  delete broken.paths['/v1/shipper/quote']!['post']!.tags
  broken.paths['/v1/shipper/quote']!['post']!.requestBody!.content['application/json']!.example = { pickupAddress: { zipCode: 60018 } }
  return broken
}

/** A copy that Redocly must flag: a response example and a parameter example that disagree with their schemas. */
const brokenForRedocly = (): unknown => {
  const broken = structuredClone(generatedDocument()) as unknown as {
    paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { example?: unknown }> }> }>>
    components: { parameters: Record<string, { example?: unknown }> }
  }
  broken.paths['/v1/shipper/quote']!['post']!.responses['200']!.content['application/json']!.example = { id: 7 }
  broken.components.parameters['orderNumber']!.example = 'not an order number'
  return broken
}

// started at once, awaited by the tests (a rejection is reported by the test that awaits it)
const runs = {
  spectral: spectral(write('shipper.json', generatedDocument())),
  spectralBroken: spectral(write('broken-spectral.json', brokenForSpectral())),
  redocly: redocly(write('shipper-redocly.json', generatedDocument())),
  redoclyBroken: redocly(write('broken-redocly.json', brokenForRedocly())),
}
for (const p of Object.values(runs)) (p as Promise<unknown>).catch(() => undefined)

describe('Spectral (spectral:oas) on the shipper document', () => {
  it('finds no error and no warning', { timeout: LIMIT_MS }, async () => {
    const results = await runs.spectral
    expect(results.filter((r) => r.severity <= 1).map(where)).toEqual([])
  })

  it('does find a broken copy (an example that disagrees with its schema, an operation without a tag, a scope on the bearer requirement)', { timeout: LIMIT_MS }, async () => {
    const codes = new Set((await runs.spectralBroken).map((r) => String(r.code)))
    expect([...codes].sort()).toEqual(expect.arrayContaining(['oas3-operation-security-defined', 'operation-tags', 'oas3-valid-media-example']))
  })
})

describe('Redocly (recommended) on the shipper document', () => {
  it('finds no error (its warnings are printed)', { timeout: LIMIT_MS }, async () => {
    const report = await runs.redocly
    const line = (p: RedoclyReport['problems'][number]) => `${p.ruleId} ${p.severity} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`
    console.log(`redocly lint: ${report.totals.errors} errors, ${report.totals.warnings} warnings${report.problems.length > 0 ? `\n${report.problems.map(line).join('\n')}` : ''}`)
    expect(report.problems.filter((p) => p.severity === 'error').map(line)).toEqual([])
    expect(report.totals.errors).toBe(0)
  })

  it('does find a broken copy (a response example and a parameter example that disagree with their schemas)', { timeout: LIMIT_MS }, async () => {
    const report = await runs.redoclyBroken
    expect(new Set(report.problems.filter((p) => p.severity === 'error').map((p) => p.ruleId))).toEqual(
      new Set(['no-invalid-media-type-examples', 'no-invalid-parameter-examples']),
    )
  })
})
