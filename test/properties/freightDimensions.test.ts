import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { PalletSize } from '../../src/rules/freightClass.js'
import {
  DEFAULT_PALLET_DIMENSIONS,
  isOversized,
  NOTICE_INCOMPLETE_DIMENSIONS,
  NOTICE_PALLET_DIMENSIONS_IGNORED,
  NOTICE_PALLET_DIMENSIONS_USED,
  resolveDimensions,
  type Notice,
} from '../../src/rules/freightDimensions.js'
import {
  dimensionsCaseArb,
  fittingPalletArb,
  footprintConfigArb,
  oversizedPalletArb,
  type DimensionsCase,
  type FootprintConfig,
} from '../../src/arbitraries/freight.js'
import { deepFreeze } from '../arbitraries/freeze.js'

const SOURCES = ['dimensions', 'palletDimensions', 'default'] as const
const NOTICES = [NOTICE_PALLET_DIMENSIONS_USED, NOTICE_PALLET_DIMENSIONS_IGNORED, NOTICE_INCOMPLETE_DIMENSIONS]

/** The spec's default pallet, written out here rather than taken from the code (FRT-05). */
const SPEC_DEFAULT = { length: 40, width: 48, height: 60 }

/** An own property of a value, or undefined (never an inherited one). */
const ownValue = (obj: unknown, key: string | number): unknown =>
  typeof obj === 'object' && obj !== null ? Object.getOwnPropertyDescriptor(obj, key)?.value : undefined

/** Any input at all, plus component-like objects whose two fields hold anything. */
const anyInputArb = fc.oneof(
  fc.anything({ withNullPrototype: true, withBoxedValues: true, withMap: true, withSet: true, withBigInt: true, withDate: true, withSparseArray: true }),
  fc.record({ dimensions: fc.anything(), palletDimensions: fc.anything() }, { requiredKeys: [] }),
  fc.record(
    {
      dimensions: fc.record({ length: fc.anything(), width: fc.anything(), height: fc.anything() }, { requiredKeys: [] }),
      palletDimensions: fc.array(fc.anything(), { minLength: 2, maxLength: 4 }),
    },
    { requiredKeys: [] },
  ),
  dimensionsCaseArb(fc.anything()).map((c) => c.input),
)

/** What resolution must give for a case, stated from how the case was built. */
const expected = (c: DimensionsCase): { readonly dims: Record<string, unknown>; readonly source: (typeof SOURCES)[number]; readonly notices: ReadonlyArray<unknown> } => {
  const pdNotice = c.positional.kind === 'absent' ? [] : [expect.objectContaining({ field: 'palletDimensions', code: 'deprecated_field' })]
  if (c.dimensions?.complete === true) {
    return { dims: c.dimensions.given, source: 'dimensions', notices: c.positional.kind === 'absent' ? [] : [NOTICE_PALLET_DIMENSIONS_IGNORED] }
  }
  const incomplete = c.dimensions === undefined ? [] : [NOTICE_INCOMPLETE_DIMENSIONS]
  if (c.positional.kind === 'triple') {
    const [height, length, width] = c.positional.hlw
    return { dims: { length, width, height }, source: 'palletDimensions', notices: [...incomplete, NOTICE_PALLET_DIMENSIONS_USED] }
  }
  return { dims: SPEC_DEFAULT, source: 'default', notices: [...incomplete, ...pdNotice] }
}

/** The notices equal the expected ones as a multiset (order is not part of the rule). */
const expectNotices = (actual: ReadonlyArray<Notice>, wanted: ReadonlyArray<unknown>): void => {
  expect(actual).toHaveLength(wanted.length)
  for (const w of wanted) expect(actual).toContainEqual(w)
}

describe('FRT-03 … FRT-05 and ID-04 dimension resolution', () => {
  it('resolution is total: any input gives the given values or the default ones, a known source and known notices, and is not mutated', () => {
    fc.assert(
      fc.property(anyInputArb, (raw) => {
        const input = deepFreeze(raw)
        const r = resolveDimensions(input)
        expect(SOURCES).toContain(r.source)
        for (const n of r.notices) expect(NOTICES).toContainEqual(n)
        const dims = ownValue(input, 'dimensions')
        const positional = ownValue(input, 'palletDimensions')
        const given: Record<string, unknown> =
          r.source === 'dimensions'
            ? { length: ownValue(dims, 'length'), width: ownValue(dims, 'width'), height: ownValue(dims, 'height') }
            : r.source === 'palletDimensions'
              ? { height: ownValue(positional, 0), length: ownValue(positional, 1), width: ownValue(positional, 2) }
              : SPEC_DEFAULT
        for (const k of ['length', 'width', 'height'] as const) expect(Object.is(r[k], given[k])).toBe(true)
      }),
    )
  })

  it('complete dimensions win, else a 3-element palletDimensions read as [height, length, width], else 40 x 48 x 60, with the notices that say why', () => {
    fc.assert(
      fc.property(dimensionsCaseArb(), (c) => {
        const r = resolveDimensions(deepFreeze(c.input))
        const want = expected(c)
        expect(r.source).toBe(want.source)
        expect({ length: r.length, width: r.width, height: r.height }).toEqual(want.dims)
        expectNotices(r.notices, want.notices)
      }),
    )
  })

  it('a client that sends palletDimensions is always told it is deprecated, and one that does not never is', () => {
    fc.assert(
      fc.property(dimensionsCaseArb(), (c) => {
        const r = resolveDimensions(deepFreeze(c.input))
        const deprecations = r.notices.filter((n) => n.field === 'palletDimensions' && n.code === 'deprecated_field')
        expect(deprecations).toHaveLength(c.positional.kind === 'absent' ? 0 : 1)
        if (r.source === 'palletDimensions') expect(deprecations).toEqual([NOTICE_PALLET_DIMENSIONS_USED])
        if (c.dimensions?.complete === true && c.positional.kind !== 'absent') expect(deprecations).toEqual([NOTICE_PALLET_DIMENSIONS_IGNORED])
      }),
    )
  })

  it('is idempotent: resolving the resolved length, width and height gives them back, from dimensions, with no notice', () => {
    fc.assert(
      fc.property(dimensionsCaseArb(), (c) => {
        const once = resolveDimensions(deepFreeze(c.input))
        const dims = { length: once.length, width: once.width, height: once.height }
        const twice = resolveDimensions(deepFreeze({ dimensions: { ...dims } }))
        expect(twice).toEqual({ ...dims, source: 'dimensions', notices: [] })
      }),
    )
  })

  it('the default pallet is the spec’s 40 x 48 x 60', () => {
    expect(DEFAULT_PALLET_DIMENSIONS).toEqual(SPEC_DEFAULT)
    expect(resolveDimensions({})).toEqual({ ...SPEC_DEFAULT, source: 'default', notices: [] })
  })
})

// ---------------------------------------------------------------------------------------------

/** Whether a pallet stands on the footprint in one of the two orientations (the oracle). */
const fitsEitherWayRound = (d: PalletSize, fp: FootprintConfig['footprint']): boolean =>
  (d.length <= fp.length && d.width <= fp.width) || (d.length <= fp.width && d.width <= fp.length)

/** isOversized under a footprint configuration (the argument omitted for the default). */
const oversized = (d: PalletSize, { config }: FootprintConfig): boolean => (config === undefined ? isOversized(deepFreeze({ ...d })) : isOversized(deepFreeze({ ...d }), config))

const anyPalletArb = fc.record({ length: fc.integer({ min: 1, max: 250 }), width: fc.integer({ min: 1, max: 250 }), height: fc.integer({ min: 1, max: 250 }) })

/** A footprint configuration and a pallet whose sides are often on or next to the footprint's sides. */
const nearFootprintArb = footprintConfigArb.chain((fpc) => {
  const { length, width } = fpc.footprint
  const side = fc.oneof(fc.integer({ min: 1, max: 250 }), fc.constantFrom(length, width, length + 1, width + 1, Math.max(1, length - 1), Math.max(1, width - 1)))
  return fc.tuple(fc.constant(fpc), fc.record({ length: side, width: side, height: fc.integer({ min: 1, max: 250 }) }))
})

describe('FRT-11 oversize', () => {
  it('swapping length and width never changes the answer, and height never matters', () => {
    fc.assert(
      fc.property(footprintConfigArb, anyPalletArb, fc.integer({ min: 1, max: 500 }), (fpc, d, height) => {
        const answer = oversized(d, fpc)
        expect(oversized({ length: d.width, width: d.length, height: d.height }, fpc)).toBe(answer)
        expect(oversized({ ...d, height }, fpc)).toBe(answer)
      }),
    )
  })

  it('a pallet within the standard footprint, either way round, is never oversized', () => {
    fc.assert(
      fc.property(footprintConfigArb.chain((fpc) => fc.tuple(fc.constant(fpc), fittingPalletArb(fpc.footprint))), ([fpc, d]) => {
        expect(oversized(d, fpc)).toBe(false)
      }),
    )
  })

  it('a pallet with a side beyond the standard footprint’s long side, or both sides beyond its short side, is oversized', () => {
    fc.assert(
      fc.property(footprintConfigArb.chain((fpc) => fc.tuple(fc.constant(fpc), oversizedPalletArb(fpc.footprint))), ([fpc, d]) => {
        expect(oversized(d, fpc)).toBe(true)
      }),
    )
  })

  it('a pallet is oversized exactly when it fits the standard footprint in neither orientation', () => {
    fc.assert(
      fc.property(nearFootprintArb, ([fpc, d]) => {
        expect(oversized(d, fpc)).toBe(!fitsEitherWayRound(d, fpc.footprint))
      }),
    )
  })

  it('the default standard footprint is 48 x 40: 48 x 40 and 40 x 48 fit, 49 x 40 and 41 x 41 do not', () => {
    const none: FootprintConfig = { footprint: { length: 48, width: 40 }, config: undefined }
    const cases = [[48, 40], [40, 48], [49, 40], [40, 49], [41, 41]] as const
    expect(cases.map(([length, width]) => oversized({ length, width, height: 60 }, none))).toEqual([false, false, true, true, true])
  })
})
