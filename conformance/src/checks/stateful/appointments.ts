// Appointments of one order (APT-13, APT-14, APT-16, ORD-06, DOC-04 … DOC-06, CNF-04), with the
// library as the model: each PUT replaces the order-level requirement of its stop (no partial
// merge), and every PUT and GET answers `mergeAppointment` of the model's requirement (no place
// default: the spec's API cannot make one, so each field is ORDER or NONE, contacts
// ADDRESS_FALLBACK from the stop address when none are listed); `checkAppointmentWrite` decides
// the lock (409 order_accepted_appointment_locked from ACCEPTED on) and its override
// (confirmChangeAfterAcceptance=true with X-Service-Change-Reason: 200; without the reason 400);
// documents upload (a tiny PDF, stored as application/pdf), replace, and delete (204, twice);
// APPOINTMENT_DOCUMENT is 400; confirm is 400 while a stop that requires an appointment has none.
import fc from 'fast-check'
import { checkAppointmentWrite, HEADER, LIMITS, mergeAppointment, readAppointmentResponse, transition, validateAppointmentRequirement } from 'shipper-rules'
import type { Check, KitContext } from '../../check.js'
import type { Received, SentRequest } from '../../http.js'
import {
  command,
  createBody,
  del,
  describe,
  expectAnswer,
  field,
  get,
  guarded,
  LANES,
  makeQuote,
  makeShipment,
  multipartFile,
  post,
  put,
  RuleBroken,
  runModel,
  sameJson,
  tinyPdf,
  type Freight,
} from '../support.js'

type Stop = 'PICKUP' | 'DELIVERY'
/** An order state as the server shows it (the model keeps what `transition` gives). */
type Status = string

interface Model {
  status: Status
  readonly orderNumber: string
  readonly required: Readonly<Record<Stop, boolean>>
  readonly address: Readonly<Record<Stop, { contactPerson: string; phoneNumber: string }>>
  /** The order-level requirement of each stop as validated (absent: none). */
  readonly order: Partial<Record<Stop, unknown>>
}

const NAME = 'stateful: appointments'
const RULES = ['APT-13', 'APT-14', 'APT-16', 'ORD-06', 'DOC-04', 'DOC-05', 'DOC-06', 'CNF-04'] as const
const FREIGHT: Freight = { palletCount: 1, poundsWeight: 600 }

const contactArb = fc.constantFrom(
  { name: 'Dock desk', email: 'dock@example.com' },
  { name: 'Night dock', phone: '+13125550123' },
  { name: 'Dock desk again', email: 'DOCK@example.com' },
  { name: 'Yard', email: 'yard@example.com', phone: '+13125550124', role: 'yard lead' },
)

/** A valid AppointmentRequirementRequest: a channel (portalUrl exactly when PORTAL) and any of the optional fields. */
export const appointmentArb: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    {
      channel: fc.constantFrom('PHONE', 'EMAIL', 'PORTAL'),
      contacts: fc.array(contactArb, { minLength: 1, maxLength: 3 }),
      instructions: fc.constantFrom('Call ahead', 'Dock 4, rear entrance', 'Ring twice'),
      referenceNumbers: fc.array(fc.constantFrom('PO-1', 'PO-2', 'APPT-9'), { minLength: 1, maxLength: 3 }),
      leadTimeHours: fc.integer({ min: LIMITS.leadTimeHoursMin, max: LIMITS.leadTimeHoursMax }),
    },
    { requiredKeys: ['channel'] },
  )
  .map((a) => (a.channel === 'PORTAL' ? { ...a, portalUrl: 'https://book.example.com/slot' } : a))

const stopArb = fc.constantFrom<Stop>('PICKUP', 'DELIVERY')
const docTypeArb = fc.constantFrom('PACKING_SLIP', 'CUSTOMER_BOL')

const run = async (ctx: KitContext) => {
  const sandbox = ctx.controls === 'sandbox'
  const base = (m: Model, stop: Stop): string => `/v1/shipper/shipment/${encodeURIComponent(m.orderNumber)}/appointment/${stop}`

  /** The merged requirement the model expects for a stop. */
  const expected = (m: Model, stop: Stop) =>
    mergeAppointment({ order: m.order[stop] as never, orderRequired: m.required[stop], address: m.address[stop] })

  const expectMerged = (m: Model, stop: Stop, what: string, r: Received): void => {
    const read = readAppointmentResponse(r.json)
    const want = expected(m, stop)
    if (read._tag === 'Left') throw new RuleBroken('APT-14', `${what}: an AppointmentRequirementResponse ${JSON.stringify(want)}`, describe(r))
    if (!sameJson(read.right, want)) {
      // Name the rule of the first part that differs: the required flag, the provenance, or the values of a full replace.
      const rule = read.right.appointmentRequired !== want.appointmentRequired ? 'APT-13' : !sameJson(read.right._merged, want._merged) ? 'APT-14' : 'APT-16'
      throw new RuleBroken(rule, `${what}: ${JSON.stringify(want)}`, describe(r))
    }
  }

  const write = (m: Model, endpoint: 'PUT_REQUIREMENT' | 'POST_DOCUMENT' | 'DELETE_DOCUMENT', options: { override?: boolean; reason?: string } = {}) =>
    checkAppointmentWrite(m.status, {
      endpoint,
      ...(options.override === true ? { confirmChangeAfterAcceptance: 'true' } : {}),
      ...(options.reason === undefined ? {} : { changeReason: options.reason }),
    })

  type How = 'plain' | 'override' | 'override-no-reason'
  const putStep = async (m: Model, stop: Stop, body: Record<string, unknown>, how: How): Promise<void> => {
    const override = how !== 'plain'
    const reason = how === 'override' ? 'Dock moved to door 7' : undefined
    const decision = write(m, 'PUT_REQUIREMENT', { override, ...(reason === undefined ? {} : { reason }) })
    const req: SentRequest = put(
      `${base(m, stop)}${override ? '?confirmChangeAfterAcceptance=true' : ''}`,
      body,
      'main',
      reason === undefined ? {} : { [HEADER.changeReason]: reason },
    )
    const r = await ctx.http.send(req)
    const what = `PUT appointment ${stop} in ${m.status}${override ? ` with the override${reason === undefined ? ' and no reason' : ''}` : ''}`
    if (decision._tag === 'Left') return expectAnswer('ORD-06', what, r, decision.left.status, decision.left.reason)
    expectAnswer(override ? 'ORD-06' : 'APT-16', what, r, 200)
    const valid = validateAppointmentRequirement(body)
    if (valid._tag === 'Left') throw new RuleBroken('KIT-CRASH', 'a valid generated appointment', JSON.stringify(valid.left))
    m.order[stop] = valid.right
    expectMerged(m, stop, what, r)
  }
  const putCommand = fc.tuple(stopArb, appointmentArb, fc.constantFrom<How>('plain', 'override', 'override-no-reason')).map(([stop, body, how]) =>
    command<Model, undefined>(`PutAppointment(${stop}, ${how}, ${JSON.stringify(body)})`, () => true, (m) => putStep(m, stop, body, how)),
  )

  const getCommand = stopArb.map((stop) =>
    command<Model, undefined>(`GetAppointment(${stop})`, () => true, async (m) => {
      const r = await ctx.http.send(get(base(m, stop)))
      expectAnswer('APT-14', `GET appointment ${stop}`, r, 200)
      expectMerged(m, stop, `GET appointment ${stop}`, r)
    }),
  )

  const uploadStep = async (m: Model, stop: Stop, type: string): Promise<void> => {
    const decision = write(m, 'POST_DOCUMENT')
    const r = await ctx.http.send(post(`${base(m, stop)}/document/${type}`, multipartFile('slip.pdf', 'application/pdf', tinyPdf(ctx.marker)), 'main', {}))
    const what = `upload ${type} at ${stop} in ${m.status}`
    if (decision._tag === 'Left') return expectAnswer('ORD-06', what, r, decision.left.status, decision.left.reason)
    expectAnswer('DOC-06', what, r, 200)
    const ok = field('DOC-05', what, r, 'contentType') === 'application/pdf' && field('DOC-05', what, r, 'type') === type && field('DOC-05', what, r, 'stop') === stop
    if (!ok) throw new RuleBroken('DOC-05', `${what}: an AppointmentDocumentResponse of type ${type}, stop ${stop}, contentType application/pdf`, describe(r))
  }
  const uploadCommand = fc.tuple(stopArb, docTypeArb).map(([stop, type]) =>
    command<Model, undefined>(`Upload(${stop}, ${type})`, () => true, (m) => uploadStep(m, stop, type)),
  )

  const systemUpload = stopArb.map((stop) =>
    command<Model, undefined>(`UploadSystemDocument(${stop})`, (m) => write(m, 'POST_DOCUMENT')._tag === 'Right', async (m) => {
      const r = await ctx.http.send(post(`${base(m, stop)}/document/APPOINTMENT_DOCUMENT`, multipartFile('appt.pdf', 'application/pdf', tinyPdf(ctx.marker))))
      expectAnswer('DOC-04', 'upload APPOINTMENT_DOCUMENT', r, 400, 'appointment_document_not_user_uploadable')
    }),
  )

  const deleteCommand = fc.tuple(stopArb, docTypeArb).map(([stop, type]) =>
    command<Model, undefined>(`DeleteTwice(${stop}, ${type})`, () => true, async (m) => {
      const decision = write(m, 'DELETE_DOCUMENT')
      for (const time of ['first', 'second']) {
        const r = await ctx.http.send(del(`${base(m, stop)}/document/${type}`))
        const what = `DELETE ${type} at ${stop} in ${m.status} (${time} time)`
        if (decision._tag === 'Left') expectAnswer('ORD-06', what, r, decision.left.status, decision.left.reason)
        else expectAnswer('DOC-06', what, r, 204)
      }
    }),
  )

  const confirmStep = async (m: Model): Promise<void> => {
    const r = await ctx.http.send(put(`/v1/shipper/shipment/${encodeURIComponent(m.orderNumber)}/confirm`))
    const next = transition(m.status, 'CONFIRM')
    if (next._tag === 'Left') return expectAnswer('ORD-03', `confirm in ${m.status}`, r, next.left.status, next.left.reason)
    const missing = (['PICKUP', 'DELIVERY'] as const).filter((s) => m.required[s] && m.order[s] === undefined)
    if (missing.length > 0) return expectAnswer('CNF-04', `confirm while ${missing.join(' and ')} requires an appointment and has none`, r, 400)
    expectAnswer('CNF-04', 'confirm with every required appointment present', r, 200)
    m.status = next.right
  }
  const confirmCommand = fc.constant(command<Model, undefined>('Confirm', () => true, confirmStep))

  const eventStep = async (m: Model, event: 'ACCEPT' | 'CANCEL'): Promise<void> => {
    const n = encodeURIComponent(m.orderNumber)
    const r = await ctx.http.send(event === 'CANCEL' ? put(`/v1/shipper/shipment/${n}/cancel`) : post(`/sandbox/orders/${n}/events`, { event }))
    const next = transition(m.status, event)
    const rule = event === 'CANCEL' ? 'ORD-04' : 'ORD-07'
    if (next._tag === 'Left') return expectAnswer(rule, `${event} in ${m.status}`, r, next.left.status, next.left.reason)
    expectAnswer(rule, `${event} in ${m.status}`, r, 200)
    m.status = next.right
  }
  const eventCommand = (event: 'ACCEPT' | 'CANCEL') => fc.constant(command<Model, undefined>(event, () => true, (m) => eventStep(m, event)))

  // the PUT three times over: it carries the merge, the full replace, the lock and its override
  const commands = [putCommand, putCommand, putCommand, getCommand, uploadCommand, systemUpload, deleteCommand, confirmCommand, eventCommand('CANCEL')]
  if (sandbox) commands.push(eventCommand('ACCEPT'))

  /**
   * DOC-06 whatever the seed: two orders alike, one with a packing slip uploaded once, the other
   * with it uploaded twice at the same (stop, type), both confirmed and accepted so the appointment
   * PDF (cover sheet plus the stop's documents) is built; the second upload replaced the first, so
   * both PDFs have as many pages. Pages are counted by their /Type /Page objects; a PDF whose pages
   * the kit cannot count (compressed object streams) leaves it unjudged.
   */
  const replaceStep = async (): Promise<void> => {
    const pagesAfter = async (uploads: number): Promise<number> => {
      const lane = LANES[0]!
      const { id } = await makeQuote(ctx, lane, FREIGHT)
      const { orderNumber } = await makeShipment(ctx, createBody(ctx, lane, FREIGHT, { quoteId: id, note: 'document replace' }))
      const m: Model = { status: 'INITIALIZED', orderNumber, required: { PICKUP: false, DELIVERY: false }, address: { PICKUP: { contactPerson: '', phoneNumber: '' }, DELIVERY: { contactPerson: '', phoneNumber: '' } }, order: {} }
      for (let i = 0; i < uploads; i++) await uploadStep(m, 'PICKUP', 'PACKING_SLIP')
      await confirmStep(m)
      await eventStep(m, 'ACCEPT')
      const r = await ctx.http.send(get(`${base(m, 'PICKUP')}/pdf`))
      expectAnswer('DOC-07', 'the appointment PDF after acceptance', r, 200)
      return (r.text.match(/\/Type\s*\/Page(?![A-Za-z])/g) ?? []).length
    }
    const once = await pagesAfter(1)
    const twice = await pagesAfter(2)
    if (once > 0 && twice !== once)
      throw new RuleBroken('DOC-06', `the PICKUP PACKING_SLIP uploaded twice replaced, not added: an appointment PDF of ${once} pages, as with one upload`, `${twice} pages`)
  }

  /** The model-based runs (after the replace step, so the failure's requests start where the check did). */
  const modelRun = (startedAt: number) =>
    runModel(
      ctx,
      {
        name: NAME,
        rules: RULES,
        startedAt,
        notChecked: sandbox ? [] : [{ rule: 'ORD-06', why: "the lock from ACCEPTED on needs the carrier's acceptance: run with --controls sandbox" }],
      },
      {
        // whether the delivery requires an appointment, and how far the order is walked before the
        // commands: 0 INITIALIZED, 1 CONFIRMED, 2 ACCEPTED (with controls), so the lock is met often
        params: fc.tuple(fc.boolean(), fc.nat({ max: sandbox ? 2 : 1 }), appointmentArb),
        setup: async ([deliveryRequired, walk, first]) => {
          const lane = LANES[0]!
          const { id } = await makeQuote(ctx, lane, FREIGHT)
          const body = createBody(ctx, lane, FREIGHT, { quoteId: id, deliveryAppointmentRequired: deliveryRequired, note: 'appointments' })
          const { orderNumber } = await makeShipment(ctx, body)
          const pick = body['pickupAddress'] as { contactPerson: string; phoneNumber: string }
          const drop = body['deliveryAddress'] as { contactPerson: string; phoneNumber: string }
          const model: Model = {
            status: 'INITIALIZED' as Status,
            orderNumber,
            required: { PICKUP: false, DELIVERY: deliveryRequired },
            address: {
              PICKUP: { contactPerson: pick.contactPerson, phoneNumber: pick.phoneNumber },
              DELIVERY: { contactPerson: drop.contactPerson, phoneNumber: drop.phoneNumber },
            },
            order: {},
          }
          if (walk >= 1) {
            if (deliveryRequired) await putStep(model, 'DELIVERY', first, 'plain')
            await confirmStep(model)
          }
          if (walk >= 2) await eventStep(model, 'ACCEPT')
          return { model, real: undefined }
        },
        commands,
        // ORD-06 whatever the seed: an upload to an ACCEPTED order is 409 order_accepted_appointment_locked
        examples: sandbox
          ? [{ params: [false, 2, { channel: 'PHONE' }], commands: [command<Model, undefined>('Upload(PICKUP, PACKING_SLIP)', () => true, (m) => uploadStep(m, 'PICKUP', 'PACKING_SLIP'))] }]
          : [],
      },
    )

  const startedAt = ctx.http.transcript.length
  return guarded(ctx, { name: NAME, rules: RULES }, startedAt, async () => {
    if (sandbox) await replaceStep()
    return modelRun(startedAt)
  })
}

/** Appointment PUT then GET (full replace, merge and provenance), the lock and its override, documents, and confirm's appointment check. */
export const appointments: Check = { name: NAME, rules: RULES, run }
