// Unicode text for the generated PDFs (issue 25, item 5). pdf-lib's standard fonts encode
// WinAnsi only, so the documents embed TrueType fonts from three OFL font packages, subsetted to the
// glyphs a document uses (@pdf-lib/fontkit; the files: pdf/fontFiles.ts, bundled into the published
// package by scripts/bundle-fonts.mjs), each text drawn as consecutive runs, every run in the
// first font of its weight that has its glyphs:
//   1. Noto Sans (@expo-google-fonts/noto-sans): Latin with Polish and Vietnamese, Greek, Cyrillic;
//   2. Noto Sans Math (@expo-google-fonts/noto-sans-math): every arrow of U+2190-21FF (Noto Sans
//      has none; Noto Sans SC a few), and it is 1 MB where Noto Sans SC is 10 MB to read;
//   3. Noto Sans SC (@expo-google-fonts/noto-sans-sc): CJK (all of GB 18030's Chinese), kana.
// A character none of them has is drawn as U+FFFD (Noto Sans has that glyph).
// The font files are read once per process, and only when a text needs them (a Latin-only document
// never reads Noto Sans SC); each document embeds, subsetted, only the fonts it uses.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import fontkit from '@pdf-lib/fontkit'
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib'
import { fileURLToPath } from 'node:url'
import { BUNDLED_FONTS_DIR, FONT_FILES, fontPath, type FontFile } from './fontFiles.js'

export type Weight = 'regular' | 'bold'

/** The fonts of each weight, in the order a character looks for its glyph (Noto Sans Math has one weight). */
const FACES: Record<Weight, readonly [FontFile, ...FontFile[]]> = {
  regular: [FONT_FILES.sans, FONT_FILES.math, FONT_FILES.sc],
  bold: [FONT_FILES.sansBold, FONT_FILES.math, FONT_FILES.scBold],
}

/** What a character no font has becomes. */
export const REPLACEMENT = '\uFFFD'

interface Loaded {
  readonly bytes: Uint8Array
  readonly font: fontkit.Font
}

const resolve = createRequire(import.meta.url).resolve
/** The published package's bundled fonts (sandbox/fonts/, beside dist/): absent in the repository. */
const BUNDLED = fileURLToPath(new URL(`../../${BUNDLED_FONTS_DIR}/`, import.meta.url))
const loading = new Map<FontFile, Promise<Loaded>>()

/** The font file read and parsed (to know its characters), once per process. */
const load = (file: FontFile): Promise<Loaded> => {
  let pending = loading.get(file)
  if (pending === undefined) {
    pending = readFile(fontPath(file, BUNDLED, resolve)).then((buffer) => {
      const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
      const font = fontkit.create(bytes)
      return { bytes, font }
    })
    // a failed read is not cached: the next document tries again
    pending.catch(() => loading.delete(file))
    loading.set(file, pending)
  }
  return pending
}

/**
 * The font as pdf-lib sees it: its layout maps each character to its glyph through the font's cmap,
 * without OpenType shaping. pdf-lib draws the glyphs of layout at their advance widths (it ignores
 * the positions shaping computes), and measures with the same layout; shaping Noto Sans's feature
 * tables took 1-4 ms for every width measured, and the scripts drawn here (NFC text: Latin, CJK,
 * arrows) need no ligature or contextual form. One glyph per character also gives each glyph its
 * own character in the PDF's ToUnicode map, so extracted text is the text drawn.
 */
const unshaped = (font: fontkit.Font): fontkit.Font => {
  const layout = (text: string): fontkit.GlyphRun => {
    const glyphs = Array.from(text, (c) => font.glyphForCodePoint(c.codePointAt(0) ?? 0))
    return { glyphs, positions: glyphs.map((g) => ({ xAdvance: g.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 })) } as unknown as fontkit.GlyphRun
  }
  return Object.assign(Object.create(font) as fontkit.Font, { layout })
}

/**
 * The fontkit pdf-lib is given: each embedding parses the font anew (from the bytes read once per
 * process) with the unshaped layout. A parsed font shared between documents is not safe: fontkit's
 * subset of a second document then wrote accented (composite) glyphs against the first one's glyph
 * numbering, and pdf.js read 'z' back as '"'. The fonts of `load` only answer which characters a
 * font has.
 */
const perDocumentFontkit = {
  // each document its own copy of the bytes (a native copy), handed over as an ArrayBuffer: fontkit
  // wraps that as it is, where it copies a Uint8Array byte by byte in JavaScript (30 ms for 10 MB)
  create: (bytes: Uint8Array) => unshaped(fontkit.create(bytes.slice().buffer as unknown as Uint8Array)),
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })

/**
 * The text as it is drawn: NFC (Vietnamese, say, may arrive decomposed, a base letter followed by
 * combining marks; composed, each is one glyph of the font, never a mark placed by guesswork), line
 * breaks and tabs as spaces, every other control character as U+FFFD.
 */
export const drawable = (text: string): string =>
  text
    .normalize('NFC')
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, ' ')
    .replace(/[\u0000-\u001F\u007F-\u009F]/g, REPLACEMENT)

const codePointsOf = (cluster: string): number[] => Array.from(cluster, (c) => c.codePointAt(0) ?? 0)

const covers = (font: fontkit.Font, cluster: string): boolean => codePointsOf(cluster).every((c) => font.hasGlyphForCodePoint(c))

/** A piece of a line drawn in one font (faces index), its text drawable. */
interface Run {
  readonly face: number
  readonly text: string
}

/** Draws and measures text in the document's embedded fonts. */
export interface Typesetter {
  /** The width of the text at the size (the embedded fonts' own widths). */
  width(text: string, weight: Weight, size: number): number
  /** The text cut into lines no wider than `width`: at spaces, and a word wider than a line between graphemes. */
  wrap(text: string, weight: Weight, size: number, width: number): string[]
  /** Draws the text on one line from (x, y). */
  draw(page: PDFPage, text: string, options: { readonly x: number; readonly y: number; readonly size: number; readonly weight: Weight; readonly color?: Color }): void
}

/**
 * The typesetter of one document: the fonts that `texts` need are read (once per process) and
 * embedded, subsetted, in `pdf`. Text drawn later should be among `texts` (or pieces of them): a
 * character whose font the document has not embedded is drawn as U+FFFD.
 */
export const typesetter = async (pdf: PDFDocument, texts: Iterable<{ readonly text: string; readonly weight: Weight }>): Promise<Typesetter> => {
  // which fonts the texts need: each grapheme looks through the faces in order, loading a font
  // only when the ones before it lack the grapheme
  const needed = new Set<FontFile>()
  for (const { text, weight } of texts) {
    const faces = FACES[weight]
    for (const { segment } of graphemes.segment(drawable(text))) {
      for (const file of faces) {
        if (covers((await load(file)).font, segment)) {
          needed.add(file)
          break
        }
      }
    }
  }
  pdf.registerFontkit(perDocumentFontkit)
  const embedded = new Map<FontFile, { readonly font: fontkit.Font; readonly pdfFont: PDFFont }>()
  const embed = async (file: FontFile) => {
    const known = embedded.get(file)
    if (known !== undefined) return known
    const { bytes, font } = await load(file)
    const made = { font, pdfFont: await pdf.embedFont(bytes, { subset: true }) }
    embedded.set(file, made)
    return made
  }
  // the first font of each weight always: it draws U+FFFD
  const primary: Record<Weight, { readonly font: fontkit.Font; readonly pdfFont: PDFFont }> = { regular: await embed(FACES.regular[0]), bold: await embed(FACES.bold[0]) }
  for (const file of needed) await embed(file)

  // a grapheme's font, per weight: the first embedded font that has all of its characters (-1: none)
  const faceCache: Record<Weight, Map<string, number>> = { regular: new Map(), bold: new Map() }
  const faceOf = (segment: string, weight: Weight): number => {
    let face = faceCache[weight].get(segment)
    if (face === undefined) {
      face = FACES[weight].findIndex((file) => {
        const e = embedded.get(file)
        return e !== undefined && covers(e.font, segment)
      })
      faceCache[weight].set(segment, face)
    }
    return face
  }
  const runsOf = (text: string, weight: Weight): Run[] => {
    const runs: Array<{ face: number; text: string }> = []
    for (let { segment } of graphemes.segment(drawable(text))) {
      const last = runs[runs.length - 1]
      // a space stays in the run it follows: fewer font changes
      if (segment === ' ' && last !== undefined) {
        last.text += segment
        continue
      }
      let face = faceOf(segment, weight)
      if (face < 0) {
        // a grapheme no font has (or one of texts not declared): each of its characters in the
        // first font that has it, the others as U+FFFD (every weight's first font has it)
        segment = Array.from(segment, (c) => (primary[weight].font.hasGlyphForCodePoint(c.codePointAt(0) ?? 0) ? c : REPLACEMENT)).join('')
        face = 0
      }
      if (last !== undefined && last.face === face) last.text += segment
      else runs.push({ face, text: segment })
    }
    return runs
  }
  // runsOf picks embedded fonts only
  const fontOf = (weight: Weight, face: number): PDFFont => {
    const file = FACES[weight][face]
    return (file === undefined ? undefined : embedded.get(file))?.pdfFont ?? primary[weight].pdfFont
  }
  const widths = new Map<string, number>()
  const width = (text: string, weight: Weight, size: number): number => {
    const key = `${weight} ${size} ${text}`
    let w = widths.get(key)
    if (w === undefined) {
      w = runsOf(text, weight).reduce((sum, run) => sum + fontOf(weight, run.face).widthOfTextAtSize(run.text, size), 0)
      widths.set(key, w)
    }
    return w
  }

  const wrap = (text: string, weight: Weight, size: number, max: number): string[] => {
    const out: string[] = []
    const space = width(' ', weight, size)
    let line = ''
    let used = 0
    for (const word of drawable(text).split(' ')) {
      let rest = word
      let w = width(rest, weight, size)
      if (line !== '' && used + space + w > max) {
        out.push(line)
        line = ''
        used = 0
      }
      // a word wider than a line: as many whole graphemes as fit (at least one), then the rest
      while (w > max) {
        const pieces = Array.from(graphemes.segment(rest), (s) => s.segment)
        let cut = 1
        while (cut < pieces.length && width(pieces.slice(0, cut + 1).join(''), weight, size) <= max) cut++
        out.push(pieces.slice(0, cut).join(''))
        rest = pieces.slice(cut).join('')
        w = width(rest, weight, size)
      }
      line = line === '' ? rest : `${line} ${rest}`
      used = line === rest ? w : used + space + w
    }
    out.push(line)
    return out
  }

  const draw: Typesetter['draw'] = (page, text, options) => {
    let x = options.x
    for (const run of runsOf(text, options.weight)) {
      const font = fontOf(options.weight, run.face)
      page.drawText(run.text, { x, y: options.y, size: options.size, font, ...(options.color !== undefined ? { color: options.color } : {}) })
      x += font.widthOfTextAtSize(run.text, options.size)
    }
  }
  return { width, wrap, draw }
}
