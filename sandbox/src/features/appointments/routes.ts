// Appointments (spec: Endpoints 9-13, Appointment merge rules, States and transitions): the
// merged requirement of a stop, its order-level PUT (locked from ACCEPTED on unless overridden with
// a reason, which goes to the carrier-change outbox), the supporting documents (multipart,
// streamed and cut at the upload limit) and the appointment PDF. Every decision is the library's:
// authorize (404 order_not_found), parseStop, checkAppointmentWrite, validateAppointmentRequirement,
// mergeAppointment, checkAppointmentUpload, parseAppointmentDocumentType, appointmentPdfLookup.
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  appointmentPdfLookup,
  checkAppointmentUpload,
  checkAppointmentUploadStart,
  checkAppointmentWrite,
  HEADER_KEY,
  isLeft,
  parseAppointmentDocumentType,
  parseOrderNumber,
  parseStop,
  problemFor,
  validateAppointmentRequirement,
  validationProblem,
  violationAt,
  type AppointmentDocumentKind,
  type AppointmentWriteEndpoint,
  type ProblemDetail,
  type Stop,
} from 'shipper-rules'
import type { Queryable } from '../../db/store.js'
import { access, callerOf, ownership, type Authenticated } from '../../http/access.js'
import { ProblemError, sendProblem, type Context } from '../../http/context.js'
import { closeLingering, DRAIN_IDLE_MS, drainBody, LINGER_MS, meterBody, type BodyMeter } from '../../http/drain.js'
import { ConversionPool, uploadLimits, type UploadOptions } from '../../pdf/conversions.js'
import { generateAppointmentPdfs, hasAppointmentPdf, toStoredPdf } from '../../shared/appointmentPdf.js'
import { loadOverrides, loadPlaces, mergedFor, recordCarrierChange, removeDocument, saveOverride, storeDocument } from '../../shared/appointments.js'
import { loadOrder, type OrderRow } from '../../shared/orders.js'
import { loadAppointmentPdf } from './queries.js'

type StopParams = { Params: { orderNumber: string; stop: string } }
type DocParams = { Params: { orderNumber: string; stop: string; documentType: string } }
type PutRequest = StopParams & { Querystring: { confirmChangeAfterAcceptance?: unknown } }

/**
 * The rest of an upload answered early is read and dropped up to the file's limit (the sandbox's
 * `config.uploadMaxBytes`, inclusive) and this many body bytes more for the multipart framing
 * (boundaries, part headers, small fields).
 */
const DRAIN_FRAMING = 65_536

/** The path's order number and stop, read by the library (400 when malformed). */
const readPath = (params: { orderNumber: string; stop: string }): { readonly problem: ProblemDetail } | { readonly orderNumber: string; readonly stop: Stop } => {
  const number = parseOrderNumber(params.orderNumber)
  if (isLeft(number)) return { problem: number.left }
  const stop = parseStop(params.stop)
  if (isLeft(stop)) return { problem: stop.left }
  return { orderNumber: number.right, stop: stop.right }
}

/** The path of a document endpoint: the order number, the stop and the appointment document type, or the 400. */
const readDocPath = (params: { orderNumber: string; stop: string; documentType: string }): { readonly problem: ProblemDetail } | { readonly orderNumber: string; readonly stop: Stop; readonly type: AppointmentDocumentKind } => {
  const path = readPath(params)
  if ('problem' in path) return path
  const type = parseAppointmentDocumentType(params.documentType)
  return isLeft(type) ? { problem: type.left } : { ...path, type: type.right }
}

/** The caller's order on an appointment endpoint: a missing or foreign order is 404 order_not_found (authorize). */
const appointmentOrder = async (db: Queryable, caller: Authenticated, orderNumber: string, forUpdate = false): Promise<{ readonly problem: ProblemDetail } | { readonly row: OrderRow }> => {
  const row = await loadOrder(db, orderNumber, forUpdate)
  if (row === undefined) return { problem: problemFor('order_not_found', `No order ${orderNumber}.`) }
  const denied = ownership(caller, row.company_id, 'appointment')
  return denied !== undefined ? { problem: denied } : { row }
}

/** The order's lock for an appointment write (409 from ACCEPTED on), as checkAppointmentWrite decides. */
const writeAllowed = (row: OrderRow, endpoint: AppointmentWriteEndpoint, request?: FastifyRequest<PutRequest>) =>
  checkAppointmentWrite(row.status, {
    endpoint,
    ...(request !== undefined ? { confirmChangeAfterAcceptance: request.query.confirmChangeAfterAcceptance, changeReason: request.headers[HEADER_KEY.changeReason] } : {}),
  })

/** Runs `fn` in one transaction; a ProblemError thrown inside rolls everything back and is answered. */
const inTransaction = async <T>(ctx: Context, reply: FastifyReply, fn: (tx: Queryable) => Promise<T>): Promise<T | undefined> => {
  try {
    return await ctx.store.transaction(fn)
  } catch (e) {
    if (e instanceof ProblemError) {
      sendProblem(reply, e.problem)
      return undefined
    }
    throw e
  }
}

const fail = (problem: ProblemDetail): never => {
  throw new ProblemError(problem)
}

/** After a shipper-driven change: the appointment PDF, once built at acceptance, is built again. */
const refreshPdf = async (ctx: Context, tx: Queryable, row: OrderRow, stop: Stop): Promise<void> => {
  if (await hasAppointmentPdf(tx, row.id)) await generateAppointmentPdfs(tx, row, await ctx.clocks.now(tx, row.company_id), [stop])
}

export const appointmentRoutes = (ctx: Context, uploads: UploadOptions = {}) => async (app: FastifyInstance) => {
  /** The upload limit of the sandbox's rules configuration (10 MiB by default, inclusive). */
  const UPLOAD_LIMIT = ctx.config.uploadMaxBytes
  const DRAIN_BUDGET = UPLOAD_LIMIT + DRAIN_FRAMING
  const base = '/v1/shipper/shipment/:orderNumber/appointment/:stop'

  app.get<StopParams>(base, access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const path = readPath(request.params)
    if ('problem' in path) return sendProblem(reply, path.problem)
    const found = await appointmentOrder(ctx.store, caller, path.orderNumber)
    if ('problem' in found) return sendProblem(reply, found.problem)
    return reply.send(mergedFor(found.row, path.stop, await loadPlaces(ctx.store, found.row.id), await loadOverrides(ctx.store, found.row.id)))
  })

  app.put<PutRequest>(base, access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const path = readPath(request.params)
    if ('problem' in path) return sendProblem(reply, path.problem)
    const merged = await inTransaction(ctx, reply, async (tx) => {
      const found = await appointmentOrder(tx, caller, path.orderNumber, true)
      if ('problem' in found) return fail(found.problem)
      const row = found.row
      const allowed = writeAllowed(row, 'PUT_REQUIREMENT', request)
      if (isLeft(allowed)) return fail(allowed.left)
      const requirement = validateAppointmentRequirement(request.body)
      if (isLeft(requirement)) return fail(validationProblem(requirement.left))
      const now = await ctx.clocks.now(tx, caller.companyId)
      await saveOverride(tx, row.id, path.stop, requirement.right, now)
      const result = mergedFor(row, path.stop, await loadPlaces(tx, row.id), await loadOverrides(tx, row.id))
      if (allowed.right.changeReason !== null) await recordCarrierChange(tx, row, path.stop, allowed.right.changeReason, result, now)
      await refreshPdf(ctx, tx, row, path.stop)
      return result
    })
    return merged === undefined ? reply : reply.send(merged)
  })

  app.delete<DocParams>(`${base}/document/:documentType`, access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const path = readDocPath(request.params)
    if ('problem' in path) return sendProblem(reply, path.problem)
    const done = await inTransaction(ctx, reply, async (tx) => {
      const found = await appointmentOrder(tx, caller, path.orderNumber, true)
      if ('problem' in found) return fail(found.problem)
      const allowed = writeAllowed(found.row, 'DELETE_DOCUMENT')
      if (isLeft(allowed)) return fail(allowed.left)
      if (await removeDocument(tx, found.row.id, path.stop, path.type)) await refreshPdf(ctx, tx, found.row, path.stop)
      return true
    })
    return done === undefined ? reply : reply.code(204).send()
  })

  app.get<StopParams>(`${base}/pdf`, access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const path = readPath(request.params)
    if ('problem' in path) return sendProblem(reply, path.problem)
    const row = await loadOrder(ctx.store, path.orderNumber)
    const denied = row === undefined ? undefined : ownership(caller, row.company_id, 'appointment')
    if (denied !== undefined) return sendProblem(reply, denied)
    const stored = row === undefined ? undefined : await loadAppointmentPdf(ctx.store, row.id, path.stop)
    const lookup = appointmentPdfLookup({ orderExists: row !== undefined, pdfGenerated: stored !== undefined })
    if (isLeft(lookup) || stored === undefined || row === undefined) return sendProblem(reply, isLeft(lookup) ? lookup.left : problemFor('internal_error'))
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${row.order_number}-${path.stop}-appointment.pdf"`)
      .send(Buffer.from(stored.content))
  })

  // The upload, in its own context: only this route parses multipart/form-data, so every JSON
  // route keeps its 415 for other types; here any other type reaches the handler and is a 415.
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: { fileSize: UPLOAD_LIMIT + 1, files: 1, parts: 20, fields: 10, fieldSize: 10_000 }, throwFileSizeLimit: false })
    upload.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined))
    // image conversions: in worker threads, a few at once, under time and memory limits
    const conversions = new ConversionPool(uploadLimits(uploads))
    // an answer given before the body was read to its end (401, 403, 404, 409, 415, 400, a cut
    // file): the client may still be sending, and a socket closed under it loses the answer
    // (EPIPE). The body's bytes are counted from the start; after the answer the rest is read and
    // dropped up to DRAIN_BUDGET in all, the connection kept. A body known to go past it (its
    // Content-Length, or more than the upload limit already read: the file was cut) is answered
    // with Connection: close, and the connection ends once the answer is out.
    const meters = new WeakMap<FastifyRequest['raw'], BodyMeter>()
    upload.addHook('onRequest', async (request) => {
      meters.set(request.raw, meterBody(request.raw))
    })
    upload.addHook('onSend', async (request, reply, payload) => {
      if (request.raw.complete || request.raw.destroyed) return payload
      const meter = meters.get(request.raw)
      const declared = Number(request.headers['content-length'] ?? 0)
      if (meter === undefined || meter.received() > UPLOAD_LIMIT || declared > DRAIN_BUDGET) {
        reply.header('connection', 'close')
        closeLingering(request.raw, LINGER_MS)
      } else {
        reply.removeHeader('connection') // set by Fastify on a body parser's error: the body is drained instead
        drainBody(request.raw, reply.raw, meter, { budget: DRAIN_BUDGET, idleMs: DRAIN_IDLE_MS, lingerMs: LINGER_MS })
      }
      return payload
    })

    upload.post<DocParams>(`${base}/document/:documentType`, access('company'), async (request, reply) => {
      const caller = callerOf(request)
      const path = readDocPath(request.params)
      if ('problem' in path) return sendProblem(reply, path.problem)
      // the order and its lock first, before a byte of the file is read
      const found = await appointmentOrder(ctx.store, caller, path.orderNumber)
      if ('problem' in found) return sendProblem(reply, found.problem)
      const early = writeAllowed(found.row, 'POST_DOCUMENT')
      if (isLeft(early)) return sendProblem(reply, early.left)
      if (!request.isMultipart()) return sendProblem(reply, problemFor('unsupported_media_type', 'Send the document as multipart/form-data, in a part named file (application/pdf, image/jpeg or image/png).'))

      // the type and content type are judged from the part's headers, before a byte of the file
      // is read (checkAppointmentUploadStart); its limit is where streaming stops
      const read = await readFilePart(request, (mediaType, filename) => checkAppointmentUploadStart({ documentType: request.params.documentType, contentType: mediaType, filename }, { config: ctx.config }))
      if ('problem' in read) return sendProblem(reply, read.problem)
      const checked = checkAppointmentUpload({ documentType: request.params.documentType, contentType: read.mediaType, sizeBytes: read.sizeBytes, filename: read.filename }, { config: ctx.config })
      if (isLeft(checked) || read.cut) return sendProblem(reply, isLeft(checked) ? checked.left : problemFor('file_too_large'))
      const now = await ctx.clocks.now(ctx.store, caller.companyId)
      // an image past the pixel limits is 413 before it is decoded; the conversion runs in a worker
      const stored = await toStoredPdf(conversions, read.bytes, read.mediaType.split(';')[0]?.trim().toLowerCase() ?? '', checked.right.filename, now.toJSDate())
      if ('problem' in stored) return sendProblem(reply, stored.problem)

      const doc = await inTransaction(ctx, reply, async (tx) => {
        // judged again under the row lock: the carrier may have accepted during the upload
        const locked = await appointmentOrder(tx, caller, path.orderNumber, true)
        if ('problem' in locked) return fail(locked.problem)
        const allowed = writeAllowed(locked.row, 'POST_DOCUMENT')
        if (isLeft(allowed)) return fail(allowed.left)
        const saved = await storeDocument(tx, locked.row.id, { stop: path.stop, type: path.type, filename: checked.right.filename, pdf: stored.pdf, pageCount: stored.pageCount, userId: caller.userId, now: await ctx.clocks.now(tx, caller.companyId) })
        await refreshPdf(ctx, tx, locked.row, path.stop)
        return saved
      })
      return doc === undefined ? reply : reply.send(doc)
    })
  })
}

/**
 * Reads the multipart part `file` as it streams in, counting bytes: past the upload limit it stops
 * reading at once (`cut`), so an oversized file is never held whole.
 */
const readFilePart = async (
  request: FastifyRequest,
  start: (mediaType: string, filename: string) => ReturnType<typeof checkAppointmentUploadStart>,
): Promise<{ readonly problem: ProblemDetail } | { readonly bytes: Buffer; readonly sizeBytes: number; readonly cut: boolean; readonly mediaType: string; readonly filename: string }> => {
  const missing = { problem: validationProblem([violationAt(['file'], null, 'required', 'is required: a multipart part named file holding the document')]) }
  let part: Awaited<ReturnType<FastifyRequest['file']>>
  try {
    part = await request.file()
  } catch {
    return { problem: problemFor('bad_request', 'The multipart body could not be read.') }
  }
  if (part === undefined) return missing
  if (part.fieldname !== 'file') {
    part.file.resume()
    return missing
  }
  const judged = start(part.mimetype, part.filename)
  if (isLeft(judged)) return { problem: judged.left } // the file is left unread (then drained: onSend)
  const limit = judged.right.maxBytes
  const chunks: Buffer[] = []
  let size = 0
  let cut = false
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > limit) {
        cut = true
        break // leaving the loop destroys the part's stream: nothing more is read
      }
      chunks.push(chunk)
    }
  } catch {
    return { problem: problemFor('bad_request', 'The multipart body ended before the file did.') }
  }
  return { bytes: Buffer.concat(chunks), sizeBytes: size, cut, mediaType: part.mimetype, filename: part.filename }
}
