// Shipment documents as real PDFs (pdf-lib): one Letter page of labelled lines, built from the
// stored order (and the library's invoice), the same bytes for the same order and clock.
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib'

/** Helvetica's WinAnsi encoding has no glyph for other characters: they print as '?'. */
export const printable = (s: string): string => s.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?')

export const renderPdf = async (title: string, lines: ReadonlyArray<string>, createdAt: Date): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create()
  pdf.setTitle(printable(title))
  pdf.setProducer('shipper-rules-sandbox')
  pdf.setCreator('shipper-rules-sandbox')
  pdf.setCreationDate(createdAt)
  pdf.setModificationDate(createdAt)
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  let page = pdf.addPage([612, 792])
  page.drawText(printable(title), { x: 50, y: 740, size: 18, font: bold, color: rgb(0, 0, 0) })
  page.drawText('SANDBOX DOCUMENT - NOT FOR SHIPPING', { x: 50, y: 718, size: 9, font, color: rgb(0.6, 0, 0) })
  let y = 690
  for (const line of lines) {
    if (y < 50) {
      page = pdf.addPage([612, 792])
      y = 740
    }
    page.drawText(printable(line).slice(0, 110), { x: 50, y, size: 10, font })
    y -= 15
  }
  return pdf.save({ useObjectStreams: false })
}
