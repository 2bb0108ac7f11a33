// The library's predictions for the requests the boundary tables send: a quote or a create is
// judged by validateQuoteRequest / validateCreateShipment under the declared configuration; an
// accepted quote or shipment is checked by the library's codecs and by invariants for what the
// spec leaves to the server (ids, prices); a create that names a quote is judged by
// checkQuoteForShipment over the two normalized requests, and its price by tenderPrice.
import { DateTime } from 'luxon'
import {
  checkQuoteForShipment,
  isLeft,
  isOrderNumber,
  QuoteResponse,
  Shipment,
  tenderPrice,
  validateCreateShipment,
  validateQuoteRequest,
  type RulesConfig,
} from 'shipper-rules'
import type { Received } from '../../http.js'
import { objectOf, problemOf, type Invariant, type Prediction } from './table.js'

const isCents = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0

const QUOTE_INVARIANTS: ReadonlyArray<Invariant> = [
  { what: 'a QuoteResponse (the library codec)', holds: (b) => QuoteResponse.decode(b)._tag === 'Right' },
  { what: 'id a non-empty string', holds: (b) => typeof b['id'] === 'string' && b['id'] !== '' },
  { what: 'quotedPriceInCents a whole number of cents', holds: (b) => isCents(b['quotedPriceInCents']) },
  { what: 'transitDays a whole number of business days, or null', holds: (b) => b['transitDays'] === null || (Number.isInteger(b['transitDays']) && (b['transitDays'] as number) >= 0) },
]

const SHIPMENT_INVARIANTS: ReadonlyArray<Invariant> = [
  { what: 'a Shipment (the library codec)', holds: (b) => Shipment.decode(b)._tag === 'Right' },
  { what: 'orderNumber 5 alphanumeric characters', holds: (b) => typeof b['orderNumber'] === 'string' && isOrderNumber(b['orderNumber']) },
  { what: 'totalPriceInCents a whole number of cents', holds: (b) => isCents(b['totalPriceInCents']) },
]

/** What the library says about a quote request: its ProblemDetail, or a quote (or a 422 denial, the server's business). */
export const predictQuote = (config: RulesConfig, body: unknown): Prediction => {
  const v = validateQuoteRequest(body, { config })
  return isLeft(v) ? problemOf(v.left) : { kind: 'accepted', invariants: QUOTE_INVARIANTS, denials: true }
}

/** What the library says about a create request without a quote: its ProblemDetail, or an INITIALIZED shipment (or a 422 denial). */
export const predictCreate = (config: RulesConfig, body: unknown): Prediction => {
  const v = validateCreateShipment(body, { config })
  return isLeft(v) ? problemOf(v.left) : { kind: 'accepted', body: { orderStatus: 'INITIALIZED' }, invariants: SHIPMENT_INVARIANTS, denials: true }
}

/**
 * What the library says about a create that names the quote just answered for `quoteBody`: the
 * create's own ProblemDetail, else checkQuoteForShipment's (400 quote_mismatch with a violation
 * per difference of the normalized lane and freight), else an INITIALIZED shipment booked at the
 * quoted price (tenderPrice: the quote is matchable, it was made a moment ago; its creation is
 * its expiry less the declared validity). Undefined when the quote answer cannot be read (its own
 * invariants already failed).
 */
export const predictCreateOnQuote = (config: RulesConfig, quoteBody: unknown, quote: Received, createBody: unknown): Prediction | undefined => {
  const q = objectOf(quote.json)
  const id = q['id']
  const price = q['quotedPriceInCents']
  const expires = typeof q['quoteExpirationTime'] === 'string' ? DateTime.fromISO(q['quoteExpirationTime'], { zone: 'utc' }) : undefined
  if (typeof id !== 'string' || !isCents(price) || expires === undefined || !expires.isValid) return undefined
  const created = validateCreateShipment(createBody, { config })
  if (isLeft(created)) return problemOf(created.left)
  const quoted = validateQuoteRequest(quoteBody, { config })
  if (isLeft(quoted)) return undefined
  const createdAt = expires.minus({ hours: config.quoteValidityHours })
  const stored = { id, companyId: 'caller', createdAt, open: true, quotedPriceInCents: price as number, request: quoted.right }
  const checked = checkQuoteForShipment(stored, created.right, { companyId: 'caller', now: createdAt, config })
  if (isLeft(checked)) return problemOf(checked.left)
  const tender = tenderPrice({ quote: checked.right, freightMatches: true, freshPriceInCents: Number.NaN, now: createdAt }, { config })
  return {
    kind: 'accepted',
    body: { orderStatus: 'INITIALIZED', ...(tender.repriced ? {} : { totalPriceInCents: tender.priceInCents }) },
    invariants: SHIPMENT_INVARIANTS,
  }
}
