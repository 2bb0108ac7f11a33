// Laws for src/rules/freightClass.ts, freightDimensions.ts and accessorials.ts that the mutation run
// (docs/mutation.md) showed missing: values that are not numbers are never coerced (a numeric string
// would give a class, a density or an oversized pallet if it were), a pallet without volume, a
// declared class outside the 18, a scale whose band names no known class, and a stop without an
// address (FRT-06, FRT-07, FRT-11, ADDR-14).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { defaultConfig } from '../../src/config.js'
import { FREIGHT_CLASSES, NMFC_2025_SCALE, DENSITY_SCALE_18, type DensityScale } from '../../src/model/densityScales.js'
import { insideServiceFeeCents } from '../../src/rules/accessorials.js'
import { densityOf, effectiveFreightClass, freightClassForDensity, freightClassForPallet } from '../../src/rules/freightClass.js'
import { isOversized } from '../../src/rules/freightDimensions.js'

const dimsArb = fc.record({ length: fc.integer({ min: 1, max: 120 }), width: fc.integer({ min: 1, max: 120 }), height: fc.integer({ min: 1, max: 120 }) })
const poundsArb = fc.integer({ min: 1, max: 5000 })
/** A number in a form JavaScript would coerce to it: text, a boxed number, a one-element array. */
const coercible = (n: number): fc.Arbitrary<unknown> => fc.constantFrom<unknown>(String(n), [n], Object(n), BigInt(n))
const scaleArb = fc.constantFrom(NMFC_2025_SCALE, DENSITY_SCALE_18)
const lastOf = (s: DensityScale): string => s.bands[s.bands.length - 1]!.freightClass

/** The class by its definition (FRT-07): the first band whose bound the density reaches, in exact rational arithmetic. */
const classOracle = (pounds: number, d: { length: number; width: number; height: number }, s: DensityScale): string => {
  const weight = 172_800n * BigInt(pounds)
  const volume = BigInt(d.length) * BigInt(d.width) * BigInt(d.height)
  for (const b of s.bands) if (weight >= BigInt(Math.round(b.minPcf * 100)) * volume) return b.freightClass
  return lastOf(s)
}

describe('FRT-07 nothing that is not a number is read as one', () => {
  it('densityOf is NaN, and the class of a pallet the last class, when the weight or a dimension is a numeric string, box, array or bigint', () => {
    fc.assert(
      fc.property(poundsArb, dimsArb, fc.constantFrom('poundsWeight', 'length', 'width', 'height'), scaleArb, fc.integer({ min: 0, max: 3 }), (pounds, dims, which, scale, form) => {
        const value = which === 'poundsWeight' ? pounds : dims[which]
        const odd = [String(value), [value], Object(value), BigInt(value)][form]
        const p = which === 'poundsWeight' ? odd : pounds
        const d = which === 'poundsWeight' ? dims : { ...dims, [which]: odd }
        expect(densityOf(p as never, d as never)).toBeNaN()
        expect(freightClassForPallet(p as never, d as never, scale)).toBe(lastOf(scale))
        // the same numbers as numbers: the class by definition, and a finite density
        expect(freightClassForPallet(pounds, dims, scale)).toBe(classOracle(pounds, dims, scale))
        expect(densityOf(pounds, dims)).toBeCloseTo((1728 * pounds) / (dims.length * dims.width * dims.height), 9)
      }),
    )
  })

  it('a density that is not a number gets the last class of the scale, whatever number it would convert to', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }).chain((n) => fc.tuple(fc.constant(n), coercible(n))), scaleArb, ([n, odd], scale) => {
        expect(freightClassForDensity(odd as never, scale)).toBe(lastOf(scale))
        const first = scale.bands.find((b) => n >= b.minPcf)
        expect(freightClassForDensity(n, scale)).toBe(first === undefined ? lastOf(scale) : first.freightClass)
      }),
    )
  })

  it('a pallet with a zero dimension has no volume: the last class, and NaN density', () => {
    fc.assert(
      fc.property(poundsArb, dimsArb, fc.constantFrom('length', 'width', 'height'), scaleArb, (pounds, dims, which, scale) => {
        const flat = { ...dims, [which]: 0 }
        expect(freightClassForPallet(pounds, flat, scale)).toBe(lastOf(scale))
        expect(densityOf(pounds, flat)).toBeNaN()
      }),
    )
  })

  it('a scale band that names no class of the 18, or a bound that is not a number, gives the default scale\'s last class', () => {
    fc.assert(
      fc.property(fc.constantFrom<unknown>('49', 7, null, '', 'class 50'), fc.constantFrom<unknown>('1', null, [1]), poundsArb, dimsArb, (name, bound, pounds, dims) => {
        const unnamed = { name: 'odd', bands: [{ minPcf: 0, freightClass: name }] } as unknown as DensityScale
        expect(freightClassForPallet(pounds, dims, unnamed)).toBe('400')
        expect(freightClassForDensity(3, unnamed)).toBe('400')
        const unbounded = { name: 'odd', bands: [{ minPcf: bound, freightClass: '50' }] } as unknown as DensityScale
        expect(freightClassForDensity(3, unbounded)).toBe('400')
        // a scale that only names known classes keeps them
        const known = { name: 'two', bands: [{ minPcf: 0, freightClass: '85' }] } as DensityScale
        expect(freightClassForPallet(pounds, dims, known)).toBe('85')
        expect(freightClassForDensity('3' as never, known)).toBe('85')
      }),
    )
  })
})

describe('FRT-06 a declared class counts only when it is one of the 18', () => {
  it('declared: that class; outside the 18 or absent: the class from density', () => {
    fc.assert(
      fc.property(poundsArb, dimsArb, fc.option(fc.oneof(fc.constantFrom(...FREIGHT_CLASSES), fc.constantFrom('49', '', '65.0', 'fifty')), { nil: undefined }), (pounds, dims, declared) => {
        const r = effectiveFreightClass({ poundsWeight: pounds, dimensions: dims, ...(declared === undefined ? {} : { freightClass: declared }) } as never)
        if (declared !== undefined && (FREIGHT_CLASSES as ReadonlyArray<string>).includes(declared)) expect(r).toEqual({ freightClass: declared, source: 'declared' })
        else expect(r).toEqual({ freightClass: classOracle(pounds, dims, defaultConfig.densityScale), source: 'density' })
      }),
    )
  })
})

describe('FRT-11 a footprint that is not numbers is not oversized', () => {
  it('a length or width given as text, box or array is never compared, however large it reads', () => {
    fc.assert(
      fc.property(fc.integer({ min: 49, max: 500 }).chain((n) => coercible(n)), fc.constantFrom('length', 'width'), (big, which) => {
        expect(isOversized({ length: 40, width: 40, height: 40, [which]: big } as never)).toBe(false)
        expect(isOversized({ length: 40, width: 40, height: 40, [which]: 500 })).toBe(true)
      }),
    )
  })
})

describe('ADDR-14 inside service is counted per stop that asks for it; a stop without an address asks for nothing', () => {
  it('the fee times the number of stops with insideRequired true, a missing stop counting none', () => {
    const stopArb = fc.option(fc.record({ insideRequired: fc.constantFrom<unknown>(true, false, 'true', 1, undefined) }), { nil: undefined })
    fc.assert(
      fc.property(stopArb, stopArb, (pickup, delivery) => {
        const stops: Record<string, unknown> = {}
        if (pickup !== undefined) stops['pickupAddress'] = pickup
        if (delivery !== undefined) stops['deliveryAddress'] = delivery
        const count = [pickup, delivery].filter((s) => s?.insideRequired === true).length
        expect(insideServiceFeeCents(stops as never)).toBe(defaultConfig.insideServiceFeeCents * count)
      }),
    )
  })
})
