// CNF-01 … CNF-03: the confirm-time checks. The library's validateConfirm re-runs the create's own
// validator (validateCreateShipment) on the stored request, so no body a create accepts fails them
// at confirm: a server shows the rules by refusing such a body at create with the answer
// validateConfirm gives (status, reason, the violation fields; a pallet over the maxima 422
// pallet_invalid whose message states the maximum), and by confirming every body it accepted.
// Bodies: a valid create with ONE confirm-time field broken (an address's name, address1, zipCode,
// contactPerson or phoneNumber missing, a phone not E.164, openTime not HH:mm, a blank
// description, no components, a pallet dimension or weight over the maxima), or none.
import fc from 'fast-check'
import { readProblemDetail, validateConfirm } from 'shipper-rules'
import type { Check, RuleId } from '../../check.js'
import { createBody, describe, expectAnswer, LANES, makeQuote, post, put, RuleBroken, type Freight } from '../support.js'
import { property } from './support.js'

type Body = Record<string, unknown>
type Breakage = { readonly name: string; readonly rule: RuleId; readonly apply: (b: Body) => Body }

const address = (stop: 'pickupAddress' | 'deliveryAddress', f: (a: Record<string, unknown>) => Record<string, unknown>) => (b: Body): Body => ({
  ...b,
  [stop]: f({ ...(b[stop] as Record<string, unknown>) }),
})
const without = (key: string) => (a: Record<string, unknown>) => {
  const { [key]: _dropped, ...rest } = a
  return rest
}

const BREAKAGES: ReadonlyArray<Breakage> = [
  { name: 'none', rule: 'CNF-02', apply: (b) => b },
  ...(['pickupAddress', 'deliveryAddress'] as const).flatMap((stop): Breakage[] => [
    ...['name', 'address1', 'zipCode', 'contactPerson', 'phoneNumber'].map((key) => ({ name: `${stop}.${key} missing`, rule: 'CNF-01', apply: address(stop, without(key)) })),
    { name: `${stop}.phoneNumber not E.164`, rule: 'CNF-01', apply: address(stop, (a) => ({ ...a, phoneNumber: '312-555-0100' })) },
    { name: `${stop}.openTime not HH:mm`, rule: 'CNF-01', apply: address(stop, (a) => ({ ...a, openTime: '9am' })) },
    { name: `${stop}.closeTime not HH:mm`, rule: 'CNF-01', apply: address(stop, (a) => ({ ...a, closeTime: '25:00' })) },
  ]),
  { name: 'description blank', rule: 'CNF-02', apply: (b) => ({ ...b, description: '   ' }) },
  { name: 'no components', rule: 'CNF-02', apply: (b) => ({ ...b, orderComponents: [] }) },
  { name: 'palletCount 0', rule: 'CNF-02', apply: (b) => ({ ...b, orderComponents: [{ palletCount: 0, poundsWeight: 500 }] }) },
  { name: 'pallet too long', rule: 'CNF-03', apply: (b) => ({ ...b, orderComponents: [{ palletCount: 1, poundsWeight: 500, dimensions: { length: 400, width: 40, height: 40 } }] }) },
  { name: 'pallet too tall', rule: 'CNF-03', apply: (b) => ({ ...b, orderComponents: [{ palletCount: 1, poundsWeight: 500, dimensions: { length: 40, width: 40, height: 400 } }] }) },
  { name: 'pallet too heavy', rule: 'CNF-03', apply: (b) => ({ ...b, orderComponents: [{ palletCount: 1, poundsWeight: 90000 }] }) },
]

const NAME = 'coverage: confirm-time checks'
const RULES = ['CNF-01', 'CNF-02', 'CNF-03'] as const

const fieldsOf = (json: unknown): string[] => {
  const p = readProblemDetail(json)
  return p._tag === 'Right' ? [...new Set((p.right.violations ?? []).map((v) => v.field))].sort() : []
}

const numbersIn = (text: string): string[] => text.match(/\d[\d,.]*/g)?.map((n) => n.replace(/[,.]$/, '')) ?? []

export const confirmTime: Check = {
  name: NAME,
  rules: RULES,
  run: (ctx) =>
    property(
      ctx,
      { name: NAME, rules: RULES },
      ctx.runs,
      async () => undefined,
      fc.tuple(fc.integer({ min: 0, max: BREAKAGES.length - 1 }), fc.integer({ min: 0, max: LANES.length - 1 })),
      async (_s, [which, laneIndex]) => {
        const breakage = BREAKAGES[which]!
        const lane = LANES[laneIndex]!
        const freight: Freight = { palletCount: 2, poundsWeight: 800 }
        const body = breakage.apply(createBody(ctx, lane, freight, { note: `confirm-time ${breakage.name}` }))
        // the quote id is a placeholder: validateConfirm only asks that there is one
        const want = validateConfirm({ status: 'INITIALIZED', quoteId: 'a-quote', request: body }, { config: ctx.config })
        const what = `a create whose ${breakage.name}`
        if (want._tag === 'Left') {
          const r = await ctx.http.send(post('/v1/shipper/shipment', body))
          const rule: RuleId = want.left.reason === 'pallet_invalid' ? 'CNF-03' : breakage.rule
          const wantFields = [...new Set((want.left.violations ?? []).map((v) => v.field))].sort()
          const expected = `${what}: ${want.left.status} ${want.left.reason}, violations at [${wantFields.join(', ')}] (validateConfirm)`
          expectAnswer(rule, expected, r, want.left.status, want.left.reason)
          if (fieldsOf(r.json).join('|') !== wantFields.join('|')) throw new RuleBroken(rule, expected, describe(r))
          if (want.left.reason === 'pallet_invalid') {
            // CNF-03: the message states the maximum that applied (every number of the library's message)
            const server = readProblemDetail(r.json)
            const text = server._tag === 'Right' ? [server.right.detail ?? '', ...(server.right.violations ?? []).map((v) => v.reason)].join(' ') : ''
            const limits = (want.left.violations ?? []).flatMap((v) => numbersIn(v.reason))
            const missing = limits.filter((n) => !numbersIn(text).includes(n))
            if (missing.length > 0) throw new RuleBroken('CNF-03', `${expected}, its message stating the maximum (${limits.join(', ')})`, describe(r))
          }
          return
        }
        // valid at confirm time: created with a quote, then confirmed
        const quote = await makeQuote(ctx, lane, freight)
        const created = await ctx.http.send(post('/v1/shipper/shipment', { ...body, quoteId: quote.id }))
        expectAnswer(breakage.rule, `${what}: created (validateConfirm accepts it)`, created, 200)
        const n = (created.json as Record<string, unknown>)['orderNumber']
        const r = await ctx.http.send(put(`/v1/shipper/shipment/${encodeURIComponent(String(n))}/confirm`))
        expectAnswer(breakage.rule, `${what}: confirmed (validateConfirm: CONFIRMED)`, r, 200)
      },
      // every breakage once, whatever the seed and the run count
      BREAKAGES.map((_, i): [number, number] => [i, i % LANES.length]),
    ),
}
