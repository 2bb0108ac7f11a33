/**
 * Confirmation and the quote behind a shipment (spec: States and transitions, Confirm-time
 * validation, Endpoints rules 3 and 4). Implements ORD-03, CNF-01 … CNF-04 and CRT-05.
 *
 * @module
 */
import type { Either } from 'fp-ts/lib/Either.js'
import type { DateTime } from 'luxon'
import { defaultConfig, type RulesConfig } from '../config.js'
import { problemFor, validationProblem, type ProblemDetail } from '../errors/problem.js'
import { violationAt, type Violation } from '../errors/violation.js'
import { left, right } from '../internal/either.js'
import { isObject, own } from '../internal/input.js'
import { checkAppointmentPresence } from './appointmentChecks.js'
import { transition } from './orderLifecycle.js'
import { quoteExpiresAt, type StoredQuote } from './quotes.js'
import { validateCreateShipment, type NormalizedCreateShipment, type NormalizedQuoteRequest } from './requests.js'
import { total } from '../internal/total.js'
import { unreadableProblem } from '../errors/unreadable.js'

/**
 * What confirmation is decided from (API.md): the order's state and quote, the stored create
 * body, and the appointment data of each stop at place and order level.
 *
 * @category model
 * @since 0.1.0
 */
export interface ConfirmInput {
  readonly status: unknown
  readonly quoteId?: string | null | undefined
  readonly request: unknown
  readonly placeAppointments?: { readonly pickup?: unknown; readonly delivery?: unknown } | undefined
  readonly placeAppointmentRequired?: { readonly pickup?: boolean; readonly delivery?: boolean } | undefined
  readonly orderAppointments?: { readonly pickup?: unknown; readonly delivery?: unknown } | undefined
}

/**
 * Decides a confirm: only from INITIALIZED (else 400 `invalid_transition`), only with an
 * associated quote (else 400 `quote_required`), only when the stored request passes every
 * confirm-time check again (addresses, description, components and totals: 400, or 422
 * `pallet_invalid` for limits) and every stop whose address or place requires an appointment
 * has a valid requirement at place or order level (400 naming the stop). Success gives the
 * next state, CONFIRMED, and the normalized request.
 *
 * Implements ORD-03, CNF-01 … CNF-04. Decision (D): the order-level requirement of a stop is
 * `orderAppointments[stop]` when given, else the inline block of the stored request; appointment
 * violations are 400 and so beat pallet limits.
 *
 * Total: input it cannot read gives a 400 `validation_failed` Left with one `type` violation at the root (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * validateConfirm({ status: 'CONFIRMED', quoteId: 'q', request: {} }).left.reason
 * //=> 'invalid_transition'
 *
 * @category rules
 * @since 0.1.0
 */
export const validateConfirm = /* @__PURE__ */ total(
(
  input: ConfirmInput,
  options: { readonly config?: RulesConfig } = {},
): Either<ProblemDetail, { readonly status: 'CONFIRMED'; readonly request: NormalizedCreateShipment }> => {
  const next = transition(input.status, 'CONFIRM')
  if (next._tag === 'Left') return next
  if (typeof input.quoteId !== 'string' || input.quoteId.trim() === '') {
    return left(problemFor('quote_required', 'An order is confirmed only with an associated quote.'))
  }
  const validated = validateCreateShipment(input.request, options)
  const presence: Violation[] = []
  const body = isObject(input.request) ? input.request : {}
  const inline = own(body, 'appointments')
  for (const stop of ['pickup', 'delivery'] as const) {
    const address = own(body, `${stop}Address`)
    presence.push(
      ...checkAppointmentPresence({
        stop,
        addressRequired: isObject(address) && own(address, 'appointmentRequired') === true,
        placeRequired: input.placeAppointmentRequired?.[stop] === true,
        place: input.placeAppointments?.[stop],
        order: input.orderAppointments?.[stop] ?? (isObject(inline) ? own(inline, stop) : undefined),
      }),
    )
  }
  if (presence.length > 0) {
    const others = validated._tag === 'Left' ? (validated.left.violations ?? []) : []
    return left(validationProblem([...others, ...presence]))
  }
  if (validated._tag === 'Left') return validated
  return right({ status: 'CONFIRMED', request: validated.right })
},
  () => unreadableProblem<{ readonly status: 'CONFIRMED'; readonly request: NormalizedCreateShipment }>(),
)

/**
 * A stored quote with the request it priced.
 *
 * @category model
 * @since 0.1.0
 */
export interface QuoteWithRequest extends StoredQuote {
  readonly request: NormalizedQuoteRequest
}

const freightKey = (c: { readonly palletCount: number; readonly poundsWeight: number; readonly dimensions: { readonly length: number; readonly width: number; readonly height: number }; readonly freightClass: string }): string =>
  `${c.palletCount}x${c.poundsWeight}@${c.dimensions.length}x${c.dimensions.width}x${c.dimensions.height}/${c.freightClass}`

/**
 * Checks the quote a create request names (CRT-05): 403 `forbidden` when another company owns
 * it, 400 `quote_expired` from its expiry on (48 hours after creation), 400 `quote_mismatch`
 * when the lane or the freight differs, with a violation per difference: the ZIP code or
 * country of either stop, the priced accessorials (liftgateRequired, insideRequired), and the
 * pallet groups.
 *
 * Implements CRT-05. Decision (D): freight matches when the pallet groups are the same multiset
 * of (palletCount, poundsWeight, dimensions, class), in any order; descriptions do not matter.
 *
 * Total: arguments it cannot read give a 400 `validation_failed` Left with one `type` violation at the root (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * checkQuoteForShipment({ id: 'q', companyId: 'globex', createdAt: DateTime.fromISO('2026-11-22T08:00:00Z'), open: true, quotedPriceInCents: 1, request: {} }, {}, { companyId: 'acme', now: DateTime.fromISO('2026-11-22T09:00:00Z') }).left.status
 * //=> 403
 *
 * @category rules
 * @since 0.1.0
 */
export const checkQuoteForShipment = /* @__PURE__ */ total(
(
  quote: QuoteWithRequest,
  request: NormalizedCreateShipment,
  options: { readonly companyId: string; readonly now: DateTime; readonly config?: RulesConfig },
): Either<ProblemDetail, QuoteWithRequest> => {
  if (quote.companyId !== options.companyId) return left(problemFor('forbidden', 'The quote belongs to another company.'))
  const expires = quoteExpiresAt(quote.createdAt, { config: options.config ?? defaultConfig })
  if (!expires.isValid || !options.now.isValid || options.now.toMillis() >= expires.toMillis()) {
    return left(problemFor('quote_expired', 'The quote has expired; request a new one or tender without a quote to be re-priced.'))
  }
  const diffs: Violation[] = []
  const q = quote.request
  for (const stop of ['pickupAddress', 'deliveryAddress'] as const) {
    for (const field of ['zipCode', 'country', 'liftgateRequired', 'insideRequired'] as const) {
      const a = q[stop][field] ?? (field === 'zipCode' || field === 'country' ? undefined : false)
      const b = request[stop][field] ?? (field === 'zipCode' || field === 'country' ? undefined : false)
      if (a !== b) diffs.push(violationAt([stop, field], stop, 'mismatch', 'differs from the quote'))
    }
  }
  const quoted = q.orderComponents.map(freightKey).sort()
  const sent = request.orderComponents.map(freightKey).sort()
  if (quoted.length !== sent.length || quoted.some((k, i) => k !== sent[i])) {
    diffs.push(violationAt(['orderComponents'], 'orderComponents', 'mismatch', 'the pallet groups (count, weight, dimensions, class) differ from the quote'))
  }
  return diffs.length > 0 ? left(problemFor('quote_mismatch', 'The shipment does not match its quote.', diffs)) : right(quote)
},
  () => unreadableProblem<QuoteWithRequest>(),
)
