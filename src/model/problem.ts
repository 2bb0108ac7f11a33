/**
 * ProblemDetail (spec: ProblemDetail, Errors; rule ERR-01). The strict codec of the error body
 * this library produces: every field in its canonical spelling. Reading a body a server sent,
 * with its aliases (`key`, `label`, `reasonCode`), is `readProblemDetail` (ERR-04), not this.
 *
 * The static types equal the `Violation` and `ProblemDetail` interfaces of `src/errors/`, so
 * `ProblemDetailCodec.encode(problemFor(…))` type-checks; `status` is therefore a plain number
 * checked at run time, not a brand.
 *
 * @module
 */
import * as t from 'io-ts'
import { described } from './schema.js'
import { nonEmptyArray } from './nonEmptyArray.js'

/**
 * One violation as the library writes it (ERR-01): field path, entity or null, message, code.
 *
 * @category codecs
 * @since 0.1.0
 */
export const ViolationCodec = t.type(
  {
    field: t.string,
    entity: t.union([t.string, t.null]),
    reason: t.string,
    code: t.string,
  },
  'Violation',
)

/**
 * One violation as the library writes it.
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
 * An error body as the library writes it (ERR-01): `violations`, when present, is non-empty.
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
      reason: t.string,
    }),
    t.partial({ violations: nonEmptyArray(ViolationCodec) }),
  ],
  'ProblemDetail',
)

/**
 * An error body as the library writes it.
 *
 * @category model
 * @since 0.1.0
 */
export type ProblemDetailCodec = t.TypeOf<typeof ProblemDetailCodec>
