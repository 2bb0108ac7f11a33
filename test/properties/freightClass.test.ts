import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { makeConfig, type RulesConfig } from '../../src/config.js'
import { DENSITY_SCALE_18, FREIGHT_CLASSES, NMFC_2025_SCALE, type DensityScale, type FreightClassName } from '../../src/model/densityScales.js'
import { densityOf, effectiveFreightClass, freightClassForDensity, freightClassForPallet, type PalletSize } from '../../src/rules/freightClass.js'
import {
  boundaryPalletArb,
  exactDensityPalletArb,
  hugeNearDensityPalletArb,
  hugeRandomPalletArb,
  hugeThresholdPalletArb,
  hundredthsPalletArb,
  palletSizeArb,
  positiveDensityArb,
  randomScaleArb,
  thresholdPalletArb,
  weightArb,
  type SpecScale,
  type ThresholdPallet,
} from '../../src/arbitraries/freight.js'
import { deepFreeze } from '../arbitraries/freeze.js'

// ---------------------------------------------------------------------------------------------
// The two scales as the spec writes them (RULES.md FRT-07, issue text): lower bound in pcf as
// decimal text → class, then the class below the lowest bound.

const SPEC_18: SpecScale = {
  thresholds: [
    ['50', '50'], ['35', '55'], ['30', '60'], ['22.5', '65'], ['15', '70'], ['13.5', '77.5'],
    ['12', '85'], ['10.5', '92.5'], ['9', '100'], ['8', '110'], ['7', '125'], ['6', '150'],
    ['5', '175'], ['4', '200'], ['3', '250'], ['2', '300'], ['1', '400'],
  ],
  below: '500',
}

const SPEC_NMFC_2025: SpecScale = {
  thresholds: [
    ['50', '50'], ['35', '55'], ['30', '60'], ['22.5', '65'], ['15', '70'], ['12', '85'],
    ['10', '92.5'], ['8', '100'], ['6', '125'], ['4', '175'], ['2', '250'], ['1', '300'],
  ],
  below: '400',
}

const SPEC_SCALES: ReadonlyArray<{ readonly scale: DensityScale; readonly spec: SpecScale }> = [
  { scale: DENSITY_SCALE_18, spec: SPEC_18 },
  { scale: NMFC_2025_SCALE, spec: SPEC_NMFC_2025 },
]

const specScaleArb = fc.constantFrom(...SPEC_SCALES)
/** Either spec scale or a random well-formed one. */
const anyScaleArb = fc.oneof(specScaleArb, randomScaleArb)

// ---------------------------------------------------------------------------------------------
// Rational oracle: a threshold is the exact fraction its decimal text says; a pallet reaches it
// when 1728·pounds / (L·W·H) ≥ num / den, decided by BigInt cross-multiplication. The scan goes
// from the lowest threshold upward (the code goes from the top down) and keeps the class of the
// highest threshold reached.

/** A decimal text as an exact fraction: '22.5' → [225n, 10n]. */
const fraction = (text: string): readonly [bigint, bigint] => {
  const [whole = '', frac = ''] = text.split('.')
  return [BigInt(whole + frac), 10n ** BigInt(frac.length)]
}

/** The class the spec gives a density of exactly `num / den` pcf (num, den > 0). */
const oracleForDensity = (spec: SpecScale, num: bigint, den: bigint): FreightClassName => {
  let cls = spec.below
  for (const [text, c] of [...spec.thresholds].reverse()) {
    const [tNum, tDen] = fraction(text)
    if (num * tDen >= tNum * den) cls = c
  }
  return cls
}

/** The class the spec gives a pallet of `pounds` in `l` x `w` x `h` inches. */
const oracleForPallet = (spec: SpecScale, pounds: bigint, l: bigint, w: bigint, h: bigint): FreightClassName =>
  oracleForDensity(spec, 1728n * pounds, l * w * h)

const oracle = (spec: SpecScale, pounds: number | bigint, d: PalletSize): FreightClassName =>
  oracleForPallet(spec, BigInt(pounds), BigInt(d.length), BigInt(d.width), BigInt(d.height))

/** A finite non-negative double as an exact fraction (doubling a double is exact). */
const doubleAsFraction = (x: number): readonly [bigint, bigint] => {
  let den = 1n
  while (!Number.isInteger(x)) {
    x *= 2
    den *= 2n
  }
  return [BigInt(x), den]
}

/** The weight that puts a {@link ThresholdPallet} exactly on `text` pcf: poundsPerPcf × num / den, whole. */
const poundsOnThreshold = (pallet: ThresholdPallet, text: string): bigint => {
  const [num, den] = fraction(text)
  expect((pallet.poundsPerPcf * num) % den).toBe(0n)
  const pounds = (pallet.poundsPerPcf * num) / den
  expect(pounds <= BigInt(Number.MAX_SAFE_INTEGER)).toBe(true)
  return pounds
}

/** The class of the band just below threshold i of a spec scale. */
const classBelow = (spec: SpecScale, i: number): FreightClassName => spec.thresholds[i + 1]?.[1] ?? spec.below

/** The thresholds of both spec scales as (exact) doubles. */
const SPEC_THRESHOLDS = [...new Set(SPEC_SCALES.flatMap(({ spec }) => spec.thresholds.map(([t]) => Number(t))))]

/** Checks every threshold of a spec scale on one pallet: exactly on it, and one pound lighter. */
const checkEveryThreshold = (scale: DensityScale, spec: SpecScale, pallet: ThresholdPallet): void => {
  const dims = deepFreeze({ ...pallet.dims })
  spec.thresholds.forEach(([text, cls], i) => {
    const pounds = poundsOnThreshold(pallet, text)
    expect(oracle(spec, pounds, dims)).toBe(cls)
    expect(freightClassForPallet(Number(pounds), dims, scale)).toBe(cls)
    if (pounds - 1n >= 1n) {
      expect(oracle(spec, pounds - 1n, dims)).toBe(classBelow(spec, i))
      expect(freightClassForPallet(Number(pounds - 1n), dims, scale)).toBe(classBelow(spec, i))
    }
  })
}

// ---------------------------------------------------------------------------------------------

describe('FRT-07 class from density', () => {
  it('the scale tables in the code are the spec’s, threshold by threshold and class by class', () => {
    for (const { scale, spec } of SPEC_SCALES) {
      expect(scale.bands).toEqual([
        ...spec.thresholds.map(([t, c]) => ({ minPcf: Number(t), freightClass: c })),
        { minPcf: 0, freightClass: spec.below },
      ])
    }
    // the spec tables themselves: thresholds strictly fall (the bands partition (0, ∞)) while
    // classes strictly rise, and every class is one of the 18
    for (const { spec } of SPEC_SCALES) {
      const classes = [...spec.thresholds.map(([, c]) => c), spec.below]
      for (let i = 1; i < spec.thresholds.length; i++) {
        const [hiNum, hiDen] = fraction(spec.thresholds[i - 1]![0])
        const [loNum, loDen] = fraction(spec.thresholds[i]![0])
        expect(loNum * hiDen < hiNum * loDen).toBe(true)
      }
      for (let i = 1; i < classes.length; i++) expect(Number(classes[i])).toBeGreaterThan(Number(classes[i - 1]))
      for (const c of classes) expect(FREIGHT_CLASSES).toContain(c)
    }
    expect([SPEC_18.thresholds.length + 1, SPEC_NMFC_2025.thresholds.length + 1]).toEqual([18, 13])
  })

  it('where the usual floating-point formula drifts, the class does not: 1000 lb on 40 x 40 x 36 in is exactly 30 pcf, class 60', () => {
    const dims = { length: 40, width: 40, height: 36 }
    expect(1000 / ((40 * 40 * 36) / 1728)).toBeLessThan(30) // pounds / cubic feet: 29.999999999999996
    expect(freightClassForPallet(1000, dims)).toBe('60')
    // on the 18-class scale (the NMFC 2025 scale, the default, has no 77.5 band)
    expect(freightClassForPallet(500, dims, DENSITY_SCALE_18)).toBe('70') // exactly 15 pcf
    expect(freightClassForPallet(450, dims, DENSITY_SCALE_18)).toBe('77.5') // exactly 13.5 pcf
    expect(freightClassForPallet(450, dims)).toBe('85') // 13.5 pcf on the NMFC 2025 scale: 12 to 15 pcf
  })
  it('every positive density lies in the band of exactly one class of the scale, and that is the class it gets', () => {
    fc.assert(
      fc.property(specScaleArb, positiveDensityArb(SPEC_THRESHOLDS), ({ scale, spec }, pcf) => {
        const [num, den] = doubleAsFraction(pcf)
        // bands as exact intervals [lower, upper): the threshold of a band and the one above it
        const bands = [...spec.thresholds.map(([t, c]) => [fraction(t), c] as const), [[0n, 1n], spec.below] as const]
        const containing = bands.filter(([[lo, loDen]], i) => {
          const above = i === 0 ? undefined : bands[i - 1]![0]
          return num * loDen >= lo * den && (above === undefined || num * above[1] < above[0] * den)
        })
        expect(containing.map(([, c]) => c)).toEqual([freightClassForDensity(pcf, scale)])
        expect(freightClassForDensity(pcf, scale)).toBe(oracleForDensity(spec, num, den))
      }),
    )
  })

  it('as density increases the class never increases, on every scale', () => {
    fc.assert(
      fc.property(anyScaleArb, positiveDensityArb(SPEC_THRESHOLDS), positiveDensityArb(SPEC_THRESHOLDS), ({ scale }, x, y) => {
        const [lighter, denser] = x <= y ? [x, y] : [y, x]
        expect(Number(freightClassForDensity(denser, scale))).toBeLessThanOrEqual(Number(freightClassForDensity(lighter, scale)))
      }),
    )
  })

  it('a heavier pallet of the same size never gets a higher class, a larger pallet of the same weight never a lower one', () => {
    fc.assert(
      fc.property(anyScaleArb, weightArb, weightArb, palletSizeArb, palletSizeArb, ({ scale }, w1, w2, d1, d2) => {
        const [light, heavy] = w1 <= w2 ? [w1, w2] : [w2, w1]
        expect(Number(freightClassForPallet(heavy, d1, scale))).toBeLessThanOrEqual(Number(freightClassForPallet(light, d1, scale)))
        const larger = { length: Math.max(d1.length, d2.length), width: Math.max(d1.width, d2.width), height: Math.max(d1.height, d2.height) }
        expect(Number(freightClassForPallet(w1, larger, scale))).toBeGreaterThanOrEqual(Number(freightClassForPallet(w1, d1, scale)))
      }),
    )
  })

  it('on random integer weights and dimensions the class equals the rational-arithmetic oracle, on every scale', () => {
    fc.assert(
      fc.property(anyScaleArb, weightArb, palletSizeArb, ({ scale, spec }, w, d) => {
        expect(freightClassForPallet(w, deepFreeze(d), scale)).toBe(oracle(spec, w, d))
      }),
    )
  })

  it('a pallet exactly on a threshold gets that threshold’s class (bounds are inclusive), one pound lighter the class of the band below', () => {
    fc.assert(
      fc.property(specScaleArb, thresholdPalletArb, ({ scale, spec }, pallet) => {
        checkEveryThreshold(scale, spec, pallet)
        // the premise: densityOf puts the pallet exactly on every threshold
        for (const [text] of spec.thresholds) expect(densityOf(Number(poundsOnThreshold(pallet, text)), pallet.dims)).toBe(Number(text))
      }),
    )
  })

  it('the threshold law holds for huge pallets too, where the products leave the safe-integer range', () => {
    fc.assert(
      fc.property(specScaleArb, hugeThresholdPalletArb, ({ scale, spec }, pallet) => {
        const { length, width, height } = pallet.dims
        expect(Number.isSafeInteger(length * width * height * 5000)).toBe(false)
        checkEveryThreshold(scale, spec, pallet)
      }),
    )
  })

  it('on any well-formed scale (two-decimal thresholds) a pallet exactly on a threshold gets its class, one pound lighter the class below', () => {
    fc.assert(
      fc.property(anyScaleArb, hundredthsPalletArb, ({ scale, spec }, pallet) => {
        checkEveryThreshold(scale, spec, pallet)
      }),
    )
  })

  it('where floating point cannot tell (about 10^21 on both sides, within a pound of a threshold) the class is still the oracle’s', () => {
    const arb = specScaleArb.chain((s) => fc.tuple(fc.constant(s), boundaryPalletArb(s.spec.thresholds.map(([t]) => t))))
    fc.assert(
      fc.property(arb, ([{ scale, spec }, { pounds, dims }]) => {
        expect(Number.isSafeInteger(pounds)).toBe(true)
        expect(freightClassForPallet(pounds, deepFreeze({ ...dims }), scale)).toBe(oracle(spec, pounds, dims))
      }),
    )
  })

  it('huge pallets (dimensions up to 10^6 in, weights up to 10^9 lb, or within a pound of any density) get the oracle’s class', () => {
    fc.assert(
      fc.property(specScaleArb, fc.oneof(hugeRandomPalletArb, hugeNearDensityPalletArb), ({ scale, spec }, { pounds, dims }) => {
        expect(freightClassForPallet(pounds, deepFreeze({ ...dims }), scale)).toBe(oracle(spec, pounds, dims))
      }),
    )
  })

  it('freightClassForDensity agrees with freightClassForPallet whenever the density is computed exactly', () => {
    fc.assert(
      fc.property(specScaleArb, weightArb, exactDensityPalletArb, ({ scale }, w, { dims, poundsPerPcf }) => {
        const pcf = densityOf(w, dims)
        expect(pcf).toBe(w / poundsPerPcf)
        expect(freightClassForDensity(pcf, scale)).toBe(freightClassForPallet(w, dims, scale))
      }),
    )
  })

  it('on every threshold written as an exact double, freightClassForDensity gives the class of a pallet exactly on it', () => {
    fc.assert(
      fc.property(specScaleArb, thresholdPalletArb, ({ scale, spec }, pallet) => {
        for (const [text, cls] of spec.thresholds) {
          const onIt = freightClassForPallet(Number(poundsOnThreshold(pallet, text)), pallet.dims, scale)
          expect(freightClassForDensity(Number(text), scale)).toBe(onIt)
          expect(onIt).toBe(cls)
        }
      }),
    )
  })

  it('permuting length, width and height never changes the class', () => {
    fc.assert(
      fc.property(anyScaleArb, weightArb, palletSizeArb, ({ scale }, w, { length: a, width: b, height: c }) => {
        const cls = freightClassForPallet(w, { length: a, width: b, height: c }, scale)
        const permutations = [[a, c, b], [b, a, c], [b, c, a], [c, a, b], [c, b, a]] as const
        for (const [length, width, height] of permutations) expect(freightClassForPallet(w, { length, width, height }, scale)).toBe(cls)
      }),
    )
  })

  it('scaling every dimension by k and the weight by k³ never changes the class', () => {
    fc.assert(
      fc.property(anyScaleArb, weightArb, palletSizeArb, fc.integer({ min: 1, max: 1000 }), ({ scale }, w, d, k) => {
        const scaled = { length: d.length * k, width: d.width * k, height: d.height * k }
        expect(freightClassForPallet(w * k ** 3, scaled, scale)).toBe(freightClassForPallet(w, d, scale))
      }),
    )
  })

  it('no number makes densityOf, freightClassForDensity or freightClassForPallet throw, the class is always one of the scale’s, and no argument is mutated', () => {
    const anyNumber = fc.oneof(
      fc.double(),
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.maxSafeInteger(),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 0, 2 ** 53, 2 ** 60, -(2 ** 60), Number.MAX_VALUE),
    )
    fc.assert(
      fc.property(anyScaleArb, anyNumber, anyNumber, anyNumber, anyNumber, ({ scale }, w, length, width, height) => {
        const frozenScale = deepFreeze(structuredClone(scale))
        const dims = deepFreeze({ length, width, height })
        const classes = scale.bands.map((b) => b.freightClass)
        for (const cls of [freightClassForDensity(w, frozenScale), freightClassForPallet(w, dims, frozenScale), freightClassForPallet(w, dims)]) {
          expect(FREIGHT_CLASSES).toContain(cls)
        }
        expect(classes).toContain(freightClassForDensity(w, frozenScale))
        expect(classes).toContain(freightClassForPallet(w, dims, frozenScale))
        const pcf = densityOf(w, dims)
        expect(typeof pcf).toBe('number')
        if (!(length * width * height > 0)) expect(pcf).toBeNaN()
      }),
    )
  })

  it('densityOf is the pounds per cubic foot of one pallet, to within rounding', () => {
    fc.assert(
      fc.property(weightArb, palletSizeArb, (w, d) => {
        // pcf × cubic feet = pounds
        const cubicFeet = (d.length * d.width * d.height) / 1728
        expect(Math.abs(densityOf(w, d) * cubicFeet - w)).toBeLessThanOrEqual(w * 1e-12)
      }),
    )
  })
})

// ---------------------------------------------------------------------------------------------

const configured = (overrides: unknown): RulesConfig => {
  const made = makeConfig(overrides)
  if (!isRight(made)) throw new Error('configuration rejected')
  return deepFreeze(made.right)
}

/**
 * How effectiveFreightClass is called: no configuration, the default one (NMFC 2025 since issue 14:
 * the industry rule since 19 July 2025, no longer the 18-class guideline), the 18-class scale
 * configured.
 */
const classConfigArb = fc.constantFrom(
  { options: {}, spec: SPEC_NMFC_2025 },
  { options: { config: configured({}) }, spec: SPEC_NMFC_2025 },
  { options: { config: configured({ densityScale: DENSITY_SCALE_18 }) }, spec: SPEC_18 },
)

/** Any number, realistic or not, for weights and dimensions a declared class must not look at. */
const looseNumber = fc.oneof(weightArb, fc.double())

describe('FRT-06 declared class', () => {
  it('a declared class is returned as it is, with source declared, whatever the weight, dimensions, palletCount and scale', () => {
    fc.assert(
      fc.property(
        classConfigArb,
        fc.constantFrom(...FREIGHT_CLASSES),
        looseNumber,
        fc.record({ length: looseNumber, width: looseNumber, height: looseNumber }),
        fc.integer({ min: 1, max: 26 }),
        ({ options }, declared, poundsWeight, dimensions, palletCount) => {
          const component = deepFreeze({ poundsWeight, dimensions, freightClass: declared, palletCount })
          expect(effectiveFreightClass(component, options)).toEqual({ freightClass: declared, source: 'declared' })
        },
      ),
    )
  })

  it('without a declared class the source is density and the class is the exact one on the configured scale', () => {
    fc.assert(
      fc.property(classConfigArb, weightArb, palletSizeArb, fc.boolean(), ({ options, spec }, poundsWeight, dimensions, explicitUndefined) => {
        const component = deepFreeze(explicitUndefined ? { poundsWeight, dimensions, freightClass: undefined } : { poundsWeight, dimensions })
        const scale = 'config' in options ? options.config.densityScale : NMFC_2025_SCALE
        const r = effectiveFreightClass(component, options)
        expect(r).toEqual({ freightClass: freightClassForPallet(poundsWeight, dimensions, scale), source: 'density' })
        expect(r.freightClass).toBe(oracle(spec, poundsWeight, dimensions))
      }),
    )
  })

  it('the class depends on the weight per pallet and the dimensions only, never on palletCount', () => {
    fc.assert(
      fc.property(
        classConfigArb,
        weightArb,
        palletSizeArb,
        fc.option(fc.constantFrom(...FREIGHT_CLASSES), { nil: undefined }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        ({ options }, poundsWeight, dimensions, freightClass, p1, p2) => {
          const one = effectiveFreightClass(deepFreeze({ poundsWeight, dimensions, freightClass, palletCount: p1 }), options)
          const other = effectiveFreightClass(deepFreeze({ poundsWeight, dimensions, freightClass, palletCount: p2 }), options)
          const none = effectiveFreightClass(deepFreeze({ poundsWeight, dimensions, freightClass }), options)
          expect(one).toEqual(none)
          expect(other).toEqual(none)
        },
      ),
    )
  })
})
