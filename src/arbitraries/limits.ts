// Generators biased toward the edges of a configuration (RulesConfig): pallet weights and
// dimensions at, just inside and just over the per-pallet maxima (standard and liftgate), order
// pallet counts at the per-order maximum, pallets exactly on a density band edge, ZIP codes at the
// edges of the valid range, quote ages at the end of the validity window, and upload sizes at the
// upload limit. Each takes an optional configuration (default `defaultConfig`) and labels what it
// built with the answer the rules must give, so a property can compare.
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { defaultConfig, type RulesConfig } from '../config.js'
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
