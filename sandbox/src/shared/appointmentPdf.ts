// The PDFs of the appointment feature (pdf-lib): an uploaded image wrapped into a single-page PDF
// (spec: Endpoints rule 11; converted in a worker thread, convertWorker.ts), and the appointment
// PDF of a stop (rule 13): a cover sheet with the merged requirement, then the pages of the stop's
// supporting documents.
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib'
import type { DateTime } from 'luxon'
import { HEADER, problemFor, type MergedAppointment, type ProblemDetail, type Stop } from 'shipper-rules'
import { loadChanges, loadDocumentFiles, loadOverrides, loadPlaces, mergedFor, requirementLines, STOPS, stopAddress, type StopAddress } from './appointments.js'
import { wireTime } from '../clock/clock.js'
import type { ConversionPool } from '../pdf/conversions.js'
import { imageSize, pixelLimitDetail, withinPixelLimits } from '../pdf/images.js'
import { numberOf, type Queryable } from '../db/store.js'
import { wireIso, type OrderRow } from './orders.js'
import { typesetter, type Weight } from '../pdf/fonts.js'


const LETTER: [number, number] = [612, 792]
const MARGIN = 50
const NOTICE = 'SANDBOX DOCUMENT - NOT FOR SHIPPING'

const stamp = (pdf: PDFDocument, title: string, at: Date): void => {
  pdf.setTitle(title.normalize('NFC'))
  pdf.setProducer('shipper-rules-sandbox')
  pdf.setCreator('shipper-rules-sandbox')
  pdf.setCreationDate(at)
  pdf.setModificationDate(at)
}

/**
 * The stored form of an upload: the PDF as sent (if pdf-lib can read it), or the image on one
 * Letter page; or the problem to answer. An image's pixel size is read from its header first
 * (images.ts): past the limits it is 413 file_too_large before anything is decoded, an unreadable
 * header 415. The conversion itself runs in a worker (conversions.ts), never on the event loop.
 */
export const toStoredPdf = async (pool: ConversionPool, input: Uint8Array, mediaType: string, filename: string, at: Date): Promise<{ readonly pdf: Uint8Array; readonly pageCount: number } | { readonly problem: ProblemDetail }> => {
  const unreadable = { problem: problemFor('unsupported_media_type', `The file is not a readable ${mediaType === '' ? 'file' : mediaType}.`) }
  if (mediaType !== 'application/pdf') {
    const size = imageSize(input, mediaType)
    if (size === undefined) return unreadable
    if (!withinPixelLimits(size, pool.limits)) return { problem: problemFor('file_too_large', pixelLimitDetail(size, pool.limits)) }
  }
  const outcome = await pool.convert({ bytes: input, mediaType, filename, at: at.getTime() })
  switch (outcome.kind) {
    case 'pdf':
      return { pdf: input, pageCount: outcome.pageCount }
    case 'converted':
      return { pdf: outcome.pdf, pageCount: outcome.pageCount }
    case 'too_many_pixels':
      return { problem: problemFor('file_too_large', pixelLimitDetail(outcome, pool.limits)) }
    case 'unreadable':
      return unreadable
    case 'failed':
      return { problem: outcome.problem }
  }
}

export interface CoverFacts {
  readonly orderNumber: string
  readonly orderId: string
  readonly status: string
  readonly stop: Stop
  readonly address: StopAddress
  readonly savedAddressId: string | null
  readonly merged: MergedAppointment
  readonly documents: ReadonlyArray<{ readonly type: string; readonly filename: string; readonly pageCount: number; readonly content: Uint8Array }>
  readonly changes: ReadonlyArray<{ readonly at: string; readonly reason: string }>
  readonly generatedAt: string
  readonly at: Date
}

/** The appointment PDF of a stop: the cover sheet, then every supporting document's pages. */
export const renderAppointmentPdf = async (facts: CoverFacts): Promise<{ readonly pdf: Uint8Array; readonly pageCount: number }> => {
  const pdf = await PDFDocument.create()
  const title = `Appointment ${facts.orderNumber} ${facts.stop}`
  stamp(pdf, title, facts.at)
  // the cover sheet's lines first (the fonts they need are embedded before anything is drawn)
  const items: Array<{ readonly text: string; readonly weight: Weight; readonly size: number } | { readonly gap: number } | 'notice'> = []
  const line = (text: string, options: { bold?: boolean; size?: number } = {}): void => {
    items.push({ text, weight: options.bold === true ? 'bold' : 'regular', size: options.size ?? 10 })
  }
  const gap = (points: number): void => {
    items.push({ gap: points })
  }
  line(`Appointment - order ${facts.orderNumber}, ${facts.stop} stop`, { bold: true, size: 16 })
  items.push('notice')
  gap(20)
  const a = facts.address
  line(`Order ${facts.orderNumber} (${facts.orderId}), status ${facts.status}`)
  line(`Generated ${facts.generatedAt}`)
  line(`Stop: ${a.name}, ${a.address1}${a.address2 !== undefined ? `, ${a.address2}` : ''}, ${a.city}, ${a.state} ${a.zipCode} ${a.country}`)
  line(`Hours ${a.openTime}-${a.closeTime}; contact ${a.contactPerson} ${a.phoneNumber}`)
  line(`Saved address: ${facts.savedAddressId ?? '(none)'}`)
  gap(6)
  line('Effective appointment requirement (provenance in brackets)', { bold: true, size: 12 })
  for (const l of requirementLines(facts.merged)) line(l)
  gap(6)
  // every document was read at upload; one that cannot be read now is listed, never fatal
  const sources = await Promise.all(facts.documents.map((d) => PDFDocument.load(d.content, { updateMetadata: false }).catch(() => undefined)))
  line('Supporting documents', { bold: true, size: 12 })
  if (facts.documents.length === 0) line('(none)')
  for (const [i, d] of facts.documents.entries()) {
    line(`${d.type}: ${d.filename}, ${d.pageCount} page${d.pageCount === 1 ? '' : 's'}${sources[i] === undefined ? ' (could not be read: not attached)' : ''}`)
  }
  gap(6)
  line('Changes after carrier acceptance', { bold: true, size: 12 })
  if (facts.changes.length === 0) line('(none)')
  for (const c of facts.changes) {
    line(`${c.at}, reason given (${HEADER.changeReason}):`)
    line(`"${c.reason}"`)
  }

  const type = await typesetter(pdf, [{ text: NOTICE, weight: 'regular' }, ...items.flatMap((item) => (typeof item === 'object' && 'text' in item ? [item] : []))])
  let page: PDFPage = pdf.addPage(LETTER)
  let y = 740
  for (const item of items) {
    if (item === 'notice') type.draw(page, NOTICE, { x: MARGIN, y: y + 2, size: 9, weight: 'regular', color: rgb(0.6, 0, 0) })
    else if ('gap' in item) y -= item.gap
    else {
      for (const piece of type.wrap(item.text, item.weight, item.size, LETTER[0] - 2 * MARGIN)) {
        if (y < MARGIN) {
          page = pdf.addPage(LETTER)
          y = 740
        }
        type.draw(page, piece, { x: MARGIN, y, size: item.size, weight: item.weight, color: rgb(0, 0, 0) })
        y -= item.size + 5
      }
    }
  }
  for (const source of sources) {
    if (source === undefined) continue
    const pages = await pdf.copyPages(source, source.getPageIndices())
    for (const p of pages) pdf.addPage(p)
  }
  return { pdf: await pdf.save({ useObjectStreams: false }), pageCount: pdf.getPageCount() }
}

/**
 * Builds and stores the appointment PDF of each stop (at carrier acceptance, and again after a
 * shipper-driven change once it exists), inside the caller's transaction.
 */
export const generateAppointmentPdfs = async (db: Queryable, row: OrderRow, now: DateTime, stops: ReadonlyArray<Stop> = STOPS): Promise<void> => {
  const places = await loadPlaces(db, row.id)
  const overrides = await loadOverrides(db, row.id)
  for (const stop of stops) {
    const documents = (await loadDocumentFiles(db, row.id, stop)).map((d) => ({ type: d.type, filename: d.filename, pageCount: numberOf(d.page_count), content: d.content }))
    const changes = (await loadChanges(db, row.id, stop)).map((c) => ({ at: wireIso(c.created_at), reason: c.change_reason }))
    const built = await renderAppointmentPdf({
      orderNumber: row.order_number,
      orderId: row.id,
      status: row.status,
      stop,
      address: stopAddress(row, stop),
      savedAddressId: places[stop]?.id ?? null,
      merged: mergedFor(row, stop, places, overrides),
      documents,
      changes,
      generatedAt: wireTime(now),
      at: now.toJSDate(),
    })
    await db.query(
      `INSERT INTO appointment_pdfs (order_id, stop, content, page_count, generated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (order_id, stop) DO UPDATE SET content = EXCLUDED.content, page_count = EXCLUDED.page_count, generated_at = EXCLUDED.generated_at`,
      [row.id, stop, Buffer.from(built.pdf), built.pageCount, now.toJSDate()],
    )
  }
}

/** Whether the order's appointment PDFs were built (carrier acceptance). */
export const hasAppointmentPdf = async (db: Queryable, orderId: string): Promise<boolean> =>
  (await db.query('SELECT 1 FROM appointment_pdfs WHERE order_id = $1 LIMIT 1', [orderId])).length > 0
