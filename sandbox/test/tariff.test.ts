// The sandbox tariff: deterministic, its parts adding up to the price, configurable by a file
// that is refused when it names an unknown key or a value that is not a whole number.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isOversized, isRight, validateQuoteRequest, type NormalizedQuoteRequest } from 'shipper-rules'
import { DEFAULT_TARIFF, priceRequest, readTariff } from '../src/pricing/tariff.js'
import { quoteBody } from './support/harness.js'

const dir = mkdtempSync(join(tmpdir(), 'sandbox-tariff-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const request = (overrides: Record<string, unknown> = {}): NormalizedQuoteRequest => {
  const valid = validateQuoteRequest(quoteBody(overrides))
  if (!isRight(valid)) throw new Error('invalid fixture')
  return valid.right
}
const price = (r: NormalizedQuoteRequest, tariff = DEFAULT_TARIFF) => priceRequest(r, tariff, (c) => isOversized(c.dimensions))

describe('tariff', () => {
  it('prices the same request the same way, the charges summing to the total', () => {
    const a = price(request())
    const b = price(request())
    expect(a).toEqual(b)
    if (a.kind !== 'priced') throw new Error('not priced')
    expect(a.totalCents).toBe(a.charges.reduce((s, c) => s + c.amountInCents, 0))
    expect(a.transitBusinessDays).toBe(2)
  })

  it('adds the liftgate, inside-service and oversized charges, and more for more weight or distance', () => {
    const base = price(request())
    const extras = price(request({ pickupAddress: { zipCode: '60018', liftgateRequired: true }, deliveryAddress: { zipCode: '75201', insideRequired: true }, orderComponents: [{ palletCount: 2, poundsWeight: 900, dimensions: { length: 50, width: 48, height: 48 } }] }))
    if (base.kind !== 'priced' || extras.kind !== 'priced') throw new Error('not priced')
    expect(extras.charges.map((c) => c.chargeType)).toEqual(['BASE_FREIGHT', 'FUEL_SURCHARGE', 'LIFTGATE', 'INSIDE_SERVICE', 'OVERSIZED'])
    const heavier = price(request({ orderComponents: [{ palletCount: 2, poundsWeight: 1200, dimensions: { length: 48, width: 40, height: 48 } }] }))
    const farther = price(request({ deliveryAddress: { zipCode: '90012' } }))
    if (heavier.kind !== 'priced' || farther.kind !== 'priced') throw new Error('not priced')
    expect(heavier.totalCents).toBeGreaterThan(base.totalCents)
    expect(farther.totalCents).toBeGreaterThan(base.totalCents)
    expect(price(request({ deliveryAddress: { zipCode: '60016' } }))).toMatchObject({ kind: 'priced', transitBusinessDays: 0 })
  })

  it('reads a tariff file, and refuses unknown keys and bad values', () => {
    const file = join(dir, 'tariff.json')
    writeFileSync(file, JSON.stringify({ fuelSurchargePercent: 0, baseCents: 1 }))
    const tariff = readTariff(file)
    expect(tariff).toEqual({ ...DEFAULT_TARIFF, fuelSurchargePercent: 0, baseCents: 1 })
    const priced = price(request(), tariff)
    expect(priced.kind === 'priced' && priced.charges.map((c) => c.chargeType)).toEqual(['BASE_FREIGHT'])
    writeFileSync(file, JSON.stringify({ basecents: 1 }))
    expect(() => readTariff(file)).toThrow(/unknown tariff key basecents/)
    writeFileSync(file, JSON.stringify({ baseCents: 1.5 }))
    expect(() => readTariff(file)).toThrow(/whole number/)
    writeFileSync(file, JSON.stringify({ kmPerTransitDay: 0 }))
    expect(() => readTariff(file)).toThrow(/at least 1/)
  })
})
