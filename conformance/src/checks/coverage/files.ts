// The files the document checks upload and the reader of the PDFs they get back. Each uploaded file
// carries a mark a merged PDF keeps: a PDF's page size (its MediaBox, which a merge copies with the
// page), an image's pixel size (the /Width and /Height of the image XObject a wrapping PDF embeds).
// The reader is small and total: it finds the objects of a PDF (plain, or in Flate object streams),
// its pages (/Type /Page) with their MediaBox (inherited through /Parent) and the images each page
// draws, and never throws; what it cannot read it leaves out.
import { deflateSync, inflateSync } from 'node:zlib'
import { pdfText } from '../support.js'

const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')

/** A PDF of `pages` pages, each of `width` x `height` points (the mark), with a correct cross-reference table. */
export const markedPdf = (width: number, height: number, pages = 1, label = 'conformance'): Uint8Array => {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ')
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array.from({ length: pages }, () => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] >>`),
  ]
  return new TextEncoder().encode(pdfText(objs, ` ${label.replace(/[^A-Za-z0-9 -]/g, '')}`))
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const u32 = (n: number): number[] => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]

/** A valid PNG of `width` x `height` pixels (8-bit RGB, one colour), its chunks with their CRCs. */
export const png = (width: number, height: number): Uint8Array => {
  const chunk = (type: string, data: Uint8Array): number[] => {
    const typed = new Uint8Array([...Buffer.from(type, 'latin1'), ...data])
    return [...u32(data.length), ...typed, ...u32(crc32(typed))]
  }
  const row = [0, ...Array.from({ length: width }, () => [0x33, 0x66, 0xcc]).flat()]
  const raw = new Uint8Array(Array.from({ length: height }, () => row).flat())
  const ihdr = new Uint8Array([...u32(width), ...u32(height), 8, 2, 0, 0, 0])
  return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunk('IHDR', ihdr), ...chunk('IDAT', new Uint8Array(deflateSync(raw))), ...chunk('IEND', new Uint8Array(0))])
}

/**
 * A valid baseline JPEG of `width` x `height` pixels (at most 8 x 8: one block), grey: one
 * component, a quantization table of ones, one-code Huffman tables (DC difference 0, AC end of
 * block), and the block's two codes padded with ones.
 */
export const jpeg = (width: number, height: number): Uint8Array => {
  const seg = (marker: number, data: number[]): number[] => [0xff, marker, ((data.length + 2) >> 8) & 0xff, (data.length + 2) & 0xff, ...data]
  const huffman = (tableClass: number): number[] => [tableClass, 1, ...Array<number>(15).fill(0), 0]
  return new Uint8Array([
    0xff, 0xd8,
    ...seg(0xdb, [0, ...Array<number>(64).fill(1)]),
    ...seg(0xc0, [8, (height >> 8) & 0xff, height & 0xff, (width >> 8) & 0xff, width & 0xff, 1, 1, 0x11, 0]),
    ...seg(0xc4, huffman(0x00)),
    ...seg(0xc4, huffman(0x10)),
    ...seg(0xda, [1, 1, 0x00, 0, 63, 0]),
    0x3f,
    0xff, 0xd9,
  ])
}

/** One page of a PDF as the reader sees it: its MediaBox (width and height) and the pixel sizes of the images it draws. */
export interface PdfPage {
  readonly width: number | undefined
  readonly height: number | undefined
  readonly images: ReadonlyArray<{ readonly width: number; readonly height: number }>
}

/** The text of a dictionary starting at `at` (its `<<`), up to its matching `>>`. */
const dictAt = (text: string, at: number): string => {
  let depth = 0
  for (let i = at; i < text.length - 1; i++) {
    if (text[i] === '<' && text[i + 1] === '<') {
      depth++
      i++
    } else if (text[i] === '>' && text[i + 1] === '>') {
      depth--
      i++
      if (depth === 0) return text.slice(at, i + 1)
    }
  }
  return text.slice(at)
}

/** The object number a key's value refers to (`/Key 12 0 R`), or undefined. */
const refOf = (dict: string, key: string): number | undefined => {
  const m = new RegExp(`/${key}\\s+(\\d+)\\s+\\d+\\s+R`).exec(dict)
  return m === null ? undefined : Number(m[1])
}

/** A key's value as a dictionary: inline (`/Key << … >>`) or referred to (`/Key 12 0 R`), or ''. */
const dictOf = (dict: string, key: string, objects: ReadonlyMap<number, string>): string => {
  const m = new RegExp(`/${key}\\s*<<`).exec(dict)
  if (m !== null) return dictAt(dict, m.index + m[0].length - 2)
  const ref = refOf(dict, key)
  const target = ref === undefined ? undefined : objects.get(ref)
  if (target === undefined) return ''
  const start = target.indexOf('<<')
  return start < 0 ? '' : dictAt(target, start)
}

const numberIn = (dict: string, key: string): number | undefined => {
  const m = new RegExp(`/${key}\\s+(\\d+)`).exec(dict)
  return m === null ? undefined : Number(m[1])
}

/** The objects of a PDF by number: those written plainly, and those inside Flate-compressed object streams. */
const objectsOf = (text: string): Map<number, string> => {
  const objects = new Map<number, string>()
  const re = /(\d+)\s+\d+\s+obj\b([\s\S]*?)\bendobj\b/g
  for (let m = re.exec(text); m !== null; m = re.exec(text)) objects.set(Number(m[1]), m[2]!)
  for (const body of [...objects.values()]) {
    if (!/\/Type\s*\/ObjStm\b/.test(body) || !/\/FlateDecode\b/.test(body)) continue
    const s = /stream\r?\n/.exec(body)
    const e = body.lastIndexOf('endstream')
    if (s === null || e < 0) continue
    let inner: string
    try {
      inner = inflateSync(Buffer.from(body.slice(s.index + s[0].length, e), 'latin1')).toString('latin1')
    } catch {
      continue
    }
    const head = body.slice(0, s.index)
    const n = numberIn(head, 'N') ?? 0
    const first = numberIn(head, 'First') ?? 0
    const pairs = inner.slice(0, first).trim().split(/\s+/).map(Number)
    for (let i = 0; i < n && 2 * i + 1 < pairs.length; i++) {
      const from = first + pairs[2 * i + 1]!
      const to = i + 1 < n && 2 * i + 3 < pairs.length ? first + pairs[2 * i + 3]! : inner.length
      objects.set(pairs[2 * i]!, inner.slice(from, to))
    }
  }
  return objects
}

/** A page's MediaBox, its own or its nearest ancestor's (at most 32 levels). */
const mediaBoxOf = (dict: string, objects: ReadonlyMap<number, string>): [number, number] | undefined => {
  let d = dict
  for (let depth = 0; depth < 32; depth++) {
    const m = /\/MediaBox\s*\[\s*(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s*\]/.exec(d)
    if (m !== null) return [Number(m[3]) - Number(m[1]), Number(m[4]) - Number(m[2])]
    const parent = refOf(d, 'Parent')
    const next = parent === undefined ? undefined : objects.get(parent)
    if (next === undefined) return undefined
    d = next
  }
  return undefined
}

/**
 * The pages of a PDF, in no particular order, each with its size and the images it draws; `pdf`
 * false when the bytes are not a PDF (no `%PDF-` header). Never throws.
 */
export const readPdf = (bytes: Uint8Array): { readonly pdf: boolean; readonly pages: ReadonlyArray<PdfPage> } => {
  const text = latin1(bytes)
  if (!text.startsWith('%PDF-')) return { pdf: false, pages: [] }
  const objects = objectsOf(text)
  const pages: PdfPage[] = []
  for (const body of objects.values()) {
    const start = body.indexOf('<<')
    if (start < 0) continue
    const dict = dictAt(body, start)
    if (!/\/Type\s*\/Page(?![A-Za-z])/.test(dict)) continue
    const box = mediaBoxOf(dict, objects)
    const xobjects = dictOf(dictOf(dict, 'Resources', objects), 'XObject', objects)
    const images: Array<{ width: number; height: number }> = []
    const refs = /\/[^\s/<>[\]()]+\s+(\d+)\s+\d+\s+R/g
    for (let m = refs.exec(xobjects); m !== null; m = refs.exec(xobjects)) {
      const target = objects.get(Number(m[1]))
      if (target === undefined || !/\/Subtype\s*\/Image\b/.test(target)) continue
      const w = numberIn(target, 'Width')
      const h = numberIn(target, 'Height')
      if (w !== undefined && h !== undefined) images.push({ width: w, height: h })
    }
    pages.push({ width: box?.[0], height: box?.[1], images })
  }
  return { pdf: true, pages }
}
