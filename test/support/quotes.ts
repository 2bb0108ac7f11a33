// A stored quote for the confirm-time properties (CRT-05): the quote the shipment `body` was
// priced on, created at QUOTE_CREATED by `companyId`.
import { DateTime } from 'luxon'
import type { QuoteWithRequest } from '../../src/rules/confirm.js'
import { validateQuoteRequest } from '../../src/rules/requests.js'
import { rightOf } from './either.js'

export const QUOTE_ID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301'
export const QUOTE_CREATED = DateTime.fromISO('2026-11-22T08:00:00Z')

export const quoteFor = (body: Record<string, unknown>, companyId = 'acme'): QuoteWithRequest => ({
  id: QUOTE_ID,
  companyId,
  createdAt: QUOTE_CREATED,
  open: true,
  quotedPriceInCents: 184_500,
  request: rightOf(validateQuoteRequest({ pickupAddress: body['pickupAddress'], deliveryAddress: body['deliveryAddress'], orderComponents: body['orderComponents'] })),
})
