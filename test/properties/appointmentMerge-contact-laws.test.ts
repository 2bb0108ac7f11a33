// Laws for src/rules/appointmentMerge.ts that the mutation run (docs/mutation.md) found unpinned:
// the contact key against its definition (e-mail case-insensitive, phone as written, absent as
// empty, anything but text unreadable); the address fallback contact when neither side lists
// one (APT-10); a side whose compared values are not of their types is the merge of nothing.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { contactKey, mergeAppointment } from '../../src/rules/appointmentMerge.js'
import { contactPhoneArb } from '../../src/arbitraries/appointment.js'

const emailArb = fc.constantFrom('dock@example.com', 'Dock@Example.com', 'desk@example.com', 'DESK@EXAMPLE.COM')
const phoneArb = fc.oneof(contactPhoneArb, fc.constantFrom('+13125550100', '+13125550101'))

describe('APT-09 the contact key', () => {
  it('two contacts share a key exactly when their e-mails match ignoring case and their phones match as written (absent as empty)', () => {
    fc.assert(
      fc.property(fc.option(emailArb, { nil: undefined }), fc.option(phoneArb, { nil: undefined }), fc.option(emailArb, { nil: undefined }), fc.option(phoneArb, { nil: undefined }), (e1, p1, e2, p2) => {
        const a = { name: 'A', ...(e1 === undefined ? {} : { email: e1 }), ...(p1 === undefined ? {} : { phone: p1 }) }
        const b = { name: 'B', ...(e2 === undefined ? {} : { email: e2 }), ...(p2 === undefined ? {} : { phone: p2 }) }
        const same = (e1 ?? '').toLowerCase() === (e2 ?? '').toLowerCase() && (p1 ?? '') === (p2 ?? '')
        expect(contactKey(a as never) === contactKey(b as never)).toBe(same)
        expect(contactKey(a as never)).not.toBe('')
      }),
    )
  })

  it('an e-mail or phone that is not text makes the contact unreadable: the empty key', () => {
    fc.assert(
      fc.property(fc.constantFrom<unknown>(7, ['a@b.co'], { toString: () => 'a@b.co' }, true), phoneArb, (odd, phone) => {
        expect(contactKey({ name: 'A', email: odd, phone } as never)).toBe('')
        expect(contactKey({ name: 'A', email: 'a@b.co', phone: odd } as never)).toBe('')
      }),
    )
  })
})

describe('APT-10 the address fallback contact when neither side lists one', () => {
  it('the address\'s contact person, trimmed, with its phone when E.164 and its e-mail when not blank; none without a name or a way to reach them', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Pat', '  Pat Lee ', '', '   ', 'x'.repeat(200), 'x'.repeat(201)),
        fc.constantFrom<unknown>('+13125550100', '3125550100', undefined, 7),
        fc.constantFrom<unknown>('pat@example.com', ' pat@example.com ', '  ', undefined),
        (contactPerson, phoneNumber, email) => {
          const address = { contactPerson, phoneNumber, email }
          const merged = mergeAppointment({ place: { channel: 'PHONE' }, address } as never)
          const name = contactPerson.trim()
          const phone = typeof phoneNumber === 'string' && /^\+[1-9]\d{7,14}$/.test(phoneNumber) ? phoneNumber : undefined
          const mail = typeof email === 'string' && email.trim() !== '' ? email.trim() : undefined
          if (name === '' || name.length > 200 || (phone === undefined && mail === undefined)) {
            expect(merged.contacts).toBeNull()
            expect(merged._merged.fields.contacts).toBe('NONE')
          } else {
            expect(merged.contacts).toStrictEqual([{ name, ...(mail === undefined ? {} : { email: mail }), ...(phone === undefined ? {} : { phone }) }])
            expect(merged._merged.fields.contacts).toBe('ADDRESS_FALLBACK')
          }
          // a side that lists contacts wins over the address
          const listed = mergeAppointment({ order: { channel: 'PHONE', contacts: [{ name: 'Desk', phone: '+13125550199' }] }, address } as never)
          expect(listed.contacts).toStrictEqual([{ name: 'Desk', phone: '+13125550199' }])
          expect(listed._merged.fields.contacts).toBe('ORDER')
        },
      ),
    )
  })
})

describe('APT-07 a side whose compared values are not of their types', () => {
  it('a channel, lead time or instructions of another type makes the answer the merge of nothing; the same side without it merges', () => {
    fc.assert(
      fc.property(fc.constantFrom('channel', 'leadTimeHours', 'instructions'), fc.constantFrom<unknown>(['EMAIL'], { v: 1 }, true), fc.boolean(), (field, odd, onPlace) => {
        const side = { channel: 'EMAIL', leadTimeHours: 24, instructions: 'Dock 4', [field]: odd }
        const merged = mergeAppointment((onPlace ? { place: side, order: { channel: 'PHONE' } } : { order: side, place: { channel: 'PHONE' } }) as never)
        expect(merged).toStrictEqual(mergeAppointment({}))
        const { [field]: _, ...without } = side
        const fine = mergeAppointment((onPlace ? { place: without, order: { channel: 'PHONE' } } : { order: without, place: { channel: 'PHONE' } }) as never)
        // the higher-ranked channel of the two (EMAIL over PHONE), or the other side's when this one has none
        expect(fine.channel).toBe(field === 'channel' ? 'PHONE' : 'EMAIL')
      }),
    )
  })
})
