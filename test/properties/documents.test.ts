import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { makeConfig } from '../../src/config.js'
import {
  appointmentPdfLookup,
  checkAppointmentUpload,
  deleteDocument,
  findDocument,
  parseDocumentType,
  parseStop,
  storedFilename,
  uploadDocument,
  type StoredDocument,
} from '../../src/rules/documents.js'
import { deepFreeze } from '../arbitraries/freeze.js'

const stopArb = fc.constantFrom('PICKUP', 'DELIVERY') as fc.Arbitrary<'PICKUP' | 'DELIVERY'>
const typeArb = fc.constantFrom('PACKING_SLIP', 'CUSTOMER_BOL', 'APPOINTMENT_DOCUMENT') as fc.Arbitrary<'PACKING_SLIP' | 'CUSTOMER_BOL' | 'APPOINTMENT_DOCUMENT'>
const docArb: fc.Arbitrary<StoredDocument> = fc.record({
  id: fc.uuid(),
  stop: stopArb,
  type: typeArb,
  filename: fc.constantFrom('slip.pdf', 'bol.pdf'),
  sizeBytes: fc.integer({ min: 1, max: 10_485_760 }),
  contentType: fc.constant('application/pdf' as const),
  uploadedAt: fc.constant('2026-11-22T10:00:00Z'),
  uploadedBy: fc.constantFrom('u1', 'u2'),
})
/** A valid document set: at most one document per (stop, type), built by uploading. */
const setArb = fc.array(docArb, { maxLength: 8 }).map((docs) => docs.reduce(uploadDocument, [] as ReadonlyArray<StoredDocument>))
const nameArb = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('../../x.png', '..\\..\\windows\\system32\\evil.exe', '/etc/passwd', 'C:\\scans\\slip.JPG', '.bashrc', '...', '', ' ', 'a\u0000b\u001f.png', 'report.PDF', '%2e%2e%2fx.png', 'x'.repeat(5000), '\u00e9'.repeat(300) + '.jpeg'),
  fc.tuple(fc.constantFrom('', '../', '..\\', '/abs/', 'C:\\dir\\'), fc.string({ maxLength: 20 }), fc.constantFrom('', '.png', '.jpg', '.pdf', '.tar.gz', '.')).map(([a, b, c]) => a + b + c),
)

describe('DOC-06 document set', () => {
  it('upload then delete leaves no document of that (stop, type); delete twice equals delete once', () => {
    fc.assert(
      fc.property(setArb, docArb, (set, doc) => {
        const after = deleteDocument(uploadDocument(set, doc), doc.stop, doc.type)
        expect(findDocument(after, doc.stop, doc.type)).toBeUndefined()
        expect(deleteDocument(after, doc.stop, doc.type)).toEqual(after)
      }),
    )
  })
  it('two uploads of the same (stop, type) keep only the second; other pairs are untouched; the set is never mutated', () => {
    fc.assert(
      fc.property(setArb, docArb, docArb, (set, a, b0) => {
        const b = { ...b0, stop: a.stop, type: a.type }
        const frozen = deepFreeze(set)
        const after = uploadDocument(uploadDocument(frozen, a), b)
        expect(after.filter((d) => d.stop === a.stop && d.type === a.type)).toEqual([b])
        expect(after.filter((d) => d.stop !== a.stop || d.type !== a.type)).toEqual(set.filter((d) => d.stop !== a.stop || d.type !== a.type))
      }),
    )
  })
})

describe('DOC-05 stored filename', () => {
  it('is a bare .pdf name: no directory, no control or unsafe character, no leading dot, at most 255 bytes, idempotent', () => {
    fc.assert(
      fc.property(nameArb, (name) => {
        const f = storedFilename(name)
        expect(f.endsWith('.pdf')).toBe(true)
        expect(f).not.toMatch(/[/\\\u0000-\u001f\u007f<>:"|?*]/)
        expect(f.startsWith('.')).toBe(false)
        expect(f.length).toBeGreaterThan(4)
        expect(new TextEncoder().encode(f).length).toBeLessThanOrEqual(255)
        expect(storedFilename(f)).toBe(f)
      }),
    )
  })
  it('keeps the base name of an ordinary file and replaces its extension', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 _-]{0,30}[A-Za-z0-9]$/), fc.constantFrom('png', 'JPG', 'jpeg', 'pdf', 'PDF'), fc.constantFrom('', 'scans/', '../../', 'C:\\Users\\me\\'), (stem, ext, dir) => {
        expect(storedFilename(`${dir}${stem}.${ext}`)).toBe(`${stem}.pdf`)
      }),
    )
  })
})

describe('DOC-02 … DOC-04 upload checks', () => {
  const upload = fc.record({ documentType: fc.constantFrom('PACKING_SLIP', 'CUSTOMER_BOL'), contentType: fc.constantFrom('application/pdf', 'image/jpeg', 'image/png'), sizeBytes: fc.integer({ min: 1, max: 10_485_760 }), filename: nameArb })
  it('an uploadable type, an allowed content type (any case, with parameters) and a size up to 10 MiB is accepted as a PDF', () => {
    fc.assert(
      fc.property(upload, fc.boolean(), fc.constantFrom('', '; charset=binary', ';name=x'), (u, upper, params) => {
        const r = checkAppointmentUpload({ ...u, contentType: (upper ? u.contentType.toUpperCase() : u.contentType) + params })
        expect(r).toEqual({ _tag: 'Right', right: { filename: storedFilename(u.filename), contentType: 'application/pdf' } })
      }),
    )
  })
  it('any other content type is 415 unsupported_media_type', () => {
    fc.assert(
      fc.property(upload, fc.oneof(fc.constantFrom('image/gif', 'application/zip', 'text/plain', 'image/svg+xml', '', 'application/pdfx'), fc.string()), (u, contentType) => {
        fc.pre(!['application/pdf', 'image/jpeg', 'image/png'].includes(contentType.split(';')[0]!.trim().toLowerCase()))
        const r = checkAppointmentUpload({ ...u, contentType })
        expect(r._tag === 'Left' && [r.left.status, r.left.reason]).toEqual([415, 'unsupported_media_type'])
      }),
    )
  })
  it('the size limit is inclusive and follows the configuration; the 413 states it', () => {
    fc.assert(
      fc.property(upload, fc.integer({ min: 1, max: 50_000_000 }), (u, limit) => {
        expect(isRight(checkAppointmentUpload({ ...u, sizeBytes: 10_485_760 }))).toBe(true)
        const over = checkAppointmentUpload({ ...u, sizeBytes: 10_485_761 })
        expect(over._tag === 'Left' && [over.left.status, over.left.reason]).toEqual([413, 'file_too_large'])
        const config = makeConfig({ uploadMaxBytes: limit })
        if (!isRight(config)) throw new Error('configuration rejected')
        expect(isRight(checkAppointmentUpload({ ...u, sizeBytes: limit }, { config: config.right }))).toBe(true)
        const r = checkAppointmentUpload({ ...u, sizeBytes: limit + 1 }, { config: config.right })
        expect(r._tag === 'Left' && r.left.detail).toContain(String(limit))
      }),
    )
  })
  it('APPOINTMENT_DOCUMENT is always 400 appointment_document_not_user_uploadable, whatever else is sent', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (contentType, sizeBytes, filename) => {
        const r = checkAppointmentUpload({ documentType: 'APPOINTMENT_DOCUMENT', contentType, sizeBytes, filename })
        expect(r._tag === 'Left' && [r.left.status, r.left.reason]).toEqual([400, 'appointment_document_not_user_uploadable'])
      }),
    )
  })
  it('no input throws', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), fc.anything(), (documentType, contentType, sizeBytes, filename) => {
        expect(['Left', 'Right']).toContain(checkAppointmentUpload(deepFreeze({ documentType, contentType, sizeBytes, filename }))._tag)
        expect(typeof storedFilename(filename)).toBe('string')
      }),
    )
  })
})

describe('DOC-01 and APT-17 path values', () => {
  it('stop is PICKUP or DELIVERY in any case; document types exactly as written; anything else 400 at its field', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom('pickup', 'DELIVERY', 'Pickup', ' delivery ', 'POD', 'pod', 'INVOICE', 'BILL_OF_LADING', 'SHIPPING_LABEL', 'x'), fc.anything()), (v) => {
        const t = typeof v === 'string' ? v.trim() : ''
        const stop = parseStop(v)
        if (['PICKUP', 'DELIVERY'].includes(t.toUpperCase())) expect(stop).toEqual({ _tag: 'Right', right: t.toUpperCase() })
        else expect(stop._tag === 'Left' && stop.left.violations?.[0]?.field).toBe('stop')
        const doc = parseDocumentType(v)
        if (['BILL_OF_LADING', 'INVOICE', 'SHIPPING_LABEL', 'POD'].includes(t)) expect(doc).toEqual({ _tag: 'Right', right: t })
        else expect(doc._tag === 'Left' && [doc.left.status, doc.left.violations?.[0]?.field]).toEqual([400, 'documentType'])
      }),
    )
  })
})

describe('DOC-07 appointment PDF', () => {
  it('order_not_found when the order does not exist, appointment_pdf_not_generated before generation, both 404', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (orderExists, pdfGenerated) => {
        const r = appointmentPdfLookup({ orderExists, pdfGenerated })
        if (!orderExists) expect(r._tag === 'Left' && [r.left.status, r.left.reason]).toEqual([404, 'order_not_found'])
        else if (!pdfGenerated) expect(r._tag === 'Left' && [r.left.status, r.left.reason]).toEqual([404, 'appointment_pdf_not_generated'])
        else expect(r).toEqual({ _tag: 'Right', right: true })
      }),
    )
  })
})
