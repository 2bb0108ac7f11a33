import fc from 'fast-check'
import { isRight, type Either } from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { makeConfig } from '../../src/config.js'
import type { ProblemDetail } from '../../src/errors/problem.js'
import {
  appointmentPdfLookup,
  checkAppointmentUpload,
  checkAppointmentUploadStart,
  deleteDocument,
  findDocument,
  parseAppointmentDocumentType,
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
  it('the start check (before the file is read) is the whole check less the size: its Left whatever the size, else its name and type up to maxBytes', () => {
    const field = (values: ReadonlyArray<unknown>) => fc.oneof(fc.constantFrom(...values), fc.anything())
    fc.assert(
      fc.property(
        field(['PACKING_SLIP', 'CUSTOMER_BOL', 'APPOINTMENT_DOCUMENT', 'POD']),
        field(['application/pdf', 'IMAGE/PNG; x=1', 'image/jpeg', 'text/plain']),
        field(['slip.png', '../x.pdf', '']),
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.option(fc.integer({ min: 1, max: 50_000_000 }), { nil: undefined }),
        (documentType, contentType, filename, sizeBytes, limit) => {
          const config = limit === undefined ? undefined : makeConfig({ uploadMaxBytes: limit })
          if (config !== undefined && !isRight(config)) throw new Error('configuration rejected')
          const options = config === undefined ? {} : { config: config.right }
          const start = checkAppointmentUploadStart(deepFreeze({ documentType, contentType, filename }), options)
          const whole = checkAppointmentUpload(deepFreeze({ documentType, contentType, sizeBytes, filename }), options)
          if (start._tag === 'Left') expect(whole).toEqual(start)
          else {
            expect(start.right.maxBytes).toBe(limit ?? 10_485_760)
            if (sizeBytes <= start.right.maxBytes) expect(whole).toEqual({ _tag: 'Right', right: { filename: start.right.filename, contentType: start.right.contentType } })
            else expect(whole._tag === 'Left' && whole.left.reason).toBe('file_too_large')
          }
        },
      ),
    )
  })
  it('no input throws', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), fc.anything(), (documentType, contentType, sizeBytes, filename) => {
        expect(['Left', 'Right']).toContain(checkAppointmentUploadStart(deepFreeze({ documentType, contentType, filename }))._tag)
        expect(['Left', 'Right']).toContain(checkAppointmentUpload(deepFreeze({ documentType, contentType, sizeBytes, filename }))._tag)
        expect(typeof storedFilename(filename)).toBe('string')
      }),
    )
  })
})

describe('DOC-01 and APT-17 path values', () => {
  const padArb = fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u3000', '\ufeff')
  const STOP_FORMS: Readonly<Record<string, string>> = { PICKUP: 'PICKUP', DELIVERY: 'DELIVERY', pickup: 'PICKUP', delivery: 'DELIVERY' }
  const SHIPMENT_TYPES = ['BILL_OF_LADING', 'INVOICE', 'SHIPPING_LABEL', 'POD']
  const APPOINTMENT_TYPES = ['PACKING_SLIP', 'CUSTOMER_BOL', 'APPOINTMENT_DOCUMENT']
  const readers = [
    { name: 'stop', parse: parseStop, field: 'stop', accepted: STOP_FORMS },
    { name: 'shipment documentType', parse: parseDocumentType, field: 'documentType', accepted: Object.fromEntries(SHIPMENT_TYPES.map((t) => [t, t])) },
    { name: 'appointment documentType', parse: parseAppointmentDocumentType, field: 'documentType', accepted: Object.fromEntries(APPOINTMENT_TYPES.map((t) => [t, t])) },
  ] as const
  const flipCase = (c: string): string => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())
  const failureOf = (r: Either<ProblemDetail, string>) =>
    r._tag === 'Left' ? [r.left.status, r.left.violations?.map((v) => [v.field, v.code])] : r

  for (const { name, parse, field, accepted } of readers) {
    const validArb = fc.constantFrom(...Object.keys(accepted))
    it(`${name}: every accepted spelling reads as its value (stop in upper case, document types unchanged)`, () => {
      fc.assert(
        fc.property(validArb, (v) => {
          expect(parse(v)).toEqual({ _tag: 'Right', right: accepted[v] })
        }),
      )
    })
    it(`${name}: a change of case of one letter or one blank around it is 400 pattern at ${field}, unless it lands on another accepted spelling`, () => {
      fc.assert(
        fc.property(validArb, fc.nat(), padArb, fc.constantFrom('case', 'before', 'after'), (v, n, pad, how) => {
          const letters = [...v.matchAll(/[A-Za-z]/g)].map((m) => m.index)
          const i = letters[n % letters.length]!
          const changed = how === 'case' ? v.slice(0, i) + flipCase(v[i]!) + v.slice(i + 1) : how === 'before' ? pad + v : v + pad
          // A one-letter change never reaches another accepted spelling (pickup ↔ PICKUP differ in six letters).
          expect(Object.hasOwn(accepted, changed)).toBe(false)
          expect(failureOf(parse(changed))).toEqual([400, [[field, 'pattern']]])
        }),
      )
    })
    it(`${name}: absent or empty is required, another string pattern, any other value type; never throws`, () => {
      fc.assert(
        fc.property(fc.oneof(fc.constantFrom('Pickup', 'pickUp', 'Delivery', ' PICKUP', 'pod', 'Pod', 'POD ', 'x', ''), fc.string(), fc.anything()), (v) => {
          const r = parse(v)
          if (typeof v === 'string' && Object.hasOwn(accepted, v)) expect(r).toEqual({ _tag: 'Right', right: accepted[v] })
          else expect(failureOf(r)).toEqual([400, [[field, v === undefined || v === '' ? 'required' : typeof v === 'string' ? 'pattern' : 'type']]])
        }),
      )
    })
  }
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
