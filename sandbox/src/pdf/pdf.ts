// Shipment documents as real PDFs (pdf-lib): Letter pages of labelled lines, built from the
// stored order (and the library's invoice), the same bytes for the same order and clock. Text in
// any script: the fonts of fonts.ts, embedded and subsetted; a line wider than the page wraps.
import { PDFDocument, rgb } from 'pdf-lib'
import { typesetter } from './fonts.js'

const LETTER: [number, number] = [612, 792]
const MARGIN = 50
const NOTICE = 'SANDBOX DOCUMENT - NOT FOR SHIPPING'

export const renderPdf = async (title: string, lines: ReadonlyArray<string>, createdAt: Date): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create()
  pdf.setTitle(title.normalize('NFC'))
  pdf.setProducer('shipper-rules-sandbox')
  pdf.setCreator('shipper-rules-sandbox')
  pdf.setCreationDate(createdAt)
  pdf.setModificationDate(createdAt)
  const type = await typesetter(pdf, [{ text: title, weight: 'bold' }, { text: NOTICE, weight: 'regular' }, ...lines.map((text) => ({ text, weight: 'regular' as const }))])
  let page = pdf.addPage(LETTER)
  let y = 740
  for (const piece of type.wrap(title, 'bold', 18, LETTER[0] - 2 * MARGIN)) {
    type.draw(page, piece, { x: MARGIN, y, size: 18, weight: 'bold', color: rgb(0, 0, 0) })
    y -= 22
  }
  type.draw(page, NOTICE, { x: MARGIN, y, size: 9, weight: 'regular', color: rgb(0.6, 0, 0) })
  y -= 28
  for (const line of lines) {
    for (const piece of type.wrap(line, 'regular', 10, LETTER[0] - 2 * MARGIN)) {
      if (y < MARGIN) {
        page = pdf.addPage(LETTER)
        y = 740
      }
      type.draw(page, piece, { x: MARGIN, y, size: 10, weight: 'regular' })
      y -= 15
    }
  }
  return pdf.save({ useObjectStreams: false })
}
