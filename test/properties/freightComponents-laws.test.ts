// Laws for src/rules/freightComponents.ts that the mutation run (docs/mutation.md) showed missing:
// the exact violations of a list or group that cannot be read (FRT-01), the limits' boundaries
// (inclusive at both ends, for every spelling of the dimensions and with or without liftgate,
// FRT-04 … FRT-06, FRT-10), the per-order cap (FRT-12), the problem's detail in the singular and
// plural, orderTotals' NaN for groups it cannot read, and the fast path taken at the boundaries
// (it must accept what the reference accepts there, with the same value).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { defaultConfig, type RulesConfig } from '../../src/config.js'
import { fastComponent, fastComponents, inspectComponents, limitsFor, orderTotals, validateComponents } from '../../src/rules/freightComponents.js'
import { boundsOf, configArb, type Bounds } from '../../src/arbitraries/components.js'

type Dims = { length: number; width: number; height: number }
const NAMES = ['length', 'width', 'height'] as const
/** The positions of the deprecated palletDimensions array: [height, length, width]. */
const POSITION = { height: 0, length: 1, width: 2 } as const

/** The JSON type word of a value, as violation reasons name it. */
const jsonWord = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)

const violationsOf = (r: ReturnType<typeof inspectComponents>) => (r._tag === 'Left' ? (r.left.violations ?? []) : [])

const notArrayArb = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
)

describe('FRT-01 what cannot be read as pallet groups: one violation, its code and reason by an oracle', () => {
  it('no list: required when absent or empty, else type, at the path and entity asked for (by default the path\'s first key, none for a path that starts with an index)', () => {
    fc.assert(
      fc.property(fc.oneof(notArrayArb, fc.constant([])), fc.constantFrom('cargo', null, undefined), (input, entity) => {
        // every kind of path each time: none, one key, keys, and one that starts with an index
        for (const path of [undefined, 'items', 'order.items', [2, 'items']] as const) {
          const r = inspectComponents(input, { ...(path === undefined ? {} : { path }), ...(entity === undefined ? {} : { entity }) })
          expect(r._tag).toBe('Left')
          if (r._tag !== 'Left') return
          expect(r.left.status).toBe(400)
          expect(r.left.reason).toBe('validation_failed')
          expect(r.left.detail).toBe('The request has 1 invalid field.')
          const field = path === undefined ? 'orderComponents' : typeof path === 'string' ? path : '[2].items'
          // by default the path's first key; a path that starts with an index names no entity
          const wantEntity = entity !== undefined ? entity : typeof path === 'object' ? null : field.split('.')[0]!
          const missing = input === undefined || Array.isArray(input)
          expect(violationsOf(r)).toEqual([
            {
              field,
              entity: wantEntity,
              code: missing ? 'required' : 'type',
              reason: missing ? 'must list at least one pallet group' : `must be an array of pallet groups, got ${jsonWord(input)}`,
            },
          ])
          // the totals of nothing read
          expect(validateComponents(input)._tag).toBe('Left')
        }
      }),
    )
  })

  it('a group that is not an object: required when absent (a hole), else type, at its index; every such group reported', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer(), fc.string(), fc.constant([1])), { minLength: 1, maxLength: 4 }), (items) => {
        const vs = violationsOf(inspectComponents(items))
        expect(vs).toEqual(
          items.map((item, i) => ({
            field: `orderComponents[${i}]`,
            entity: 'orderComponents',
            code: item === undefined ? 'required' : 'type',
            reason: `must be a pallet group object, got ${item === undefined ? 'undefined' : jsonWord(item)}`,
          })),
        )
        const r = inspectComponents(items)
        if (r._tag === 'Left') expect(r.left.detail).toBe(`The request has ${items.length} invalid field${items.length === 1 ? '' : 's'}.`)
      }),
    )
  })

  it('a declared class that is not a string is a type violation, one outside the 18 classes a pattern violation', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.constant(null), fc.boolean()), fc.constantFrom('49', '500.0', 'fifty', '', ' 50'), (notText, unknownClass) => {
        const base = { palletCount: 1, poundsWeight: 500 }
        const [t] = violationsOf(inspectComponents([{ ...base, freightClass: notText }]))
        expect(t).toMatchObject({ field: 'orderComponents[0].freightClass', code: 'type' })
        expect(t!.reason).toMatch(/^must be a string, one of 50, 55, .*, 500; got /)
        const [p] = violationsOf(inspectComponents([{ ...base, freightClass: unknownClass }]))
        expect(p).toMatchObject({ field: 'orderComponents[0].freightClass', code: 'pattern' })
        expect(p!.reason).toMatch(/^must be one of the 18 freight classes: 50, 55, /)
      }),
    )
  })

  it('dimensions that are not an object, and palletDimensions that are not an array of three, with their paths and codes', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.constant([48, 40, 50])), fc.oneof(fc.constant([1, 2]), fc.constant([1, 2, 3, 4]), fc.constant('40x48x50'), fc.constant(null)), (dimensions, palletDimensions) => {
        const [d] = violationsOf(inspectComponents([{ palletCount: 1, poundsWeight: 500, dimensions }]))
        expect(d).toMatchObject({ field: 'orderComponents[0].dimensions', code: 'type' })
        expect(d!.reason).toContain('must be an object { length, width, height }')
        const [p] = violationsOf(inspectComponents([{ palletCount: 1, poundsWeight: 500, palletDimensions }]))
        expect(p).toMatchObject({ field: 'orderComponents[0].palletDimensions', code: Array.isArray(palletDimensions) ? 'invalid' : 'type' })
        expect(p!.reason).toBe('must be an array of exactly 3 whole numbers: [height, length, width] in inches')
      }),
    )
  })

  it('a complete dimensions object with one bad member: a violation at that member, under dimensions', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMES), fc.oneof(fc.constant(-1), fc.constant(1.5), fc.constant('40'), fc.constant(null)), (name, bad) => {
        const dimensions: Record<string, unknown> = { length: 40, width: 40, height: 40, [name]: bad }
        const vs = violationsOf(inspectComponents([{ palletCount: 1, poundsWeight: 500, dimensions }]))
        expect(vs.map((v) => v.field)).toEqual([`orderComponents[0].dimensions.${name}`])
      }),
    )
  })
})

/** A configuration and whether a liftgate applies, with the bounds they set. */
const limitsArb = fc
  .tuple(fc.oneof(fc.constant(defaultConfig), configArb), fc.boolean())
  .map(([config, liftgate]) => ({ config, liftgate, bounds: boundsOf(config, liftgate) }))

/** Dimensions within the bounds, each member at its minimum, its maximum or in between. */
const edgeDims = (b: Bounds): fc.Arbitrary<Dims> =>
  fc.record({
    length: fc.constantFrom(b.min.length, b.max.length, Math.floor((b.min.length + b.max.length) / 2)),
    width: fc.constantFrom(b.min.width, b.max.width, Math.floor((b.min.width + b.max.width) / 2)),
    height: fc.constantFrom(b.min.height, b.max.height, Math.floor((b.min.height + b.max.height) / 2)),
  })

const spell = (dims: Dims, spelling: 'dimensions' | 'palletDimensions'): Record<string, unknown> =>
  spelling === 'dimensions' ? { dimensions: { ...dims } } : { palletDimensions: [dims.height, dims.length, dims.width] }

describe('FRT-04 … FRT-06, FRT-10 the limits are inclusive at both ends, and one past either end is reported where it was spelled', () => {
  it('at the minimum and maximum of every dimension and at the weight limit: accepted, by the reference and by the fast path alike', () => {
    fc.assert(
      fc.property(
        limitsArb.chain((l) => fc.tuple(fc.constant(l), edgeDims(l.bounds), fc.constantFrom(1, l.bounds.maxPounds), fc.constantFrom('dimensions' as const, 'palletDimensions' as const))),
        ([{ config, liftgate, bounds }, dims, pounds, spelling]) => {
          const group = { palletCount: 1, poundsWeight: pounds, ...spell(dims, spelling) }
          const uncapped: RulesConfig = { ...config, pallet: { ...config.pallet, maxPalletsPerOrder: Math.max(1, config.pallet.maxPalletsPerOrder) } }
          const r = inspectComponents([group], { liftgate, config: uncapped })
          expect(r._tag).toBe('Right')
          const fast = fastComponent(group, limitsFor(uncapped, liftgate), uncapped)
          expect(fast).toBeDefined()
          if (r._tag === 'Right') expect(fast).toEqual(r.right.components[0]!.component)
          expect(fast!.dimensions).toEqual(dims)
          expect(bounds.maxPounds).toBeGreaterThanOrEqual(pounds)
        },
      ),
    )
  })

  it('one inch past either end of one dimension: a 422 out_of_range at that member (object key, array position, or the defaults)', () => {
    fc.assert(
      fc.property(
        limitsArb.chain((l) => fc.tuple(fc.constant(l), edgeDims(l.bounds), fc.constantFrom(...NAMES), fc.boolean(), fc.constantFrom('dimensions' as const, 'palletDimensions' as const))),
        ([{ config, liftgate, bounds }, dims, name, below, spelling]) => {
          const value = below ? bounds.min[name] - 1 : bounds.max[name] + 1
          fc.pre(value >= 0)
          const group = { palletCount: 1, poundsWeight: 1, ...spell({ ...dims, [name]: value }, spelling) }
          const r = inspectComponents([group], { liftgate, config })
          expect(r._tag).toBe('Left')
          if (r._tag !== 'Left') return
          expect(r.left.status).toBe(422)
          expect(r.left.reason).toBe('pallet_invalid')
          expect(r.left.detail).toBe('1 pallet limit is exceeded.')
          const field = spelling === 'dimensions' ? `orderComponents[0].dimensions.${name}` : `orderComponents[0].palletDimensions[${POSITION[name]}]`
          expect(violationsOf(r)).toEqual([
            {
              field,
              entity: 'orderComponents',
              code: 'out_of_range',
              reason: `${name} must be between ${bounds.min[name]} and ${bounds.max[name]} inches: pallets must be at least ${bounds.min.length} x ${bounds.min.width} x ${bounds.min.height} and at most ${bounds.max.length} x ${bounds.max.width} x ${bounds.max.height} inches (length x width x height) ${liftgate ? 'at a stop that requires a liftgate' : 'without liftgate'}`,
            },
          ])
          expect(fastComponent(group, limitsFor(config, liftgate), config)).toBeUndefined()
        },
      ),
    )
  })

  it('one pound over the weight limit, and a dimension over too: two limits, in the plural, weight first', () => {
    fc.assert(
      fc.property(limitsArb, ({ config, liftgate, bounds }) => {
        const group = { palletCount: 1, poundsWeight: bounds.maxPounds + 1, dimensions: { length: bounds.max.length + 1, width: bounds.min.width, height: bounds.min.height } }
        const r = inspectComponents([group], { liftgate, config })
        expect(r._tag === 'Left' && r.left.detail).toBe('2 pallet limits are exceeded.')
        expect(violationsOf(r).map((v) => [v.field, v.code])).toEqual([
          ['orderComponents[0].poundsWeight', 'out_of_range'],
          ['orderComponents[0].dimensions.length', 'out_of_range'],
        ])
        expect(violationsOf(r)[0]!.reason).toBe(`must be at most ${bounds.maxPounds} pounds per pallet ${liftgate ? 'at a stop that requires a liftgate' : 'without liftgate'}`)
      }),
    )
  })

  it('the default dimensions, when they do not fit a configuration, are reported at dimensions, saying they are the defaults', () => {
    fc.assert(
      fc.property(configArb, fc.boolean(), (config, liftgate) => {
        const bounds = boundsOf(config, liftgate)
        // the spec's default pallet (FRT-03): 40 x 48 x 60 inches
        const DEFAULT = { length: 40, width: 48, height: 60 }
        const outside = NAMES.filter((n) => DEFAULT[n] < bounds.min[n] || DEFAULT[n] > bounds.max[n])
        const r = inspectComponents([{ palletCount: 1, poundsWeight: 1 }], { liftgate, config })
        expect(violationsOf(r).map((v) => v.field)).toEqual(outside.map(() => 'orderComponents[0].dimensions'))
        for (const v of violationsOf(r)) expect(v.reason.startsWith('the default dimensions 40 x 48 x 60 apply and ')).toBe(true)
      }),
    )
  })
})

describe('FRT-12 the per-order pallet cap', () => {
  it('a list of exactly the cap of single pallets passes; one more group is judged on its length alone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.boolean(), (cap, liftgate) => {
        const config: RulesConfig = { ...defaultConfig, pallet: { ...defaultConfig.pallet, maxPalletsPerOrder: cap } }
        const one = { palletCount: 1, poundsWeight: 100 }
        const full = Array.from({ length: cap }, () => one)
        expect(inspectComponents(full, { config, liftgate })._tag).toBe('Right')
        expect(fastComponents(full, liftgate, config)).toHaveLength(cap)
        const over = [...full, one]
        const r = inspectComponents(over, { config, liftgate })
        expect(r._tag === 'Left' && r.left.status).toBe(422)
        expect(violationsOf(r)).toEqual([
          {
            field: 'orderComponents',
            entity: 'orderComponents',
            code: 'out_of_range',
            reason: `the order has ${cap + 1} pallet groups, so at least ${cap + 1} pallets; at most ${cap} pallets are allowed per order`,
          },
        ])
        expect(fastComponents(over, liftgate, config)).toBeUndefined()
        // a list within the cap whose pallets exceed it: the tally
        const heavy = [{ palletCount: cap + 1, poundsWeight: 100 }]
        expect(violationsOf(inspectComponents(heavy, { config, liftgate }))).toEqual([
          { field: 'orderComponents', entity: 'orderComponents', code: 'out_of_range', reason: `the order has ${cap + 1} pallets; at most ${cap} pallets are allowed per order` },
        ])
        expect(fastComponents(heavy, liftgate, config)).toBeUndefined()
      }),
    )
  })
})

describe('FRT-12 orderTotals reads only lists of groups with numeric counts', () => {
  it('NaN totals for anything else; otherwise the sums, weight counted per pallet by default', () => {
    const nan = { totalPalletCount: Number.NaN, totalPoundsWeight: Number.NaN }
    fc.assert(
      fc.property(
        fc.array(fc.record({ palletCount: fc.integer({ min: 1, max: 9 }), poundsWeight: fc.integer({ min: 1, max: 2000 }) }), { maxLength: 4 }),
        fc.oneof(fc.constant(null), fc.constant(7), fc.constant({ palletCount: '1', poundsWeight: 5 }), fc.constant({ palletCount: 1, poundsWeight: '5' }), fc.constant({ palletCount: 1 })),
        fc.nat(),
        (groups, bad, at) => {
          expect(orderTotals(groups)).toEqual({
            totalPalletCount: groups.reduce((s, g) => s + g.palletCount, 0),
            totalPoundsWeight: groups.reduce((s, g) => s + g.palletCount * g.poundsWeight, 0),
          })
          const spoiled = [...groups]
          spoiled.splice(at % (groups.length + 1), 0, bad as never)
          expect(orderTotals(spoiled)).toEqual(nan)
          expect(orderTotals({ length: 1, 0: groups[0] } as never)).toEqual(nan)
        },
      ),
    )
  })
})
