import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { defaultConfig } from '../../src/config.js'
import { InvoiceResponse } from '../../src/model/invoice.js'
import { ORDER_STATUSES } from '../../src/model/orderStatuses.js'
import { normalizeAddress } from '../../src/rules/address.js'
import { freightClassForPallet } from '../../src/rules/freightClass.js'
import { buildInvoice, type Charge, type InvoiceOrder } from '../../src/rules/invoice.js'
import { shipmentAddressArb } from '../../src/arbitraries/address.js'
import { componentsArb } from '../../src/arbitraries/components.js'
import { rightOf } from '../support/either.js'
import { validateComponents } from '../../src/rules/freightComponents.js'

const addressArb = shipmentAddressArb.map((a) => rightOf(normalizeAddress(a)))
const chargeArb = fc.record({
  chargeType: fc.constantFrom('BASE_FREIGHT', 'FUEL_SURCHARGE', 'LIFTGATE', 'INSIDE_DELIVERY', 'DISCOUNT'),
  description: fc.constantFrom('Linehaul', 'Fuel', 'Liftgate at delivery', 'Inside delivery', 'Volume discount'),
  amountInCents: fc.integer({ min: -50_000, max: 5_000_000 }),
})
const orderArb = fc
  .record({
    pickupAddress: addressArb,
    deliveryAddress: addressArb,
    components: componentsArb.map((c) => rightOf(validateComponents(c))),
    nmfc: fc.array(fc.option(fc.stringMatching(/^\d{5,6}$/), { nil: undefined }), { minLength: 4, maxLength: 4 }),
    poNumber: fc.option(fc.constantFrom('PO-88123'), { nil: undefined }),
  })
  .map(({ nmfc, components, poNumber, ...rest }): InvoiceOrder => ({
    id: 'ord_1',
    orderNumber: 'A1B2C',
    status: 'DELIVERED',
    shipDate: '2026-11-18T14:00:00Z',
    deliveryDate: '2026-11-20T16:30:00Z',
    ...(poNumber === undefined ? {} : { poNumber }),
    ...rest,
    // drop the derived class so that some lines derive it, and set nmfcCode on some
    components: components.map((c, i) => {
      const { freightClass, ...others } = c
      const withClass = i % 2 === 0 ? { ...others, freightClass } : others
      return nmfc[i] === undefined ? withClass : { ...withClass, nmfcCode: nmfc[i]! }
    }),
  }))

describe('INV-01 and ORD-05 only delivered shipments', () => {
  it('every other state is 400 invoice_not_available', () => {
    fc.assert(
      fc.property(orderArb, fc.constantFrom(...ORDER_STATUSES.filter((s) => s !== 'DELIVERED')), (order, status) => {
        const r = buildInvoice({ ...order, status }, [], { invoiceDate: '2026-11-22T00:00:00Z' })
        expect(r._tag === 'Left' && [r.left.status, r.left.reason]).toEqual([400, 'invoice_not_available'])
      }),
    )
  })
})

describe('INV-02 … INV-04 and ID-02 invoice contents in cents', () => {
  it('a line per component, nmfcCode null when none was supplied (never the class), totals equal the sums, billTo the shipper when prepaid', () => {
    fc.assert(
      fc.property(orderArb, fc.array(chargeArb, { maxLength: 6 }), (order, charges) => {
        const inv = rightOf(buildInvoice(order, charges, { invoiceDate: '2026-11-22T00:00:00Z' }))
        expect(inv.lineItems).toHaveLength(order.components.length)
        inv.lineItems.forEach((l, i) => {
          const c = order.components[i]!
          expect(l.nmfcCode).toBe(c.nmfcCode ?? null)
          // derived on the configured scale (by default NMFC 2025 since issue 14)
          expect(l.freightClass).toBe(c.freightClass ?? freightClassForPallet(c.poundsWeight, c.dimensions, defaultConfig.densityScale))
          expect([l.weight, l.quantity]).toEqual([c.poundsWeight * c.palletCount, c.palletCount])
        })
        expect(inv.totalChargesInCents).toBe(charges.reduce((s, c) => s + c.amountInCents, 0))
        expect(inv.totalWeight).toBe(inv.lineItems.reduce((s, l) => s + l.weight, 0))
        expect(inv.totalPieces).toBe(inv.lineItems.reduce((s, l) => s + l.quantity, 0))
        expect([inv.shipper, inv.consignee, inv.billTo]).toEqual([order.pickupAddress, order.deliveryAddress, order.pickupAddress])
        expect(isRight(InvoiceResponse.decode(inv))).toBe(true)
      }),
    )
  })
  it('a collect shipment bills the given party, and needs one', () => {
    fc.assert(
      fc.property(orderArb, addressArb, (order, billTo) => {
        expect(rightOf(buildInvoice(order, [], { invoiceDate: '2026-11-22T00:00:00Z', prepaid: false, billTo })).billTo).toEqual(billTo)
        const r = buildInvoice(order, [], { invoiceDate: '2026-11-22T00:00:00Z', prepaid: false })
        expect(r._tag === 'Left' && r.left.violations?.map((v) => v.field)).toEqual(['billTo'])
      }),
    )
  })
  it('money stays in whole cents: a fractional amount, or a total past 2^53, is 400 at the charge', () => {
    fc.assert(
      fc.property(orderArb, fc.double({ noInteger: true, noNaN: true, min: -1e6, max: 1e6 }), (order, amount) => {
        const charges: Charge[] = [{ chargeType: 'BASE_FREIGHT', description: 'Linehaul', amountInCents: amount }]
        const r = buildInvoice(order, charges, { invoiceDate: '2026-11-22T00:00:00Z' })
        expect(r._tag === 'Left' && r.left.violations?.map((v) => v.field)).toEqual(['charges[0].amountInCents'])
        const big: Charge[] = [{ chargeType: 'A', description: 'a', amountInCents: Number.MAX_SAFE_INTEGER }, { chargeType: 'B', description: 'b', amountInCents: 1 }]
        const r2 = buildInvoice(order, big, { invoiceDate: '2026-11-22T00:00:00Z' })
        expect(r2._tag === 'Left' && r2.left.violations?.map((v) => v.field)).toEqual(['charges[1].amountInCents'])
      }),
    )
  })
})
