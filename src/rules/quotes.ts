/**
 * Quotes (spec: QuoteResponse, QuoteByReferenceResponse, Endpoints rules 1–3, Limits). Implements
 * QTE-02, QTE-05 … QTE-08: expiry, matchability, the newest quote under a reference, the quote id
 * format and the re-pricing decision of a tender.
 *
 * @module
 */
import { DateTime } from 'luxon'
import { invalidDateTime, isInstant } from '../internal/dateTime.js'
import type { Either } from 'fp-ts/lib/Either.js'
import { defaultConfig, type RulesConfig } from '../config.js'
import { problemFor, validationProblem, type ProblemDetail } from '../errors/problem.js'
import { violationAt } from '../errors/violation.js'
import { left, right } from '../internal/either.js'
import { asciiLowerCase, isWellFormedWireText, WIRE_TEXT_MESSAGE } from '../internal/text.js'
import { formatTest, WIRE_FORMATS } from '../model/patterns.js'
import { total } from '../internal/total.js'
import { unreadableProblem } from '../errors/unreadable.js'

const isQuoteId = formatTest(WIRE_FORMATS.quoteId)

/**
 * A quote as a server stores it.
 *
 * @category model
 * @since 0.1.0
 */
export interface StoredQuote {
  readonly id: string
  readonly companyId: string
  readonly customerReference?: string | null
  readonly createdAt: DateTime
  readonly open: boolean
  readonly quotedPriceInCents: number | null
}

const validityOf = (options: { readonly config?: RulesConfig }): number => (options.config ?? defaultConfig).quoteValidityHours

/**
 * Returns when a quote expires: its creation plus the validity (48 hours by default). An invalid
 * DateTime gives an invalid DateTime.
 *
 * Implements QTE-02.
 *
 * Total: for arguments it cannot read it returns an invalid DateTime (`isValid` false) (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * quoteExpiresAt(DateTime.fromISO('2026-11-20T17:30:00Z', { zone: 'utc' })).toISO()
 * //=> '2026-11-22T17:30:00.000Z'
 *
 * @category rules
 * @since 0.1.0
 */
export const quoteExpiresAt = /* @__PURE__ */ total(
(createdAt: DateTime, options: { readonly config?: RulesConfig } = {}): DateTime =>
  isInstant(createdAt)
    ? createdAt.plus({ hours: validityOf(options) })
    : DateTime.invalid('quoteExpiresAt needs a valid DateTime'),
  () => invalidDateTime(),
)

/**
 * Whether a price can be charged: a positive safe integer of cents.
 * Part of QTE-06.
 *
 * @example
 * [isChargeablePrice(0), isChargeablePrice(12500)]
 * //=> [false, true]
 *
 * @category refinements
 * @since 0.1.0
 */
export const isChargeablePrice = (cents: unknown): cents is number => typeof cents === 'number' && Number.isSafeInteger(cents) && cents > 0

/**
 * Whether a quote can be matched to a tender: open, carrying a chargeable price, and `now` before
 * its expiry (creation + 48 hours).
 *
 * Implements QTE-06. Decision (D): the window is half-open: at exactly 48 hours the quote is no
 * longer matchable; a creation time after `now` (clock skew) does not make it unmatchable.
 *
 * Total: for a quote, `now` or options it cannot read (null, not a DateTime) it returns `false` (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * isQuoteMatchable({ createdAt: DateTime.fromISO('2026-11-20T12:00:00Z'), open: true, quotedPriceInCents: 184_500 }, DateTime.fromISO('2026-11-22T11:59:59Z'))
 * //=> true
 *
 * @category rules
 * @since 0.1.0
 */
export const isQuoteMatchable = /* @__PURE__ */ total(
(
  quote: Pick<StoredQuote, 'createdAt' | 'open' | 'quotedPriceInCents'>,
  now: DateTime,
  options: { readonly config?: RulesConfig } = {},
): boolean => {
  if (quote.open !== true || !isChargeablePrice(quote.quotedPriceInCents)) return false
  if (!isInstant(now)) return false
  const expires = quoteExpiresAt(quote.createdAt, options)
  return expires.isValid && now.toMillis() < expires.toMillis()
},
  () => false,
)

/**
 * Returns the newest quote the caller's company holds under a customer reference: only that
 * company's quotes whose stored reference equals the query exactly, the latest `createdAt`, ties
 * broken by the greatest id. An absent or empty reference is 400 `validation_failed` (`required`
 * at `reference`), one that is not a string (a repeated parameter) `type`, one that is not wire
 * text (an unpaired surrogate or U+0000, ERR-01, ID-03) `encoding`; none is 404
 * `quote_not_found`.
 *
 * Implements QTE-05. Decisions (D): the reference is compared exactly as sent, with the stored one
 * as stored (no trimming, case matters: `PO-1 ` is another reference than `PO-1`); quotes with an
 * invalid `createdAt` are never the newest.
 *
 * Total: quotes or a query it cannot read give a 400 `validation_failed` Left with one `type` violation at the root (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * [newestQuoteByReference([], { companyId: 'c1', reference: '' }).left.status,
 *  newestQuoteByReference([], { companyId: 'c1', reference: ' PO-88' }).left.reason]
 * //=> [400, 'quote_not_found']
 *
 * @category rules
 * @since 0.1.0
 */
export const newestQuoteByReference = /* @__PURE__ */ total(
<Q extends StoredQuote>(
  quotes: ReadonlyArray<Q>,
  query: { readonly companyId: string; readonly reference?: unknown },
): Either<ProblemDetail, Q> => {
  const reference = query.reference
  if (reference === undefined || reference === '') {
    return left(validationProblem([violationAt(['reference'], null, 'required', 'is required: the customer reference to look up')]))
  }
  if (typeof reference !== 'string') {
    return left(validationProblem([violationAt(['reference'], null, 'type', 'must be one customer reference (the parameter given once)')]))
  }
  if (!isWellFormedWireText(reference)) return left(validationProblem([violationAt(['reference'], null, 'encoding', WIRE_TEXT_MESSAGE)]))
  // Only a list is read (a string is iterable too: 10 MB of it would be read character by character).
  if (!Array.isArray(quotes)) return unreadableProblem<Q>()
  let best: Q | undefined
  for (const q of quotes) {
    if (q.companyId !== query.companyId || q.customerReference !== reference) continue
    if (!DateTime.isDateTime(q.createdAt) || !q.createdAt.isValid) continue
    if (best === undefined) best = q
    else {
      const d = q.createdAt.toMillis() - best.createdAt.toMillis()
      if (d > 0 || (d === 0 && q.id > best.id)) best = q
    }
  }
  return best === undefined ? left(problemFor('quote_not_found', 'No quote of this company is held under this reference.')) : right(best)
},
  () => unreadableProblem<never>(),
)

/**
 * The QuoteByReferenceResponse of a stored quote at `now`.
 * Rules QTE-05 and QTE-06.
 *
 * Total: for a quote it cannot read it returns empty strings and `matchable: false` (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * quoteByReferenceResponse({ id: 'q1', companyId: 'c1', customerReference: 'PO-88', createdAt: DateTime.fromISO('2026-11-20T12:00:00Z'), open: true, quotedPriceInCents: 0 }, DateTime.fromISO('2026-11-20T13:00:00Z'))
 * //=> { quoteId: 'q1', customerReference: 'PO-88', matchable: false }
 *
 * @category rules
 * @since 0.1.0
 */
export const quoteByReferenceResponse = /* @__PURE__ */ total(
(
  quote: StoredQuote,
  now: DateTime,
  options: { readonly config?: RulesConfig } = {},
): { readonly quoteId: string; readonly customerReference: string; readonly matchable: boolean } => ({
  quoteId: quote.id,
  customerReference: quote.customerReference ?? '',
  matchable: isQuoteMatchable(quote, now, options),
}),
  () => ({ quoteId: '', customerReference: '', matchable: false }),
)

/**
 * Reads a quote id: a UUID in its RFC 9562 text form (any version), exactly as sent apart from
 * letter case, returned in lower case; anything else (blanks around it included) is 400
 * `invalid_quote_id`.
 *
 * Implements QTE-08. Decisions (D): quote ids are UUIDs; servers that mint other ids would
 * replace this function. Lower-casing is canonicalization, not repair: RFC 9562 makes the hex
 * digits of a UUID case-insensitive, so `3F25…` and `3f25…` are the same id.
 *
 * @example
 * [parseQuoteId('3F2504E0-4F89-11D3-9A0C-0305E82C3301').right, parseQuoteId(' 3f2504e0-4f89-11d3-9a0c-0305e82c3301').left.status]
 * //=> ['3f2504e0-4f89-11d3-9a0c-0305e82c3301', 400]
 *
 * @category rules
 * @since 0.1.0
 */
export const parseQuoteId = (value: unknown): Either<ProblemDetail, string> =>
  typeof value === 'string' && isQuoteId(value)
    ? right(asciiLowerCase(value))
    : left(problemFor('invalid_quote_id', 'A quote id is a UUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301.'))

/**
 * Why a tender was re-priced.
 *
 * @category model
 * @since 0.1.0
 */
export type RepriceReason = 'no_quote' | 'quote_not_matchable' | 'freight_mismatch'

/**
 * The price a tender is booked at.
 *
 * @category model
 * @since 0.1.0
 */
export type TenderPrice =
  | { readonly repriced: false; readonly priceInCents: number }
  | {
      readonly repriced: true
      readonly reason: RepriceReason
      readonly priceInCents: number
      /** Fresh price minus the quoted price, cents; null when there was no quoted price. */
      readonly differenceInCents: number | null
      /** Whether operations must look at it: a re-priced tender whose price differs or had none. */
      readonly flagForOperations: boolean
    }

/**
 * Decides the price of a tender (QTE-07): the quoted price when the quote is matchable and the
 * freight still matches it; otherwise the fresh price, with the reason and the difference in
 * cents, flagged for operations unless the fresh price equals the quoted one.
 *
 * Implements QTE-07. Decision (D): a re-pricing that lands on the same price is not flagged.
 *
 * Total: for input it cannot read it returns a re-priced tender (`no_quote`) with price `NaN`, flagged for operations (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * tenderPrice({ quote: null, freightMatches: false, freshPriceInCents: 210_000, now: DateTime.fromISO('2026-11-22T10:00:00Z') })
 * //=> { repriced: true, reason: 'no_quote', priceInCents: 210000, differenceInCents: null, flagForOperations: true }
 *
 * @category rules
 * @since 0.1.0
 */
export const tenderPrice = /* @__PURE__ */ total(
(
  input: {
    readonly quote: Pick<StoredQuote, 'createdAt' | 'open' | 'quotedPriceInCents'> | null
    readonly freightMatches: boolean
    readonly freshPriceInCents: number
    readonly now: DateTime
  },
  options: { readonly config?: RulesConfig } = {},
): TenderPrice => {
  const { quote, freshPriceInCents } = input
  if (quote !== null && input.freightMatches && isQuoteMatchable(quote, input.now, options)) {
    return { repriced: false, priceInCents: quote.quotedPriceInCents as number }
  }
  const reason: RepriceReason = quote === null ? 'no_quote' : !isQuoteMatchable(quote, input.now, options) ? 'quote_not_matchable' : 'freight_mismatch'
  const quoted = quote !== null && Number.isSafeInteger(quote.quotedPriceInCents) ? (quote.quotedPriceInCents as number) : null
  const differenceInCents = quoted === null ? null : freshPriceInCents - quoted
  return { repriced: true, reason, priceInCents: freshPriceInCents, differenceInCents, flagForOperations: differenceInCents !== 0 }
},
  () => ({ repriced: true as const, reason: 'no_quote' as const, priceInCents: Number.NaN, differenceInCents: null, flagForOperations: true }),
)
