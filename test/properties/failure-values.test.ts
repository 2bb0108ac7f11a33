// Every total function answers input it cannot read (a Proxy whose every trap throws, an object
// whose getters throw, an array whose elements throw) with the failure value its doc comment's
// "Total:" line documents: exactly that value, not merely a value of the declared type (the
// robustness suite checks the type). The mutation run (docs/mutation.md) showed the failure
// values themselves unpinned: `total()`'s fallback could have returned anything.
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { insideServiceFeeCents } from '../../src/rules/accessorials.js'
import { validateAppointmentRequirement } from '../../src/rules/appointment.js'
import { checkAppointmentPresence } from '../../src/rules/appointmentChecks.js'
import { contactKey, mergeAppointment, readAppointmentResponse } from '../../src/rules/appointmentMerge.js'
import { addBusinessDays, isBusinessDay, transitDays } from '../../src/rules/calendar.js'
import { estimateDelivery } from '../../src/rules/calendarEta.js'
import { checkQuoteForShipment, validateConfirm } from '../../src/rules/confirm.js'
import { appointmentPdfLookup, checkAppointmentUpload, checkAppointmentUploadStart, deleteDocument, findDocument, uploadDocument } from '../../src/rules/documents.js'
import { densityOf, effectiveFreightClass, freightClassForDensity, freightClassForPallet } from '../../src/rules/freightClass.js'
import { inspectComponents, orderTotals, validateComponents } from '../../src/rules/freightComponents.js'
import { isOversized, resolveDimensions } from '../../src/rules/freightDimensions.js'
import { buildInvoice } from '../../src/rules/invoice.js'
import { isQuoteMatchable, newestQuoteByReference, quoteByReferenceResponse, quoteExpiresAt, tenderPrice } from '../../src/rules/quotes.js'
import { validateCreateShipmentReference, validateQuoteRequestReference } from '../../src/rules/requests.js'
import { authorize } from '../../src/rules/tenancy.js'
import { validateGpsData } from '../../src/rules/tracking.js'
import { estimateLocation } from '../../src/rules/trackingEstimate.js'
import { buildTracking, describeStatus } from '../../src/rules/trackingStatus.js'

const NOW = DateTime.fromISO('2026-11-24T12:00:00Z', { zone: 'utc' })
const ROOT_VIOLATION = { field: '', entity: null, code: 'type', reason: 'could not be read: the input is not of the documented type' }
/** An array whose every element read throws (Array.isArray sees an array). */
const throwingArray = (): unknown[] => {
  const a: unknown[] = [1, 2]
  for (const i of [0, 1]) Object.defineProperty(a, i, { get: () => { throw new Error(`element ${i}`) }, enumerable: true })
  return a
}
const boom = (): never => {
  throw new Error('unreadable')
}
/** An object (typeof 'object', not a function) whose every trap throws: reading, listing keys, `in`, its prototype. */
const throwingObject = (): object =>
  new Proxy({}, { get: boom, has: boom, ownKeys: boom, getOwnPropertyDescriptor: boom, getPrototypeOf: boom, set: boom, defineProperty: boom, deleteProperty: boom, isExtensible: boom, preventExtensions: boom })
/** The same with only the reading traps throwing (keys listed, `in` and the prototype answer). */
const throwingReads = (): object => new Proxy({ a: 1 }, { get: boom, getOwnPropertyDescriptor: boom })
/** The unreadable things, each made afresh per call. */
const unreadableArb = fc.constantFrom<() => unknown>(throwingObject, throwingReads)

/** The 400 validation_failed Left with one type violation at the root. */
const unreadableProblem = (r: unknown): void => {
  expect(r).toMatchObject({ _tag: 'Left', left: { status: 400, reason: 'validation_failed', detail: 'The request has 1 invalid field.' } })
  expect((r as { left: { violations: unknown } }).left.violations).toEqual([ROOT_VIOLATION])
}
/** The Left of a `Result`: one type violation at the root. */
const unreadableResult = (r: unknown): void => expect(r).toEqual({ _tag: 'Left', left: [ROOT_VIOLATION] })

describe('the documented failure value of every total function, for input it cannot read', () => {
  it('numbers and classes: NaN, the last class of the default scale, false, NaN totals and dimensions', () => {
    fc.assert(
      fc.property(unreadableArb, (bad) => {
        expect(insideServiceFeeCents(bad() as never)).toBeNaN()
        expect(densityOf(1, bad() as never)).toBeNaN()
        expect(freightClassForDensity(1, bad() as never)).toBe('400')
        expect(freightClassForPallet(1, bad() as never)).toBe('400')
        expect(effectiveFreightClass(bad() as never)).toStrictEqual({ freightClass: '400', source: 'density' })
        expect(orderTotals(throwingArray() as never)).toStrictEqual({ totalPalletCount: Number.NaN, totalPoundsWeight: Number.NaN })
        expect(resolveDimensions(bad() as never)).toStrictEqual({ length: Number.NaN, width: Number.NaN, height: Number.NaN, source: 'dimensions', notices: [] })
        expect(isOversized(bad() as never)).toBe(false)
      }),
      { numRuns: 4 },
    )
  })

  it('validators: the 400 with one type violation at the root, or the Result with it', () => {
    fc.assert(
      fc.property(unreadableArb, (bad) => {
        unreadableProblem(inspectComponents(throwingArray()))
        unreadableProblem(validateComponents(throwingArray()))
        unreadableProblem(validateCreateShipmentReference(bad()))
        unreadableProblem(validateQuoteRequestReference(bad()))
        unreadableProblem(validateConfirm(bad() as never))
        unreadableProblem(checkQuoteForShipment(bad() as never, bad() as never, { companyId: 'acme', now: NOW }))
        unreadableProblem(checkAppointmentUploadStart(bad() as never))
        unreadableProblem(checkAppointmentUpload(bad() as never))
        unreadableProblem(appointmentPdfLookup(bad() as never))
        unreadableProblem(buildInvoice(bad() as never, [], { invoiceDate: '2026-11-24' }))
        unreadableProblem(newestQuoteByReference(throwingArray() as never, { companyId: 'acme', reference: 'PO-1' }))
        unreadableProblem(buildTracking(bad() as never, { include: { location: false }, now: NOW }))
        unreadableResult(validateAppointmentRequirement(bad()))
        unreadableResult(readAppointmentResponse(bad()))
        unreadableResult(validateGpsData(bad(), NOW))
        expect(checkAppointmentPresence(bad() as never)).toEqual([ROOT_VIOLATION])
      }),
      { numRuns: 4 },
    )
  })

  it('the rest: an empty key, the merge of nothing, null, false, an invalid DateTime, an empty set, undefined, 401, the unavailable estimate, a re-priced tender', () => {
    fc.assert(
      fc.property(unreadableArb, (bad) => {
        expect(contactKey(bad() as never)).toBe('')
        expect(mergeAppointment(bad() as never)).toStrictEqual(mergeAppointment({}))
        expect(transitDays(bad() as never, NOW, bad() as never)).toBeNull()
        expect(isBusinessDay(NOW, bad() as never)).toBe(false)
        const later = addBusinessDays(NOW, 1, bad() as never)
        expect(DateTime.isDateTime(later) && later.isValid).toBe(false)
        expect(estimateDelivery(bad() as never)).toBeNull()
        const expires = quoteExpiresAt(NOW, bad() as never)
        expect(DateTime.isDateTime(expires) && expires.isValid).toBe(false)
        expect(isQuoteMatchable(bad() as never, NOW)).toBe(false)
        expect(quoteByReferenceResponse(bad() as never, NOW)).toStrictEqual({ quoteId: '', customerReference: '', matchable: false })
        expect(tenderPrice(bad() as never)).toStrictEqual({ repriced: true, reason: 'no_quote', priceInCents: Number.NaN, differenceInCents: null, flagForOperations: true })
        expect(uploadDocument(throwingArray() as never, bad() as never)).toEqual([])
        expect(deleteDocument(throwingArray() as never, 'PICKUP', 'PACKING_SLIP')).toEqual([])
        expect(findDocument(throwingArray() as never, 'PICKUP', 'PACKING_SLIP')).toBeUndefined()
        expect(describeStatus(bad() as never)).toBeUndefined()
        const denied = authorize(bad() as never)
        expect(denied).toMatchObject({ _tag: 'Left', left: { status: 401, reason: 'unauthorized' } })
        const estimate = estimateLocation(bad() as never)
        expect(estimate).toMatchObject({
          center: { vehicleId: '', timestamp: '1970-01-01T00:00:00Z', latitude: 0, longitude: 0, heading: 0, speed: 0 },
          isSignificantlyDelayed: true,
          delayMessage: 'No position estimate: the input could not be read.',
        })
      }),
      { numRuns: 4 },
    )
  })
})
