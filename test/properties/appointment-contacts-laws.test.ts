// APT-03, APT-05: what each fault in an appointment requirement's contacts and reference numbers
// is reported as, by a table (field, code, reason), wherever the fault sits among valid entries;
// the lists at and one past their limits.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LIMITS } from '../../src/model/patterns.js'
import { validateAppointmentRequirement } from '../../src/rules/appointment.js'

const contactArb = fc.record(
  { name: fc.constantFrom('Dock office', 'A', 'Receiving'), email: fc.constantFrom('dock@example.com', 'a@b.co'), phone: fc.constantFrom('+13125550100', '+4930123456') },
  { requiredKeys: ['name'], noNullPrototype: true },
).map((c) => (c.email === undefined && c.phone === undefined ? { ...c, phone: '+13125550100' } : c))

const FAULTS: ReadonlyArray<readonly [string, unknown, string, string, string]> = [
  ['a missing entry', undefined, '', 'required', 'must be a contact object, got undefined'],
  ['null', null, '', 'type', 'must be a contact object, got null'],
  ['a string', 'dock', '', 'type', 'must be a contact object, got string'],
  ['no name', { email: 'dock@example.com' }, '.name', 'required', 'is required'],
  ['neither email nor phone', { name: 'Dock office' }, '', 'required', 'needs an email or a phone (at least one)'],
]

describe('APT-03 appointment contacts', () => {
  it('a faulty entry among valid ones: one violation at its index, with its code and reason', () => {
    fc.assert(
      fc.property(fc.array(contactArb, { maxLength: LIMITS.appointmentContactsMax - 1 }), fc.nat(), fc.constantFrom(...FAULTS), (valid, n, [, fault, suffix, code, reason]) => {
        const i = n % (valid.length + 1)
        const contacts: unknown[] = [...valid]
        contacts.splice(i, 0, fault)
        const r = validateAppointmentRequirement({ channel: 'PHONE', contacts })
        expect(r).toStrictEqual({ _tag: 'Left', left: [{ field: `contacts[${i}]${suffix}`, entity: 'appointment', reason, code }] })
      }),
    )
  })

  it(`at most ${LIMITS.appointmentContactsMax} contacts: that many are kept as sent, one more is one max_length violation`, () => {
    fc.assert(
      fc.property(fc.array(contactArb, { minLength: LIMITS.appointmentContactsMax, maxLength: LIMITS.appointmentContactsMax + 1 }), (contacts) => {
        const r = validateAppointmentRequirement({ channel: 'PHONE', contacts })
        if (contacts.length <= LIMITS.appointmentContactsMax) expect(r).toStrictEqual({ _tag: 'Right', right: { channel: 'PHONE', contacts } })
        else expect(r).toStrictEqual({ _tag: 'Left', left: [{ field: 'contacts', entity: 'appointment', reason: `must have at most ${LIMITS.appointmentContactsMax} contacts`, code: 'max_length' }] })
      }),
    )
  })
})

describe('APT-05 appointment reference numbers', () => {
  it(`at most ${LIMITS.appointmentReferenceNumbersMax}: that many are kept, one more is one max_length violation saying how many`, () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('PO-1', 'DOCK 7', 'x'), { minLength: LIMITS.appointmentReferenceNumbersMax, maxLength: LIMITS.appointmentReferenceNumbersMax + 1 }), (referenceNumbers) => {
        const r = validateAppointmentRequirement({ channel: 'EMAIL', referenceNumbers })
        if (referenceNumbers.length <= LIMITS.appointmentReferenceNumbersMax) expect(r).toStrictEqual({ _tag: 'Right', right: { channel: 'EMAIL', referenceNumbers } })
        else expect(r).toStrictEqual({ _tag: 'Left', left: [{ field: 'referenceNumbers', entity: 'appointment', reason: `must have at most ${LIMITS.appointmentReferenceNumbersMax} entries`, code: 'max_length' }] })
      }),
    )
  })
})
