/**
 * The two Either constructors the rules need, building exactly fp-ts's `Left` and `Right`
 * objects (`{ _tag: 'Left', left }`, `{ _tag: 'Right', right }`), so results are fp-ts values that
 * every fp-ts function accepts. Defined here rather than imported from `fp-ts/lib/Either.js`
 * because that CommonJS module drags about twenty fp-ts modules into a front end's bundle, none
 * of which the rules call; importing the types from fp-ts keeps the contract checked.
 *
 * @internal
 * @module
 */
import type { Either } from 'fp-ts/lib/Either.js'

/** fp-ts `left`. */
export const left = <E, A = never>(e: E): Either<E, A> => ({ _tag: 'Left', left: e })

/** fp-ts `right`. */
export const right = <A, E = never>(a: A): Either<E, A> => ({ _tag: 'Right', right: a })
