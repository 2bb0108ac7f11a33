// CNF-04 and APT-13 with a place-level requirement (needs `--controls sandbox`: only the sandbox's
// saved addresses, POST /sandbox/addresses, make a place). A table of cases, every combination of
// four facts about the delivery stop: the place requires an appointment (the saved address's
// appointmentRequired) or not, the place has a default requirement (defaultAccessorials.appointment)
// or not, the stop address of the create requires one or not, the order has its own requirement
// (PUT …/appointment/DELIVERY) or not. For each: a saved address, a quote, a create placed there
// (X-Sandbox-Delivery-Address-Id), the order's requirement if any, then
// - APT-13: GET …/appointment/DELIVERY's appointmentRequired is mergeAppointment's, the OR of the
//   place's flag and the stop address's;
// - CNF-04: the confirm is validateConfirm's answer with the place's flag and default and the
//   order's requirement: 200 CONFIRMED, or 400 with the violation at appointments.delivery
//   (judgeProblem: status, reason, violation field and code).
import { mergeAppointment, validateAppointmentRequirement, validateConfirm, type AppointmentRequirement } from 'shipper-rules'
import type { Check, KitContext } from '../../check.js'
import { judge, judgeProblem, renderDiffs } from '../../judge.js'
import { createBody, describe, expectAnswer, field, get, LANES, makeQuote, post, put, RuleBroken, type Freight } from '../support.js'
import { withSandboxControls } from './support.js'

const NAME = 'coverage: confirm with a place-level requirement'
const RULES = ['CNF-04', 'APT-13'] as const

interface Case {
  readonly placeRequired: boolean
  readonly placeDefault: boolean
  readonly addressRequired: boolean
  readonly orderRequirement: boolean
}

/** Every combination of the four facts, the ones that require an appointment and have none first. */
export const PLACE_CASES: ReadonlyArray<Case> = [false, true].flatMap((orderRequirement) =>
  [false, true].flatMap((placeDefault) =>
    [true, false].flatMap((placeRequired) => [true, false].map((addressRequired) => ({ placeRequired, placeDefault, addressRequired, orderRequirement }))),
  ),
)

const PLACE_DEFAULT = { channel: 'EMAIL', contacts: [{ name: 'Dock desk', email: 'dock@example.com' }], leadTimeHours: 24 }
const ORDER_REQUIREMENT = { channel: 'PHONE', instructions: 'Call ahead' }
const FREIGHT: Freight = { palletCount: 1, poundsWeight: 500 }

const label = (c: Case): string =>
  `place ${c.placeRequired ? 'requires' : 'does not require'} an appointment${c.placeDefault ? ' and has a default' : ''}, the stop address ${c.addressRequired ? 'requires' : 'does not require'} one, ${c.orderRequirement ? 'the order has its own' : 'the order has none'}`

const valid = (raw: unknown): AppointmentRequirement => {
  const v = validateAppointmentRequirement(raw)
  if (v._tag === 'Left') throw new Error('a requirement of the table the library refuses')
  return v.right
}

const runCase = async (ctx: KitContext, c: Case, i: number): Promise<void> => {
  const lane = LANES[0]!
  const what = label(c)
  const saved = await ctx.http.send(
    post('/sandbox/addresses', {
      name: `${ctx.marker} place ${i}`,
      address1: '2 Yard Ave',
      city: lane.delivery.city,
      state: lane.delivery.state,
      zipCode: lane.delivery.zipCode,
      phoneNumber: lane.delivery.phoneNumber,
      contactPerson: 'Dee Delivery',
      ...(c.placeRequired ? { appointmentRequired: true } : {}),
      ...(c.placeDefault ? { defaultAccessorials: { appointment: PLACE_DEFAULT } } : {}),
    }),
  )
  expectAnswer('CNF-04', 'POST /sandbox/addresses', saved, 201)
  const id = String(field('CNF-04', 'a saved address', saved, 'id'))
  const quote = await makeQuote(ctx, lane, FREIGHT)
  const body = createBody(ctx, lane, FREIGHT, { quoteId: quote.id, note: `place confirm ${i}`, deliveryAppointmentRequired: c.addressRequired })
  const created = await ctx.http.send(post('/v1/shipper/shipment', body, 'main', { 'X-Sandbox-Delivery-Address-Id': id }))
  expectAnswer('CNF-04', `a create placed at the saved address (${what})`, created, 200)
  const n = encodeURIComponent(String(field('CNF-04', 'a created order', created, 'orderNumber')))
  const path = `/v1/shipper/shipment/${n}/appointment/DELIVERY`
  if (c.orderRequirement) expectAnswer('CNF-04', 'PUT the order\'s requirement', await ctx.http.send(put(path, ORDER_REQUIREMENT)), 200)

  // APT-13: the merged flag
  const merged = mergeAppointment({
    place: c.placeDefault ? valid(PLACE_DEFAULT) : undefined,
    order: c.orderRequirement ? valid(ORDER_REQUIREMENT) : undefined,
    placeRequired: c.placeRequired,
    orderRequired: c.addressRequired,
  })
  const g = await ctx.http.send(get(path))
  expectAnswer('APT-13', `GET the requirement (${what})`, g, 200)
  const flag = judge({ appointmentRequired: merged.appointmentRequired }, { appointmentRequired: field('APT-13', 'the requirement', g, 'appointmentRequired') })
  if (flag.length > 0) throw new RuleBroken('APT-13', `the requirement when the ${what}: appointmentRequired, the OR of the place's flag and the stop's (mergeAppointment)\n${renderDiffs(flag)}`, describe(g))

  // CNF-04: the confirm
  const want = validateConfirm(
    {
      status: 'INITIALIZED',
      quoteId: quote.id,
      request: body,
      placeAppointments: { delivery: c.placeDefault ? PLACE_DEFAULT : undefined },
      placeAppointmentRequired: { delivery: c.placeRequired },
      orderAppointments: { delivery: c.orderRequirement ? ORDER_REQUIREMENT : undefined },
    },
    { config: ctx.config },
  )
  const r = await ctx.http.send(put(`/v1/shipper/shipment/${n}/confirm`))
  if (want._tag === 'Right') {
    expectAnswer('CNF-04', `confirm when the ${what} (validateConfirm: CONFIRMED)`, r, 200)
    if (field('CNF-04', 'a confirmed order', r, 'orderStatus') !== 'CONFIRMED') throw new RuleBroken('CNF-04', `confirm when the ${what}: orderStatus CONFIRMED`, describe(r))
    return
  }
  const p = want.left
  const diffs = judgeProblem({ status: p.status, reason: p.reason, violations: (p.violations ?? []).map((v) => ({ field: v.field, code: v.code })) }, r.status, r.json)
  if (diffs.length > 0) throw new RuleBroken('CNF-04', `confirm when the ${what}: ${p.status} ${p.reason} (validateConfirm)\n${renderDiffs(diffs)}`, describe(r))
}

export const placeConfirm: Check = {
  name: NAME,
  rules: RULES,
  requires: ['sandboxControls'],
  run: async (ctx) => {
    return withSandboxControls(ctx, { name: NAME, rules: RULES }, 'a place is made only through the sandbox\'s saved addresses: needs --controls sandbox', async () => {
      for (const [i, c] of PLACE_CASES.entries()) await runCase(ctx, c, i)
    })
  },
}
