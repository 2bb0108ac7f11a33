// Generators biased toward the edges of a configuration (RulesConfig): pallet weights and
// dimensions at, just inside and just over the per-pallet maxima (standard and liftgate), order
// pallet counts at the per-order maximum, pallets exactly on a density band edge, ZIP codes at the
// edges of the valid range, quote ages at the end of the validity window, and upload sizes at the
// upload limit. Each takes an optional configuration (default `defaultConfig`) and labels what it
// built with the answer the rules must give, so a property can compare.
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { defaultConfig, type DimensionLimits, type RulesConfig } from '../config.js'
import type { FreightClassName } from '../model/densityScales.js'
import type { PalletSize } from '../rules/freightClass.js'

/** An integer near one of `edges` (at it, or up to `reach` either side), or anywhere in lo … hi. */
const nearEdges = (edges: ReadonlyArray<number>, lo: number, hi: number, reach = 1): fc.Arbitrary<number> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...edges), fc.integer({ min: -reach, max: reach })).map(([e, d]) => Math.min(hi, Math.max(lo, e + d))) },
    { weight: 1, arbitrary: fc.integer({ min: lo, max: hi }) },
  )

const capOf = (config: RulesConfig, liftgate: boolean): number =>
  liftgate ? config.pallet.liftgate.maxPoundsPerPallet : config.pallet.maxPoundsPerPallet

/**
 * A valid weight of one pallet, whole pounds, under the configuration's per-pallet cap (the
 * liftgate cap with `{ liftgate: true }`): 1 … cap, most often at the cap, one under it or 1.
 *
 * Targets FRT-02 and FRT-10.
 *
 * @example
 * fc.sample(palletWeightArb(), { seed: 1, numRuns: 50 }).every((w) => Number.isInteger(w) && w >= 1 && w <= 3000)
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const palletWeightArb = (config: RulesConfig = defaultConfig, options: { readonly liftgate?: boolean } = {}): fc.Arbitrary<number> => {
  const cap = capOf(config, options.liftgate === true)
  return nearEdges([1, cap], 1, cap)
}

/**
 * An invalid weight of one pallet, whole pounds, over the configuration's per-pallet cap (the
 * liftgate cap with `{ liftgate: true }`): most often one pound over, sometimes far over.
 *
 * Targets FRT-02 and FRT-10 (a 422 `pallet_invalid` when a component carries it).
 *
 * @example
 * fc.sample(overweightPalletWeightArb(defaultConfig, { liftgate: true }), { seed: 1, numRuns: 50 }).every((w) => w > 2500)
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const overweightPalletWeightArb = (config: RulesConfig = defaultConfig, options: { readonly liftgate?: boolean } = {}): fc.Arbitrary<number> => {
  const cap = capOf(config, options.liftgate === true)
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: cap + 1, max: cap + 2 }) },
    { weight: 1, arbitrary: fc.integer({ min: cap + 1, max: Math.max(cap + 1, Math.min(Number.MAX_SAFE_INTEGER, cap * 10)) }) },
  )
}

/**
 * A pallet group at the edges of the limits that apply to it, and whether it is within them.
 *
 * @category arbitraries
 * @since 0.2.0
 */
export interface ComponentAtLimits {
  /** A wire pallet group: one pallet, its weight and `dimensions` { length, width, height }. */
  readonly component: Readonly<Record<string, unknown>>
  /** Whether a stop of the order requires a liftgate (the tighter limits apply). */
  readonly liftgate: boolean
  /** Whether weight and every dimension lie within the limits that apply. */
  readonly withinLimits: boolean
}

/**
 * A pallet group (one pallet) whose weight and dimensions are drawn from the edges of the
 * configuration's limits: the minimum dimensions, the standard and the liftgate maxima, each
 * exactly, one under or one over (and anything in between), with or without a liftgate stop;
 * `withinLimits` says whether `validateComponents([component], { liftgate, config })` accepts it.
 * A dimension under the minimum of 1 is 0, which is a violation too.
 *
 * Targets FRT-02, FRT-09 and FRT-10.
 *
 * @example
 * fc.sample(componentAtLimitsArb(), { seed: 1, numRuns: 30 }).every((c) => isRight(validateComponents([c.component], { liftgate: c.liftgate })) === c.withinLimits)
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const componentAtLimitsArb = (config: RulesConfig = defaultConfig): fc.Arbitrary<ComponentAtLimits> => {
  const { minDimensions: min, maxDimensions: max, liftgate: lift } = config.pallet
  const side = (k: keyof PalletSize): fc.Arbitrary<number> => nearEdges([min[k], lift.maxDimensions[k], max[k]], 0, max[k] + 1)
  const pounds = nearEdges([lift.maxPoundsPerPallet, config.pallet.maxPoundsPerPallet], 1, config.pallet.maxPoundsPerPallet + 1)
  return fc
    .record({ liftgate: fc.boolean(), poundsWeight: pounds, length: side('length'), width: side('width'), height: side('height') })
    .map(({ liftgate, poundsWeight, length, width, height }) => {
      const top = liftgate ? lift.maxDimensions : max
      const dims = { length, width, height }
      const fits = (['length', 'width', 'height'] as const).every((k) => dims[k] >= min[k] && dims[k] >= 1 && dims[k] <= top[k])
      return {
        component: { palletCount: 1, poundsWeight, dimensions: dims },
        liftgate,
        withinLimits: fits && poundsWeight <= capOf(config, liftgate),
      }
    })
}

/**
 * Pallet groups whose pallet counts add up to around the per-order maximum, and whether they stay within it.
 *
 * @category arbitraries
 * @since 0.2.0
 */
export interface OrderAtPalletLimit {
  /** 1 to 4 wire pallet groups, each valid on its own (liftgate-safe weight and dimensions). */
  readonly components: ReadonlyArray<Readonly<Record<string, unknown>>>
  /** The sum of their palletCount. */
  readonly totalPalletCount: number
  /** Whether the total is at most the configuration's `maxPalletsPerOrder`. */
  readonly withinLimits: boolean
}

/**
 * An order's pallet groups whose pallet counts add up to the configuration's per-order maximum,
 * one more, one less, or anything from 1 to one more, split over 1 to 4 groups; each group is
 * valid on its own, so `withinLimits` says whether `validateComponents(components, { config })`
 * accepts them.
 *
 * Targets FRT-12.
 *
 * @example
 * fc.sample(orderAtPalletLimitArb(), { seed: 1, numRuns: 30 }).every((o) => isRight(validateComponents(o.components)) === o.withinLimits)
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const orderAtPalletLimitArb = (config: RulesConfig = defaultConfig): fc.Arbitrary<OrderAtPalletLimit> => {
  const most = config.pallet.maxPalletsPerOrder
  const { minDimensions: min, liftgate: lift } = config.pallet
  return fc
    .tuple(nearEdges([most], 1, most + 1), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: lift.maxPoundsPerPallet }))
    .map(([total, parts, poundsWeight]) => {
      const groups = Math.min(parts, total)
      const counts = Array.from({ length: groups }, (_, i) => Math.floor(total / groups) + (i < total % groups ? 1 : 0))
      const components = counts.map((palletCount) => ({
        palletCount,
        poundsWeight,
        dimensions: { length: min.length, width: min.width, height: min.height },
      }))
      return { components, totalPalletCount: total, withinLimits: total <= most }
    })
}

/**
 * A pallet exactly on a density band edge of a scale, or a pound under it, with the class it has.
 *
 * @category arbitraries
 * @since 0.2.0
 */
export interface PalletAtBandEdge {
  readonly poundsWeight: number
  readonly dimensions: PalletSize
  /** The class of the band its density falls in (computed from the scale, not by the library). */
  readonly freightClass: FreightClassName
}

/**
 * A pallet whose density lies exactly on a band edge of the configuration's density scale, or
 * just under it (one pound less), with the freight class that density has. Its dimensions are
 * 48a x 40b x 90c inches (a, b, c in 1 … 10, a volume of 100abc cubic feet), so a whole number of
 * pounds makes every edge with at most two decimals exactly. Edges with more decimals are not
 * targeted; a scale with no positive edge gives pallets in its only band.
 *
 * Targets FRT-07 (boundaries exact, no floating-point drift).
 *
 * @example
 * fc.sample(palletAtBandEdgeArb(), { seed: 1, numRuns: 40 }).every((p) => freightClassForPallet(p.poundsWeight, p.dimensions) === p.freightClass)
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const palletAtBandEdgeArb = (config: RulesConfig = defaultConfig): fc.Arbitrary<PalletAtBandEdge> => {
  const bands = [...config.densityScale.bands].sort((x, y) => y.minPcf - x.minPcf)
  const lowest = bands[bands.length - 1]
  // each edge as hundredths of a pcf, with the class at it and the class just under it
  const edges = bands.flatMap((b, i) => {
    const h = Math.round(b.minPcf * 100)
    const below = bands[i + 1]
    return b.minPcf > 0 && Math.abs(b.minPcf * 100 - h) < 1e-9 && below !== undefined ? [{ h, at: b.freightClass, under: below.freightClass }] : []
  })
  const box = fc.tuple(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }))
  if (edges.length === 0 || lowest === undefined) {
    const only = lowest?.freightClass ?? '500'
    return box.map(([a, b, c]) => ({ poundsWeight: a * b * c, dimensions: { length: 48 * a, width: 40 * b, height: 90 * c }, freightClass: only }))
  }
  return fc.tuple(box, fc.constantFrom(...edges), fc.boolean()).map(([[a, b, c], edge, lower]) => {
    // 100abc pounds make 1 pcf: h hundredths of a pcf are abc·h pounds; one pound less is under the edge
    const onEdge = a * b * c * edge.h
    const under = lower && onEdge > 1
    return { poundsWeight: onEdge - (under ? 1 : 0), dimensions: { length: 48 * a, width: 40 * b, height: 90 * c }, freightClass: under ? edge.under : edge.at }
  })
}

/**
 * A valid ZIP code: five digits, 00001 … 99998, most often at either end of that range or next to
 * the rejected 00000 and 99999.
 *
 * Targets ADDR-04.
 *
 * @example
 * fc.sample(zipCodeArb, { seed: 1, numRuns: 50 }).every((zipCode) => isRight(normalizeAddress({ zipCode }, { purpose: 'quote' })))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const zipCodeArb: fc.Arbitrary<string> = nearEdges([1, 99_998], 1, 99_998).map((n) => String(n).padStart(5, '0'))

/**
 * An invalid ZIP code: 00000 or 99999, four or six digits, a letter among digits, digits with a
 * blank around them, or a number instead of a string.
 *
 * Targets ADDR-04.
 *
 * @example
 * fc.sample(invalidZipCodeArb, { seed: 1, numRuns: 50 }).every((zipCode) => isLeft(normalizeAddress({ zipCode }, { purpose: 'quote' })))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const invalidZipCodeArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('00000', '99999', '', '6060l', 'O0901', '60601-1234'),
  fc.stringMatching(/^\d{4}$/),
  fc.stringMatching(/^\d{6}$/),
  fc.tuple(fc.stringMatching(/^\d{5}$/), fc.constantFrom(' ', '\t', '\u00a0'), fc.boolean()).map(([z, b, before]) => (before ? b + z : z + b)),
  fc.integer({ min: 0, max: 99_999 }),
)

/**
 * A quote's creation and a moment to judge it at, and whether the quote is still matchable then.
 *
 * @category arbitraries
 * @since 0.2.0
 */
export interface QuoteAtValidityEdge {
  readonly createdAt: DateTime
  readonly now: DateTime
  /** Whether `now` is before the end of the validity window (creation plus `quoteValidityHours`). */
  readonly withinValidity: boolean
}

/**
 * A quote's creation time and a moment `now`, in UTC, most often within a second of the end of
 * the configuration's validity window (creation plus `quoteValidityHours`, 48 by default), else
 * anywhere from an hour before creation (clock skew) to twice the window; `withinValidity` says
 * whether `now` is before the end (the window is half-open). An open quote with a chargeable
 * price is matchable exactly when `withinValidity` holds.
 *
 * Targets QTE-02 and QTE-06.
 *
 * @example
 * fc.sample(quoteAtValidityEdgeArb(), { seed: 1, numRuns: 30 }).every((q) => isQuoteMatchable({ createdAt: q.createdAt, open: true, quotedPriceInCents: 100 }, q.now) === q.withinValidity)
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const quoteAtValidityEdgeArb = (config: RulesConfig = defaultConfig): fc.Arbitrary<QuoteAtValidityEdge> => {
  const window = config.quoteValidityHours * 3_600_000
  // 2000-01-01 … 2099-12-31, whole milliseconds
  const created = fc.integer({ min: 946_684_800_000, max: 4_102_358_400_000 })
  const elapsed = fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: window - 1000, max: window + 1000 }) },
    { weight: 1, arbitrary: fc.constantFrom(window - 1, window, window + 1) },
    { weight: 1, arbitrary: fc.integer({ min: -3_600_000, max: 2 * window }) },
  )
  return fc.tuple(created, elapsed).map(([at, e]) => ({
    createdAt: DateTime.fromMillis(at, { zone: 'utc' }),
    now: DateTime.fromMillis(at + e, { zone: 'utc' }),
    withinValidity: e < window,
  }))
}

/**
 * An upload's size and whether it is within the upload limit.
 *
 * @category arbitraries
 * @since 0.2.0
 */
export interface UploadAtSizeLimit {
  /** Whole bytes, at least 1. */
  readonly sizeBytes: number
  /** Whether the size is at most the configuration's `uploadMaxBytes`. */
  readonly withinLimit: boolean
}

/**
 * An upload size in whole bytes, at least 1, most often at the configuration's upload limit
 * (`uploadMaxBytes`, 10,485,760 by default), a byte or a few under or over it, sometimes 1 or far
 * over; `withinLimit` says whether an upload of that size is accepted (over it is 413
 * `file_too_large`).
 *
 * Targets DOC-03.
 *
 * @example
 * fc.sample(uploadAtSizeLimitArb(), { seed: 1, numRuns: 30 }).every((u) => isRight(checkAppointmentUpload({ documentType: 'PACKING_SLIP', contentType: 'application/pdf', sizeBytes: u.sizeBytes, filename: 'a.pdf' })) === u.withinLimit)
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const uploadAtSizeLimitArb = (config: RulesConfig = defaultConfig): fc.Arbitrary<UploadAtSizeLimit> => {
  const limit = config.uploadMaxBytes
  return fc
    .oneof(
      { weight: 4, arbitrary: nearEdges([limit], 1, limit + 1, 3) },
      { weight: 1, arbitrary: fc.constantFrom(1, limit, limit + 1) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: Math.min(Number.MAX_SAFE_INTEGER, limit * 4 + 4) }) },
    )
    .map((sizeBytes) => ({ sizeBytes, withinLimit: sizeBytes <= limit }))
}

/**
 * A value at, one unit under or one unit over a threshold of a configuration, built into what a
 * request carries, and whether the rules accept it.
 *
 * @category arbitraries
 * @since 0.4.0
 */
export interface LimitEdge<T> {
  /** The configuration field the value sits next to (`pallet.maxPoundsPerPallet`, `densityScale.bands[3].minPcf`, …). */
  readonly threshold: string
  /** Where the value sits: `at` the threshold, one unit `under` it or one unit `over` it. */
  readonly side: 'under' | 'at' | 'over'
  readonly value: T
  /** Whether the rules accept the value (for a density edge: always, it is a valid pallet). */
  readonly withinLimits: boolean
}

/**
 * A pallet next to a density band edge, within every pallet limit of a configuration, standard
 * and liftgate alike.
 *
 * @category arbitraries
 * @since 0.4.0
 */
export interface PalletNearBandEdge {
  readonly poundsWeight: number
  readonly dimensions: PalletSize
  /** The class of the band its density falls in (computed from the scale in integers, not by the library). */
  readonly freightClass: FreightClassName
}

/**
 * The values next to every threshold of a configuration, labelled: what a server's answers are
 * checked on first, before random values.
 *
 * @category arbitraries
 * @since 0.4.0
 */
export interface LimitEdges {
  /** One pallet group (one pallet) whose weight is the cap (standard, or liftgate with `liftgate`), one pound under or over it. */
  readonly palletWeights: ReadonlyArray<LimitEdge<{ readonly component: Readonly<Record<string, unknown>>; readonly liftgate: boolean }>>
  /** One pallet group whose one dimension is a minimum or a maximum (standard, or liftgate), one inch under or over it. */
  readonly dimensions: ReadonlyArray<LimitEdge<{ readonly component: Readonly<Record<string, unknown>>; readonly liftgate: boolean }>>
  /** Pallet groups whose pallet counts add up to the per-order maximum, one under or one over it. */
  readonly palletsPerOrder: ReadonlyArray<LimitEdge<ReadonlyArray<Readonly<Record<string, unknown>>>>>
  /** ZIP codes next to the ends of the valid range (00000 and 99999 rejected) and one digit short or long. */
  readonly zipCodes: ReadonlyArray<LimitEdge<string>>
  /** Pallets on each positive density band edge of the scale, one pound under and one pound over it. */
  readonly densityEdges: ReadonlyArray<LimitEdge<PalletNearBandEdge>>
  /** Upload sizes at the upload limit, one byte under and one byte over it. */
  readonly uploadBytes: ReadonlyArray<LimitEdge<number>>
}

const SIDES: ReadonlyArray<readonly ['under' | 'at' | 'over', number]> = [['under', -1], ['at', 0], ['over', 1]]
const PALLET_SIDES = ['length', 'width', 'height'] as const

/** Box sides tried for density edges: divisors-friendly inches, largest volume first. */
const BOX_SIDES: ReadonlyArray<number> = [96, 90, 72, 60, 48, 45, 40, 36, 30, 24, 16, 12, 8, 6, 4, 2, 1]

/** The class on `scale` of `pounds` on a box of `volume` cubic inches: the first band with 1728·100·pounds ≥ hundredths·volume (BigInt, exact). */
const classOnScale = (scale: RulesConfig['densityScale'], pounds: number, volume: number): FreightClassName => {
  const bands = [...scale.bands].sort((x, y) => y.minPcf - x.minPcf)
  const weight = 172_800n * BigInt(pounds)
  const hit = bands.find((b) => weight >= BigInt(Math.round(b.minPcf * 100)) * BigInt(volume))
  return (hit ?? bands[bands.length - 1])?.freightClass ?? '400'
}

/**
 * Every box within the configuration's liftgate maxima and minimum dimensions on which some whole
 * number of pounds, at least 2 and at most the liftgate cap less one, is exactly the density of a
 * band edge (`hundredths` of a pcf), largest volume first, with that weight.
 */
const boxesOnEdge = (config: RulesConfig, hundredths: number): ReadonlyArray<{ dimensions: PalletSize; poundsWeight: number }> => {
  const { minDimensions: min, liftgate } = config.pallet
  const fits = (k: keyof PalletSize, v: number): boolean => v >= min[k] && v >= 1 && v <= liftgate.maxDimensions[k]
  const out: { dimensions: PalletSize; poundsWeight: number; volume: number }[] = []
  for (const length of BOX_SIDES.filter((v) => fits('length', v)))
    for (const width of BOX_SIDES.filter((v) => fits('width', v)))
      for (const height of BOX_SIDES.filter((v) => fits('height', v))) {
        const volume = length * width * height
        const scaled = hundredths * volume
        if (scaled % 172_800 !== 0) continue
        const poundsWeight = scaled / 172_800
        if (poundsWeight >= 2 && poundsWeight + 1 <= liftgate.maxPoundsPerPallet) out.push({ dimensions: { length, width, height }, poundsWeight, volume })
      }
  return out.sort((a, b) => b.volume - a.volume || b.dimensions.length - a.dimensions.length || b.dimensions.width - a.dimensions.width).map(({ dimensions, poundsWeight }) => ({ dimensions, poundsWeight }))
}

/** The positive band edges of the configuration's scale with exactly two decimals, as hundredths, with the config path of each. */
const bandEdges = (config: RulesConfig): ReadonlyArray<{ hundredths: number; threshold: string }> =>
  config.densityScale.bands.flatMap((b, i) => {
    const h = Math.round(b.minPcf * 100)
    return b.minPcf > 0 && Math.abs(b.minPcf * 100 - h) < 1e-9 ? [{ hundredths: h, threshold: `densityScale.bands[${i}].minPcf` }] : []
  })

const nearEdgePallet = (config: RulesConfig, box: { dimensions: PalletSize; poundsWeight: number }, delta: number): PalletNearBandEdge => {
  const poundsWeight = box.poundsWeight + delta
  const { length, width, height } = box.dimensions
  return { poundsWeight, dimensions: box.dimensions, freightClass: classOnScale(config.densityScale, poundsWeight, length * width * height) }
}

/**
 * The values next to every threshold of a configuration, each labelled with its threshold, its
 * side (at, one unit under, one unit over) and whether the rules accept it: per-pallet weight at
 * the standard and the liftgate cap; each dimension at its minimum and at its standard and
 * liftgate maximum; pallet counts adding up to the per-order maximum; ZIP codes 00000, 00001,
 * 00002, 99997, 99998, 99999 and four and six digits; a pallet on each positive density band edge
 * of the scale (edges with two decimals; a box within the liftgate limits on which a whole number
 * of pounds is exactly the edge, an edge with no such box left out), a pound under and over it,
 * with the class each has; upload sizes at the upload limit. Every other field of a pallet group
 * is valid, so only the value in question decides; a group's other sides are 40 inches (or the
 * nearest within the limits that apply) and its weight 500 pounds (or the liftgate cap, if lower).
 *
 * Targets ADDR-04, FRT-02, FRT-07, FRT-09, FRT-10, FRT-12 and DOC-03.
 *
 * @example
 * limitEdges().palletWeights.filter((e) => !e.value.liftgate).map((e) => [e.value.component.poundsWeight, e.withinLimits])
 * //=> [[2999, true], [3000, true], [3001, false]]
 *
 * @category arbitraries
 * @since 0.4.0
 */
export const limitEdges = (config: RulesConfig = defaultConfig): LimitEdges => {
  const p = config.pallet
  const top = (liftgate: boolean): DimensionLimits => (liftgate ? p.liftgate.maxDimensions : p.maxDimensions)
  const side = (k: keyof PalletSize, liftgate: boolean): number => Math.max(p.minDimensions[k], 1, Math.min(top(liftgate)[k], 40))
  const pounds = Math.min(500, p.liftgate.maxPoundsPerPallet)
  const sides = (liftgate: boolean): PalletSize => ({ length: side('length', liftgate), width: side('width', liftgate), height: side('height', liftgate) })
  const component = (poundsWeight: number, dimensions: PalletSize): Readonly<Record<string, unknown>> => ({ palletCount: 1, poundsWeight, dimensions })
  const palletWeights = [false, true].flatMap((liftgate) => {
    const cap = capOf(config, liftgate)
    return SIDES.map(([s, d]) => ({
      threshold: liftgate ? 'pallet.liftgate.maxPoundsPerPallet' : 'pallet.maxPoundsPerPallet',
      side: s,
      value: { component: component(cap + d, sides(liftgate)), liftgate },
      withinLimits: cap + d >= 1 && cap + d <= cap,
    }))
  })
  const dimensions = [false, true].flatMap((liftgate) =>
    PALLET_SIDES.flatMap((k) =>
      (
        [
          ['minDimensions', p.minDimensions[k]],
          [liftgate ? 'liftgate.maxDimensions' : 'maxDimensions', top(liftgate)[k]],
        ] as const
      ).flatMap(([name, edge]) =>
        SIDES.map(([s, d]) => {
          const v = edge + d
          return {
            threshold: `pallet.${name}.${k}`,
            side: s,
            value: { component: component(pounds, { ...sides(liftgate), [k]: v }), liftgate },
            withinLimits: v >= 1 && v >= p.minDimensions[k] && v <= top(liftgate)[k],
          }
        }),
      ),
    ),
  )
  const most = p.maxPalletsPerOrder
  const palletsPerOrder = SIDES.map(([s, d]) => {
    const total = Math.max(1, most + d)
    // two groups when there are pallets enough, so the total is a sum
    const first = Math.ceil(total / 2)
    const counts = total > 1 ? [first, total - first] : [total]
    return {
      threshold: 'pallet.maxPalletsPerOrder',
      side: s,
      value: counts.map((palletCount) => ({ palletCount, poundsWeight: pounds, dimensions: sides(true) })),
      withinLimits: total <= most,
    }
  })
  const zip = (threshold: string, s: 'under' | 'at' | 'over', value: string, withinLimits: boolean): LimitEdge<string> => ({ threshold, side: s, value, withinLimits })
  const zipCodes = [
    zip('zipCode.lowest', 'under', '00000', false),
    zip('zipCode.lowest', 'at', '00001', true),
    zip('zipCode.lowest', 'over', '00002', true),
    zip('zipCode.highest', 'under', '99997', true),
    zip('zipCode.highest', 'at', '99998', true),
    zip('zipCode.highest', 'over', '99999', false),
    zip('zipCode.digits', 'under', '6060', false),
    zip('zipCode.digits', 'over', '606011', false),
  ]
  const densityEdges = bandEdges(config).flatMap(({ hundredths, threshold }) => {
    const box = boxesOnEdge(config, hundredths)[0]
    return box === undefined ? [] : SIDES.map(([s, d]) => ({ threshold, side: s, value: nearEdgePallet(config, box, d), withinLimits: true }))
  })
  const uploadBytes = SIDES.map(([s, d]) => ({ threshold: 'uploadMaxBytes', side: s, value: config.uploadMaxBytes + d, withinLimits: config.uploadMaxBytes + d <= config.uploadMaxBytes }))
  return { palletWeights, dimensions, palletsPerOrder, zipCodes, densityEdges, uploadBytes }
}

/**
 * A pallet next to a density band edge of the configuration's scale, within every pallet limit
 * (standard and liftgate), with the class it has: an edge with two decimals, a box of whole
 * inches within the liftgate maxima on which a whole number of pounds is exactly the edge (any
 * such box, not only the largest of {@link limitEdges}), and that weight, a pound under or a
 * pound over it. A scale with no such edge gives pallets of 1 … 100 pounds on a 48 x 40 x 48 in
 * box (or the liftgate maxima, if smaller), whatever class the scale gives them.
 *
 * Targets FRT-07, where a server must derive the class a client can send back (the pallet passes
 * every limit, so the answer is a class, not a violation).
 *
 * @example
 * fc.sample(palletNearBandEdgeArb(), { seed: 1, numRuns: 40 }).every((p) => freightClassForPallet(p.poundsWeight, p.dimensions) === p.freightClass && isRight(validateComponents([{ palletCount: 1, ...p }], { liftgate: true })))
 * //=> true
 *
 * @category arbitraries
 * @since 0.4.0
 */
export const palletNearBandEdgeArb = (config: RulesConfig = defaultConfig): fc.Arbitrary<PalletNearBandEdge> => {
  const choices = bandEdges(config).flatMap(({ hundredths }) => boxesOnEdge(config, hundredths))
  if (choices.length === 0) {
    const lift = config.pallet.liftgate.maxDimensions
    const dimensions = { length: Math.min(48, lift.length), width: Math.min(40, lift.width), height: Math.min(48, lift.height) }
    return fc
      .integer({ min: 1, max: Math.min(100, config.pallet.liftgate.maxPoundsPerPallet) })
      .map((poundsWeight) => ({ poundsWeight, dimensions, freightClass: classOnScale(config.densityScale, poundsWeight, dimensions.length * dimensions.width * dimensions.height) }))
  }
  return fc.tuple(fc.constantFrom(...choices), fc.integer({ min: -1, max: 1 })).map(([box, d]) => nearEdgePallet(config, box, d))
}
