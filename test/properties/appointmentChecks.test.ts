import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '../../src/model/orderStatuses.js'
import { checkAppointmentPresence, checkAppointmentWrite } from '../../src/rules/appointmentChecks.js'
import { isAppointmentLocked } from '../../src/rules/orderLifecycle.js'
import { corruptedRequirementArb, requirementArb } from '../arbitraries/appointment.js'

const statusArb = fc.constantFrom(...ORDER_STATUSES)
const reasonArb = fc.string({ minLength: 1, maxLength: 80 }).filter((s) => s.trim() !== '')

describe('ORD-06 appointment writes', () => {
  it('open states allow the write with no change reason; locked ones give 409 order_accepted_appointment_locked', () => {
    fc.assert(
      fc.property(statusArb, fc.constantFrom(undefined, false, 'false', 'FALSE'), fc.option(reasonArb, { nil: undefined }), (status, flag, changeReason) => {
        const r = checkAppointmentWrite(status, { confirmChangeAfterAcceptance: flag, changeReason })
        if (isAppointmentLocked(status)) expect(r._tag === 'Left' && [r.left.status, r.left.reason]).toEqual([409, 'order_accepted_appointment_locked'])
        else expect(r).toEqual({ _tag: 'Right', right: { changeReason: null } })
      }),
    )
  })
  it('the override with a non-blank reason passes in every locked state, returning the reason verbatim', () => {
    fc.assert(
      fc.property(statusArb, fc.constantFrom(true, 'true', 'True', ' TRUE '), reasonArb, (status, flag, changeReason) => {
        const r = checkAppointmentWrite(status, { confirmChangeAfterAcceptance: flag, changeReason })
        expect(r).toEqual({ _tag: 'Right', right: { changeReason: isAppointmentLocked(status) ? changeReason : null } })
      }),
    )
  })
  it('the override without a reason is 400 naming the X-Service-Change-Reason header', () => {
    fc.assert(
      fc.property(statusArb.filter(isAppointmentLocked), fc.constantFrom(undefined, null, '', '   ', 7), (status, changeReason) => {
        const r = checkAppointmentWrite(status, { confirmChangeAfterAcceptance: true, changeReason })
        expect(r._tag === 'Left' && [r.left.status, r.left.violations?.map((v) => v.field)]).toEqual([400, ['X-Service-Change-Reason']])
      }),
    )
  })
  it('never throws', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (s, f, c) => {
        expect(['Left', 'Right']).toContain(checkAppointmentWrite(s, { confirmChangeAfterAcceptance: f, changeReason: c })._tag)
      }),
    )
  })
})

describe('CNF-04 appointment presence at confirm', () => {
  const stopArb = fc.constantFrom<'pickup' | 'delivery'>('pickup', 'delivery')
  it('a stop that requires an appointment and has none is blocked by one violation naming the stop', () => {
    fc.assert(
      fc.property(stopArb, fc.boolean(), (stop, byAddress) => {
        const vs = checkAppointmentPresence(byAddress ? { stop, addressRequired: true } : { stop, placeRequired: true })
        expect(vs.map((v) => [v.field, v.entity, v.code])).toEqual([[`appointments.${stop}`, 'appointment', 'required']])
        expect(vs[0]!.reason).toContain(stop)
      }),
    )
  })
  it('a valid requirement at either level unblocks it, whatever the other level holds', () => {
    fc.assert(
      fc.property(stopArb, requirementArb, fc.option(fc.oneof(requirementArb, corruptedRequirementArb.map((c) => c.input)), { nil: undefined }), fc.boolean(), (stop, good, other, orderLevel) => {
        const state = orderLevel ? { stop, addressRequired: true, order: good, place: other } : { stop, placeRequired: true, place: good, order: other }
        expect(checkAppointmentPresence(state)).toEqual([])
      }),
    )
  })
  it('an invalid requirement alone blocks with its own violations under appointments.<stop>', () => {
    fc.assert(
      fc.property(stopArb, corruptedRequirementArb, (stop, { input, field }) => {
        const vs = checkAppointmentPresence({ stop, addressRequired: true, order: input })
        expect(vs.map((v) => v.field)).toEqual([`appointments.${stop}.${field}`])
      }),
    )
  })
  it('a stop that requires nothing never blocks', () => {
    fc.assert(
      fc.property(stopArb, fc.anything(), fc.anything(), (stop, place, order) => {
        expect(checkAppointmentPresence({ stop, place, order })).toEqual([])
      }),
    )
  })
})
