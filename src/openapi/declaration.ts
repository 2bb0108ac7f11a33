/**
 * The declared rules configuration: the `x-shipper-rules-config` extension at the root of the
 * OpenAPI document, in which a server states the `RulesConfig` it keeps (every limit the spec
 * calls configuration-driven and every choice it leaves open), so a client or the conformance kit
 * can check the rules against what the server declared instead of the library's defaults.
 * `configDeclaration` writes it, `declaredConfig` reads it back (with `makeConfig`'s checks).
 * Pure: no generator, no io-ts.
 *
 * @module
 */
import { defaultConfig, makeConfig, type HolidayCalendarSetting, type RulesConfig } from '../config.js'
import { at, renderPath, type Path } from '../errors/path.js'
import { unreadableResult } from '../errors/unreadable.js'
import { violationAt, type Result, type Violation, type Violations } from '../errors/violation.js'
import { left, right } from '../internal/either.js'
import { isObject, jsonType, own, type JsonObject } from '../internal/input.js'
import { total } from '../internal/total.js'

/**
 * The name of the OpenAPI extension, at the document's root, that declares the server's rules
 * configuration. Implements no rule ID.
 *
 * @example
 * RULES_CONFIG_EXTENSION
 * //=> 'x-shipper-rules-config'
 *
 * @category model
 * @since 0.4.0
 */
export const RULES_CONFIG_EXTENSION = 'x-shipper-rules-config'

/**
 * The version of the declaration's layout that `configDeclaration` writes and `declaredConfig`
 * reads. Implements no rule ID.
 *
 * @example
 * RULES_CONFIG_DECLARATION_VERSION
 * //=> '1'
 *
 * @category model
 * @since 0.4.0
 */
export const RULES_CONFIG_DECLARATION_VERSION = '1'

/**
 * One decision of a declaration: the rule, the configuration fields it reads, and the choice in
 * words (with the configured figures).
 *
 * @category model
 * @since 0.4.0
 */
export interface ConfigDecision {
  readonly rule: string
  /** `S` a configured limit of a rule the spec states; `D` a choice the spec leaves open. */
  readonly kind: 'S' | 'D'
  /** The configuration fields (dotted paths into `config`) the rule reads. */
  readonly fields: ReadonlyArray<string>
  readonly decision: string
}

/**
 * The value of the `x-shipper-rules-config` extension: the layout `version`, a `description`, the
 * `decisions` in words, and the whole `config` as JSON (every field of `RulesConfig`).
 *
 * @category model
 * @since 0.4.0
 */
export interface RulesConfigDeclaration {
  readonly version: typeof RULES_CONFIG_DECLARATION_VERSION
  readonly description: string
  readonly decisions: ReadonlyArray<ConfigDecision>
  readonly config: RulesConfig
}

const DESCRIPTION =
  'The rules configuration this server keeps: `config` is every field of the shipper-rules `RulesConfig` (read it with `declaredConfig` of shipper-rules/openapi, which applies `makeConfig`\'s checks); `decisions` states, with the configured figures, each limit a rule takes from the configuration (kind S) and each choice the spec leaves to the server (kind D: FRT-07 density scale, FRT-12 total weight, QTE-04 calendar, TRK-03 position model, ADDR-14 inside-service fee, DOC-03 upload limit). A client or a conformance kit checks the rules against this declaration.'

const holidaysText = (h: HolidayCalendarSetting): string =>
  typeof h === 'string'
    ? { none: 'no holidays', 'us-federal': 'the US federal holidays', carrier: 'the carrier holiday calendar', 'carrier-new-years-eve': "the carrier holiday calendar and New Year's Eve" }[h]
    : `${h.length} listed holiday date(s)`

const dims = (d: { length: number; width: number; height: number }): string => `${d.length} x ${d.width} x ${d.height} in`

/** The decisions of a configuration, in words (rule order of RULES.md). */
const decisionsOf = (c: RulesConfig): ReadonlyArray<ConfigDecision> => {
  const p = c.pallet
  const t = c.tracking
  return [
    { rule: 'ADDR-14', kind: 'D', fields: ['insideServiceFeeCents'], decision: `a flat inside-service fee of ${c.insideServiceFeeCents} cents per stop that requires inside service` },
    { rule: 'FRT-02', kind: 'S', fields: ['pallet.maxPoundsPerPallet'], decision: `at most ${p.maxPoundsPerPallet} lb per pallet` },
    { rule: 'FRT-07', kind: 'D', fields: ['densityScale'], decision: `a class derived from density on the scale ${c.densityScale.name} (${c.densityScale.bands.length} bands, lower bounds inclusive)` },
    { rule: 'FRT-09', kind: 'S', fields: ['pallet.minDimensions', 'pallet.maxDimensions'], decision: `each dimension at least ${dims(p.minDimensions)} and at most ${dims(p.maxDimensions)}` },
    { rule: 'FRT-10', kind: 'S', fields: ['pallet.liftgate.maxDimensions', 'pallet.liftgate.maxPoundsPerPallet'], decision: `at a liftgate stop at most ${dims(p.liftgate.maxDimensions)} and ${p.liftgate.maxPoundsPerPallet} lb per pallet` },
    { rule: 'FRT-11', kind: 'S', fields: ['pallet.standardFootprint'], decision: `larger than ${p.standardFootprint.length} x ${p.standardFootprint.width} in either way round is oversized` },
    { rule: 'FRT-12', kind: 'D', fields: ['pallet.maxPalletsPerOrder', 'pallet.totalWeight'], decision: `at most ${p.maxPalletsPerOrder} pallets per order; totalPoundsWeight ${p.totalWeight === 'allPallets' ? 'sums poundsWeight x palletCount (allPallets)' : 'sums poundsWeight once per component (sumOfComponents)'}` },
    { rule: 'CRT-10', kind: 'S', fields: ['idempotencyWindowHours'], decision: `an Idempotency-Key is remembered for ${c.idempotencyWindowHours} hours` },
    { rule: 'QTE-02', kind: 'S', fields: ['quoteValidityHours'], decision: `a quote expires ${c.quoteValidityHours} hours after creation` },
    { rule: 'QTE-04', kind: 'D', fields: ['businessDays.zone', 'businessDays.holidays'], decision: `business days counted in ${c.businessDays.zone}, skipping ${holidaysText(c.businessDays.holidays)}; the ETA at the delivery stop's close time on the stop's own date` },
    { rule: 'QTE-06', kind: 'S', fields: ['quoteValidityHours'], decision: `a quote is matchable inside its ${c.quoteValidityHours}-hour window` },
    { rule: 'DOC-03', kind: 'D', fields: ['uploadMaxBytes'], decision: `an upload of at most ${c.uploadMaxBytes} bytes` },
    { rule: 'TRK-02', kind: 'S', fields: ['gpsClockSkewSeconds'], decision: `a GPS timestamp up to ${c.gpsClockSkewSeconds} s after now is not in the future` },
    { rule: 'TRK-03', kind: 'D', fields: ['tracking'], decision: `pings count for ${t.pingMaxAgeMinutes} min and are carried forward at most ${t.projectionMaxMinutes} min; radius ${t.baseRadiusKm} km plus ${t.radiusGrowthKmPerHour} km per hour since the last observation; delayed beyond ${t.delayThresholdMinutes} min behind schedule or ${t.offRouteKm} km off the route` },
  ]
}

/**
 * The `x-shipper-rules-config` extension for a configuration: its version, a description that
 * states each kind D decision, the decisions of the kind D rules (density scale, total weight, calendar and holidays, position
 * model, inside-service fee, upload limit) and the configured limits of the S rules in words, each
 * naming its rule, and the whole configuration as JSON. The configuration is first checked by
 * `makeConfig`: one it refuses gives its violations (a Left), never a declaration a reader would
 * refuse. Implements no rule ID.
 *
 * Total: a configuration it cannot read gives a Left with one `type` violation at the root.
 *
 * @example
 * configDeclaration(defaultConfig).right.decisions.filter((d) => d.kind === 'D').map((d) => d.decision)[1]
 * //=> 'a class derived from density on the scale NMFC_2025_SCALE (13 bands, lower bounds inclusive)'
 *
 * @category codecs
 * @since 0.4.0
 */
export const configDeclaration = /* @__PURE__ */ total(
  (config: RulesConfig = defaultConfig): Result<RulesConfigDeclaration> => {
    const checked = makeConfig(config)
    if (checked._tag === 'Left') return checked
    // a JSON copy: nothing in the declaration is shared with the caller's configuration
    const copy = JSON.parse(JSON.stringify(checked.right)) as RulesConfig
    const decisions = decisionsOf(copy)
    // the description states each kind D decision of this configuration, for a reader of the document
    const chosen = decisions.filter((d) => d.kind === 'D').map((d) => `${d.rule}: ${d.decision}`).join('; ')
    return right({ version: RULES_CONFIG_DECLARATION_VERSION, description: `${DESCRIPTION} The choices of this server: ${chosen}.`, decisions, config: copy })
  },
  () => unreadableResult<RulesConfigDeclaration>(),
)

const ENTITY = 'config'
const REPLACED_WHOLE = new Set(['densityScale', 'holidays'])

/** Every field of the defaults that `declared` leaves out, as a `required` violation at its path. */
const missingFields = (base: JsonObject, declared: JsonObject, path: Path, out: Violation[]): void => {
  for (const key of Object.keys(base)) {
    const here = at(path, key)
    const value = own(declared, key)
    const expected = base[key]
    if (value === undefined) out.push(violationAt(here, ENTITY, 'required', 'is required: a declaration states every field of the configuration'))
    else if (isObject(expected) && !REPLACED_WHOLE.has(key) && isObject(value)) missingFields(expected, value, here, out)
  }
}

/** A violation of `makeConfig` (field relative to the configuration) moved below `prefix`. */
const below = (prefix: Path, v: Violation): Violation => {
  const head = renderPath(prefix)
  return { ...v, field: v.field === '' ? head : v.field.startsWith('[') ? `${head}${v.field}` : `${head}.${v.field}` }
}

/**
 * Reads the rules configuration a server declares in its OpenAPI document (the
 * `x-shipper-rules-config` extension that `openApiDocument` writes): the document must be an
 * object whose extension has `version` '1' and a `config` stating every field of `RulesConfig`,
 * each as `makeConfig` accepts it. Anything else gives every violation, entity `config`, with the
 * field path from the document's root (`x-shipper-rules-config.config.pallet.maxPoundsPerPallet`);
 * a document without the extension gives one `required` violation at `x-shipper-rules-config`.
 * Other members of the extension (`description`, `decisions`) are words for people and are not
 * read. Implements no rule ID.
 *
 * Total: a document it cannot read gives a Left with one `type` violation at the root.
 *
 * @example
 * declaredConfig(openApiDocument({ config: makeConfig({ quoteValidityHours: 24 }).right }).right).right.quoteValidityHours
 * //=> 24
 *
 * @category codecs
 * @since 0.4.0
 */
export const declaredConfig = /* @__PURE__ */ total(
  (document: unknown): Result<RulesConfig> => {
    const fail = (path: Path, code: Violation['code'], reason: string): Result<RulesConfig> =>
      left([violationAt(path, ENTITY, code, reason)] as unknown as Violations)
    if (!isObject(document)) return fail([], 'type', `must be an OpenAPI document (an object), got ${jsonType(document)}`)
    const root: Path = [RULES_CONFIG_EXTENSION]
    const extension = own(document, RULES_CONFIG_EXTENSION)
    if (extension === undefined) return fail(root, 'required', 'is required: the document declares no rules configuration')
    if (!isObject(extension)) return fail(root, 'type', `must be an object, got ${jsonType(extension)}`)
    const out: Violation[] = []
    const version = own(extension, 'version')
    if (version !== RULES_CONFIG_DECLARATION_VERSION) {
      out.push(violationAt(at(root, 'version'), ENTITY, 'invalid', `must be '${RULES_CONFIG_DECLARATION_VERSION}' (the declaration layout this library reads), got ${typeof version === 'string' ? `'${version}'` : jsonType(version)}`))
    }
    const configPath = at(root, 'config')
    const config = own(extension, 'config')
    if (config === undefined) out.push(violationAt(configPath, ENTITY, 'required', 'is required: the declared configuration'))
    else if (!isObject(config)) out.push(violationAt(configPath, ENTITY, 'type', `must be an object, got ${jsonType(config)}`))
    else {
      missingFields(defaultConfig as unknown as JsonObject, config, configPath, out)
      const made = makeConfig(config)
      if (made._tag === 'Left') out.push(...made.left.map((v) => below(configPath, v)))
      else if (out.length === 0) return right(made.right)
    }
    return left(out as unknown as Violations)
  },
  () => unreadableResult<RulesConfig>(),
)
