// Laws for src/rules/freightComponents.ts (FRT-01 … FRT-12) on what the pallet-group readers
// answer as a whole:
// - the fast path is complete: every plainly valid list within the limits and the per-order cap
//   (every spelling of the dimensions, both spellings at once, every optional text member, a
//   configured density scale, limits up to a million inches) takes it, and it answers exactly
//   what the reference reader does; over the cap it gives up and the reference answers 422;
// - the class of a group that declares none is the first band of the configured scale whose
//   minimum its density reaches, computed exactly with BigInt (the oracle);
// - inspectComponents' totals are the oracle's sums, in both totalWeight modes;
// - the per-order cap is judged only when every group is well-formed;
// - a text member that is not text is reported at its own path;
// - orderTotals reads arrays only: an iterable that is not an array, or a group that is not a
//   plain object carrying numbers, gives the NaN totals.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { defaultConfig, makeConfig, type RulesConfig } from '../../src/config.js'
import { FREIGHT_CLASSES } from '../../src/model/densityScales.js'
import { fastComponents, inspectComponents, orderTotals } from '../../src/rules/freightComponents.js'
import { DEFAULT_PALLET_DIMENSIONS } from '../../src/rules/freightDimensions.js'
import { boundsOf, componentWithin, configArb } from '../../src/arbitraries/components.js'
import { rightOf } from '../support/either.js'

const configOf = (overrides: Record<string, unknown>): RulesConfig => rightOf(makeConfig(overrides))

/** A density scale: 1 to 8 bands of strictly decreasing minPcf (two decimals), the last at 0, each a random class. */
const scaleArb = fc
  .tuple(fc.uniqueArray(fc.integer({ min: 1, max: 6000 }), { minLength: 0, maxLength: 7 }), fc.array(fc.constantFrom(...FREIGHT_CLASSES), { minLength: 8, maxLength: 8 }))
  .map(([cents, classes]) => {
    const mins = [...cents.sort((a, b) => b - a), 0]
    return { name: 'TEST_SCALE', bands: mins.map((c, i) => ({ minPcf: c / 100, freightClass: classes[i]! })) }
  })

/** A large configuration: dimensions up to a million inches, weights up to 10^12 pounds. */
const hugeConfig = configOf({
  pallet: {
    minDimensions: { length: 1, width: 1, height: 1 },
    maxDimensions: { length: 1_000_000, width: 1_000_000, height: 1_000_000 },
    maxPoundsPerPallet: 1_000_000_000_000,
    liftgate: { maxDimensions: { length: 1_000_000, width: 1_000_000, height: 1_000_000 }, maxPoundsPerPallet: 1_000_000_000_000 },
    maxPalletsPerOrder: 60,
  },
})

const settingArb = fc
  .tuple(fc.oneof(fc.constant(defaultConfig), configArb, fc.constant(hugeConfig)), fc.option(scaleArb, { nil: undefined }), fc.constantFrom('allPallets' as const, 'sumOfComponents' as const), fc.boolean())
  .map(([base, scale, totalWeight, liftgate]) => {
    const config: RulesConfig = scale === undefined && totalWeight === base.pallet.totalWeight ? base : { ...base, densityScale: scale ?? base.densityScale, pallet: { ...base.pallet, totalWeight } }
    return { config, liftgate, bounds: boundsOf(config, liftgate) }
  })

type Wire = Record<string, unknown>
type Dims = { readonly length: number; readonly width: number; readonly height: number }
const withinBounds = (d: Dims, b: ReturnType<typeof boundsOf>): boolean =>
  d.length >= b.min.length && d.length <= b.max.length && d.width >= b.min.width && d.width <= b.max.width && d.height >= b.min.height && d.height <= b.max.height
/** Valid groups within the bounds; some also carry the deprecated spelling beside a complete object, and the optional text members. */
const groupsArb = (bounds: ReturnType<typeof boundsOf>) =>
  fc.array(
    fc
      .tuple(
        componentWithin(bounds, withinBounds(DEFAULT_PALLET_DIMENSIONS, bounds) ? ['dimensions', 'palletDimensions', 'default'] : ['dimensions', 'palletDimensions']),
        fc.boolean(),
        fc.option(fc.constantFrom('', '156600-02', ' 49880 '), { nil: undefined }),
        fc.option(fc.constantFrom('', 'PALLET', 'crate'), { nil: undefined }),
      )
      .map(([{ wire, dims, spelling }, both, nmfcCode, packagingType]) => {
        const w: Wire = { ...wire }
        if (both && spelling === 'dimensions') w['palletDimensions'] = [bounds.min.height, bounds.min.length, bounds.min.width]
        if (nmfcCode !== undefined) w['nmfcCode'] = nmfcCode
        if (packagingType !== undefined) w['packagingType'] = packagingType
        return { wire: w, dims: spelling === 'default' ? DEFAULT_PALLET_DIMENSIONS : dims }
      }),
    { minLength: 1, maxLength: 4 },
  )

/** The class of `pounds` on a pallet of `dims` under `scale`, exactly: pcf = pounds × 1728 / volume ≥ minPcf. */
const classOracle = (pounds: number, dims: { length: number; width: number; height: number }, scale: RulesConfig['densityScale']): string => {
  const volume = BigInt(dims.length) * BigInt(dims.width) * BigInt(dims.height)
  for (const band of scale.bands) {
    if (BigInt(pounds) * 1728n * 100n >= BigInt(Math.round(band.minPcf * 100)) * volume) return band.freightClass
  }
  return scale.bands[scale.bands.length - 1]!.freightClass
}

describe('FRT-01 … FRT-12 the fast path is complete and agrees with the reference', () => {
  it('every plainly valid list within the cap takes the fast path with the reference answer; over the cap it gives up and the reference answers 422', () => {
    fc.assert(
      fc.property(
        settingArb.chain((s) => fc.tuple(fc.constant(s), groupsArb(s.bounds))),
        ([{ config, liftgate }, groups]) => {
          const wires = groups.map((g) => g.wire)
          const pallets = wires.reduce((n, w) => n + (w['palletCount'] as number), 0)
          const fast = fastComponents(wires, liftgate, config)
          const ref = inspectComponents(wires, { liftgate, config })
          if (pallets > config.pallet.maxPalletsPerOrder) {
            expect(fast).toBeUndefined()
            expect(ref._tag === 'Left' && ref.left.status).toBe(422)
            return
          }
          expect(ref._tag).toBe('Right')
          if (ref._tag !== 'Right') return
          expect(fast).toStrictEqual(ref.right.components.map((c) => c.component))
          groups.forEach(({ wire, dims }, i) => {
            const c = fast![i]!
            expect(c.dimensions).toStrictEqual(dims)
            expect(c.freightClass).toBe(wire['freightClass'] ?? classOracle(wire['poundsWeight'] as number, dims, config.densityScale))
            for (const key of ['description', 'nmfcCode', 'packagingType', 'pieceCount'] as const) expect(c[key]).toBe(wire[key])
          })
        },
      ),
    )
  })

  it("inspectComponents' totals: the pallets summed, the pounds summed per pallet ('allPallets') or per group ('sumOfComponents')", () => {
    fc.assert(
      fc.property(
        settingArb.chain((s) => fc.tuple(fc.constant(s), groupsArb(s.bounds))),
        ([{ config, liftgate }, groups]) => {
          const uncapped: RulesConfig = { ...config, pallet: { ...config.pallet, maxPalletsPerOrder: 60 } }
          const wires = groups.map((g) => g.wire)
          const r = inspectComponents(wires, { liftgate, config: uncapped })
          expect(r._tag).toBe('Right')
          if (r._tag !== 'Right') return
          const count = (w: Wire) => w['palletCount'] as number
          const pounds = (w: Wire) => w['poundsWeight'] as number
          expect(r.right.totals).toStrictEqual({
            totalPalletCount: wires.reduce((n, w) => n + count(w), 0),
            totalPoundsWeight: wires.reduce((n, w) => n + (config.pallet.totalWeight === 'allPallets' ? pounds(w) * count(w) : pounds(w)), 0),
          })
        },
      ),
    )
  })
})

describe('FRT-12 the per-order cap', () => {
  it('is judged only when every group is well-formed: a malformed group beside groups over the cap (no more groups than the cap) gives the shape violations alone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 8 }),
        fc.constantFrom<[string, unknown]>(['palletCount', 'two'], ['poundsWeight', 1.5], ['dimensions', 'big'], ['freightClass', 70], ['pieceCount', -1]),
        fc.nat({ max: 3 }),
        (cap, [field, bad], at) => {
          const config = configOf({ pallet: { maxPalletsPerOrder: cap } })
          const groups: Wire[] = [{ palletCount: cap, poundsWeight: 500 }, { palletCount: 1, poundsWeight: 500 }]
          const i = at % (groups.length + 1)
          groups.splice(i, 0, { palletCount: 1, poundsWeight: 500, [field]: bad })
          const r = inspectComponents(groups, { config })
          expect(r._tag).toBe('Left')
          if (r._tag !== 'Left') return
          expect(r.left.status).toBe(400)
          const fields = (r.left.violations ?? []).map((v) => v.field)
          expect(fields).toStrictEqual([`orderComponents[${i}].${field}`])
        },
      ),
    )
  })
})

describe('FRT-01 text members', () => {
  it('description, nmfcCode and packagingType that are not text are reported at their own path, with type', () => {
    fc.assert(
      fc.property(fc.constantFrom('description', 'nmfcCode', 'packagingType'), fc.constantFrom<unknown>(7, null, true, ['a'], { a: 1 }), fc.nat({ max: 2 }), (field, bad, i) => {
        const groups: Wire[] = [0, 1, 2].slice(0, i + 1).map(() => ({ palletCount: 1, poundsWeight: 100 }))
        groups[i] = { ...groups[i], [field]: bad }
        const r = inspectComponents(groups)
        expect(r._tag).toBe('Left')
        if (r._tag !== 'Left') return
        expect((r.left.violations ?? []).map((v) => [v.field, v.code])).toStrictEqual([[`orderComponents[${i}].${field}`, 'type']])
      }),
    )
  })
})

describe('orderTotals reads arrays of plain objects only', () => {
  it('an iterable that is not an array, or a group that is a function, not an object or carries a count that is not a number: the NaN totals; a boxed object with number counts counts', () => {
    const group = { palletCount: 2, poundsWeight: 300 }
    const fn = Object.assign(() => 0, group)
    fc.assert(
      fc.property(
        fc.constantFrom<unknown>(
          new Set([group]),
          new Map([[0, group]]),
          'ab',
          [fn],
          [{ palletCount: '2', poundsWeight: 300 }],
          [{ palletCount: 2, poundsWeight: '300' }],
          [group, null],
          [group, 3],
        ),
        fc.constantFrom(defaultConfig, { ...defaultConfig, pallet: { ...defaultConfig.pallet, totalWeight: 'sumOfComponents' as const } }),
        (input, config) => {
          const t = orderTotals(input as never, { config })
          expect(t.totalPalletCount).toBeNaN()
          expect(t.totalPoundsWeight).toBeNaN()
        },
      ),
    )
    expect(orderTotals([group, Object.assign(Object(5), group)])).toStrictEqual({ totalPalletCount: 4, totalPoundsWeight: 1200 })
  })
})
