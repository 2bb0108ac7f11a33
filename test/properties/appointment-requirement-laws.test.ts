// Laws for src/rules/appointment.ts that the mutation run (docs/mutation.md) found unpinned: what
// is not a requirement, a list or a contact, each with its code, reason, path and entity (the
// entity option included); the list limits at the limit and one past; the lead time's range; a
// portal URL where the channel is not PORTAL (APT-01 … APT-06).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validateAppointmentRequirement } from '../../src/rules/appointment.js'

const jsonWord = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)
const notObjectArb = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.array(fc.integer(), { maxLength: 2 }))
const leftOf = (r: ReturnType<typeof validateAppointmentRequirement>) => (r._tag === 'Left' ? r.left : [])

describe('APT-01 what is not an appointment requirement', () => {
  it('one violation at the path: required when absent, else type; entity appointment unless the option names another', () => {
    fc.assert(
      fc.property(notObjectArb, fc.option(fc.constantFrom('appointments.pickup', 'x'), { nil: undefined }), fc.option(fc.constantFrom('stop', null), { nil: undefined }), (input, path, entity) => {
        const r = validateAppointmentRequirement(input, { ...(path === undefined ? {} : { path }), ...(entity === undefined ? {} : { entity }) })
        expect(leftOf(r)).toStrictEqual([
          {
            field: path ?? '',
            entity: entity === undefined ? 'appointment' : entity,
            reason: input === undefined ? 'is required' : `must be an appointment requirement object, got ${jsonWord(input)}`,
            code: input === undefined ? 'required' : 'type',
          },
        ])
      }),
    )
  })
})

describe('APT-02 … APT-05 the lists and their members', () => {
  it('contacts and referenceNumbers that are not arrays; a contact that is not an object; a contact with no e-mail and no phone', () => {
    fc.assert(
      fc.property(fc.constantFrom<unknown>('a', 7, { 0: 'a' }, null), fc.constantFrom<unknown>(7, 'Pat', null, ['x']), (notList, notContact) => {
        expect(leftOf(validateAppointmentRequirement({ channel: 'PHONE', contacts: notList }))).toStrictEqual([
          { field: 'contacts', entity: 'appointment', reason: `must be an array of contacts, got ${jsonWord(notList)}`, code: 'type' },
        ])
        expect(leftOf(validateAppointmentRequirement({ channel: 'PHONE', referenceNumbers: notList }))).toStrictEqual([
          { field: 'referenceNumbers', entity: 'appointment', reason: `must be an array of strings, got ${jsonWord(notList)}`, code: 'type' },
        ])
        expect(leftOf(validateAppointmentRequirement({ channel: 'PHONE', contacts: [notContact] }))).toStrictEqual([
          { field: 'contacts[0]', entity: 'appointment', reason: `must be a contact object, got ${jsonWord(notContact)}`, code: 'type' },
        ])
        expect(leftOf(validateAppointmentRequirement({ channel: 'PHONE', contacts: [{ name: 'Pat' }] }))).toStrictEqual([
          { field: 'contacts[0]', entity: 'appointment', reason: 'needs an email or a phone (at least one)', code: 'required' },
        ])
      }),
    )
  })

  it('20 contacts and 10 references pass; one more of either is max_length at the list; empty lists are dropped from the value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 21 }), fc.integer({ min: 0, max: 11 }), (nc, nr) => {
        const contacts = Array.from({ length: nc }, (_, i) => ({ name: `C${i}`, phone: `+1312555${String(1000 + i)}` }))
        const referenceNumbers = Array.from({ length: nr }, (_, i) => `REF-${i}`)
        const r = validateAppointmentRequirement({ channel: 'PHONE', contacts, referenceNumbers })
        const expected = [
          ...(nc > 20 ? [{ field: 'contacts', entity: 'appointment', reason: 'must have at most 20 contacts', code: 'max_length' }] : []),
          ...(nr > 10 ? [{ field: 'referenceNumbers', entity: 'appointment', reason: 'must have at most 10 entries', code: 'max_length' }] : []),
        ]
        if (expected.length > 0) expect(leftOf(r)).toStrictEqual(expected)
        else expect(r).toStrictEqual({ _tag: 'Right', right: { channel: 'PHONE', ...(nc === 0 ? {} : { contacts }), ...(nr === 0 ? {} : { referenceNumbers }) } })
      }),
    )
  })
})

describe('APT-06 the lead time and the portal URL', () => {
  it('0 to 168 hours pass; more is out_of_range stating the range; a portal URL without the PORTAL channel is not allowed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.constantFrom('PHONE', 'EMAIL'), (hours, channel) => {
        const r = validateAppointmentRequirement({ channel, leadTimeHours: hours })
        if (hours <= 168) expect(r).toStrictEqual({ _tag: 'Right', right: { channel, leadTimeHours: hours } })
        else expect(leftOf(r)).toStrictEqual([{ field: 'leadTimeHours', entity: 'appointment', reason: 'must be between 0 and 168 hours', code: 'out_of_range' }])
        expect(leftOf(validateAppointmentRequirement({ channel, portalUrl: 'https://book.example.com' }))).toStrictEqual([
          { field: 'portalUrl', entity: 'appointment', reason: 'must be omitted unless channel is PORTAL', code: 'not_allowed' },
        ])
      }),
    )
  })
})
