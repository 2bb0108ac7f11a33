// The sandbox tariff and its trigger values. Pricing is not in the spec, so the sandbox publishes
// its own: deterministic for a given request (and, for transit, a given clock), configurable with
// a JSON file (--tariff). The trigger values are the sandbox's "test card numbers": reserved ZIP
// codes that make a quote or a create answer one of the spec's 422 denials. Every other decision
// (fees the library defines, classes, transit days, the ETA) comes from shipper-rules.
import { readFileSync } from 'node:fs'
import { defaultConfig, insideServiceFeeCents, type NormalizedQuoteRequest, type ReasonCode, type RulesConfig } from 'shipper-rules'
import { zipCentroid } from 'shipper-rules/geo'

export interface Tariff {
  /** Per shipment. */
  readonly baseCents: number
  /** Per pallet, before distance. */
  readonly perPalletCents: number
  /** Per pallet and great-circle kilometre between the stops' ZIP centroids, at class 100. */
  readonly perPalletKmMillicents: number
  /** Per 100 lb of total weight (poundsWeight × palletCount summed). */
  readonly perHundredweightCents: number
  /** Fuel surcharge, percent of the line haul (base + pallets + distance + weight). */
  readonly fuelSurchargePercent: number
  /** Per stop that requires a liftgate. */
  readonly liftgateFeeCents: number
  /** Per oversized pallet (larger than the standard footprint). */
  readonly oversizedPalletCents: number
  /** Kilometres a truck covers per business day; transit days = ceil(distance / this), 0 under sameDayKm. */
  readonly kmPerTransitDay: number
  readonly sameDayKm: number
}

export const DEFAULT_TARIFF: Tariff = {
  baseCents: 9_500,
  perPalletCents: 4_000,
  perPalletKmMillicents: 6_000,
  perHundredweightCents: 150,
  fuelSurchargePercent: 18,
  liftgateFeeCents: 6_500,
  oversizedPalletCents: 2_500,
  kmPerTransitDay: 800,
  sameDayKm: 50,
}

/** Reads a tariff file: any subset of the keys, non-negative integers; the rest default. */
export const readTariff = (file: string | undefined): Tariff => {
  if (file === undefined) return DEFAULT_TARIFF
  const json: unknown = JSON.parse(readFileSync(file, 'utf8'))
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error(`${file}: a tariff is a JSON object`)
  const out: Record<string, number> = { ...DEFAULT_TARIFF }
  for (const [k, v] of Object.entries(json)) {
    if (!(k in DEFAULT_TARIFF)) throw new Error(`${file}: unknown tariff key ${k}`)
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new Error(`${file}: ${k} must be a non-negative whole number`)
    out[k] = v
  }
  if ((out['kmPerTransitDay'] ?? 0) < 1) throw new Error(`${file}: kmPerTransitDay must be at least 1`)
  return out as unknown as Tariff
}

/**
 * Reserved ZIP codes (on either stop) and the 422 reason each one provokes, on quote create and
 * on shipment create. None of them is a ZIP code of the geo table, so no real lane collides.
 */
export const TRIGGER_ZIPS: ReadonlyArray<readonly [string, ReasonCode, string]> = [
  ['00401', 'no_aggregate_coverage', 'no carrier known to serve the lane'],
  ['00402', 'no_eligible_carriers', 'no carrier known to serve the lane'],
  ['00403', 'no_coverage', 'no carrier known to serve the lane (legacy reason)'],
  ['00404', 'min_pallets', "under the account's pallet minimum"],
  ['00405', 'coverage_denied', 'an account coverage rule excludes the lane'],
  ['00406', 'origin_policy_denied', 'an account rule excludes the pickup'],
  ['00407', 'destination_policy_denied', 'an account rule excludes the delivery'],
  ['00408', 'max_tier_capped', 'proven coverage below the level the account accepts'],
  ['00409', 'outside_service_area', 'a stop outside the served area'],
  ['00410', 'excluded_toll_region', 'the lane crosses an excluded region'],
  ['00411', 'account_restriction', 'truck type or accessorial not enabled for the account'],
  ['00412', 'daily_trip_limit', 'maximum shipments reached for the pickup date'],
  ['00413', 'pricing_unavailable', 'the lane could not be priced'],
]

export interface Charge {
  readonly chargeType: string
  readonly description: string
  readonly amountInCents: number
}

export type Pricing =
  | { readonly kind: 'denied'; readonly reason: ReasonCode; readonly detail: string }
  | { readonly kind: 'priced'; readonly charges: ReadonlyArray<Charge>; readonly totalCents: number; readonly distanceKm: number; readonly transitBusinessDays: number }

type Priceable = Pick<NormalizedQuoteRequest, 'pickupAddress' | 'deliveryAddress' | 'orderComponents'>

/** The great-circle distance in km between two centroids (haversine, mean Earth radius). */
const distanceKm = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number => {
  const rad = Math.PI / 180
  const dLat = (b.latitude - a.latitude) * rad
  const dLon = (b.longitude - a.longitude) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Prices a validated request (quote or create) by the tariff, or denies it by a trigger value. */
export const priceRequest = (request: Priceable, tariff: Tariff, isOversized: (c: Priceable['orderComponents'][number]) => boolean, config: RulesConfig = defaultConfig): Pricing => {
  for (const zip of [request.pickupAddress.zipCode, request.deliveryAddress.zipCode]) {
    const trigger = TRIGGER_ZIPS.find(([z]) => z === zip)
    if (trigger !== undefined) return { kind: 'denied', reason: trigger[1], detail: `Sandbox trigger ZIP code ${trigger[0]}: ${trigger[2]}.` }
  }
  const from = zipCentroid(request.pickupAddress.zipCode)
  const to = zipCentroid(request.deliveryAddress.zipCode)
  if (from === null || to === null) return { kind: 'denied', reason: 'pricing_unavailable', detail: 'The sandbox has no centroid for a stop of the lane, so it cannot be priced.' }
  const km = distanceKm(from, to)
  const pallets = request.orderComponents.reduce((n, c) => n + c.palletCount, 0)
  const pounds = request.orderComponents.reduce((n, c) => n + c.palletCount * c.poundsWeight, 0)
  const distanceCents = request.orderComponents.reduce((sum, c) => sum + Math.round((c.palletCount * km * tariff.perPalletKmMillicents * Number(c.freightClass)) / 100 / 1000), 0)
  const lineHaul = tariff.baseCents + pallets * tariff.perPalletCents + distanceCents + Math.round((pounds * tariff.perHundredweightCents) / 100)
  const charges: Charge[] = [{ chargeType: 'BASE_FREIGHT', description: `Line haul, ${Math.round(km)} km, ${pallets} pallet(s), ${pounds} lb`, amountInCents: lineHaul }]
  const fuel = Math.round((lineHaul * tariff.fuelSurchargePercent) / 100)
  if (fuel > 0) charges.push({ chargeType: 'FUEL_SURCHARGE', description: `Fuel surcharge, ${tariff.fuelSurchargePercent}%`, amountInCents: fuel })
  const liftgates = [request.pickupAddress, request.deliveryAddress].filter((a) => a.liftgateRequired === true).length
  if (liftgates > 0 && tariff.liftgateFeeCents > 0) charges.push({ chargeType: 'LIFTGATE', description: `Liftgate service, ${liftgates} stop(s)`, amountInCents: liftgates * tariff.liftgateFeeCents })
  const inside = insideServiceFeeCents(request, { config })
  if (inside > 0) charges.push({ chargeType: 'INSIDE_SERVICE', description: 'Inside service', amountInCents: inside })
  const oversized = request.orderComponents.reduce((n, c) => n + (isOversized(c) ? c.palletCount : 0), 0)
  if (oversized > 0 && tariff.oversizedPalletCents > 0) charges.push({ chargeType: 'OVERSIZED', description: `Oversized pallets, ${oversized}`, amountInCents: oversized * tariff.oversizedPalletCents })
  const transitBusinessDays = km < tariff.sameDayKm ? 0 : Math.ceil(km / tariff.kmPerTransitDay)
  return { kind: 'priced', charges, totalCents: charges.reduce((s, c) => s + c.amountInCents, 0), distanceKm: km, transitBusinessDays }
}
