import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { validateAppointmentRequirement, type AppointmentRequirement, type Contact } from '../../src/rules/appointment.js'
import { contactKey, INSTRUCTIONS_SEPARATOR, mergeAppointment, readAppointmentResponse } from '../../src/rules/appointmentMerge.js'
import { requirementArb } from '../../src/arbitraries/appointment.js'
import { deepFreeze } from '../arbitraries/freeze.js'

const valid = requirementArb.map((r) => {
  const v = validateAppointmentRequirement(r)
  if (!isRight(v)) throw new Error('requirementArb built an invalid requirement')
  return v.right
})
const side = fc.option(valid, { nil: undefined })
const RANK = { PHONE: 0, EMAIL: 1, PORTAL: 2 } as const
const FIELDS = ['channel', 'portalUrl', 'contacts', 'instructions', 'referenceNumbers', 'leadTimeHours'] as const
const has = (r: AppointmentRequirement | undefined, f: (typeof FIELDS)[number]): boolean => r !== undefined && r[f] !== undefined

describe('APT-13 and APT-14 provenance and absent sides', () => {
  it('merging with an absent side gives the other side, with PLACE or ORDER, and null with NONE where neither has a value', () => {
    fc.assert(
      fc.property(valid, fc.boolean(), (r, asPlace) => {
        const m = mergeAppointment(asPlace ? { place: r } : { order: r })
        // the lists are deduplicated even within one side (first occurrence wins)
        const dedup = <T>(xs: ReadonlyArray<T> | undefined, key: (x: T) => string): T[] | undefined =>
          xs === undefined ? undefined : xs.filter((x, i) => xs.findIndex((y) => key(y) === key(x)) === i)
        const expected = { ...r, contacts: dedup(r.contacts, contactKey), referenceNumbers: dedup(r.referenceNumbers, (x) => x) }
        for (const f of FIELDS) {
          expect(m[f] ?? undefined).toEqual(expected[f])
          expect(m._merged.fields[f]).toBe(r[f] === undefined ? 'NONE' : asPlace ? 'PLACE' : 'ORDER')
        }
      }),
    )
  })
  it('provenance says which sides had the field (the order alone for portalUrl when both do)', () => {
    fc.assert(
      fc.property(side, side, (place, order) => {
        const m = mergeAppointment({ place, order })
        for (const f of FIELDS) {
          const p = has(place, f)
          const o = has(order, f)
          const expected = f === 'portalUrl' && o ? 'ORDER' : p && o ? 'PLACE_AND_ORDER' : p ? 'PLACE' : o ? 'ORDER' : 'NONE'
          expect(m._merged.fields[f]).toBe(expected)
          if (expected === 'NONE') expect(m[f]).toBeNull()
        }
      }),
    )
  })
  it('appointmentRequired is the OR of the two flags', () => {
    fc.assert(
      fc.property(fc.option(fc.boolean(), { nil: undefined }), fc.option(fc.boolean(), { nil: undefined }), side, (p, o, place) => {
        expect(mergeAppointment({ place, placeRequired: p, orderRequired: o }).appointmentRequired).toBe(p === true || o === true)
      }),
    )
  })
})

describe('APT-07 … APT-12 merge rules', () => {
  it('channel is the strictest of the two (PORTAL > EMAIL > PHONE) and leadTimeHours the maximum, whichever side holds it', () => {
    fc.assert(
      fc.property(valid, valid, (place, order) => {
        const m = mergeAppointment({ place, order })
        expect(RANK[m.channel!]).toBe(Math.max(RANK[place.channel], RANK[order.channel]))
        const leads = [place.leadTimeHours, order.leadTimeHours].filter((x): x is number => x !== undefined)
        expect(m.leadTimeHours).toBe(leads.length === 0 ? null : Math.max(...leads))
        expect(mergeAppointment({ place: order, order: place }).channel).toBe(m.channel)
      }),
    )
  })
  it('contacts hold each input (email, phone) key exactly once, place contacts first', () => {
    fc.assert(
      fc.property(side, side, (place, order) => {
        const m = mergeAppointment({ place, order })
        const all: Contact[] = [...(place?.contacts ?? []), ...(order?.contacts ?? [])]
        const keys = (m.contacts ?? []).map(contactKey)
        expect(new Set(keys).size).toBe(keys.length)
        expect(new Set(keys)).toEqual(new Set(all.map(contactKey)))
        // place first: the merged list starts with the place's distinct contacts, in order
        const placeKeys = [...new Set((place?.contacts ?? []).map(contactKey))]
        expect(keys.slice(0, placeKeys.length)).toEqual(placeKeys)
      }),
    )
  })
  it('e-mails differing only in case are one contact', () => {
    const a = { channel: 'PHONE' as const, contacts: [{ name: 'A', email: 'Dock@Example.com' }] }
    const b = { channel: 'PHONE' as const, contacts: [{ name: 'B', email: 'dock@example.com' }] }
    expect(mergeAppointment({ place: a, order: b }).contacts).toEqual([{ name: 'A', email: 'Dock@Example.com' }])
  })
  it('referenceNumbers hold every input reference exactly once, place entries first, in first-occurrence order', () => {
    fc.assert(
      fc.property(side, side, (place, order) => {
        const m = mergeAppointment({ place, order })
        const seq = [...(place?.referenceNumbers ?? []), ...(order?.referenceNumbers ?? [])]
        const expected: string[] = []
        for (const r of seq) if (!expected.includes(r)) expected.push(r)
        expect(m.referenceNumbers ?? []).toEqual(expected)
      }),
    )
  })
  it('instructions are exactly place + "\\n\\n---\\n\\n" + order when both are present, the present one otherwise', () => {
    fc.assert(
      fc.property(side, side, (place, order) => {
        const m = mergeAppointment({ place, order })
        const p = place?.instructions
        const o = order?.instructions
        expect(m.instructions).toBe(p !== undefined && o !== undefined ? `${p}\n\n---\n\n${o}` : (p ?? o ?? null))
        expect(INSTRUCTIONS_SEPARATOR).toBe('\n\n---\n\n')
      }),
    )
  })
  it('a merged PORTAL requirement always carries a portalUrl when its inputs were valid', () => {
    fc.assert(
      fc.property(side, side, (place, order) => {
        const m = mergeAppointment({ place, order })
        if (m.channel === 'PORTAL') expect(m.portalUrl).toMatch(/^https:\/\//)
      }),
    )
  })
  it('contacts fall back to the stop address (ADDRESS_FALLBACK) only when neither side has any', () => {
    fc.assert(
      fc.property(side, side, (place, order) => {
        const address = { contactPerson: 'Dana Whitfield', phoneNumber: '+18475550142', email: 'dock@lakeside.example.com' }
        const m = mergeAppointment({ place, order, address })
        const none = (place?.contacts ?? []).length === 0 && (order?.contacts ?? []).length === 0
        expect(m._merged.fields.contacts === 'ADDRESS_FALLBACK').toBe(none)
        if (none) expect(m.contacts).toEqual([{ name: 'Dana Whitfield', email: 'dock@lakeside.example.com', phone: '+18475550142' }])
      }),
    )
  })
})

describe('APT-15 reading a server reply', () => {
  it('whatever a valid merge produces reads back equal, in either placement of appointmentRequired, with unknown fields', () => {
    fc.assert(
      fc.property(side, side, fc.boolean(), fc.boolean(), fc.constantFrom('top', 'nested', 'both'), (place, order, pr, or, placement) => {
        const m = mergeAppointment({ place, order, placeRequired: pr, orderRequired: or })
        const { appointmentRequired, ...rest } = JSON.parse(JSON.stringify(m)) as typeof m
        const wire =
          placement === 'top'
            ? { ...rest, appointmentRequired, updatedBy: 'u1' }
            : placement === 'nested'
              ? { ...rest, _merged: { ...rest._merged, appointmentRequired }, updatedBy: 'u1' }
              : { ...rest, appointmentRequired, _merged: { ...rest._merged, appointmentRequired } }
        expect(readAppointmentResponse(wire)).toEqual({ _tag: 'Right', right: m })
      }),
    )
  })
  it('a reply without appointmentRequired anywhere, or without _merged, is rejected; nothing throws', () => {
    fc.assert(
      fc.property(side, fc.anything(), (place, junk) => {
        const m = JSON.parse(JSON.stringify(mergeAppointment({ place }))) as Record<string, unknown>
        delete m['appointmentRequired']
        expect(readAppointmentResponse(m)._tag).toBe('Left')
        expect(readAppointmentResponse({ ...m, appointmentRequired: true, _merged: undefined })._tag).toBe('Left')
        expect(['Left', 'Right']).toContain(readAppointmentResponse(junk)._tag)
      }),
    )
  })
  it('merging never mutates its inputs and never throws on odd ones', () => {
    fc.assert(
      fc.property(side, side, fc.anything(), (place, order, junk) => {
        const before = structuredClone([place, order])
        mergeAppointment(deepFreeze({ place, order, placeRequired: true, address: { contactPerson: 'x', phoneNumber: '+18475550142' } }))
        expect([place, order]).toEqual(before)
        expect(typeof mergeAppointment({ address: junk as never }).appointmentRequired).toBe('boolean')
      }),
    )
  })
})
