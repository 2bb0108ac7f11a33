/**
 * ProblemDetail (spec: ProblemDetail, Errors; rule ERR-01). The codec of the error body in its
 * canonical spelling. Reading a body a server sent, with its aliases (`key`, `label`,
 * `reasonCode`), is `readProblemDetail` (ERR-04), not this.
 *
 * Decision: the codecs decode what a server sends, so they stay tolerant of codes a newer server
 * may use: `reason` and a violation's `code` accept any string, and their static types are the
 * `ReadProblemDetail` and `ReadViolation` interfaces of `src/errors/` (a known code or any other
 * string), not the narrower `ProblemDetail` and `Violation` the library builds. Every
 * `ProblemDetail` is one of them, so `ProblemDetailCodec.encode(problemFor(…))` type-checks;
 * `status` is a plain number checked at run time, not a brand.
 *
 * @module
 */
import * as t from 'io-ts'
import type { ReasonCode } from '../errors/catalogue.js'
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
 * An error body (ERR-01): `violations`, when present, is non-empty; `reason` is a catalogued
 * reason code or any other string a newer server may send.
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
      reason: openCode<ReasonCode>(),
    }),
    t.partial({ violations: nonEmptyArray(ViolationCodec) }),
  ],
  'ProblemDetail',
)

/**
 * An error body as a server sent it.
 *
 * @category model
 * @since 0.1.0
 */
export type ProblemDetailCodec = t.TypeOf<typeof ProblemDetailCodec>
