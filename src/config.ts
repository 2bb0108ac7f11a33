/**
 * Configuration (spec: Limits; API.md Configuration): every limit the spec calls
 * configuration-driven, with a documented default, and `makeConfig`, which refuses an override
 * that cannot make sense instead of using it silently.
 *
 * @module
 */
import { left, right } from './internal/either.js'
import { IANAZone } from 'luxon'
import { at, type Path } from './errors/path.js'
import { violationAt, type Result, type Violation, type Violations } from './errors/violation.js'
import { isObject, jsonType, own, type JsonObject } from './internal/input.js'
import { FREIGHT_CLASSES, NMFC_2025_SCALE, type DensityScale } from './model/densityScales.js'
import { isCalendarDay } from './model/timestamps.js'
import { total } from './internal/total.js'
import { unreadableResult } from './errors/unreadable.js'

/**
 * Length, width and height in inches.
 *
 * @category model
 * @since 0.1.0
 */
export interface DimensionLimits {
  readonly length: number
  readonly width: number
  readonly height: number
}

/**
 * The holiday calendars business days can skip: none (the spec's default), the US federal
 * calendar, the carrier calendar, the carrier calendar with New Year's Eve (which some carriers
 * also close), or a caller-supplied list of ISO dates (`yyyy-MM-dd`).
 *
 * @category model
 * @since 0.1.0
 */
export type HolidayCalendarSetting = 'none' | 'us-federal' | 'carrier' | 'carrier-new-years-eve' | ReadonlyArray<string>

/**
 * Every configuration-driven limit of the spec.
 *
 * @category model
 * @since 0.1.0
 */
export interface RulesConfig {
  readonly pallet: {
    /** Smallest accepted dimensions, inclusive (FRT-09). */
    readonly minDimensions: DimensionLimits
    /** Largest accepted dimensions without liftgate, inclusive (FRT-09). */
    readonly maxDimensions: DimensionLimits
    /** Per-pallet weight cap without liftgate, pounds, inclusive (FRT-02). */
    readonly maxPoundsPerPallet: number
    /** The tighter limits of a stop that requires a liftgate (FRT-10). */
    readonly liftgate: {
      readonly maxDimensions: DimensionLimits
      readonly maxPoundsPerPallet: number
    }
    /** The standard footprint; larger either way round is oversized (FRT-11). */
    readonly standardFootprint: { readonly length: number; readonly width: number }
    /** Per-order pallet maximum (FRT-12). */
    readonly maxPalletsPerOrder: number
    /**
     * What the order's total weight means (FRT-12, a D rule): `allPallets` (default) sums
     * poundsWeight × palletCount, the weight of the freight; `sumOfComponents` sums poundsWeight
     * once per component, the spec's literal wording.
     */
    readonly totalWeight: 'allPallets' | 'sumOfComponents'
  }
  /** Flat fee per stop that requires inside delivery or pickup, cents (ADDR-14). */
  readonly insideServiceFeeCents: number
  /** The density scale that derives a class when none is declared (FRT-07); default `NMFC_2025_SCALE`. */
  readonly densityScale: DensityScale
  /** How business days are counted (QTE-03, QTE-04). */
  readonly businessDays: {
    /** IANA zone in which calendar days are judged. */
    readonly zone: string
    readonly holidays: HolidayCalendarSetting
  }
  /** Quote validity after creation, hours (QTE-02, QTE-06). */
  readonly quoteValidityHours: number
  /** Idempotency-Key window, hours (CRT-10). */
  readonly idempotencyWindowHours: number
  /** Largest accepted appointment upload, bytes, inclusive (DOC-03). */
  readonly uploadMaxBytes: number
  /** How far a GPS timestamp may lie after `now` before it counts as in the future, seconds (TRK-02). */
  readonly gpsClockSkewSeconds: number
  /** The live position model (TRK-03, TRK-04); docs/tracking.md explains each figure. */
  readonly tracking: TrackingModel
}

/**
 * The figures of the live position model (TRK-03, TRK-04), all whole numbers.
 *
 * @category model
 * @since 0.1.0
 */
export interface TrackingModel {
  /** A ping's pull on the estimate falls linearly from full to none at this age, minutes. */
  readonly pingMaxAgeMinutes: number
  /** The newest ping is carried forward along its heading at its speed for at most this long, minutes. */
  readonly projectionMaxMinutes: number
  /** The uncertainty radius of a position just observed, km. */
  readonly baseRadiusKm: number
  /** How fast the uncertainty radius grows with the age of the last observation, km per hour. */
  readonly radiusGrowthKmPerHour: number
  /** An estimate further behind the planned schedule than this is significantly delayed, minutes. */
  readonly delayThresholdMinutes: number
  /** A newest ping further than this from the route is significantly off course, km. */
  readonly offRouteKm: number
}

/**
 * The defaults. Spec values: quote validity 48 h, idempotency window 24 h, upload limit 10 MiB
 * (10,485,760 bytes), dimension maxima 96 x 96 x 108 and minima 1 x 1 x 1 inches (the spec's
 * sample figures). Library decisions, documented in docs/rules.md: 3,000 lb per pallet
 * (2,500 lb and 60 x 60 x 96 in with liftgate, a typical liftgate platform), the 48 x 40 footprint,
 * 26 pallets per order (a 53-foot trailer), total weight as the weight of all pallets, an inside-service fee of $75.00, the NMFC
 * 2025 density scale (the industry rule since 19 July 2025; `DENSITY_SCALE_18`, the older guideline,
 * stays selectable), business days judged in America/Chicago with no holidays, a GPS clock
 * skew allowance of 120 seconds, and the live position model of docs/tracking.md (pings count for
 * 6 hours and are carried forward for at most 1 hour; radius 2 km plus 40 km per hour since the
 * last observation; delayed beyond 2 hours behind schedule or 50 km off the route).
 * The limits of QTE-02, CRT-10, DOC-03, FRT-02, FRT-09 to FRT-12 and ADDR-14.
 *
 * @example
 * defaultConfig.pallet.maxDimensions
 * //=> { length: 96, width: 96, height: 108 }
 *
 * @category constructors
 * @since 0.1.0
 */
export const defaultConfig: RulesConfig = {
  pallet: {
    minDimensions: { length: 1, width: 1, height: 1 },
    maxDimensions: { length: 96, width: 96, height: 108 },
    maxPoundsPerPallet: 3000,
    liftgate: {
      maxDimensions: { length: 60, width: 60, height: 96 },
      maxPoundsPerPallet: 2500,
    },
    standardFootprint: { length: 48, width: 40 },
    maxPalletsPerOrder: 26,
    totalWeight: 'allPallets',
  },
  insideServiceFeeCents: 7500,
  densityScale: NMFC_2025_SCALE,
  businessDays: { zone: 'America/Chicago', holidays: 'none' },
  quoteValidityHours: 48,
  idempotencyWindowHours: 24,
  uploadMaxBytes: 10_485_760,
  gpsClockSkewSeconds: 120,
  tracking: {
    pingMaxAgeMinutes: 360,
    projectionMaxMinutes: 60,
    baseRadiusKm: 2,
    radiusGrowthKmPerHour: 40,
    delayThresholdMinutes: 120,
    offRouteKm: 50,
  },
}

/**
 * A partial configuration, naming some of the fields, nested objects partial too; a density scale
 * or a holiday list is replaced whole.
 *
 * @category model
 * @since 0.1.0
 */
export type ConfigOverrides = DeepPartial<RulesConfig>

/** @internal */
export type DeepPartial<T> = T extends ReadonlyArray<unknown> | string | number | boolean
  ? T
  : T extends DensityScale
    ? T
    : { readonly [K in keyof T]?: DeepPartial<T[K]> }

/**
 * Returns the default configuration with the overrides applied, or every reason the result
 * cannot make sense: an unknown key, a negative or non-integer limit, a minimum above its
 * maximum, liftgate limits looser than the standard ones, an unknown time zone, a malformed
 * density scale or holiday list. Violations have entity `config` and the path of the field.
 * Implements no rule ID.
 *
 * Total: overrides it cannot read (a Proxy or getter that throws) give a Left with one `type` violation at the root (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * makeConfig({ pallet: { maxPoundsPerPallet: 2000 } })
 * //=> left([{ field: 'pallet.liftgate.maxPoundsPerPallet', entity: 'config', reason: 'must not exceed the standard pallet.maxPoundsPerPallet (2000): liftgate limits are at most as loose as the standard ones', code: 'out_of_range' }])
 *
 * @category constructors
 * @since 0.1.0
 */
export const makeConfig = /* @__PURE__ */ total(
(overrides: unknown = {}): Result<RulesConfig> => {
  const out: Violation[] = []
  const merged = merge(defaultConfig as unknown as JsonObject, overrides, [], out)
  if (out.length > 0) return left(out as unknown as Violations)
  const config = merged as unknown as RulesConfig
  checkConfig(config, out)
  return out.length > 0 ? left(out as unknown as Violations) : right(config)
},
  () => unreadableResult<RulesConfig>(),
)

const ENTITY = 'config'
const REPLACED_WHOLE = new Set(['densityScale', 'holidays'])

// Merges an override object into a default object of the same shape, rejecting unknown keys and
// shape changes; leaves are type-checked later by checkConfig.
const merge = (base: JsonObject, override: unknown, path: Path, out: Violation[]): JsonObject => {
  if (!isObject(override)) {
    out.push(violationAt(path, ENTITY, 'type', `must be an object, got ${jsonType(override)}`))
    return base
  }
  const result: Record<string, unknown> = { ...base }
  for (const key of Object.keys(override)) {
    const here = at(path, key)
    if (!Object.prototype.hasOwnProperty.call(base, key)) {
      out.push(violationAt(here, ENTITY, 'unknown_field', 'is not a configuration field'))
      continue
    }
    const value = own(override, key)
    if (value === undefined) continue
    const current = base[key]
    result[key] = isObject(current) && !REPLACED_WHOLE.has(key) ? merge(current, value, here, out) : value
  }
  return result
}

const DIMENSIONS = ['length', 'width', 'height'] as const

const checkConfig = (c: RulesConfig, out: Violation[]): void => {
  const positiveInt = (path: Path, v: unknown, min = 1): v is number => {
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      out.push(violationAt(path, ENTITY, 'type', `must be a number, got ${jsonType(v)}`))
      return false
    }
    if (!Number.isSafeInteger(v)) {
      out.push(violationAt(path, ENTITY, 'not_integer', 'must be a whole number'))
      return false
    }
    if (v < min) {
      out.push(violationAt(path, ENTITY, 'out_of_range', `must be at least ${min}`))
      return false
    }
    return true
  }
  const notAbove = (path: Path, v: number, limit: number, limitName: string, why: string): void => {
    if (v > limit) out.push(violationAt(path, ENTITY, 'out_of_range', `must not exceed ${limitName} (${limit})${why}`))
  }
  const p = c.pallet
  const LOOSER = ': liftgate limits are at most as loose as the standard ones'
  const dims = (name: string, d: unknown): Record<string, number> | undefined => {
    const path = ['pallet', ...name.split('.')]
    if (!isObject(d)) {
      out.push(violationAt(path, ENTITY, 'type', `must be an object, got ${jsonType(d)}`))
      return undefined
    }
    let ok = true
    for (const k of DIMENSIONS) ok = positiveInt([...path, k], own(d, k)) && ok
    return ok ? (d as Record<string, number>) : undefined
  }
  const min = dims('minDimensions', p.minDimensions)
  const max = dims('maxDimensions', p.maxDimensions)
  const liftMax = dims('liftgate.maxDimensions', p.liftgate.maxDimensions)
  const weight = positiveInt(['pallet', 'maxPoundsPerPallet'], p.maxPoundsPerPallet)
  const liftWeight = positiveInt(['pallet', 'liftgate', 'maxPoundsPerPallet'], p.liftgate.maxPoundsPerPallet)
  for (const k of DIMENSIONS) {
    if (min !== undefined && max !== undefined && min[k]! > max[k]!) {
      out.push(violationAt(['pallet', 'minDimensions', k], ENTITY, 'out_of_range', `must not exceed pallet.maxDimensions.${k} (${max[k]!})`))
    }
    if (max !== undefined && liftMax !== undefined) {
      notAbove(['pallet', 'liftgate', 'maxDimensions', k], liftMax[k]!, max[k]!, `the standard pallet.maxDimensions.${k}`, LOOSER)
    }
    if (min !== undefined && liftMax !== undefined && min[k]! > liftMax[k]!) {
      out.push(violationAt(['pallet', 'minDimensions', k], ENTITY, 'out_of_range', `must not exceed pallet.liftgate.maxDimensions.${k} (${liftMax[k]!})`))
    }
  }
  if (weight && liftWeight) {
    notAbove(['pallet', 'liftgate', 'maxPoundsPerPallet'], p.liftgate.maxPoundsPerPallet, p.maxPoundsPerPallet, 'the standard pallet.maxPoundsPerPallet', LOOSER)
  }
  const fp = p.standardFootprint
  if (isObject(fp)) {
    positiveInt(['pallet', 'standardFootprint', 'length'], own(fp, 'length'))
    positiveInt(['pallet', 'standardFootprint', 'width'], own(fp, 'width'))
  } else {
    out.push(violationAt(['pallet', 'standardFootprint'], ENTITY, 'type', `must be an object, got ${jsonType(fp)}`))
  }
  positiveInt(['pallet', 'maxPalletsPerOrder'], p.maxPalletsPerOrder)
  if (p.totalWeight !== 'allPallets' && p.totalWeight !== 'sumOfComponents') {
    out.push(violationAt(['pallet', 'totalWeight'], ENTITY, 'pattern', "must be 'allPallets' or 'sumOfComponents'"))
  }
  positiveInt(['insideServiceFeeCents'], c.insideServiceFeeCents, 0)
  positiveInt(['quoteValidityHours'], c.quoteValidityHours)
  positiveInt(['idempotencyWindowHours'], c.idempotencyWindowHours)
  positiveInt(['uploadMaxBytes'], c.uploadMaxBytes)
  positiveInt(['gpsClockSkewSeconds'], c.gpsClockSkewSeconds, 0)
  if (isObject(c.tracking)) {
    const tr = c.tracking
    positiveInt(['tracking', 'pingMaxAgeMinutes'], own(tr, 'pingMaxAgeMinutes'))
    positiveInt(['tracking', 'projectionMaxMinutes'], own(tr, 'projectionMaxMinutes'), 0)
    positiveInt(['tracking', 'baseRadiusKm'], own(tr, 'baseRadiusKm'), 0)
    positiveInt(['tracking', 'radiusGrowthKmPerHour'], own(tr, 'radiusGrowthKmPerHour'), 0)
    positiveInt(['tracking', 'delayThresholdMinutes'], own(tr, 'delayThresholdMinutes'), 0)
    positiveInt(['tracking', 'offRouteKm'], own(tr, 'offRouteKm'))
  } else {
    out.push(violationAt(['tracking'], ENTITY, 'type', `must be an object, got ${jsonType(c.tracking)}`))
  }
  checkScale(c.densityScale, out)
  checkBusinessDays(c.businessDays, out)
}

const CLASS_SET: ReadonlySet<unknown> = new Set(FREIGHT_CLASSES)

/** Whether a threshold has at most two decimal places (so it scales exactly to hundredths). */
const hasTwoDecimals = (n: number): boolean => Math.abs(Math.round(n * 100) - n * 100) < 1e-6

const checkScale = (scale: unknown, out: Violation[]): void => {
  const path = ['densityScale']
  const bands = isObject(scale) ? own(scale, 'bands') : undefined
  if (!isObject(scale) || typeof own(scale, 'name') !== 'string' || !Array.isArray(bands) || bands.length === 0) {
    out.push(violationAt(path, ENTITY, 'type', 'must be { name: string, bands: non-empty array of { minPcf, freightClass } }'))
    return
  }
  onlyKeys(scale, ['name', 'bands'], path, out)
  let previous = Number.POSITIVE_INFINITY
  bands.forEach((b: unknown, i) => {
    const here = [...path, 'bands', i]
    if (isObject(b)) onlyKeys(b, ['minPcf', 'freightClass'], here, out)
    const minPcf = isObject(b) ? own(b, 'minPcf') : undefined
    const cls = isObject(b) ? own(b, 'freightClass') : undefined
    if (typeof minPcf !== 'number' || !Number.isFinite(minPcf) || minPcf < 0 || !hasTwoDecimals(minPcf)) {
      out.push(violationAt([...here, 'minPcf'], ENTITY, 'out_of_range', 'must be a non-negative number with at most two decimal places'))
    } else if (minPcf >= previous) {
      out.push(violationAt([...here, 'minPcf'], ENTITY, 'out_of_range', 'must be below the previous band: bands are ordered by strictly decreasing minPcf'))
    } else {
      previous = minPcf
    }
    if (!CLASS_SET.has(cls)) {
      out.push(violationAt([...here, 'freightClass'], ENTITY, 'pattern', 'must be one of the 18 freight classes'))
    }
  })
  const last = bands[bands.length - 1]
  if (!isObject(last) || own(last, 'minPcf') !== 0) {
    out.push(violationAt([...path, 'bands', bands.length - 1, 'minPcf'], ENTITY, 'out_of_range', 'the last band must start at 0 so that every density has a class'))
  }
}

/** Reports every own key of `obj` outside `allowed` (a value replaced whole is still exact). */
const onlyKeys = (obj: JsonObject, allowed: ReadonlyArray<string>, path: Path, out: Violation[]): void => {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) out.push(violationAt(at(path, key), ENTITY, 'unknown_field', 'is not a configuration field'))
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

const checkBusinessDays = (bd: unknown, out: Violation[]): void => {
  if (!isObject(bd)) {
    out.push(violationAt(['businessDays'], ENTITY, 'type', `must be an object, got ${jsonType(bd)}`))
    return
  }
  const zone = own(bd, 'zone')
  if (typeof zone !== 'string' || !IANAZone.isValidZone(zone)) {
    out.push(violationAt(['businessDays', 'zone'], ENTITY, 'pattern', 'must be an IANA time zone name such as America/Chicago'))
  }
  const holidays = own(bd, 'holidays')
  if (holidays === 'none' || holidays === 'us-federal' || holidays === 'carrier' || holidays === 'carrier-new-years-eve') return
  if (!Array.isArray(holidays)) {
    out.push(violationAt(['businessDays', 'holidays'], ENTITY, 'type', "must be 'none', 'us-federal', 'carrier', 'carrier-new-years-eve' or a list of yyyy-MM-dd dates"))
    return
  }
  holidays.forEach((d: unknown, i) => {
    if (typeof d !== 'string' || !ISO_DATE.test(d) || !isCalendarDay(d)) {
      out.push(violationAt(['businessDays', 'holidays', i], ENTITY, 'pattern', 'must be a calendar date written yyyy-MM-dd'))
    }
  })
}

