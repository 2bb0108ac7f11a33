// Appointment documents read back (DOC-05, DOC-06), and the shipment documents' links (DOC-01).
//
// Documents: four uploads to one order, data below: PDFs and images (a PNG, a JPEG) at both stops,
// both types at PICKUP, one (stop, type) uploaded twice. Each answer is checkAppointmentUpload's (the
// stop, the type, the filename made .pdf, application/pdf). The documents the order then holds are
// the library's: uploadDocument folded over the uploads (a new upload replaces only the document
// of the same stop and type). The spec has no endpoint that lists them; the appointment PDF merges
// them (a cover sheet, then each supporting document's pages); a DELETE of the one (stop, type)
// never uploaded is 204 and removes nothing (deleteDocument). So with --controls sandbox the
// order is confirmed and accepted by the carrier (the PDF is made then) and each stop's PDF is
// read (./files.ts): each uploaded file carries a mark the merge keeps (a PDF's page size, an
// image's pixel size), and a document the library says the stop holds must be there with its
// pages (an image: one page, DOC-05), a document it replaced or of the other stop must not.
//
// Links: every shipment document the server holds for a new order (the types of the library's
// document, shipper-rules/openapi) answers a DocumentResponse whose downloadLink is an absolute
// http(s) URL with an authority (RFC 3986: `scheme://host…`, which the WHATWG parser alone would
// forgive) and, followed without credentials as a pre-signed link is, answers a PDF of the
// answer's fileType, the same bytes each time. How long a link lives is the server's (the spec:
// "a limited time"; nothing declares it), so expiry is not judged.
import { checkAppointmentUpload, deleteDocument, isLeft, parseStop, uploadDocument, type DocumentSet, type StoredDocument } from 'shipper-rules'
import { openApiDocument } from 'shipper-rules/openapi'
import type { Check, CheckResult, KitContext, RuleId } from '../../check.js'
import { BudgetExhausted, type Received } from '../../http.js'
import { createBody, del, describe, expectAnswer, get, getBytes, LANES, makeQuote, makeShipment, multipartFile, post, put, result, RuleBroken } from '../support.js'
import { jpeg, markedPdf, png, readPdf, type PdfPage } from './files.js'
import { scenario, withoutControls } from './support.js'

type Stop = 'PICKUP' | 'DELIVERY'
type Kind = 'PACKING_SLIP' | 'CUSTOMER_BOL'

/** One upload: where to, and the file with its mark (a PDF's page size and page count, an image's pixel size). */
interface Upload {
  readonly stop: Stop
  readonly type: Kind
  readonly filename: string
  readonly file: { readonly kind: 'pdf'; readonly width: number; readonly height: number; readonly pages: number } | { readonly kind: 'png' | 'jpeg'; readonly width: number; readonly height: number }
}

/**
 * The uploads, in order: PICKUP's two types and DELIVERY's packing slip, then PICKUP's packing slip
 * again (it replaces the first, and nothing else). A server that replaces by stop or by type alone
 * loses the first or the second; one that never replaces keeps the first.
 */
export const UPLOADS: ReadonlyArray<Upload> = [
  { stop: 'PICKUP', type: 'PACKING_SLIP', filename: 'slip-first.pdf', file: { kind: 'pdf', width: 201, height: 301, pages: 2 } },
  { stop: 'PICKUP', type: 'CUSTOMER_BOL', filename: 'bol-scan.png', file: { kind: 'png', width: 3, height: 5 } },
  { stop: 'DELIVERY', type: 'PACKING_SLIP', filename: 'slip-photo.jpeg', file: { kind: 'jpeg', width: 7, height: 2 } },
  { stop: 'PICKUP', type: 'PACKING_SLIP', filename: 'slip-second.pdf', file: { kind: 'pdf', width: 203, height: 303, pages: 1 } },
]

const MEDIA: Record<Upload['file']['kind'], string> = { pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg' }

const bytesOf = (u: Upload): Uint8Array =>
  u.file.kind === 'pdf' ? markedPdf(u.file.width, u.file.height, u.file.pages, u.filename) : u.file.kind === 'png' ? png(u.file.width, u.file.height) : jpeg(u.file.width, u.file.height)

/** The pages an upload becomes: a PDF its own, an image one (DOC-05: an image becomes a single-page PDF). */
const pagesOf = (u: Upload): number => (u.file.kind === 'pdf' ? u.file.pages : 1)

/** How many pages of a merged PDF carry the upload's mark. */
const marked = (u: Upload, pages: ReadonlyArray<PdfPage>): number =>
  u.file.kind === 'pdf'
    ? pages.filter((p) => p.width === u.file.width && p.height === u.file.height).length
    : pages.filter((p) => p.images.some((i) => i.width === u.file.width && i.height === u.file.height)).length

const docPath = (orderNumber: string, u: Upload): string => `/v1/shipper/shipment/${encodeURIComponent(orderNumber)}/appointment/${u.stop}/document/${u.type}`

const DOCS = 'coverage: appointment documents read back'
const DOC_RULES: ReadonlyArray<RuleId> = ['DOC-05', 'DOC-06']
const NEEDS = 'the documents are read back from the appointment PDF, which the carrier\'s acceptance makes (POST /sandbox/orders/{n}/events): needs --controls sandbox'

/** Uploads each file, judges each answer by checkAppointmentUpload, and returns the set the library says the order holds. */
const uploadAll = async (ctx: KitContext, orderNumber: string): Promise<DocumentSet> => {
  let set: DocumentSet = []
  for (const [i, u] of UPLOADS.entries()) {
    const bytes = bytesOf(u)
    const r = await ctx.http.send(post(docPath(orderNumber, u), multipartFile(u.filename, MEDIA[u.file.kind], bytes)))
    const want = checkAppointmentUpload({ documentType: u.type, contentType: MEDIA[u.file.kind], sizeBytes: bytes.length, filename: u.filename }, { config: ctx.config })
    const stop = parseStop(u.stop)
    if (isLeft(want) || isLeft(stop)) throw new RuleBroken('KIT-CRASH', `upload ${i + 1} is one the library accepts`, 'the library refuses it: the table is wrong')
    const what = `upload ${i + 1}, ${u.filename} (${MEDIA[u.file.kind]}) to ${u.stop}/${u.type}`
    // a refused PDF, PNG or JPEG: one of the spec's upload types (DOC-02)
    expectAnswer('DOC-02', `${what}: accepted (checkAppointmentUpload)`, r, 200)
    const b = (r.json ?? {}) as Record<string, unknown>
    const got = { stop: b['stop'], type: b['type'], filename: b['filename'], contentType: b['contentType'] }
    const expected = { stop: stop.right, type: u.type, filename: want.right.filename, contentType: want.right.contentType }
    if (JSON.stringify(got) !== JSON.stringify(expected)) throw new RuleBroken('DOC-05', `${what}: ${JSON.stringify(expected)} (checkAppointmentUpload)`, describe(r))
    const doc: StoredDocument = { id: `upload-${i}`, stop: stop.right, type: u.type, filename: want.right.filename, sizeBytes: bytes.length, contentType: 'application/pdf', uploadedAt: '', uploadedBy: '' }
    set = uploadDocument(set, doc)
  }
  return set
}

/** Reads each stop's appointment PDF and compares the marked pages of every upload with what the set predicts. */
const readBack = async (ctx: KitContext, orderNumber: string, set: DocumentSet): Promise<void> => {
  const lines: string[] = []
  let rule: RuleId = 'DOC-06'
  for (const stop of ['PICKUP', 'DELIVERY'] as const) {
    const { received: r, bytes } = await getBytes(ctx, `/v1/shipper/shipment/${encodeURIComponent(orderNumber)}/appointment/${stop}/pdf`)
    expectAnswer('DOC-07', `the ${stop} appointment PDF once the carrier accepted`, r, 200)
    const pdf = readPdf(bytes)
    if (!pdf.pdf) throw new RuleBroken('DOC-06', `the ${stop} appointment PDF: a PDF`, describe(r))
    for (const [i, u] of UPLOADS.entries()) {
      const held = set.some((d) => d.id === `upload-${i}` && d.stop === stop)
      const want = held ? pagesOf(u) : 0
      const got = marked(u, pdf.pages)
      if (got !== want) {
        lines.push(`${stop} PDF: upload ${i + 1} (${u.filename} to ${u.stop}/${u.type}): ${want} page(s) expected, ${got} found`)
        if (u.file.kind !== 'pdf' && held && got > 0) rule = 'DOC-05'
      }
    }
  }
  if (lines.length > 0) {
    const holds = set.map((d) => `${d.stop}/${d.type} = upload ${Number(d.id.slice('upload-'.length)) + 1}`).join(', ')
    throw new RuleBroken(rule, `the documents uploadDocument leaves after the ${UPLOADS.length} uploads (${holds}), each with its pages (an image one page)`, lines.join('\n'))
  }
}

export const documentsReadBack: Check = {
  name: DOCS,
  rules: DOC_RULES,
  run: (ctx) => {
    const notChecked = ctx.controls === 'sandbox' ? [] : withoutControls(['DOC-06'], NEEDS)
    return scenario(ctx, { name: DOCS, rules: DOC_RULES, notChecked }, async () => {
      const lane = LANES[0]!
      const freight = { palletCount: 1, poundsWeight: 400, dimensions: { length: 48, width: 40, height: 48 } }
      const quote = await makeQuote(ctx, lane, freight)
      const order = await makeShipment(ctx, createBody(ctx, lane, freight, { quoteId: quote.id, note: 'documents read back' }))
      const uploaded = await uploadAll(ctx, order.orderNumber)
      // a DELETE of the one (stop, type) never uploaded: 204 all the same, and it removes nothing (deleteDocument)
      const gone = { stop: 'DELIVERY', type: 'CUSTOMER_BOL' } as const
      expectAnswer('DOC-06', `DELETE of ${gone.stop}/${gone.type}, never uploaded: 204 (idempotent)`, await ctx.http.send(del(`/v1/shipper/shipment/${encodeURIComponent(order.orderNumber)}/appointment/${gone.stop}/document/${gone.type}`)), 204)
      const set = deleteDocument(uploaded, gone.stop, gone.type)
      if (ctx.controls !== 'sandbox') return
      const n = encodeURIComponent(order.orderNumber)
      expectAnswer('ORD-02', 'the confirm of an order on a quote', await ctx.http.send(put(`/v1/shipper/shipment/${n}/confirm`)), 200)
      expectAnswer('ORD-02', 'the carrier accepting the confirmed order (sandbox control)', await ctx.http.send(post(`/sandbox/orders/${n}/events`, { event: 'ACCEPT' })), 200)
      await readBack(ctx, order.orderNumber, set)
    })
  },
}

// ---------------------------------------------------------------------------------------------

const LINKS = 'coverage: shipment document links'

/** The shipment document types of the library's document (its path parameter's enum). */
const shipmentDocumentTypes = (): ReadonlyArray<string> => {
  const d = openApiDocument()
  if (isLeft(d)) return []
  const doc = d.right as { components?: { parameters?: Record<string, { schema?: { enum?: unknown[] } }> } }
  return (doc.components?.parameters?.['shipmentDocumentType']?.schema?.enum ?? []).filter((v): v is string => typeof v === 'string')
}

/** An absolute http(s) URL with an authority, as RFC 3986 writes it (the WHATWG parser also takes `http:host/…`). */
const ABSOLUTE = /^https?:\/\/[^/?#\s@]+(?:[/?#]\S*)?$/i

/** How long a link to another host may take to answer (a pre-signed link is one request). */
const FOREIGN_TIMEOUT_MS = 10_000

/** Follows a link without credentials; no answer at all (a refused connection, an unknown host) is DOC-01's failure. */
const follow = async (ctx: KitContext, link: string, type: string): Promise<Received> => {
  const url = new URL(link)
  const base = new URL(ctx.http.baseUrl)
  try {
    // a link to the server itself goes through the kit's sender (in the transcript, the curl script); another host is fetched as is
    if (url.origin === base.origin) return await ctx.http.send({ method: 'GET', path: `${url.pathname}${url.search}`, headers: {}, credentials: 'none' })
    const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(FOREIGN_TIMEOUT_MS) })
    const text = await res.text()
    const headers: Record<string, string> = {}
    res.headers.forEach((v, k) => {
      headers[k] = v
    })
    return { status: res.status, headers, json: undefined, text }
  } catch (e) {
    if (e instanceof BudgetExhausted) throw e
    const cause = e instanceof Error && e.cause instanceof Error ? `: ${e.cause.message}` : ''
    throw new RuleBroken('DOC-01', `the ${type} downloadLink followed without credentials: an answer`, `no answer from ${link} (${e instanceof Error ? e.message : String(e)}${cause})`)
  }
}

export const documentLinks: Check = {
  name: LINKS,
  rules: ['DOC-01'],
  run: async (ctx): Promise<CheckResult> => {
    let followed = 0
    const first = ctx.http.transcript.length
    const out = await scenario(ctx, { name: LINKS, rules: ['DOC-01'] }, async () => {
      const order = await makeShipment(ctx, createBody(ctx, LANES[1]!, { palletCount: 1, poundsWeight: 400 }, { note: 'document links' }))
      for (const type of shipmentDocumentTypes()) {
        const path = `/v1/shipper/shipment/${encodeURIComponent(order.orderNumber)}/document/${type}`
        const r = await ctx.http.send(get(path))
        // the spec: 404 when the document is absent (which documents a new order has is the server's)
        if (r.status === 404) continue
        expectAnswer('DOC-01', `GET ${type} of a new order: a DocumentResponse (or 404: absent)`, r, 200)
        const b = (r.json ?? {}) as Record<string, unknown>
        const link = b['downloadLink']
        const fileType = b['fileType']
        if (typeof b['filename'] !== 'string' || typeof fileType !== 'string' || typeof link !== 'string') throw new RuleBroken('DOC-01', `GET ${type}: a DocumentResponse (filename, fileType, downloadLink strings)`, describe(r))
        let parsed: URL | undefined
        try {
          parsed = new URL(link)
        } catch {
          parsed = undefined
        }
        if (!ABSOLUTE.test(link) || parsed === undefined || parsed.host === '') throw new RuleBroken('DOC-01', `GET ${type}: a downloadLink that is an absolute http(s) URL with an authority (scheme://host/…)`, JSON.stringify(link))
        const once = await follow(ctx, link, type)
        const what = `the ${type} downloadLink followed without credentials`
        if (once.status !== 200) throw new RuleBroken('DOC-01', `${what}: 200, the file`, describe(once))
        const media = (once.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
        if (media !== fileType.toLowerCase()) throw new RuleBroken('DOC-01', `${what}: the answer's fileType ${fileType}`, `content-type ${once.headers['content-type'] ?? '(none)'}`)
        if (fileType.toLowerCase() === 'application/pdf' && !once.text.startsWith('%PDF-')) throw new RuleBroken('DOC-01', `${what}: a PDF (%PDF-)`, JSON.stringify(once.text.slice(0, 40)))
        const again = await follow(ctx, link, type)
        if (again.status !== 200 || again.text !== once.text) throw new RuleBroken('DOC-01', `${what} again: the same file (${once.text.length} characters)`, again.status === 200 ? `another file (${again.text.length} characters)` : describe(again))
        followed++
      }
    })
    if (out.failures.length > 0 || followed > 0 || (out.notReached ?? []).length > 0) return out
    return { ...result(ctx, { name: LINKS, rules: ['DOC-01'] }, first, [], 'the server held none of the new order\'s documents (each 404), so no link was followed'), requests: out.requests }
  },
}

