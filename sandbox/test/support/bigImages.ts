// Large images that are small files, for the upload limits: a valid PNG of any size whose
// scanlines are all zero (deflate shrinks them about a thousand times: 6000 x 6000 grey is some
// 36 kB), one with a second IHDR or an animation chunk, and a JPEG whose frame header claims any
// size (its scan is the 8x8 block of makeJpeg: nothing decodes it before the header is judged).
import { deflateSync } from 'node:zlib'
import { makeJpeg, pngChunk as chunk } from './pdfFixtures.js'

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

const ihdr = (width: number, height: number, colourType: number): Buffer => {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, colourType, 0, 0, 0], 8) // 8-bit, deflate, no filter method, no interlace
  return chunk('IHDR', header)
}

/** Bytes per pixel of the 8-bit colour types used here: 0 grey, 2 RGB, 6 RGBA. */
const CHANNELS: Record<0 | 2 | 6, number> = { 0: 1, 2: 3, 6: 4 }

/**
 * A valid width x height PNG, every pixel zero (black; transparent for RGBA), every scanline with
 * filter type None. Deflating the scanlines needs them once in memory: (width x channels + 1) x
 * height bytes (36 MB for 6000 x 6000 grey).
 */
export const zeroPng = (width: number, height: number, colourType: 0 | 2 | 6 = 0, extraChunks: ReadonlyArray<Buffer> = []): Buffer => {
  const scanlines = Buffer.alloc((width * CHANNELS[colourType] + 1) * height)
  return Buffer.concat([SIGNATURE, ihdr(width, height, colourType), ...extraChunks, chunk('IDAT', deflateSync(scanlines, { level: 9 })), chunk('IEND', Buffer.alloc(0))])
}

/** A small PNG with a second IHDR chunk claiming `width` x `height` (pdf-lib's decoder would take the second). */
export const pngWithSecondIhdr = (width: number, height: number): Buffer => zeroPng(4, 4, 0, [ihdr(width, height, 0)])

/** A small PNG with an acTL chunk (an animated PNG: pdf-lib decodes every frame before it refuses one). */
export const animatedPng = (): Buffer => {
  const actl = Buffer.alloc(8)
  actl.writeUInt32BE(2, 0) // frames
  actl.writeUInt32BE(0, 4) // plays
  return zeroPng(4, 4, 0, [chunk('acTL', actl)])
}

/** makeJpeg's 8x8 JPEG with its SOF0 header claiming `width` x `height` (each at most 65,535). */
export const jpegClaiming = (width: number, height: number): Buffer => {
  const bytes = Buffer.from(makeJpeg())
  const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]))
  bytes.writeUInt16BE(height, sof + 5)
  bytes.writeUInt16BE(width, sof + 7)
  return bytes
}
