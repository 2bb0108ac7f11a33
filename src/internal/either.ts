/**
 * The Either helpers of the library: the two constructors the rules need, and the three
 * destructors the package root re-exports so that a consumer can read a result without importing
 * fp-ts. They build and read exactly fp-ts's `Left` and `Right` objects (`{ _tag: 'Left', left }`,
 * `{ _tag: 'Right', right }`), so results are fp-ts values that every fp-ts function accepts, and
 * these helpers accept every fp-ts `Either`. Defined here rather than imported from
 * `fp-ts/lib/Either.js` because that CommonJS module drags about twenty fp-ts modules into a
 * front end's bundle, none of which the rules call; importing the types from fp-ts keeps the
 * contract checked.
 *
 * @module
 */
import type { Either, Left, Right } from 'fp-ts/lib/Either.js'

/**
 * fp-ts `left`.
 *
 * @internal
 */
export const left = <E, A = never>(e: E): Either<E, A> => ({ _tag: 'Left', left: e })

/**
 * fp-ts `right`.
 *
 * @internal
 */
export const right = <A, E = never>(a: A): Either<E, A> => ({ _tag: 'Right', right: a })

/**
 * Whether a result is a `Left` (the rule failed: `result.left` holds the ProblemDetail or the
 * violations); narrows the type. The same as fp-ts's `isLeft`.
 * Total: `false` for a value that is not an Either (never an exception).
 * Implements no rule ID.
 *
 * @example
 * isLeft(parseOrderNumber('AB12'))
 * //=> true
 *
 * @category destructors
 * @since 0.2.0
 */
export const isLeft = <E, A>(ma: Either<E, A>): ma is Left<E> => tagOf(ma) === 'Left'

/**
 * Whether a result is a `Right` (the rule passed: `result.right` holds the value); narrows the
 * type. The same as fp-ts's `isRight`.
 * Total: `false` for a value that is not an Either (never an exception).
 * Implements no rule ID.
 *
 * @example
 * isRight(parseOrderNumber('AB123'))
 * //=> true
 *
 * @category destructors
 * @since 0.2.0
 */
export const isRight = <E, A>(ma: Either<E, A>): ma is Right<A> => tagOf(ma) === 'Right'

/** The `_tag` of an object, or `undefined` for anything else (a getter or Proxy that throws too). */
const tagOf = (ma: unknown): unknown => {
  if (typeof ma !== 'object' || ma === null) return undefined
  try {
    return (ma as { readonly _tag?: unknown })._tag
  } catch {
    return undefined
  }
}

/**
 * Returns a function that reads a result with `onLeft` when it is a `Left` and with `onRight`
 * when it is a `Right`; data-last, so it composes in fp-ts's `pipe`. The same as fp-ts's `match`
 * (also known as `fold`), with the two branches allowed to return different types.
 * Implements no rule ID.
 *
 * @example
 * match((p) => `${p.status} ${p.reason}`, (n) => `order ${n}`)(parseOrderNumber('AB12'))
 * //=> '400 validation_failed'
 * match((p) => p.reason, (n) => `order ${n}`)(parseOrderNumber('AB123'))
 * //=> 'order AB123'
 *
 * @category destructors
 * @since 0.2.0
 */
export const match =
  <E, B, A, C = B>(onLeft: (e: E) => B, onRight: (a: A) => C) =>
  (ma: Either<E, A>): B | C =>
    ma._tag === 'Left' ? onLeft(ma.left) : onRight(ma.right)
