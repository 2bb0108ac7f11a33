// Text in any script on the generated PDFs (issue 25, item 5; src/fonts.ts): a bill of lading and
// an appointment cover sheet carrying Chinese, an arrow, Polish and Vietnamese (sent decomposed,
// NFD) are fetched through the sandbox API, their text extracted with pdf.js and every string found
// exactly (Vietnamese as NFC); a character no font has reads back as U+FFFD; instructions longer
// than a line wrap whole (no cut). A property: any text from the covered ranges round-trips through
// the drawing and pdf.js's extraction.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import fc from 'fast-check'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderPdf } from '../src/pdf/pdf.js'
import { createBody, quoteBody, removeStore, startSandbox, type Credentials, type Sandbox } from './support/harness.js'

let sandbox: Sandbox
let acme: Credentials

beforeAll(async () => {
  sandbox = await startSandbox()
  acme = await sandbox.company('Acme Freight Buyers')
})
afterAll(async () => {
  await sandbox.stop()
  removeStore(sandbox.storeOptions)
})

const STANDARD_FONTS = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`

/**
 * The text of each page as pdf.js reads it, one line of the page per line; without pdf.js's
 * compatibility normalization (NFKC of ligatures and the like), so a character reads as drawn.
 */
const pageTexts = async (bytes: Uint8Array): Promise<string[]> => {
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS, verbosity: 0 }).promise
  try {
    const pages: string[] = []
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent({ disableNormalization: true })
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('').replace(/\n+/g, '\n').trim())
    }
    return pages
  } finally {
    await doc.destroy()
  }
}

const CHINESE = '上海仓库'
const ARROW = '→'
const POLISH = 'Łódź ąęłńśźż ĄĘŁŃŚŹŻ'
const VIETNAMESE = 'Việt Nam ệ ơ ư ạ Đường'
const NFD_VIETNAMESE = VIETNAMESE.normalize('NFD')
const NOWHERE = '\u{1F69A}' // DELIVERY TRUCK: no font of the sandbox has it
const instructions = `${CHINESE} ${ARROW} dock 4; ${POLISH}; ${NFD_VIETNAMESE}; truck ${NOWHERE} end`
const expected = [CHINESE, `${CHINESE} ${ARROW} dock 4`, POLISH, VIETNAMESE, 'truck \uFFFD end']

describe('PDFs print any text', () => {
  it('a bill of lading and an appointment cover sheet carry CJK, arrows, Polish and Vietnamese, read back exactly by pdf.js', async () => {
    // the stored text is what was sent (NFD): the PDF draws it composed (NFC)
    expect(NFD_VIETNAMESE).not.toBe(VIETNAMESE)
    const quote = await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody() })
    expect(quote.status).toBe(200)
    const deliveryAddress = { ...createBody().deliveryAddress, name: `${CHINESE} ${POLISH.slice(0, 4)}`, appointmentRequired: true }
    const created = await sandbox.call('POST', '/v1/shipper/shipment', {
      as: acme,
      body: createBody({ quoteId: quote.json.id, instructions, deliveryAddress, appointments: { delivery: { channel: 'PHONE', contacts: [{ name: `Nguyễn ${ARROW} Łukasz`, phone: '+12145550100' }], instructions } } }),
    })
    expect(created.status, JSON.stringify(created.json)).toBe(200)
    const order = created.json.orderNumber as string

    const doc = await sandbox.call('GET', `/v1/shipper/shipment/${order}/document/BILL_OF_LADING`, { as: acme })
    expect(doc.status).toBe(200)
    const link = new URL(doc.json.downloadLink)
    const bol = await sandbox.call('GET', `${link.pathname}${link.search}`)
    expect(bol.status).toBe(200)
    const bolText = (await pageTexts(bol.bytes)).join('\n')
    for (const s of [...expected, `Consignee: ${CHINESE} Łódź`]) expect(bolText, s).toContain(s)
    expect(bolText).not.toContain('?')

    expect((await sandbox.call('PUT', `/v1/shipper/shipment/${order}/confirm`, { as: acme })).status).toBe(200)
    expect((await sandbox.call('POST', `/sandbox/orders/${order}/events`, { as: acme, body: { event: 'ACCEPT' } })).json.orderStatus).toBe('ACCEPTED')
    const cover = await sandbox.call('GET', `/v1/shipper/shipment/${order}/appointment/DELIVERY/pdf`, { as: acme })
    expect(cover.status).toBe(200)
    const coverText = (await pageTexts(cover.bytes))[0]!
    for (const s of [...expected, `Stop: ${CHINESE} Łódź`, `Nguyễn ${ARROW} Łukasz`]) expect(coverText, s).toContain(s)
    expect(coverText).not.toContain('?')
  })

  it('instructions longer than a line wrap onto the next lines whole, on the bill of lading', async () => {
    // 2000 characters (the spec's limit): words of Polish, Vietnamese and Chinese
    const words = Array.from({ length: 250 }, (_, i) => ['źdźbło', 'đường', '仓库物流', 'a→b'][i % 4]!)
    const long = words.join(' ').slice(0, 2000).trim()
    const bytes = await renderPdf('Bill of Lading TEST1', [`Instructions: ${long}`], new Date(0))
    const text = (await pageTexts(Buffer.from(bytes))).join('\n')
    expect(text.split('\n').length).toBeGreaterThan(10) // wrapped, over more than one page's worth of lines
    expect(text.replace(/\n/g, ' ')).toContain(`Instructions: ${long}`)
  })
})

// the covered ranges: printable ASCII, Latin-1 letters, Latin Extended-A (Polish), Vietnamese,
// the arrows block, the CJK ideographs of GB 18030
const RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x21, 0x7e],
  [0xc0, 0xff],
  [0x100, 0x17f],
  [0x1ea0, 0x1ef9],
  [0x2190, 0x21ff],
  [0x4e00, 0x9fa5],
]
const covered = fc.oneof(...RANGES.map(([from, to]) => fc.integer({ min: from, max: to }))).map((c) => String.fromCodePoint(c))
const word = fc.array(covered, { minLength: 1, maxLength: 8 }).map((cs) => cs.join(''))
// at most 5 words of 8 characters: one line of the page at 10 points
const text = fc.array(word, { minLength: 1, maxLength: 5 }).map((ws) => ws.join(' '))

describe('text round trip', () => {
  it('any text of the covered ranges reads back from the PDF as drawn', async () => {
    await fc.assert(
      fc.asyncProperty(text, async (s) => {
        const pages = await pageTexts(Buffer.from(await renderPdf('T', [s], new Date(0))))
        expect(pages).toHaveLength(1)
        expect(pages[0]!.split('\n').slice(2)).toEqual([s]) // after the title and the notice
      }),
      { numRuns: 20 },
    )
  })
})
