// Laws for src/rules/documents.ts that the mutation run (docs/mutation.md) found unpinned: the
// appointment document set against a map oracle (one document per stop and type, the newest
// upload wins, a delete removes exactly that one); the sizes an upload is refused for; the content
// type read by its media type; the stored file name's invariants; and the words of each problem
// (DOC-01 … DOC-06).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  appointmentPdfLookup,
  checkAppointmentUpload,
  checkAppointmentUploadStart,
  deleteDocument,
  findDocument,
  storedFilename,
  uploadDocument,
  type DocumentSet,
  type StoredDocument,
} from '../../src/rules/documents.js'

const STOPS = ['PICKUP', 'DELIVERY'] as const
const TYPES = ['PACKING_SLIP', 'CUSTOMER_BOL'] as const
const docArb = fc.record({
  id: fc.uuid(),
  stop: fc.constantFrom(...STOPS),
  type: fc.constantFrom(...TYPES),
  filename: fc.constantFrom('slip.pdf', 'bol.pdf'),
  sizeBytes: fc.integer({ min: 1, max: 1000 }),
  contentType: fc.constant('application/pdf' as const),
  uploadedAt: fc.constant('2026-11-24T12:00:00Z'),
  uploadedBy: fc.constant('user_1'),
})
const opArb = fc.oneof(
  docArb.map((doc) => ({ kind: 'upload' as const, doc })),
  fc.record({ kind: fc.constant('delete' as const), stop: fc.constantFrom(...STOPS), type: fc.constantFrom(...TYPES) }),
)

describe('DOC-03 / DOC-06 the appointment document set behaves as a map from (stop, type) to the newest upload', () => {
  it('after any sequence of uploads and deletes, every lookup agrees with the map, and the set holds exactly its documents', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 12 }), (ops) => {
        let set: DocumentSet = []
        const oracle = new Map<string, StoredDocument>()
        for (const op of ops) {
          if (op.kind === 'upload') {
            set = uploadDocument(set, op.doc)
            oracle.set(`${op.doc.stop}/${op.doc.type}`, op.doc)
          } else {
            set = deleteDocument(set, op.stop, op.type)
            oracle.delete(`${op.stop}/${op.type}`)
          }
          for (const stop of STOPS) for (const type of TYPES) expect(findDocument(set, stop, type)).toBe(oracle.get(`${stop}/${type}`))
          expect(new Set(set)).toEqual(new Set(oracle.values()))
          expect(set).toHaveLength(oracle.size)
        }
      }),
    )
  })

  it('a stop or type that is not text finds nothing; a set that is not a list, or holds what cannot be read, finds nothing and is empty', () => {
    fc.assert(
      fc.property(docArb, fc.constantFrom<unknown>(7, null, ['PICKUP'], { toString: () => 'PICKUP' }), (doc, odd) => {
        const set = uploadDocument([], doc)
        expect(findDocument(set, odd as never, doc.type)).toBeUndefined()
        expect(findDocument(set, doc.stop, odd as never)).toBeUndefined()
        expect(findDocument('PICKUP' as never, doc.stop, doc.type)).toBeUndefined()
        expect(findDocument([null, doc] as never, doc.stop, doc.type)).toBeUndefined()
        expect(uploadDocument('set' as never, doc)).toEqual([])
        expect(deleteDocument({ length: 1 } as never, doc.stop, doc.type)).toEqual([])
      }),
    )
  })
})

const UPLOAD = { documentType: 'PACKING_SLIP', contentType: 'application/pdf', filename: 'slip.pdf' }

describe('DOC-02 … DOC-05 what an upload is refused for, and in which words', () => {
  it('a size that is not a whole number of bytes, an empty file, one over the limit; up to the limit accepted', () => {
    fc.assert(
      fc.property(fc.constantFrom<unknown>(-1, 1.5, '10', Number.NaN, 2 ** 53, null), fc.integer({ min: 1, max: 10_485_760 }), (bad, ok) => {
        const notWhole = checkAppointmentUpload({ ...UPLOAD, sizeBytes: bad })
        expect(notWhole._tag === 'Left' && [notWhole.left.status, notWhole.left.violations]).toEqual([400, [{ field: 'sizeBytes', entity: null, code: 'not_integer', reason: 'must be a whole number of bytes' }]])
        const empty = checkAppointmentUpload({ ...UPLOAD, sizeBytes: 0 })
        expect(empty._tag === 'Left' && [empty.left.status, empty.left.violations]).toEqual([400, [{ field: 'file', entity: null, code: 'required', reason: 'must not be empty' }]])
        const big = checkAppointmentUpload({ ...UPLOAD, sizeBytes: 10_485_761 })
        expect(big._tag === 'Left' && [big.left.status, big.left.reason, big.left.detail]).toEqual([413, 'file_too_large', 'Uploads may be at most 10485760 bytes (10 MiB).'])
        expect(checkAppointmentUpload({ ...UPLOAD, sizeBytes: ok })).toEqual({ _tag: 'Right', right: { filename: 'slip.pdf', contentType: 'application/pdf' } })
      }),
    )
  })

  it('the content type is read by its media type, case and parameters aside; others are 415 listing the accepted; the system document is 400', () => {
    fc.assert(
      fc.property(fc.constantFrom('application/pdf', 'image/jpeg', 'image/png'), fc.constantFrom('', '; charset=binary', ' ;q=1'), fc.boolean(), fc.constantFrom<unknown>('text/plain', 'application/pdfx', 'pdf', 7, null), (media, params, upper, other) => {
        const contentType = `${upper ? media.toUpperCase() : media}${params}`
        expect(checkAppointmentUploadStart({ ...UPLOAD, contentType })._tag).toBe('Right')
        const refused = checkAppointmentUploadStart({ ...UPLOAD, contentType: other })
        expect(refused._tag === 'Left' && [refused.left.status, refused.left.detail]).toEqual([415, 'Uploads must be application/pdf, image/jpeg, image/png.'])
        const system = checkAppointmentUploadStart({ ...UPLOAD, documentType: 'APPOINTMENT_DOCUMENT' })
        expect(system._tag === 'Left' && [system.left.status, system.left.reason, system.left.detail]).toEqual([400, 'appointment_document_not_user_uploadable', 'APPOINTMENT_DOCUMENT is generated by the system; upload a PACKING_SLIP or a CUSTOMER_BOL.'])
        const unknown = checkAppointmentUploadStart({ ...UPLOAD, documentType: 'packing_slip' })
        expect(unknown._tag === 'Left' && unknown.left.violations?.[0]?.reason).toBe('must be exactly one of PACKING_SLIP, CUSTOMER_BOL, APPOINTMENT_DOCUMENT')
      }),
    )
  })

  it('the appointment PDF: 404 with no order, 404 before it is generated, each in its words', () => {
    const none = appointmentPdfLookup({ orderExists: false, pdfGenerated: true })
    const notYet = appointmentPdfLookup({ orderExists: true, pdfGenerated: false })
    expect(none._tag === 'Left' && [none.left.reason, none.left.detail]).toEqual(['order_not_found', 'No such order.'])
    expect(notYet._tag === 'Left' && [notYet.left.reason, notYet.left.detail]).toEqual(['appointment_pdf_not_generated', 'The appointment PDF is built at carrier acceptance; it does not exist yet.'])
    expect(appointmentPdfLookup({ orderExists: true, pdfGenerated: true })).toEqual({ _tag: 'Right', right: true })
  })
})

describe('DOC-04 the stored file name', () => {
  it('ends in .pdf, at most 255 bytes, no path, no unsafe or control character, no leading or trailing dot or blank in its stem; idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 300 }), fc.constantFrom('../etc/passwd', 'a/b\\c.pdf', ' . .pdf', '..', 'x....', 'report.final.PDF', 'é'.repeat(200))), (name) => {
        const stored = storedFilename(name)
        expect(stored.endsWith('.pdf')).toBe(true)
        expect(new TextEncoder().encode(stored).length).toBeLessThanOrEqual(255)
        expect(stored).not.toMatch(/[\\/\u0000-\u001f\u007f<>:"|?*]/)
        const stem = stored.slice(0, -4)
        expect(stem.length).toBeGreaterThan(0)
        expect(stem).not.toMatch(/^[.\s]|[.\s]$/)
        expect(storedFilename(stored)).toBe(stored)
      }),
    )
  })

  it('a plain name keeps its stem; a name that is all dots or blanks is document.pdf', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 _-]{0,40}[A-Za-z0-9]$/), fc.constantFrom('.pdf', '.PDF', '.png', ''), fc.stringMatching(/^[. ]{0,6}$/), (stem, ext, dots) => {
        expect(storedFilename(`${stem}${ext}`)).toBe(`${stem}.pdf`)
        expect(storedFilename(`dir/${stem}${ext}`)).toBe(`${stem}.pdf`)
        expect(storedFilename(dots)).toBe('document.pdf')
        expect(storedFilename(7)).toBe('document.pdf')
      }),
    )
  })
})
