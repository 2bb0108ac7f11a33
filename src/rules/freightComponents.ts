/**
 * Order components (spec: OrderComponent, Dimensions, Confirm-time validation, Limits). Implements
 * FRT-01 … FRT-12 and CNF-03: one pass over the pallet groups that checks shape (400
 * `validation_failed`) and the configured limits (422 `pallet_invalid`), resolves dimensions and
 * class, and derives the order totals.
 *
 * @module
 */
import { defaultConfig, type RulesConfig } from '../config.js'
import { parsePath, renderPath, type Path } from '../errors/path.js'
import { problemFor, type ProblemDetail } from '../errors/problem.js'
import { violationAt, type Violation } from '../errors/violation.js'
import { left, right } from '../internal/either.js'
import type { Either } from 'fp-ts/lib/Either.js'
import { readInteger, readText, report, typeMessage, type Sink } from '../validate/fields.js'
import { isObject, jsonType, own, type JsonObject } from '../internal/input.js'
import { FREIGHT_CLASSES, type FreightClassName } from '../model/densityScales.js'
import { densityOf, effectiveFreightClass, freightClassForPallet, type PalletSize } from './freightClass.js'
import { isText, isWhole, optText } from '../validate/fastChecks.js'
import { isWellFormedWireText, WIRE_TEXT_MESSAGE } from '../internal/text.js'
import {
  DEFAULT_PALLET_DIMENSIONS,
  isOversized,
  NOTICE_INCOMPLETE_DIMENSIONS,
  NOTICE_PALLET_DIMENSIONS_IGNORED,
  NOTICE_PALLET_DIMENSIONS_USED,
  PALLET_DIMENSIONS_ORDER,
  type DimensionsSource,
  type Notice,
} from './freightDimensions.js'
import { total } from '../internal/total.js'
import { unreadableProblem } from '../errors/unreadable.js'

/**
 * A validated pallet group: dimensions resolved, class resolved, strings as sent, fields the
 * spec does not define (and the deprecated palletDimensions) dropped.
 *
 * @category model
 * @since 0.1.0
 */
export interface NormalizedComponent {
  readonly palletCount: number
  readonly poundsWeight: number
  readonly dimensions: PalletSize
  readonly freightClass: FreightClassName
  readonly description?: string
  readonly nmfcCode?: string
  readonly packagingType?: string
  readonly pieceCount?: number
}

/**
 * What validation learned about one component beside its normalized value.
 *
 * @category model
 * @since 0.1.0
 */
export interface ComponentReport {
  readonly component: NormalizedComponent
  readonly dimensionsSource: DimensionsSource
  readonly freightClassSource: 'declared' | 'density'
  /** Pounds per cubic foot of one pallet, for display. */
  readonly density: number
  /** Larger than the standard footprint: valid, priced as oversized (FRT-11). */
  readonly oversized: boolean
  /** Notices with full field paths (`orderComponents[1].palletDimensions`). */
  readonly notices: ReadonlyArray<Notice>
}

/**
 * The order's totals (FRT-12).
 *
 * @category model
 * @since 0.1.0
 */
export interface OrderTotals {
  readonly totalPalletCount: number
  readonly totalPoundsWeight: number
}

/**
 * Options of {@link validateComponents}.
 *
 * @category model
 * @since 0.1.0
 */
export interface ComponentsOptions {
  /** A stop of the order requires a liftgate: the tighter liftgate limits apply (FRT-10). */
  readonly liftgate?: boolean
  readonly config?: RulesConfig
  /** Path of the array; default `orderComponents`. */
  readonly path?: string | Path
  /** Entity of the violations; default the first key of the path (null when the path starts with an index). */
  readonly entity?: string | null
}

const NAN_TOTALS: OrderTotals = Object.freeze({ totalPalletCount: Number.NaN, totalPoundsWeight: Number.NaN })

/**
 * Returns the order's totals: the pallet count summed over components, and the weight as the
 * configuration defines it (`config.pallet.totalWeight`).
 *
 * Implements FRT-12. Decision (D): by default (`allPallets`) the total weight is
 * Σ poundsWeight × palletCount, the weight of the freight, because poundsWeight is a per-pallet
 * weight; `sumOfComponents` gives the spec's literal "sum of component poundsWeight".
 *
 * Total: for components it cannot read (not an array, or a group whose palletCount or poundsWeight is not a number) it returns `NaN` totals without walking or coercing anything (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * orderTotals([{ palletCount: 2, poundsWeight: 500 }, { palletCount: 1, poundsWeight: 300 }])
 * //=> { totalPalletCount: 3, totalPoundsWeight: 1300 }
 *
 * @category rules
 * @since 0.1.0
 */
export const orderTotals = /* @__PURE__ */ total(
(
  components: ReadonlyArray<{ readonly palletCount: number; readonly poundsWeight: number }>,
  options: { readonly config?: RulesConfig } = {},
): OrderTotals => {
  const allPallets = (options.config ?? defaultConfig).pallet.totalWeight === 'allPallets'
  // not a list, or a group whose counts are not numbers: the NaN totals, nothing coerced or walked
  if (!Array.isArray(components)) return NAN_TOTALS
  let totalPalletCount = 0
  let totalPoundsWeight = 0
  for (const c of components) {
    if (typeof c !== 'object' || c === null || typeof c.palletCount !== 'number' || typeof c.poundsWeight !== 'number') return NAN_TOTALS
    totalPalletCount += c.palletCount
    totalPoundsWeight += allPallets ? c.poundsWeight * c.palletCount : c.poundsWeight
  }
  return { totalPalletCount, totalPoundsWeight }
},
  () => NAN_TOTALS,
)

/**
 * Returns every component's normalized value with what was learned about it (dimension source,
 * class source, density, oversize, notices) and the order totals; or the ProblemDetail: 400
 * `validation_failed` when any field is missing or malformed (its violations then include any
 * limit violations too, so everything is reported at once), otherwise 422 `pallet_invalid`
 * when a configured limit is exceeded, each message stating the limits that applied.
 *
 * Implements FRT-01 … FRT-12, CNF-03. Decisions (D): palletCount and poundsWeight below 1 are
 * malformed (400: the spec's fixed floor), a dimension below the configured minimum is a limit
 * (422); limits are inclusive; an incomplete `dimensions` object is ignored with a notice. Every string read must be wire text (ERR-01, ID-03, a library decision: well-formed Unicode
 * without U+0000, which storage cannot hold): otherwise one `encoding` violation at its field,
 * judged after its type and length and before its format; unknown keys are never read, whatever
 * text they hold.
 *
 * Total: input or options it cannot read give a 400 `validation_failed` Left with one `type` violation at the root (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * inspectComponents([{ palletCount: 2, poundsWeight: 500, dimensions: { length: 48, width: 40, height: 48 } }]).right.components[0].component.freightClass
 * //=> '100'
 *
 * @category rules
 * @since 0.1.0
 */
export const inspectComponents = /* @__PURE__ */ total(
(
  input: unknown,
  options: ComponentsOptions = {},
): Either<ProblemDetail, { readonly components: ReadonlyArray<ComponentReport>; readonly totals: OrderTotals }> => {
  const r = readComponents(input, options)
  if (r.shape.length > 0) {
    const all = [...r.shape, ...r.limits]
    return left(problemFor('validation_failed', detailFor(all.length), all))
  }
  if (r.limits.length > 0) {
    return left(problemFor('pallet_invalid', `${r.limits.length} pallet limit${r.limits.length === 1 ? ' is' : 's are'} exceeded.`, r.limits))
  }
  return right({ components: r.reports, totals: r.totals })
},
  () => unreadableProblem<{ readonly components: ReadonlyArray<ComponentReport>; readonly totals: OrderTotals }>(),
)

/**
 * The one pass behind {@link inspectComponents}: every report, the shape violations and the
 * limit violations, for request validators that merge them with their own.
 *
 * @internal
 */
export const readComponents = (
  input: unknown,
  options: ComponentsOptions = {},
  /** Only each report's `component` is wanted (the request validators): a plainly valid component takes the fast path. */
  valuesOnly = false,
): { readonly reports: ReadonlyArray<ComponentReport>; readonly totals: OrderTotals; readonly shape: Violation[]; readonly limits: Violation[] } => {
  const config = options.config ?? defaultConfig
  const path = options.path === undefined ? DEFAULT_PATH : parsePath(options.path)
  const first = path[0]
  const entity = options.entity !== undefined ? options.entity : typeof first === 'string' ? first : null
  const shape: Sink = { entity, out: [] }
  const limits: Sink = { entity, out: [] }
  const reports: ComponentReport[] = []
  if (!Array.isArray(input) || input.length === 0) {
    shape.out.push(
      Array.isArray(input) || input === undefined
        ? violationAt(path, entity, 'required', 'must list at least one pallet group')
        : violationAt(path, entity, 'type', typeMessage('an array of pallet groups', input)),
    )
    return { reports, totals: { totalPalletCount: 0, totalPoundsWeight: 0 }, shape: shape.out, limits: limits.out }
  }
  // Every group carries at least one pallet, so a list longer than the per-order cap can never be
  // accepted: it is judged on its length alone (the same 422 limit violation the pallet tally
  // gives), its groups unread, so a list of a million groups costs what a short one does (D).
  if (input.length > config.pallet.maxPalletsPerOrder) {
    limits.out.push(
      violationAt(path, entity, 'out_of_range', `the order has ${input.length} pallet groups, so at least ${input.length} pallets; at most ${config.pallet.maxPalletsPerOrder} pallets are allowed per order`),
    )
    return { reports, totals: NO_TOTALS, shape: shape.out, limits: limits.out }
  }
  const limitsInForce = limitsFor(config, options.liftgate === true)
  const tally = { pallets: 0 }
  input.forEach((item: unknown, i) => {
    const component = valuesOnly ? fastComponent(item, limitsInForce, config) : undefined
    if (component !== undefined) {
      tally.pallets += component.palletCount
      reports.push({ component } as ComponentReport)
      return
    }
    const r = readComponent(item, [...path, i], shape, limits, limitsInForce, config, tally)
    if (r !== undefined) reports.push(r)
  })
  // Reports are only ever returned when nothing is wrong, so a component over a limit skips its
  // report; the pallet tally still counts every well-formed component for the per-order cap.
  const totals = valuesOnly ? NO_TOTALS : orderTotals(reports.map((r) => r.component), { config })
  if (shape.out.length === 0 && tally.pallets > config.pallet.maxPalletsPerOrder) {
    limits.out.push(
      violationAt(path, entity, 'out_of_range', `the order has ${tally.pallets} pallets; at most ${config.pallet.maxPalletsPerOrder} pallets are allowed per order`),
    )
  }
  return { reports, totals, shape: shape.out, limits: limits.out }
}

/**
 * Returns the normalized components (dimensions and class resolved), or the ProblemDetail of
 * {@link inspectComponents}: 400 when any shape violation exists, else 422 `pallet_invalid`.
 *
 * Implements FRT-01 … FRT-12, CNF-03.
 *
 * Total: input or options it cannot read give a 400 `validation_failed` Left with one `type` violation at the root (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * validateComponents([{ palletCount: 1, poundsWeight: 2800, palletDimensions: [70, 48, 40] }], { liftgate: true }).left.violations.map((v) => v.field)
 * //=> ['orderComponents[0].poundsWeight']
 *
 * @category rules
 * @since 0.1.0
 */
export const validateComponents = /* @__PURE__ */ total(
(
  input: unknown,
  options: ComponentsOptions = {},
): Either<ProblemDetail, ReadonlyArray<NormalizedComponent>> => {
  const r = inspectComponents(input, options)
  return r._tag === 'Left' ? r : right(r.right.components.map((c) => c.component))
},
  () => unreadableProblem<ReadonlyArray<NormalizedComponent>>(),
)

const DEFAULT_PATH: Path = ['orderComponents']
const NO_TOTALS: OrderTotals = Object.freeze({ totalPalletCount: 0, totalPoundsWeight: 0 })
const detailFor = (n: number): string => `The request has ${n} invalid field${n === 1 ? '' : 's'}.`

/** @internal */
export interface Limits {
  readonly min: PalletSize
  readonly max: PalletSize
  readonly maxPounds: number
  /** "without liftgate" / "at a stop that requires a liftgate" */
  readonly where: string
  /** The sentence every dimension message ends with, and the weight message: built when first needed. */
  stated?: string
  pounds?: string
}

/** The sentence every dimension message ends with: the whole box that applied. */
const statedLimits = (lim: Limits): string =>
  (lim.stated ??= `pallets must be at least ${triple(lim.min)} and at most ${triple(lim.max)} inches (length x width x height) ${lim.where}`)
const poundsLimit = (lim: Limits): string => (lim.pounds ??= `must be at most ${lim.maxPounds} pounds per pallet ${lim.where}`)

const limitsOf = (c: RulesConfig, liftgate: boolean): Limits =>
  liftgate
    ? { min: c.pallet.minDimensions, max: c.pallet.liftgate.maxDimensions, maxPounds: c.pallet.liftgate.maxPoundsPerPallet, where: 'at a stop that requires a liftgate' }
    : { min: c.pallet.minDimensions, max: c.pallet.maxDimensions, maxPounds: c.pallet.maxPoundsPerPallet, where: 'without liftgate' }

const triple = (d: PalletSize): string => `${d.length} x ${d.width} x ${d.height}`

// The default configuration's limits with their messages, built once: constants, so a request
// judged by the defaults never formats them again. Any other configuration builds its own per call.
const withMessages = (lim: Limits): Readonly<Limits> => (statedLimits(lim), poundsLimit(lim), Object.freeze(lim))
const DEFAULT_LIMITS = { standard: withMessages(limitsOf(defaultConfig, false)), liftgate: withMessages(limitsOf(defaultConfig, true)) }
/**
 * The limits in force: the default configuration's are constants.
 *
 * @internal
 */
export const limitsFor = (c: RulesConfig, liftgate: boolean): Limits =>
  c === defaultConfig ? (liftgate ? DEFAULT_LIMITS.liftgate : DEFAULT_LIMITS.standard) : limitsOf(c, liftgate)

const CLASS_SET: ReadonlySet<string> = new Set(FREIGHT_CLASSES)
const CLASS_LIST = FREIGHT_CLASSES.join(', ')
// The configured caps (weight per pallet, pallets per order, dimensions) are 422 limits checked
// after reading, so the readers leave the top open: 1e300 pounds is over the cap, not malformed.
const POSITIVE = { required: true, min: 1, max: null } as const
const DIMENSION = { required: true, min: 0, minMessage: 'must not be negative', max: null } as const

const readComponent = (
  item: unknown,
  path: Path,
  shape: Sink,
  limits: Sink,
  lim: Limits,
  config: RulesConfig,
  tally: { pallets: number },
): ComponentReport | undefined => {
  if (!isObject(item)) {
    shape.out.push(violationAt(path, shape.entity, item === undefined ? 'required' : 'type', typeMessage('a pallet group object', item)))
    return undefined
  }
  const before = shape.out.length
  const limitsBefore = limits.out.length
  const c = pickComponent(item)
  const palletCount = readInteger(shape, c.palletCount, path, 'palletCount', POSITIVE)
  const poundsWeight = readInteger(shape, c.poundsWeight, path, 'poundsWeight', POSITIVE)
  if (poundsWeight !== undefined && poundsWeight > lim.maxPounds) {
    report(limits, path, 'poundsWeight', 'out_of_range', poundsLimit(lim))
  }
  const resolved = readDimensions(c, path, shape, limits, lim)
  const declared = readDeclaredClass(c.freightClass, path, shape)
  readText(shape, c.description, path, 'description')
  readText(shape, c.nmfcCode, path, 'nmfcCode')
  readText(shape, c.packagingType, path, 'packagingType')
  readInteger(shape, c.pieceCount, path, 'pieceCount', { min: 0 })
  if (shape.out.length > before || palletCount === undefined || poundsWeight === undefined || resolved === undefined) {
    return undefined
  }
  tally.pallets += palletCount
  if (limits.out.length > limitsBefore) return undefined
  const dims = resolved.dims
  const cls = effectiveFreightClass({ poundsWeight, dimensions: dims, freightClass: declared }, { config })
  // Optional members stored in wire order, each only when present.
  return {
    // every field of the component is valid here, so read as sent
    component: componentValue(c, palletCount, poundsWeight, dims, cls.freightClass),
    dimensionsSource: resolved.source,
    freightClassSource: cls.source,
    density: densityOf(poundsWeight, dims),
    oversized: isOversized(dims, config),
    notices: resolved.notices.length === 0 ? NO_NOTICES : resolved.notices.map((n) => ({ ...n, field: renderedField(path, n.field) })),
  }
}

/**
 * The normalized value of a valid component: optional members stored in wire order, each only
 * when present (shared with the requests' fast path).
 *
 * @internal
 */
export const componentValue = (c: RawComponent, palletCount: number, poundsWeight: number, dimensions: PalletSize, freightClass: FreightClassName): NormalizedComponent => {
  const { description, nmfcCode, packagingType, pieceCount } = c
  const component: { -readonly [K in keyof NormalizedComponent]: NormalizedComponent[K] } = { palletCount, poundsWeight, dimensions, freightClass }
  if (description !== undefined) component.description = description as string
  if (nmfcCode !== undefined) component.nmfcCode = nmfcCode as string
  if (packagingType !== undefined) component.packagingType = packagingType as string
  if (pieceCount !== undefined) component.pieceCount = pieceCount as number
  return component
}

const renderedField = (path: Path, field: string): string => renderPath([...path, field])
const NO_NOTICES: ReadonlyArray<Notice> = Object.freeze([])

/** @internal */
export interface RawComponent {
  palletCount?: unknown
  poundsWeight?: unknown
  dimensions?: unknown
  palletDimensions?: unknown
  description?: unknown
  nmfcCode?: unknown
  freightClass?: unknown
  packagingType?: unknown
  pieceCount?: unknown
}

const hasOwn = Object.prototype.hasOwnProperty

/**
 * One pass over a component's own keys into a pre-shaped record (shared with the requests' fast path).
 *
 * @internal
 */
export const pickComponent = (a: JsonObject): RawComponent => {
  const r: RawComponent = {
    palletCount: undefined, poundsWeight: undefined, dimensions: undefined, palletDimensions: undefined,
    description: undefined, nmfcCode: undefined, freightClass: undefined, packagingType: undefined,
    pieceCount: undefined,
  }
  // Dispatched on the key's length first: at most two comparisons per key.
  for (const key in a) {
    if (!hasOwn.call(a, key)) continue
    switch (key.length) {
      case 8: if (key === 'nmfcCode') r.nmfcCode = a[key]; break
      case 10: if (key === 'dimensions') r.dimensions = a[key]; else if (key === 'pieceCount') r.pieceCount = a[key]; break
      case 11: if (key === 'palletCount') r.palletCount = a[key]; else if (key === 'description') r.description = a[key]; break
      case 12: if (key === 'poundsWeight') r.poundsWeight = a[key]; else if (key === 'freightClass') r.freightClass = a[key]; break
      case 13: if (key === 'packagingType') r.packagingType = a[key]; break
      case 16: if (key === 'palletDimensions') r.palletDimensions = a[key]; break
    }
  }
  return r
}

const readDeclaredClass = (raw: unknown, path: Path, shape: Sink): string | undefined => {
  if (raw === undefined) return undefined
  if (typeof raw !== 'string') {
    report(shape, path, 'freightClass', 'type', `must be a string, one of ${CLASS_LIST}; got ${jsonType(raw)}`)
    return undefined
  }
  const text = raw
  if (!CLASS_SET.has(text) && !isWellFormedWireText(text)) {
    report(shape, path, 'freightClass', 'encoding', WIRE_TEXT_MESSAGE)
    return undefined
  }
  if (!CLASS_SET.has(text)) {
    report(shape, path, 'freightClass', 'pattern', `must be one of the 18 freight classes: ${CLASS_LIST}`)
    return undefined
  }
  return text
}

/** Reads both dimension fields, checks the chosen one against the limits, and resolves. */
const readDimensions = (
  c: RawComponent,
  path: Path,
  shape: Sink,
  limits: Sink,
  lim: Limits,
): { dims: PalletSize; source: DimensionsSource; notices: Notice[] } | undefined => {
  const before = shape.out.length
  const notices: Notice[] = []
  // dimensions: an object; complete (all three present) or ignored with a notice.
  let fromObject: PalletSize | undefined
  const d = c.dimensions
  const complete = isObject(d) && own(d, 'length') !== undefined && own(d, 'width') !== undefined && own(d, 'height') !== undefined
  if (d !== undefined && !isObject(d)) {
    report(shape, path, 'dimensions', 'type', typeMessage('an object { length, width, height }', d))
  } else if (complete) {
    const o = d as JsonObject
    const l = o['length']
    const w = o['width']
    const h = o['height']
    if (isDimension(l) && isDimension(w) && isDimension(h)) {
      fromObject = { length: l, width: w, height: h }
    } else {
      // The readers word the violations; the path is built only when one is needed. readInteger
      // with DIMENSION accepts exactly what isDimension does, so at least one member is reported
      // here and the component is not read further.
      const dpath = [...path, 'dimensions']
      readInteger(shape, l, dpath, 'length', DIMENSION)
      readInteger(shape, w, dpath, 'width', DIMENSION)
      readInteger(shape, h, dpath, 'height', DIMENSION)
    }
  } else if (isObject(d)) {
    // Ignored whole (FRT-03), but a field that is present is still of its wire type.
    const dpath = [...path, 'dimensions']
    for (const name of DIMENSION_NAMES) {
      const v = own(d, name)
      if (v !== undefined && !isDimension(v)) readInteger(shape, v, dpath, name, DIMENSION)
    }
    notices.push(NOTICE_INCOMPLETE_DIMENSIONS)
  }
  // palletDimensions: the deprecated [height, length, width].
  let fromArray: PalletSize | undefined
  const p = c.palletDimensions
  if (p !== undefined) {
    notices.push(complete ? NOTICE_PALLET_DIMENSIONS_IGNORED : NOTICE_PALLET_DIMENSIONS_USED)
    if (!Array.isArray(p) || p.length !== 3) {
      report(shape, path, 'palletDimensions', Array.isArray(p) ? 'invalid' : 'type', 'must be an array of exactly 3 whole numbers: [height, length, width] in inches')
    } else {
      const ppath = [...path, 'palletDimensions']
      const [h, l, w] = [0, 1, 2].map((i) => readInteger(shape, p[i], ppath, i, DIMENSION))
      if (h !== undefined && l !== undefined && w !== undefined) fromArray = { length: l, width: w, height: h }
    }
  }
  if (shape.out.length > before) return undefined
  const source: DimensionsSource = complete ? 'dimensions' : fromArray !== undefined ? 'palletDimensions' : 'default'
  const dims = fromObject ?? fromArray ?? DEFAULT_PALLET_DIMENSIONS
  checkDimensionLimits(dims, source, path, limits, lim)
  return { dims, source, notices }
}

const DIMENSION_NAMES = ['length', 'width', 'height'] as const

/** What readInteger accepts for a dimension: a whole number of at least 0 (caps are limits). */
const isDimension = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0

const checkDimensionLimits = (dims: PalletSize, source: DimensionsSource, path: Path, limits: Sink, lim: Limits): void => {
  const { min, max } = lim
  if (
    dims.length >= min.length && dims.length <= max.length &&
    dims.width >= min.width && dims.width <= max.width &&
    dims.height >= min.height && dims.height <= max.height
  ) return
  const stated = statedLimits(lim)
  for (const name of DIMENSION_NAMES) {
    const v = dims[name]
    if (v >= lim.min[name] && v <= lim.max[name]) continue
    const message = `${name} must be between ${lim.min[name]} and ${lim.max[name]} inches: ${stated}`
    if (source === 'dimensions') report(limits, [...path, 'dimensions'], name, 'out_of_range', message)
    else if (source === 'palletDimensions') report(limits, [...path, 'palletDimensions'], PALLET_DIMENSIONS_ORDER.indexOf(name), 'out_of_range', message)
    else report(limits, path, 'dimensions', 'out_of_range', `the default dimensions ${triple(DEFAULT_PALLET_DIMENSIONS)} apply and ${message}`)
  }
}

const hasOwnProperty = Object.prototype.hasOwnProperty

/** The density class of one pallet exactly as `effectiveFreightClass` derives it (FRT-07), without its allocations. */
const densityClass = (pounds: number, dims: PalletSize, config: RulesConfig): FreightClassName => {
  const scale = config.densityScale
  const bands = scale.bands
  const volume = dims.length * dims.width * dims.height
  const weight = 172_800 * pounds
  const first = bands[0]
  // volume and weight are positive whole numbers here, so safe means at most 2^53 - 1
  if (first !== undefined && volume > 0 && volume <= Number.MAX_SAFE_INTEGER && weight <= Number.MAX_SAFE_INTEGER && Number.isSafeInteger(volume * Math.round(first.minPcf * 100))) {
    for (const band of bands) {
      if (weight >= Math.round(band.minPcf * 100) * volume) {
        if (CLASS_SET.has(band.freightClass)) return band.freightClass
        break
      }
    }
  }
  return freightClassForPallet(pounds, dims, scale)
}

/**
 * The fast path of one pallet group (FRT-01 … FRT-11): its normalized value when it is plainly
 * valid within `lim`, else `undefined`, and then the reference reader answers (an incomplete
 * `dimensions` object, ignored with a notice, is left to it too). Never throws.
 *
 * @internal
 */
export const fastComponent = (item: unknown, lim: Limits, config: RulesConfig): NormalizedComponent | undefined => {
  try {
    if (!isObject(item)) return undefined
    const c = pickComponent(item)
    const { palletCount, poundsWeight, dimensions: d, palletDimensions: p, freightClass: declared, pieceCount } = c
    if (!isWhole(palletCount, 1) || !isWhole(poundsWeight, 1) || poundsWeight > lim.maxPounds) return undefined
    let dims: PalletSize | undefined
    if (d !== undefined) {
      if (!isObject(d)) return undefined
      // own enumerable members only (the reference's `own` reads non-enumerable ones too: such an
      // object gives up here, and the reference answers)
      let length: unknown
      let width: unknown
      let height: unknown
      for (const key in d) {
        if (!hasOwnProperty.call(d, key)) continue
        if (key === 'length') length = d[key]
        else if (key === 'width') width = d[key]
        else if (key === 'height') height = d[key]
      }
      if (!isWhole(length, 0) || !isWhole(width, 0) || !isWhole(height, 0)) return undefined
      dims = { length, width, height }
    }
    if (p !== undefined) {
      // the deprecated [height, length, width], checked even when a complete dimensions wins
      if (!Array.isArray(p) || p.length !== 3) return undefined
      const height: unknown = p[0]
      const length: unknown = p[1]
      const width: unknown = p[2]
      if (!isWhole(height, 0) || !isWhole(length, 0) || !isWhole(width, 0)) return undefined
      dims ??= { length, width, height }
    }
    dims ??= DEFAULT_PALLET_DIMENSIONS
    const { min, max } = lim
    if (
      !(dims.length >= min.length && dims.length <= max.length &&
      dims.width >= min.width && dims.width <= max.width &&
      dims.height >= min.height && dims.height <= max.height)
    ) return undefined
    if (declared !== undefined && !(isText(declared) && CLASS_SET.has(declared))) return undefined
    if (!optText(c.description) || !optText(c.nmfcCode) || !optText(c.packagingType)) return undefined
    if (!(pieceCount === undefined || (isWhole(pieceCount, 0) && pieceCount <= Number.MAX_SAFE_INTEGER))) return undefined
    return componentValue(c, palletCount, poundsWeight, dims, declared === undefined ? densityClass(poundsWeight, dims, config) : (declared as FreightClassName))
  } catch {
    return undefined
  }
}

/**
 * The fast path of a request's pallet groups (FRT-01 … FRT-12): the normalized components when
 * every one is plainly valid and the order within its pallet cap, else `undefined` (then
 * `readComponents` answers). Never throws.
 *
 * @internal
 */
export const fastComponents = (raw: unknown, liftgate: boolean, config: RulesConfig): NormalizedComponent[] | undefined => {
  try {
    if (!Array.isArray(raw) || raw.length === 0 || raw.length > config.pallet.maxPalletsPerOrder) return undefined
    const lim = limitsFor(config, liftgate)
    const out: NormalizedComponent[] = []
    let pallets = 0
    for (let i = 0; i < raw.length; i++) {
      const c = fastComponent(raw[i], lim, config)
      if (c === undefined) return undefined
      pallets += c.palletCount
      out.push(c)
    }
    return pallets > config.pallet.maxPalletsPerOrder ? undefined : out
  } catch {
    return undefined
  }
}
