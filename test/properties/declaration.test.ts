// Properties of src/openapi/declaration.ts: the `x-shipper-rules-config` extension. Any valid
// configuration, written into the OpenAPI document and read back with declaredConfig, comes back
// whole; the kind D decisions appear in the extension with the configured choice; a malformed
// declaration gives every violation at its exact path from the document's root.
import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { defaultConfig, makeConfig, type RulesConfig } from '../../src/config.js'
import { configArb } from '../../src/arbitraries/components.js'
import { randomScaleArb } from '../../src/arbitraries/freight.js'
import { DENSITY_SCALE_18 } from '../../src/model/densityScales.js'
import { openApiDocument } from '../../src/openapi/document.js'
import {
  configDeclaration,
  declaredConfig,
  RULES_CONFIG_DECLARATION_VERSION,
  RULES_CONFIG_EXTENSION,
} from '../../src/openapi/declaration.js'
import { leftOf, rightOf } from '../support/either.js'

const ZONES = ['America/Chicago', 'America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu', 'America/Puerto_Rico', 'UTC'] as const

/** Any valid configuration: random pallet limits, scale, calendar, windows, fee, upload limit and tracking model. */
const anyConfigArb: fc.Arbitrary<RulesConfig> = fc
  .record({
    base: configArb,
    scale: fc.oneof(randomScaleArb.map((s) => s.scale), fc.constant(DENSITY_SCALE_18), fc.constant(defaultConfig.densityScale)),
    totalWeight: fc.constantFrom('allPallets' as const, 'sumOfComponents' as const),
    zone: fc.constantFrom(...ZONES),
    holidays: fc.oneof(
      fc.constantFrom('none' as const, 'us-federal' as const, 'carrier' as const, 'carrier-new-years-eve' as const),
      fc.array(fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), { maxLength: 5 }),
    ),
    quoteValidityHours: fc.integer({ min: 1, max: 24 * 30 }),
    idempotencyWindowHours: fc.integer({ min: 1, max: 24 * 30 }),
    uploadMaxBytes: fc.integer({ min: 1, max: 100_000_000 }),
    insideServiceFeeCents: fc.integer({ min: 0, max: 100_000 }),
    gpsClockSkewSeconds: fc.integer({ min: 0, max: 3600 }),
    pingMaxAgeMinutes: fc.integer({ min: 1, max: 1440 }),
    offRouteKm: fc.integer({ min: 1, max: 500 }),
  })
  .map((r) => {
    const made = makeConfig({
      pallet: { ...r.base.pallet, totalWeight: r.totalWeight },
      densityScale: r.scale,
      businessDays: { zone: r.zone, holidays: r.holidays },
      quoteValidityHours: r.quoteValidityHours,
      idempotencyWindowHours: r.idempotencyWindowHours,
      uploadMaxBytes: r.uploadMaxBytes,
      insideServiceFeeCents: r.insideServiceFeeCents,
      gpsClockSkewSeconds: r.gpsClockSkewSeconds,
      tracking: { pingMaxAgeMinutes: r.pingMaxAgeMinutes, offRouteKm: r.offRouteKm },
    })
    if (!isRight(made)) throw new Error(`anyConfigArb built an invalid configuration: ${JSON.stringify(made.left)}`)
    return made.right
  })

/** A document as a server sends it: JSON text, parsed. */
const overTheWire = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

describe('x-shipper-rules-config: the declared rules configuration', () => {
  it('any valid configuration -> declaration -> JSON -> declaredConfig gives it back whole', () => {
    fc.assert(
      fc.property(anyConfigArb, (config) => {
        const declaration = rightOf(configDeclaration(config))
        expect(declaration.version).toBe(RULES_CONFIG_DECLARATION_VERSION)
        expect(rightOf(declaredConfig(overTheWire({ [RULES_CONFIG_EXTENSION]: declaration })))).toEqual(config)
      }),
    )
  })

  it('the generated OpenAPI document carries it at its root, and its description states the declared limits', () => {
    // the generator builds every schema: fewer runs than the cheap property above
    fc.assert(
      fc.property(anyConfigArb, (config) => {
        const document = rightOf(openApiDocument({ config }))
        expect(rightOf(declaredConfig(overTheWire(document)))).toEqual(config)
        expect(document.info.description).toContain(`at most ${config.pallet.maxPalletsPerOrder} pallets per order`)
        expect(document.info.description).toContain(`Quotes are valid ${config.quoteValidityHours} hours`)
      }),
      { numRuns: 10 },
    )
    expect(rightOf(declaredConfig(overTheWire(rightOf(openApiDocument()))))).toEqual(defaultConfig)
  })

  it('the kind D decisions appear in the extension with the configured choice', () => {
    fc.assert(
      fc.property(anyConfigArb, (config) => {
        const { decisions } = rightOf(configDeclaration(config))
        const of = (rule: string): string => {
          const d = decisions.find((x) => x.rule === rule)
          expect(d, rule).toBeDefined()
          return d!.decision
        }
        expect(decisions.filter((d) => d.kind === 'D').map((d) => d.rule).sort()).toEqual(['ADDR-14', 'DOC-03', 'FRT-07', 'FRT-12', 'QTE-04', 'TRK-03'])
        // the extension's description states each of them with the configured choice
        const { description } = rightOf(configDeclaration(config))
        for (const d of decisions.filter((x) => x.kind === 'D')) expect(description).toContain(`${d.rule}: ${d.decision}`)
        expect(of('FRT-07')).toContain(config.densityScale.name)
        expect(of('FRT-12')).toContain(`(${config.pallet.totalWeight})`)
        expect(of('FRT-12')).toContain(`at most ${config.pallet.maxPalletsPerOrder} pallets`)
        expect(of('QTE-04')).toContain(config.businessDays.zone)
        expect(of('DOC-03')).toContain(`${config.uploadMaxBytes} bytes`)
        expect(of('ADDR-14')).toContain(`${config.insideServiceFeeCents} cents`)
        expect(of('TRK-03')).toContain(`${config.tracking.offRouteKm} km off the route`)
        expect(of('FRT-02')).toContain(`${config.pallet.maxPoundsPerPallet} lb`)
        expect(of('QTE-02')).toContain(`${config.quoteValidityHours} hours`)
        expect(of('CRT-10')).toContain(`${config.idempotencyWindowHours} hours`)
      }),
    )
  })

  it('a configuration makeConfig refuses declares nothing: its violations', () => {
    const bad = { ...defaultConfig, quoteValidityHours: 0 }
    expect(leftOf(configDeclaration(bad)).map((v) => v.field)).toEqual(['quoteValidityHours'])
    expect(leftOf(openApiDocument({ config: bad }))).toEqual(['config: quoteValidityHours must be at least 1'])
  })

  describe('a malformed declaration gives every violation at its path from the document root', () => {
    const declared = (config: unknown, version: unknown = '1'): unknown => ({ openapi: '3.1.0', [RULES_CONFIG_EXTENSION]: { version, config } })
    const full = overTheWire(defaultConfig) as Record<string, unknown>
    it('not a document, no extension, an extension that is no object', () => {
      expect(leftOf(declaredConfig('openapi'))).toEqual([{ field: '', entity: 'config', code: 'type', reason: 'must be an OpenAPI document (an object), got string' }])
      expect(leftOf(declaredConfig({ openapi: '3.1.0' }))).toEqual([{ field: RULES_CONFIG_EXTENSION, entity: 'config', code: 'required', reason: 'is required: the document declares no rules configuration' }])
      expect(leftOf(declaredConfig({ [RULES_CONFIG_EXTENSION]: [] })).map((v) => [v.field, v.code])).toEqual([[RULES_CONFIG_EXTENSION, 'type']])
    })
    it('another version, no config', () => {
      expect(leftOf(declaredConfig({ [RULES_CONFIG_EXTENSION]: { version: '2' } })).map((v) => [v.field, v.code])).toEqual([
        [`${RULES_CONFIG_EXTENSION}.version`, 'invalid'],
        [`${RULES_CONFIG_EXTENSION}.config`, 'required'],
      ])
    })
    it('a field left out, a value makeConfig refuses, a bad zone and holiday; an unknown field', () => {
      const { quoteValidityHours: _dropped, ...rest } = full
      const violations = leftOf(
        declaredConfig(
          declared({
            ...rest,
            pallet: { ...(full.pallet as object), maxPoundsPerPallet: -1 },
            businessDays: { zone: 'Mars/Olympus', holidays: ['2026-02-30'] },
          }),
        ),
      )
      expect(violations.map((v) => [v.field, v.code])).toEqual(
        expect.arrayContaining([
          [`${RULES_CONFIG_EXTENSION}.config.quoteValidityHours`, 'required'],
          [`${RULES_CONFIG_EXTENSION}.config.pallet.maxPoundsPerPallet`, 'out_of_range'],
          [`${RULES_CONFIG_EXTENSION}.config.businessDays.zone`, 'pattern'],
          [`${RULES_CONFIG_EXTENSION}.config.businessDays.holidays[0]`, 'pattern'],
        ]),
      )
      expect(violations.every((v) => v.entity === 'config')).toBe(true)
      // an unknown field stops makeConfig before its checks of values (as for an override)
      expect(leftOf(declaredConfig(declared({ ...full, colour: 'blue' }))).map((v) => [v.field, v.code])).toEqual([[`${RULES_CONFIG_EXTENSION}.config.colour`, 'unknown_field']])
    })
    it('never throws: a getter that throws is one type violation at the root', () => {
      const hostile = Object.defineProperty({}, RULES_CONFIG_EXTENSION, { enumerable: true, get: () => { throw new Error('boom') } })
      expect(leftOf(declaredConfig(hostile)).map((v) => [v.field, v.code])).toEqual([['', 'type']])
      expect(leftOf(configDeclaration(null as unknown as RulesConfig)).map((v) => v.code)).toEqual(['type'])
    })
  })
})
