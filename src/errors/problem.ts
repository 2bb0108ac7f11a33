/**
 * ProblemDetail (spec: ProblemDetail, Errors; rules ERR-01, ERR-04): building the error bodies a
 * server sends, and reading the ones a server sent.
 *
 * @module
 */
import { left, right } from '../internal/either.js'
import { isAbsent, isObject, jsonType, own, type JsonObject } from '../internal/input.js'
import { at, ROOT, type Path } from './path.js'
import {
  isReasonCode,
  plainReasonForStatus,
  problemTypeFor,
  REASON_CATALOGUE,
  type ReasonCode,
} from './catalogue.js'
import type { ReadonlyNonEmptyArray } from 'fp-ts/lib/ReadonlyNonEmptyArray.js'
import { violationAt, type Result, type Violation, type ViolationCode, type Violations } from './violation.js'
import { total } from '../internal/total.js'

/**
 * An error body, RFC 9457 style (ERR-01), as this library builds it: `reason` is a catalogued
 * reason code (so a `switch` over it is exhaustive without a cast) and every violation carries a
 * {@link ViolationCode}. `violations` is present only on validation-style errors and is never
 * empty.
 *
 * @category model
 * @since 0.1.0
 */
export interface ProblemDetail {
  readonly type: string
  readonly title: string
  readonly status: number
  readonly detail: string
  readonly reason: ReasonCode
  readonly violations?: Violations
}

/**
 * A violation as read from a server: its `code` is one this library knows or any other string,
 * since a newer server may send codes this version has never heard of.
 *
 * @category model
 * @since 0.2.0
 */
export interface ReadViolation {
  readonly field: string
  readonly entity: string | null
  readonly reason: string
  readonly code: ViolationCode | (string & {})
}

/**
 * An error body as read from a server by {@link readProblemDetail}: the shape of
 * {@link ProblemDetail}, but tolerant of codes from a newer server, so `reason` is a catalogued
 * reason code or any other string (`http_<status>` when the server sent none the catalogue knows
 * for its status) and each violation's `code` a known code or any other string. Narrow `reason`
 * with {@link isReasonCode} before an exhaustive `switch`. Every {@link ProblemDetail} is a
 * `ReadProblemDetail`.
 *
 * @category model
 * @since 0.2.0
 */
export interface ReadProblemDetail {
  readonly type: string
  readonly title: string
  readonly status: number
  readonly detail: string
  readonly reason: ReasonCode | (string & {})
  readonly violations?: ReadonlyNonEmptyArray<ReadViolation>
}

/**
 * Builds the ProblemDetail of a catalogued reason: its status, title and `type` URI, the given
 * detail (the title when omitted) and the violations when there is at least one.
 *
 * Only catalogued reasons type-check. Decision (D): a reason outside the catalogue (possible only
 * from untyped JavaScript) gives the catalogue's 500, `internal_error`, whose type, title, status
 * and reason agree, with a fixed detail; the given detail and violations are dropped, since they
 * describe another error and the detail may echo the unknown reason.
 *
 * Implements ERR-01, ERR-02, ERR-03, CRT-11 (a denial reason passes through unmodified).
 *
 * Total: arguments it cannot read give the 500 `internal_error` ProblemDetail, as a reason outside the catalogue does (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * problemFor('file_too_large', 'The upload limit is 10485760 bytes.')
 * //=> { type: 'tag:shipper-rules,2026:problem:file_too_large', title: 'File too large', status: 413, detail: 'The upload limit is 10485760 bytes.', reason: 'file_too_large' }
 *
 * @category constructors
 * @since 0.1.0
 */
export const problemFor: (reason: ReasonCode, detail?: string, violations?: ReadonlyArray<Violation>) => ProblemDetail = /* @__PURE__ */ total(
(
  reason: ReasonCode,
  detail?: string,
  violations?: ReadonlyArray<Violation>,
): ProblemDetail => {
  if (!isReasonCode(reason)) {
    return problemFor('internal_error', UNCATALOGUED_DETAIL)
  }
  const entry = REASON_CATALOGUE[reason]
  const type = problemTypeFor(reason)
  const text = typeof detail === 'string' ? detail : entry.title
  return Array.isArray(violations) && violations.length > 0
    ? { type, title: entry.title, status: entry.status, detail: text, reason, violations: violations.slice() as unknown as Violations }
    : { type, title: entry.title, status: entry.status, detail: text, reason }
},
  () => problemFor('internal_error', UNCATALOGUED_DETAIL),
)

/** The detail of the 500 built for a reason outside the catalogue; never names the reason. */
const UNCATALOGUED_DETAIL = 'The server built an error with a reason code outside the catalogue.'

/**
 * The ProblemDetail of a request that failed field-level validation: 400 `validation_failed`
 * with every violation and a detail that counts them.
 * Rule ERR-01.
 *
 * Total: for a list it cannot read it returns the 400 `validation_failed` ProblemDetail without violations (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * validationProblem([violationAt(['zipCode'], null, 'required', 'is required')]).detail
 * //=> 'The request has 1 invalid field.'
 *
 * @category constructors
 * @since 0.1.0
 */
export const validationProblem = /* @__PURE__ */ total(
(violations: ReadonlyArray<Violation>): ProblemDetail =>
  // a list it cannot read (a number, a string, a Symbol…) is the plain 400, never a counted detail
  Array.isArray(violations) ? problemFor('validation_failed', countDetail(violations.length), violations) : problemFor('validation_failed'),
  () => problemFor('validation_failed'),
)

/**
 * "The request has N invalid field(s)."
 *
 * @internal
 */
export const countDetail = (n: number): string =>
  `The request has ${n} invalid field${n === 1 ? '' : 's'}.`

/**
 * Reads a ProblemDetail a server sent, tolerant of the spellings seen in the wild (ERR-04):
 * `key` for a violation's `field`, `label` for its `reason`, `reasonCode` for the problem's
 * `reason`, a missing `violations`. Rejects what is not a problem at all.
 *
 * Decisions (D): a problem is an object with an integer `status` from 400 to 599 (or, without a
 * status, a catalogued reason whose status is then used) and at least one of `type`, `title`,
 * `detail`, `reason`/`reasonCode`. Missing `type` reads as `about:blank` (RFC 9457), a missing
 * `title` as the catalogue's title (or `HTTP <status>`), a missing `detail` as `''`, a missing
 * reason as the plain reason of the status (`bad_request`, `unauthorized`, `forbidden`,
 * `not_found`, `request_timeout`, `conflict`, `uri_too_long`, `too_many_requests`,
 * `request_header_fields_too_large`, `internal_error`) or `http_<status>`. When both `reason` and `reasonCode` are
 * sent, a catalogued one wins, `reason` first. A violation without `entity` reads as null, one
 * without `code` as `unspecified`; an empty `violations` array reads as absent.
 *
 * Decision (D): a reason or violation code outside this version's tables is kept verbatim, never
 * rejected (a newer server may send it), so the result is a {@link ReadProblemDetail}, whose
 * `reason` and `code` are typed as a known code or any other string.
 *
 * Implements ERR-04.
 *
 * Total: a value it cannot read (a Proxy or getter that throws) is a Left with one `type` violation at the root (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * readProblemDetail({ status: 404, reasonCode: 'order_not_found', title: 'Not found', violations: [{ key: 'orderNumber', label: 'unknown order' }] })
 * //=> right({ type: 'about:blank', title: 'Not found', status: 404, detail: '', reason: 'order_not_found', violations: [{ field: 'orderNumber', entity: null, reason: 'unknown order', code: 'unspecified' }] })
 *
 * @category destructors
 * @since 0.1.0
 */
export const readProblemDetail = /* @__PURE__ */ total(
(json: unknown): Result<ReadProblemDetail> => {
  if (!isObject(json)) {
    return left([violationAt(ROOT, null, 'type', `must be a problem detail object, got ${jsonType(json)}`)])
  }
  const out: Violation[] = []
  const text = (key: string): string | undefined => {
    const v = own(json, key)
    if (isAbsent(v)) return undefined
    if (typeof v === 'string') return v
    out.push(violationAt([key], null, 'type', `must be a string, got ${jsonType(v)}`))
    return undefined
  }
  const type = text('type')
  const title = text('title')
  const detail = text('detail')
  const reasonText = text('reason')
  const reasonCodeText = text('reasonCode')
  const reason =
    reasonText !== undefined && (isReasonCode(reasonText) || !isReasonCode(reasonCodeText))
      ? reasonText
      : reasonCodeText

  let status: number | undefined
  const rawStatus = own(json, 'status')
  if (isAbsent(rawStatus)) {
    if (isReasonCode(reason)) status = REASON_CATALOGUE[reason].status
    else out.push(violationAt(['status'], null, 'required', 'is required unless the reason is a catalogued reason code'))
  } else if (typeof rawStatus !== 'number') {
    out.push(violationAt(['status'], null, 'type', `must be an integer, got ${jsonType(rawStatus)}`))
  } else if (!Number.isInteger(rawStatus)) {
    out.push(violationAt(['status'], null, 'not_integer', 'must be an integer HTTP status'))
  } else if (rawStatus < 400 || rawStatus > 599) {
    out.push(violationAt(['status'], null, 'out_of_range', 'must be an error status from 400 to 599'))
  } else {
    status = rawStatus
  }

  if (type === undefined && title === undefined && detail === undefined && reason === undefined) {
    out.push(violationAt(ROOT, null, 'required', 'a problem names at least one of type, title, detail, reason or reasonCode'))
  }
  const violations = readViolations(json, out)
  if (out.length > 0 || status === undefined) {
    return left(out as unknown as Violations)
  }
  const resolvedReason = reason ?? plainReasonForStatus(status) ?? `http_${status}`
  const base = {
    type: type ?? 'about:blank',
    title: title ?? (isReasonCode(resolvedReason) ? REASON_CATALOGUE[resolvedReason].title : `HTTP ${status}`),
    status,
    detail: detail ?? '',
    reason: resolvedReason,
  }
  return right(violations === undefined ? base : { ...base, violations })
},
  () => left([violationAt(ROOT, null, 'type', 'must be a problem detail object that can be read')]),
)

const readViolations = (json: JsonObject, out: Violation[]): ReadonlyNonEmptyArray<ReadViolation> | undefined => {
  const raw = own(json, 'violations')
  if (isAbsent(raw)) return undefined
  if (!Array.isArray(raw)) {
    out.push(violationAt(['violations'], null, 'type', `must be an array, got ${jsonType(raw)}`))
    return undefined
  }
  const read: ReadViolation[] = []
  raw.forEach((item: unknown, i) => {
    const v = readViolation(item, at(['violations'], i), out)
    if (v !== undefined) read.push(v)
  })
  return read.length > 0 && read.length === raw.length ? (read as unknown as ReadonlyNonEmptyArray<ReadViolation>) : undefined
}

const readViolation = (item: unknown, path: Path, out: Violation[]): ReadViolation | undefined => {
  if (!isObject(item)) {
    out.push(violationAt(path, null, 'type', `must be a violation object, got ${jsonType(item)}`))
    return undefined
  }
  const before = out.length
  const either = (primary: string, alias: string): string | undefined => {
    const a = own(item, primary)
    const b = own(item, alias)
    const v = isAbsent(a) ? b : a
    const name = isAbsent(a) && !isAbsent(b) ? alias : primary
    if (typeof v === 'string') return v
    out.push(
      isAbsent(v)
        ? violationAt(at(path, primary), null, 'required', `is required (also read as ${alias})`)
        : violationAt(at(path, name), null, 'type', `must be a string, got ${jsonType(v)}`),
    )
    return undefined
  }
  const field = either('field', 'key')
  const reason = either('reason', 'label')
  const rawEntity = own(item, 'entity')
  const entity = isAbsent(rawEntity) ? null : typeof rawEntity === 'string' ? rawEntity : undefined
  if (entity === undefined) out.push(violationAt(at(path, 'entity'), null, 'type', `must be a string or null, got ${jsonType(rawEntity)}`))
  const rawCode = own(item, 'code')
  const code = isAbsent(rawCode) ? 'unspecified' : typeof rawCode === 'string' ? rawCode : undefined
  if (code === undefined) out.push(violationAt(at(path, 'code'), null, 'type', `must be a string, got ${jsonType(rawCode)}`))
  if (out.length > before || field === undefined || reason === undefined || entity === undefined || code === undefined) {
    return undefined
  }
  return { field, entity, reason, code }
}
