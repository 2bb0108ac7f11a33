import fc from 'fast-check'
import { isLeft, isRight } from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { defaultConfig, makeConfig, type RulesConfig } from '../../src/config.js'
import type { ProblemDetail } from '../../src/errors/problem.js'
import { OrderComponent } from '../../src/model/freight.js'
import { freightClassForPallet } from '../../src/rules/freightClass.js'
import {
  inspectComponents,
  orderTotals,
  validateComponents,
  type NormalizedComponent,
} from '../../src/rules/freightComponents.js'
import { boundsOf, componentsArb, componentWithin, configArb, DEFAULT_BOUNDS, type Bounds } from '../../src/arbitraries/components.js'
import { deepFreeze } from '../arbitraries/freeze.js'
import { leftOf, rightOf } from '../support/either.js'

const ok = rightOf
const problem = leftOf
const fields = (p: ProblemDetail): string[] => (p.violations ?? []).map((v) => v.field)

/** The oracle of FRT-09/10: within bounds, inclusive, for every dimension and the weight. */
const withinBounds = (b: Bounds, dims: { length: number; width: number; height: number }, pounds: number): boolean =>
  (['length', 'width', 'height'] as const).every((k) => dims[k] >= b.min[k] && dims[k] <= b.max[k]) && pounds <= b.maxPounds

const anyDims = fc.record({ length: fc.integer({ min: 0, max: 200 }), width: fc.integer({ min: 0, max: 200 }), height: fc.integer({ min: 0, max: 200 }) })

describe('FRT-01 palletCount and FRT-02 poundsWeight', () => {
  const bad = fc.constantFrom<unknown>(undefined, null, 0, -1, 1.5, '2', Number.NaN, Number.POSITIVE_INFINITY, [], {})
  it('a missing or malformed palletCount or poundsWeight is 400 at its full path', () => {
    fc.assert(
      fc.property(componentsArb, fc.nat(), fc.constantFrom('palletCount', 'poundsWeight'), bad, (list, n, field, value) => {
        const i = n % list.length
        const input = list.map((c, j) => (j === i ? { ...c, [field]: value } : c))
        const p = problem(validateComponents(input))
        expect([p.status, p.reason]).toEqual([400, 'validation_failed'])
        expect(fields(p)).toEqual([`orderComponents[${i}].${field}`])
      }),
    )
  })
  it('a whole number past 2^53 is over its cap: 422 pallet_invalid, not "must be a whole number"', () => {
    fc.assert(
      fc.property(fc.constantFrom('palletCount', 'poundsWeight'), fc.constantFrom(2 ** 53, 2 ** 53 + 2, 1e21, 1e300, Number.MAX_VALUE), (field, huge) => {
        const p = problem(validateComponents([{ palletCount: 1, poundsWeight: 100, [field]: huge }]))
        expect([p.status, p.reason]).toEqual([422, 'pallet_invalid'])
        expect(p.violations!.map((v) => v.code)).toEqual(['out_of_range'])
      }),
    )
  })
  it('a weight above the per-pallet cap is 422 pallet_invalid whose message states the cap in force', () => {
    fc.assert(
      fc.property(configArb, fc.boolean(), fc.integer({ min: 1, max: 5000 }), (config, liftgate, over) => {
        const b = boundsOf(config, liftgate)
        const input = [{ palletCount: 1, poundsWeight: b.maxPounds + over, dimensions: b.min }]
        const p = problem(validateComponents(input, { config, liftgate }))
        expect([p.status, p.reason]).toEqual([422, 'pallet_invalid'])
        expect(p.violations).toHaveLength(1)
        expect(p.violations![0]!.field).toBe('orderComponents[0].poundsWeight')
        expect(p.violations![0]!.reason).toContain(`at most ${b.maxPounds} pounds per pallet`)
        expect(p.violations![0]!.reason).toContain(liftgate ? 'liftgate' : 'without liftgate')
      }),
    )
  })
})

describe('FRT-09 and FRT-10 dimension and weight limits', () => {
  it('for random configurations, a component is valid iff every dimension and the weight lie within that configuration’s bounds', () => {
    fc.assert(
      fc.property(configArb, fc.boolean(), anyDims, fc.integer({ min: 1, max: 9000 }), fc.boolean(), (config, liftgate, dims, pounds, positional) => {
        const b = boundsOf(config, liftgate)
        const component = positional
          ? { palletCount: 1, poundsWeight: pounds, palletDimensions: [dims.height, dims.length, dims.width] }
          : { palletCount: 1, poundsWeight: pounds, dimensions: dims }
        const r = validateComponents([component], { config, liftgate })
        expect(isRight(r)).toBe(withinBounds(b, dims, pounds))
        if (isLeft(r)) expect([r.left.status, r.left.reason]).toEqual([422, 'pallet_invalid'])
      }),
    )
  })
  it('each limit message contains the bounds of the configuration in force, at the full path of the dimension', () => {
    fc.assert(
      fc.property(configArb, fc.boolean(), fc.constantFrom('length', 'width', 'height'), fc.boolean(), (config, liftgate, dim, above) => {
        const b = boundsOf(config, liftgate)
        const dims = { ...b.min, [dim]: above ? b.max[dim] + 1 : b.min[dim] - 1 }
        const p = problem(validateComponents([{ palletCount: 1, poundsWeight: 1, dimensions: dims }], { config, liftgate }))
        expect(p.status).toBe(422)
        expect(fields(p)).toEqual([`orderComponents[0].dimensions.${dim}`])
        const message = p.violations![0]!.reason
        expect(message).toContain(`between ${b.min[dim]} and ${b.max[dim]} inches`)
        expect(message).toContain(`${b.max.length} x ${b.max.width} x ${b.max.height}`)
        expect(message).toContain(`${b.min.length} x ${b.min.width} x ${b.min.height}`)
      }),
    )
  })
  it('a positional dimension out of bounds is reported at its index: [height, length, width]', () => {
    fc.assert(
      fc.property(fc.constantFrom(['height', 0], ['length', 1], ['width', 2]), ([dim, index]) => {
        const b = boundsOf(defaultConfig, false)
        const dims = { length: 48, width: 40, height: 48, [dim]: b.max[dim as 'length'] + 1 }
        const p = problem(validateComponents([{ palletCount: 1, poundsWeight: 10, palletDimensions: [dims.height, dims.length, dims.width] }]))
        expect(fields(p)).toEqual([`orderComponents[0].palletDimensions[${index}]`])
      }),
    )
  })
  it('liftgate limits are never looser: a component valid for a liftgate stop is valid for any stop', () => {
    fc.assert(
      fc.property(configArb, anyDims, fc.integer({ min: 1, max: 9000 }), (config, dims, pounds) => {
        const input = [{ palletCount: 1, poundsWeight: pounds, dimensions: dims }]
        if (isRight(validateComponents(input, { config, liftgate: true }))) {
          expect(isRight(validateComponents(input, { config, liftgate: false }))).toBe(true)
        }
      }),
    )
  })
  it('a changed configuration changes the message', () => {
    const tight = makeConfig({ pallet: { maxDimensions: { length: 90, width: 90, height: 100 } } })
    if (!isRight(tight)) throw new Error('configuration rejected')
    const input = [{ palletCount: 1, poundsWeight: 100, dimensions: { length: 97, width: 40, height: 40 } }]
    const a = problem(validateComponents(input)).violations![0]!.reason
    const b = problem(validateComponents(input, { config: tight.right })).violations![0]!.reason
    expect(a).toBe('length must be between 1 and 96 inches: pallets must be at least 1 x 1 x 1 and at most 96 x 96 x 108 inches (length x width x height) without liftgate')
    expect(b).toContain('at most 90 x 90 x 100 inches')
  })
})

describe('FRT-06 … FRT-08 normalized components', () => {
  it('validation is idempotent and every normalized component decodes through the OrderComponent codec', () => {
    fc.assert(
      fc.property(componentsArb, fc.boolean(), (list, liftgate) => {
        const once = ok(validateComponents(list, { liftgate }))
        expect(ok(validateComponents(once, { liftgate }))).toEqual(once)
        for (const c of once) expect(isRight(OrderComponent.decode(c))).toBe(true)
      }),
    )
  })
  it('the class is the declared one when given, else the exact class of one pallet, never depending on palletCount', () => {
    fc.assert(
      fc.property(componentWithin(DEFAULT_BOUNDS), fc.integer({ min: 1, max: 20 }), ({ wire, dims }, count) => {
        const [c] = ok(validateComponents([{ ...wire, palletCount: count }])) as [NormalizedComponent]
        const declared = wire['freightClass'] as string | undefined
        // derived on the configured scale (by default NMFC 2025 since issue 14)
        expect(c.freightClass).toBe(declared ?? freightClassForPallet(c.poundsWeight, dims, defaultConfig.densityScale))
        expect(c.dimensions).toEqual(dims)
      }),
    )
  })
  it('the report says where dimensions came from, and the deprecated field yields a notice at its full path, not a violation', () => {
    fc.assert(
      fc.property(fc.array(componentWithin(DEFAULT_BOUNDS, ['dimensions', 'palletDimensions', 'default']), { minLength: 1, maxLength: 4 }), (list) => {
        const report = ok(inspectComponents(list.map((c) => c.wire)))
        report.components.forEach((r, i) => {
          expect(r.dimensionsSource).toBe(list[i]!.spelling)
          const notices = r.notices.map((n) => n.field)
          expect(notices).toEqual(list[i]!.spelling === 'palletDimensions' ? [`orderComponents[${i}].palletDimensions`] : [])
        })
      }),
    )
  })
  it('strings are kept as sent (blank ones too); unknown fields and palletDimensions are not carried; null and empty classes are violations', () => {
    const [c] = ok(validateComponents([{ palletCount: 1, poundsWeight: 100, palletDimensions: [40, 48, 40], description: '  resin ', nmfcCode: ' ', companyId: 'x' }])) as [NormalizedComponent]
    expect(c).toEqual({ palletCount: 1, poundsWeight: 100, dimensions: { length: 48, width: 40, height: 40 }, freightClass: freightClassForPallet(100, { length: 48, width: 40, height: 40 }, defaultConfig.densityScale), description: '  resin ', nmfcCode: ' ' })
    fc.assert(
      fc.property(fc.constantFrom<[string, unknown]>(['freightClass', ''], ['freightClass', ' 70'], ['freightClass', null], ['description', null], ['pieceCount', null], ['dimensions', null], ['palletDimensions', null]), ([field, value]) => {
        const p = problem(validateComponents([{ palletCount: 1, poundsWeight: 100, [field]: value }]))
        expect([p.status, ...fields(p)]).toEqual([400, `orderComponents[0].${field}`])
      }),
    )
  })
  it('an undeclared class string outside the 18 is 400 at freightClass', () => {
    fc.assert(
      fc.property(fc.constantFrom('77', '92', 'class 70', '0', '600', 70), (freightClass) => {
        const p = problem(validateComponents([{ palletCount: 1, poundsWeight: 100, freightClass }]))
        expect([p.status, ...fields(p)]).toEqual([400, 'orderComponents[0].freightClass'])
      }),
    )
  })
})

describe('FRT-12 and CNF-02 order totals', () => {
  it('totals sum the pallet counts, and the weight as configured (all pallets by default, or the literal sum)', () => {
    const literal = makeConfig({ pallet: { totalWeight: 'sumOfComponents' } })
    if (!isRight(literal)) throw new Error('configuration rejected')
    fc.assert(
      fc.property(fc.array(fc.record({ palletCount: fc.integer({ min: 1, max: 30 }), poundsWeight: fc.integer({ min: 1, max: 3000 }) }), { minLength: 1, maxLength: 10 }), (list) => {
        let pallets = 0
        let all = 0
        let sum = 0
        for (const c of list) {
          pallets += c.palletCount
          all += c.palletCount * c.poundsWeight
          sum += c.poundsWeight
        }
        expect(orderTotals(list)).toEqual({ totalPalletCount: pallets, totalPoundsWeight: all })
        expect(orderTotals(list, { config: literal.right as RulesConfig })).toEqual({ totalPalletCount: pallets, totalPoundsWeight: sum })
      }),
    )
  })
  it('more pallets than the per-order maximum is 422 at orderComponents, stating the maximum', () => {
    fc.assert(
      fc.property(configArb, fc.integer({ min: 1, max: 40 }), (config, extra) => {
        const b = boundsOf(config, false)
        const count = config.pallet.maxPalletsPerOrder + extra
        const p = problem(validateComponents([{ palletCount: count, poundsWeight: 1, dimensions: b.min }], { config }))
        expect([p.status, ...fields(p)]).toEqual([422, 'orderComponents'])
        expect(p.violations![0]!.reason).toContain(`at most ${config.pallet.maxPalletsPerOrder} pallets`)
        expect(isRight(validateComponents([{ palletCount: config.pallet.maxPalletsPerOrder, poundsWeight: 1, dimensions: b.min }], { config }))).toBe(true)
      }),
    )
  })
})

describe('CNF-03 shape errors beat limit errors', () => {
  it('a list with a malformed field and an exceeded limit is 400 listing both', () => {
    fc.assert(
      fc.property(componentsArb, (list) => {
        const input = [...list, { palletCount: 'two', poundsWeight: 100 }, { palletCount: 1, poundsWeight: 1_000_000 }]
        const p = problem(validateComponents(input))
        expect(p.status).toBe(400)
        expect(fields(p)).toEqual([`orderComponents[${list.length}].palletCount`, `orderComponents[${list.length + 1}].poundsWeight`])
      }),
    )
  })
  it('an empty or missing list is 400 at orderComponents', () => {
    for (const input of [[], undefined, null, {}, 'pallets']) {
      const p = problem(validateComponents(input))
      expect([p.status, ...fields(p)]).toEqual([400, 'orderComponents'])
    }
  })
})

describe('totality and purity (FRT-01 … FRT-12)', () => {
  it('no input throws, and the answer is always an Either', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.array(fc.anything()), fc.array(fc.dictionary(fc.constantFrom('palletCount', 'poundsWeight', 'dimensions', 'palletDimensions', 'freightClass', '__proto__'), fc.anything()))), fc.boolean(), (input, liftgate) => {
        expect(['Left', 'Right']).toContain(validateComponents(input, { liftgate })._tag)
      }),
    )
  })
  it('arguments are never mutated', () => {
    fc.assert(
      fc.property(componentsArb, (list) => {
        const before = structuredClone(list)
        validateComponents(deepFreeze(list), { liftgate: true })
        expect(list).toEqual(before)
      }),
    )
  })
})
