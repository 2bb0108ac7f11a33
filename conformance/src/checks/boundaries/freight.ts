// Pallet limits and freight class at the declared configuration's thresholds (FRT-02, FRT-07,
// FRT-09, FRT-10, FRT-12). First the values limitEdges lists (the per-pallet weight cap and the
// liftgate cap, every minimum and maximum dimension with and without a liftgate stop, the pallets
// per order: at, one under, one over), each sent as a quote and as a create; then random groups
// from componentAtLimitsArb and orderAtPalletLimitArb. The freight class a server derives is
// observed through the quote it must honour: a quote whose pallet declares the class the library
// derives on the declared scale (at, a pound under and a pound over each density band edge, then
// random pallets beside an edge), then a create with the same pallet without a class, naming that
// quote: checkQuoteForShipment says it matches, so it is booked at the quoted price; a server
// that puts an edge in the wrong band answers quote_mismatch. And on each edge a quote declaring
// the class of the band just under it, which the create's derived class must not match (400
// quote_mismatch): a server that accepts any class, or derives the lower one, books it.
import { FREIGHT_CLASSES, freightClassForPallet, type FreightClassName, type RulesConfig } from 'shipper-rules'
import { componentAtLimitsArb, limitEdges, orderAtPalletLimitArb, palletNearBandEdgeArb, type PalletNearBandEdge } from 'shipper-rules/arbitraries'
import type { Check, KitContext, RuleId } from '../../check.js'
import { createBodyOf, createRequest, liftgateStops, quoteBodyOf, quoteRequest } from './bodies.js'
import { predictCreate, predictCreateOnQuote, predictQuote } from './predict.js'
import { draw, randomCount, runTable, type Case } from './table.js'

type Endpoint = 'quote' | 'create'
const ENDPOINTS: ReadonlyArray<Endpoint> = ['quote', 'create']

/** A case that sends pallet groups (with a liftgate delivery or not) as a quote or a create. */
const palletCase = (ctx: KitContext, rule: RuleId, name: string, endpoint: Endpoint, components: ReadonlyArray<unknown>, liftgate: boolean): Case<undefined> => ({
  rule,
  name: `${name}${liftgate ? ', liftgate delivery' : ''}, ${endpoint}`,
  build: () => (endpoint === 'quote' ? quoteRequest(quoteBodyOf(components, liftgateStops(liftgate))) : createRequest(createBodyOf(ctx, components, liftgateStops(liftgate)))),
  predict: (config, req) => (endpoint === 'quote' ? predictQuote(config, req.body) : predictCreate(config, req.body)),
})

const sideName = (side: 'under' | 'at' | 'over'): string => (side === 'at' ? 'at' : side === 'under' ? 'one under' : 'one over')

/** The rule a pallet group near a limit tests: a liftgate stop's limits are FRT-10's, the weight cap FRT-02's, dimensions FRT-09's. */
const palletRule = (liftgate: boolean, weight: boolean): RuleId => (liftgate ? 'FRT-10' : weight ? 'FRT-02' : 'FRT-09')

const palletCases = (config: RulesConfig, ctx: KitContext): ReadonlyArray<Case<undefined>> => {
  const edges = limitEdges(config)
  const cases: Case<undefined>[] = []
  for (const endpoint of ENDPOINTS) {
    for (const e of edges.palletWeights) {
      cases.push(palletCase(ctx, palletRule(e.value.liftgate, true), `poundsWeight ${sideName(e.side)} ${e.threshold} (${String(e.value.component['poundsWeight'])})`, endpoint, [e.value.component], e.value.liftgate))
    }
    for (const e of edges.dimensions) {
      const rule = e.threshold.includes('liftgate') ? 'FRT-10' : 'FRT-09'
      cases.push(palletCase(ctx, rule, `dimensions ${JSON.stringify(e.value.component['dimensions'])}: ${sideName(e.side)} ${e.threshold}`, endpoint, [e.value.component], e.value.liftgate))
    }
    for (const e of edges.palletsPerOrder) {
      const total = e.value.reduce((n, c) => n + Number(c['palletCount']), 0)
      cases.push(palletCase(ctx, 'FRT-12', `${total} pallets in ${e.value.length} groups: ${sideName(e.side)} ${e.threshold}`, endpoint, e.value, false))
    }
  }
  // the spec's own lower bounds (at least 1 pallet, at least 1 pound) and the declared class's list, at and beside their ends
  const group = (fields: Readonly<Record<string, unknown>>) => ({ palletCount: 1, poundsWeight: 500, dimensions: { length: 48, width: 40, height: 48 }, ...fields })
  for (const palletCount of [0, 1, 2, -1, 1.5, '1']) cases.push(palletCase(ctx, 'FRT-01', `palletCount ${JSON.stringify(palletCount)}`, 'quote', [group({ palletCount })], false))
  for (const poundsWeight of [0, 1, 2, 1.5, '500']) cases.push(palletCase(ctx, 'FRT-02', `poundsWeight ${JSON.stringify(poundsWeight)}`, 'quote', [group({ poundsWeight })], false))
  const first = FREIGHT_CLASSES[0]
  const last = FREIGHT_CLASSES[FREIGHT_CLASSES.length - 1]
  for (const freightClass of [first, last, '77.5', '92.5', `${Number(first) - 5}`, `${Number(last) + 1}`, '92.50', '77,5', 77.5, '']) {
    cases.push(palletCase(ctx, 'FRT-06', `freightClass ${JSON.stringify(freightClass)}`, 'quote', [group({ freightClass })], false))
  }
  const n = randomCount(ctx)
  draw(ctx, 0x0f7102, componentAtLimitsArb(config), n).forEach((c, i) => {
    const weight = Number(c.component['poundsWeight'])
    const overWeight = weight > (c.liftgate ? config.pallet.liftgate.maxPoundsPerPallet : config.pallet.maxPoundsPerPallet)
    cases.push(palletCase(ctx, palletRule(c.liftgate, c.withinLimits || overWeight), `random pallet group ${JSON.stringify(c.component)}`, ENDPOINTS[i % 2]!, [c.component], c.liftgate))
  })
  draw(ctx, 0x0f7112, orderAtPalletLimitArb(config), n).forEach((o, i) => {
    cases.push(palletCase(ctx, 'FRT-12', `random order of ${o.totalPalletCount} pallets in ${o.components.length} groups`, ENDPOINTS[(i + 1) % 2]!, o.components, false))
  })
  return cases
}

export const palletLimits: Check = {
  name: 'boundaries: pallet limits',
  rules: ['FRT-01', 'FRT-02', 'FRT-06', 'FRT-09', 'FRT-10', 'FRT-12'],
  run: (ctx) => runTable(ctx, { name: palletLimits.name, rules: palletLimits.rules, cases: (config) => palletCases(config, ctx) }),
}

/**
 * A quote of one pallet declaring a class (by default the one the library derives on the declared
 * scale; `other`: the class of the band on the other side of the edge, which must not match), then
 * a create of the same pallet without a class, on that quote.
 */
const classCase = (ctx: KitContext, name: string, pallet: PalletNearBandEdge, other?: FreightClassName): Case<undefined> => {
  const bare = { palletCount: 1, poundsWeight: pallet.poundsWeight, dimensions: pallet.dimensions }
  return {
    rule: 'FRT-07',
    name: `${name}: ${pallet.poundsWeight} lb on ${pallet.dimensions.length}x${pallet.dimensions.width}x${pallet.dimensions.height} in, quoted with ${other === undefined ? 'the derived class' : `class ${other} (the band beyond the edge)`}, then created without one on that quote`,
    build: (config) => quoteRequest(quoteBodyOf([{ ...bare, freightClass: other ?? freightClassForPallet(pallet.poundsWeight, pallet.dimensions, config.densityScale) }])),
    predict: (config, req) => predictQuote(config, req.body),
    then: (config, first, _env, req) => {
      const id = (first.json as Record<string, unknown>)['id']
      const body = createBodyOf(ctx, [bare], {}, typeof id === 'string' ? id : undefined)
      const prediction = predictCreateOnQuote(config, req.body, first, body)
      return prediction === undefined ? undefined : { request: createRequest(body), prediction }
    },
  }
}

export const freightClass: Check = {
  name: 'boundaries: freight class at the density band edges',
  rules: ['FRT-07'],
  run: (ctx) =>
    runTable(ctx, {
      name: freightClass.name,
      rules: freightClass.rules,
      cases: (config) => {
        const edges = limitEdges(config).densityEdges
        // on each edge, the class of the band just under it must not match: the create's derived class is the edge's
        const under = (threshold: string): FreightClassName | undefined => edges.find((x) => x.threshold === threshold && x.side === 'under')?.value.freightClass
        return [
          ...edges.map((e) => classCase(ctx, `${sideName(e.side)} ${e.threshold} (class ${e.value.freightClass})`, e.value)),
          ...edges.flatMap((e) => {
            const other = e.side === 'at' ? under(e.threshold) : undefined
            return other === undefined || other === e.value.freightClass ? [] : [classCase(ctx, `at ${e.threshold} (class ${e.value.freightClass})`, e.value, other)]
          }),
          ...draw(ctx, 0x0f7107, palletNearBandEdgeArb(config), randomCount(ctx)).map((p) => classCase(ctx, `random pallet beside a band edge (class ${p.freightClass})`, p)),
        ]
      },
    }),
}
