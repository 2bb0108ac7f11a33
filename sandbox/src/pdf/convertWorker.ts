// The conversion of an upload into its stored PDF (pdf-lib), run in a worker thread
// (conversions.ts starts one per upload): a PDF is read to count its pages, an image is wrapped
// into a single Letter page (spec: Endpoints rule 11). Decoding a PNG costs about 10 bytes and a
// few hundred nanoseconds per pixel, so it never runs on the server's event loop.
import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { PDFDocument } from 'pdf-lib'
import { withinPixelLimits, type PixelLimits } from './images.js'

/** What the worker is given (as workerData, the bytes transferred). */
export interface ConversionJob {
  readonly kind: 'shipper-rules-sandbox/convert-upload'
  readonly bytes: Uint8Array
  /** application/pdf, image/png or image/jpeg. */
  readonly mediaType: string
  readonly filename: string
  /** The PDF's creation date, milliseconds since the epoch. */
  readonly at: number
  readonly limits: PixelLimits
}

/** What the worker answers. */
export type ConversionResult =
  | { readonly kind: 'pdf'; readonly pageCount: number }
  | { readonly kind: 'converted'; readonly pdf: Uint8Array; readonly pageCount: number }
  | { readonly kind: 'unreadable' }
  | { readonly kind: 'too_many_pixels'; readonly width: number; readonly height: number }

const LETTER: [number, number] = [612, 792]
const MARGIN = 50

/**
 * The stored form of an upload: for a PDF its page count (the bytes are stored as sent), for an
 * image the one-page PDF. The image's size as pdf-lib read it is checked against the limits again
 * (the server checked the header before): no page is built for a larger one.
 */
export const convertUpload = async (job: Omit<ConversionJob, 'kind'>): Promise<ConversionResult> => {
  // a copy that owns its whole ArrayBuffer: pdf-lib's JPEG reader ignores a view's byteOffset
  const bytes = job.bytes.byteOffset === 0 && job.bytes.byteLength === job.bytes.buffer.byteLength ? job.bytes : new Uint8Array(job.bytes)
  try {
    if (job.mediaType === 'application/pdf') {
      const doc = await PDFDocument.load(bytes, { updateMetadata: false })
      const pageCount = doc.getPageCount()
      return pageCount > 0 ? { kind: 'pdf', pageCount } : { kind: 'unreadable' }
    }
    const pdf = await PDFDocument.create()
    const at = new Date(job.at)
    pdf.setTitle(job.filename.normalize('NFC')) // the document information is UTF-16: any text
    pdf.setProducer('shipper-rules-sandbox')
    pdf.setCreator('shipper-rules-sandbox')
    pdf.setCreationDate(at)
    pdf.setModificationDate(at)
    const image = job.mediaType === 'image/png' ? await pdf.embedPng(bytes) : job.mediaType === 'image/jpeg' ? await pdf.embedJpg(bytes) : undefined
    if (image === undefined) return { kind: 'unreadable' }
    if (!withinPixelLimits(image, job.limits)) return { kind: 'too_many_pixels', width: image.width, height: image.height }
    const page = pdf.addPage(LETTER)
    const scale = Math.min(1, (LETTER[0] - 2 * MARGIN) / image.width, (LETTER[1] - 2 * MARGIN) / image.height)
    const w = image.width * scale
    const h = image.height * scale
    page.drawImage(image, { x: (LETTER[0] - w) / 2, y: LETTER[1] - MARGIN - h, width: w, height: h })
    return { kind: 'converted', pdf: await pdf.save({ useObjectStreams: false }), pageCount: 1 }
  } catch {
    return { kind: 'unreadable' }
  }
}

const isJob = (data: unknown): data is ConversionJob =>
  typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === 'shipper-rules-sandbox/convert-upload'

// As a worker: convert the job, answer once (the PDF's bytes transferred), and end.
if (!isMainThread && parentPort !== null && isJob(workerData)) {
  const port = parentPort
  const result = await convertUpload(workerData)
  port.postMessage(result, result.kind === 'converted' ? [result.pdf.buffer as ArrayBuffer] : [])
}
