/**
 * Non-empty arrays on the wire (spec: CreateShipmentRequest.orderComponents, rule CRT-01;
 * ProblemDetail.violations, rule ERR-01). A combinator over io-ts codecs whose static type is
 * fp-ts' `ReadonlyNonEmptyArray`, so a decoded list is known to have a first element.
 *
 * @module
 */
import * as t from 'io-ts'
import type { ReadonlyNonEmptyArray } from 'fp-ts/lib/ReadonlyNonEmptyArray.js'

/**
 * The codec type {@link nonEmptyArray} builds.
 *
 * @category model
 * @since 0.1.0
 */
export interface NonEmptyArrayC<C extends t.Mixed>
  extends t.Type<ReadonlyNonEmptyArray<t.TypeOf<C>>, ReadonlyNonEmptyArray<t.OutputOf<C>>, unknown> {}

const isNonEmpty = <A>(as: ReadonlyArray<A>): as is ReadonlyNonEmptyArray<A> => as.length > 0

/**
 * A codec of arrays with at least one element of `codec` (CRT-01, ERR-01): an empty array fails
 * with the message `must not be empty`; element failures carry their index in the context.
 *
 * @category combinators
 * @since 0.1.0
 */
export const nonEmptyArray = <C extends t.Mixed>(
  codec: C,
  name = `NonEmptyArray<${codec.name}>`,
): NonEmptyArrayC<C> => {
  const array = t.array(codec)
  return new t.Type<ReadonlyNonEmptyArray<t.TypeOf<C>>, ReadonlyNonEmptyArray<t.OutputOf<C>>, unknown>(
    name,
    (u): u is ReadonlyNonEmptyArray<t.TypeOf<C>> => array.is(u) && u.length > 0,
    (u, c) => {
      const decoded = array.validate(u, c)
      if (decoded._tag === 'Left') return decoded
      const as: ReadonlyArray<t.TypeOf<C>> = decoded.right
      return isNonEmpty(as) ? t.success(as) : t.failure(u, c, 'must not be empty')
    },
    (as) => {
      const [head, ...tail] = as
      return [codec.encode(head), ...tail.map((a) => codec.encode(a))]
    },
  )
}
