// Laws for src/rules/appointmentChecks.ts that the mutation run (docs/mutation.md) found unpinned:
// the violations and messages of an appointment write against a table of the order states (the
// lock, its override and its words for each endpoint), the options read only as own members, and
// the stop of a presence check (ORD-06, APT-11 … APT-14).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '../../src/model/orderStatuses.js'
import { APPOINTMENT_WRITE_ENDPOINTS, checkAppointmentPresence, checkAppointmentWrite } from '../../src/rules/appointmentChecks.js'

const OPEN = ['INITIALIZED', 'CONFIRMED']
const readFlag = (v: unknown): boolean | undefined => (v === undefined || v === false || v === 'false' ? false : v === true || v === 'true' ? true : undefined)

/** The answer of checkAppointmentWrite, written from its doc comment (the table of ORD-06 and APT-13), checked whole; no endpoint is not the PUT. */
const expectWriteAnswer = (status: unknown, endpoint: unknown, confirm: unknown, changeReason: unknown): void => {
  const options = { ...(endpoint === undefined ? {} : { endpoint }), confirmChangeAfterAcceptance: confirm, changeReason }
  const r = checkAppointmentWrite(status, options as never)
  const badStatus = !(ORDER_STATUSES as ReadonlyArray<unknown>).includes(status)
  const badEndpoint = endpoint !== undefined && !(APPOINTMENT_WRITE_ENDPOINTS as ReadonlyArray<unknown>).includes(endpoint)
  const override = endpoint === 'PUT_REQUIREMENT' ? readFlag(confirm) : false
  const violations = [
    ...(badStatus ? [{ field: 'orderStatus', entity: null, code: 'pattern', reason: 'must be one of the nine order states' }] : []),
    ...(badEndpoint ? [{ field: 'endpoint', entity: null, code: 'pattern', reason: `must be one of ${APPOINTMENT_WRITE_ENDPOINTS.join(', ')}` }] : []),
    ...(override === undefined ? [{ field: 'confirmChangeAfterAcceptance', entity: null, code: 'type', reason: 'must be true or false (a boolean, or exactly the text true or false)' }] : []),
  ]
  if (violations.length > 0) {
    expect(r._tag === 'Left' && [r.left.status, r.left.violations]).toEqual([400, violations])
    return
  }
  if (OPEN.includes(status as string)) {
    expect(r).toEqual({ _tag: 'Right', right: { changeReason: null } })
  } else if (!override) {
    expect(r._tag === 'Left' && [r.left.status, r.left.reason, r.left.detail]).toEqual([
      409,
      'order_accepted_appointment_locked',
      endpoint === 'PUT_REQUIREMENT'
        ? `Appointment data cannot change once the order is ${String(status)}; set confirmChangeAfterAcceptance=true with an X-Service-Change-Reason header to override.`
        : endpoint === undefined
          ? `Appointment data cannot change once the order is ${String(status)}; only the appointment requirement PUT, named as the endpoint, can override the lock.`
          : `Appointment documents cannot change once the order is ${String(status)}; only the appointment requirement PUT can override the lock.`,
    ])
  } else if (typeof changeReason !== 'string' || changeReason.trim() === '') {
    expect(r._tag === 'Left' && r.left.violations).toEqual([{ field: 'X-Service-Change-Reason', entity: null, code: 'required', reason: 'is required, not blank, when confirmChangeAfterAcceptance is true' }])
  } else {
    expect(r).toEqual({ _tag: 'Right', right: { changeReason } })
  }
}

const STATUSES: ReadonlyArray<unknown> = [...ORDER_STATUSES, 'SHIPPED', '', 7]
const ENDPOINTS: ReadonlyArray<unknown> = [undefined, ...APPOINTMENT_WRITE_ENDPOINTS, 'PATCH', 7]
const FLAGS: ReadonlyArray<unknown> = [undefined, true, false, 'true', 'false', 'yes', 1, null]
const REASONS: ReadonlyArray<unknown> = [undefined, '', '   ', 'Dock moved', 7]

describe('ORD-06 / APT-13 an appointment write, by the order state, the endpoint and the override', () => {
  it('open states allow it; locked ones refuse it in the endpoint\'s words unless the requirement PUT confirms with a reason', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATUSES), fc.constantFrom(...ENDPOINTS), fc.constantFrom(...FLAGS), fc.constantFrom(...REASONS), expectWriteAnswer),
    )
  })

  it('the same over every combination of those states, endpoints, flags and reasons (the whole finite space, walked)', () => {
    // A mutation run's few random runs miss some of the combinations (the reason's violation needs a
    // locked state, the requirement PUT and a true flag at once); the space is small enough to walk.
    let walked = 0
    for (const status of STATUSES) {
      for (const endpoint of ENDPOINTS) {
        for (const confirm of FLAGS) {
          for (const changeReason of REASONS) {
            expectWriteAnswer(status, endpoint, confirm, changeReason)
            walked++
          }
        }
      }
    }
    expect(walked).toBe(STATUSES.length * ENDPOINTS.length * FLAGS.length * REASONS.length)
  })

  it('options are read only as own members: inherited ones and options that are not objects count as absent', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), fc.constantFrom<unknown>(null, 7, 'PUT_REQUIREMENT', true), (status, notOptions) => {
        const inherited = Object.create({ confirmChangeAfterAcceptance: true, changeReason: 'x', endpoint: 'PATCH' }) as object
        expect(checkAppointmentWrite(status, inherited as never)).toEqual(checkAppointmentWrite(status, {}))
        expect(checkAppointmentWrite(status, notOptions as never)).toEqual(checkAppointmentWrite(status, {}))
        const fn = Object.assign(() => undefined, { confirmChangeAfterAcceptance: true, changeReason: 'Dock moved' })
        expect(checkAppointmentWrite(status, fn as never)).toEqual(checkAppointmentWrite(status, { confirmChangeAfterAcceptance: true, changeReason: 'Dock moved' }))
      }),
    )
  })
})

describe('APT-11 a presence check at a stop that is neither pickup nor delivery', () => {
  it('is unreadable when an appointment is required there, and nothing is asked when none is', () => {
    fc.assert(
      fc.property(fc.constantFrom<unknown>('PICKUP', 'origin', 7, undefined), fc.boolean(), (stop, byAddress) => {
        const state = { stop, addressRequired: byAddress, placeRequired: !byAddress }
        expect(checkAppointmentPresence(state as never)).toEqual([{ field: '', entity: null, code: 'type', reason: 'could not be read: the input is not of the documented type' }])
        expect(checkAppointmentPresence({ stop, addressRequired: false, placeRequired: false } as never)).toEqual([])
      }),
    )
  })
})
