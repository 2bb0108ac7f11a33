import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { defaultConfig, makeConfig } from '../../src/config.js'
import {
  DEFAULT_PALLET_DIMENSIONS,
  isOversized,
  NOTICE_INCOMPLETE_DIMENSIONS,
  NOTICE_PALLET_DIMENSIONS_IGNORED,
  NOTICE_PALLET_DIMENSIONS_USED,
  resolveDimensions,
} from '../../src/rules/freightDimensions.js'
import { deepFreeze } from '../arbitraries/freeze.js'

const inch = fc.integer({ min: 1, max: 200 })
const dimsArb = fc.record({ length: inch, width: inch, height: inch })
/** A dimensions object with 0 to 3 of its fields, and whether it is complete. */
const partialDimsArb = fc
  .record({ length: inch, width: inch, height: inch }, { requiredKeys: [] })
  .map((d) => ({ d, complete: 'length' in d && 'width' in d && 'height' in d }))

describe('FRT-03 … FRT-05 and ID-04 dimension resolution', () => {
  it('reports the right source: complete dimensions, else positional [height, length, width], else 40 x 48 x 60', () => {
    fc.assert(
      fc.property(fc.option(partialDimsArb, { nil: undefined }), fc.option(dimsArb, { nil: undefined }), (dims, positional) => {
        const input: Record<string, unknown> = {}
        if (dims !== undefined) input['dimensions'] = dims.d
        if (positional !== undefined) input['palletDimensions'] = [positional.height, positional.length, positional.width]
        const r = resolveDimensions(deepFreeze(input))
        if (dims?.complete === true) {
          expect(r).toMatchObject({ ...dims.d, source: 'dimensions' })
          expect(r.notices).toEqual(positional === undefined ? [] : [NOTICE_PALLET_DIMENSIONS_IGNORED])
        } else if (positional !== undefined) {
          expect(r).toMatchObject({ ...positional, source: 'palletDimensions' })
          expect(r.notices).toEqual([...(dims === undefined ? [] : [NOTICE_INCOMPLETE_DIMENSIONS]), NOTICE_PALLET_DIMENSIONS_USED])
        } else {
          expect(r).toMatchObject({ ...DEFAULT_PALLET_DIMENSIONS, source: 'default' })
          expect(r.notices).toEqual(dims === undefined ? [] : [NOTICE_INCOMPLETE_DIMENSIONS])
        }
      }),
    )
  })
  it('is idempotent: resolving the resolved dimensions gives them back, from dimensions, with no notice', () => {
    fc.assert(
      fc.property(fc.option(partialDimsArb, { nil: undefined }), fc.option(dimsArb, { nil: undefined }), (dims, positional) => {
        const once = resolveDimensions({ dimensions: dims?.d, palletDimensions: positional === undefined ? undefined : [positional.height, positional.length, positional.width] })
        const twice = resolveDimensions({ dimensions: { length: once.length, width: once.width, height: once.height } })
        expect(twice).toEqual({ length: once.length, width: once.width, height: once.height, source: 'dimensions', notices: [] })
      }),
    )
  })
  it('is total: any input gives one of the three sources, never a throw', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything({ withNullPrototype: true }), fc.record({ dimensions: fc.anything(), palletDimensions: fc.anything() }, { requiredKeys: [] })), (input) => {
        expect(['dimensions', 'palletDimensions', 'default']).toContain(resolveDimensions(input).source)
      }),
    )
  })
})

describe('FRT-11 oversize', () => {
  it('is symmetric in length and width and ignores height', () => {
    fc.assert(
      fc.property(dimsArb, inch, (d, h) => {
        expect(isOversized({ length: d.width, width: d.length, height: d.height })).toBe(isOversized(d))
        expect(isOversized({ ...d, height: h })).toBe(isOversized(d))
      }),
    )
  })
  it('is false within 48 x 40 either way round and true when a side exceeds it, for the default and for random footprints', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100 }), dimsArb, fc.boolean(), (fa, fb, d, useDefault) => {
        const made = makeConfig({ pallet: { standardFootprint: { length: fa, width: fb } } })
        if (!isRight(made)) throw new Error('configuration rejected')
        const config = useDefault ? defaultConfig : made.right
        const fp = config.pallet.standardFootprint
        const [bigSide, smallSide] = [Math.max(fp.length, fp.width), Math.min(fp.length, fp.width)]
        const fits = Math.max(d.length, d.width) <= bigSide && Math.min(d.length, d.width) <= smallSide
        expect(isOversized(d, config)).toBe(!fits)
      }),
    )
  })
  it('the standard pallet and the spec default are not oversized; a 48 x 48 pallet is', () => {
    expect([isOversized({ length: 48, width: 40, height: 60 }), isOversized({ length: 40, width: 48, height: 60 }), isOversized(DEFAULT_PALLET_DIMENSIONS), isOversized({ length: 48, width: 48, height: 10 })]).toEqual([false, false, false, true])
  })
})
