// The pixel size of an uploaded image, read from its header before anything is decoded: a PNG's
// IHDR chunk, a JPEG's SOFn marker. Total (never throws) and bounded (each step of a walk moves
// forward by at least one chunk or segment header, so at most bytes.length / 4 steps). A header
// this reader cannot vouch for is no image: the upload is refused as unreadable (415), so what
// pdf-lib later decodes is exactly the size checked here.

export interface ImageSize {
  readonly width: number
  readonly height: number
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const

const u32 = (b: Uint8Array, at: number): number => ((b[at] ?? 0) * 0x1000000 + ((b[at + 1] ?? 0) << 16) + ((b[at + 2] ?? 0) << 8) + (b[at + 3] ?? 0))
const u16 = (b: Uint8Array, at: number): number => ((b[at] ?? 0) << 8) + (b[at + 1] ?? 0)
const tag = (b: Uint8Array, at: number): string => String.fromCharCode(b[at] ?? 0, b[at + 1] ?? 0, b[at + 2] ?? 0, b[at + 3] ?? 0)

/**
 * A PNG's width and height from its IHDR chunk, which must be the first chunk and the only one
 * (pdf-lib's decoder would take a later IHDR); an animated PNG (an acTL chunk: pdf-lib refuses it,
 * but only after decoding every frame) is no readable image either. The chunk walk stops at IEND
 * or at the end of the bytes; CRCs are left to the decoder.
 */
export const pngSize = (b: Uint8Array): ImageSize | undefined => {
  if (b.length < 8 + 25 || PNG_SIGNATURE.some((v, i) => b[i] !== v)) return undefined
  if (u32(b, 8) !== 13 || tag(b, 12) !== 'IHDR') return undefined
  const width = u32(b, 16)
  const height = u32(b, 20)
  // PNG: both at least 1 and at most 2^31 - 1
  if (width < 1 || height < 1 || width > 0x7fffffff || height > 0x7fffffff) return undefined
  let at = 8 + 25
  while (at + 8 <= b.length) {
    const length = u32(b, at)
    const type = tag(b, at + 4)
    if (type === 'IHDR' || type === 'acTL') return undefined
    if (type === 'IEND') break
    at += 12 + length // length (4), type (4), data, CRC (4): always forward
  }
  return { width, height }
}

// The frame markers pdf-lib's JPEG embedder looks for (SOF0-SOF15 without DHT, and with JPG and
// DAC as it has them): the first one found is the size it embeds.
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xcb, 0xcc, 0xcd, 0xce, 0xcf])

/**
 * A JPEG's width and height from its first SOFn segment, found the way pdf-lib finds it (from the
 * SOI, segment after segment by their lengths). Anything else before the frame header (a byte
 * that is no marker, a length below 2, the start of the scan or the end of the image, the end of
 * the bytes) makes it unreadable; so does a height of 0 (to be given later by a DNL segment).
 */
export const jpegSize = (b: Uint8Array): ImageSize | undefined => {
  if (b[0] !== 0xff || b[1] !== 0xd8) return undefined
  let at = 2
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return undefined
    const marker = b[at + 1] ?? 0
    if (marker === 0xda || marker === 0xd9) return undefined
    const length = u16(b, at + 2)
    if (length < 2) return undefined
    if (SOF_MARKERS.has(marker)) {
      // length (2), precision (1), height (2), width (2), components (1)
      if (length < 8 || at + 10 > b.length) return undefined
      const height = u16(b, at + 5)
      const width = u16(b, at + 7)
      return width > 0 && height > 0 ? { width, height } : undefined
    }
    at += 2 + length
  }
  return undefined
}

/** The size of an image of the given media type (image/png or image/jpeg), or undefined: unreadable. */
export const imageSize = (bytes: Uint8Array, mediaType: string): ImageSize | undefined =>
  mediaType === 'image/png' ? pngSize(bytes) : mediaType === 'image/jpeg' ? jpegSize(bytes) : undefined

export interface PixelLimits {
  /** Width times height, inclusive. */
  readonly maxImagePixels: number
  /** Width and height each, inclusive. */
  readonly maxImageSide: number
}

/** Whether an image of this size is within the limits. */
export const withinPixelLimits = (size: ImageSize, limits: PixelLimits): boolean =>
  size.width <= limits.maxImageSide && size.height <= limits.maxImageSide && size.width * size.height <= limits.maxImagePixels

const grouped = (n: number): string => n.toLocaleString('en-US')

/** The detail of the 413 for an image past the limits: its size and the limits. */
export const pixelLimitDetail = (size: ImageSize, limits: PixelLimits): string =>
  `The image is ${grouped(size.width)} x ${grouped(size.height)} pixels (${grouped(size.width * size.height)}); images may have at most ${grouped(limits.maxImagePixels)} pixels and ${grouped(limits.maxImageSide)} pixels a side.`
