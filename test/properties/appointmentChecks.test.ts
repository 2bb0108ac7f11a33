import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '../../src/model/orderStatuses.js'
import {
  APPOINTMENT_WRITE_ENDPOINTS,
  checkAppointmentPresence,
  checkAppointmentWrite,
  type AppointmentWriteEndpoint,
  type AppointmentWriteOptions,
} from '../../src/rules/appointmentChecks.js'
import { isAppointmentLocked } from '../../src/rules/orderLifecycle.js'
import { corruptedRequirementArb, requirementArb } from '../../src/arbitraries/appointment.js'

const statusArb = fc.constantFrom(...ORDER_STATUSES)
const reasonArb = fc.string({ minLength: 1, maxLength: 80 }).filter((s) => s.trim() !== '')

describe('ORD-06 appointment writes', () => {
  const documentEndpointArb = fc.constantFrom<AppointmentWriteEndpoint>('POST_DOCUMENT', 'DELETE_DOCUMENT')
  /** The requirement PUT, which only counts when named (an absent endpoint fails closed). */
  const putArb = fc.constant<{ endpoint: AppointmentWriteEndpoint }>({ endpoint: 'PUT_REQUIREMENT' })
  const validFlagArb = fc.constantFrom(undefined, true, false, 'true', 'false')
  /** A flag the PUT must refuse: any value but the booleans, the exact texts and absence. */
  const badFlagArb = fc
    .oneof(
      fc.constantFrom(null, 'TRUE', 'True', ' true', 'true ', 'FALSE', '', ' ', '1', '0', 'yes', 1, 0, ['true'], ['true', 'false'], [], {}, NaN),
      fc.mixedCase(fc.constantFrom('true', 'false')).filter((s) => s !== 'true' && s !== 'false'),
      fc.anything(),
    )
    .filter((v) => v !== undefined && v !== true && v !== false && v !== 'true' && v !== 'false')

  it('open states allow every endpoint with no change reason, whatever else is sent', () => {
    fc.assert(
      fc.property(statusArb.filter((s) => !isAppointmentLocked(s)), fc.constantFrom(...APPOINTMENT_WRITE_ENDPOINTS), validFlagArb, fc.option(reasonArb, { nil: undefined }), (status, endpoint, flag, changeReason) => {
        expect(checkAppointmentWrite(status, { endpoint, confirmChangeAfterAcceptance: flag, changeReason })).toEqual({ _tag: 'Right', right: { changeReason: null } })
      }),
    )
  })
  it('locked states give 409 order_accepted_appointment_locked on the PUT without the override', () => {
    fc.assert(
      fc.property(statusArb.filter(isAppointmentLocked), putArb, fc.constantFrom(undefined, false, 'false'), fc.option(reasonArb, { nil: undefined }), (status, put, flag, changeReason) => {
        const r = checkAppointmentWrite(status, { ...put, confirmChangeAfterAcceptance: flag, changeReason })
        expect(r._tag === 'Left' && [r.left.status, r.left.reason]).toEqual([409, 'order_accepted_appointment_locked'])
      }),
    )
  })
  it('the override (true or the exact text true) with a non-blank reason passes the PUT in every state, returning the reason verbatim', () => {
    fc.assert(
      fc.property(statusArb, putArb, fc.constantFrom(true, 'true'), reasonArb, (status, put, flag, changeReason) => {
        const r = checkAppointmentWrite(status, { ...put, confirmChangeAfterAcceptance: flag, changeReason })
        expect(r).toEqual({ _tag: 'Right', right: { changeReason: isAppointmentLocked(status) ? changeReason : null } })
      }),
    )
  })
  it('without an endpoint no write passes from ACCEPTED on: any locked state, any options without endpoint, is 409 (fail closed)', () => {
    const noEndpointArb = fc.oneof(
      fc.record({ confirmChangeAfterAcceptance: fc.oneof(fc.constantFrom<unknown>(true, 'true'), fc.anything()), changeReason: fc.oneof(reasonArb, fc.anything()) }, { requiredKeys: [] }),
      fc.record({ endpoint: fc.constant(undefined), confirmChangeAfterAcceptance: fc.constantFrom<unknown>(true, 'true'), changeReason: reasonArb }),
      fc.constantFrom<unknown>(undefined, null, 7, 'PUT_REQUIREMENT', true),
    )
    fc.assert(
      fc.property(statusArb.filter(isAppointmentLocked), noEndpointArb, (status, options) => {
        const r = checkAppointmentWrite(status, options as AppointmentWriteOptions)
        expect(r._tag === 'Left' && [r.left.status, r.left.reason]).toEqual([409, 'order_accepted_appointment_locked'])
      }),
    )
  })
  it('document upload and removal in a locked state are always 409, whatever override flag and reason come with them', () => {
    fc.assert(
      fc.property(statusArb.filter(isAppointmentLocked), documentEndpointArb, fc.anything(), fc.anything(), (status, endpoint, flag, changeReason) => {
        const r = checkAppointmentWrite(status, { endpoint, confirmChangeAfterAcceptance: flag, changeReason })
        expect(r._tag === 'Left' && [r.left.status, r.left.reason]).toEqual([409, 'order_accepted_appointment_locked'])
      }),
    )
  })
  it('on the PUT, a flag other than a boolean or exactly true/false is 400 type at confirmChangeAfterAcceptance, in every state', () => {
    fc.assert(
      fc.property(statusArb, putArb, badFlagArb, fc.option(reasonArb, { nil: undefined }), (status, put, flag, changeReason) => {
        const r = checkAppointmentWrite(status, { ...put, confirmChangeAfterAcceptance: flag, changeReason })
        expect(r._tag === 'Left' && [r.left.status, r.left.reason, r.left.violations?.map((v) => [v.field, v.code])]).toEqual([400, 'validation_failed', [['confirmChangeAfterAcceptance', 'type']]])
      }),
    )
  })
  it('the override without a reason is 400 naming the X-Service-Change-Reason header', () => {
    fc.assert(
      fc.property(statusArb.filter(isAppointmentLocked), putArb, fc.constantFrom(undefined, null, '', '   ', 7), (status, put, changeReason) => {
        const r = checkAppointmentWrite(status, { ...put, confirmChangeAfterAcceptance: true, changeReason })
        expect(r._tag === 'Left' && [r.left.status, r.left.violations?.map((v) => v.field)]).toEqual([400, ['X-Service-Change-Reason']])
      }),
    )
  })
  it('an endpoint outside the three is 400 pattern at endpoint, whatever the state', () => {
    fc.assert(
      fc.property(statusArb, fc.oneof(fc.constantFrom(null, '', 'put_requirement', 'PUT', ' POST_DOCUMENT', 'GET'), fc.anything()).filter((e) => e !== undefined && !(APPOINTMENT_WRITE_ENDPOINTS as ReadonlyArray<unknown>).includes(e)), (status, endpoint) => {
        const r = checkAppointmentWrite(status, { endpoint: endpoint as AppointmentWriteEndpoint })
        expect(r._tag === 'Left' && [r.left.status, r.left.violations?.map((v) => [v.field, v.code])]).toEqual([400, [['endpoint', 'pattern']]])
      }),
    )
  })
  it('never throws, for any status and any options value, hostile ones included', () => {
    const revoked = Proxy.revocable({}, {})
    revoked.revoke()
    const throwing = Object.defineProperty({ endpoint: 'PUT_REQUIREMENT' }, 'confirmChangeAfterAcceptance', { enumerable: true, get: () => { throw new Error('boom') } })
    const optionsArb = fc.oneof(
      fc.record({ endpoint: fc.anything(), confirmChangeAfterAcceptance: fc.anything(), changeReason: fc.anything() }, { requiredKeys: [] }),
      fc.anything(),
      fc.constantFrom<unknown>(null, Symbol('x'), () => 1),
    )
    fc.assert(
      fc.property(fc.anything(), optionsArb, (s, options) => {
        expect(['Left', 'Right']).toContain(checkAppointmentWrite(s, options as AppointmentWriteOptions)._tag)
      }),
    )
    // Hostile values outside fast-check, which cannot inspect a revoked Proxy itself.
    for (const options of [revoked.proxy, throwing]) {
      expect(checkAppointmentWrite('ACCEPTED', options as AppointmentWriteOptions)._tag).toBe('Left')
    }
    expect(checkAppointmentWrite('ACCEPTED', throwing as AppointmentWriteOptions)).toMatchObject({ _tag: 'Left', left: { status: 400 } })
    // Without an endpoint the flag is not read at all, so its throwing getter changes nothing: 409.
    const { endpoint: _named, ...unnamed } = Object.getOwnPropertyDescriptors(throwing)
    expect(checkAppointmentWrite('ACCEPTED', Object.defineProperties({}, unnamed) as AppointmentWriteOptions)).toMatchObject({ _tag: 'Left', left: { status: 409 } })
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
