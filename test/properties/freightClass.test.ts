import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { makeConfig } from '../../src/config.js'
import { DENSITY_SCALE_18, FREIGHT_CLASSES, NMFC_2025_SCALE, type DensityScale } from '../../src/model/densityScales.js'
import { densityOf, effectiveFreightClass, freightClassForDensity, freightClassForPallet } from '../../src/rules/freightClass.js'
import { deepFreeze } from '../arbitraries/freeze.js'

// The scales as the spec (issue 3, RULES.md FRT-07) writes them: lower bound as decimal text → class.
const SPEC_18: ReadonlyArray<readonly [string, string]> = [
  ['50', '50'], ['35', '55'], ['30', '60'], ['22.5', '65'], ['15', '70'], ['13.5', '77.5'], ['12', '85'], ['10.5', '92.5'],
  ['9', '100'], ['8', '110'], ['7', '125'], ['6', '150'], ['5', '175'], ['4', '200'], ['3', '250'], ['2', '300'], ['1', '400'], ['0', '500'],
]
const SPEC_NMFC_2025: ReadonlyArray<readonly [string, string]> = [
  ['50', '50'], ['35', '55'], ['30', '60'], ['22.5', '65'], ['15', '70'], ['12', '85'], ['10', '92.5'], ['8', '100'],
  ['6', '125'], ['4', '175'], ['2', '250'], ['1', '300'], ['0', '400'],
]
const SCALES: ReadonlyArray<readonly [DensityScale, ReadonlyArray<readonly [string, string]>]> = [
  [DENSITY_SCALE_18, SPEC_18],
  [NMFC_2025_SCALE, SPEC_NMFC_2025],
]

/** A decimal text as an exact fraction: '22.5' → [225n, 10n]. */
const fraction = (text: string): [bigint, bigint] => {
  const [whole, frac = ''] = text.split('.')
  return [BigInt(whole! + frac), 10n ** BigInt(frac.length)]
}

/**
 * Rational oracle: density = 1728·w / (L·W·H) exactly; scan thresholds from the lowest upward and
 * keep the class of the highest threshold reached (the code scans from the top).
 */
const oracleClass = (table: ReadonlyArray<readonly [string, string]>, w: bigint, l: bigint, wd: bigint, h: bigint): string => {
  let cls = table[table.length - 1]![1]
  for (let i = table.length - 1; i >= 0; i--) {
    const [num, den] = fraction(table[i]![0])
    if (1728n * w * den >= num * l * wd * h) cls = table[i]![1]
    else break
  }
  return cls
}

const dimsArb = fc.record({ length: fc.integer({ min: 1, max: 120 }), width: fc.integer({ min: 1, max: 120 }), height: fc.integer({ min: 1, max: 120 }) })
const scaleArb = fc.constantFrom(...SCALES)

describe('FRT-07 class from density', () => {
  it('where floating point drifts, the class does not: 1000 lb on 40 x 40 x 36 in is exactly 30 pcf, class 60', () => {
    const dims = { length: 40, width: 40, height: 36 }
    expect(1000 / ((40 * 40 * 36) / 1728)).toBeLessThan(30) // the naive computation: 29.999999999999996
    expect(freightClassForPallet(1000, dims)).toBe('60')
    expect(freightClassForPallet(500, dims)).toBe('70') // exactly 15 pcf
    expect(freightClassForPallet(450, dims)).toBe('77.5') // exactly 13.5 pcf
  })
  it('the scale tables are the spec’s: every threshold and class, in order', () => {
    for (const [scale, table] of SCALES) expect(scale.bands.map((b) => [String(b.minPcf), b.freightClass])).toEqual(table)
  })
  it('on random integer weights and dimensions, the class equals the rational-arithmetic oracle', () => {
    fc.assert(
      fc.property(scaleArb, fc.integer({ min: 1, max: 20_000 }), dimsArb, ([scale, table], w, d) => {
        expect(freightClassForPallet(w, d, scale)).toBe(oracleClass(table, BigInt(w), BigInt(d.length), BigInt(d.width), BigInt(d.height)))
      }),
    )
  })
  it('exactly on every threshold the class is that threshold’s (bounds inclusive), one pound less the class below', () => {
    // dims (12a, 12b, 24c): density = w / (2abc), so w = 2abc·t lands exactly on t (2t is whole)
    fc.assert(
      fc.property(scaleArb.chain(([scale, table]) => fc.tuple(fc.constant(scale), fc.constant(table), fc.integer({ min: 0, max: table.length - 2 }))), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), ([scale, table, i], a, b, c) => {
        const [t, cls] = table[i]!
        const w = 2 * a * b * c * Number(t)
        const dims = { length: 12 * a, width: 12 * b, height: 24 * c }
        expect(densityOf(w, dims)).toBe(Number(t))
        expect(freightClassForPallet(w, dims, scale)).toBe(cls)
        expect(freightClassForPallet(w - 1, dims, scale)).toBe(table[i + 1]![1])
      }),
    )
  })
  it('is exact with huge integers too (BigInt past 2^53): on a threshold and one pound below', () => {
    fc.assert(
      fc.property(scaleArb, fc.bigInt({ min: 1n, max: 10n ** 4n }), fc.bigInt({ min: 1n, max: 10n ** 4n }), fc.bigInt({ min: 1n, max: 10n ** 4n }), ([scale, table], a, b, c) => {
        let checked = 0
        for (let i = 0; i < table.length - 1; i++) {
          const [t, cls] = table[i]!
          const [num, den] = fraction(t)
          // with L = 12a·den, W = 12b, H = 24c: 1728·w = t·L·W·H gives w = 2abc·num, a whole number
          const l = 12n * a * den
          const wd = 12n * b
          const h = 24n * c
          const w = (num * l * wd * h) / (1728n * den)
          if ((num * l * wd * h) % (1728n * den) !== 0n || w > BigInt(Number.MAX_SAFE_INTEGER) || l * wd * h > BigInt(Number.MAX_SAFE_INTEGER)) continue
          const dims = { length: Number(l), width: Number(wd), height: Number(h) }
          expect(freightClassForPallet(Number(w), dims, scale)).toBe(cls)
          expect(freightClassForPallet(Number(w) - 1, dims, scale)).toBe(oracleClass(table, w - 1n, l, wd, h))
          checked += 1
        }
        expect(checked).toBeGreaterThan(0)
      }),
    )
  })
  it('the class never increases as density increases, and every positive density maps to exactly one class of the scale', () => {
    fc.assert(
      fc.property(scaleArb, fc.double({ min: 0, max: 200, noNaN: true }), fc.double({ min: 0, max: 200, noNaN: true }), ([scale, table], x, y) => {
        const [lo, hi] = x <= y ? [x, y] : [y, x]
        expect(Number(freightClassForDensity(hi, scale))).toBeLessThanOrEqual(Number(freightClassForDensity(lo, scale)))
        const cls = freightClassForDensity(lo, scale)
        const matching = table.filter(([t], i) => lo >= Number(t) && (i === 0 || lo < Number(table[i - 1]![0])))
        expect(matching.map(([, c]) => c)).toEqual([cls])
      }),
    )
  })
  it('freightClassForDensity agrees with the exact pallet class whenever the density is exact (12 x 12 x 12 in: density = pounds)', () => {
    fc.assert(
      fc.property(scaleArb, fc.integer({ min: 1, max: 200 }), ([scale], w) => {
        expect(freightClassForDensity(w, scale)).toBe(freightClassForPallet(w, { length: 12, width: 12, height: 12 }, scale))
      }),
    )
  })
  it('permuting length, width and height, or scaling the pallet by k with the weight by k³, never changes the class', () => {
    fc.assert(
      fc.property(scaleArb, fc.integer({ min: 1, max: 5000 }), dimsArb, fc.integer({ min: 2, max: 6 }), ([scale], w, d, k) => {
        const cls = freightClassForPallet(w, d, scale)
        expect(freightClassForPallet(w, { length: d.height, width: d.length, height: d.width }, scale)).toBe(cls)
        expect(freightClassForPallet(w, { length: d.width, width: d.height, height: d.length }, scale)).toBe(cls)
        expect(freightClassForPallet(w * k ** 3, { length: d.length * k, width: d.width * k, height: d.height * k }, scale)).toBe(cls)
      }),
    )
  })
  it('no number makes the class functions throw, and the answer is always a class of the scale', () => {
    const anyNumber = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 0, 2 ** 60))
    fc.assert(
      fc.property(scaleArb, anyNumber, anyNumber, anyNumber, anyNumber, ([scale], w, l, wd, h) => {
        const classes = scale.bands.map((b) => b.freightClass)
        expect(classes).toContain(freightClassForDensity(w, scale))
        expect(classes).toContain(freightClassForPallet(w, deepFreeze({ length: l, width: wd, height: h }), scale))
        expect(typeof densityOf(w, { length: l, width: wd, height: h })).toBe('number')
      }),
    )
  })
})

describe('FRT-06 declared class', () => {
  it('a declared class is returned as is, whatever the density and palletCount; otherwise the exact class on the configured scale', () => {
    const nmfc = makeConfig({ densityScale: NMFC_2025_SCALE })
    if (!isRight(nmfc)) throw new Error('configuration rejected')
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), dimsArb, fc.option(fc.constantFrom(...FREIGHT_CLASSES), { nil: undefined }), fc.integer({ min: 1, max: 26 }), fc.boolean(), (w, d, declared, palletCount, useNmfc) => {
        const config = useNmfc ? nmfc.right : undefined
        const component = deepFreeze({ poundsWeight: w, dimensions: d, freightClass: declared, palletCount })
        const r = effectiveFreightClass(component, config === undefined ? {} : { config })
        if (declared !== undefined) expect(r).toEqual({ freightClass: declared, source: 'declared' })
        else expect(r).toEqual({ freightClass: freightClassForPallet(w, d, useNmfc ? NMFC_2025_SCALE : DENSITY_SCALE_18), source: 'density' })
      }),
    )
  })
})
