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
  orderAtPalletLimitArb,
  overweightPalletWeightArb,
  palletAtBandEdgeArb,
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
