// The values the validators and builders return are JSON (spec: every body is JSON): a member is
// present with a value or absent, never present and undefined; no NaN, no -0, no functions. So a
// value survives JSON.stringify and JSON.parse unchanged, key order included. The mutation run
// (docs/mutation.md) showed that `toEqual`, which treats an undefined member as absent, let a
// builder that wrote every optional member, sent or not, pass.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { mergeAppointment, validateAppointmentRequirement } from '../../src/rules/index.js'
import { validateCreateShipment, validateCreateShipmentReference, validateQuoteRequest, validateQuoteRequestReference } from '../../src/rules/requests.js'
import { requirementArb } from '../../src/arbitraries/appointment.js'
import { fullCreateArb } from '../../src/arbitraries/dispatch.js'
import { quoteRequestArb } from '../../src/arbitraries/quote.js'
import { createArb } from '../../src/arbitraries/requests.js'

/** Whether a value is exactly what its JSON text reads back as: strict equality tells an undefined member, NaN (read back as null) and -0 (read back as 0) from the JSON value. */
const isJson = (value: unknown): void => {
  expect(JSON.parse(JSON.stringify(value))).toStrictEqual(value)
}

const rightOf = <A>(r: { readonly _tag: 'Left' } | { readonly _tag: 'Right'; readonly right: A }): A => {
  expect(r._tag).toBe('Right')
  return (r as { readonly right: A }).right
}

describe('CRT-01 … CRT-10, QTE-01 … QTE-03 a valid request normalizes to JSON', () => {
  it('create shipment, by the fast path and the reference alike', () => {
    fc.assert(
      fc.property(fc.oneof(createArb, fullCreateArb), (body) => {
        isJson(rightOf(validateCreateShipment(body)))
        isJson(rightOf(validateCreateShipmentReference(body)))
      }),
    )
  })

  it('quote request, by the fast path and the reference alike', () => {
    fc.assert(
      fc.property(quoteRequestArb, (body) => {
        isJson(rightOf(validateQuoteRequest(body)))
        isJson(rightOf(validateQuoteRequestReference(body)))
      }),
    )
  })
})

describe('APT-01 … APT-14 appointment requirements and their merge are JSON', () => {
  it('a valid requirement, and the merge of any two with any required flags and either side absent', () => {
    fc.assert(
      fc.property(
        requirementArb,
        fc.option(requirementArb, { nil: undefined }),
        fc.option(fc.boolean(), { nil: undefined }),
        fc.option(fc.boolean(), { nil: undefined }),
        (place, order, placeRequired, orderRequired) => {
          const p = rightOf(validateAppointmentRequirement(place))
          isJson(p)
          const o = order === undefined ? undefined : rightOf(validateAppointmentRequirement(order))
          isJson(mergeAppointment({ place: p, ...(o === undefined ? {} : { order: o }), ...(placeRequired === undefined ? {} : { placeRequired }), ...(orderRequired === undefined ? {} : { orderRequired }) }))
        },
      ),
    )
  })
})
