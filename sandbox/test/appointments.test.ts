// The appointment feature end to end over HTTP (spec: Endpoints 9-13, Appointment merge rules,
// States and transitions, Confirm-time validation): a saved address with a default, the order's
// override, the merge with provenance, the confirm gate, carrier acceptance and the lock, the
// override with a reason and its outbox notification, uploads (PDF, PNG, JPEG; replacement,
// idempotent delete, 413 judged while streaming, 415, 400), the appointment PDF read back with
// pdf.js, a restart on the same data, and the isolation between companies. Every /v1/shipper
// response is checked against the generated OpenAPI document.
import { request as httpRequest } from 'node:http'
import { isRight, readAppointmentResponse } from 'shipper-rules'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkAgainstOpenApi } from './support/openapi.js'
import { createBody, quoteBody, removeStore, startSandbox, type Answer, type Credentials, type Sandbox } from './support/harness.js'
import { makeJpeg, makePdf, makePng, multipartBody, readPdf } from './support/pdfFixtures.js'

let sandbox: Sandbox
let acme: Credentials
let globex: Credentials

beforeAll(async () => {
  sandbox = await startSandbox()
  acme = await sandbox.company('Acme Freight Buyers')
  globex = await sandbox.company('Globex Shipping')
})
afterAll(async () => {
  await sandbox.stop()
  removeStore(sandbox.storeOptions)
})

const UPLOAD_LIMIT = 10_485_760

const apt = (order: string, stop: string, tail = '') => `/v1/shipper/shipment/${order}/appointment/${stop}${tail}`

const upload = (as: Credentials, order: string, stop: string, type: string, file: { filename: string; contentType: string; bytes: Buffer; name?: string }): Promise<Answer> => {
  const form = multipartBody(file)
  return sandbox.call('POST', apt(order, stop, `/document/${type}`), { as, raw: form.body, headers: { 'content-type': form.contentType } })
}

/** A quoted, created order (INITIALIZED); `headers` may place its stops at saved addresses. */
const newOrder = async (as: Credentials, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<string> => {
  const quote = await sandbox.call('POST', '/v1/shipper/quote', { as, body: quoteBody() })
  expect(quote.status).toBe(200)
  const created = await sandbox.call('POST', '/v1/shipper/shipment', { as, body: createBody({ quoteId: quote.json.id, ...overrides }), headers })
  expect(created.status, JSON.stringify(created.json)).toBe(200)
  return created.json.orderNumber as string
}

const dallasDock = {
  name: 'Dallas Foods DC',
  address1: '1 Main St',
  city: 'Dallas',
  state: 'TX',
  zipCode: '75201',
  phoneNumber: '+12145550100',
  contactPerson: 'Ann Lee',
  appointmentRequired: true,
  defaultAccessorials: {
    appointment: {
      channel: 'EMAIL',
      contacts: [{ name: 'Dock desk', email: 'dock@dallasfoods.example', role: 'receiving' }],
      instructions: 'Dock 4. Check in at the gate house.',
      referenceNumbers: ['DF-100'],
      leadTimeHours: 24,
    },
  },
}

const deliveryOverride = {
  channel: 'PHONE',
  contacts: [
    { name: 'Ann Lee', phone: '+12145550100' },
    { name: 'Dock desk (again)', email: 'DOCK@dallasfoods.example' }, // the same contact by e-mail: deduplicated
  ],
  instructions: 'Call one hour ahead.',
  referenceNumbers: ['DF-100', 'PO-77'],
  leadTimeHours: 48,
}

describe('appointments', () => {
  it('saved address default + order override: merge with provenance, confirm gate, acceptance, lock, override with a reason, outbox, uploads and the PDF', async () => {
    // a saved address (place) with a default requirement, scoped to its company
    const bad = await sandbox.call('POST', '/sandbox/addresses', { as: acme, body: { ...dallasDock, zipCode: '7520', defaultAccessorials: { appointment: { channel: 'PORTAL', leadTimeHours: 500 } } } })
    expect(bad.status).toBe(400)
    expect(bad.json.reason).toBe('validation_failed')
    expect(bad.json.violations.map((v: { field: string }) => v.field)).toEqual(expect.arrayContaining(['zipCode', 'defaultAccessorials.appointment.portalUrl', 'defaultAccessorials.appointment.leadTimeHours']))
    const place = await sandbox.call('POST', '/sandbox/addresses', { as: acme, body: dallasDock })
    expect(place.status).toBe(201)
    expect(place.json).toMatchObject({ companyId: acme.companyId, zipCode: '75201', country: 'US', appointmentRequired: true, defaultAccessorials: { appointment: { channel: 'EMAIL', leadTimeHours: 24 } } })
    const placeId = place.json.id as string
    expect((await sandbox.call('GET', `/sandbox/addresses/${placeId}`, { as: acme })).json.id).toBe(placeId)
    expect((await sandbox.call('GET', `/sandbox/addresses/${placeId}`, { as: globex })).status).toBe(403)
    expect((await sandbox.call('GET', '/sandbox/addresses', { as: globex })).json.addresses).toEqual([])
    expect((await sandbox.call('GET', '/sandbox/addresses', { as: acme })).json.addresses.map((a: { id: string }) => a.id)).toEqual([placeId])

    // a create naming another company's saved address is refused (the body stays spec-valid)
    const foreignLink = await sandbox.call('POST', '/v1/shipper/shipment', { as: globex, body: createBody(), headers: { 'x-sandbox-delivery-address-id': placeId } })
    expect(foreignLink.status).toBe(400)
    expect(foreignLink.json.violations[0].field).toBe('X-Sandbox-Delivery-Address-Id')

    // the order: the pickup requires an appointment (address flag), the delivery is placed at the saved address
    const order = await newOrder(acme, { pickupAddress: { ...createBody().pickupAddress, appointmentRequired: true } }, { 'x-sandbox-delivery-address-id': placeId })

    // GET before any order data: the place default, with PLACE provenance
    const placeOnly = await sandbox.call('GET', apt(order, 'DELIVERY'), { as: acme })
    expect(placeOnly.status).toBe(200)
    expect(placeOnly.json).toMatchObject({ channel: 'EMAIL', leadTimeHours: 24, portalUrl: null, appointmentRequired: true, _merged: { fields: { channel: 'PLACE', portalUrl: 'NONE', contacts: 'PLACE', instructions: 'PLACE', referenceNumbers: 'PLACE', leadTimeHours: 'PLACE' } } })
    // the pickup has nothing yet: contacts fall back to the stop address
    const pickupEmpty = await sandbox.call('GET', apt(order, 'pickup'), { as: acme })
    expect(pickupEmpty.json).toMatchObject({ channel: null, appointmentRequired: true, contacts: [{ name: 'Dana Whitfield', phone: '+18475550142' }], _merged: { fields: { channel: 'NONE', contacts: 'ADDRESS_FALLBACK' } } })

    // confirm is blocked until the pickup has a requirement (the delivery has the place's)
    const blocked = await sandbox.call('PUT', `/v1/shipper/shipment/${order}/confirm`, { as: acme })
    expect(blocked.status).toBe(400)
    expect(blocked.json.reason).toBe('validation_failed')
    expect(blocked.json.violations.map((v: { field: string }) => v.field)).toEqual(['appointments.pickup'])

    // the PUT: malformed is 400 with every violation; valid is a full replace, idempotent
    const malformed = await sandbox.call('PUT', apt(order, 'PICKUP'), { as: acme, body: { channel: 'PORTAL', contacts: [{ name: 'Nobody' }], leadTimeHours: 169 } })
    expect(malformed.status).toBe(400)
    expect(malformed.json.reason).toBe('validation_failed')
    const malformedFields: string[] = malformed.json.violations.map((v: { field: string }) => v.field)
    expect(malformedFields).toEqual(expect.arrayContaining(['portalUrl', 'leadTimeHours']))
    expect(malformedFields.some((f) => f.startsWith('contacts[0]'))).toBe(true)
    expect((await sandbox.call('GET', apt(order, 'PICKUP'), { as: acme })).json).toEqual(pickupEmpty.json) // nothing was stored
    const pickupReq = { channel: 'PORTAL', portalUrl: 'https://dock.lakeside.example/book', contacts: [{ name: 'Dana Whitfield', phone: '+18475550142' }], leadTimeHours: 12 }
    const put1 = await sandbox.call('PUT', apt(order, 'PICKUP'), { as: acme, body: pickupReq })
    expect(put1.status).toBe(200)
    expect(put1.json).toMatchObject({ channel: 'PORTAL', portalUrl: pickupReq.portalUrl, leadTimeHours: 12, _merged: { fields: { channel: 'ORDER', portalUrl: 'ORDER', contacts: 'ORDER' } } })
    const put2 = await sandbox.call('PUT', apt(order, 'PICKUP'), { as: acme, body: pickupReq })
    expect(put2.json).toEqual(put1.json)
    // a full replace: fields the new body leaves out are gone
    const replaced = await sandbox.call('PUT', apt(order, 'PICKUP'), { as: acme, body: { channel: 'PHONE', contacts: pickupReq.contacts } })
    expect(replaced.json).toMatchObject({ channel: 'PHONE', portalUrl: null, leadTimeHours: null })
    expect((await sandbox.call('PUT', apt(order, 'PICKUP'), { as: acme, body: pickupReq })).status).toBe(200)

    // the delivery's override merged with the place default, field by field
    const merged = await sandbox.call('PUT', apt(order, 'DELIVERY'), { as: acme, body: deliveryOverride })
    expect(merged.status).toBe(200)
    expect(merged.json).toEqual({
      channel: 'EMAIL', // EMAIL beats PHONE
      portalUrl: null,
      contacts: [
        { name: 'Dock desk', email: 'dock@dallasfoods.example', role: 'receiving' },
        { name: 'Ann Lee', phone: '+12145550100' },
      ],
      instructions: 'Dock 4. Check in at the gate house.\n\n---\n\nCall one hour ahead.',
      referenceNumbers: ['DF-100', 'PO-77'],
      leadTimeHours: 48,
      appointmentRequired: true,
      _merged: { fields: { channel: 'PLACE_AND_ORDER', portalUrl: 'NONE', contacts: 'PLACE_AND_ORDER', instructions: 'PLACE_AND_ORDER', referenceNumbers: 'PLACE_AND_ORDER', leadTimeHours: 'PLACE_AND_ORDER' } },
    })
    expect((await sandbox.call('GET', apt(order, 'DELIVERY'), { as: acme })).json).toEqual(merged.json)
    // a client reading the answer with the library's reader gets the same requirement back
    const asRead = readAppointmentResponse(merged.json)
    expect(isRight(asRead) ? asRead.right : asRead.left).toEqual(merged.json)

    // now confirm passes
    const confirmed = await sandbox.call('PUT', `/v1/shipper/shipment/${order}/confirm`, { as: acme })
    expect(confirmed.status).toBe(200)
    expect(confirmed.json.orderStatus).toBe('CONFIRMED')

    // uploads before acceptance: a 2-page PDF, a PNG (then replaced by a JPEG), names made safe
    const slipPdf = await makePdf(2, 'Packing slip')
    const slip = await upload(acme, order, 'DELIVERY', 'PACKING_SLIP', { filename: 'slip.pdf', contentType: 'application/pdf', bytes: slipPdf })
    expect(slip.status).toBe(200)
    expect(slip.json).toMatchObject({ stop: 'DELIVERY', type: 'PACKING_SLIP', filename: 'slip.pdf', sizeBytes: slipPdf.length, contentType: 'application/pdf', uploadedBy: expect.stringMatching(/^usr_/) })
    const png = await upload(acme, order, 'DELIVERY', 'CUSTOMER_BOL', { filename: '../../scans/BOL<1>.png', contentType: 'image/png', bytes: makePng(4, 3) })
    expect(png.status).toBe(200)
    expect(png.json).toMatchObject({ type: 'CUSTOMER_BOL', filename: 'BOL1.pdf', contentType: 'application/pdf' })
    const jpeg = await upload(acme, order, 'delivery', 'CUSTOMER_BOL', { filename: 'bol-photo.JPG', contentType: 'image/jpeg', bytes: makeJpeg() })
    expect(jpeg.status).toBe(200)
    expect(jpeg.json).toMatchObject({ stop: 'DELIVERY', type: 'CUSTOMER_BOL', filename: 'bol-photo.pdf' })
    expect(jpeg.json.id).not.toBe(png.json.id)
    const stored = await sandbox.store.query<{ type: string; filename: string }>("SELECT type, filename FROM appointment_documents WHERE order_id = (SELECT id FROM orders WHERE order_number = $1) AND stop = 'DELIVERY' ORDER BY type", [order])
    expect(stored).toEqual([{ type: 'CUSTOMER_BOL', filename: 'bol-photo.pdf' }, { type: 'PACKING_SLIP', filename: 'slip.pdf' }])

    // DELETE is idempotent: 204 for the document, 204 again when it is gone
    expect((await upload(acme, order, 'PICKUP', 'PACKING_SLIP', { filename: 'p.png', contentType: 'image/png', bytes: makePng() })).status).toBe(200)
    for (let i = 0; i < 2; i++) {
      const del = await sandbox.call('DELETE', apt(order, 'PICKUP', '/document/PACKING_SLIP'), { as: acme })
      expect(del.status).toBe(204)
      expect(del.bytes.length).toBe(0)
    }
    expect((await sandbox.store.query("SELECT 1 FROM appointment_documents WHERE stop = 'PICKUP'")).length).toBe(0)

    // the appointment PDF does not exist before the carrier accepts
    const early = await sandbox.call('GET', apt(order, 'DELIVERY', '/pdf'), { as: acme })
    expect(early.status).toBe(404)
    expect(early.json.reason).toBe('appointment_pdf_not_generated')

    // carrier acceptance builds it: cover sheet + the PDF's 2 pages + the JPEG's page
    expect((await sandbox.call('POST', `/sandbox/orders/${order}/events`, { as: acme, body: { event: 'ACCEPT' } })).json.orderStatus).toBe('ACCEPTED')
    const built = await sandbox.call('GET', apt(order, 'DELIVERY', '/pdf'), { as: acme })
    expect(built.status).toBe(200)
    expect(built.contentType).toBe('application/pdf')
    const pdf = await readPdf(built.bytes)
    expect(pdf.pages).toBe(4)
    const cover = pdf.text[0]!
    for (const expected of ['order ' + order, 'DELIVERY', 'Channel: EMAIL [PLACE_AND_ORDER]', 'Dock desk (receiving), dock@dallasfoods.example', 'Ann Lee, +12145550100', 'DF-100, PO-77', '48 hours', 'Dock 4. Check in at the gate house.', 'Call one hour ahead.', 'PACKING_SLIP: slip.pdf, 2 pages', 'CUSTOMER_BOL: bol-photo.pdf, 1 page', placeId]) {
      expect(cover, expected).toContain(expected)
    }
    expect(pdf.text[1]).toContain('Packing slip page 1')
    expect(pdf.text[2]).toContain('Packing slip page 2')
    // the last page is the JPEG (the replaced PNG is gone), decoded by pdf.js: 8x8, mid grey
    expect(pdf.images[3]).toEqual([{ width: 8, height: 8, firstPixel: [128, 128, 128] }])
    expect(pdf.images.flat().some((i) => i.width === 4 && i.height === 3)).toBe(false)
    const pickupPdf = await readPdf((await sandbox.call('GET', apt(order, 'PICKUP', '/pdf'), { as: acme })).bytes)
    expect(pickupPdf.pages).toBe(1)
    expect(pickupPdf.text[0]).toContain('Channel: PORTAL [ORDER]')
    expect(pickupPdf.text[0]).toContain('https://dock.lakeside.example/book')

    // after acceptance: every appointment write is locked ...
    const locked = await sandbox.call('PUT', apt(order, 'DELIVERY'), { as: acme, body: deliveryOverride })
    expect(locked.status).toBe(409)
    expect(locked.json.reason).toBe('order_accepted_appointment_locked')
    expect((await upload(acme, order, 'DELIVERY', 'PACKING_SLIP', { filename: 'x.pdf', contentType: 'application/pdf', bytes: slipPdf })).json.reason).toBe('order_accepted_appointment_locked')
    expect((await sandbox.call('DELETE', apt(order, 'DELIVERY', '/document/PACKING_SLIP'), { as: acme })).status).toBe(409)
    // ... the override needs the reason header ...
    const noReason = await sandbox.call('PUT', `${apt(order, 'DELIVERY')}?confirmChangeAfterAcceptance=true`, { as: acme, body: deliveryOverride })
    expect(noReason.status).toBe(400)
    expect(noReason.json.violations[0].field).toBe('X-Service-Change-Reason')
    // ... and with it the change is made, the carrier notified (reason verbatim), the PDF rebuilt
    const reason = 'Dock 4 closed for repairs; use "Dock 7" - per J. Ortiz (ticket #4471)'
    const changed = await sandbox.call('PUT', `${apt(order, 'DELIVERY')}?confirmChangeAfterAcceptance=true`, {
      as: acme,
      body: { ...deliveryOverride, instructions: 'Use dock 7.' },
      headers: { 'x-service-change-reason': reason },
    })
    expect(changed.status).toBe(200)
    expect(changed.json.instructions).toBe('Dock 4. Check in at the gate house.\n\n---\n\nUse dock 7.')
    const outbox = await sandbox.call('GET', '/sandbox/outbox', { as: acme })
    expect(outbox.status).toBe(200)
    expect(outbox.json.messages).toHaveLength(1)
    const message = outbox.json.messages[0]
    expect(message).toMatchObject({ kind: 'CARRIER_APPOINTMENT_CHANGE', orderNumber: order, stop: 'DELIVERY', recipient: 'carrier', changeReason: reason })
    expect(message.body).toContain(`"${reason}"`)
    expect((await sandbox.call('GET', '/sandbox/outbox', { as: globex })).json.messages).toEqual([])
    expect((await sandbox.call('GET', `/sandbox/outbox?orderNumber=${order}`, { as: acme })).json.messages).toHaveLength(1)
    const rebuilt = await readPdf((await sandbox.call('GET', apt(order, 'DELIVERY', '/pdf'), { as: acme })).bytes)
    expect(rebuilt.pages).toBe(4)
    expect(rebuilt.text[0]).toContain(`X-Service-Change-Reason):\n"${reason}"`)
    expect(rebuilt.text[0]).toContain('Use dock 7.')
    expect(rebuilt.text[0]).not.toContain('Call one hour ahead.')

    // everything is in the database: a restart on the same data serves the same PDF and documents
    expect(sandbox.openApiFailures).toEqual([]) // this server's answers, before it stops
    await sandbox.stop()
    sandbox = await startSandbox(sandbox.storeOptions)
    const again = await sandbox.call('GET', apt(order, 'DELIVERY', '/pdf'), { as: acme })
    expect(again.status).toBe(200)
    const reread = await readPdf(again.bytes)
    expect(reread.pages).toBe(4)
    expect(reread.text[0]).toContain(`X-Service-Change-Reason):\n"${reason}"`)
    expect((await sandbox.call('GET', apt(order, 'DELIVERY'), { as: acme })).json.instructions).toContain('Use dock 7.')
  })

  it('inline appointments on create: malformed → 400 with every violation and no order; valid → the order-level requirement', async () => {
    const count = async () => Number((await sandbox.store.query<{ n: unknown }>('SELECT count(*) AS n FROM orders WHERE company_id = $1', [acme.companyId]))[0]?.n)
    const before = await count()
    const bad = await sandbox.call('POST', '/v1/shipper/shipment', {
      as: acme,
      body: createBody({
        deliveryAddress: { ...createBody().deliveryAddress, appointmentRequired: true },
        appointments: { delivery: { channel: 'FAX', portalUrl: 'http://insecure.example', leadTimeHours: -1, referenceNumbers: ['x'.repeat(65)] }, pickup: { channel: 'PHONE' } },
      }),
    })
    expect(bad.status).toBe(400)
    expect(bad.json.reason).toBe('validation_failed')
    const fields = bad.json.violations.map((v: { field: string }) => v.field)
    expect(fields).toEqual(expect.arrayContaining(['appointments.delivery.channel', 'appointments.delivery.leadTimeHours', 'appointments.delivery.referenceNumbers[0]', 'appointments.pickup']))
    expect(await count()).toBe(before)

    const order = await newOrder(acme, {
      deliveryAddress: { ...createBody().deliveryAddress, appointmentRequired: true },
      appointments: { delivery: { channel: 'EMAIL', contacts: [{ name: 'Receiving', email: 'receiving@dallasfoods.example' }], referenceNumbers: ['APPT-9'] } },
    })
    const got = await sandbox.call('GET', apt(order, 'DELIVERY'), { as: acme })
    expect(got.json).toMatchObject({ channel: 'EMAIL', referenceNumbers: ['APPT-9'], appointmentRequired: true, _merged: { fields: { channel: 'ORDER', contacts: 'ORDER', leadTimeHours: 'NONE' } } })
    expect((await sandbox.call('PUT', `/v1/shipper/shipment/${order}/confirm`, { as: acme })).json.orderStatus).toBe('CONFIRMED')
  })

  it('saved addresses: a full replace reaches the orders placed there; another company\u2019s is 403, an unknown one 404', async () => {
    const created = await sandbox.call('POST', '/sandbox/addresses', { as: acme, body: { ...dallasDock, appointmentRequired: false, defaultAccessorials: { appointment: { channel: 'PHONE', leadTimeHours: 4 } } } })
    expect(created.status).toBe(201)
    const id = created.json.id as string
    const order = await newOrder(acme, {}, { 'x-sandbox-pickup-address-id': id })
    expect((await sandbox.call('GET', apt(order, 'PICKUP'), { as: acme })).json).toMatchObject({ channel: 'PHONE', leadTimeHours: 4, appointmentRequired: false, _merged: { fields: { channel: 'PLACE' } } })
    // the place now requires appointments and books by portal: the order sees it, and confirm is gated by it
    const replaced = await sandbox.call('PUT', `/sandbox/addresses/${id}`, { as: acme, body: { ...dallasDock, defaultAccessorials: { appointment: { channel: 'PORTAL', portalUrl: 'https://book.dallasfoods.example' } } } })
    expect(replaced.status).toBe(200)
    expect(replaced.json.defaultAccessorials.appointment).toEqual({ channel: 'PORTAL', portalUrl: 'https://book.dallasfoods.example' })
    expect((await sandbox.call('GET', apt(order, 'PICKUP'), { as: acme })).json).toMatchObject({ channel: 'PORTAL', portalUrl: 'https://book.dallasfoods.example', leadTimeHours: null, appointmentRequired: true })
    expect((await sandbox.call('PUT', `/v1/shipper/shipment/${order}/confirm`, { as: acme })).json.orderStatus).toBe('CONFIRMED')
    // without a default, a place that requires appointments blocks the confirm of a stop placed there
    const bare = await sandbox.call('PUT', `/sandbox/addresses/${id}`, { as: acme, body: { ...dallasDock, defaultAccessorials: undefined } })
    expect(bare.json.defaultAccessorials).toEqual({ appointment: null })
    const gated = await newOrder(acme, {}, { 'x-sandbox-pickup-address-id': id })
    const blocked = await sandbox.call('PUT', `/v1/shipper/shipment/${gated}/confirm`, { as: acme })
    expect(blocked.status).toBe(400)
    expect(blocked.json.violations.map((v: { field: string }) => v.field)).toEqual(['appointments.pickup'])
    expect((await sandbox.call('PUT', `/sandbox/addresses/${id}`, { as: globex, body: dallasDock })).status).toBe(403)
    expect((await sandbox.call('GET', '/sandbox/addresses/addr_unknown', { as: acme })).status).toBe(404)
    expect((await sandbox.call('POST', '/sandbox/addresses', { body: dallasDock })).status).toBe(401)
  })

  it('uploads: 413 while streaming 10 MB + 1 byte, the limit itself accepted, 415, 400 APPOINTMENT_DOCUMENT, no file part', async () => {
    const order = await newOrder(acme)

    // 10 MiB + 1 byte of file, and the client never sends the end of the multipart body: only a
    // server that judges the size while reading can answer at all (one waiting for the whole
    // body would never answer); the answer comes while the request is still unfinished
    const answer = await unfinishedUpload(acme, apt(order, 'DELIVERY', '/document/PACKING_SLIP'), { filename: 'huge.pdf', contentType: 'application/pdf' }, 10, true)
    expect(answer.status).toBe(413)
    expect(answer.connection).toBe('close')
    expect(answer.closedByServer).toBe(true)
    expect(answer.contentType).toContain('application/problem+json')
    const problem = JSON.parse(answer.body)
    expect(problem.reason).toBe('file_too_large')
    expect(problem.detail).toContain('10485760')
    const openApi = checkAgainstOpenApi('POST', apt(order, 'DELIVERY', '/document/PACKING_SLIP'), { status: answer.status, contentType: answer.contentType, json: problem })
    expect(openApi).toBeUndefined()
    // the server still serves after the cut connection
    expect((await sandbox.call('GET', apt(order, 'DELIVERY'), { as: acme })).status).toBe(200)

    // exactly the limit is accepted (a valid PDF padded with a comment to 10,485,760 bytes)
    const small = await makePdf(1, 'At the limit')
    const padded = Buffer.concat([small, Buffer.from('\n%'), Buffer.alloc(UPLOAD_LIMIT - small.length - 3, 0x20), Buffer.from('\n')])
    expect(padded.length).toBe(UPLOAD_LIMIT)
    const atLimit = await upload(acme, order, 'DELIVERY', 'PACKING_SLIP', { filename: 'big.pdf', contentType: 'application/pdf', bytes: padded })
    expect(atLimit.status, JSON.stringify(atLimit.json)).toBe(200)
    expect(atLimit.json.sizeBytes).toBe(UPLOAD_LIMIT)

    // a type or content type that is refused is answered from the part's headers, the file unread;
    // the rest of the body is then read and dropped, the connection kept (uploads-hostile.test.ts)
    const refused = await unfinishedUpload(acme, apt(order, 'DELIVERY', '/document/PACKING_SLIP'), { filename: 'notes.txt', contentType: 'text/plain' }, 2, false)
    expect([refused.status, JSON.parse(refused.body).reason]).toEqual([415, 'unsupported_media_type'])
    expect(refused.connection).not.toBe('close')
    const systemOnly = await unfinishedUpload(acme, apt(order, 'DELIVERY', '/document/APPOINTMENT_DOCUMENT'), { filename: 'a.pdf', contentType: 'application/pdf' }, 2, false)
    expect([systemOnly.status, JSON.parse(systemOnly.body).reason]).toEqual([400, 'appointment_document_not_user_uploadable'])
    const text = await upload(acme, order, 'DELIVERY', 'PACKING_SLIP', { filename: 'notes.txt', contentType: 'text/plain', bytes: Buffer.from('hello') })
    expect(text.status).toBe(415)
    expect(text.json.reason).toBe('unsupported_media_type')
    // declared a PNG, but not one: the conversion cannot read it
    const fake = await upload(acme, order, 'DELIVERY', 'PACKING_SLIP', { filename: 'fake.png', contentType: 'image/png', bytes: Buffer.from('not a png at all') })
    expect(fake.status).toBe(415)
    const system = await upload(acme, order, 'DELIVERY', 'APPOINTMENT_DOCUMENT', { filename: 'a.pdf', contentType: 'application/pdf', bytes: small })
    expect(system.status).toBe(400)
    expect(system.json.reason).toBe('appointment_document_not_user_uploadable')
    const json = await sandbox.call('POST', apt(order, 'DELIVERY', '/document/PACKING_SLIP'), { as: acme, body: { file: 'x' } })
    expect(json.status).toBe(415)
    expect(json.json.reason).toBe('unsupported_media_type')
    const wrongPart = await upload(acme, order, 'DELIVERY', 'PACKING_SLIP', { name: 'document', filename: 'a.pdf', contentType: 'application/pdf', bytes: small })
    expect(wrongPart.status).toBe(400)
    expect(wrongPart.json.violations[0].field).toBe('file')
    const empty = await upload(acme, order, 'DELIVERY', 'PACKING_SLIP', { filename: 'a.pdf', contentType: 'application/pdf', bytes: Buffer.alloc(0) })
    expect(empty.status).toBe(400)
    const badType = await upload(acme, order, 'DELIVERY', 'INVOICE', { filename: 'a.pdf', contentType: 'application/pdf', bytes: small })
    expect(badType.status).toBe(400)
    expect(badType.json.violations[0].field).toBe('documentType')
    // the JSON routes keep their 415 for a multipart body
    const form2 = multipartBody({ filename: 'a.pdf', contentType: 'application/pdf', bytes: small })
    const jsonRoute = await sandbox.call('PUT', apt(order, 'DELIVERY'), { as: acme, raw: form2.body, headers: { 'content-type': form2.contentType } })
    expect(jsonRoute.status).toBe(415)
    const createRoute = await sandbox.call('POST', '/v1/shipper/shipment', { as: acme, raw: form2.body, headers: { 'content-type': form2.contentType } })
    expect(createRoute.status).toBe(415)
  })

  it('parallel uploads of one (stop, type) leave exactly one document, one of those the uploads answered', async () => {
    const order = await newOrder(acme)
    const answers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => upload(acme, order, 'PICKUP', 'CUSTOMER_BOL', { filename: `bol-${i}.pdf`, contentType: 'application/pdf', bytes: await makePdf(1, `BOL ${i}`) })),
    )
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200])
    const rows = await sandbox.store.query<{ id: string }>("SELECT id FROM appointment_documents WHERE order_id = (SELECT id FROM orders WHERE order_number = $1) AND stop = 'PICKUP' AND type = 'CUSTOMER_BOL'", [order])
    expect(rows).toHaveLength(1)
    expect(answers.map((a) => a.json.id)).toContain(rows[0]?.id)
  })

  it('paths: a bad stop is 400, an unknown order is 404 order_not_found', async () => {
    const order = await newOrder(acme)
    const stop = await sandbox.call('GET', apt(order, 'Pickup'), { as: acme })
    expect(stop.status).toBe(400)
    expect(stop.json.violations[0].field).toBe('stop')
    for (const [method, tail] of [['GET', ''], ['PUT', ''], ['DELETE', '/document/PACKING_SLIP'], ['GET', '/pdf']] as const) {
      const r = await sandbox.call(method, apt('ZZZZ9', 'PICKUP', tail), { as: acme, ...(method === 'PUT' ? { body: { channel: 'PHONE' } } : {}) })
      expect(r.status, `${method} ${tail}`).toBe(404)
      expect(r.json.reason).toBe('order_not_found')
    }
    expect((await sandbox.call('GET', apt(order, 'PICKUP'))).status).toBe(401)
  })

  it('isolation: another company\u2019s order is 404 order_not_found on every appointment endpoint, and nothing changes', async () => {
    const order = await newOrder(acme, { deliveryAddress: { ...createBody().deliveryAddress, appointmentRequired: true }, appointments: { delivery: { channel: 'PHONE', contacts: [{ name: 'Desk', phone: '+12145550111' }] } } })
    await sandbox.call('PUT', `/v1/shipper/shipment/${order}/confirm`, { as: acme })
    await sandbox.call('POST', `/sandbox/orders/${order}/events`, { as: acme, body: { event: 'ACCEPT' } })
    const pdf = await makePdf(1, 'Foreign')
    const attempts: Array<[string, Promise<Answer>]> = [
      ['GET', sandbox.call('GET', apt(order, 'DELIVERY'), { as: globex })],
      ['PUT', sandbox.call('PUT', `${apt(order, 'DELIVERY')}?confirmChangeAfterAcceptance=true`, { as: globex, body: { channel: 'PORTAL', portalUrl: 'https://evil.example' }, headers: { 'x-service-change-reason': 'takeover' } })],
      ['POST', upload(globex, order, 'DELIVERY', 'PACKING_SLIP', { filename: 'x.pdf', contentType: 'application/pdf', bytes: pdf })],
      ['DELETE', sandbox.call('DELETE', apt(order, 'DELIVERY', '/document/PACKING_SLIP'), { as: globex })],
      ['PDF', sandbox.call('GET', apt(order, 'DELIVERY', '/pdf'), { as: globex })],
    ]
    for (const [name, pending] of attempts) {
      const r = await pending
      expect(r.status, name).toBe(404)
      expect(r.json.reason, name).toBe('order_not_found')
    }
    expect((await sandbox.call('GET', apt(order, 'DELIVERY'), { as: acme })).json.channel).toBe('PHONE')
    expect((await sandbox.call('GET', apt(order, 'DELIVERY', '/pdf'), { as: acme })).status).toBe(200)
    expect((await sandbox.call('GET', `/sandbox/outbox?orderNumber=${order}`, { as: acme })).json.messages).toEqual([])
  })

  it('every /v1/shipper response of this file matched the OpenAPI document', () => {
    expect(sandbox.checked.count).toBeGreaterThanOrEqual(30) // since the restart in the first test
    expect(sandbox.openApiFailures).toEqual([])
  })
})

/**
 * Sends a multipart upload whose body never ends: the part's headers, then `megabytes` MiB of file
 * (and one byte more when `pastLimit`). Only a server that judges the part while reading can
 * answer at all; the answer, and whether the server then closed the connection.
 */
const unfinishedUpload = (as: Credentials, path: string, part: { readonly filename: string; readonly contentType: string }, megabytes: number, pastLimit: boolean) => {
  const form = multipartBody({ ...part, bytes: Buffer.alloc(0) })
  const url = new URL(sandbox.base)
  return new Promise<{ status: number; contentType: string; connection: string; body: string; closedByServer: boolean }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer while the upload was unfinished')), 30_000)
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      method: 'POST',
      path,
      headers: { 'content-type': form.contentType, 'transfer-encoding': 'chunked', authorization: `Bearer ${as.token}`, 'x-service-api-key': as.apiKey },
    })
    req.on('error', () => undefined) // the server closes the connection after its answer
    req.on('response', (res) => {
      const parts: Buffer[] = []
      res.on('data', (c: Buffer) => parts.push(c))
      res.on('end', () => {
        // past the limit the server closes the connection rather than reading (and discarding) the rest
        const closed = new Promise<boolean>((done) => {
          if (req.socket?.destroyed === true) return done(true)
          req.socket?.once('close', () => done(true))
          setTimeout(() => done(false), 10_000)
        })
        void closed.then((closedByServer) => {
          clearTimeout(timer)
          resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type']), connection: String(res.headers['connection']), body: Buffer.concat(parts).toString('utf8'), closedByServer })
        })
      })
    })
    req.write(form.head)
    const block = Buffer.alloc(1024 * 1024, 0x25)
    for (let i = 0; i < megabytes; i++) req.write(block)
    if (pastLimit) req.write(Buffer.from([0x25])) // the byte past the limit
    // the multipart tail is never sent
  })
}
