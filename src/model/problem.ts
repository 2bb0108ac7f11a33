/**
 * ProblemDetail (spec: ProblemDetail, Errors; rule ERR-01). The codec of the error body in its
 * canonical spelling. Reading a body a server sent, with its aliases (`key`, `label`,
 * `reasonCode`), is `readProblemDetail` (ERR-04), not this.
 *
 * Decision: the codec states what a server of this interface version sends, exactly as the
 * generated OpenAPI document does (one source, checked both ways by
 * test/properties/problemDetail.test.ts): `reason` is a code of the reason catalogue (the
 * document's `ProblemDetail.reason` enum), so a reason this version does not know is refused. The
 * forward-compatible reading, for a client that may meet a newer server, is a separate and
 * explicit choice: `readProblemDetail` (ERR-04) keeps any string reason verbatim as a
 * `ReadProblemDetail`. A violation's `code` stays open (any string; the document states it as a
 * string): its static type is a known code or any other string. `instance` (RFC 9457) is the
 * optional URI of this occurrence, `urn:request-id:<id>` from the sandbox. `status` is a plain
 * number checked at run time, not a brand.
 *
 * @module
 */
import * as t from 'io-ts'
import { REASON_CATALOGUE } from '../errors/catalogue.js'
import type { ViolationCode } from '../errors/violation.js'
import { described } from './schema.js'
import { nonEmptyArray } from './nonEmptyArray.js'

/**
 * Any string, typed as a code of a known table or any other string (the same set of values:
 * the type only lets editors suggest the known codes).
 */
const openCode = <K extends string>(): t.Type<K | (string & {}), string, unknown> => t.string

/**
 * One violation (ERR-01): field path, entity or null, message, code (a known violation code or
 * any other string a newer server may send).
 *
 * @example
 * ViolationCodec.is(violationAt(['zipCode'], null, 'required', 'is required'))
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const ViolationCodec = t.type(
  {
    field: t.string,
    entity: t.union([t.string, t.null]),
    reason: t.string,
    code: openCode<ViolationCode>(),
  },
  'Violation',
)

/**
 * One violation as a server sent it.
 *
 * @category model
 * @since 0.1.0
 */
export type ViolationCodec = t.TypeOf<typeof ViolationCodec>

const isErrorStatus = (u: unknown): u is number =>
  typeof u === 'number' && Number.isInteger(u) && u >= 400 && u <= 599

/**
 * An HTTP error status: an integer from 400 to 599 (ERR-01, ERR-02). Its type is plain `number`.
 *
 * @example
 * HttpErrorStatus.is(422)
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const HttpErrorStatus = described(
  new t.Type<number, number, unknown>(
    'HttpErrorStatus',
    isErrorStatus,
    (u, c) => (isErrorStatus(u) ? t.success(u) : t.failure(u, c, 'must be an integer HTTP status from 400 to 599')),
    t.identity,
  ),
  { type: 'integer', minimum: 400, maximum: 599 },
)

/**
 * An HTTP error status.
 *
 * @category model
 * @since 0.1.0
 */
export type HttpErrorStatus = t.TypeOf<typeof HttpErrorStatus>

/**
 * An error body (ERR-01): `reason` is a code of the reason catalogue (a newer server's unknown
 * reason is refused; read such bodies with `readProblemDetail`), `violations`, when present, is
 * non-empty, `instance` an optional URI of the occurrence (RFC 9457).
 *
 * @example
 * ProblemDetailCodec.is(problemFor('order_not_found'))
 * //=> true
 *
 * @category codecs
 * @since 0.1.0
 */
export const ProblemDetailCodec = t.intersection(
  [
    t.type({
      type: t.string,
      title: t.string,
      status: HttpErrorStatus,
      detail: t.string,
      reason: t.keyof(REASON_CATALOGUE),
    }),
    t.partial({ violations: nonEmptyArray(ViolationCodec), instance: t.string }),
  ],
  'ProblemDetail',
)

/**
 * An error body as a server of this interface version sends it.
 *
 * @category model
 * @since 0.1.0
 */
export type ProblemDetailCodec = t.TypeOf<typeof ProblemDetailCodec>
