// More laws for src/rules/appointmentMerge.ts that the mutation run (docs/mutation.md) left
// unpinned. The contact key (APT-09): an absent e-mail or phone is the empty one, e-mails compare
// under Unicode case folding (the Kelvin sign is a k), anything but text (a String object, an
// object with its own toLowerCase) is unreadable. The address fallback contact (APT-10, APT-14
// ADDRESS_FALLBACK) against an oracle over the whole table of contact persons, phones and e-mails,
// the rest of the merge untouched. Reading a server reply (APT-15): each wrong field of a reply a
// merge produced gives exactly one violation, with its path, code, reason and entity; what is not
// an object; an absent provenance reads as NONE; an empty list as null; where appointmentRequired
// is read from.
import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { validateAppointmentRequirement } from '../../src/rules/appointment.js'
import { AppointmentRequirementResponse } from '../../src/model/appointment.js'
import { contactKey, MERGED_FIELDS, mergeAppointment, readAppointmentResponse } from '../../src/rules/appointmentMerge.js'
import { requirementArb } from '../../src/arbitraries/appointment.js'

const jsonWord = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)

describe('APT-09 the contact key', () => {
  // Absent and empty, and letters whose lower-case and upper-case mappings disagree on equality:
  // K (U+212A KELVIN SIGN) folds to k, Ω (U+2126 OHM SIGN) to ω, but neither is the upper case of its fold.
  const emailArb = fc.constantFrom(undefined, '', 'kate@x.co', 'KATE@X.CO', '\u212Aate@x.co', '\u2126m@x.co', '\u03C9m@x.co', '\u03A9M@X.CO')
  const phoneArb = fc.constantFrom(undefined, '', '+13125550100', '+13125550101')
  const contact = (name: string, email: string | undefined, phone: string | undefined): Record<string, string> => ({
    name,
    ...(email === undefined ? {} : { email }),
    ...(phone === undefined ? {} : { phone }),
  })

  it('two readable contacts share a key exactly when their e-mails are equal under case folding and their phones as written, absent being empty', () => {
    fc.assert(
      fc.property(emailArb, phoneArb, emailArb, phoneArb, (e1, p1, e2, p2) => {
        const a = contactKey(contact('A', e1, p1) as never)
        const b = contactKey(contact('B', e2, p2) as never)
        const same = (e1 ?? '').toLowerCase() === (e2 ?? '').toLowerCase() && (p1 ?? '') === (p2 ?? '')
        expect(a === b).toBe(same)
        expect(a).not.toBe('')
        // the merge keeps the first of two contacts with one key and both of two with different keys
        const merged = mergeAppointment({ place: { channel: 'PHONE', contacts: [contact('A', e1, p1)] }, order: { channel: 'PHONE', contacts: [contact('B', e2, p2)] } } as never)
        expect(merged.contacts).toStrictEqual(same ? [contact('A', e1, p1)] : [contact('A', e1, p1), contact('B', e2, p2)])
      }),
    )
  })

  it('an e-mail or phone that is not a primitive string is unreadable (the empty key), even one that has a toLowerCase, which is never called', () => {
    let calls = 0
    const odd = (): unknown[] => [
      new String('kate@x.co'),
      { toLowerCase: () => { calls += 1; return 'kate@x.co' }, toString: () => 'kate@x.co' },
      ['kate@x.co'],
      7,
      true,
    ]
    fc.assert(
      fc.property(fc.nat(4), phoneArb, emailArb, (i, phone, email) => {
        const bad = odd()[i]
        expect(contactKey({ name: 'A', email: bad, ...(phone === undefined ? {} : { phone }) } as never)).toBe('')
        expect(contactKey({ name: 'A', phone: bad, ...(email === undefined ? {} : { email }) } as never)).toBe('')
        expect(calls).toBe(0)
      }),
    )
  })
})

describe('APT-10 and APT-14 the address fallback contact', () => {
  const persons: unknown[] = ['Pat', '  Pat Lee ', '', '   ', undefined, null, 7, ['Pat'], 'x'.repeat(200), ` ${'x'.repeat(200)} `, 'x'.repeat(201), '📦'.repeat(200), `${'x'.repeat(199)}📦`, '📦'.repeat(201)]
  const phones: unknown[] = ['+13125550100', '+441632960961', ' +13125550100', '3125550100', '+1312', '', undefined, 13125550100, ['+13125550100']]
  const emails: unknown[] = ['pat@example.com', ' pat@example.com ', '  ', '', undefined, 7, ['pat@example.com']]
  // the sides that list no contact: absent, without contacts, with an empty list
  const sides: Array<Record<string, unknown>> = [
    {},
    { place: { channel: 'EMAIL', leadTimeHours: 24 } },
    { order: { channel: 'PORTAL', portalUrl: 'https://book.example.com', contacts: [] }, place: { channel: 'PHONE', contacts: [], instructions: 'Dock 4' } },
  ]

  /** The oracle: the trimmed contact person (1 to 200 code points, as a contact's name is counted), the phone when E.164, the e-mail trimmed when not blank, one of the two at least. */
  const expectedFallback = (person: unknown, phoneNumber: unknown, email: unknown): Record<string, string> | undefined => {
    const name = typeof person === 'string' ? person.trim() : ''
    const phone = typeof phoneNumber === 'string' && /^\+[1-9][0-9]{7,14}$/.test(phoneNumber) ? phoneNumber : undefined
    const mail = typeof email === 'string' && email.trim() !== '' ? email.trim() : undefined
    if (name === '' || [...name].length > 200 || (phone === undefined && mail === undefined)) return undefined
    return { name, ...(mail === undefined ? {} : { email: mail }), ...(phone === undefined ? {} : { phone }) }
  }

  it('over the whole table of contact persons, phones and e-mails: the fallback contact is the oracle\'s, with ADDRESS_FALLBACK, and the rest of the merge is the merge without the address', () => {
    let fallbacks = 0
    for (const s of sides) {
      const without = mergeAppointment(s as never)
      for (const contactPerson of persons) {
        for (const phoneNumber of phones) {
          for (const email of emails) {
            const address = { contactPerson, phoneNumber, email }
            const merged = mergeAppointment({ ...s, address } as never)
            const fallback = expectedFallback(contactPerson, phoneNumber, email)
            if (fallback !== undefined) fallbacks += 1
            expect(merged).toStrictEqual({
              ...without,
              contacts: fallback === undefined ? null : [fallback],
              _merged: { fields: { ...without._merged.fields, contacts: fallback === undefined ? 'NONE' : 'ADDRESS_FALLBACK' } },
            })
          }
        }
      }
    }
    expect(fallbacks).toBeGreaterThan(0)
  })

  it('the same law over generated addresses (missing keys, odd values, any text)', () => {
    const textish = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom<unknown>(' ', '+13125550100', 'a@b.co', undefined, null, 0, ['+13125550100'], { toString: () => '+13125550100' }))
    fc.assert(
      fc.property(fc.constantFrom(...sides), fc.record({ contactPerson: textish, phoneNumber: textish, email: textish }, { requiredKeys: [] }), (s, address) => {
        const without = mergeAppointment(s as never)
        const merged = mergeAppointment({ ...s, address } as never)
        const fallback = expectedFallback(address.contactPerson, address.phoneNumber, address.email)
        expect(merged.contacts).toStrictEqual(fallback === undefined ? null : [fallback])
        expect(merged._merged.fields.contacts).toBe(fallback === undefined ? 'NONE' : 'ADDRESS_FALLBACK')
        expect(merged.channel).toBe(without.channel)
        expect(merged.instructions).toBe(without.instructions)
      }),
    )
  })

  it('no address (absent, null, not an object) is no fallback', () => {
    fc.assert(
      fc.property(fc.constantFrom(...sides), fc.constantFrom<unknown>(undefined, null, 7, 'Pat', ['Pat']), (s, address) => {
        expect(mergeAppointment({ ...s, address } as never)).toStrictEqual(mergeAppointment(s as never))
        expect(mergeAppointment({ ...s, address } as never).contacts).toBeNull()
      }),
    )
  })
})

describe('APT-07 the channel', () => {
  it('the strictest channel of the two, whichever side holds it, with PLACE_AND_ORDER; one side\'s alone otherwise', () => {
    const RANK = { PHONE: 0, EMAIL: 1, PORTAL: 2 } as const
    const ch = fc.constantFrom(undefined, 'PHONE', 'EMAIL', 'PORTAL')
    fc.assert(
      fc.property(ch, ch, (p, o) => {
        const m = mergeAppointment({ ...(p === undefined ? {} : { place: { channel: p } }), ...(o === undefined ? {} : { order: { channel: o } }) } as never)
        const expected = p !== undefined && o !== undefined ? (RANK[o] > RANK[p] ? o : p) : (o ?? p ?? null)
        expect(m.channel).toBe(expected)
        expect(m._merged.fields.channel).toBe(p !== undefined && o !== undefined ? 'PLACE_AND_ORDER' : p !== undefined ? 'PLACE' : o !== undefined ? 'ORDER' : 'NONE')
      }),
    )
  })
})

// ---------------------------------------------------------------------------------------------
// APT-15 reading a server reply

const valid = requirementArb.map((r) => {
  const v = validateAppointmentRequirement(r)
  if (!isRight(v)) throw new Error('requirementArb built an invalid requirement')
  return v.right
})
const side = fc.option(valid, { nil: undefined })

/** A reply as a server sends it: a merge on the wire, appointmentRequired at top level. */
const replyArb = fc
  .tuple(side, side, fc.boolean(), fc.boolean())
  .map(([place, order, pr, or]) => JSON.parse(JSON.stringify(mergeAppointment({ place, order, placeRequired: pr, orderRequired: or }))) as Record<string, unknown>)

const PROVENANCE_WORDS = 'must be one of PLACE, ORDER, PLACE_AND_ORDER, NONE, ADDRESS_FALLBACK'

interface Fault {
  readonly name: string
  readonly apply: (reply: Record<string, unknown>) => Record<string, unknown>
  readonly field: string
  readonly code: string
  readonly reason: string
}

const set = (key: string, value: unknown) => (r: Record<string, unknown>): Record<string, unknown> => ({ ...r, [key]: value })
const merged = (r: Record<string, unknown>): Record<string, unknown> => r['_merged'] as Record<string, unknown>
const fieldsOf = (r: Record<string, unknown>): Record<string, unknown> => merged(r)['fields'] as Record<string, unknown>

/** One wrong field each, and the one violation it must give (entity appointment). */
const FAULTS: ReadonlyArray<Fault> = [
  { name: 'channel FAX', apply: set('channel', 'FAX'), field: 'channel', code: 'pattern', reason: 'must be one of PHONE, EMAIL, PORTAL' },
  { name: 'channel a number', apply: set('channel', 2), field: 'channel', code: 'type', reason: 'must be a string, got number' },
  { name: 'portalUrl http', apply: set('portalUrl', 'http://book.example.com'), field: 'portalUrl', code: 'pattern', reason: 'must be an https URL' },
  { name: 'portalUrl a number', apply: set('portalUrl', 443), field: 'portalUrl', code: 'type', reason: 'must be a string, got number' },
  ...(['x', 7, true, { name: 'Dock', phone: '+13125550100' }] as const).map((v): Fault => ({
    name: `contacts ${jsonWord(v)}`,
    apply: set('contacts', v),
    field: 'contacts',
    code: 'type',
    reason: `must be an array of contacts or null, got ${jsonWord(v)}`,
  })),
  {
    name: 'a contact without e-mail or phone, last in the list',
    apply: (r) => set('contacts', [...((r['contacts'] as unknown[] | null) ?? []), { name: 'Dock' }])(r),
    field: 'contacts[last]',
    code: 'required',
    reason: 'needs an email or a phone (at least one)',
  },
  {
    name: 'a contact that is a number, first in the list',
    apply: (r) => set('contacts', [7, ...((r['contacts'] as unknown[] | null) ?? [])])(r),
    field: 'contacts[0]',
    code: 'type',
    reason: 'must be a contact object, got number',
  },
  { name: 'instructions a number', apply: set('instructions', 4), field: 'instructions', code: 'type', reason: 'must be a string, got number' },
  { name: 'instructions an array', apply: set('instructions', ['Dock 4']), field: 'instructions', code: 'type', reason: 'must be a string, got array' },
  { name: 'leadTimeHours -1', apply: set('leadTimeHours', -1), field: 'leadTimeHours', code: 'out_of_range', reason: 'must be at least 0' },
  { name: 'leadTimeHours 1.5', apply: set('leadTimeHours', 1.5), field: 'leadTimeHours', code: 'not_integer', reason: 'must be a whole number' },
  { name: 'leadTimeHours text', apply: set('leadTimeHours', '24'), field: 'leadTimeHours', code: 'type', reason: 'must be a whole number, got string' },
  ...([undefined, null] as const).map((v): Fault => ({
    name: `_merged ${String(v)}`,
    apply: set('_merged', v),
    field: '_merged',
    code: 'required',
    reason: `must be an object { fields }, got ${jsonWord(v)}`,
  })),
  ...(['fields', 7, [], true] as const).map((v): Fault => ({
    name: `_merged ${jsonWord(v)}`,
    apply: set('_merged', v),
    field: '_merged',
    code: 'type',
    reason: `must be an object { fields }, got ${jsonWord(v)}`,
  })),
  ...([undefined, null, 'PLACE', [], 7] as const).map((v): Fault => ({
    name: `_merged.fields ${String(v)}`,
    apply: (r) => set('_merged', { ...merged(r), fields: v })(r),
    field: '_merged.fields',
    code: 'required',
    reason: 'must map each field to its provenance',
  })),
  ...MERGED_FIELDS.flatMap((f) =>
    (['BOGUS', 'place', '', 7, ['PLACE'], true] as const).map((v): Fault => ({
      name: `_merged.fields.${f} ${JSON.stringify(v)}`,
      apply: (r) => set('_merged', { ...merged(r), fields: { ...fieldsOf(r), [f]: v } })(r),
      field: `_merged.fields.${f}`,
      code: 'pattern',
      reason: PROVENANCE_WORDS,
    })),
  ),
  ...([[undefined, undefined], [undefined, 'true'], ['true', undefined], [null, 1], [1, null], ['yes', 'no'], [undefined, null]] as const).map(
    ([top, nested]): Fault => ({
      name: `appointmentRequired ${String(top)} at top level and ${String(nested)} inside _merged`,
      apply: (r) => {
        const { appointmentRequired: _, ...rest } = r
        return {
          ...rest,
          ...(top === undefined ? {} : { appointmentRequired: top }),
          _merged: { ...merged(r), ...(nested === undefined ? {} : { appointmentRequired: nested }) },
        }
      },
      field: 'appointmentRequired',
      code: 'required',
      reason: 'must be true or false, at top level or inside _merged',
    }),
  ),
]

describe('APT-15 reading a server reply', () => {
  it('a reply a merge produced with one wrong field reads as exactly that one violation: its path, code, reason, entity appointment', () => {
    fc.assert(
      fc.property(replyArb, (reply) => {
        for (const fault of FAULTS) {
          const wire = fault.apply(reply)
          const contacts = wire['contacts']
          const field = fault.field === 'contacts[last]' ? `contacts[${(contacts as unknown[]).length - 1}]` : fault.field
          expect({ fault: fault.name, read: readAppointmentResponse(wire) }).toStrictEqual({
            fault: fault.name,
            read: { _tag: 'Left', left: [{ field, entity: 'appointment', reason: fault.reason, code: fault.code }] },
          })
        }
      }),
    )
  })

  it('what is not an object reads as one type violation at the root, entity appointment', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom<unknown>(undefined, null, 0, '', true, [], [{}]), fc.string(), fc.integer(), fc.array(fc.boolean(), { maxLength: 2 })),
        (json) => {
          expect(readAppointmentResponse(json)).toStrictEqual({
            _tag: 'Left',
            left: [{ field: '', entity: 'appointment', reason: `must be an appointment response object, got ${jsonWord(json)}`, code: 'type' }],
          })
        },
      ),
    )
  })

  it('a provenance left out (or null) reads as NONE, the others as sent', () => {
    fc.assert(
      fc.property(replyArb, fc.subarray([...MERGED_FIELDS]), fc.boolean(), (reply, dropped, asNull) => {
        const fields = { ...fieldsOf(reply) }
        for (const f of dropped) {
          if (asNull) fields[f] = null
          else delete fields[f]
        }
        const read = readAppointmentResponse({ ...reply, _merged: { ...merged(reply), fields } })
        expect(read._tag).toBe('Right')
        if (read._tag !== 'Right') return
        for (const f of MERGED_FIELDS) expect(read.right._merged.fields[f]).toBe(dropped.includes(f) ? 'NONE' : fieldsOf(reply)[f])
      }),
    )
  })

  it('an empty contacts or referenceNumbers list reads as null, like an absent one (a merge never sends an empty list)', () => {
    fc.assert(
      fc.property(replyArb, fc.constantFrom('contacts', 'referenceNumbers'), fc.constantFrom<unknown>([], null, undefined), (reply, key, empty) => {
        const wire = { ...reply }
        if (empty === undefined) delete wire[key]
        else wire[key] = empty
        const read = readAppointmentResponse(wire)
        expect(read._tag).toBe('Right')
        if (read._tag !== 'Right') return
        expect(read.right[key as 'contacts']).toBeNull()
        expect(read.right.leadTimeHours).toBe(reply['leadTimeHours'])
      }),
    )
  })

  it('appointmentRequired: a boolean at top level wins; else the boolean inside _merged; anything else at either place is not read', () => {
    const flagArb = fc.constantFrom<unknown>(undefined, true, false, null, 'true', 1, 0)
    fc.assert(
      fc.property(replyArb, flagArb, flagArb, (reply, top, nested) => {
        const { appointmentRequired: _, ...rest } = reply
        const wire = { ...rest, ...(top === undefined ? {} : { appointmentRequired: top }), _merged: { ...merged(reply), ...(nested === undefined ? {} : { appointmentRequired: nested }) } }
        const read = readAppointmentResponse(wire)
        const flag = typeof top === 'boolean' ? top : typeof nested === 'boolean' ? nested : undefined
        if (flag === undefined) {
          expect(read).toStrictEqual({ _tag: 'Left', left: [{ field: 'appointmentRequired', entity: 'appointment', reason: 'must be true or false, at top level or inside _merged', code: 'required' }] })
        } else {
          expect(read._tag).toBe('Right')
          if (read._tag === 'Right') expect(read.right.appointmentRequired).toBe(flag)
        }
      }),
    )
  })

  it('leadTimeHours reads every whole number from 0 to 168 (the request limit, which the codec holds too), and none below 0 or above 168', () => {
    fc.assert(
      fc.property(replyArb, fc.oneof(fc.constantFrom(0, -1, 1, 168, 169), fc.integer({ min: -1000, max: 1000 })), (reply, hours) => {
        const wire = { ...reply, leadTimeHours: hours }
        const read = readAppointmentResponse(wire)
        if (hours >= 0 && hours <= 168) expect(read._tag === 'Right' && read.right.leadTimeHours).toBe(hours)
        else expect(read).toStrictEqual({ _tag: 'Left', left: [{ field: 'leadTimeHours', entity: 'appointment', reason: hours < 0 ? 'must be at least 0' : 'must be at most 168', code: 'out_of_range' }] })
        expect(AppointmentRequirementResponse.is(wire)).toBe(read._tag === 'Right')
      }),
    )
  })
})
