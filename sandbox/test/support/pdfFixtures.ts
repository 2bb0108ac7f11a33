// Files for the appointment upload tests, made in the test itself: a PDF of N pages (pdf-lib), a
// small valid PNG (zlib-compressed scanlines, CRC-checked chunks) and a small valid baseline JPEG
// (one 8x8 grey block: quantization and Huffman tables, one scan); a multipart/form-data body;
// and the pages and text of a PDF as pdf.js reads it.
import { deflateSync } from 'node:zlib'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs'

/** A PDF whose page i reads `${label} page ${i + 1}`. */
export const makePdf = async (pages: number, label: string): Promise<Buffer> => {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  for (let i = 0; i < pages; i++) pdf.addPage([612, 792]).drawText(`${label} page ${i + 1}`, { x: 50, y: 700, size: 14, font })
  return Buffer.from(await pdf.save())
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (bytes: Buffer): number => {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
/** A PNG chunk: its length, type, data and CRC-32. */
export const pngChunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A width x height RGB PNG, a red-to-blue gradient. */
export const makePng = (width = 4, height = 3): Buffer => {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit, truecolour, deflate, no filter method, no interlace
  const rows: number[] = []
  for (let y = 0; y < height; y++) {
    rows.push(0) // filter type None
    for (let x = 0; x < width; x++) rows.push(Math.round((255 * x) / Math.max(1, width - 1)), 0, Math.round((255 * y) / Math.max(1, height - 1)))
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(Buffer.from(rows))), pngChunk('IEND', Buffer.alloc(0))])
}

/**
 * An 8x8 greyscale baseline JPEG: one block whose DC difference is 0 (category 0) and whose AC
 * coefficients are all zero (EOB), each coded by a one-code Huffman table ("0"), so the entropy
 * data is the bits 00 padded with ones: 0x3F.
 */
export const makeJpeg = (): Buffer => {
  const segment = (marker: number, data: number[]): number[] => [0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff, ...data]
  const oneCodeTable = (tableClass: number): number[] => [tableClass << 4, 1, ...new Array<number>(15).fill(0), 0]
  return Buffer.from([
    0xff, 0xd8, // SOI
    ...segment(0xdb, [0, ...new Array<number>(64).fill(1)]), // DQT: table 0, all ones
    ...segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]), // SOF0: 8-bit, 8x8, one component (id 1, 1x1, table 0)
    ...segment(0xc4, oneCodeTable(0)), // DHT: DC table 0
    ...segment(0xc4, oneCodeTable(1)), // DHT: AC table 0
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS: component 1 with tables 0/0, spectral 0-63
    0x3f,
    0xff, 0xd9, // EOI
  ])
}

/** A multipart/form-data body with one file part. */
export const multipartBody = (part: { name?: string; filename: string; contentType: string; bytes: Buffer }, boundary = `----sandbox${Date.now().toString(16)}`) => ({
  contentType: `multipart/form-data; boundary=${boundary}`,
  head: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name ?? 'file'}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`),
  tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  get body(): Buffer {
    return Buffer.concat([this.head, part.bytes, this.tail])
  },
})

const STANDARD_FONTS = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`

export interface DecodedImage {
  readonly width: number
  readonly height: number
  /** The first pixel's bytes, as pdf.js decoded the image. */
  readonly firstPixel: number[]
}

/** The number of pages, the text of each page and the images pdf.js decoded on it. */
export const readPdf = async (bytes: Buffer): Promise<{ pages: number; text: string[]; images: DecodedImage[][] }> => {
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS, verbosity: 0 }).promise
  try {
    const text: string[] = []
    const images: DecodedImage[][] = []
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i)
      const content = await page.getTextContent()
      // one text line per line of the page (pdf.js marks the end of each with hasEOL)
      text.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('').replace(/\n+/g, '\n').trim())
      const ops = await page.getOperatorList()
      const onPage: DecodedImage[] = []
      for (const [k, fn] of ops.fnArray.entries()) {
        if (fn !== OPS.paintImageXObject) continue
        const name = (ops.argsArray[k] as [string])[0]
        const image = await new Promise<{ width: number; height: number; data?: Uint8Array | Uint8ClampedArray }>((resolve) => page.objs.get(name, resolve))
        onPage.push({ width: image.width, height: image.height, firstPixel: Array.from(image.data?.slice(0, 3) ?? []) })
      }
      images.push(onPage)
    }
    return { pages: doc.numPages, text, images }
  } finally {
    await doc.destroy()
  }
}
