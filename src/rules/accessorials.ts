/**
 * Accessorial fees in a quote (spec: Address.insideRequired, Address.lumperRequired). Implements
 * ADDR-14.
 *
 * @module
 */
import { defaultConfig, type RulesConfig } from '../config.js'
import type { Cents } from '../model/brands.js'
import { total } from '../internal/total.js'

/**
 * The stops of a quote, as far as accessorial fees are concerned.
 *
 * @category model
 * @since 0.1.0
 */
export interface QuoteStops {
  readonly pickupAddress: { readonly insideRequired?: boolean; readonly lumperRequired?: boolean }
  readonly deliveryAddress: { readonly insideRequired?: boolean; readonly lumperRequired?: boolean }
}

/**
 * Returns the inside-service fee a quote adds, in cents: the configured flat fee once per stop
 * whose address has `insideRequired: true` (0, 1 or 2 times). The lumper fee is never part of a
 * quote (it is billed after delivery), so `lumperRequired` changes nothing here.
 *
 * Implements ADDR-14. Decision (D): the fee applies per stop, not per order, because inside
 * service is work done at each stop; a server that charges it once per order sets the fee to half
 * or counts stops itself.
 *
 * Total: for stops or options it cannot read it returns `NaN` (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * insideServiceFeeCents({ pickupAddress: { insideRequired: true }, deliveryAddress: { insideRequired: true, lumperRequired: true } })
 * //=> 15000
 *
 * @category rules
 * @since 0.1.0
 */
export const insideServiceFeeCents = /* @__PURE__ */ total(
(
  stops: QuoteStops,
  options: { readonly config?: RulesConfig } = {},
): Cents => {
  const fee = (options.config ?? defaultConfig).insideServiceFeeCents
  const count = (stops.pickupAddress?.insideRequired === true ? 1 : 0) + (stops.deliveryAddress?.insideRequired === true ? 1 : 0)
  return (fee * count) as Cents
},
  () => Number.NaN as Cents,
)
