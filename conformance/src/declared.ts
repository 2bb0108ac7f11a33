// The declared rules configuration: what the kit checks the rules against. A server declares its
// RulesConfig in its OpenAPI document (the `x-shipper-rules-config` extension the library's
// generator writes; the sandbox serves it at DOCUMENT_PATH), or the kit is given one with
// `--config FILE`; only when neither exists does the kit fall back to the library's defaults,
// and the report says so. A declaration the library's reader refuses is a usage error naming each
// violation, never a silent fallback. CHOICES maps each declared choice to the rules that
// exercise it; the report (declaredReport.ts) lists whether the server kept each.
import { readFileSync } from 'node:fs'
import { defaultConfig, makeConfig, type Result, type RulesConfig, type Violation } from 'shipper-rules'
import { declaredConfig, RULES_CONFIG_EXTENSION } from 'shipper-rules/openapi'
import type { Declaration, RuleId } from './check.js'

/** Where the kit looks for the server's OpenAPI document, below --base-url: where the sandbox serves its shipper document. */
export const DOCUMENT_PATH = '/api-docs/shipper-v1'

/** How long the kit waits for the document before it takes the server to serve none, ms. */
export const DOCUMENT_TIMEOUT_MS = 10_000

/** A declaration the library's reader refuses (served or given with --config): a usage error, with every violation. */
export class DeclarationError extends Error {
  constructor(
    readonly where: string,
    readonly violations: ReadonlyArray<Violation>,
  ) {
    super(`the rules configuration of ${where} is malformed: ${violations.map((v) => `${v.field === '' ? '(root)' : v.field} ${v.reason} (${v.code})`).join('; ')}`)
  }
}

/** The configuration a run checks against and where it came from. */
export interface Resolved {
  readonly config: RulesConfig
  readonly declaration: Declaration
}

/**
 * A declared choice: a field (or object) of RulesConfig and the rules whose checks take it from
 * the declaration. Every field of RulesConfig is under exactly one choice (test/declared.test.ts).
 */
export interface Choice {
  /** The dotted path of the field in RulesConfig. */
  readonly name: string
  readonly rules: ReadonlyArray<RuleId>
}

/** Each declared choice and the rules that exercise it. */
export const CHOICES: ReadonlyArray<Choice> = [
  { name: 'pallet.minDimensions', rules: ['FRT-09'] },
  { name: 'pallet.maxDimensions', rules: ['FRT-09'] },
  { name: 'pallet.maxPoundsPerPallet', rules: ['FRT-02'] },
  { name: 'pallet.liftgate.maxDimensions', rules: ['FRT-10'] },
  { name: 'pallet.liftgate.maxPoundsPerPallet', rules: ['FRT-10'] },
  { name: 'pallet.standardFootprint', rules: ['FRT-11'] },
  { name: 'pallet.maxPalletsPerOrder', rules: ['FRT-12'] },
  { name: 'pallet.totalWeight', rules: ['FRT-12'] },
  { name: 'insideServiceFeeCents', rules: ['ADDR-14'] },
  { name: 'densityScale', rules: ['FRT-07'] },
  { name: 'businessDays.zone', rules: ['QTE-03', 'QTE-04'] },
  { name: 'businessDays.holidays', rules: ['QTE-03', 'QTE-04'] },
  { name: 'quoteValidityHours', rules: ['QTE-02', 'QTE-06'] },
  { name: 'idempotencyWindowHours', rules: ['CRT-10'] },
  { name: 'uploadMaxBytes', rules: ['DOC-03'] },
  { name: 'gpsClockSkewSeconds', rules: ['TRK-02'] },
  { name: 'tracking', rules: ['TRK-03', 'TRK-04'] },
]

/** The value of a choice in a configuration (undefined for a path it does not have). */
export const valueOf = (config: RulesConfig, name: string): unknown =>
  name.split('.').reduce<unknown>((v, key) => (typeof v === 'object' && v !== null && Object.prototype.hasOwnProperty.call(v, key) ? (v as Record<string, unknown>)[key] : undefined), config)

/**
 * A --config file: either an OpenAPI document (or any JSON object) carrying the
 * `x-shipper-rules-config` extension, read by the library's declaredConfig, or overrides of the
 * library's defaults as the sandbox's --rules-config takes them (makeConfig). Its violations, or
 * a one-violation list when it cannot be read or is not JSON.
 */
export const readConfigFile = (file: string): Result<RulesConfig> => {
  const fail = (reason: string): Result<RulesConfig> => ({ _tag: 'Left', left: [{ field: '', entity: 'config', reason, code: 'invalid' }] }) as unknown as Result<RulesConfig>
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    return fail(`cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    return fail(`is not JSON (${(e as Error).message})`)
  }
  return typeof json === 'object' && json !== null && !Array.isArray(json) && RULES_CONFIG_EXTENSION in json ? declaredConfig(json) : makeConfig(json)
}

/** What GET DOCUMENT_PATH gave: a JSON value, or why there is none. */
export type Fetched = { readonly json: unknown } | { readonly none: string }

/** GET `url`, JSON; a non-2xx answer, a transport error, a timeout or a body that is not JSON is `none`, with why. */
export const fetchDocument = async (url: string, timeoutMs = DOCUMENT_TIMEOUT_MS): Promise<Fetched> => {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) })
    if (!response.ok) {
      await response.body?.cancel()
      return { none: `GET ${url} answered ${response.status}` }
    }
    const text = await response.text()
    try {
      return { json: JSON.parse(text) as unknown }
    } catch {
      return { none: `GET ${url} answered a body that is not JSON` }
    }
  } catch (e) {
    return { none: `GET ${url} failed (${e instanceof Error ? e.message : String(e)})` }
  }
}

/**
 * The configuration of a run: `--config` (already read) when given; else the server's document's
 * declaration; else, when the server serves no document or one without the extension, the
 * library's defaults with the reason. Throws DeclarationError when the served declaration is
 * malformed.
 */
export const resolveDeclaration = async (options: {
  readonly baseUrl: string
  readonly config?: RulesConfig
  readonly configFile?: string
  readonly fetch?: (url: string) => Promise<Fetched>
}): Promise<Resolved> => {
  if (options.config !== undefined) {
    return { config: options.config, declaration: { source: 'file', ...(options.configFile === undefined ? {} : { from: options.configFile }), note: `given with --config${options.configFile === undefined ? '' : ` ${options.configFile}`}` } }
  }
  const url = `${options.baseUrl.replace(/\/+$/, '')}${DOCUMENT_PATH}`
  const fetched = await (options.fetch ?? fetchDocument)(url)
  const fallback = (why: string): Resolved => ({ config: defaultConfig, declaration: { source: 'default', note: `the library's defaults: ${why}, and no --config was given` } })
  if ('none' in fetched) return fallback(`the server serves no OpenAPI document (${fetched.none})`)
  const document = fetched.json
  if (typeof document !== 'object' || document === null || Array.isArray(document) || !(RULES_CONFIG_EXTENSION in document)) {
    return fallback(`the server's document (${url}) declares no ${RULES_CONFIG_EXTENSION}`)
  }
  const read = declaredConfig(document)
  if (read._tag === 'Left') throw new DeclarationError(url, read.left)
  const version = (document as Record<string, unknown>)[RULES_CONFIG_EXTENSION] as { version?: unknown }
  return {
    config: read.right,
    declaration: { source: 'document', from: url, ...(typeof version.version === 'string' ? { version: version.version } : {}), note: `declared by the server in ${url} (${RULES_CONFIG_EXTENSION})` },
  }
}
