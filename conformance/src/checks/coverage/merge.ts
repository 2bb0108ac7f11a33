// APT-07 … APT-12: the merge of a place-level default with the order's requirement. Only the
// sandbox's saved addresses (POST/PUT /sandbox/addresses) can make a place default, so this needs
// `--controls sandbox`. Setup: a saved address and an order whose delivery stop is placed there
// (X-Sandbox-Delivery-Address-Id). Each run: PUT the saved address's default (or none), PUT the
// order's requirement, GET; both answers must be the library's
// mergeAppointment({ place, order, address }) value by value and in `_merged.fields`; a
// difference names the rule of the first field that differs.
import fc from 'fast-check'
import { LIMITS, mergeAppointment, readAppointmentResponse, validateAppointmentRequirement } from 'shipper-rules'
import type { Check, KitContext, RuleId } from '../../check.js'
import type { Received } from '../../http.js'
import { createBody, describe, expectAnswer, field, get, LANES, post, put, RuleBroken, sameJson } from '../support.js'
import { property, withoutControls } from './support.js'

const NAME = 'coverage: appointment merge with a place default'
const RULES = ['APT-07', 'APT-08', 'APT-09', 'APT-10', 'APT-11', 'APT-12'] as const
const RULE_OF: Readonly<Record<string, RuleId>> = {
  channel: 'APT-07',
  portalUrl: 'APT-08',
  contacts: 'APT-09',
  instructions: 'APT-10',
  referenceNumbers: 'APT-11',
  leadTimeHours: 'APT-12',
}

// Small pools that overlap between place and order, so unions, duplicates and ties happen. The
// contacts sit on either side of the library's dedup key (contactKey: the e-mail without letter
// case, and the phone): the same key under another name or another case of the e-mail, and the
// same name under another key (another e-mail, or the same e-mail with a phone).
const CONTACTS = {
  dock: { name: 'Dock desk', email: 'dock@example.com' },
  dockAgain: { name: 'Dock desk (again)', email: 'dock@example.com' },
  dockUpper: { name: 'Dock desk', email: 'DOCK@Example.com' },
  dockOther: { name: 'Dock desk', email: 'desk@example.com' },
  dockPhone: { name: 'Dock desk', email: 'dock@example.com', phone: '+13125550125' },
  night: { name: 'Night dock', phone: '+13125550123' },
  yard: { name: 'Yard', email: 'yard@example.com', phone: '+13125550124' },
} as const
const contactArb = fc.constantFrom(...Object.values(CONTACTS))

/** The edges of the dedup key first, whatever the seed: a place default and an order requirement whose contacts share keys but not names, and names but not keys. */
const CONTACT_EDGES: ReadonlyArray<[Record<string, unknown> | undefined, Record<string, unknown>]> = [
  [
    { channel: 'PHONE', contacts: [CONTACTS.dock, CONTACTS.night] },
    { channel: 'EMAIL', contacts: [CONTACTS.dockAgain, CONTACTS.dockUpper, CONTACTS.dockOther, CONTACTS.dockPhone] },
  ],
  [undefined, { channel: 'PHONE', contacts: [CONTACTS.dockOther, CONTACTS.dock, CONTACTS.dockUpper, CONTACTS.yard, CONTACTS.dockPhone] }],
]
/** A valid AppointmentRequirementRequest (portalUrl with PORTAL, and sometimes without it). */
export const requirementArb: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    {
      channel: fc.constantFrom('PHONE', 'EMAIL', 'PORTAL'),
      contacts: fc.array(contactArb, { minLength: 1, maxLength: 3 }),
      instructions: fc.constantFrom('Call ahead', 'Dock 4', 'Use the rear gate'),
      referenceNumbers: fc.array(fc.constantFrom('PO-1', 'PO-2', 'APPT-9'), { minLength: 1, maxLength: 3 }),
      leadTimeHours: fc.integer({ min: LIMITS.leadTimeHoursMin, max: LIMITS.leadTimeHoursMax }),
      portal: fc.constantFrom('https://book.example.com/a', 'https://book.example.com/b'),
    },
    { requiredKeys: ['channel'] },
  )
  .map(({ portal, ...a }) => (a.channel === 'PORTAL' ? { ...a, portalUrl: portal ?? 'https://book.example.com/a' } : a))

const DELIVERY = LANES[0]!.delivery
const CONTACT = { contactPerson: 'Dee Delivery', phoneNumber: DELIVERY.phoneNumber }

const savedAddress = (ctx: KitContext, place: Record<string, unknown> | undefined): Record<string, unknown> => ({
  name: `${ctx.marker} place`,
  address1: '2 Yard Ave',
  city: DELIVERY.city,
  state: DELIVERY.state,
  zipCode: DELIVERY.zipCode,
  phoneNumber: DELIVERY.phoneNumber,
  contactPerson: CONTACT.contactPerson,
  ...(place === undefined ? {} : { defaultAccessorials: { appointment: place } }),
})

const judge = (what: string, r: Received, want: ReturnType<typeof mergeAppointment>): void => {
  const read = readAppointmentResponse(r.json)
  if (read._tag === 'Left') throw new RuleBroken('APT-07', `${what}: an appointment response ${JSON.stringify(want)}`, describe(r))
  const got = read.right
  for (const key of Object.keys(RULE_OF)) {
    const k = key as keyof typeof RULE_OF & keyof typeof got._merged.fields
    if (!sameJson((got as unknown as Record<string, unknown>)[key], (want as unknown as Record<string, unknown>)[key]) || got._merged.fields[k] !== want._merged.fields[k]) {
      throw new RuleBroken(RULE_OF[key]!, `${what}: ${key} ${JSON.stringify((want as unknown as Record<string, unknown>)[key])} from ${want._merged.fields[k]} (mergeAppointment)`, describe(r))
    }
  }
}

export const placeMerge: Check = {
  name: NAME,
  rules: RULES,
  run: async (ctx) => {
    const check = { name: NAME, rules: RULES }
    if (ctx.controls !== 'sandbox') {
      return { check: NAME, rules: [], failures: [], notChecked: withoutControls(RULES, 'a place-level default is made only through the sandbox\'s saved addresses: needs --controls sandbox'), requests: 0 }
    }
    return property(
      ctx,
      check,
      Math.min(ctx.runs, 25),
      async () => {
        const saved = await ctx.http.send(post('/sandbox/addresses', savedAddress(ctx, undefined)))
        expectAnswer('APT-07', 'POST /sandbox/addresses', saved, 201)
        const id = String(field('APT-07', 'a saved address', saved, 'id'))
        const created = await ctx.http.send(
          post('/v1/shipper/shipment', createBody(ctx, LANES[0]!, { palletCount: 1, poundsWeight: 500 }, { note: 'place merge' }), 'main', { 'X-Sandbox-Delivery-Address-Id': id }),
        )
        expectAnswer('APT-07', 'a create whose delivery is placed at the saved address', created, 200)
        return { id, orderNumber: String(field('APT-07', 'a created order', created, 'orderNumber')) }
      },
      fc.tuple(fc.option(requirementArb, { nil: undefined }), requirementArb),
      async (s, [place, order]) => {
        const moved = await ctx.http.send(put(`/sandbox/addresses/${encodeURIComponent(s.id)}`, savedAddress(ctx, place)))
        expectAnswer('APT-07', 'PUT /sandbox/addresses/{id}', moved, 200)
        const p = place === undefined ? undefined : validateAppointmentRequirement(place)
        const o = validateAppointmentRequirement(order)
        if (o._tag === 'Left' || (p !== undefined && p._tag === 'Left')) throw new Error('a generated requirement the library refuses')
        const want = mergeAppointment({ place: p?._tag === 'Right' ? p.right : undefined, order: o.right, address: CONTACT })
        const path = `/v1/shipper/shipment/${encodeURIComponent(s.orderNumber)}/appointment/DELIVERY`
        const r = await ctx.http.send(put(path, order))
        expectAnswer('APT-07', 'PUT the order\'s requirement', r, 200)
        judge('PUT the order\'s requirement over the place default', r, want)
        const g = await ctx.http.send(get(path))
        expectAnswer('APT-07', 'GET the requirement', g, 200)
        judge('GET the merged requirement', g, want)
      },
      CONTACT_EDGES,
    )
  },
}
