// The generators of shipper-rules/arbitraries that aim at the edges of a configuration
// (src/arbitraries/limits.ts) label each value with the answer the rules must give: these
// properties hold the labels to the rules themselves, under the default configuration and under
// random ones (random pallet limits, density scales, quote validity and upload limits), and check
// that the edges are actually hit (a generator that drifted off its boundary would still pass the
// label checks).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { componentsArb, configArb } from '../../src/arbitraries/components.js'
import { randomScaleArb } from '../../src/arbitraries/freight.js'
import {
  componentAtLimitsArb,
  invalidZipCodeArb,
  limitEdges,
  orderAtPalletLimitArb,
  overweightPalletWeightArb,
  palletAtBandEdgeArb,
  palletNearBandEdgeArb,
  palletWeightArb,
  quoteAtValidityEdgeArb,
  uploadAtSizeLimitArb,
  zipCodeArb,
} from '../../src/arbitraries/limits.js'
import { defaultConfig, makeConfig, type ConfigOverrides, type RulesConfig } from '../../src/config.js'
import { DENSITY_SCALE_18, NMFC_2025_SCALE } from '../../src/model/densityScales.js'
import { normalizeAddress } from '../../src/rules/address.js'
import { checkAppointmentUpload } from '../../src/rules/documents.js'
import { freightClassForPallet } from '../../src/rules/freightClass.js'
import { validateComponents } from '../../src/rules/freightComponents.js'
import { isQuoteMatchable } from '../../src/rules/quotes.js'

/** A configuration from overrides that must be valid. */
const configOf = (overrides: ConfigOverrides): RulesConfig => {
  const r = makeConfig(overrides)
  if (r._tag === 'Left') throw new Error(`invalid test configuration: ${JSON.stringify(r.left)}`)
  return r.right
}

/** The default configuration or one with random pallet limits. */
const palletConfigArb: fc.Arbitrary<RulesConfig> = fc.oneof(fc.constant(defaultConfig), configArb)

/** Samples of a generator under the default configuration, for the checks that the edges are hit. */
const sample = <T>(arb: fc.Arbitrary<T>, n = 400): T[] => fc.sample(arb, { seed: 20261128, numRuns: n })

describe('pallet limits (FRT-02, FRT-09, FRT-10, FRT-12)', () => {
  it('componentAtLimitsArb: validateComponents accepts the group exactly when it says withinLimits', () => {
    fc.assert(
      fc.property(
        palletConfigArb.chain((config) => fc.tuple(fc.constant(config), componentAtLimitsArb(config))),
        ([config, c]) => {
          const r = validateComponents([c.component], { liftgate: c.liftgate, config })
          expect(r._tag === 'Right').toBe(c.withinLimits)
        },
      ),
    )
  })

  it('componentAtLimitsArb hits the edges: within and over, at the cap and one pound over it, with and without a liftgate', () => {
    const cases = sample(componentAtLimitsArb())
    const pounds = (c: (typeof cases)[number]): number => c.component['poundsWeight'] as number
    const cap = (liftgate: boolean): number => (liftgate ? 2500 : 3000)
    expect(new Set(cases.map((c) => c.withinLimits))).toEqual(new Set([true, false]))
    expect(new Set(cases.map((c) => c.liftgate))).toEqual(new Set([true, false]))
    expect(cases.some((c) => pounds(c) === cap(c.liftgate))).toBe(true)
    expect(cases.some((c) => pounds(c) === cap(c.liftgate) + 1)).toBe(true)
    const heights = new Set(cases.map((c) => (c.component['dimensions'] as { height: number }).height))
    for (const edge of [1, 96, 97, 108, 109]) expect(heights, `height ${edge}`).toContain(edge)
  })

  it('palletWeightArb is accepted and overweightPalletWeightArb refused at poundsWeight, for the limits that apply', () => {
    fc.assert(
      fc.property(
        palletConfigArb.chain((config) =>
          fc.boolean().chain((liftgate) =>
            fc.tuple(fc.constant(config), fc.constant(liftgate), palletWeightArb(config, { liftgate }), overweightPalletWeightArb(config, { liftgate })),
          ),
        ),
        ([config, liftgate, ok, over]) => {
          const group = (poundsWeight: number) => [{ palletCount: 1, poundsWeight, dimensions: config.pallet.minDimensions }]
          expect(validateComponents(group(ok), { liftgate, config })._tag).toBe('Right')
          const refused = validateComponents(group(over), { liftgate, config })
          expect(refused._tag === 'Left' && refused.left.violations?.map((v) => v.field)).toEqual(['orderComponents[0].poundsWeight'])
        },
      ),
    )
  })

  it('palletWeightArb reaches the cap and overweightPalletWeightArb one pound over it', () => {
    expect(sample(palletWeightArb(defaultConfig, { liftgate: true }))).toContain(2500)
    expect(sample(overweightPalletWeightArb())).toContain(3001)
  })

  it('orderAtPalletLimitArb: validateComponents accepts the groups exactly when they say withinLimits, and the total is the sum', () => {
    fc.assert(
      fc.property(
        palletConfigArb.chain((config) => fc.tuple(fc.constant(config), orderAtPalletLimitArb(config))),
        ([config, o]) => {
          expect(o.components.reduce((n, c) => n + (c['palletCount'] as number), 0)).toBe(o.totalPalletCount)
          expect(validateComponents(o.components, { config })._tag === 'Right').toBe(o.withinLimits)
        },
      ),
    )
    const totals = new Set(sample(orderAtPalletLimitArb()).map((o) => o.totalPalletCount))
    for (const edge of [25, 26, 27]) expect(totals, `total ${edge}`).toContain(edge)
  })

  it('the valid lists of componentsArb stay valid under a configuration whose limits are the defaults', () => {
    const config = configOf({})
    fc.assert(
      fc.property(componentsArb, (list) => {
        expect(validateComponents(list, { config })._tag).toBe('Right')
      }),
    )
  })
})

describe('density band edges (FRT-07)', () => {
  const scaleConfigArb: fc.Arbitrary<RulesConfig> = fc.oneof(
    fc.constantFrom(defaultConfig, configOf({ densityScale: DENSITY_SCALE_18 }), configOf({ densityScale: NMFC_2025_SCALE })),
    randomScaleArb.map(({ scale }) => configOf({ densityScale: scale })),
  )
  it('palletAtBandEdgeArb: freightClassForPallet gives the class it states, on the edge and a pound under it', () => {
    fc.assert(
      fc.property(
        scaleConfigArb.chain((config) => fc.tuple(fc.constant(config), palletAtBandEdgeArb(config))),
        ([config, p]) => {
          expect(freightClassForPallet(p.poundsWeight, p.dimensions, config.densityScale)).toBe(p.freightClass)
        },
      ),
    )
  })
  it('palletAtBandEdgeArb reaches every class of the default scale (the lowest band a pound under the lowest edge)', () => {
    const classes = new Set(sample(palletAtBandEdgeArb(), 2000).map((p) => p.freightClass))
    expect([...classes].sort()).toEqual(defaultConfig.densityScale.bands.map((b) => b.freightClass).sort())
  })
})

describe('ZIP codes (ADDR-04)', () => {
  it('zipCodeArb is accepted and invalidZipCodeArb refused at zipCode', () => {
    fc.assert(
      fc.property(zipCodeArb, invalidZipCodeArb, (ok, bad) => {
        expect(normalizeAddress({ zipCode: ok }, { purpose: 'quote' })._tag).toBe('Right')
        const refused = normalizeAddress({ zipCode: bad }, { purpose: 'quote' })
        expect(refused._tag === 'Left' && refused.left.map((v) => v.field)).toEqual(['zipCode'])
      }),
    )
    const zips = sample(zipCodeArb)
    for (const edge of ['00001', '00002', '99997', '99998']) expect(zips, edge).toContain(edge)
  })
})

describe('quote validity (QTE-02, QTE-06)', () => {
  it('quoteAtValidityEdgeArb: an open, priced quote is matchable exactly when it says withinValidity', () => {
    const validityArb = fc.oneof(fc.constant(defaultConfig), fc.integer({ min: 1, max: 24 * 90 }).map((h) => configOf({ quoteValidityHours: h })))
    fc.assert(
      fc.property(
        validityArb.chain((config) => fc.tuple(fc.constant(config), quoteAtValidityEdgeArb(config))),
        ([config, q]) => {
          expect(isQuoteMatchable({ createdAt: q.createdAt, open: true, quotedPriceInCents: 18_450 }, q.now, { config })).toBe(q.withinValidity)
        },
      ),
    )
    const elapsed = new Set(sample(quoteAtValidityEdgeArb()).map((q) => q.now.toMillis() - q.createdAt.toMillis()))
    for (const edge of [48 * 3_600_000 - 1, 48 * 3_600_000, 48 * 3_600_000 + 1]) expect(elapsed, `${edge} ms`).toContain(edge)
  })
})

describe('upload size (DOC-03)', () => {
  it('uploadAtSizeLimitArb: an upload of that size is accepted exactly when it says withinLimit, else 413', () => {
    const limitArb = fc.oneof(fc.constant(defaultConfig), fc.integer({ min: 1, max: 50_000_000 }).map((n) => configOf({ uploadMaxBytes: n })))
    fc.assert(
      fc.property(
        limitArb.chain((config) => fc.tuple(fc.constant(config), uploadAtSizeLimitArb(config))),
        ([config, u]) => {
          const r = checkAppointmentUpload({ documentType: 'CUSTOMER_BOL', contentType: 'application/pdf', sizeBytes: u.sizeBytes, filename: 'bol.pdf' }, { config })
          expect(r._tag === 'Right' ? 'accepted' : r.left.status).toBe(u.withinLimit ? 'accepted' : 413)
        },
      ),
    )
    const sizes = new Set(sample(uploadAtSizeLimitArb()).map((u) => u.sizeBytes))
    for (const edge of [10_485_759, 10_485_760, 10_485_761]) expect(sizes, `${edge} bytes`).toContain(edge)
  })
})

describe('limitEdges and palletNearBandEdgeArb: every threshold, at, one under, one over (ADDR-04, FRT-02, FRT-07, FRT-09, FRT-10, FRT-12, DOC-03)', () => {
  const edgeConfigArb: fc.Arbitrary<RulesConfig> = fc.oneof(
    fc.constant(defaultConfig),
    fc.constant(configOf({ densityScale: DENSITY_SCALE_18 })),
    configArb,
    randomScaleArb.map(({ scale }) => configOf({ densityScale: scale })),
  )

  it('labels each pallet value with what validateComponents answers, and each density edge with the class freightClassForPallet gives', () => {
    fc.assert(
      fc.property(edgeConfigArb, (config) => {
        const e = limitEdges(config)
        for (const x of [...e.palletWeights, ...e.dimensions]) {
          expect(validateComponents([x.value.component], { liftgate: x.value.liftgate, config })._tag === 'Right', `${x.threshold} ${x.side}`).toBe(x.withinLimits)
        }
        for (const x of e.palletsPerOrder) expect(validateComponents(x.value, { config })._tag === 'Right', `${x.side}`).toBe(x.withinLimits)
        for (const x of e.densityEdges) {
          expect(freightClassForPallet(x.value.poundsWeight, x.value.dimensions, config.densityScale), `${x.threshold} ${x.side}`).toBe(x.value.freightClass)
          expect(validateComponents([{ palletCount: 1, ...x.value }], { liftgate: true, config })._tag).toBe('Right')
        }
        for (const x of e.zipCodes) expect(normalizeAddress({ zipCode: x.value }, { purpose: 'quote' })._tag === 'Right', x.value).toBe(x.withinLimits)
        for (const x of e.uploadBytes) {
          const r = checkAppointmentUpload({ documentType: 'CUSTOMER_BOL', contentType: 'application/pdf', sizeBytes: x.value, filename: 'bol.pdf' }, { config })
          expect(r._tag === 'Right').toBe(x.withinLimits)
        }
      }),
      { numRuns: 20 },
    )
  })

  it('limitEdges sits on the thresholds: at, one under and one over, each side once per threshold', () => {
    fc.assert(
      fc.property(edgeConfigArb, (config) => {
        const e = limitEdges(config)
        const p = config.pallet
        expect(e.palletWeights.filter((x) => !x.value.liftgate).map((x) => x.value.component['poundsWeight'])).toEqual([p.maxPoundsPerPallet - 1, p.maxPoundsPerPallet, p.maxPoundsPerPallet + 1])
        expect(e.palletWeights.filter((x) => x.value.liftgate).map((x) => x.value.component['poundsWeight'])).toEqual([p.liftgate.maxPoundsPerPallet - 1, p.liftgate.maxPoundsPerPallet, p.liftgate.maxPoundsPerPallet + 1])
        const heights = e.dimensions.filter((x) => x.threshold === 'pallet.maxDimensions.height').map((x) => (x.value.component['dimensions'] as { height: number }).height)
        expect(heights).toEqual([p.maxDimensions.height - 1, p.maxDimensions.height, p.maxDimensions.height + 1])
        expect(e.palletsPerOrder.map((x) => x.value.reduce((n, c) => n + (c['palletCount'] as number), 0))).toEqual([p.maxPalletsPerOrder - 1, p.maxPalletsPerOrder, p.maxPalletsPerOrder + 1].map((n) => Math.max(1, n)))
        expect(e.uploadBytes.map((x) => x.value)).toEqual([config.uploadMaxBytes - 1, config.uploadMaxBytes, config.uploadMaxBytes + 1])
        // each density edge: the pallet at it is exactly on the edge (a pound less is under it)
        for (let i = 0; i + 2 < e.densityEdges.length; i += 3) {
          const [under, at, over] = [e.densityEdges[i]!, e.densityEdges[i + 1]!, e.densityEdges[i + 2]!]
          expect([under.side, at.side, over.side]).toEqual(['under', 'at', 'over'])
          expect([under.value.poundsWeight + 1, over.value.poundsWeight - 1]).toEqual([at.value.poundsWeight, at.value.poundsWeight])
          const band = config.densityScale.bands[Number(/\[(\d+)\]/.exec(at.threshold)?.[1])]!
          const { length, width, height } = at.value.dimensions
          expect(Math.round(band.minPcf * 100) * length * width * height).toBe(172_800 * at.value.poundsWeight)
          expect(at.value.freightClass).toBe(band.freightClass)
        }
      }),
      { numRuns: 20 },
    )
  })

  it('limitEdges finds a pallet on every positive edge of the two built-in scales under the default limits', () => {
    const positive = (c: RulesConfig): number => c.densityScale.bands.filter((b) => b.minPcf > 0).length
    expect(limitEdges().densityEdges).toHaveLength(3 * positive(defaultConfig))
    const old = configOf({ densityScale: DENSITY_SCALE_18 })
    expect(limitEdges(old).densityEdges).toHaveLength(3 * positive(old))
    expect(limitEdges().zipCodes.map((z) => z.value)).toEqual(['00000', '00001', '00002', '99997', '99998', '99999', '6060', '606011'])
  })

  it('palletNearBandEdgeArb: within every limit, the class freightClassForPallet gives on the scale, on and beside the edges', () => {
    fc.assert(
      fc.property(
        edgeConfigArb.chain((config) => fc.tuple(fc.constant(config), palletNearBandEdgeArb(config))),
        ([config, pallet]) => {
          expect(freightClassForPallet(pallet.poundsWeight, pallet.dimensions, config.densityScale)).toBe(pallet.freightClass)
          expect(validateComponents([{ palletCount: 1, ...pallet }], { liftgate: true, config })._tag).toBe('Right')
        },
      ),
      { numRuns: 20 },
    )
    const classes = new Set(sample(palletNearBandEdgeArb()).map((p) => p.freightClass))
    expect(classes.size).toBeGreaterThanOrEqual(10)
  })
})
