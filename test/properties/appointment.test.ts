import fc from 'fast-check'
import { isLeft, isRight } from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { AppointmentRequirementRequest } from '../../src/model/appointment.js'
import { validateAppointmentRequirement } from '../../src/rules/appointment.js'
import { contactArb, corruptedRequirementArb, requirementArb } from '../../src/arbitraries/appointment.js'
import { deepFreeze } from '../arbitraries/freeze.js'

const PREFIXES = [
  { path: undefined, field: '' },
  { path: 'appointments.pickup', field: 'appointments.pickup.' },
  { path: 'appointments.delivery', field: 'appointments.delivery.' },
] as const

describe('APT-01 … APT-06 and APT-16 requirement validation (a PUT body is normalized whole, idempotently)', () => {
  it('a valid requirement is accepted, normalized idempotently, and decodes through the codec', () => {
    fc.assert(
      fc.property(requirementArb, (r) => {
        const once = validateAppointmentRequirement(r)
        expect(isRight(once)).toBe(true)
        if (!isRight(once)) return
        expect(validateAppointmentRequirement(once.right)).toEqual(once)
        expect(isRight(AppointmentRequirementRequest.decode(once.right))).toBe(true)
        expect(['PHONE', 'EMAIL', 'PORTAL']).toContain(once.right.channel)
      }),
    )
  })
  it('corrupting one field gives exactly one violation, at its full path, with entity appointment', () => {
    fc.assert(
      fc.property(corruptedRequirementArb, fc.constantFrom(...PREFIXES), ({ input, field }, prefix) => {
        const r = validateAppointmentRequirement(input, prefix.path === undefined ? {} : { path: prefix.path })
        expect(isLeft(r)).toBe(true)
        if (isLeft(r)) {
          expect(r.left.map((v) => v.field)).toEqual([prefix.field + field])
          expect(r.left[0]!.entity).toBe('appointment')
        }
      }),
    )
  })
  it('portalUrl is required for PORTAL and must be omitted otherwise', () => {
    fc.assert(
      fc.property(requirementArb, (r) => {
        const portal = String(r['channel']).trim().toUpperCase() === 'PORTAL'
        const { portalUrl: _drop, ...without } = r
        const missing = validateAppointmentRequirement(without)
        expect(isLeft(missing)).toBe(portal)
        if (isLeft(missing)) expect(missing.left.map((v) => [v.field, v.code])).toEqual([['portalUrl', 'required']])
        if (!portal) {
          const extra = validateAppointmentRequirement({ ...r, portalUrl: 'https://book.example.com' })
          expect(isLeft(extra) && extra.left.map((v) => [v.field, v.code])).toEqual([['portalUrl', 'not_allowed']])
        }
      }),
    )
  })
  it('list limits: 20 contacts, 10 references of 64 characters; a contact needs an email or a phone', () => {
    fc.assert(
      fc.property(requirementArb, fc.array(contactArb, { minLength: 21, maxLength: 25 }), (r, many) => {
        const tooMany = validateAppointmentRequirement({ ...r, contacts: many })
        expect(isLeft(tooMany) && tooMany.left.map((v) => [v.field, v.code])).toEqual([['contacts', 'max_length']])
        const refs = validateAppointmentRequirement({ ...r, referenceNumbers: Array.from({ length: 11 }, (_, i) => `R${i}`) })
        expect(isLeft(refs) && refs.left.map((v) => [v.field, v.code])).toEqual([['referenceNumbers', 'max_length']])
        const bare = validateAppointmentRequirement({ ...r, contacts: [{ name: 'Dock' }] })
        expect(isLeft(bare) && bare.left.map((v) => [v.field, v.code])).toEqual([['contacts[0]', 'required']])
      }),
    )
  })
  it('no input throws; arguments are never mutated', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), requirementArb, corruptedRequirementArb.map((c) => c.input)), (input) => {
        const before = structuredClone(input)
        const r = validateAppointmentRequirement(deepFreeze(input), { path: 'appointments.pickup' })
        expect(['Left', 'Right']).toContain(r._tag)
        expect(input).toEqual(before)
      }),
    )
  })
})
