// Issue 16, item 2: the request validators read each part of a request (an address, a pallet
// group, an appointment, the dispatch contact, a date) by a fast path first, and a quote request
// in one walk, and fall back to the reference readers for whatever is not plainly valid
// (src/rules/requestsFast.ts). The law: whatever the input, the answer is the reference
// composition's (validateCreateShipmentReference, validateQuoteRequestReference), the same
// Right value or the same ProblemDetail with every violation in the same order, member for member
// and key for key. Checked on valid requests, on requests with one place corrupted or one to
// three structure-aware mutations, under random configurations, and on requests whose objects
// are not plain JSON (a key inherited, non-enumerable or behind a getter, Object.prototype
// polluted with a field name). Each fast part is also held to its reference reader directly: what
// it accepts, the reader accepts with the same value. And the fast paths are not vacuous: they
// accept the generated valid requests.
import fc from 'fast-check'
import { runsOf } from 'shipper-rules-testkit'
import { describe, expect, it } from 'vitest'
import { defaultConfig, type RulesConfig } from '../../src/config.js'
import type { Path } from '../../src/errors/path.js'
import { fastAddress, normalizeAddress } from '../../src/rules/address.js'
import { validateAppointmentRequirement } from '../../src/rules/appointment.js'
import { fastComponent, fastComponents, inspectComponents, limitsFor } from '../../src/rules/freightComponents.js'
import {
  validateCreateShipment,
  validateCreateShipmentReference,
  validateQuoteRequest,
  validateQuoteRequestReference,
} from '../../src/rules/requests.js'
import { fastDispatch, fastQuoteRequest, fastRequirement } from '../../src/rules/requestsFast.js'
import { CORRUPTIONS, corruptedAddressArb, shipmentAddressArb } from '../../src/arbitraries/address.js'
import { requirementArb, corruptedRequirementArb } from '../../src/arbitraries/appointment.js'
import { configArb, componentWithin, DEFAULT_BOUNDS } from '../../src/arbitraries/components.js'
import { corruptionOf, placesOf, setAt } from '../../src/arbitraries/corruption.js'
import { dispatchArb, fullCreateArb } from '../../src/arbitraries/dispatch.js'
import { quoteAddressArb, quoteRequestArb } from '../../src/arbitraries/quote.js'
import { createArb } from '../../src/arbitraries/requests.js'
import { mutated } from '../support/mutate.js'

/** Identical answers: deeply equal (undefined members, -0 and NaN included) and in the same key order. */
const same = (fast: unknown, reference: unknown): void => {
  expect(fast).toStrictEqual(reference)
  expect(JSON.stringify(fast)).toBe(JSON.stringify(reference))
}

const VALIDATORS = [
  { name: 'validateCreateShipment', fast: validateCreateShipment, reference: validateCreateShipmentReference, valid: fc.oneof(createArb, fullCreateArb) },
  { name: 'validateQuoteRequest', fast: validateQuoteRequest, reference: validateQuoteRequestReference, valid: quoteRequestArb },
] as const

/** Both answers for one input and options. */
const check = (v: (typeof VALIDATORS)[number], input: unknown, options?: { config?: RulesConfig }): void => {
  same(v.fast(input, options), v.reference(input, options))
}

const isPlainObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)

/** A copy of `root` with the object at `path` replaced by `f(object)`. */
const reshapeAt = (root: unknown, path: Path, f: (o: Record<string, unknown>) => unknown): unknown => {
  if (path.length === 0) return isPlainObject(root) ? f(root) : root
  const [head, ...rest] = path
  if (Array.isArray(root) && typeof head === 'number') return root.map((item: unknown, i) => (i === head ? reshapeAt(item, rest, f) : item))
  if (!isPlainObject(root)) return root
  const copy: Record<string, unknown> = {}
  for (const k of Object.keys(root)) Object.defineProperty(copy, k, { value: k === head ? reshapeAt(root[k], rest, f) : root[k], enumerable: true, writable: true, configurable: true })
  return copy
}

type Reshape = 'inherited' | 'non-enumerable' | 'getter' | 'null-prototype' | 'class-instance'

/** An object of the same members, one of them (`key`) or the whole object made unlike plain JSON. */
const reshape = (o: Record<string, unknown>, key: string, how: Reshape): Record<string, unknown> => {
  const members = Object.keys(o).filter((k) => k !== key)
  const value = o[key]
  const base: Record<string, unknown> =
    how === 'inherited' ? Object.create({ [key]: value }) : how === 'null-prototype' ? Object.create(null) : how === 'class-instance' ? new (class Box {})() : {}
  for (const k of members) base[k] = o[k]
  if (how === 'non-enumerable') Object.defineProperty(base, key, { value, enumerable: false, writable: true, configurable: true })
  else if (how === 'getter') Object.defineProperty(base, key, { get: () => value, enumerable: true, configurable: true })
  else if (how === 'null-prototype' || how === 'class-instance') base[key] = value
  return base
}

/** A valid request with one object (or one of its members) made unlike plain JSON. */
const reshapedArb = (valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> =>
  valid.chain((payload) => {
    const objects = placesOf(payload).filter((p) => isPlainObject(p.value) && Object.keys(p.value as object).length > 0)
    return fc
      .record({
        place: fc.constantFrom(...objects),
        pick: fc.nat(),
        how: fc.constantFrom<Reshape>('inherited', 'non-enumerable', 'getter', 'null-prototype', 'class-instance'),
      })
      .map(({ place, pick, how }) => {
        const keys = Object.keys(place.value as object)
        return reshapeAt(payload, place.path, (o) => reshape(o, keys[pick % keys.length]!, how))
      })
  })

/** For each field the validators read, values wrong on their own (or right at a limit's edge). */
const FIELD_FAULTS: Readonly<Record<string, ReadonlyArray<unknown>>> = {
  ...CORRUPTIONS,
  country: [...(CORRUPTIONS['country'] ?? []), 'pr', 'Gu', 'DE', 'MX'],
  state: [...(CORRUPTIONS['state'] ?? []), 'PR', 'GU', 'DC', 'il', 'ON'],
  palletCount: [0, -1, 1.5, '2', 26, 27, 1e300, Number.NaN],
  poundsWeight: [0, 1, 2500, 2501, 3000, 3001, 1.5, '500'],
  length: [0, 1, 60, 61, 96, 97, 1.5, '48', null],
  width: [0, 60, 61, 97, -1],
  height: [0, 96, 97, 108, 109],
  dimensions: [{ length: 48 }, { length: 48, width: 40 }, { length: 48, width: 40, height: 0 }, { length: '48', width: 40, height: 40 }, [], 'x', null],
  palletDimensions: [[48, 40], [0, 48, 40], [97, 48, 40], [48, 61, 40], [48, 40, 40, 1], 'x', null],
  freightClass: ['99', 100, '77.50', '77.5', '500'],
  pieceCount: [-1, 0, 1.5, '3'],
  nmfcCode: [156600, null],
  packagingType: [false],
  description: [42, '', '   ', '\u00a0x'],
  channel: ['FAX', 'phone', 'PORTAL', 'EMAIL', null],
  portalUrl: ['http://x.example.com', 'https://', 'https://a.example.com/../x', `https://${'a'.repeat(60)}.com/${'p'.repeat(460)}`],
  leadTimeHours: [168, 169, -1, 0, 1.5],
  contacts: [[], [{ name: 'Dock' }], Array.from({ length: 21 }, () => ({ name: 'D', phone: '+13125550100' })), 'x'],
  role: ['r'.repeat(100), 'r'.repeat(101)],
  phone: ['+1234', '+13125550100', '+0123456789', 'x'.repeat(33)],
  scac: ['abc', 'ABCDE', 'A', 'ABCD'],
  quoteId: ['not-a-uuid', '3F2504E0-4F89-11D3-9A0C-0305E82C330', '3f2504e0-4f89-11d3-9a0c-0305e82c3301'],
  requiredPickupDate: ['2026-02-30T10:00Z', '2026-11-24', '2028-02-29T10:00:00.123456789+05:30', '2026-11-24T24:00Z'],
  requiredDeliveryBy: ['2020-01-01T00:00:00Z', '2100-02-29T00:00Z', '2000-02-29T00:00Z'],
  shipmentMode: ['LTL', 'ftl', 'air'],
  customerReference: ['x'.repeat(128), 'x'.repeat(129), 7],
  referenceNumbers: [[' '], Array.from({ length: 11 }, () => 'A'), ['x'.repeat(129)], [], 'A-1'],
  instructions: ['x'.repeat(2000), 'x'.repeat(2001), '📦'.repeat(1000), '📦'.repeat(1001)],
  appointments: [{}, { pickup: { channel: 'PHONE' } }, [], null],
  shipperDispatch: [{ name: 'Desk' }, { name: 'Desk', phone: '+13125550100' }, null],
  poNumber: [7, ''],
}

/** A valid request with one field, wherever it appears, set to a value from {@link FIELD_FAULTS}. */
const faultedArb = (valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> =>
  valid.chain((payload) => {
    const places = placesOf(payload).filter((p) => {
      const last = p.path[p.path.length - 1]
      return typeof last === 'string' && FIELD_FAULTS[last] !== undefined
    })
    return fc.constantFrom(...places).chain((place) =>
      fc.constantFrom(...FIELD_FAULTS[place.path[place.path.length - 1] as string]!).map((value) => setAt(payload, place.path, value)),
    )
  })

/** Field names the validators read, for polluting Object.prototype. */
const POLLUTING_KEYS = ['zipCode', 'notes', 'liftgateRequired', 'appointmentRequired', 'length', 'width', 'height', 'channel', 'portalUrl', 'email', 'phone', 'pieceCount', 'description', 'shipmentMode', 'pickup', 'delivery']

describe('the request validators answer exactly as their reference composition', () => {
  for (const v of VALIDATORS) {
    describe(v.name, () => {
      it('on valid requests', () => {
        fc.assert(fc.property(v.valid, (body) => check(v, body)), { numRuns: runsOf(300) })
      })

      it('on valid requests under a random configuration (pallet limits and per-order cap)', () => {
        fc.assert(fc.property(v.valid, configArb, (body, config) => check(v, body, { config })), { numRuns: runsOf(200) })
      })

      it('on requests with one place corrupted (replaced by a hostile value, deleted, or a key added)', () => {
        fc.assert(fc.property(v.valid.chain((p) => corruptionOf(p)), (c) => check(v, c.input)), { numRuns: runsOf(500) })
      })

      it('on requests with one field set to a value wrong on its own or at a limit, wherever the field appears', () => {
        fc.assert(fc.property(faultedArb(v.valid), (input) => check(v, input)), { numRuns: runsOf(1000) })
      })

      it('on requests with one to three structure-aware mutations', () => {
        fc.assert(fc.property(v.valid.chain((p) => mutated(p)), (input) => check(v, input)), { numRuns: runsOf(400) })
      })

      it('on requests whose objects are not plain JSON: a member inherited, non-enumerable or a getter, a null or class prototype', () => {
        fc.assert(fc.property(reshapedArb(v.valid), (input) => check(v, input)), { numRuns: runsOf(400) })
      })

      it('on valid and corrupted requests while Object.prototype carries a field name', () => {
        const inputs = fc.oneof(v.valid, v.valid.chain((p) => corruptionOf(p)).map((c) => c.input))
        fc.assert(
          fc.property(inputs, fc.constantFrom(...POLLUTING_KEYS), fc.constantFrom<unknown>(true, 'x', 48, [40, 48, 60], { length: 1 }), (input, key, value) => {
            const proto = Object.prototype as Record<string, unknown>
            let fast: unknown
            let reference: unknown
            proto[key] = value
            try {
              fast = v.fast(input)
              reference = v.reference(input)
            } finally {
              delete proto[key]
            }
            same(fast, reference)
          }),
          { numRuns: runsOf(200) },
        )
      })

      it('on inputs that are not requests and on options that cannot be read', () => {
        const throwing = new Proxy({}, { get: () => { throw new Error('trap') }, ownKeys: () => { throw new Error('trap') } })
        for (const input of [undefined, null, 0, 'x', [], {}, throwing]) {
          for (const options of [undefined, {}, { config: undefined }, { config: null }, null, throwing]) {
            same(v.fast(input, options as never), v.reference(input, options as never))
          }
        }
      })
    })
  }
})

describe('each fast part accepts only what its reference reader accepts, with the same value', () => {
  it('addresses (shipment: ADDR-01 … ADDR-12, quote: ADDR-13), valid and corrupted', () => {
    const address = fc.oneof(shipmentAddressArb, quoteAddressArb)
    const inputs = fc.oneof(
      address,
      address.chain((a) => corruptionOf(a)).map((c) => c.input),
      corruptedAddressArb({ min: 1, max: 2 }).map((c) => c.input),
      faultedArb(shipmentAddressArb),
      reshapedArb(shipmentAddressArb),
    )
    fc.assert(
      fc.property(inputs, fc.boolean(), (input, shipment) => {
        const fast = fastAddress(input, shipment)
        if (fast !== undefined) same({ _tag: 'Right', right: fast }, normalizeAddress(input, { purpose: shipment ? 'shipment' : 'quote' }))
      }),
      { numRuns: runsOf(1000) },
    )
  })

  it('pallet groups (FRT-01 … FRT-11), valid and corrupted, with and without liftgate, under random configurations', () => {
    const component = componentWithin(DEFAULT_BOUNDS, ['dimensions', 'palletDimensions', 'default']).map((c) => c.wire)
    const inputs = fc.oneof(component, component.chain((c) => corruptionOf(c)).map((c) => c.input))
    fc.assert(
      fc.property(inputs, fc.boolean(), fc.oneof(fc.constant(defaultConfig), configArb), (input, liftgate, config) => {
        const fast = fastComponent(input, limitsFor(config, liftgate), config)
        if (fast === undefined) return
        // one group alone: the per-order pallet cap is the order's (fastComponents'), not the group's
        const uncapped = { ...config, pallet: { ...config.pallet, maxPalletsPerOrder: Number.POSITIVE_INFINITY } }
        const r = inspectComponents([input], { liftgate, config: uncapped })
        expect(r._tag).toBe('Right')
        if (r._tag === 'Right') same(fast, r.right.components[0]?.component)
      }),
      { numRuns: runsOf(1000) },
    )
  })

  it('appointment requirements (APT-01 … APT-06), valid and corrupted', () => {
    fc.assert(
      fc.property(fc.oneof(requirementArb, corruptedRequirementArb.map((c) => c.input), requirementArb.chain((r) => corruptionOf(r)).map((c) => c.input)), (input) => {
        const fast = fastRequirement(input)
        if (fast !== undefined) same({ _tag: 'Right', right: fast }, validateAppointmentRequirement(input))
      }),
      { numRuns: runsOf(500) },
    )
  })

  it('the dispatch contact (CRT-08), valid and corrupted, as the create request reads it', () => {
    fc.assert(
      fc.property(createArb, fc.oneof(dispatchArb, dispatchArb.chain((d) => corruptionOf(d)).map((c) => c.input)), (body, dispatch) => {
        const fast = fastDispatch(dispatch)
        if (fast === undefined) return
        const r = validateCreateShipmentReference({ ...body, shipperDispatch: dispatch })
        expect(r._tag).toBe('Right')
        if (r._tag === 'Right') same(fast, r.right.shipperDispatch)
      }),
      { numRuns: runsOf(300) },
    )
  })
})

/** Whether no pallet group sends an incomplete dimensions object (valid, ignored with a notice: left to the reference reader). */
const completeDimensions = (components: unknown): boolean =>
  (components as ReadonlyArray<Record<string, unknown>>).every((c) => {
    const d = c['dimensions'] as Record<string, unknown> | undefined
    return d === undefined || (d['length'] !== undefined && d['width'] !== undefined && d['height'] !== undefined)
  })

describe('the fast paths are taken: they accept the generated valid requests', () => {
  it('a valid quote request in one walk', () => {
    fc.assert(fc.property(quoteRequestArb, (body) => {
      fc.pre(completeDimensions(body['orderComponents']))
      expect(fastQuoteRequest(body, {})).toBeDefined()
    }), { numRuns: runsOf(300) })
  })

  it('both addresses, every pallet group, each appointment and the dispatch of a valid create request', () => {
    fc.assert(
      fc.property(fc.oneof(createArb, fullCreateArb), (body) => {
        expect(fastAddress(body['pickupAddress'], true)).toBeDefined()
        expect(fastAddress(body['deliveryAddress'], true)).toBeDefined()
        if (completeDimensions(body['orderComponents'])) expect(fastComponents(body['orderComponents'], true, defaultConfig)).toBeDefined()
        const appointments = body['appointments'] as Record<string, unknown> | undefined
        for (const stop of ['pickup', 'delivery']) if (appointments?.[stop] !== undefined) expect(fastRequirement(appointments[stop])).toBeDefined()
        if (body['shipperDispatch'] !== undefined) expect(fastDispatch(body['shipperDispatch'])).toBeDefined()
      }),
      { numRuns: runsOf(300) },
    )
  })
})
