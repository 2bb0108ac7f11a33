/**
 * Non-empty arrays on the wire (spec: CreateShipmentRequest.orderComponents, rule CRT-01;
 * ProblemDetail.violations, rule ERR-01). A combinator over io-ts codecs whose static type is
 * fp-ts' `ReadonlyNonEmptyArray`, so a decoded list is known to have a first element.
 *
 * @module
 */
import * as t from 'io-ts'
import type { ReadonlyNonEmptyArray } from 'fp-ts/lib/ReadonlyNonEmptyArray.js'
import { list } from './schema.js'

/**
 * The type of a codec of a non-empty list (`OrderComponents`, the violations of
 * `ProblemDetailCodec`): its values are fp-ts `ReadonlyNonEmptyArray`s.
 *
 * @category model
 * @since 0.1.0
 */
export interface NonEmptyArrayC<C extends t.Mixed>
  extends t.Type<ReadonlyNonEmptyArray<t.TypeOf<C>>, ReadonlyNonEmptyArray<t.OutputOf<C>>, unknown> {}

/**
 * An array with at least one element: a `minItems: 1` list (see `list` in `schema.ts`), typed as
 * fp-ts's `ReadonlyNonEmptyArray`.
 * For example, `nonEmptyArray(ZipCode).is([])` is `false`.
 *
 * @internal
 */
export const nonEmptyArray = <C extends t.Mixed>(codec: C, name = `NonEmptyArray<${codec.name}>`): NonEmptyArrayC<C> =>
  list(codec, { minItems: 1, name }) as unknown as NonEmptyArrayC<C>
