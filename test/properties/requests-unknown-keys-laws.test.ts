// Unknown members are dropped (the spec's request rules; CRT-*/QTE-* via validateCreateShipment and
// validateQuoteRequest): a request with an unknown member beside every known one, at every level
// (the body, the addresses, the pallet groups and their dimensions, the appointment requirements
// and their contacts, the dispatch contact), each named like its neighbour but for the case of
// its first letter (so of the same length: the readers dispatch on a key's length first), gets the
// answer the request without them gets, on the fast path and the reference alike. Known keys
// that are inherited rather than own are not read either.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validateCreateShipment, validateCreateShipmentReference, validateQuoteRequest, validateQuoteRequestReference } from '../../src/rules/requests.js'
import { fastQuoteRequest } from '../../src/rules/requestsFast.js'
import { fullCreateArb } from '../../src/arbitraries/dispatch.js'
import { quoteRequestArb } from '../../src/arbitraries/quote.js'

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const twin = (key: string): string => (key[0] === key[0]!.toUpperCase() ? key[0]!.toLowerCase() : key[0]!.toUpperCase()) + key.slice(1)

/** A copy of `v` with, in every object, a twin of every key holding `junk` (arrays are walked, their objects too). */
const sprinkle = (v: unknown, junk: unknown): unknown => {
  if (Array.isArray(v)) return v.map((x) => sprinkle(x, junk))
  if (!isPlain(v)) return v
  const out: Record<string, unknown> = {}
  for (const [k, x] of Object.entries(v)) {
    out[k] = sprinkle(x, junk)
    const t = twin(k)
    if (!(t in v)) out[t] = junk
  }
  return out
}
/** A copy of `v` whose object members are moved to its prototype (inherited, so not read). */
const inherited = (v: Record<string, unknown>, key: string): Record<string, unknown> => {
  const { [key]: moved, ...rest } = v
  return Object.assign(Object.create({ [key]: moved }) as Record<string, unknown>, rest)
}

const junkArb = fc.constantFrom<unknown>(null, 0, 7, '', 'x', true, [], {}, [1, 2], { a: 1 })

describe('unknown members are dropped, at every level', () => {
  /** The body, sprinkled with junk twins, gets the answer of the body alone, on the exported and the reference path. */
  const dropsTwins = (body: Record<string, unknown>, junk: unknown, validate: (b: unknown) => unknown, reference: (b: unknown) => unknown): unknown => {
    const noisy = sprinkle(body, junk)
    const want = validate(body) as { _tag: string }
    expect(want._tag).toBe('Right')
    expect(validate(noisy)).toStrictEqual(want)
    expect(reference(noisy)).toStrictEqual(want)
    return noisy
  }

  it('a create-shipment request with a same-length unknown twin of every member gets the answer it gets without them', () => {
    fc.assert(
      fc.property(fullCreateArb, junkArb, (body, junk) => {
        dropsTwins(body, junk, validateCreateShipment, validateCreateShipmentReference)
      }),
    )
  })

  it('a quote request likewise, and one on the fast path stays on it', () => {
    fc.assert(
      fc.property(quoteRequestArb, junkArb, (body, junk) => {
        const noisy = dropsTwins(body, junk, validateQuoteRequest, validateQuoteRequestReference)
        // noise never pushes a request off the fast path (one with incomplete dimensions is never on it)
        const fast = fastQuoteRequest(body, {})
        if (fast !== undefined) expect(fastQuoteRequest(noisy, {})).toStrictEqual(fast)
      }),
    )
  })

  it('a member inherited rather than own is not read: the request answers as if it were missing', () => {
    fc.assert(
      fc.property(fc.oneof(fullCreateArb.map((b) => ['create', b] as const), quoteRequestArb.map((b) => ['quote', b] as const)), fc.nat(), ([kind, body], n) => {
        const keys = Object.keys(body)
        const key = keys[n % keys.length]!
        const { [key]: _dropped, ...without } = body
        const validate = kind === 'create' ? validateCreateShipment : validateQuoteRequest
        expect(validate(inherited(body, key))).toStrictEqual(validate(without))
      }),
    )
  })
})
