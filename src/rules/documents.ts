/**
 * Documents (spec: DocumentResponse, AppointmentDocumentResponse, Endpoints rules 8, 11–13,
 * Limits; rules DOC-01 … DOC-07, APT-17): path values, upload checks, the stored filename, and
 * the document set of an order as pure reducers.
 *
 * @module
 */
import type { Either } from 'fp-ts/lib/Either.js'
import { defaultConfig, type RulesConfig } from '../config.js'
import { problemFor, validationProblem, type ProblemDetail } from '../errors/problem.js'
import { violationAt } from '../errors/violation.js'
import { left, right } from '../internal/either.js'
import { isWellFormedWireText } from '../internal/text.js'
import { isBlankUnit } from '../internal/text.js'
import { total } from '../internal/total.js'
import { unreadableProblem } from '../errors/unreadable.js'

/**
 * The stops of an order, as the path writes them (APT-17).
 *
 * @internal
 */
export const STOPS = ['PICKUP', 'DELIVERY'] as const

/**
 * A stop.
 *
 * @category model
 * @since 0.1.0
 */
export type Stop = (typeof STOPS)[number]

/**
 * The shipment document types (DOC-01).
 *
 * @internal
 */
export const SHIPMENT_DOCUMENT_TYPES = ['BILL_OF_LADING', 'INVOICE', 'SHIPPING_LABEL', 'POD'] as const

/**
 * The appointment document types; only the first two are uploadable (DOC-04).
 *
 * @internal
 */
export const APPOINTMENT_DOCUMENT_TYPES = ['PACKING_SLIP', 'CUSTOMER_BOL', 'APPOINTMENT_DOCUMENT'] as const

/**
 * An appointment document type.
 *
 * @category model
 * @since 0.1.0
 */
export type AppointmentDocumentKind = (typeof APPOINTMENT_DOCUMENT_TYPES)[number]

/**
 * The content types an appointment upload may have (DOC-02).
 *
 * @internal
 */
export const UPLOAD_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const

/**
 * A path value read exactly as sent: one of `values`, or one of the `aliases` (text → value);
 * absent or empty is `required`, text that is not wire text `encoding` (ERR-01, ID-03), another
 * string `pattern`, anything else `type`.
 */
const oneOf = <T extends string>(values: ReadonlyArray<T>, field: string, aliases: Readonly<Record<string, T>> = {}) => {
  const accepted = new Map<string, T>([...values.map((v) => [v, v] as const), ...Object.entries(aliases)])
  const listed = [...accepted.keys()].join(', ')
  return (value: unknown): Either<ProblemDetail, T> => {
    if (typeof value === 'string') {
      const hit = accepted.get(value)
      if (hit !== undefined) return right(hit)
    }
    const code = value === undefined || value === '' ? 'required' : typeof value !== 'string' ? 'type' : isWellFormedWireText(value) ? 'pattern' : 'encoding'
    return left(validationProblem([violationAt([field], null, code, `must be exactly one of ${listed}`)]))
  }
}

/**
 * Reads the `{stop}` path value: exactly PICKUP or DELIVERY, or the lower-case pickup or
 * delivery the spec mentions, returned in upper case; anything else (another case such as
 * `Pickup`, blanks around it) is 400 `validation_failed` at `stop`.
 *
 * Implements APT-17. Decision (D): only the two spellings the spec writes are accepted, never
 * trimmed or otherwise case-mapped.
 *
 * @example
 * [parseStop('pickup').right, parseStop('DELIVERY').right, parseStop('Pickup').left.status]
 * //=> ['PICKUP', 'DELIVERY', 400]
 *
 * @category rules
 * @since 0.1.0
 */
export const parseStop = oneOf(STOPS, 'stop', { pickup: 'PICKUP', delivery: 'DELIVERY' })

/**
 * Reads a shipment `{documentType}`: exactly BILL_OF_LADING, INVOICE, SHIPPING_LABEL or POD;
 * otherwise 400 `validation_failed` at `documentType`.
 *
 * Implements DOC-01. Decision (D): the value is case-sensitive, as the spec writes it, and never
 * trimmed.
 *
 * @example
 * [parseDocumentType('POD').right, parseDocumentType('pod').left.status, parseDocumentType('POD ').left.status]
 * //=> ['POD', 400, 400]
 *
 * @category rules
 * @since 0.1.0
 */
export const parseDocumentType = oneOf(SHIPMENT_DOCUMENT_TYPES, 'documentType')

/**
 * Reads an appointment `{documentType}`: exactly PACKING_SLIP, CUSTOMER_BOL or
 * APPOINTMENT_DOCUMENT (case-sensitive, never trimmed); otherwise 400 `validation_failed` at
 * `documentType`.
 * Rule DOC-04.
 *
 * @example
 * parseAppointmentDocumentType('CUSTOMER_BOL').right
 * //=> 'CUSTOMER_BOL'
 *
 * @category rules
 * @since 0.1.0
 */
export const parseAppointmentDocumentType = oneOf(APPOINTMENT_DOCUMENT_TYPES, 'documentType')

const MAX_FILENAME_BYTES = 255
/** The stem's share of the 255 bytes: the rest is `.pdf`. */
const STEM_BYTES = MAX_FILENAME_BYTES - '.pdf'.length

/** Whether a UTF-16 unit is a control character or one of `<>:"|?*` (removed from a name). */
const isUnsafe = (c: number): boolean => c <= 0x1f || c === 0x7f || c === 0x3c || c === 0x3e || c === 0x3a || c === 0x22 || c === 0x7c || c === 0x3f || c === 0x2a

/** `s` without its trailing dots and white space (a loop: `/[.\s]+$/` backtracks quadratically). */
const trimTrailingDots = (s: string): string => {
  let end = s.length
  while (end > 0 && (s.charCodeAt(end - 1) === 0x2e || isBlankUnit(s.charCodeAt(end - 1)))) end--
  return s.slice(0, end)
}

/**
 * Returns the name an upload is stored under: the base name only (no directory, for `/` and
 * `\` alike), control and file-system-unsafe characters removed, leading dots and blanks
 * removed, the extension replaced by `.pdf` (the stored file is always a PDF), at most 255 UTF-8
 * bytes; an empty or unusable name becomes `document.pdf`. Idempotent. The name is always
 * well-formed Unicode: a lone surrogate (half of a UTF-16 pair) becomes U+FFFD first, as UTF-8
 * stores it, so removing a character between two halves never joins them into a new character.
 * Linear in the name (its last separator and last dot can be anywhere), under 2 ns a character.
 *
 * Implements DOC-05.
 *
 * @example
 * [storedFilename('../../x.png'), storedFilename('C:\\scans\\Packing Slip.JPEG'), storedFilename('...')]
 * //=> ['x.pdf', 'Packing Slip.pdf', 'document.pdf']
 *
 * @category rules
 * @since 0.1.0
 */
export const storedFilename = (name: unknown): string => {
  const raw = typeof name === 'string' ? name : ''
  const base = raw.slice(Math.max(raw.lastIndexOf('/'), raw.lastIndexOf('\\')) + 1)
  // One pass from the first character kept, which stops once the stem is full: what a name of
  // 10 MB costs is finding its separators and its last dot, plus what is removed before the stem.
  let start = 0
  while (start < base.length) {
    const c = base.charCodeAt(start)
    if (!(isUnsafe(c) || c === 0x2e || isBlankUnit(c))) break
    start++
  }
  // the extension starts at the last dot, unless that dot was removed as a leading one
  const dot = base.lastIndexOf('.')
  const end = dot > start ? dot : base.length
  let stem = ''
  let bytes = 0
  for (let i = start; i < end; i++) {
    const c = base.charCodeAt(i)
    if (isUnsafe(c)) continue
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < end && base.charCodeAt(i + 1) >= 0xdc00 && base.charCodeAt(i + 1) <= 0xdfff
    // a lone surrogate is U+FFFD (3 bytes), as UTF-8 stores it
    const size = pair ? 4 : c < 0x80 ? 1 : c < 0x800 ? 2 : 3
    if (bytes + size > STEM_BYTES) break
    bytes += size
    stem += pair ? base.slice(i, i + 2) : c >= 0xd800 && c <= 0xdfff ? '\ufffd' : base[i]!
    if (pair) i++
  }
  const kept = trimTrailingDots(stem)
  return `${kept === '' ? 'document' : kept}.pdf`
}

/**
 * The part of {@link checkAppointmentUpload} a server can judge before it reads the file: the
 * document type must be uploadable (APPOINTMENT_DOCUMENT is 400
 * `appointment_document_not_user_uploadable`), the content type application/pdf, image/jpeg or
 * image/png (any case, parameters ignored; otherwise 415 `unsupported_media_type`). Returns the
 * stored name and type, and `maxBytes`, the upload limit, so that a server streaming the file can
 * stop reading once it has more than that and answer the 413 of {@link checkAppointmentUpload}
 * without holding an oversized file. For any size of at least 1 byte, `checkAppointmentUpload`
 * gives this Left, or this Right's name and type once the size is within `maxBytes`.
 *
 * Implements DOC-02, DOC-04, DOC-05 (the size, DOC-03, is judged by `checkAppointmentUpload`).
 *
 * Total: an upload or options it cannot read (null, not an object) give a 400 `validation_failed` Left with one `type` violation at the root (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * [checkAppointmentUploadStart({ documentType: 'CUSTOMER_BOL', contentType: 'application/pdf', filename: 'bol.pdf' }).right.maxBytes, checkAppointmentUploadStart({ documentType: 'CUSTOMER_BOL', contentType: 'text/plain', filename: 'a.txt' }).left.status]
 * //=> [10485760, 415]
 *
 * @category rules
 * @since 0.2.0
 */
export const checkAppointmentUploadStart = /* @__PURE__ */ total(
(
  upload: { readonly documentType: unknown; readonly contentType: unknown; readonly filename: unknown },
  options: { readonly config?: RulesConfig } = {},
): Either<ProblemDetail, { readonly filename: string; readonly contentType: 'application/pdf'; readonly maxBytes: number }> => {
  const type = parseAppointmentDocumentType(upload.documentType)
  if (type._tag === 'Left') return type
  if (type.right === 'APPOINTMENT_DOCUMENT') {
    return left(problemFor('appointment_document_not_user_uploadable', 'APPOINTMENT_DOCUMENT is generated by the system; upload a PACKING_SLIP or a CUSTOMER_BOL.'))
  }
  const media = typeof upload.contentType === 'string' ? upload.contentType.split(';')[0]!.trim().toLowerCase() : ''
  if (!(UPLOAD_CONTENT_TYPES as ReadonlyArray<string>).includes(media)) {
    return left(problemFor('unsupported_media_type', `Uploads must be ${UPLOAD_CONTENT_TYPES.join(', ')}.`))
  }
  return right({ filename: storedFilename(upload.filename), contentType: 'application/pdf', maxBytes: (options.config ?? defaultConfig).uploadMaxBytes })
},
  () => unreadableProblem<{ readonly filename: string; readonly contentType: 'application/pdf'; readonly maxBytes: number }>(),
)

/**
 * Checks an appointment upload (DOC-02 … DOC-05) and returns what is stored: the document type
 * must be uploadable (APPOINTMENT_DOCUMENT is 400 `appointment_document_not_user_uploadable`),
 * the content type application/pdf, image/jpeg or image/png (any case, parameters ignored;
 * otherwise 415 `unsupported_media_type`), the size a whole number of bytes of at most the
 * upload limit (10,485,760 by default, inclusive; over it 413 `file_too_large` stating the limit).
 * The first two are {@link checkAppointmentUploadStart}, which a server can call before reading
 * the file.
 *
 * Implements DOC-02 … DOC-05. Decisions (D): checks run in that order (type, content type,
 * size), so one answer is given; an empty file (0 bytes) is 400 `validation_failed` at `file`;
 * the limit is 10 MiB as API.md fixes it.
 *
 * Total: an upload or options it cannot read (null, not an object) give a 400 `validation_failed` Left with one `type` violation at the root (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * checkAppointmentUpload({ documentType: 'PACKING_SLIP', contentType: 'image/png', sizeBytes: 52_000, filename: 'slip.png' }).right
 * //=> { filename: 'slip.pdf', contentType: 'application/pdf' }
 *
 * @category rules
 * @since 0.1.0
 */
export const checkAppointmentUpload = /* @__PURE__ */ total(
(
  upload: { readonly documentType: unknown; readonly contentType: unknown; readonly sizeBytes: unknown; readonly filename: unknown },
  options: { readonly config?: RulesConfig } = {},
): Either<ProblemDetail, { readonly filename: string; readonly contentType: 'application/pdf' }> => {
  const start = checkAppointmentUploadStart(upload, options)
  if (start._tag === 'Left') return start
  const size = upload.sizeBytes
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) {
    return left(validationProblem([violationAt(['sizeBytes'], null, 'not_integer', 'must be a whole number of bytes')]))
  }
  if (size === 0) return left(validationProblem([violationAt(['file'], null, 'required', 'must not be empty')]))
  const limit = start.right.maxBytes
  if (size > limit) {
    return left(problemFor('file_too_large', `Uploads may be at most ${limit} bytes (${Number((limit / 1_048_576).toFixed(2))} MiB).`))
  }
  return right({ filename: start.right.filename, contentType: 'application/pdf' })
},
  () => unreadableProblem<{ readonly filename: string; readonly contentType: 'application/pdf' }>(),
)

/**
 * A stored appointment document (AppointmentDocumentResponse).
 *
 * @category model
 * @since 0.1.0
 */
export interface StoredDocument {
  readonly id: string
  readonly stop: Stop
  readonly type: AppointmentDocumentKind
  readonly filename: string
  readonly sizeBytes: number
  readonly contentType: 'application/pdf'
  readonly uploadedAt: string
  readonly uploadedBy: string
}

/**
 * The documents of an order, at most one per (stop, type).
 *
 * @category model
 * @since 0.1.0
 */
export type DocumentSet = ReadonlyArray<StoredDocument>

const same = (d: StoredDocument, stop: Stop, type: AppointmentDocumentKind): boolean => d.stop === stop && d.type === type

/**
 * Returns the set with the document added, replacing any document of the same (stop, type);
 * the given set is not changed.
 *
 * Implements DOC-06.
 *
 * Total: for a set that is not an array, or a set or document it cannot read, it returns an empty set (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * uploadDocument([{ id: 'd1', stop: 'PICKUP', type: 'PACKING_SLIP' }], { id: 'd2', stop: 'PICKUP', type: 'PACKING_SLIP' }).map((d) => d.id)
 * //=> ['d2']
 *
 * @category rules
 * @since 0.1.0
 */
export const uploadDocument = /* @__PURE__ */ total(
(set: DocumentSet, doc: StoredDocument): DocumentSet => (Array.isArray(set) ? [...set.filter((d) => !same(d, doc.stop, doc.type)), doc] : []),
  () => [],
)

/**
 * Returns the set without the document of (stop, type); idempotent: deleting what is absent
 * gives the same contents (the endpoint answers 204 either way).
 *
 * Implements DOC-06.
 *
 * Total: for a set that is not an array, or one it cannot read, it returns an empty set (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * deleteDocument([], 'DELIVERY', 'CUSTOMER_BOL')
 * //=> []
 *
 * @category rules
 * @since 0.1.0
 */
export const deleteDocument = /* @__PURE__ */ total(
(set: DocumentSet, stop: Stop, type: AppointmentDocumentKind): DocumentSet => (Array.isArray(set) ? set.filter((d) => !same(d, stop, type)) : []),
  () => [],
)

/**
 * The document of (stop, type), if any.
 * The stored document DOC-06 replaces or deletes.
 *
 * Total: for a set that is not an array, a stop or type that is not a string, or anything it cannot read, it returns `undefined` (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * findDocument([], 'PICKUP', 'CUSTOMER_BOL')
 * //=> undefined
 *
 * @category rules
 * @since 0.1.0
 */
export const findDocument = /* @__PURE__ */ total(
(set: DocumentSet, stop: Stop, type: AppointmentDocumentKind): StoredDocument | undefined => {
  if (typeof stop !== 'string' || typeof type !== 'string' || !Array.isArray(set)) return undefined
  const found: unknown = set.find((d) => same(d, stop, type))
  return typeof found === 'object' && found !== null ? (found as StoredDocument) : undefined
},
  () => undefined,
)

/**
 * Decides the appointment PDF request: 404 `order_not_found` when the order does not exist (or
 * belongs to another company), 404 `appointment_pdf_not_generated` before carrier acceptance
 * built it, otherwise it may be served.
 *
 * Implements DOC-07.
 *
 * Total: a state it cannot read gives a 400 `validation_failed` Left with one `type` violation at the root (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * appointmentPdfLookup({ orderExists: true, pdfGenerated: false }).left.reason
 * //=> 'appointment_pdf_not_generated'
 *
 * @category rules
 * @since 0.1.0
 */
export const appointmentPdfLookup = /* @__PURE__ */ total(
(state: { readonly orderExists: boolean; readonly pdfGenerated: boolean }): Either<ProblemDetail, true> =>
  state.orderExists !== true
    ? left(problemFor('order_not_found', 'No such order.'))
    : state.pdfGenerated !== true
      ? left(problemFor('appointment_pdf_not_generated', 'The appointment PDF is built at carrier acceptance; it does not exist yet.'))
      : right(true),
  () => unreadableProblem<true>(),
)
